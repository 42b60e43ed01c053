// Reorder suggestions (issue 16): which items a shop should order and how many, from low stock
// and how fast each sold over the last 30 days. Quantities are stock units in thousandths; an
// order is in whole purchase packs (a crate of 24).

/** Sales velocity is read over this many days. */
export const REORDER_VELOCITY_DAYS = 30;
/** How many days of sales an order covers above the reorder level, unless the user says otherwise. */
export const DEFAULT_REORDER_COVER_DAYS = 14;

export interface ReorderInput {
  /** May be below zero when the shop sells what it has not received yet. */
  onHandMilli: number;
  /** Ordered from suppliers and not yet received. */
  onOrderMilli: number;
  reorderLevelMilli: number;
  /** Sold at the location over the last REORDER_VELOCITY_DAYS days, less returns. */
  soldMilli: number;
  /** One purchase pack in stock units (1000 for a single piece). */
  packSizeMilli: number;
}

/**
 * Null unless the item is low: on hand plus on order at or below its reorder level. Then enough
 * packs to bring it up to the reorder level plus `coverDays` of its average daily sales (rounded
 * up to whole packs), and at least one pack.
 */
export function suggestReorder(input: ReorderInput, coverDays = DEFAULT_REORDER_COVER_DAYS): { packs: number; stockQuantityMilli: number } | null {
  const { onHandMilli, onOrderMilli, reorderLevelMilli, soldMilli, packSizeMilli } = input;
  if (!Number.isSafeInteger(packSizeMilli) || packSizeMilli <= 0) throw new RangeError('A pack holds a positive quantity');
  if (!Number.isInteger(coverDays) || coverDays < 1) throw new RangeError('Cover at least one day');
  const available = onHandMilli + onOrderMilli;
  if (available > reorderLevelMilli) return null;
  const demandMilli = Math.ceil((Math.max(0, soldMilli) * coverDays) / REORDER_VELOCITY_DAYS);
  const needMilli = reorderLevelMilli + demandMilli - available;
  const packs = Math.max(1, Math.ceil(needMilli / packSizeMilli));
  return { packs, stockQuantityMilli: packs * packSizeMilli };
}
