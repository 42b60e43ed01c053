import { aliasedTable, and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { documentListQuerySchema, Transfer, transferInputSchema, TransferListItem, transferReceiptInputSchema } from '../../core/inventory/inventory.schemas';
import { formatQuantity } from '../../core/products/quantity.rules';
import { mayWorkAt } from '../../core/team/permissions.rules';
import { postDocument } from '../accounting/post-document';
import type { Database, TenantTx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { locations, stockTransferLines, stockTransferReceiptLines, stockTransferReceipts, stockTransfers } from '../db/schema/inventory';
import { productVariants, products } from '../db/schema/products';
import { HttpError, notFound } from '../http/errors';
import { claimRequestKey } from '../http/idempotency';
import {
  countAll,
  createOnce,
  itemLabel,
  lineProblems,
  loadLineItems,
  nameOf,
  readPage,
  readUserNames,
  requireActiveLocation,
  requireLineItems,
  type DocumentAuthor,
  type DocumentReader,
  type Page,
} from './inventory-documents';
import { atWorkplaces, type Workplaces } from './location-access';
import { readAllowNegativeStock, recordMovements, type MovementRequest } from './stock-ledger';

// Transfers between locations (feature multi_location): sending takes the stock out of the source
// (never below zero unless the shop allows it); receiving puts it into the destination, in one go
// or in parts (what is not received stays in transit, or is written off as lost in transit);
// cancelling a transfer nothing of which arrived yet puts it back into the source. A member limited
// to some locations sees the transfers with either end at one of theirs; they send from theirs
// (to anywhere), receive at theirs and call back to theirs.

type TransferInput = z.output<typeof transferInputSchema>;
type TransferReceiptInput = z.output<typeof transferReceiptInputSchema>;
type DocumentListQuery = z.output<typeof documentListQuerySchema>;
type TransferStatus = Transfer['status'];

export async function sendTransfer(database: Database, author: DocumentAuthor, input: TransferInput): Promise<Transfer> {
  const id = await createOnce(
    database,
    author,
    async (tx, requestKey) => (await tx.select({ id: stockTransfers.id }).from(stockTransfers).where(eq(stockTransfers.requestKey, requestKey)))[0]?.id,
    async (tx) => {
      await requireActiveLocation(tx, author, input.fromLocationId, 'fromLocationId');
      // Stock may be sent to any location: only the source must be the sender's.
      await requireActiveLocation(tx, {}, input.toLocationId, 'toLocationId');
      await requireLineItems(tx, input.lines, 'quantityMilli');
      const [transfer] = await tx
        .insert(stockTransfers)
        .values({
          tenantId: author.tenantId,
          fromLocationId: input.fromLocationId,
          toLocationId: input.toLocationId,
          note: input.note,
          sentBy: author.userId,
          requestKey: author.requestKey?.key ?? null,
        })
        .returning({ id: stockTransfers.id });
      const transferId = transfer!.id;
      await tx.insert(stockTransferLines).values(input.lines.map((line) => ({ tenantId: author.tenantId, transferId, variantId: line.variantId, quantity: line.quantityMilli })));
      await moveLines(tx, author, transferId, input.fromLocationId, 'transfer_out', input.lines);
      await postDocument(tx, author.tenantId, 'transfer_dispatch', transferId);
      return transferId;
    },
  );
  return getTransfer(database, author, id);
}

const RECEIPT_KEY_INDEX = 'stock_transfer_receipts_request_key_unique';

/**
 * (Part of) the transfer arrived. Per line, the received quantity goes into the destination
 * (transfer_in) and a lost quantity is booked there as arrived and written off (transfer_in, then
 * transfer_loss), so the loss shows in the destination's history at its cost; the rest stays in
 * transit. Without lines, everything still in transit arrives. The transfer row is locked first,
 * so receipts take turns: none can receive what another already did, and a retry of the same
 * Idempotency-Key finds its receipt (the unique key is the backstop) and changes nothing.
 */
export async function receiveTransfer(
  database: Database,
  author: DocumentAuthor,
  transferId: string,
  input: TransferReceiptInput = {},
): Promise<Transfer> {
  try {
    await database.withTenant(author.tenantId, async (tx) => {
      const transfer = await lockTransfer(tx, author, transferId);
      requireEnd(author, transfer.toLocationId, /*i18n*/ 'Only someone who works at the destination can receive this transfer');
      if (author.requestKey) {
        await claimRequestKey(tx, author.tenantId, author.requestKey);
        if (await isReceiptRecorded(tx, author.requestKey.key)) return;
      }
      if (transfer.status !== 'sent' && transfer.status !== 'partly_received') {
        throw new HttpError('conflict', `This transfer was already ${STATUS_WORDS[transfer.status]}: you cannot receive it`);
      }
      await requireOpenDestination(tx, transfer.toLocationId);
      const lines = await readLines(tx, transferId);
      const arrivals = input.lines ? await checkArrivals(tx, lines, input.lines) : everythingInTransit(lines);
      await recordReceipt(tx, author, transferId, transfer.toLocationId, lines, arrivals);
    });
  } catch (error) {
    // The same key's receipt committed while this one waited: that first receipt is the answer.
    if (!(author.requestKey && isUniqueViolation(error, RECEIPT_KEY_INDEX))) throw error;
  }
  return getTransfer(database, author, transferId);
}

/** Called back before anything arrived: the stock returns to the source. */
export async function cancelTransfer(database: Database, author: Omit<DocumentAuthor, 'requestKey'>, transferId: string): Promise<Transfer> {
  await database.withTenant(author.tenantId, async (tx) => {
    const transfer = await lockTransfer(tx, author, transferId);
    requireEnd(author, transfer.fromLocationId, /*i18n*/ 'Only someone who works at the source can cancel this transfer');
    if (transfer.status !== 'sent') throw new HttpError('conflict', `This transfer was already ${STATUS_WORDS[transfer.status]}: you cannot cancel it`);
    const lines = await readLines(tx, transferId);
    await moveLines(tx, author, transferId, transfer.fromLocationId, 'transfer_in', lines, 'Transfer cancelled');
    await tx.update(stockTransfers).set({ status: 'cancelled' }).where(eq(stockTransfers.id, transferId));
    // Back at the source: goods leave transit as on a receipt, keyed by the transfer (transfer-receipt.rule.ts).
    await postDocument(tx, author.tenantId, 'transfer_receipt', transferId);
  });
  return getTransfer(database, author, transferId);
}

const STATUS_WORDS: Record<TransferStatus, string> = { sent: 'sent', partly_received: 'partly received', received: 'received', cancelled: 'cancelled' };

/** The person's transfers: those with either end at one of their locations. */
const visibleTo = (who: Workplaces) => or(atWorkplaces(stockTransfers.fromLocationId, who), atWorkplaces(stockTransfers.toLocationId, who));

/** The transfer, locked against a concurrent receipt or cancellation until this transaction ends (404 when not the person's). */
async function lockTransfer(tx: TenantTx, who: Workplaces, transferId: string) {
  const [transfer] = await tx
    .select({ status: stockTransfers.status, fromLocationId: stockTransfers.fromLocationId, toLocationId: stockTransfers.toLocationId })
    .from(stockTransfers)
    .where(and(eq(stockTransfers.id, transferId), visibleTo(who)))
    .for('update');
  if (!transfer) throw notFound(/*i18n*/ 'Transfer not found');
  return { ...transfer, status: transfer.status as TransferStatus };
}

/** A transfer the person sees through its other end is received, or called back, only by someone at this one (403). */
function requireEnd(who: Workplaces, locationId: string, refusal: string) {
  if (!mayWorkAt(who.locationIds, locationId)) throw new HttpError('forbidden', refusal);
}

async function isReceiptRecorded(tx: TenantTx, requestKey: string): Promise<boolean> {
  const [receipt] = await tx.select({ id: stockTransferReceipts.id }).from(stockTransferReceipts).where(eq(stockTransferReceipts.requestKey, requestKey));
  return receipt !== undefined;
}

type TransferLine = Awaited<ReturnType<typeof readLines>>[number];

/** What one receipt takes in and writes off of one line (thousandths; at least one of them > 0). */
interface Arrival {
  line: TransferLine;
  receivedMilli: number;
  lostMilli: number;
}

const inTransit = (line: TransferLine) => line.quantityMilli - line.receivedMilli - line.lostMilli;

function everythingInTransit(lines: TransferLine[]): Arrival[] {
  const arrivals = lines.filter((line) => inTransit(line) > 0).map((line) => ({ line, receivedMilli: inTransit(line), lostMilli: 0 }));
  if (arrivals.length === 0) throw new HttpError('conflict', /*i18n*/ 'Nothing of this transfer is still in transit');
  return arrivals;
}

/**
 * The receipt's lines against the transfer's: each product on the transfer, counted as its unit
 * allows (400 otherwise), and no more than is still in transit (409: another receipt may have
 * taken it in meanwhile). Lines with nothing received or lost are left out.
 */
async function checkArrivals(tx: TenantTx, lines: TransferLine[], requested: NonNullable<TransferReceiptInput['lines']>): Promise<Arrival[]> {
  const items = await loadLineItems(tx, requested.map((line) => line.variantId));
  const problems: Record<string, string[]> = {};
  const excess: Record<string, string[]> = {};
  const arrivals: Arrival[] = [];
  requested.forEach((request, index) => {
    const item = items.get(request.variantId);
    const field = (name: string) => `lines.${index}.${name}`;
    const line = lines.find((candidate) => candidate.variantId === request.variantId);
    if (item && !line) {
      problems[field('variantId')] = [`${itemLabel(item)} is not on this transfer`];
      return;
    }
    Object.assign(
      problems,
      lineProblems(item, request.receivedQuantityMilli, { variant: field('variantId'), quantity: field('receivedQuantityMilli') }),
      lineProblems(item, request.lostQuantityMilli, { variant: field('variantId'), quantity: field('lostQuantityMilli') }),
    );
    if (!item || !line || request.receivedQuantityMilli + request.lostQuantityMilli === 0) return;
    const left = inTransit(line);
    if (request.receivedQuantityMilli + request.lostQuantityMilli > left) {
      const label = itemLabel(item);
      excess[field('receivedQuantityMilli')] = [
        left === 0 ? `Nothing of ${label} is still in transit` : `Only ${formatQuantity(left)} of ${label} ${left === 1000 ? 'is' : 'are'} still in transit`,
      ];
    }
    arrivals.push({ line, receivedMilli: request.receivedQuantityMilli, lostMilli: request.lostQuantityMilli });
  });
  const problemFields = Object.values(problems);
  if (problemFields.length > 0) throw new HttpError('validation_failed', problemFields.length === 1 ? problemFields[0]![0]! : /*i18n*/ 'Some lines are invalid', problems);
  const [firstExcess] = Object.values(excess);
  if (firstExcess) throw new HttpError('conflict', firstExcess[0]!, excess);
  return arrivals;
}

async function recordReceipt(tx: TenantTx, author: DocumentAuthor, transferId: string, toLocationId: string, lines: TransferLine[], arrivals: Arrival[]) {
  const receivedAt = new Date();
  const [receipt] = await tx
    .insert(stockTransferReceipts)
    .values({ tenantId: author.tenantId, transferId, receivedBy: author.userId, receivedAt, requestKey: author.requestKey?.key ?? null })
    .returning({ id: stockTransferReceipts.id });
  await tx.insert(stockTransferReceiptLines).values(
    arrivals.map((arrival) => ({
      tenantId: author.tenantId,
      receiptId: receipt!.id,
      variantId: arrival.line.variantId,
      receivedQuantity: arrival.receivedMilli,
      lostQuantity: arrival.lostMilli,
    })),
  );
  for (const arrival of arrivals) {
    await tx
      .update(stockTransferLines)
      .set({
        receivedQuantity: sql`${stockTransferLines.receivedQuantity} + ${formatQuantity(arrival.receivedMilli)}::numeric`,
        lostQuantity: sql`${stockTransferLines.lostQuantity} + ${formatQuantity(arrival.lostMilli)}::numeric`,
      })
      .where(eq(stockTransferLines.id, arrival.line.id));
  }
  // In, then the loss out of the same stock row: together they never take the destination below
  // what it held before the receipt, so there is nothing for the negative-stock guard to refuse.
  const movements: MovementRequest[] = arrivals.flatMap(({ line, receivedMilli, lostMilli }) => {
    const base = { variantId: line.variantId, locationId: toLocationId, sourceType: 'transfer', sourceId: transferId };
    return [
      { ...base, kind: 'transfer_in' as const, quantityMilli: receivedMilli + lostMilli },
      ...(lostMilli > 0 ? [{ ...base, kind: 'transfer_loss' as const, quantityMilli: -lostMilli }] : []),
    ];
  });
  await recordMovements(tx, { tenantId: author.tenantId, userId: author.userId, allowNegative: true }, movements);
  const taken = new Map(arrivals.map((arrival) => [arrival.line.id, arrival.receivedMilli + arrival.lostMilli]));
  const isComplete = lines.every((line) => inTransit(line) === (taken.get(line.id) ?? 0));
  await tx
    .update(stockTransfers)
    .set({ status: isComplete ? 'received' : 'partly_received', receivedBy: author.userId, receivedAt })
    .where(eq(stockTransfers.id, transferId));
  await postDocument(tx, author.tenantId, 'transfer_receipt', receipt!.id);
}

async function requireOpenDestination(tx: TenantTx, locationId: string) {
  const [location] = await tx.select({ name: locations.name, isActive: locations.isActive }).from(locations).where(eq(locations.id, locationId));
  if (!location?.isActive) throw new HttpError('conflict', `${location?.name ?? 'The destination'} is closed: reopen it to receive stock`);
}

async function readLines(tx: TenantTx, transferId: string) {
  return tx
    .select({
      id: stockTransferLines.id,
      variantId: stockTransferLines.variantId,
      quantityMilli: stockTransferLines.quantity,
      receivedMilli: stockTransferLines.receivedQuantity,
      lostMilli: stockTransferLines.lostQuantity,
    })
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

function toHeader(row: TransferHeaderRow, names: Map<string, string>): Omit<Transfer, 'lines' | 'receipts'> {
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

export async function getTransfer(database: Database, reader: DocumentReader, transferId: string): Promise<Transfer> {
  const { header, lines, receipts, receiptLines } = await database.withTenant(reader.tenantId, async (tx) => {
    const [found] = await selectHeaders(tx, {}).where(and(eq(stockTransfers.id, transferId), visibleTo(reader)));
    if (!found) throw notFound(/*i18n*/ 'Transfer not found');
    const transferLines = await tx
      .select({
        variantId: stockTransferLines.variantId,
        productName: products.name,
        variantName: productVariants.name,
        sku: productVariants.sku,
        quantityMilli: stockTransferLines.quantity,
        receivedQuantityMilli: stockTransferLines.receivedQuantity,
        lostQuantityMilli: stockTransferLines.lostQuantity,
      })
      .from(stockTransferLines)
      .innerJoin(productVariants, eq(productVariants.id, stockTransferLines.variantId))
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(eq(stockTransferLines.transferId, transferId))
      .orderBy(products.name, productVariants.position);
    const receiptRows = await tx
      .select({ id: stockTransferReceipts.id, receivedBy: stockTransferReceipts.receivedBy, receivedAt: stockTransferReceipts.receivedAt })
      .from(stockTransferReceipts)
      .where(eq(stockTransferReceipts.transferId, transferId))
      .orderBy(asc(stockTransferReceipts.receivedAt), asc(stockTransferReceipts.id));
    const receiptLineRows = receiptRows.length
      ? await tx
          .select({
            receiptId: stockTransferReceiptLines.receiptId,
            variantId: stockTransferReceiptLines.variantId,
            receivedQuantityMilli: stockTransferReceiptLines.receivedQuantity,
            lostQuantityMilli: stockTransferReceiptLines.lostQuantity,
          })
          .from(stockTransferReceiptLines)
          .where(inArray(stockTransferReceiptLines.receiptId, receiptRows.map((receipt) => receipt.id)))
      : [];
    return { header: found, lines: transferLines, receipts: receiptRows, receiptLines: receiptLineRows };
  });
  const names = await readUserNames(database, [header.sentBy, header.receivedBy, ...receipts.map((receipt) => receipt.receivedBy)]);
  return {
    ...toHeader(header, names),
    lines: lines.map((line) => ({ ...line, inTransitMilli: line.quantityMilli - line.receivedQuantityMilli - line.lostQuantityMilli })),
    receipts: receipts.map((receipt) => ({
      id: receipt.id,
      receivedByName: nameOf(names, receipt.receivedBy),
      receivedAt: receipt.receivedAt.toISOString(),
      lines: receiptLines.filter((line) => line.receiptId === receipt.id).map(({ receiptId: _receiptId, ...line }) => line),
    })),
  };
}

/** Newest first; filtered by status and by a location at either end. */
export async function listTransfers(database: Database, reader: DocumentReader, query: DocumentListQuery): Promise<Page<TransferListItem>> {
  const where = and(
    query.status ? eq(stockTransfers.status, query.status) : undefined,
    query.locationId ? or(eq(stockTransfers.fromLocationId, query.locationId), eq(stockTransfers.toLocationId, query.locationId)) : undefined,
    visibleTo(reader),
  );
  const lineCount = sql<number>`(select count(*)::int from stock_transfer_lines l where l.transfer_id = ${stockTransfers.id})`;
  return readPage(
    database,
    reader.tenantId,
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
