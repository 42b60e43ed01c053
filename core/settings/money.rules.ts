// Money is integer minor units everywhere (house rule 3); formatting happens at the edge.

const MINUS_SIGN = '\u2212';

/**
 * "KES 1,500.00" from 150000 minor units; "−KSh 300.00" from −30000 (the minus sign, U+2212, before
 * the currency, as in accounting print). Whole and fraction are cut from the integer, never divided
 * as a float, so every cent up to Number.MAX_SAFE_INTEGER shows as it is stored.
 */
export function formatMinorUnits(amountMinor: number, currency: string, decimals = 2): string {
  const absolute = Math.abs(amountMinor);
  const scale = 10 ** decimals;
  const whole = Math.trunc(absolute / scale).toString().replace(/\B(?=(\d{3})+$)/g, ',');
  const fraction = decimals > 0 ? `.${String(absolute % scale).padStart(decimals, '0')}` : '';
  return `${amountMinor < 0 ? MINUS_SIGN : ''}${currency} ${whole}${fraction}`;
}

const MONEY_PATTERN = /^(\d{1,10})(?:\.(\d{1,2}))?$/;

/** "1,250.50" or "1250.5" → 125050 minor units; null for anything else (negative, 3 decimals, text). */
export function parseMoney(text: string): number | null {
  const match = MONEY_PATTERN.exec(text.trim().replace(/,/g, ''));
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 125050 → "1250.50" (plain, for inputs and CSV). */
export function formatMoneyPlain(amountMinor: number): string {
  const sign = amountMinor < 0 ? '-' : '';
  const absolute = Math.abs(amountMinor);
  return `${sign}${Math.trunc(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}
