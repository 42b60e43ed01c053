import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CashMovementReason, DECLARED_TENDERS } from '../../core/sales/sales.schemas';

// What a person reads for the API's values, translated where shown: `i18n._(LABELS[value])`.

export const CASH_MOVEMENT_REASON_LABELS: Record<CashMovementReason, MessageDescriptor> = {
  float_top_up: msg`Float top-up`,
  bank_deposit: msg`Bank deposit`,
  supplier_paid: msg`Supplier paid from the till`,
  expenses: msg`Expenses`,
  other: msg`Other`,
};

export const DECLARED_TENDER_LABELS: Record<(typeof DECLARED_TENDERS)[number], MessageDescriptor> = {
  card: msg`Card`,
  mpesa: msg`M-Pesa`,
  bank_transfer: msg`Bank transfer`,
  other: msg`Other`,
};
