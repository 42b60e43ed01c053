import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AccountEntryKind, PaymentMethod } from '../../core/accounts/accounts.schemas';
import type { AgingBucket } from '../../core/accounts/aging.rules';
import type { AgingBuckets } from '../../core/accounts/aging.rules';

// What a person reads for the API's values, translated where shown: `i18n._(LABELS[value])`.

export const ENTRY_KIND_LABELS: Record<AccountEntryKind, MessageDescriptor> = {
  opening: msg`Opening balance`,
  charge: msg`Charge`,
  payment: msg`Payment`,
  credit_note: msg`Credit note`,
  adjustment: msg`Adjustment`,
  write_off: msg`Write-off`,
  refund: msg`Refund`,
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod | 'deposit', MessageDescriptor> = {
  cash: msg`Cash`,
  mpesa: msg`M-Pesa`,
  card: msg`Card`,
  bank_transfer: msg`Bank transfer`,
  cheque: msg`Cheque`,
  deposit: msg`Deposit`,
};

export const AGING_LABELS: Record<AgingBucket, MessageDescriptor> = {
  current: msg`Current`,
  days1to30: msg`1–30 days`,
  days31to60: msg`31–60 days`,
  days61to90: msg`61–90 days`,
  over90: msg`Over 90 days`,
};

/** The buckets in order with their figures. */
export function agingColumns(aging: AgingBuckets): { bucket: AgingBucket; amountMinor: number }[] {
  return [
    { bucket: 'current', amountMinor: aging.currentMinor },
    { bucket: 'days1to30', amountMinor: aging.days1to30Minor },
    { bucket: 'days31to60', amountMinor: aging.days31to60Minor },
    { bucket: 'days61to90', amountMinor: aging.days61to90Minor },
    { bucket: 'over90', amountMinor: aging.over90Minor },
  ];
}

export const isPaymentMethod = (value: string | null): value is PaymentMethod | 'deposit' => value !== null && Object.hasOwn(PAYMENT_METHOD_LABELS, value);
