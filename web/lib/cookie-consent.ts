import { readItem, writeItem, type KeyValueStorage } from './browser-storage';

// Spec §2/§9: the notice shows 1 s after load until a choice is stored as `accepted` or `declined`.
export const COOKIE_CONSENT_STORAGE_KEY = 'cookie-consent';
export const COOKIE_NOTICE_DELAY_MS = 1_000;
export const COOKIE_CONSENT_CHOICES = ['accepted', 'declined'] as const;
export type CookieConsent = (typeof COOKIE_CONSENT_CHOICES)[number];

export function readCookieConsent(storage: KeyValueStorage | null): CookieConsent | null {
  const stored = readItem(storage, COOKIE_CONSENT_STORAGE_KEY);
  return COOKIE_CONSENT_CHOICES.find((choice) => choice === stored) ?? null;
}

export function storeCookieConsent(storage: KeyValueStorage | null, choice: CookieConsent): void {
  writeItem(storage, COOKIE_CONSENT_STORAGE_KEY, choice);
}

/** Functional preferences (the theme) are remembered unless the visitor declined them. */
export function canRememberPreferences(storage: KeyValueStorage | null): boolean {
  return readCookieConsent(storage) !== 'declined';
}
