import { linesTotal, type AccountRef, type PostingLine } from '../../../core/accounting/posting';
import { inventoryLines, type InventoryChange } from '../inventory-value';

// What the stock rules' entries share: the inventory account follows the stock valuation
// (inventory-value.ts), the document's own figures take the other side, and the cents between the
// two go to stock valuation rounding (docs/decisions/0020).

/** The line that balances `lines`: the rounding between the inventory change and what the goods cost. */
export function stockRoundingLine(lines: readonly PostingLine[], locationId: string | null = null): PostingLine {
  return { account: { key: 'stock_rounding' }, amountMinor: -linesTotal(lines), locationId };
}

/** An inventory change taken wholly by one account (shrinkage, count variance), location by location. */
export function inventoryChangeAgainst(change: InventoryChange, account: AccountRef): PostingLine[] {
  return [...inventoryLines(change), ...[...change.byLocation].map(([locationId, amountMinor]) => ({ account, amountMinor: -amountMinor, locationId }))];
}
