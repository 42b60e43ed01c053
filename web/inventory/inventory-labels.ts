import { i18n as activeI18n, type I18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type {
  AdjustmentReason,
  LOCATION_KINDS,
  MovementKind,
  STOCK_TAKE_STATUSES,
  TRANSFER_STATUSES,
} from '../../core/inventory/inventory.schemas';

// The API's values (movement kinds, reasons, statuses) stay as they are in requests and addresses;
// what a person reads is the value's message, translated where it is shown: `i18n._(LABELS[value])`.

export type StockTakeStatus = (typeof STOCK_TAKE_STATUSES)[number];
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
export type LocationKind = (typeof LOCATION_KINDS)[number];

export const MOVEMENT_KIND_LABELS: Record<MovementKind, MessageDescriptor> = {
  opening: msg`Opening stock`,
  purchase_receipt: msg`Purchase receipt`,
  sale: msg`Sale`,
  sale_return: msg`Sale return`,
  adjustment: msg`Adjustment`,
  transfer_out: msg`Transfer out`,
  transfer_in: msg`Transfer in`,
  transfer_loss: msg`Lost in transit`,
  count_variance: msg`Stock take variance`,
  supplier_return: msg`Returned to supplier`,
};

export const ADJUSTMENT_REASON_LABELS: Record<AdjustmentReason, MessageDescriptor> = {
  damage: msg`Damaged`,
  theft: msg`Theft or loss`,
  expiry: msg`Expired`,
  correction: msg`Correction`,
};

export const STOCK_TAKE_STATUS_LABELS: Record<StockTakeStatus, MessageDescriptor> = {
  counting: msg`Counting`,
  posted: msg`Posted`,
  cancelled: msg`Cancelled`,
};

export const TRANSFER_STATUS_LABELS: Record<TransferStatus, MessageDescriptor> = {
  sent: msg`In transit`,
  partly_received: msg`Partly received`,
  received: msg`Received`,
  cancelled: msg`Cancelled`,
};

export const LOCATION_KIND_LABELS: Record<LocationKind, MessageDescriptor> = {
  shop: msg`Shop`,
  warehouse: msg`Warehouse`,
};

/**
 * An adjustment reason in words; any other reason as the server wrote it. Pass `useLingui().i18n`
 * from a component (the app's i18n, in the current language, is the default).
 */
export function reasonLabel(reason: string, i18n: I18n = activeI18n): string {
  return Object.hasOwn(ADJUSTMENT_REASON_LABELS, reason) ? i18n._(ADJUSTMENT_REASON_LABELS[reason as AdjustmentReason]) : reason;
}
