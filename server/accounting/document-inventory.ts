import { sql } from 'drizzle-orm';
import { queryRows, type TenantTx } from '../db/client';
import { movedVariants, revalueInventory, type InventoryChange } from './inventory-value';

/**
 * How a document's postings are being made: `live` in the document's own transaction (the
 * inventory account follows the stock valuation, inventory-value.ts), or `history` when the
 * backfill posts documents that predate the ledger (their stock at the cost their movements
 * carried; the backfill's last entry then brings the account to today's valuation).
 */
export type PostingMode = 'live' | 'history';

/**
 * The inventory value a document's stock movements added (+) or took (−), per location.
 * `movedVariantIds`: the variants the movements moved, when the rule read them with its document
 * (a round trip less on the checkout).
 */
export async function documentInventory(
  tx: TenantTx,
  tenantId: string,
  source: { movementSourceType: string; sourceId: string; kinds?: readonly string[]; movedVariantIds?: readonly string[] },
  mode: PostingMode,
  options: { averageChanged: boolean } = { averageChanged: false },
): Promise<InventoryChange> {
  if (mode === 'live') {
    return revalueInventory(tx, tenantId, source.movedVariantIds ?? (await movedVariants(tx, source.movementSourceType, source.sourceId)), options);
  }
  const kinds = source.kinds ? sql`and kind in (${sql.join(source.kinds.map((kind) => sql`${kind}`), sql`, `)})` : sql``;
  const rows = await queryRows<{ location_id: string; value: string }>(
    tx,
    sql`select location_id, round(sum(quantity * unit_cost_minor))::bigint::text as value from stock_movements
        where source_type = ${source.movementSourceType} and source_id = ${source.sourceId}::uuid ${kinds}
        group by location_id`,
  );
  const byLocation = new Map<string, number>();
  let totalMinor = 0;
  for (const row of rows) {
    const value = Number(row.value);
    if (value === 0) continue;
    byLocation.set(row.location_id, value);
    totalMinor += value;
  }
  return { byLocation, totalMinor };
}
