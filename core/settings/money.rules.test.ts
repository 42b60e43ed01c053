import { describe, expect, it } from 'vitest';
import { formatMoneyPlain, parseMoney } from './money.rules';

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
