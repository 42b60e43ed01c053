import { describe, expect, it } from 'vitest';
import { billStatus } from './bill.rules';

describe("a supplier bill's status", () => {
  // The miller's bill of KES 10,800, received 1 November on 14 days' terms: due 15 November.
  const bill = (openMinor: number, dueDate: string | null = '2026-11-15') => ({ amountMinor: 1_080_000, openMinor, dueDate });

  it('is due until paid, partly paid after part of it, paid when nothing is open', () => {
    expect(billStatus(bill(1_080_000), '2026-11-10')).toBe('due');
    expect(billStatus(bill(580_000), '2026-11-10')).toBe('partly_paid');
    expect(billStatus(bill(0), '2026-11-10')).toBe('paid');
  });

  it('is overdue from the day after its due date, paid in part or not; paid is paid whenever', () => {
    expect(billStatus(bill(1_080_000), '2026-11-15')).toBe('due');
    expect(billStatus(bill(1_080_000), '2026-11-16')).toBe('overdue');
    expect(billStatus(bill(580_000), '2026-12-31')).toBe('overdue');
    expect(billStatus(bill(0), '2026-12-31')).toBe('paid');
  });

  it('without terms it is never overdue', () => {
    expect(billStatus(bill(1_080_000, null), '2027-06-30')).toBe('due');
  });
});
