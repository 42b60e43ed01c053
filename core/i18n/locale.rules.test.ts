import { describe, expect, it } from 'vitest';
import { firstSupportedLocale, localeFromAcceptLanguage, localeOfTag } from './locale.rules';

describe('language tags', () => {
  it('reads the language of a tag with a region or script, in any case', () => {
    expect(localeOfTag('sw-KE')).toBe('sw');
    expect(localeOfTag('SW')).toBe('sw');
    expect(localeOfTag('en_GB')).toBe('en');
    expect(localeOfTag('fr-FR')).toBeNull();
  });

  it('takes the first supported language of a preference list', () => {
    expect(firstSupportedLocale(['fr-FR', 'sw-TZ', 'en-US'])).toBe('sw');
    expect(firstSupportedLocale(['de'])).toBeNull();
  });

  // RFC 9110 §12.5.4's own example: "da, en-gb;q=0.8, en;q=0.7" prefers Danish, then British English.
  it("ranks an Accept-Language header by quality, as RFC 9110's example reads", () => {
    expect(localeFromAcceptLanguage('da, en-gb;q=0.8, en;q=0.7')).toBe('en');
    expect(localeFromAcceptLanguage('en;q=0.5, sw-KE')).toBe('sw');
    expect(localeFromAcceptLanguage('sw;q=0, en')).toBe('en');
    expect(localeFromAcceptLanguage('fr, de;q=0.9')).toBeNull();
    expect(localeFromAcceptLanguage('')).toBeNull();
  });
});
