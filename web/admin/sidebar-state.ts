// Spec §2 and §9: the admin sidebar's open state lives in a cookie for 7 days; Ctrl/Cmd+B toggles it.

export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';

/** The stored state from a document.cookie string: true (open), false (collapsed) or null (none). */
export function readSidebarCookie(cookie: string): boolean | null {
  for (const part of cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === SIDEBAR_COOKIE_NAME) return value === 'true' ? true : value === 'false' ? false : null;
  }
  return null;
}

/** The document.cookie assignment that stores the state. */
export function sidebarCookie(isOpen: boolean): string {
  return [`${SIDEBAR_COOKIE_NAME}=${String(isOpen)}`, 'path=/', `max-age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}`, 'samesite=lax'].join('; ');
}

/** Starts open, except on /admin/sales?tab=new-sale (the till wants the room); a stored choice wins elsewhere. */
export function initialSidebarOpen(pathname: string, search: string, stored: boolean | null): boolean {
  if (pathname.replace(/\/+$/, '') === '/admin/sales' && new URLSearchParams(search).get('tab') === 'new-sale') return false;
  return stored ?? true;
}

/** Ctrl+B or Cmd+B. */
export function isSidebarShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey'>): boolean {
  return event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT && (event.ctrlKey || event.metaKey);
}
