// A supplier bill's status (issue 16), from its open amount and due date: the Bills tab's badge
// and filter. A bill is the payable charge its receipt (or a service) posted to the supplier's
// account (docs/decisions/0016); what is open on it falls as payments are allocated.
import { epochDay, type IsoDate } from '../accounts/aging.rules';

export const BILL_STATUSES = ['paid', 'partly_paid', 'due', 'overdue'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

/**
 * Paid once nothing is open; overdue while something is open past the due date (whether or not
 * part was paid: what is late matters first); partly paid when part is paid and the rest not yet
 * due; due otherwise. A bill without terms (null due date) is never overdue.
 */
export function billStatus(bill: { amountMinor: number; openMinor: number; dueDate: IsoDate | null }, today: IsoDate): BillStatus {
  if (bill.openMinor <= 0) return 'paid';
  if (bill.dueDate !== null && epochDay(today) > epochDay(bill.dueDate)) return 'overdue';
  return bill.openMinor < bill.amountMinor ? 'partly_paid' : 'due';
}
