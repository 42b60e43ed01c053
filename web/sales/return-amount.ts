import type { Sale } from '../../core/sales/sales.schemas';

/** `part` of `whole` of `amount`, rounded half up in integers: the server's proportionOf (server/sales/returns.service.ts). */
function proportionOf(amount: number, part: number, whole: number): number {
  const numerator = BigInt(amount) * BigInt(part);
  const denominator = BigInt(whole);
  const quotient = numerator / denominator;
  return Number((numerator % denominator) * 2n >= denominator ? quotient + 1n : quotient);
}

/**
 * What returning `quantityMilli` more of a sale's line refunds, as the server prices it: the
 * difference of the line's shares after and before, so a line's returns add up to its total.
 */
export function returnAmountMinor(line: Pick<Sale['lines'][number], 'totalMinor' | 'quantityMilli' | 'returnedQuantityMilli'>, quantityMilli: number): number {
  const before = line.returnedQuantityMilli;
  return proportionOf(line.totalMinor, before + quantityMilli, line.quantityMilli) - proportionOf(line.totalMinor, before, line.quantityMilli);
}
