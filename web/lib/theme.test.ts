import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../test-support/memory-storage';
import { readStoredTheme, resolveTheme, storeTheme } from './theme';

describe('theme preference', () => {
  it('defaults to system and ignores unknown values', () => {
    expect(readStoredTheme(createMemoryStorage())).toBe('system');
    expect(readStoredTheme(createMemoryStorage({ 'dukani.theme': 'sepia' }))).toBe('system');
    expect(readStoredTheme(createMemoryStorage({ 'dukani.theme': 'dark' }))).toBe('dark');
  });

  it('resolves system from the colour-scheme preference', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
  });

  it('is remembered unless functional storage was declined', () => {
    const storage = createMemoryStorage();
    storeTheme(storage, 'dark');
    expect(storage.dump()).toEqual({ 'dukani.theme': 'dark' });
    storeTheme(storage, 'system');
    expect(storage.dump()).toEqual({});

    const declined = createMemoryStorage({ 'cookie-consent': 'declined' });
    storeTheme(declined, 'dark');
    expect(declined.dump()).toEqual({ 'cookie-consent': 'declined' });
  });
});
