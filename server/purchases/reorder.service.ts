import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { reorderDraftsInputSchema, ReorderSuggestions, reorderQuerySchema } from '../../core/purchases/purchases.schemas';
import { REORDER_VELOCITY_DAYS, suggestReorder } from '../../core/purchases/reorder.rules';
import { QUANTITY_SCALE } from '../../core/products/quantity.rules';
import { divideRounded, type TaxClass } from '../../core/products/tax.rules';
import { queryRows, type Database } from '../db/client';
import { quantityFromNumeric } from '../db/schema/quantity';
import { createOnce, requireActiveLocation, type DocumentAuthor, type DocumentReader } from '../inventory/inventory-documents';
import { findOrdersOfRequest, insertOrders } from './purchase-orders.service';

// Reorder suggestions (issue 16): the location's low items (on hand plus on order at or below the
// reorder level) with how much of each sold there over the last 30 days, in whole purchase packs
// (the unit last received or ordered in), grouped by preferred supplier; and the drafts made from
// them, one order per supplier.

type ReorderQuery = z.output<typeof reorderQuerySchema>;
type ReorderDraftsInput = z.output<typeof reorderDraftsInputSchema>;

interface CandidateRow {
  variant_id: string;
  product_id: string;
  product_name: string;
  variant_name: string;
  sku: string;
  tax_class: TaxClass;
  supplier_id: string | null;
  supplier_name: string | null;
  on_hand: string;
  reorder_level: string;
  on_order: string;
  sold: string;
  unit_id: string | null;
  unit_name: string | null;
  pack_size: string | null;
  last_unit_cost_minor: number | null;
  cost_price_minor: number;
}

/**
 * One set-based query. Candidates come from the partial index of low stock rows (is_low: on hand
 * at or below the level, kept by the stock ledger); on order and sales are aggregated for those
 * variants only; the last pack and price are one index probe each per candidate.
 */
export function reorderCandidatesQuery(tenantId: string, query: Pick<ReorderQuery, 'locationId' | 'supplierId'>) {
  return sql`with candidate as (
        select s.variant_id, s.on_hand, p.reorder_level, p.id as product_id, p.name as product_name, v.name as variant_name, v.sku,
               p.tax_class, p.preferred_supplier_id, v.cost_price_minor, p.name_key, v.position
        from stock_levels s
        join product_variants v on v.tenant_id = s.tenant_id and v.id = s.variant_id
        join products p on p.tenant_id = v.tenant_id and p.id = v.product_id
        where s.tenant_id = ${tenantId} and s.is_low and s.location_id = ${query.locationId}
          and p.status = 'active' and p.track_stock and p.reorder_level is not null and s.on_hand <= p.reorder_level
          ${query.supplierId ? sql`and p.preferred_supplier_id = ${query.supplierId}` : sql``}
      ),
      on_order as (
        select l.variant_id, sum(greatest(0, l.quantity * l.pack_size - l.received_quantity)) as quantity
        from purchase_order_lines l
        join purchase_orders o on o.tenant_id = l.tenant_id and o.id = l.order_id
        where l.tenant_id = ${tenantId} and l.variant_id in (select variant_id from candidate)
          and o.status in ('ordered', 'partly_received') and o.location_id = ${query.locationId}
        group by l.variant_id
      ),
      sold as (
        select l.variant_id, sum(l.stock_quantity) as quantity
        from sales s
        join sale_lines l on l.tenant_id = s.tenant_id and l.sale_id = s.id
        where s.tenant_id = ${tenantId} and s.location_id = ${query.locationId} and s.status <> 'voided'
          and s.created_at >= now() - make_interval(days => ${REORDER_VELOCITY_DAYS})
          and l.variant_id in (select variant_id from candidate)
        group by l.variant_id
      ),
      returned as (
        select l.variant_id, sum(l.stock_quantity) as quantity
        from sale_returns r
        join sale_return_lines l on l.tenant_id = r.tenant_id and l.return_id = r.id
        where r.tenant_id = ${tenantId} and r.location_id = ${query.locationId}
          and r.created_at >= now() - make_interval(days => ${REORDER_VELOCITY_DAYS})
          and l.variant_id in (select variant_id from candidate)
        group by l.variant_id
      )
      select c.variant_id, c.product_id, c.product_name, c.variant_name, c.sku, c.tax_class, c.cost_price_minor,
             c.preferred_supplier_id as supplier_id, sup.name as supplier_name,
             c.on_hand::text as on_hand, c.reorder_level::text as reorder_level,
             round(coalesce(oo.quantity, 0), 3)::text as on_order,
             greatest(0, coalesce(so.quantity, 0) - coalesce(re.quantity, 0))::text as sold,
             pack.unit_id, u.name as unit_name, pack.pack_size::text as pack_size, cost.unit_cost_minor as last_unit_cost_minor
      from candidate c
      left join contacts sup on sup.tenant_id = ${tenantId} and sup.id = c.preferred_supplier_id
      left join on_order oo on oo.variant_id = c.variant_id
      left join sold so on so.variant_id = c.variant_id
      left join returned re on re.variant_id = c.variant_id
      left join lateral (
        select last.unit_id, last.pack_size from (
          select rl.unit_id, rl.pack_size, r.received_at as at
            from goods_receipt_lines rl join goods_receipts r on r.tenant_id = rl.tenant_id and r.id = rl.receipt_id
            where rl.tenant_id = ${tenantId} and rl.variant_id = c.variant_id
          union all
          select ol.unit_id, ol.pack_size, o.created_at as at
            from purchase_order_lines ol join purchase_orders o on o.tenant_id = ol.tenant_id and o.id = ol.order_id
            where ol.tenant_id = ${tenantId} and ol.variant_id = c.variant_id and o.status <> 'cancelled'
          -- offset 0 keeps the lines' variant index in front (not a backward walk of every receipt for the limit)
          offset 0
        ) last order by last.at desc limit 1
      ) pack on true
      left join units u on u.tenant_id = ${tenantId} and u.id = pack.unit_id
      left join lateral (
        select priced.unit_cost_minor from (
          select rl.unit_cost_minor, r.received_at
            from goods_receipt_lines rl join goods_receipts r on r.tenant_id = rl.tenant_id and r.id = rl.receipt_id
            where rl.tenant_id = ${tenantId} and rl.variant_id = c.variant_id and rl.unit_id is not distinct from pack.unit_id
          offset 0
        ) priced order by priced.received_at desc limit 1
      ) cost on true
      order by sup.name_key nulls last, sup.id, c.name_key, c.position`;
}

/** The location's suggestions, grouped by preferred supplier (by name, those without one last). */
export async function reorderSuggestions(database: Database, reader: DocumentReader, query: ReorderQuery): Promise<ReorderSuggestions> {
  const rows = await database.withTenant(reader.tenantId, async (tx) => {
    await requireActiveLocation(tx, reader, query.locationId, 'locationId');
    return queryRows<CandidateRow>(tx, reorderCandidatesQuery(reader.tenantId, query));
  });

  const groups: ReorderSuggestions['groups'] = [];
  for (const row of rows) {
    const packSizeMilli = row.pack_size === null ? QUANTITY_SCALE : quantityFromNumeric(row.pack_size);
    const onHandMilli = quantityFromNumeric(row.on_hand);
    const onOrderMilli = quantityFromNumeric(row.on_order);
    const reorderLevelMilli = quantityFromNumeric(row.reorder_level);
    const soldLast30DaysMilli = quantityFromNumeric(row.sold);
    const suggestion = suggestReorder({ onHandMilli, onOrderMilli, reorderLevelMilli, soldMilli: soldLast30DaysMilli, packSizeMilli }, query.coverDays);
    if (!suggestion) continue;
    let group = groups.at(-1);
    if (!group || (group.supplier?.id ?? null) !== row.supplier_id) {
      group = { supplier: row.supplier_id ? { id: row.supplier_id, name: row.supplier_name ?? '' } : null, items: [] };
      groups.push(group);
    }
    group.items.push({
      variantId: row.variant_id,
      productId: row.product_id,
      productName: row.product_name,
      variantName: row.variant_name,
      sku: row.sku,
      unitId: row.pack_size === null ? null : row.unit_id,
      unitName: row.pack_size === null ? null : row.unit_name,
      packSizeMilli,
      onHandMilli,
      onOrderMilli,
      reorderLevelMilli,
      soldLast30DaysMilli,
      suggestedPacks: suggestion.packs,
      suggestedQuantityMilli: suggestion.stockQuantityMilli,
      unitCostMinor: row.last_unit_cost_minor ?? divideRounded(row.cost_price_minor * packSizeMilli, QUANTITY_SCALE),
      taxClass: row.tax_class,
    });
  }
  return { groups };
}

/** The suggestions as the user edited them: one draft order per supplier, all or none, in one transaction. */
export async function createReorderDrafts(database: Database, author: DocumentAuthor, input: ReorderDraftsInput) {
  let created: Awaited<ReturnType<typeof insertOrders>> = [];
  await createOnce(
    database,
    author,
    async (tx, requestKey) => {
      const orders = await findOrdersOfRequest(tx, requestKey);
      if (orders) created = orders;
      return orders?.[0]?.id;
    },
    async (tx) => {
      created = await insertOrders(tx, author, input.locationId, input.orders, (index) => `orders.${index}.`);
      return created[0]!.id;
    },
  );
  return { orders: created };
}
