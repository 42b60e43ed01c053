import { describe, expect, it } from 'vitest';
import {
  formatGiftCardCode,
  generateGiftCardCode,
  GIFT_CARD_CODE_ALPHABET,
  giftCardCodeProblem,
  maskedGiftCardCode,
  normaliseGiftCardCode,
} from './gift-card-code.rules';
import { giftCardBalanceQuerySchema, giftCardIssueSchema } from './gift-cards.schemas';

describe('gift card codes', () => {
  it('uses 31 symbols none of which can be read as another: no 0, O, 1, I or L', () => {
    expect(GIFT_CARD_CODE_ALPHABET).toHaveLength(31);
    expect(new Set(GIFT_CARD_CODE_ALPHABET).size).toBe(31);
    for (const confusable of ['0', 'O', '1', 'I', 'L']) expect(GIFT_CARD_CODE_ALPHABET).not.toContain(confusable);
    // 16 symbols of 31: more than 79 bits.
    expect(16 * Math.log2(31)).toBeGreaterThan(79);
  });

  it('draws each symbol from the source it is given (the server passes node:crypto randomInt)', () => {
    let next = 0;
    expect(generateGiftCardCode(() => next++ % 31)).toBe('23456789ABCDEFGH');
    expect(generateGiftCardCode((max) => max - 1)).toBe('ZZZZZZZZZZZZZZZZ');
  });

  it('groups codes as XXXX-XXXX-XXXX-XXXX and masks all but the last 4', () => {
    expect(formatGiftCardCode('ABCD2345EFGH6789')).toBe('ABCD-2345-EFGH-6789');
    expect(maskedGiftCardCode('6789')).toBe('••••-••••-••••-6789');
  });

  it('normalises case, spaces and dashes of any kind', () => {
    for (const typed of ['abcd-2345-efgh-6789', ' ABCD 2345 EFGH 6789 ', 'abcd–2345—efgh‑6789', 'ABCD2345efgh6789']) {
      expect(normaliseGiftCardCode(typed)).toBe('ABCD2345EFGH6789');
    }
  });

  it('refuses confusable symbols, other characters and the wrong length with a reason', () => {
    expect(giftCardCodeProblem('ABCD-2345-EFGH-678O')).toBe('confusable');
    expect(giftCardCodeProblem('abcd-2345-efgh-6781')).toBe('confusable');
    expect(giftCardCodeProblem('abcd-2345-efgh-678l')).toBe('confusable');
    expect(giftCardCodeProblem('ABCD-2345-EFGH-678*')).toBe('characters');
    expect(giftCardCodeProblem('ABCD-2345-EFGH-678')).toBe('length');
    expect(giftCardCodeProblem('ABCD-2345-EFGH-6789-A')).toBe('length');
    expect(giftCardCodeProblem(' - ')).toBe('empty');
    expect(normaliseGiftCardCode('ABCD-2345-EFGH-678O')).toBeNull();
  });

  it('the balance request schema answers field messages and gives the normalised code', () => {
    expect(giftCardBalanceQuerySchema.parse({ code: 'abcd 2345 efgh 6789' })).toEqual({ code: 'ABCD2345EFGH6789' });
    const refused = giftCardBalanceQuerySchema.safeParse({ code: 'ABCD-2345-EFGH-0000' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Gift card codes have no 0, O, 1, I or L: check the code on the card');
  });

  it('the issue schema wants a whole positive amount and a real date', () => {
    expect(giftCardIssueSchema.parse({ amountMinor: 50_000 })).toEqual({ amountMinor: 50_000, contactId: null, expiresOn: null });
    for (const amountMinor of [0, -100, 12.5, '100']) expect(giftCardIssueSchema.safeParse({ amountMinor }).success).toBe(false);
    expect(giftCardIssueSchema.safeParse({ amountMinor: 100, expiresOn: '2030-02-30' }).success).toBe(false);
    expect(giftCardIssueSchema.safeParse({ amountMinor: 100, expiresOn: '2030-02-28' }).success).toBe(true);
  });
});
