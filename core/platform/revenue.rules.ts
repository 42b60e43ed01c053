import type { RecurringRevenueLine } from './tenant-status.rules';

// Revenue (issue 21, docs/platform.md "Revenue"): recurring revenue from the plans shops pay for,
// and the reconciliation of our payment records with Paystack's transactions. Pure rules; the
// overview's MRR (monthlyRecurringRevenue, tenant-status.rules.ts) is the same figure.

/**
 * Annual recurring revenue in minor units: monthly plans at twelve times their price, yearly ones at
 * their price. Exact (no rounding): MRR is this over twelve, rounded once half up.
 */
export function annualRecurringRevenue(lines: readonly RecurringRevenueLine[]): number {
  let total = 0;
  for (const line of lines) total += (line.period === 'yearly' ? line.priceMinor : line.priceMinor * 12) * line.subscriptions;
  return total;
}

/** Payment statuses as payment_history records them (Paystack's pass through as given, spec §4). */
export const PAYMENT_STATUS_FILTERS = ['completed', 'failed', 'pending', 'abandoned', 'amount_mismatch', 'refunded'] as const;
export type PaymentStatusFilter = (typeof PAYMENT_STATUS_FILTERS)[number];

/** A refund as recorded: Paystack's `reversed` (a refunded charge), or `refunded`. */
export const REFUND_STATUSES = ['reversed', 'refunded'] as const;

export interface ReconcileOurs {
  reference: string;
  amountMinor: number;
  status: string;
  tenantName: string | null;
  createdAt: string;
}

export interface ReconcileTheirs {
  reference: string;
  amountMinor: number;
  status: string;
  createdAt: string | null;
}

export interface ReconciliationLine {
  reference: string;
  ours: { amountMinor: number; status: string; tenantName: string | null; createdAt: string } | null;
  theirs: { amountMinor: number; status: string; createdAt: string | null } | null;
}

export interface Reconciliation {
  matched: ReconciliationLine[];
  /** In Paystack's list for the period, with no payment of ours by that reference. */
  onlyInPaystack: ReconciliationLine[];
  /** Our Paystack payments of the period that Paystack's list lacks. */
  onlyInDukani: ReconciliationLine[];
  /** On both sides by reference, with different amounts. */
  amountMismatches: ReconciliationLine[];
}

const byReference = (left: ReconciliationLine, right: ReconciliationLine) => (left.reference < right.reference ? -1 : left.reference > right.reference ? 1 : 0);

/**
 * Our payments against Paystack's transactions, by reference: matched (same amount), in Paystack
 * only, in Dukani only, amounts that differ. Our `amount_mismatch` rows (Paystack charged another
 * amount than we asked) hold the asked amount, so they land in the mismatches too. Each list by
 * reference.
 */
export function reconcilePayments(ours: readonly ReconcileOurs[], theirs: readonly ReconcileTheirs[]): Reconciliation {
  const theirsByReference = new Map(theirs.map((transaction) => [transaction.reference, transaction]));
  const oursByReference = new Map(ours.map((payment) => [payment.reference, payment]));
  const result: Reconciliation = { matched: [], onlyInPaystack: [], onlyInDukani: [], amountMismatches: [] };
  for (const payment of oursByReference.values()) {
    const transaction = theirsByReference.get(payment.reference);
    const line: ReconciliationLine = {
      reference: payment.reference,
      ours: { amountMinor: payment.amountMinor, status: payment.status, tenantName: payment.tenantName, createdAt: payment.createdAt },
      theirs: transaction ? { amountMinor: transaction.amountMinor, status: transaction.status, createdAt: transaction.createdAt } : null,
    };
    if (!transaction) result.onlyInDukani.push(line);
    else if (transaction.amountMinor !== payment.amountMinor) result.amountMismatches.push(line);
    else result.matched.push(line);
  }
  for (const transaction of theirsByReference.values()) {
    if (oursByReference.has(transaction.reference)) continue;
    result.onlyInPaystack.push({
      reference: transaction.reference,
      ours: null,
      theirs: { amountMinor: transaction.amountMinor, status: transaction.status, createdAt: transaction.createdAt },
    });
  }
  result.matched.sort(byReference);
  result.onlyInPaystack.sort(byReference);
  result.onlyInDukani.sort(byReference);
  result.amountMismatches.sort(byReference);
  return result;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The days from `from` to `to` (YYYY-MM-DD, inclusive), for a chart that shows the empty days too. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let day = Date.parse(`${from}T00:00:00Z`); day <= end; day += DAY_MS) days.push(new Date(day).toISOString().slice(0, 10));
  return days;
}
