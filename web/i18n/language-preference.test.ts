import { describe, expect, it } from 'vitest';
import { readDeviceLanguage, resolveLanguage, writeDeviceLanguage } from './language-preference';

const none = { user: null, device: null, shop: null, browser: [] };

describe('which language a screen shows', () => {
  it("is the person's own choice first, wherever they sign in", () => {
    expect(resolveLanguage({ user: 'en', device: 'sw', shop: 'sw', browser: ['sw-KE'] })).toBe('en');
  });

  it("then the device's, then the shop default, then the browser's first supported language", () => {
    expect(resolveLanguage({ ...none, device: 'sw', shop: 'en' })).toBe('sw');
    expect(resolveLanguage({ ...none, shop: 'sw', browser: ['en-US'] })).toBe('sw');
    expect(resolveLanguage({ ...none, browser: ['fr-FR', 'sw-KE'] })).toBe('sw');
  });

  it('is English when nothing names a language Dukani speaks', () => {
    expect(resolveLanguage({ ...none, browser: ['fr-FR'] })).toBe('en');
  });

  it("keeps the device's choice, and ignores what is not a language of ours", () => {
    const values = new Map<string, string>();
    const storage = { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value), removeItem: (key: string) => void values.delete(key) };
    expect(readDeviceLanguage(storage)).toBeNull();
    writeDeviceLanguage(storage, 'sw');
    expect(readDeviceLanguage(storage)).toBe('sw');
    values.set('dukani.language', 'xx');
    expect(readDeviceLanguage(storage)).toBeNull();
  });
});
