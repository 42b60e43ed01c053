// Gift card codes (issue 14). A code is what the customer holds: whoever types it spends the card,
// so it is random, long and easy to read aloud or key in without mistakes.
//
// - Alphabet: 31 symbols, the digits 2–9 and the letters A–Z without I, L and O. Nothing on a card
//   can be misread as another symbol: 0/O, 1/I/L are not used at all.
// - Length: 16 symbols (printed XXXX-XXXX-XXXX-XXXX): 31^16 ≈ 7.3 × 10^23 codes, 79.3 bits. With
//   the last 4 shown on screens and receipts, the unknown part is 12 symbols (59.4 bits): guessing
//   one active card among a million takes ~10^12 tries on average, and the balance check is
//   rate-limited per user and per address.
// - The server draws each symbol with node:crypto's randomInt (uniform, CSPRNG); see
//   server/gift-cards/gift-card-code.ts. This file holds the pure rules, shared with the screens.
// - Input is normalised: case, spaces and dashes do not matter; a symbol that is not on any card
//   (0, O, 1, I, L, or anything else) is refused with a message rather than guessed at.

export const GIFT_CARD_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const GIFT_CARD_CODE_LENGTH = 16;
export const GIFT_CARD_CODE_GROUP = 4;

export const GIFT_CARD_CODE_MESSAGES = {
  empty: /*i18n*/ 'Enter the gift card code',
  length: /*i18n*/ 'A gift card code has 16 letters and digits',
  confusable: /*i18n*/ 'Gift card codes have no 0, O, 1, I or L: check the code on the card',
  characters: /*i18n*/ 'A gift card code has only letters and digits',
} as const;

export type GiftCardCodeProblem = keyof typeof GIFT_CARD_CODE_MESSAGES;

const SEPARATORS = /[\s\-‐‑‒–—―_.]/gu;
const CONFUSABLES = /[01OIL]/;

/** The code as stored and compared: upper case, without spaces or dashes (no other change). */
export function stripGiftCardCode(input: string): string {
  return input.replace(SEPARATORS, '').toUpperCase();
}

/** Why the typed code cannot be a gift card code, or null when it has the form of one. */
export function giftCardCodeProblem(input: string): GiftCardCodeProblem | null {
  const code = stripGiftCardCode(input);
  if (code === '') return 'empty';
  if (CONFUSABLES.test(code)) return 'confusable';
  for (const symbol of code) if (!GIFT_CARD_CODE_ALPHABET.includes(symbol)) return 'characters';
  if (code.length !== GIFT_CARD_CODE_LENGTH) return 'length';
  return null;
}

/** The normalised code (16 symbols), or null when the input cannot be one. */
export function normaliseGiftCardCode(input: string): string | null {
  return giftCardCodeProblem(input) === null ? stripGiftCardCode(input) : null;
}

/** XXXX-XXXX-XXXX-XXXX: how a code is shown and printed for people. */
export function formatGiftCardCode(code: string): string {
  const groups: string[] = [];
  for (let index = 0; index < code.length; index += GIFT_CARD_CODE_GROUP) groups.push(code.slice(index, index + GIFT_CARD_CODE_GROUP));
  return groups.join('-');
}

/** What screens show of a card's code: its last 4 behind masked groups (••••-••••-••••-7KQ2). */
export function maskedGiftCardCode(last4: string): string {
  return `••••-••••-••••-${last4}`;
}

/** A code from a source of uniform integers in [0, max): the server passes node:crypto's randomInt. */
export function generateGiftCardCode(randomIndex: (max: number) => number): string {
  let code = '';
  for (let index = 0; index < GIFT_CARD_CODE_LENGTH; index += 1) code += GIFT_CARD_CODE_ALPHABET[randomIndex(GIFT_CARD_CODE_ALPHABET.length)];
  return code;
}
