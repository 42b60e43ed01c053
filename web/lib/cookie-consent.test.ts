import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../test-support/memory-storage';
import { canRememberPreferences, readCookieConsent, storeCookieConsent } from './cookie-consent';

describe('cookie consent', () => {
  it('reads only the two allowed values', () => {
    expect(readCookieConsent(createMemoryStorage())).toBeNull();
    expect(readCookieConsent(createMemoryStorage({ 'cookie-consent': 'accepted' }))).toBe('accepted');
    expect(readCookieConsent(createMemoryStorage({ 'cookie-consent': 'declined' }))).toBe('declined');
    expect(readCookieConsent(createMemoryStorage({ 'cookie-consent': 'yes' }))).toBeNull();
  });

  it('stores the choice under cookie-consent', () => {
    const storage = createMemoryStorage();
    storeCookieConsent(storage, 'declined');
    expect(storage.dump()).toEqual({ 'cookie-consent': 'declined' });
  });
});

describe('canRememberPreferences', () => {
  it('is false only after the visitor declined', () => {
    expect(canRememberPreferences(createMemoryStorage())).toBe(true);
    expect(canRememberPreferences(createMemoryStorage({ 'cookie-consent': 'accepted' }))).toBe(true);
    expect(canRememberPreferences(createMemoryStorage({ 'cookie-consent': 'declined' }))).toBe(false);
  });
});
