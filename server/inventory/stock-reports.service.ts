import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { LowStockItem, Movement, MovementKind, movementListQuerySchema, inventorySummarySchema } from '../../core/inventory/inventory.schemas';
import type { Database } from '../db/client';
import { queryRows } from '../db/client';
import { locations, stockLevels, stockMovements } from '../db/schema/inventory';
import { productVariants, products } from '../db/schema/products';
import { countAll, nameOf, readPage, type DocumentReader, type Page } from './inventory-documents';
import { andAtWorkplaces, atWorkplaces } from './location-access';

// Reading stock: the movement history, the low-stock list and the valuation summary, of the
// locations the reader may work at.

type MovementListQuery = z.output<typeof movementListQuerySchema>;
type InventorySummary = z.output<typeof inventorySummarySchema>;

/** The ledger, newest first, filtered by product, variant, location and kind. */
export async function listMovements(database: Database, reader: DocumentReader, query: MovementListQuery): Promise<Page<Movement>> {
  const where = and(
    query.productId ? eq(productVariants.productId, query.productId) : undefined,
    query.variantId ? eq(stockMovements.variantId, query.variantId) : undefined,
    query.locationId ? eq(stockMovements.locationId, query.locationId) : undefined,
    query.kind ? eq(stockMovements.kind, query.kind) : undefined,
    atWorkplaces(stockMovements.locationId, reader),
  );
  return readPage(
    database,
    reader.tenantId,
    query,
    {
      count: (tx) => tx.select(countAll).from(stockMovements).innerJoin(productVariants, eq(productVariants.id, stockMovements.variantId)).where(where),
      rows: (tx, window) =>
        tx
          .select({
            id: stockMovements.id,
            productId: products.id,
            productName: products.name,
            variantId: stockMovements.variantId,
            variantName: productVariants.name,
            sku: productVariants.sku,
            locationId: stockMovements.locationId,
            locationName: locations.name,
            kind: stockMovements.kind,
            quantityMilli: stockMovements.quantity,
            unitCostMinor: stockMovements.unitCostMinor,
            balanceAfterMilli: stockMovements.balanceAfter,
            sourceType: stockMovements.sourceType,
            sourceId: stockMovements.sourceId,
            reason: stockMovements.reason,
            note: stockMovements.note,
            userId: stockMovements.userId,
            createdAt: stockMovements.createdAt,
          })
          .from(stockMovements)
          .innerJoin(productVariants, eq(productVariants.id, stockMovements.variantId))
          .innerJoin(products, eq(products.id, productVariants.productId))
          .innerJoin(locations, eq(locations.id, stockMovements.locationId))
          .where(where)
          .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
          .limit(window.limit)
          .offset(window.offset),
      people: (row) => [row.userId],
    },
    ({ userId, unitCostMinor, ...row }, names) => ({
      ...row,
      kind: row.kind as MovementKind,
      unitCostMinor: reader.seesCosts === false ? null : unitCostMinor,
      userName: nameOf(names, userId),
      createdAt: row.createdAt.toISOString(),
    }),
  );
}

/** Items at or below their reorder level (per location), active products only. */
export async function listLowStock(database: Database, reader: DocumentReader, locationId: string | undefined): Promise<LowStockItem[]> {
  const rows = await database.withTenant(reader.tenantId, (tx) =>
    tx
      .select({
        productId: products.id,
        productName: products.name,
        variantId: stockLevels.variantId,
        variantName: productVariants.name,
        sku: productVariants.sku,
        locationId: stockLevels.locationId,
        locationName: locations.name,
        onHandMilli: stockLevels.onHand,
        reorderLevelMilli: products.reorderLevel,
      })
      .from(stockLevels)
      .innerJoin(productVariants, eq(productVariants.id, stockLevels.variantId))
      .innerJoin(products, eq(products.id, productVariants.productId))
      .innerJoin(locations, eq(locations.id, stockLevels.locationId))
      .where(
        and(
          eq(stockLevels.isLow, true),
          eq(products.status, 'active'),
          eq(products.trackStock, true),
          eq(locations.isActive, true),
          locationId ? eq(stockLevels.locationId, locationId) : undefined,
          atWorkplaces(stockLevels.locationId, reader),
        ),
      )
      .orderBy(asc(sql`lower(${products.name})`), asc(productVariants.position), asc(locations.name)),
  );
  return rows.map((row) => ({ ...row, reorderLevelMilli: row.reorderLevelMilli ?? 0 }));
}

/**
 * Valuation = Σ on hand × the variant's weighted average cost, summed exactly in SQL (numeric)
 * and rounded once; the counts are of active, stock-tracked products and variants.
 */
export async function inventorySummary(database: Database, reader: DocumentReader, locationId: string | undefined): Promise<InventorySummary> {
  const atLocation = sql`${locationId ? sql`and s.location_id = ${locationId}::uuid` : sql``} ${andAtWorkplaces(sql`s.location_id`, reader)}`;
  const [row] = await database.withTenant(reader.tenantId, (tx) =>
    queryRows<{ valuation: string; product_count: number; low_stock_count: number; out_of_stock_count: number }>(
      tx,
      sql`with tracked as (
            select v.id as variant_id, v.product_id, v.average_cost_minor
            from product_variants v join products p on p.tenant_id = v.tenant_id and p.id = v.product_id
            where p.status = 'active' and p.track_stock
          ), stock as (
            select t.variant_id, t.product_id, t.average_cost_minor, s.on_hand, s.is_low
            from tracked t
            join stock_levels s on s.variant_id = t.variant_id
            join locations l on l.tenant_id = s.tenant_id and l.id = s.location_id and l.is_active
            where true ${atLocation}
          )
          select
            (select coalesce(round(sum(on_hand * average_cost_minor)), 0)::text from stock) as valuation,
            (select count(distinct product_id)::int from tracked) as product_count,
            (select count(*)::int from stock where is_low) as low_stock_count,
            (select count(*)::int from tracked t
              where coalesce((select sum(on_hand) from stock where stock.variant_id = t.variant_id), 0) <= 0) as out_of_stock_count`,
    ),
  );
  return {
    valuationMinor: reader.seesCosts === false ? null : Number(row?.valuation ?? 0),
    productCount: row?.product_count ?? 0,
    lowStockCount: row?.low_stock_count ?? 0,
    outOfStockCount: row?.out_of_stock_count ?? 0,
  };
}
