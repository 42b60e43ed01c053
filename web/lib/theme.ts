import { canRememberPreferences } from './cookie-consent';
import { readItem, removeItem, writeItem, type KeyValueStorage } from './browser-storage';

// Keep the key and values in step with public/theme-init.js, which applies the theme before first paint.
export const THEME_STORAGE_KEY = 'dukani.theme';
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export type ResolvedTheme = Exclude<Theme, 'system'>;

export function readStoredTheme(storage: KeyValueStorage | null): Theme {
  const stored = readItem(storage, THEME_STORAGE_KEY);
  return THEMES.find((theme) => theme === stored) ?? 'system';
}

export function storeTheme(storage: KeyValueStorage | null, theme: Theme): void {
  if (canRememberPreferences(storage) && theme !== 'system') writeItem(storage, THEME_STORAGE_KEY, theme);
  else removeItem(storage, THEME_STORAGE_KEY);
}

export function forgetStoredTheme(storage: KeyValueStorage | null): void {
  removeItem(storage, THEME_STORAGE_KEY);
}

export function resolveTheme(theme: Theme, prefersDark: boolean): ResolvedTheme {
  if (theme === 'system') return prefersDark ? 'dark' : 'light';
  return theme;
}
