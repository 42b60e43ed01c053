// What goods received from a supplier cost the shop (issue 16): each line's invoiced cost plus its
// share of the delivery's landed costs (transport, loading), per stock unit, in whole minor units.
// The stock ledger's weighted average cost takes that unit cost (docs/decisions/0010).
import { QUANTITY_SCALE } from '../products/quantity.rules';
import { assertMinorUnits, divideRounded } from '../products/tax.rules';
import { shareByLargestRemainder } from '../sales/pricing.rules';

/** How a receipt's landed costs are shared over its lines: by each line's invoiced value, or by its quantity. */
export const LANDED_COST_BASES = ['value', 'quantity'] as const;
export type LandedCostBasis = (typeof LANDED_COST_BASES)[number];

export interface ReceiptLineCostInput {
  /** What the supplier invoiced for the line, tax excluded where the VAT is claimable. */
  invoicedMinor: number;
  /** The line's quantity in stock units (a crate of 24 received as 24 pieces), thousandths. */
  stockQuantityMilli: number;
}

export interface ReceiptLineCost {
  /** The line's share of the landed costs; the shares add up to them exactly. */
  landedShareMinor: number;
  /** Invoiced plus landed share. */
  totalCostMinor: number;
  /** What one stock unit cost, rounded once to the minor unit (half away from zero). */
  unitCostMinor: number;
}

/**
 * Each line's cost with its share of `landedMinor`. Shares are proportional to the basis and whole
 * minor units, the leftover cents going to the largest remainders (earlier lines on ties), so they
 * add up to exactly the landed costs entered.
 */
export function costReceiptLines(lines: readonly ReceiptLineCostInput[], landedMinor: number, basis: LandedCostBasis): ReceiptLineCost[] {
  assertMinorUnits(landedMinor);
  if (landedMinor < 0) throw new RangeError('Landed costs cannot be negative');
  for (const line of lines) {
    assertMinorUnits(line.invoicedMinor);
    if (line.invoicedMinor < 0) throw new RangeError('A line cannot cost less than nothing');
    if (!Number.isSafeInteger(line.stockQuantityMilli) || line.stockQuantityMilli <= 0) throw new RangeError('A received line needs a positive quantity');
  }
  const weights = lines.map((line) => (basis === 'value' ? line.invoicedMinor : line.stockQuantityMilli));
  // Goods received free of charge carry no value to share by: they share by quantity instead.
  const byValueWithoutValue = basis === 'value' && landedMinor > 0 && weights.every((weight) => weight === 0);
  const shares = shareByLargestRemainder(landedMinor, byValueWithoutValue ? lines.map((line) => line.stockQuantityMilli) : weights);
  return lines.map((line, index) => {
    const totalCostMinor = line.invoicedMinor + shares[index]!;
    return {
      landedShareMinor: shares[index]!,
      totalCostMinor,
      unitCostMinor: divideRounded(totalCostMinor * QUANTITY_SCALE, line.stockQuantityMilli),
    };
  });
}
