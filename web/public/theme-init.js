// Applies the stored theme before the first paint, so dark-mode visitors never see a white flash.
// A classic script (the page's CSP allows only same-origin scripts, so it cannot be inline).
// Mirrors web/lib/theme.ts: key `dukani.theme`, values light | dark | system (the default).
(function () {
  var theme = 'system';
  try {
    theme = window.localStorage.getItem('dukani.theme') || 'system';
  } catch {
    // Storage disabled: follow the system preference.
  }
  var isDark = theme === 'dark' || (theme !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', isDark);
})();
