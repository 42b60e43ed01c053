import { describe, expect, it } from 'vitest';
import { formatMinorUnits, formatMoneyPlain, parseMoney } from './money.rules';

describe('money text', () => {
  it.each([
    ['120', 12000],
    ['120.5', 12050],
    ['1,250.50', 125050],
    [' 0.99 ', 99],
    ['0', 0],
  ])('parses %s as %i cents', (text, cents) => expect(parseMoney(text)).toBe(cents));

  it.each(['-1', '1.234', 'abc', '', '1.2.3', '12345678901'])('refuses %s', (text) => expect(parseMoney(text)).toBeNull());

  it('formats cents back to plain text, round trip', () => {
    for (const cents of [0, 5, 99, 100, 125050, 100000000]) expect(parseMoney(formatMoneyPlain(cents))).toBe(cents);
    expect(formatMoneyPlain(-150)).toBe('-1.50');
  });
});

describe('money for people', () => {
  // Worked by hand: a minus sign (U+2212, not the hyphen) before the currency, digits grouped by thousands.
  it.each([
    [-30000, 'KSh', '\u2212KSh 300.00'],
    [-5, 'KSh', '\u2212KSh 0.05'],
    [-123456789, 'KES', '\u2212KES 1,234,567.89'],
    [0, 'KSh', 'KSh 0.00'],
    [150000, 'KES', 'KES 1,500.00'],
    [99, 'KSh', 'KSh 0.99'],
    [100000000, 'KSh', 'KSh 1,000,000.00'],
  ])('formats %i minor units in %s as %s', (minor, currency, text) => expect(formatMinorUnits(minor, currency)).toBe(text));

  it('keeps every cent of amounts a float would round (2^53 − 1 minor units)', () => {
    expect(formatMinorUnits(Number.MAX_SAFE_INTEGER, 'KSh')).toBe('KSh 90,071,992,547,409.91');
  });

  it('formats whole-unit currencies without decimals', () => {
    expect(formatMinorUnits(-1500, 'UGX', 0)).toBe('\u2212UGX 1,500');
  });
});

describe('money in the language on screen', () => {
  // en-KE and sw-KE both group thousands with "," and write the decimal with "." (CLDR); a locale
  // that groups otherwise gets its own separators, the digits still cut from the integer.
  it.each([
    ['en-KE', 'KSh 1,234,567.89'],
    ['sw-KE', 'KSh 1,234,567.89'],
    ['de-DE', 'KSh 1.234.567,89'],
  ])('%s → %s', (locale, text) => {
    expect(formatMinorUnits(123456789, 'KSh', 2, locale)).toBe(text);
  });

  it('keeps every cent of a large amount in Kiswahili', () => {
    expect(formatMinorUnits(-900719925474099, 'KSh', 2, 'sw-KE')).toBe('\u2212KSh 9,007,199,254,740.99');
  });
});
