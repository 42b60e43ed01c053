// A purchase order's life (issue 16): draft → ordered (sent) → partly received → received →
// closed, or cancelled from draft or ordered. What has been received decides between ordered,
// partly received and received; the user closes an order whose rest will never come.

export const PURCHASE_ORDER_STATUSES = ['draft', 'ordered', 'partly_received', 'received', 'closed', 'cancelled'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

export interface OrderLineProgress {
  /** Ordered, in stock units (thousandths). */
  orderedMilli: number;
  /** Received so far, in stock units (thousandths). */
  receivedMilli: number;
}

/** Lines may change only before the order is sent; after that, the supplier has it as it was. */
export const isEditable = (status: PurchaseOrderStatus) => status === 'draft';

/** Nothing has arrived: a draft is thrown away, a sent order is called off. */
export const isCancellable = (status: PurchaseOrderStatus) => status === 'draft' || status === 'ordered';

/** Goods may be received against a sent order until it is received in full, closed or cancelled. */
export const isReceivable = (status: PurchaseOrderStatus) => status === 'ordered' || status === 'partly_received';

/** A partly received order is closed when the rest will not come; a received one when its paperwork is done. */
export const isClosable = (status: PurchaseOrderStatus) => status === 'partly_received' || status === 'received';

/** The status a sent order's receipts give it: received when every line has all it ordered. */
export function statusFromReceipts(lines: readonly OrderLineProgress[]): 'ordered' | 'partly_received' | 'received' {
  if (lines.every((line) => line.receivedMilli >= line.orderedMilli)) return 'received';
  return lines.some((line) => line.receivedMilli > 0) ? 'partly_received' : 'ordered';
}

/**
 * What receiving `receivingMilli` more would take past the line's order, in stock units (0 when
 * within it). Over-receipt happens (a supplier sends a full case for a short order) and is allowed
 * only when the user confirms it.
 */
export function overReceiptMilli(line: OrderLineProgress, receivingMilli: number): number {
  return Math.max(0, line.receivedMilli + receivingMilli - line.orderedMilli);
}
