import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  formatOrderNumber,
  type PurchaseOrder,
  type purchaseListQuerySchema,
  type PurchaseOrderListItem,
  type purchaseOrderInputSchema,
} from '../../core/purchases/purchases.schemas';
import { isCancellable, isClosable, isEditable, PURCHASE_ORDER_STATUSES, type PurchaseOrderStatus } from '../../core/purchases/purchase-order.rules';
import type { TaxClass } from '../../core/products/tax.rules';
import { nextDocumentNumber } from '../accounts/account-ledger';
import type { Database, TenantTx } from '../db/client';
import { contacts } from '../db/schema/contacts';
import { locations } from '../db/schema/inventory';
import { productVariants, products, units } from '../db/schema/products';
import { goodsReceipts, purchaseOrderLines, purchaseOrders } from '../db/schema/purchases';
import { HttpError, notFound } from '../http/errors';
import { countAll, createOnce, nameOf, readPage, readUserNames, requireActiveLocation, type DocumentAuthor, type DocumentReader, type Page } from '../inventory/inventory-documents';
import { atWorkplaces } from '../inventory/location-access';
import { escapeLike, purchaseLineAmounts, readVatRates, requireSupplier, resolvePurchaseLines, shopDayOf, stockQuantity, type ResolvedPurchaseLine } from './purchase-documents';

// Purchase orders (issue 16, docs/decisions/0019): a draft is edited freely, then ordered (sent by
// e-mail, printed or shared, or just marked as ordered); receipts against it (goods-receipts) move
// it to partly received and received; the user closes one whose rest will not come, or cancels one
// nothing arrived for. Orders hold no stock and no money. Transitions lock the order row. A member
// limited to some locations orders for, lists and works on the orders delivered to those only.

export type PurchaseOrderInput = z.output<typeof purchaseOrderInputSchema>;
type PurchaseListQuery = z.output<typeof purchaseListQuerySchema>;

export async function createPurchaseOrder(database: Database, author: DocumentAuthor, input: PurchaseOrderInput): Promise<PurchaseOrder> {
  const id = await createOnce(
    database,
    author,
    async (tx, requestKey) => (await tx.select({ id: purchaseOrders.id }).from(purchaseOrders).where(eq(purchaseOrders.requestKey, requestKey)))[0]?.id,
    async (tx) => (await insertOrders(tx, author, input.locationId, [input]))[0]!.id,
  );
  return getPurchaseOrder(database, author, id);
}

interface OrderDraft {
  supplierId: string;
  expectedDate?: string | null;
  supplierReference?: string | null;
  note?: string | null;
  lines: PurchaseOrderInput['lines'];
}

/**
 * Draft orders at one location, checked first (400 with the field of every bad line, nothing
 * written), numbered PO-000001… in this transaction; the first carries the request's key.
 * `path` prefixes the fields of order N when there are several (reorder drafts).
 */
export async function insertOrders(
  tx: TenantTx,
  author: DocumentAuthor,
  locationId: string,
  drafts: OrderDraft[],
  path: (index: number) => string = () => '',
): Promise<{ id: string; number: string; supplierName: string; lineCount: number }[]> {
  await requireActiveLocation(tx, author, locationId, 'locationId');
  const rates = await readVatRates(tx);
  const checked = [];
  for (const [index, draft] of drafts.entries()) {
    const supplier = await requireSupplier(tx, draft.supplierId, `${path(index)}supplierId`);
    checked.push({ draft, supplier, lines: await resolvePurchaseLines(tx, draft.lines, rates, { path: `${path(index)}lines` }) });
  }
  const created = [];
  for (const [index, { draft, supplier, lines }] of checked.entries()) {
    const number = formatOrderNumber(await nextDocumentNumber(tx, author.tenantId, 'purchase_order'));
    const [order] = await tx
      .insert(purchaseOrders)
      .values({
        tenantId: author.tenantId,
        number,
        supplierId: supplier.id,
        locationId,
        expectedDate: draft.expectedDate ?? null,
        supplierReference: draft.supplierReference ?? null,
        note: draft.note ?? null,
        totalMinor: orderTotal(lines),
        createdBy: author.userId,
        // Only the first order of a request carries its key (the index is unique): see findOrdersOfRequest.
        requestKey: index === 0 ? (author.requestKey?.key ?? null) : null,
      })
      .returning({ id: purchaseOrders.id });
    await insertLines(tx, author.tenantId, order!.id, lines);
    created.push({ id: order!.id, number, supplierName: supplier.name, lineCount: lines.length });
  }
  return created;
}

const orderTotal = (lines: ResolvedPurchaseLine[]) => lines.reduce((sum, line) => sum + line.lineSubtotalMinor + line.vatMinor, 0);

async function insertLines(tx: TenantTx, tenantId: string, orderId: string, lines: ResolvedPurchaseLine[]) {
  await tx.insert(purchaseOrderLines).values(
    lines.map((line, position) => ({
      tenantId,
      orderId,
      position,
      variantId: line.variantId,
      unitId: line.unitId,
      packSize: line.packSizeMilli,
      quantity: line.quantityMilli,
      unitCostMinor: line.unitCostMinor,
      taxClass: line.taxClass,
    })),
  );
}

/** A draft's new header and lines (409 once it is ordered: the supplier has it as it was). */
export async function updatePurchaseOrder(database: Database, author: Omit<DocumentAuthor, 'requestKey'>, orderId: string, input: PurchaseOrderInput): Promise<PurchaseOrder> {
  await database.withTenant(author.tenantId, async (tx) => {
    const order = await lockOrder(tx, author, orderId);
    if (!isEditable(order.status)) throw new HttpError('conflict', /*i18n*/ 'Only a draft order can be changed');
    await requireActiveLocation(tx, author, input.locationId, 'locationId');
    await requireSupplier(tx, input.supplierId);
    const lines = await resolvePurchaseLines(tx, input.lines, await readVatRates(tx));
    await tx
      .update(purchaseOrders)
      .set({
        supplierId: input.supplierId,
        locationId: input.locationId,
        expectedDate: input.expectedDate,
        supplierReference: input.supplierReference,
        note: input.note,
        totalMinor: orderTotal(lines),
        updatedAt: new Date(),
      })
      .where(eq(purchaseOrders.id, orderId));
    await tx.delete(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, orderId));
    await insertLines(tx, author.tenantId, orderId, lines);
  });
  return getPurchaseOrder(database, author, orderId);
}

/** The order row, locked against another transition or a receipt until this transaction ends (404: none, another shop's, or to another's location). */
async function lockOrder(tx: TenantTx, reader: DocumentReader, orderId: string): Promise<{ id: string; status: PurchaseOrderStatus; number: string }> {
  const [order] = await tx
    .select({ id: purchaseOrders.id, status: purchaseOrders.status, number: purchaseOrders.number })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.id, orderId), atWorkplaces(purchaseOrders.locationId, reader)))
    .for('update');
  if (!order) throw notFound(/*i18n*/ 'Purchase order not found');
  return { ...order, status: order.status as PurchaseOrderStatus };
}

/** A status change under the order's lock: refused with 409 and `refusal` unless `allowed`. */
async function transition(
  database: Database,
  reader: DocumentReader,
  orderId: string,
  allowed: (status: PurchaseOrderStatus) => boolean,
  refusal: string,
  change: (status: PurchaseOrderStatus) => Partial<typeof purchaseOrders.$inferInsert>,
): Promise<PurchaseOrder> {
  await database.withTenant(reader.tenantId, async (tx) => {
    const order = await lockOrder(tx, reader, orderId);
    if (!allowed(order.status)) throw new HttpError('conflict', refusal);
    await tx
      .update(purchaseOrders)
      .set({ ...change(order.status), updatedAt: new Date() })
      .where(eq(purchaseOrders.id, orderId));
  });
  return getPurchaseOrder(database, reader, orderId);
}

/** "Mark as ordered": the supplier has it by other means (a phone call). */
export const markOrdered = (database: Database, reader: DocumentReader, orderId: string) =>
  transition(database, reader, orderId, isEditable, /*i18n*/ 'Only a draft order can be marked as ordered', () => ({ status: 'ordered', orderedAt: new Date() }));

export const cancelPurchaseOrder = (database: Database, reader: DocumentReader, orderId: string) =>
  transition(database, reader, orderId, isCancellable, /*i18n*/ 'Only a draft or ordered order with nothing received can be cancelled', () => ({ status: 'cancelled' }));

/** The rest will not come (or the paperwork is done): it no longer counts as on order. */
export const closePurchaseOrder = (database: Database, reader: DocumentReader, orderId: string) =>
  transition(database, reader, orderId, isClosable, /*i18n*/ 'Only a partly or fully received order can be closed', () => ({ status: 'closed', closedAt: new Date() }));

/** An order that can still go to the supplier: anything not cancelled or closed. */
export const isSendable = (status: PurchaseOrderStatus) => status !== 'cancelled' && status !== 'closed';
export const NOT_SENDABLE = /*i18n*/ 'A cancelled or closed order cannot be sent';

/** Sent (e-mailed, printed or shared) now: a draft becomes ordered; a sent one keeps its status. */
export const recordSent = (database: Database, reader: DocumentReader, orderId: string) =>
  transition(database, reader, orderId, isSendable, NOT_SENDABLE, (status) => {
    const now = new Date();
    return status === 'draft' ? { status: 'ordered', orderedAt: now, sentAt: now } : { sentAt: now };
  });

interface HeaderRow {
  id: string;
  number: string;
  supplierId: string;
  supplierName: string;
  supplierEmail: string | null;
  supplierPhone: string | null;
  locationId: string;
  locationName: string;
  status: string;
  expectedDate: string | null;
  supplierReference: string | null;
  totalMinor: number;
  subtotalMinor: number;
  createdBy: string | null;
  createdAt: Date;
  orderedAt: Date | null;
  sentAt: Date | null;
  closedAt: Date | null;
}

// Σ quantity × unit cost per line, each rounded half up to the minor unit (as purchaseLineAmounts).
const subtotalOf = sql<number>`(select coalesce(sum(round(l.quantity * l.unit_cost_minor)), 0)::bigint from purchase_order_lines l
  where l.tenant_id = ${purchaseOrders.tenantId} and l.order_id = ${purchaseOrders.id})`.mapWith(Number);

function selectHeaders<T extends Record<string, SQL.Aliased | SQL>>(tx: TenantTx, extra: T) {
  return tx
    .select({
      id: purchaseOrders.id,
      number: purchaseOrders.number,
      supplierId: purchaseOrders.supplierId,
      supplierName: contacts.name,
      supplierEmail: contacts.email,
      supplierPhone: contacts.phone,
      locationId: purchaseOrders.locationId,
      locationName: locations.name,
      status: purchaseOrders.status,
      expectedDate: purchaseOrders.expectedDate,
      supplierReference: purchaseOrders.supplierReference,
      totalMinor: purchaseOrders.totalMinor,
      subtotalMinor: subtotalOf,
      createdBy: purchaseOrders.createdBy,
      createdAt: purchaseOrders.createdAt,
      orderedAt: purchaseOrders.orderedAt,
      sentAt: purchaseOrders.sentAt,
      closedAt: purchaseOrders.closedAt,
      ...extra,
    })
    .from(purchaseOrders)
    .innerJoin(contacts, eq(contacts.id, purchaseOrders.supplierId))
    .innerJoin(locations, eq(locations.id, purchaseOrders.locationId));
}

function toHeader(row: HeaderRow, names: Map<string, string>): Omit<PurchaseOrder, 'lines' | 'receipts' | 'note'> {
  return {
    id: row.id,
    number: row.number,
    supplier: { id: row.supplierId, name: row.supplierName, email: row.supplierEmail, phone: row.supplierPhone },
    location: { id: row.locationId, name: row.locationName },
    status: row.status as PurchaseOrderStatus,
    expectedDate: row.expectedDate,
    supplierReference: row.supplierReference,
    subtotalMinor: row.subtotalMinor,
    // The total was fixed with the lines at the rates of the day; VAT is what it adds to them.
    vatMinor: row.totalMinor - row.subtotalMinor,
    totalMinor: row.totalMinor,
    createdByName: nameOf(names, row.createdBy),
    createdAt: row.createdAt.toISOString(),
    orderedAt: row.orderedAt?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

export async function getPurchaseOrder(database: Database, reader: DocumentReader, orderId: string): Promise<PurchaseOrder> {
  const { header, lines, receipts, rates } = await database.withTenant(reader.tenantId, async (tx) => {
    const [found] = await selectHeaders(tx, { note: sql<string | null>`${purchaseOrders.note}` }).where(
      and(eq(purchaseOrders.id, orderId), atWorkplaces(purchaseOrders.locationId, reader)),
    );
    if (!found) throw notFound(/*i18n*/ 'Purchase order not found');
    // One query at a time: a transaction's connection runs them in turn anyway.
    const orderLines = await tx
      .select({
        id: purchaseOrderLines.id,
        variantId: purchaseOrderLines.variantId,
        productId: products.id,
        productName: products.name,
        variantName: productVariants.name,
        sku: productVariants.sku,
        unitId: purchaseOrderLines.unitId,
        unitName: units.name,
        packSizeMilli: purchaseOrderLines.packSize,
        quantityMilli: purchaseOrderLines.quantity,
        unitCostMinor: purchaseOrderLines.unitCostMinor,
        taxClass: sql<TaxClass>`${purchaseOrderLines.taxClass}`,
        receivedStockMilli: purchaseOrderLines.receivedQuantity,
      })
      .from(purchaseOrderLines)
      .innerJoin(productVariants, eq(productVariants.id, purchaseOrderLines.variantId))
      .innerJoin(products, eq(products.id, productVariants.productId))
      .leftJoin(units, eq(units.id, purchaseOrderLines.unitId))
      .where(eq(purchaseOrderLines.orderId, orderId))
      .orderBy(asc(purchaseOrderLines.position));
    const orderReceipts = await tx
      .select({ id: goodsReceipts.id, number: goodsReceipts.number, receivedAt: goodsReceipts.receivedAt, totalMinor: goodsReceipts.totalMinor })
      .from(goodsReceipts)
      .where(eq(goodsReceipts.orderId, orderId))
      .orderBy(asc(goodsReceipts.receivedAt), asc(goodsReceipts.id));
    const vatRates = await readVatRates(tx);
    return { header: found, lines: orderLines, receipts: orderReceipts, rates: vatRates };
  });
  const names = await readUserNames(database, [header.createdBy]);
  return {
    ...toHeader(header, names),
    note: header.note,
    lines: lines.map((line) => {
      const orderedStockMilli = stockQuantity(line.quantityMilli, line.packSizeMilli);
      return {
        ...line,
        ...purchaseLineAmounts(line.quantityMilli, line.unitCostMinor, rates[line.taxClass]),
        orderedStockMilli,
        outstandingStockMilli: Math.max(0, orderedStockMilli - line.receivedStockMilli),
      };
    }),
    receipts: receipts.map((receipt) => ({ ...receipt, receivedAt: receipt.receivedAt.toISOString() })),
  };
}

const SORTS = {
  newest: [desc(purchaseOrders.createdAt), desc(purchaseOrders.id)],
  oldest: [asc(purchaseOrders.createdAt), asc(purchaseOrders.id)],
  number: [desc(purchaseOrders.number)],
  total: [desc(purchaseOrders.totalMinor), desc(purchaseOrders.id)],
  due: [sql`${purchaseOrders.expectedDate} asc nulls last`, asc(purchaseOrders.createdAt)],
} satisfies Record<PurchaseListQuery['sort'], SQL[]>;

/** Filtered by supplier, status, location and the day it was made (shop's time zone); searched by number, supplier reference or supplier name. */
export async function listPurchaseOrders(database: Database, reader: DocumentReader, query: PurchaseListQuery): Promise<Page<PurchaseOrderListItem>> {
  if (query.status && !(PURCHASE_ORDER_STATUSES as readonly string[]).includes(query.status)) {
    throw new HttpError('validation_failed', /*i18n*/ 'Choose a status from the list', { status: [/*i18n*/ 'Choose a status from the list'] });
  }
  const localDay = shopDayOf(sql`${purchaseOrders.createdAt}`);
  const pattern = query.search ? `%${escapeLike(query.search)}%` : null;
  const where = and(
    query.supplierId ? eq(purchaseOrders.supplierId, query.supplierId) : undefined,
    query.status ? eq(purchaseOrders.status, query.status) : undefined,
    query.locationId ? eq(purchaseOrders.locationId, query.locationId) : undefined,
    query.from ? sql`${localDay} >= ${query.from}::date` : undefined,
    query.to ? sql`${localDay} <= ${query.to}::date` : undefined,
    pattern ? or(ilike(purchaseOrders.number, pattern), ilike(purchaseOrders.supplierReference, pattern), ilike(contacts.name, pattern)) : undefined,
    atWorkplaces(purchaseOrders.locationId, reader),
  );
  const lineCount = sql<number>`(select count(*)::int from purchase_order_lines l where l.tenant_id = ${purchaseOrders.tenantId} and l.order_id = ${purchaseOrders.id})`;
  return readPage(
    database,
    reader.tenantId,
    query,
    {
      count: (tx) =>
        tx
          .select(countAll)
          .from(purchaseOrders)
          .innerJoin(contacts, eq(contacts.id, purchaseOrders.supplierId))
          .where(where),
      rows: (tx, window) =>
        selectHeaders(tx, { lineCount })
          .where(where)
          .orderBy(...SORTS[query.sort])
          .limit(window.limit)
          .offset(window.offset),
      people: (row) => [row.createdBy],
    },
    (row, names) => ({ ...toHeader(row, names), lineCount: row.lineCount }),
  );
}

/**
 * The orders one request made in its transaction (reorder drafts): its first order carries the
 * key, and all share that order's creator and creation time (now(), the transaction's start).
 */
export async function findOrdersOfRequest(tx: TenantTx, requestKey: string): Promise<{ id: string; number: string; supplierName: string; lineCount: number }[] | undefined> {
  const rows = await tx
    .select({
      id: purchaseOrders.id,
      number: purchaseOrders.number,
      supplierName: contacts.name,
      lineCount: sql<number>`(select count(*)::int from purchase_order_lines l where l.tenant_id = ${purchaseOrders.tenantId} and l.order_id = ${purchaseOrders.id})`,
    })
    .from(purchaseOrders)
    .innerJoin(contacts, eq(contacts.id, purchaseOrders.supplierId))
    .where(
      sql`${purchaseOrders.createdAt} = (select f.created_at from purchase_orders f where f.request_key = ${requestKey})
        and ${purchaseOrders.createdBy} is not distinct from (select f.created_by from purchase_orders f where f.request_key = ${requestKey})`,
    )
    .orderBy(asc(purchaseOrders.number));
  return rows.length > 0 ? rows : undefined;
}
