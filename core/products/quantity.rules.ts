import { divideRounded } from './tax.rules';

// Quantities are numeric(14,3) in the database; in code they are whole thousandths ("milli")
// so that 0.333 kg × KSh 129.00 is computed exactly, with one rounding at the end.

export const QUANTITY_SCALE = 1000;
const QUANTITY_PATTERN = /^(\d{1,11})(?:\.(\d{1,3}))?$/;

/** "1.25" → 1250; null for anything that is not a non-negative quantity with ≤ 3 decimals. */
export function parseQuantity(text: string): number | null {
  const match = QUANTITY_PATTERN.exec(text.trim());
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  return Number(whole) * QUANTITY_SCALE + Number(fraction.padEnd(3, '0'));
}

/** 1250 → "1.25", 1000 → "1". */
export function formatQuantity(milli: number): string {
  const sign = milli < 0 ? '-' : '';
  const absolute = Math.abs(milli);
  const whole = Math.trunc(absolute / QUANTITY_SCALE);
  const fraction = String(absolute % QUANTITY_SCALE).padStart(3, '0').replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Price per unit × quantity, rounded once to the minor unit. */
export function lineAmount(unitPriceMinor: number, quantityMilli: number): number {
  return divideRounded(unitPriceMinor * quantityMilli, QUANTITY_SCALE);
}
