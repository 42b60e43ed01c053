import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ExpensePaidFrom } from '../../core/purchases/purchases.schemas';

export const PAID_FROM_LABELS: Record<ExpensePaidFrom, MessageDescriptor> = {
  register_cash: msg`Cash from a register's drawer`,
  cash: msg`Cash (not from a drawer)`,
  mpesa: msg`M-Pesa`,
  bank_transfer: msg`Bank`,
  owner: msg`The owner's pocket`,
};

export const EXPENSE_SORT_LABELS = {
  newest: msg`Newest first`,
  oldest: msg`Oldest first`,
  amount: msg`Largest amount first`,
} as const;
export type ExpenseSort = keyof typeof EXPENSE_SORT_LABELS;
export const EXPENSE_SORTS = Object.keys(EXPENSE_SORT_LABELS) as ExpenseSort[];
