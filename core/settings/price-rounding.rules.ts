import { fillMessage } from '../i18n/message.rules';

// Shelf prices in Kenya are whole shillings: a price the app computes (a bulk +7% change) is
// rounded to the shop's step, in whole currency units, half up (144.45 → 144, 144.50 → 145).
// Integer cents only. A price someone types is theirs and is never rounded.

/** Whole currency units; 0 keeps the computed cents. */
export const PRICE_ROUNDING_STEPS = [0, 1, 5, 10] as const;
export type PriceRoundingStep = (typeof PRICE_ROUNDING_STEPS)[number];
/** Whole shillings, as KES shelf prices are. */
export const DEFAULT_PRICE_ROUNDING_STEP: PriceRoundingStep = 1;

/** `priceMinor` to the nearest multiple of `step` whole units (of a currency with `decimals` minor digits), halves up. */
export function roundPrice(priceMinor: number, step: number, decimals: number): number {
  if (step === 0) return priceMinor;
  const stepMinor = step * 10 ** decimals;
  return Math.floor((2 * priceMinor + stepMinor) / (2 * stepMinor)) * stepMinor;
}

/** "to the nearest KSh 5, halves up" */
export function describePriceRounding(step: number, currencySymbol: string): string {
  return step === 0
    ? /*i18n*/ 'to the cent (no rounding)'
    : fillMessage(/*i18n*/ 'to the nearest {currency} {step}, halves up', { currency: currencySymbol, step });
}
