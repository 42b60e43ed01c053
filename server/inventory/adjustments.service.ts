import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Adjustment, AdjustmentListItem, AdjustmentReason, adjustmentInputSchema, documentListQuerySchema } from '../../core/inventory/inventory.schemas';
import { postDocument } from '../accounting/post-document';
import { recordAudit } from '../audit/audit-events.service';
import type { Database, TenantTx } from '../db/client';
import { locations, stockAdjustments, stockMovements } from '../db/schema/inventory';
import { productVariants, products } from '../db/schema/products';
import { notFound } from '../http/errors';
import {
  countAll,
  createOnce,
  nameOf,
  readPage,
  readUserNames,
  requireActiveLocation,
  requireLineItems,
  type DocumentAuthor,
  type DocumentReader,
  type Page,
} from './inventory-documents';
import { atWorkplaces } from './location-access';
import { readAllowNegativeStock, recordMovements } from './stock-ledger';

// Stock adjustments (damage, theft, expiry, correction): one document, one movement per line. A
// member limited to some locations adjusts, lists and reads those locations' only.

type AdjustmentInput = z.output<typeof adjustmentInputSchema>;
type DocumentListQuery = z.output<typeof documentListQuerySchema>;

/** Records an adjustment and its movements together: all lines or none (409 when one would go below zero). */
export async function createAdjustment(database: Database, author: DocumentAuthor, input: AdjustmentInput): Promise<Adjustment> {
  const id = await createOnce(
    database,
    author,
    async (tx, requestKey) =>
      (await tx.select({ id: stockAdjustments.id }).from(stockAdjustments).where(eq(stockAdjustments.requestKey, requestKey)))[0]?.id,
    async (tx) => {
      await requireActiveLocation(tx, author, input.locationId, 'locationId');
      await requireLineItems(
        tx,
        input.lines.map((line) => ({ variantId: line.variantId, quantityMilli: line.quantityChangeMilli })),
        'quantityChangeMilli',
      );
      const [adjustment] = await tx
        .insert(stockAdjustments)
        .values({
          tenantId: author.tenantId,
          locationId: input.locationId,
          reason: input.reason,
          note: input.note,
          userId: author.userId,
          requestKey: author.requestKey?.key ?? null,
        })
        .returning({ id: stockAdjustments.id });
      const context = { tenantId: author.tenantId, userId: author.userId, allowNegative: await readAllowNegativeStock(tx) };
      await recordMovements(
        tx,
        context,
        input.lines.map((line) => ({
          variantId: line.variantId,
          locationId: input.locationId,
          kind: 'adjustment' as const,
          quantityMilli: line.quantityChangeMilli,
          sourceType: 'adjustment',
          sourceId: adjustment!.id,
          reason: input.reason,
          note: input.note,
        })),
      );
      // Damage, theft and expiry take stock out for good: a write-off; a correction sets the count right.
      await recordAudit(tx, {
        tenantId: author.tenantId,
        actorUserId: author.userId,
        action: input.reason === 'correction' ? 'stock.adjustment' : 'stock.write_off',
        entity: 'stock_adjustment',
        entityId: adjustment!.id,
        details: { locationId: input.locationId, reason: input.reason, note: input.note, lines: input.lines.map(({ variantId, quantityChangeMilli }) => ({ variantId, quantityChangeMilli })) },
      });
      await postDocument(tx, author.tenantId, 'stock_adjustment', adjustment!.id);
      return adjustment!.id;
    },
  );
  return getAdjustment(database, author, id);
}

const headerColumns = {
  id: stockAdjustments.id,
  locationId: stockAdjustments.locationId,
  locationName: locations.name,
  reason: stockAdjustments.reason,
  note: stockAdjustments.note,
  userId: stockAdjustments.userId,
  createdAt: stockAdjustments.createdAt,
};

function headerQuery(tx: TenantTx) {
  return tx.select(headerColumns).from(stockAdjustments).innerJoin(locations, eq(locations.id, stockAdjustments.locationId));
}

export async function getAdjustment(database: Database, reader: DocumentReader, adjustmentId: string): Promise<Adjustment> {
  const { header, lines } = await database.withTenant(reader.tenantId, async (tx) => {
    const [found] = await headerQuery(tx).where(and(eq(stockAdjustments.id, adjustmentId), atWorkplaces(stockAdjustments.locationId, reader)));
    if (!found) throw notFound(/*i18n*/ 'Adjustment not found');
    const movementLines = await tx
      .select({
        variantId: stockMovements.variantId,
        productName: products.name,
        variantName: productVariants.name,
        sku: productVariants.sku,
        quantityChangeMilli: stockMovements.quantity,
        balanceAfterMilli: stockMovements.balanceAfter,
      })
      .from(stockMovements)
      .innerJoin(productVariants, eq(productVariants.id, stockMovements.variantId))
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(and(eq(stockMovements.sourceType, 'adjustment'), eq(stockMovements.sourceId, adjustmentId)))
      .orderBy(products.name, productVariants.position);
    return { header: found, lines: movementLines };
  });
  const names = await readUserNames(database, [header.userId]);
  return { ...toListFields(header, names), lines };
}

interface AdjustmentHeaderRow {
  id: string;
  locationId: string;
  locationName: string;
  reason: string;
  note: string | null;
  userId: string | null;
  createdAt: Date;
}

function toListFields(row: AdjustmentHeaderRow, names: Map<string, string>): Omit<Adjustment, 'lines'> {
  const { userId, ...rest } = row;
  return { ...rest, reason: rest.reason as AdjustmentReason, userName: nameOf(names, userId), createdAt: rest.createdAt.toISOString() };
}

/** Newest first, optionally at one location. */
export async function listAdjustments(database: Database, reader: DocumentReader, query: DocumentListQuery): Promise<Page<AdjustmentListItem>> {
  const where = and(query.locationId ? eq(stockAdjustments.locationId, query.locationId) : undefined, atWorkplaces(stockAdjustments.locationId, reader));
  return readPage(
    database,
    reader.tenantId,
    query,
    {
      count: (tx) => tx.select(countAll).from(stockAdjustments).where(where),
      rows: (tx, window) =>
        tx
          .select({
            ...headerColumns,
            lineCount: sql<number>`(select count(*)::int from stock_movements m where m.source_type = 'adjustment' and m.source_id = ${stockAdjustments.id})`,
          })
          .from(stockAdjustments)
          .innerJoin(locations, eq(locations.id, stockAdjustments.locationId))
          .where(where)
          .orderBy(desc(stockAdjustments.createdAt), desc(stockAdjustments.id))
          .limit(window.limit)
          .offset(window.offset),
      people: (row) => [row.userId],
    },
    ({ lineCount, ...row }, names) => ({ ...toListFields(row, names), lineCount }),
  );
}
