import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { documentListQuerySchema, StockTake, stockTakeCountSchema, stockTakeInputSchema, StockTakeListItem } from '../../core/inventory/inventory.schemas';
import { postDocument } from '../accounting/post-document';
import type { Database, TenantTx } from '../db/client';
import { locations, stockTakeLines, stockTakes } from '../db/schema/inventory';
import { productVariants, products } from '../db/schema/products';
import { quantityFromNumeric } from '../db/schema/quantity';
import { isUniqueViolation } from '../db/errors';
import { HttpError, notFound } from '../http/errors';
import {
  countAll,
  createOnce,
  lineProblems,
  loadLineItems,
  nameOf,
  readPage,
  readUserNames,
  requireActiveLocation,
  type DocumentAuthor,
  type DocumentReader,
  type Page,
} from './inventory-documents';
import { atWorkplaces } from './location-access';
import { lockStockLevels, readAllowNegativeStock, recordMovements } from './stock-ledger';

// Stock takes: a count sheet per location. While counting, each line compares the count with on
// hand now; posting locks the counted items, records each non-zero variance as a count_variance
// movement (so on hand becomes the count) and keeps the expected figure it was compared with.
// One take counts a location at a time (a second would post the same shelf twice); a blind take's
// expected figures and variances are not sent while it is being counted. A member limited to some
// locations counts, lists and reads the takes of those only.

type StockTakeInput = z.output<typeof stockTakeInputSchema>;
type StockTakeCount = z.output<typeof stockTakeCountSchema>;
type DocumentListQuery = z.output<typeof documentListQuerySchema>;
type StockTakeStatus = StockTake['status'];
type Author = Omit<DocumentAuthor, 'requestKey'>;

const ONE_OPEN_PER_LOCATION = 'stock_takes_one_open_per_location';

function alreadyOpen(locationName: string): HttpError {
  const message = `A stock take is already open at ${locationName}: post or cancel it before starting another`;
  return new HttpError('conflict', message, { locationId: [message] });
}

/**
 * Opens a count at a location that has none open. The check reads the open takes; a start racing
 * another at the same location waits on the partial unique index and fails there, with the same 409.
 */
export async function startStockTake(database: Database, author: DocumentAuthor, input: StockTakeInput): Promise<StockTake> {
  let locationName = '';
  try {
    const id = await createOnce(
      database,
      author,
      async (tx, requestKey) => (await tx.select({ id: stockTakes.id }).from(stockTakes).where(eq(stockTakes.requestKey, requestKey)))[0]?.id,
      async (tx) => {
        locationName = (await requireActiveLocation(tx, author, input.locationId, 'locationId')).name;
        const [open] = await tx
          .select({ id: stockTakes.id })
          .from(stockTakes)
          .where(and(eq(stockTakes.locationId, input.locationId), eq(stockTakes.status, 'counting')))
          .limit(1);
        if (open) throw alreadyOpen(locationName);
        const [take] = await tx
          .insert(stockTakes)
          .values({
            tenantId: author.tenantId,
            locationId: input.locationId,
            isBlind: input.isBlind,
            note: input.note,
            startedBy: author.userId,
            requestKey: author.requestKey?.key ?? null,
          })
          .returning({ id: stockTakes.id });
        return take!.id;
      },
    );
    return await getStockTake(database, author, id);
  } catch (error) {
    if (isUniqueViolation(error, ONE_OPEN_PER_LOCATION)) throw alreadyOpen(locationName);
    throw error;
  }
}

/** The take, locked against a concurrent post or count, while it is still being counted (409 after; 404 at another's location). */
async function lockCountingTake(tx: TenantTx, reader: DocumentReader, stockTakeId: string) {
  const [take] = await tx
    .select({ status: stockTakes.status, locationId: stockTakes.locationId })
    .from(stockTakes)
    .where(and(eq(stockTakes.id, stockTakeId), atWorkplaces(stockTakes.locationId, reader)))
    .for('update');
  if (!take) throw notFound(/*i18n*/ 'Stock take not found');
  if (take.status !== 'counting') throw new HttpError('conflict', `This stock take was already ${take.status}`);
  return take;
}

/** Sets (or replaces) the count of one item. */
export async function recordCount(database: Database, author: Author, stockTakeId: string, count: StockTakeCount): Promise<StockTake> {
  await database.withTenant(author.tenantId, async (tx) => {
    await lockCountingTake(tx, author, stockTakeId);
    const items = await loadLineItems(tx, [count.variantId]);
    const problems = lineProblems(items.get(count.variantId), count.countedQuantityMilli, { variant: 'variantId', quantity: 'countedQuantityMilli' });
    const [first] = Object.values(problems);
    if (first) throw new HttpError('validation_failed', first[0]!, problems);
    await tx
      .insert(stockTakeLines)
      .values({ tenantId: author.tenantId, stockTakeId, variantId: count.variantId, countedQuantity: count.countedQuantityMilli, countedBy: author.userId })
      .onConflictDoUpdate({
        target: [stockTakeLines.tenantId, stockTakeLines.stockTakeId, stockTakeLines.variantId],
        set: { countedQuantity: count.countedQuantityMilli, countedBy: author.userId, updatedAt: new Date() },
      });
  });
  return getStockTake(database, author, stockTakeId);
}

export async function removeCount(database: Database, reader: DocumentReader, stockTakeId: string, variantId: string): Promise<StockTake> {
  await database.withTenant(reader.tenantId, async (tx) => {
    await lockCountingTake(tx, reader, stockTakeId);
    const removed = await tx
      .delete(stockTakeLines)
      .where(and(eq(stockTakeLines.stockTakeId, stockTakeId), eq(stockTakeLines.variantId, variantId)))
      .returning({ id: stockTakeLines.id });
    if (removed.length === 0) throw notFound(/*i18n*/ 'That product was not counted in this stock take');
  });
  return getStockTake(database, reader, stockTakeId);
}

/** Books every variance as a movement; stock goes to the counted figure even when negative stock is off. */
export async function postStockTake(database: Database, author: Author, stockTakeId: string): Promise<StockTake> {
  await database.withTenant(author.tenantId, async (tx) => {
    const take = await lockCountingTake(tx, author, stockTakeId);
    const lines = await tx
      .select({ id: stockTakeLines.id, variantId: stockTakeLines.variantId, countedMilli: stockTakeLines.countedQuantity })
      .from(stockTakeLines)
      .where(eq(stockTakeLines.stockTakeId, stockTakeId));
    const expected = await lockStockLevels(
      tx,
      author.tenantId,
      lines.map((line) => ({ variantId: line.variantId, locationId: take.locationId })),
    );
    const context = { tenantId: author.tenantId, userId: author.userId, allowNegative: await readAllowNegativeStock(tx) };
    const variances = lines
      .map((line, index) => ({ variantId: line.variantId, quantityMilli: line.countedMilli - expected[index]! }))
      .filter((variance) => variance.quantityMilli !== 0);
    await recordMovements(
      tx,
      context,
      variances.map((variance) => ({
        ...variance,
        locationId: take.locationId,
        kind: 'count_variance' as const,
        sourceType: 'stock_take',
        sourceId: stockTakeId,
      })),
    );
    for (const [index, line] of lines.entries()) {
      await tx.update(stockTakeLines).set({ expectedQuantity: expected[index]!, updatedAt: new Date() }).where(eq(stockTakeLines.id, line.id));
    }
    await tx
      .update(stockTakes)
      .set({ status: 'posted', postedBy: author.userId, postedAt: new Date(), updatedAt: new Date() })
      .where(eq(stockTakes.id, stockTakeId));
    await postDocument(tx, author.tenantId, 'stock_take', stockTakeId);
  });
  return getStockTake(database, author, stockTakeId);
}

export async function cancelStockTake(database: Database, reader: DocumentReader, stockTakeId: string): Promise<StockTake> {
  await database.withTenant(reader.tenantId, async (tx) => {
    await lockCountingTake(tx, reader, stockTakeId);
    await tx.update(stockTakes).set({ status: 'cancelled', updatedAt: new Date() }).where(eq(stockTakes.id, stockTakeId));
  });
  return getStockTake(database, reader, stockTakeId);
}

interface StockTakeHeaderRow {
  id: string;
  locationId: string;
  locationName: string;
  status: string;
  isBlind: boolean;
  note: string | null;
  startedBy: string | null;
  postedBy: string | null;
  createdAt: Date;
  postedAt: Date | null;
}

const headerColumns = {
  id: stockTakes.id,
  locationId: stockTakes.locationId,
  locationName: locations.name,
  status: stockTakes.status,
  isBlind: stockTakes.isBlind,
  note: stockTakes.note,
  startedBy: stockTakes.startedBy,
  postedBy: stockTakes.postedBy,
  createdAt: stockTakes.createdAt,
  postedAt: stockTakes.postedAt,
};

function toHeader(row: StockTakeHeaderRow, names: Map<string, string>): Omit<StockTake, 'lines'> {
  return {
    id: row.id,
    location: { id: row.locationId, name: row.locationName },
    status: row.status as StockTakeStatus,
    isBlind: row.isBlind,
    note: row.note,
    startedByName: nameOf(names, row.startedBy),
    postedByName: nameOf(names, row.postedBy),
    createdAt: row.createdAt.toISOString(),
    postedAt: row.postedAt?.toISOString() ?? null,
  };
}

export async function getStockTake(database: Database, reader: DocumentReader, stockTakeId: string): Promise<StockTake> {
  const { header, lines } = await database.withTenant(reader.tenantId, async (tx) => {
    const [found] = await tx
      .select(headerColumns)
      .from(stockTakes)
      .innerJoin(locations, eq(locations.id, stockTakes.locationId))
      .where(and(eq(stockTakes.id, stockTakeId), atWorkplaces(stockTakes.locationId, reader)));
    if (!found) throw notFound(/*i18n*/ 'Stock take not found');
    // While counting, expected is on hand now (not even read for a blind take); once posted, the
    // figure stored when it was posted.
    const isHidden = found.isBlind && found.status === 'counting';
    const expected = isHidden
      ? sql<null>`null`
      : sql<string>`coalesce(${stockTakeLines.expectedQuantity},
      (select s.on_hand from stock_levels s where s.variant_id = ${stockTakeLines.variantId} and s.location_id = ${found.locationId}::uuid), 0)::text`;
    const rows = await tx
      .select({
        variantId: stockTakeLines.variantId,
        productName: products.name,
        variantName: productVariants.name,
        sku: productVariants.sku,
        countedQuantityMilli: stockTakeLines.countedQuantity,
        unitCostMinor: productVariants.averageCostMinor,
        expected,
      })
      .from(stockTakeLines)
      .innerJoin(productVariants, eq(productVariants.id, stockTakeLines.variantId))
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(eq(stockTakeLines.stockTakeId, stockTakeId))
      .orderBy(products.name, productVariants.position);
    return { header: found, lines: rows };
  });
  const names = await readUserNames(database, [header.startedBy, header.postedBy]);
  return {
    ...toHeader(header, names),
    lines: lines.map(({ expected, unitCostMinor, ...costed }) => {
      const line = { ...costed, unitCostMinor: reader.seesCosts === false ? null : unitCostMinor };
      if (expected === null) return { ...line, expectedQuantityMilli: null, varianceMilli: null };
      const expectedQuantityMilli = quantityFromNumeric(expected);
      return { ...line, expectedQuantityMilli, varianceMilli: line.countedQuantityMilli - expectedQuantityMilli };
    }),
  };
}

/** Newest first; filtered by status and location. */
export async function listStockTakes(database: Database, reader: DocumentReader, query: DocumentListQuery): Promise<Page<StockTakeListItem>> {
  const where = and(
    query.status ? eq(stockTakes.status, query.status) : undefined,
    query.locationId ? eq(stockTakes.locationId, query.locationId) : undefined,
    atWorkplaces(stockTakes.locationId, reader),
  );
  return readPage(
    database,
    reader.tenantId,
    query,
    {
      count: (tx) => tx.select(countAll).from(stockTakes).where(where),
      rows: (tx, window) =>
        tx
          .select({ ...headerColumns, lineCount: sql<number>`(select count(*)::int from stock_take_lines l where l.stock_take_id = ${stockTakes.id})` })
          .from(stockTakes)
          .innerJoin(locations, eq(locations.id, stockTakes.locationId))
          .where(where)
          .orderBy(desc(stockTakes.createdAt), desc(stockTakes.id))
          .limit(window.limit)
          .offset(window.offset),
      people: (row) => [row.startedBy, row.postedBy],
    },
    (row, names) => ({ ...toHeader(row, names), lineCount: row.lineCount }),
  );
}
