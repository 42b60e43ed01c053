import type { Tender } from './sales.schemas';

// Settling a sale's payments at the register (issue 15). Pure integer arithmetic in minor units.
// A sale is paid by any mix of tenders; each payment's amountMinor is what it pays towards the
// total, and only cash may be handed over in excess (the difference is the change).

export interface TenderPayment {
  tender: Tender;
  /** What this payment pays towards the total. */
  amountMinor: number;
  /** Cash only: what the customer handed over (≥ amountMinor); absent or null = exactly the amount. */
  tenderedMinor?: number | null;
}

export type Settlement = { paidMinor: number; changeMinor: number } | { problem: 'short' | 'over' };

/**
 * Checks that the payments cover the total exactly (Σ amounts = total) and works out the change:
 * Σ over cash payments of (tendered − amount). `paidMinor` is what the customer handed over
 * (total + change). A handed-over figure on a non-cash payment is ignored: change comes only from
 * the drawer. Throws a RangeError for amounts that are not whole non-negative minor units, or cash
 * handed over that is less than its amount.
 */
export function settlePayments(totalMinor: number, payments: TenderPayment[]): Settlement {
  checkMoney(totalMinor);
  const paidTowardsTotal = sumAmounts(payments);
  if (paidTowardsTotal < totalMinor) return { problem: 'short' };
  if (paidTowardsTotal > totalMinor) return { problem: 'over' };
  let changeMinor = 0;
  for (const payment of payments) {
    if (payment.tender !== 'cash' || payment.tenderedMinor === undefined || payment.tenderedMinor === null) continue;
    checkMoney(payment.tenderedMinor);
    if (payment.tenderedMinor < payment.amountMinor) throw new RangeError(`Cash handed over (${payment.tenderedMinor}) is less than its amount (${payment.amountMinor})`);
    changeMinor += payment.tenderedMinor - payment.amountMinor;
  }
  return { paidMinor: checkMoney(totalMinor + changeMinor), changeMinor };
}

/** What is still to pay after these payments (never below zero; an overpayment is settlePayments' 'over'). */
export function remainingMinor(totalMinor: number, payments: Pick<TenderPayment, 'amountMinor'>[]): number {
  checkMoney(totalMinor);
  return Math.max(0, totalMinor - sumAmounts(payments));
}

/** KSh 50, 100, 500 and 1,000 in minor units: the notes a customer usually hands over. */
const QUICK_CASH_STEPS_MINOR = [5_000, 10_000, 50_000, 100_000] as const;

/**
 * The quick cash buttons for an amount due, ascending and distinct: the exact amount, then the
 * amount rounded up to the next KSh 50, 100, 500 and 1,000. KSh 849.50 → 849.50, 850, 900, 1,000.
 * Nothing is due → no buttons.
 */
export function quickCashNotes(dueMinor: number): number[] {
  checkMoney(dueMinor);
  if (dueMinor === 0) return [];
  const amounts = [dueMinor, ...QUICK_CASH_STEPS_MINOR.map((step) => Math.ceil(dueMinor / step) * step)];
  return [...new Set(amounts)].sort((a, b) => a - b);
}

function sumAmounts(payments: Pick<TenderPayment, 'amountMinor'>[]): number {
  let total = 0;
  for (const payment of payments) total += checkMoney(payment.amountMinor);
  return checkMoney(total);
}

function checkMoney(amount: number): number {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`Money must be whole minor units ≥ 0, got ${amount}`);
  return amount;
}
