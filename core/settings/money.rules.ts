// Money is integer minor units everywhere (house rule 3); formatting happens at the edge.

/** "KES 1,500.00" from 150000 minor units. */
export function formatMinorUnits(amountMinor: number, currency: string, decimals = 2): string {
  const major = amountMinor / 10 ** decimals;
  return `${currency} ${major.toLocaleString('en-KE', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}`;
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
