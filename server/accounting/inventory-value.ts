import { sql, type SQL } from 'drizzle-orm';
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
  const ids = revaluedIds(variantIds);
  if (ids.length === 0) return { byLocation: new Map(), totalMinor: 0 };
  if (options.averageChanged) {
    await tx.execute(sql`select 1 from stock_levels where variant_id = any(${idArray(ids)}) order by variant_id, location_id for update`);
  }
  const [row] = await queryRows<{ change: Record<string, string | number> }>(tx, sql`with ${revaluationCtes(tenantId, ids)} select ${REVALUATION_CHANGE} as change`);
  return inventoryChangeOf(row!.change);
}

const revaluedIds = (variantIds: readonly string[]) => [...new Set(variantIds.map((id) => id.toLowerCase()))].sort();

const idArray = (ids: readonly string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;

/**
 * The revaluation of the variants' stock rows as common table expressions (inventory_changed,
 * inventory_booked) for a statement of the caller's, which selects REVALUATION_CHANGE. A book value
 * is only ever written for a stock row, and stock rows are never deleted, so the stock rows are
 * where every change is found. For a document that did not change an average cost
 * (revalueInventory locks first for one that did).
 */
export function revaluationCtes(tenantId: string, variantIds: readonly string[]): SQL {
  const ids = revaluedIds(variantIds);
  // No variants: the CTEs still stand, and change nothing.
  const idList = ids.length === 0 ? sql`array[]::uuid[]` : idArray(ids);
  return sql`inventory_changed as (
          select s.variant_id, s.location_id, round(s.on_hand * v.average_cost_minor)::bigint as value,
                 round(s.on_hand * v.average_cost_minor)::bigint - coalesce(b.value_minor, 0) as change
          from stock_levels s join product_variants v on v.tenant_id = s.tenant_id and v.id = s.variant_id
          left join inventory_book_values b on b.tenant_id = s.tenant_id and b.variant_id = s.variant_id and b.location_id = s.location_id
          where s.variant_id = any(${idList}) and round(s.on_hand * v.average_cost_minor)::bigint <> coalesce(b.value_minor, 0)
        ), inventory_booked as (
          insert into inventory_book_values (tenant_id, variant_id, location_id, value_minor)
          select ${tenantId}, variant_id, location_id, value from inventory_changed
          on conflict (tenant_id, variant_id, location_id) do update set value_minor = excluded.value_minor
          returning 1
        )`;
}

/** The revaluation's change per location, as a JSON object { location id: change } (SQL, beside revaluationCtes). */
export const REVALUATION_CHANGE = sql`(select coalesce(json_object_agg(location_id, change), '{}') from (select location_id, sum(change)::bigint as change from inventory_changed group by location_id) c)`;

/** REVALUATION_CHANGE's JSON as an InventoryChange. */
export function inventoryChangeOf(json: Record<string, string | number>): InventoryChange {
  const byLocation = new Map<string, number>();
  let totalMinor = 0;
  for (const [locationId, value] of Object.entries(json)) {
    const change = Number(value);
    byLocation.set(locationId, change);
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
