import { aliasedTable, and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { documentListQuerySchema, Transfer, transferInputSchema, TransferListItem } from '../../core/inventory/inventory.schemas';
import type { Database, TenantTx } from '../db/client';
import { locations, stockTransferLines, stockTransfers } from '../db/schema/inventory';
import { productVariants, products } from '../db/schema/products';
import { HttpError, notFound } from '../http/errors';
import { countAll, createOnce, nameOf, readPage, readUserNames, requireActiveLocation, requireLineItems, type DocumentAuthor, type Page } from './inventory-documents';
import { readAllowNegativeStock, recordMovements, type MovementRequest } from './stock-ledger';

// Transfers between locations (feature multi_location): sending takes the stock out of the source
// (never below zero unless the shop allows it); receiving puts it into the destination; cancelling
// a transfer still on its way puts it back into the source.

type TransferInput = z.output<typeof transferInputSchema>;
type DocumentListQuery = z.output<typeof documentListQuerySchema>;
type TransferStatus = Transfer['status'];

export async function sendTransfer(database: Database, author: DocumentAuthor, input: TransferInput): Promise<Transfer> {
  const id = await createOnce(
    database,
    author,
    async (tx, requestKey) => (await tx.select({ id: stockTransfers.id }).from(stockTransfers).where(eq(stockTransfers.requestKey, requestKey)))[0]?.id,
    async (tx) => {
      await requireActiveLocation(tx, input.fromLocationId, 'fromLocationId');
      await requireActiveLocation(tx, input.toLocationId, 'toLocationId');
      await requireLineItems(tx, input.lines, 'quantityMilli');
      const [transfer] = await tx
        .insert(stockTransfers)
        .values({
          tenantId: author.tenantId,
          fromLocationId: input.fromLocationId,
          toLocationId: input.toLocationId,
          note: input.note,
          sentBy: author.userId,
          requestKey: author.requestKey,
        })
        .returning({ id: stockTransfers.id });
      const transferId = transfer!.id;
      await tx.insert(stockTransferLines).values(input.lines.map((line) => ({ tenantId: author.tenantId, transferId, variantId: line.variantId, quantity: line.quantityMilli })));
      await moveLines(tx, author, transferId, input.fromLocationId, 'transfer_out', input.lines);
      return transferId;
    },
  );
  return getTransfer(database, author.tenantId, id);
}

/** The transfer arrived: its stock goes into the destination. Only once, and only while sent. */
export async function receiveTransfer(database: Database, author: Omit<DocumentAuthor, 'requestKey'>, transferId: string): Promise<Transfer> {
  await database.withTenant(author.tenantId, async (tx) => {
    const transfer = await lockSentTransfer(tx, transferId, 'received');
    await requireOpenDestination(tx, transfer.toLocationId);
    await moveLines(tx, author, transferId, transfer.toLocationId, 'transfer_in', await readLines(tx, transferId));
    await tx
      .update(stockTransfers)
      .set({ status: 'received', receivedBy: author.userId, receivedAt: new Date() })
      .where(eq(stockTransfers.id, transferId));
  });
  return getTransfer(database, author.tenantId, transferId);
}

/** Called back before it arrived: the stock returns to the source. */
export async function cancelTransfer(database: Database, author: Omit<DocumentAuthor, 'requestKey'>, transferId: string): Promise<Transfer> {
  await database.withTenant(author.tenantId, async (tx) => {
    const transfer = await lockSentTransfer(tx, transferId, 'cancelled');
    await moveLines(tx, author, transferId, transfer.fromLocationId, 'transfer_in', await readLines(tx, transferId), 'Transfer cancelled');
    await tx.update(stockTransfers).set({ status: 'cancelled' }).where(eq(stockTransfers.id, transferId));
  });
  return getTransfer(database, author.tenantId, transferId);
}

async function lockSentTransfer(tx: TenantTx, transferId: string, next: Exclude<TransferStatus, 'sent'>) {
  const [transfer] = await tx
    .select({ status: stockTransfers.status, fromLocationId: stockTransfers.fromLocationId, toLocationId: stockTransfers.toLocationId })
    .from(stockTransfers)
    .where(eq(stockTransfers.id, transferId))
    .for('update');
  if (!transfer) throw notFound('Transfer not found');
  if (transfer.status !== 'sent') {
    const action = next === 'received' ? 'receive' : 'cancel';
    throw new HttpError('conflict', `This transfer was already ${transfer.status}: you cannot ${action} it`);
  }
  return transfer;
}

async function requireOpenDestination(tx: TenantTx, locationId: string) {
  const [location] = await tx.select({ name: locations.name, isActive: locations.isActive }).from(locations).where(eq(locations.id, locationId));
  if (!location?.isActive) throw new HttpError('conflict', `${location?.name ?? 'The destination'} is closed: reopen it to receive stock`);
}

async function readLines(tx: TenantTx, transferId: string) {
  return tx
    .select({ variantId: stockTransferLines.variantId, quantityMilli: stockTransferLines.quantity })
    .from(stockTransferLines)
    .where(eq(stockTransferLines.transferId, transferId));
}

async function moveLines(
  tx: TenantTx,
  author: Omit<DocumentAuthor, 'requestKey'>,
  transferId: string,
  locationId: string,
  kind: 'transfer_out' | 'transfer_in',
  lines: { variantId: string; quantityMilli: number }[],
  note?: string,
) {
  const context = { tenantId: author.tenantId, userId: author.userId, allowNegative: await readAllowNegativeStock(tx) };
  const movements: MovementRequest[] = lines.map((line) => ({
    variantId: line.variantId,
    locationId,
    kind,
    quantityMilli: kind === 'transfer_out' ? -line.quantityMilli : line.quantityMilli,
    sourceType: 'transfer',
    sourceId: transferId,
    note,
  }));
  await recordMovements(tx, context, movements);
}

const fromLocations = aliasedTable(locations, 'from_location');
const toLocations = aliasedTable(locations, 'to_location');

interface TransferHeaderRow {
  id: string;
  fromId: string;
  fromName: string;
  toId: string;
  toName: string;
  status: string;
  note: string | null;
  sentBy: string | null;
  sentAt: Date;
  receivedBy: string | null;
  receivedAt: Date | null;
}

function selectHeaders<T extends Record<string, SQL.Aliased | SQL>>(tx: TenantTx, extra: T) {
  return tx
    .select({
      id: stockTransfers.id,
      fromId: stockTransfers.fromLocationId,
      fromName: fromLocations.name,
      toId: stockTransfers.toLocationId,
      toName: toLocations.name,
      status: stockTransfers.status,
      note: stockTransfers.note,
      sentBy: stockTransfers.sentBy,
      sentAt: stockTransfers.sentAt,
      receivedBy: stockTransfers.receivedBy,
      receivedAt: stockTransfers.receivedAt,
      ...extra,
    })
    .from(stockTransfers)
    .innerJoin(fromLocations, eq(fromLocations.id, stockTransfers.fromLocationId))
    .innerJoin(toLocations, eq(toLocations.id, stockTransfers.toLocationId));
}

function toHeader(row: TransferHeaderRow, names: Map<string, string>): Omit<Transfer, 'lines'> {
  return {
    id: row.id,
    fromLocation: { id: row.fromId, name: row.fromName },
    toLocation: { id: row.toId, name: row.toName },
    status: row.status as TransferStatus,
    note: row.note,
    sentByName: nameOf(names, row.sentBy),
    sentAt: row.sentAt.toISOString(),
    receivedByName: nameOf(names, row.receivedBy),
    receivedAt: row.receivedAt?.toISOString() ?? null,
  };
}

export async function getTransfer(database: Database, tenantId: string, transferId: string): Promise<Transfer> {
  const { header, lines } = await database.withTenant(tenantId, async (tx) => {
    const [found] = await selectHeaders(tx, {}).where(eq(stockTransfers.id, transferId));
    if (!found) throw notFound('Transfer not found');
    const transferLines = await tx
      .select({
        variantId: stockTransferLines.variantId,
        productName: products.name,
        variantName: productVariants.name,
        sku: productVariants.sku,
        quantityMilli: stockTransferLines.quantity,
      })
      .from(stockTransferLines)
      .innerJoin(productVariants, eq(productVariants.id, stockTransferLines.variantId))
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(eq(stockTransferLines.transferId, transferId))
      .orderBy(products.name, productVariants.position);
    return { header: found, lines: transferLines };
  });
  const names = await readUserNames(database, [header.sentBy, header.receivedBy]);
  return { ...toHeader(header, names), lines };
}

/** Newest first; filtered by status and by a location at either end. */
export async function listTransfers(database: Database, tenantId: string, query: DocumentListQuery): Promise<Page<TransferListItem>> {
  const where = and(
    query.status ? eq(stockTransfers.status, query.status) : undefined,
    query.locationId ? or(eq(stockTransfers.fromLocationId, query.locationId), eq(stockTransfers.toLocationId, query.locationId)) : undefined,
  );
  const lineCount = sql<number>`(select count(*)::int from stock_transfer_lines l where l.transfer_id = ${stockTransfers.id})`;
  return readPage(
    database,
    tenantId,
    query,
    {
      count: (tx) => tx.select(countAll).from(stockTransfers).where(where),
      rows: (tx, window) =>
        selectHeaders(tx, { lineCount }).where(where).orderBy(desc(stockTransfers.sentAt), desc(stockTransfers.id)).limit(window.limit).offset(window.offset),
      people: (row) => [row.sentBy, row.receivedBy],
    },
    (row, names) => ({ ...toHeader(row, names), lineCount: row.lineCount }),
  );
}
