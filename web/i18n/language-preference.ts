import { firstSupportedLocale, isLocale, SOURCE_LOCALE, type Locale } from '../../core/i18n/locale.rules';
import { readItem, writeItem, type KeyValueStorage } from '../lib/browser-storage';

/** The language chosen on this device (the switcher on /auth or in the user menu). */
export const DEVICE_LANGUAGE_KEY = 'dukani.language';

export function readDeviceLanguage(storage: KeyValueStorage | null): Locale | null {
  const stored = readItem(storage, DEVICE_LANGUAGE_KEY);
  return isLocale(stored) ? stored : null;
}

export function writeDeviceLanguage(storage: KeyValueStorage | null, locale: Locale): void {
  writeItem(storage, DEVICE_LANGUAGE_KEY, locale);
}

export interface LanguageSources {
  /** The signed-in person's choice, kept on their profile across devices. */
  user: Locale | null;
  /** The choice made on this device. */
  device: Locale | null;
  /** The shop's default (Business settings), for a device nobody has chosen on. */
  shop: Locale | null;
  /** The browser's languages in order of preference (what it sends as Accept-Language). */
  browser: readonly string[];
}

/** Who wins: the person, then this device, then the shop, then the browser's first guess, then English. */
export function resolveLanguage(sources: LanguageSources): Locale {
  return sources.user ?? sources.device ?? sources.shop ?? firstSupportedLocale(sources.browser) ?? SOURCE_LOCALE;
}
