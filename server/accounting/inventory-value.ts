import { sql } from 'drizzle-orm';
import type { PostingLine } from '../../core/accounting/posting';
import { queryRows, type TenantTx } from '../db/client';

// The inventory account follows the stock valuation exactly (issue 17's integrity property): each
// stock row's value at average cost, rounded to the cent, is what the ledger holds for it
// (inventory_book_values). A document that moved stock calls this after its movements: every row
// of the items it touched whose value changed moves to its value now, and the change is the
// inventory line per location. What the document says the goods cost (COGS at the sale's cost, a
// receipt's invoice) balances against it; the cents of rounding between the two are the rule's
// `stock_rounding` line.
//
// Concurrency: a document that changes an average cost (a delivery, a return to the supplier,
// opening stock) has locked its variants; it also locks the stock rows of those variants at every
// location here, after its own, so a sale in flight elsewhere commits first and this reads its
// stock (a sale never waits for a variant lock, so the two cannot deadlock). A document that does
// not change averages reads them as committed; a delivery still in flight revalues after it.

export interface InventoryChange {
  /** Σ of the value change per location: + the stock there is worth more. */
  byLocation: Map<string, number>;
  totalMinor: number;
}

export async function revalueInventory(tx: TenantTx, tenantId: string, variantIds: readonly string[], options: { averageChanged: boolean }): Promise<InventoryChange> {
  const ids = [...new Set(variantIds.map((id) => id.toLowerCase()))].sort();
  const byLocation = new Map<string, number>();
  if (ids.length === 0) return { byLocation, totalMinor: 0 };
  const idList = sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
  if (options.averageChanged) {
    await tx.execute(sql`select 1 from stock_levels where variant_id = any(${idList}) order by variant_id, location_id for update`);
  }
  const rows = await queryRows<{ location_id: string; change: string }>(
    tx,
    sql`with now_worth as (
          select s.variant_id, s.location_id, round(s.on_hand * v.average_cost_minor)::bigint as value
          from stock_levels s join product_variants v on v.tenant_id = s.tenant_id and v.id = s.variant_id
          where s.variant_id = any(${idList})
        ), changed as (
          select coalesce(n.variant_id, b.variant_id) as variant_id, coalesce(n.location_id, b.location_id) as location_id,
                 coalesce(n.value, 0) as value, coalesce(n.value, 0) - coalesce(b.value_minor, 0) as change
          from now_worth n full join (select * from inventory_book_values where variant_id = any(${idList})) b
            on b.variant_id = n.variant_id and b.location_id = n.location_id
          where coalesce(n.value, 0) <> coalesce(b.value_minor, 0)
        ), booked as (
          insert into inventory_book_values (tenant_id, variant_id, location_id, value_minor)
          select ${tenantId}, variant_id, location_id, value from changed
          on conflict (tenant_id, variant_id, location_id) do update set value_minor = excluded.value_minor
          returning 1
        )
        select location_id, sum(change)::text as change from changed group by location_id`,
  );
  let totalMinor = 0;
  for (const row of rows) {
    const change = Number(row.change);
    byLocation.set(row.location_id, change);
    totalMinor += change;
  }
  return { byLocation, totalMinor };
}

/** The inventory account's lines for a change, one per location (debit where stock is worth more). */
export function inventoryLines(change: InventoryChange, description?: string): PostingLine[] {
  return [...change.byLocation].map(([locationId, amountMinor]) => ({ account: { key: 'inventory' }, amountMinor, locationId, description: description ?? null }));
}

/** The variants a document moved, from its ledger rows. */
export async function movedVariants(tx: TenantTx, sourceType: string, sourceId: string): Promise<string[]> {
  const rows = await queryRows<{ variant_id: string }>(tx, sql`select distinct variant_id from stock_movements where source_type = ${sourceType} and source_id = ${sourceId}::uuid`);
  return rows.map((row) => row.variant_id);
}
