import { describe, expect, it } from 'vitest';
import { isCancellable, isClosable, isEditable, isReceivable, overReceiptMilli, PURCHASE_ORDER_STATUSES, statusFromReceipts } from './purchase-order.rules';

describe("a purchase order's life", () => {
  it('is edited only as a draft, cancelled only before anything arrives, received until full, closed once something came', () => {
    const allowed = (rule: (status: (typeof PURCHASE_ORDER_STATUSES)[number]) => boolean) => PURCHASE_ORDER_STATUSES.filter(rule);
    expect(allowed(isEditable)).toEqual(['draft']);
    expect(allowed(isCancellable)).toEqual(['draft', 'ordered']);
    expect(allowed(isReceivable)).toEqual(['ordered', 'partly_received']);
    expect(allowed(isClosable)).toEqual(['partly_received', 'received']);
  });

  it('takes its status from what was received: 10 crates of soda and 5 bales of flour ordered', () => {
    const order = (sodaMilli: number, flourMilli: number) => [
      { orderedMilli: 240_000, receivedMilli: sodaMilli },
      { orderedMilli: 60_000, receivedMilli: flourMilli },
    ];
    expect(statusFromReceipts(order(0, 0))).toBe('ordered');
    expect(statusFromReceipts(order(120_000, 0))).toBe('partly_received');
    expect(statusFromReceipts(order(240_000, 59_999))).toBe('partly_received');
    expect(statusFromReceipts(order(240_000, 60_000))).toBe('received');
    expect(statusFromReceipts(order(264_000, 60_000))).toBe('received');
  });

  it('says how much a receipt would take past the order: 7 crates ordered, 5 in, a full 3 more sent', () => {
    const line = { orderedMilli: 168_000, receivedMilli: 120_000 };
    expect(overReceiptMilli(line, 48_000)).toBe(0);
    expect(overReceiptMilli(line, 72_000)).toBe(24_000);
  });
});
