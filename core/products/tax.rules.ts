// Kenyan VAT at the till. Rates are basis points (1600 = 16%) so every calculation stays in
// integers; prices are tax-inclusive by default (what the shelf label says is what the customer pays).

export const TAX_CLASSES = ['standard', 'reduced', 'zero_rated', 'exempt'] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];

/** Default rates (tenant settings may change them when the law does). */
export const DEFAULT_TAX_RATES_BP: Record<TaxClass, number> = { standard: 1600, reduced: 800, zero_rated: 0, exempt: 0 };

/** KRA eTIMS tax bands: A exempt, B 16%, C zero-rated, E 8% (D, non-VAT, is not sold here). */
export const ETIMS_TAX_BAND: Record<TaxClass, 'A' | 'B' | 'C' | 'E'> = { exempt: 'A', standard: 'B', zero_rated: 'C', reduced: 'E' };

/** Integer division rounding half away from zero. */
export function divideRounded(numerator: number, denominator: number): number {
  const quotient = Math.trunc(numerator / denominator);
  const remainder = numerator - quotient * denominator;
  if (Math.abs(remainder) * 2 >= Math.abs(denominator)) return quotient + Math.sign(numerator) * Math.sign(denominator);
  return quotient;
}

/** A tax-inclusive amount split into net and tax; net + tax is exactly the amount. */
export function splitInclusive(grossMinor: number, rateBp: number): { netMinor: number; taxMinor: number } {
  assertMinorUnits(grossMinor);
  const taxMinor = divideRounded(grossMinor * rateBp, 10_000 + rateBp);
  return { netMinor: grossMinor - taxMinor, taxMinor };
}

/** A tax-exclusive amount with its tax added. */
export function addTax(netMinor: number, rateBp: number): { grossMinor: number; taxMinor: number } {
  assertMinorUnits(netMinor);
  const taxMinor = divideRounded(netMinor * rateBp, 10_000);
  return { grossMinor: netMinor + taxMinor, taxMinor };
}

export function assertMinorUnits(amount: number) {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Money must be whole minor units, got ${amount}`);
}
