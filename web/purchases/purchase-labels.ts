import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BillStatus } from '../../core/purchases/bill.rules';
import type { PurchasePaymentMethod } from '../../core/purchases/purchases.schemas';
import type { PurchaseOrderStatus } from '../../core/purchases/purchase-order.rules';
import type { LandedCostBasis } from '../../core/purchases/receipt-costing.rules';

// Words the purchases screens share (translated where they render: `i18n._(LABELS[value])`).

export type BadgeVariant = 'accent' | 'secondary' | 'success' | 'outline' | 'destructive' | 'default';

export const ORDER_STATUS_LABELS: Record<PurchaseOrderStatus, MessageDescriptor> = {
  draft: msg`Draft`,
  ordered: msg`Ordered`,
  partly_received: msg`Partly received`,
  received: msg`Received`,
  closed: msg`Closed`,
  cancelled: msg`Cancelled`,
};
export const ORDER_STATUS_VARIANTS: Record<PurchaseOrderStatus, BadgeVariant> = {
  draft: 'outline',
  ordered: 'accent',
  partly_received: 'secondary',
  received: 'success',
  closed: 'default',
  cancelled: 'outline',
};

export const BILL_STATUS_LABELS: Record<BillStatus, MessageDescriptor> = {
  paid: msg`Paid`,
  partly_paid: msg`Partly paid`,
  due: msg`Due`,
  overdue: msg`Overdue`,
};
export const BILL_STATUS_VARIANTS: Record<BillStatus, BadgeVariant> = {
  paid: 'success',
  partly_paid: 'secondary',
  due: 'accent',
  overdue: 'destructive',
};

export const PAYMENT_METHOD_LABELS: Record<PurchasePaymentMethod, MessageDescriptor> = {
  cash: msg`Cash`,
  mpesa: msg`M-Pesa`,
  bank_transfer: msg`Bank transfer`,
  cheque: msg`Cheque`,
};

export const LANDED_COST_BASIS_LABELS: Record<LandedCostBasis, MessageDescriptor> = {
  value: msg`By value`,
  quantity: msg`By quantity`,
};

/** The list sorts of the purchases tabs (purchaseListQuerySchema). */
export const LIST_SORT_LABELS: Record<'newest' | 'oldest' | 'number' | 'total', MessageDescriptor> = {
  newest: msg`Newest first`,
  oldest: msg`Oldest first`,
  number: msg`By number`,
  total: msg`Largest total`,
};
