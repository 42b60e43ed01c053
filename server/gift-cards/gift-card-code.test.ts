import { describe, expect, it } from 'vitest';
import { GIFT_CARD_CODE_ALPHABET } from '../../core/gift-cards/gift-card-code.rules';
import { hashGiftCardCode, newGiftCardCode } from './gift-card-code';

// The server's codes: node:crypto's randomInt over the unambiguous alphabet, stored as SHA-256.

describe('server gift card codes', () => {
  it('draws 10,000 codes of 16 alphabet symbols, all different, no confusable symbol, every symbol used', () => {
    const codes = Array.from({ length: 10_000 }, newGiftCardCode);
    expect(new Set(codes).size).toBe(10_000);
    for (const code of codes) {
      expect(code).toHaveLength(16);
      expect(code).toMatch(/^[2-9A-HJKMNP-Z]{16}$/);
      expect(code).not.toMatch(/[01OIL]/);
    }
    expect([...new Set(codes.join(''))].sort().join('')).toBe(GIFT_CARD_CODE_ALPHABET);
  });

  it('spreads symbols evenly: each of the 31 is within 10% of its expected share over 160,000 draws', () => {
    const counts = new Map<string, number>();
    for (let index = 0; index < 10_000; index += 1) for (const symbol of newGiftCardCode()) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    const expected = 160_000 / 31;
    for (const symbol of GIFT_CARD_CODE_ALPHABET) expect(Math.abs((counts.get(symbol) ?? 0) - expected) / expected).toBeLessThan(0.1);
  });

  it('stores a hex SHA-256 that differs for codes one symbol apart and never contains the code', () => {
    const hash = hashGiftCardCode('ABCD2345EFGH6789');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(hashGiftCardCode('ABCD2345EFGH6789'));
    expect(hash).not.toBe(hashGiftCardCode('ABCD2345EFGH678A'));
    expect(hash).not.toContain('6789');
  });
});
