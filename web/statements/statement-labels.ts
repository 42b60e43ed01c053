import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AgingBuckets } from '../../core/accounts/aging.rules';
import type { StatementPeriodPreset } from '../../core/statements/statement.rules';
import type { StatementEntryKind, StatementSide } from '../../core/statements/statement.schemas';

// What the statement screen calls things, by API value (read with i18n._ when shown).

export const ENTRY_KIND_LABELS: Record<StatementEntryKind, MessageDescriptor> = {
  opening: msg`Opening balance`,
  charge: msg`Credit sale`,
  payment: msg`Payment`,
  credit_note: msg`Credit note`,
  adjustment: msg`Adjustment`,
  write_off: msg`Write-off`,
  refund: msg`Refund`,
};

/** A supplier's charge is a bill. */
export const SUPPLIER_CHARGE_LABEL = msg`Bill`;

export const SIDE_LABELS: Record<StatementSide, MessageDescriptor> = {
  receivable: msg`As a customer (owes the shop)`,
  payable: msg`As a supplier (the shop owes)`,
};

export const STATEMENT_TITLES: Record<StatementSide, MessageDescriptor> = {
  receivable: msg`Statement of account`,
  payable: msg`Supplier statement`,
};

export const PERIOD_LABELS: Record<StatementPeriodPreset | 'custom', MessageDescriptor> = {
  this_month: msg`This month`,
  last_month: msg`Last month`,
  last_90_days: msg`Last 90 days`,
  custom: msg`Custom dates`,
};

export const AGING_LABELS: Record<keyof AgingBuckets, MessageDescriptor> = {
  currentMinor: msg`Current`,
  days1to30Minor: msg`1–30 days`,
  days31to60Minor: msg`31–60 days`,
  days61to90Minor: msg`61–90 days`,
  over90Minor: msg`Over 90 days`,
  totalMinor: msg`Total due`,
};

export const PAYMENT_METHOD_LABELS: Record<string, MessageDescriptor> = {
  cash: msg`Cash`,
  mpesa: msg`M-Pesa`,
  card: msg`Card`,
  bank_transfer: msg`Bank transfer`,
  cheque: msg`Cheque`,
  deposit: msg`Deposit`,
};
