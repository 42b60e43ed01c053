import { eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { upgradeMessage } from '../../core/billing/plan-features.rules';
import { fillMessage } from '../../core/i18n/message.rules';
import { formatQuantity } from '../../core/products/quantity.rules';
import type { TaxClass } from '../../core/products/tax.rules';
import { hasPermission } from '../../core/team/permissions.rules';
import { overReceiptMilli, statusFromReceipts, isReceivable, type PurchaseOrderStatus } from '../../core/purchases/purchase-order.rules';
import {
  formatReceiptNumber,
  MAX_PURCHASE_AMOUNT_MINOR,
  type expiringSoonQuerySchema,
  type expiringSoonSchema,
  type GoodsReceipt,
  type goodsReceiptInputSchema,
  type GoodsReceiptListItem,
  type purchaseListQuerySchema,
  type supplierInvoiceCheckSchema,
} from '../../core/purchases/purchases.schemas';
import { costReceiptLines, type LandedCostBasis } from '../../core/purchases/receipt-costing.rules';
import { postDocument } from '../accounting/post-document';
import { nextDocumentNumber } from '../accounts/account-ledger';
import { readSubscriptionState } from '../billing/subscription.service';
import { queryRows, type Database, type TenantTx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { quantityFromNumeric } from '../db/schema/quantity';
import { goodsReceiptLines, goodsReceipts, purchaseOrders } from '../db/schema/purchases';
import { HttpError, notFound } from '../http/errors';
import { createOnce, itemLabel, nameOf, readPage, readUserNames, requireActiveLocation, type DocumentReader, type Page } from '../inventory/inventory-documents';
import { andAtWorkplaces } from '../inventory/location-access';
import { recordMovements } from '../inventory/stock-ledger';
import { readPurchaseSettings } from '../expenses/purchase-settings.service';
import { escapeLike, readShopClaimsVat, readVatRates, requireSupplier, resolvePurchaseLines, shopDayOf, shopToday, stockQuantity, type ResolvedPurchaseLine } from './purchase-documents';
import { postBill, readReceiptBill } from './supplier-bills.service';
import { paySupplierInTx, type PurchaseAuthor } from './supplier-payments.service';

// Goods received from a supplier (issue 16, docs/decisions/0019), in ONE transaction: the receipt
// and its lines costed with the landed costs, the stock through the ledger (purchase_receipt at
// the landed unit cost, so the average cost moves with it), the order's received quantities and
// status, the bill on the supplier's payable ledger, and, when paid now, the payment (and the
// drawer's cash-out). Any refusal writes nothing. A member limited to some locations receives at,
// lists and reads those locations' receipts only.

type GoodsReceiptInput = z.output<typeof goodsReceiptInputSchema>;
type PurchaseListQuery = z.output<typeof purchaseListQuerySchema>;
type ExpiringSoonQuery = z.output<typeof expiringSoonQuerySchema>;
type ExpiringSoon = z.infer<typeof expiringSoonSchema>;
type SupplierInvoiceCheck = z.infer<typeof supplierInvoiceCheckSchema>;

const INVOICE_INDEX = 'goods_receipts_supplier_invoice_unique';

/** A line after the checks, priced, with what was asked of it (order line, batch). */
type CheckedLine = ResolvedPurchaseLine & { input: GoodsReceiptInput['lines'][number] };

export async function createGoodsReceipt(database: Database, author: PurchaseAuthor, input: GoodsReceiptInput): Promise<GoodsReceipt> {
  let id: string;
  try {
    id = await createOnce(
      database,
      author,
      async (tx, requestKey) => (await tx.select({ id: goodsReceipts.id }).from(goodsReceipts).where(eq(goodsReceipts.requestKey, requestKey)))[0]?.id,
      (tx) => receiveInTx(tx, author, input),
    );
  } catch (error) {
    // Two receipts of one invoice raced past the check: the unique index let one in; this one is refused as the check would have.
    if (!isUniqueViolation(error, INVOICE_INDEX)) throw error;
    const first = await database.withTenant(author.tenantId, (tx) => findInvoice(tx, input.supplierId, input.supplierInvoiceNumber!));
    throw duplicateInvoice(input.supplierInvoiceNumber!, first?.number ?? null);
  }
  return getGoodsReceipt(database, author, id);
}

async function receiveInTx(tx: TenantTx, author: PurchaseAuthor, input: GoodsReceiptInput): Promise<string> {
  await requireMayReceive(tx, author, input);
  const supplier = await requireSupplier(tx, input.supplierId);
  await requireActiveLocation(tx, author, input.locationId, 'locationId');
  const lines = await checkLines(tx, input);
  const order = input.orderId ? await lockReceivableOrder(tx, input, lines) : null;
  const duplicateOfId = input.supplierInvoiceNumber ? await checkInvoice(tx, input) : null;

  const vatClaimable = input.vatClaimable ?? (await readShopClaimsVat(tx));
  // The stock's cost is what the shop cannot claim back: VAT is in it unless the shop claims it.
  const costs = costReceiptLines(
    lines.map((line) => ({ invoicedMinor: line.lineSubtotalMinor + (vatClaimable ? 0 : line.vatMinor), stockQuantityMilli: line.stockQuantityMilli })),
    input.landedCostMinor,
    input.landedCostBasis as LandedCostBasis,
  );
  const subtotalMinor = lines.reduce((sum, line) => sum + line.lineSubtotalMinor, 0);
  const vatMinor = lines.reduce((sum, line) => sum + line.vatMinor, 0);
  const totalMinor = subtotalMinor + vatMinor + input.landedCostMinor;
  if (totalMinor > MAX_PURCHASE_AMOUNT_MINOR || costs.some((cost) => cost.unitCostMinor > 2_000_000_000)) {
    const message = /*i18n*/ 'This delivery is too large to record: split it into smaller receipts';
    throw new HttpError('validation_failed', message, { lines: [message] });
  }

  const number = formatReceiptNumber(await nextDocumentNumber(tx, author.tenantId, 'goods_receipt'));
  const [receipt] = await tx
    .insert(goodsReceipts)
    .values({
      tenantId: author.tenantId,
      number,
      supplierId: supplier.id,
      locationId: input.locationId,
      orderId: input.orderId,
      supplierInvoiceNumber: input.supplierInvoiceNumber,
      supplierInvoiceDate: input.supplierInvoiceDate,
      duplicateOfId,
      landedCostMinor: input.landedCostMinor,
      landedCostBasis: input.landedCostBasis,
      vatClaimable,
      subtotalMinor,
      vatMinor,
      totalMinor,
      note: input.note,
      receivedBy: author.userId,
      requestKey: author.requestKey?.key ?? null,
    })
    .returning({ id: goodsReceipts.id });
  const receiptId = receipt!.id;
  await tx.insert(goodsReceiptLines).values(
    lines.map((line, position) => ({
      tenantId: author.tenantId,
      receiptId,
      position,
      orderLineId: line.input.orderLineId,
      variantId: line.variantId,
      unitId: line.unitId,
      packSize: line.packSizeMilli,
      quantity: line.quantityMilli,
      stockQuantity: line.stockQuantityMilli,
      unitCostMinor: line.unitCostMinor,
      taxClass: line.taxClass,
      lineSubtotalMinor: line.lineSubtotalMinor,
      vatMinor: line.vatMinor,
      landedShareMinor: costs[position]!.landedShareMinor,
      stockUnitCostMinor: costs[position]!.unitCostMinor,
      batchNumber: line.input.batchNumber,
      expiryDate: line.input.expiryDate,
    })),
  );
  await recordMovements(
    tx,
    { tenantId: author.tenantId, userId: author.userId, allowNegative: false },
    lines.map((line, position) => ({
      variantId: line.variantId,
      locationId: input.locationId,
      kind: 'purchase_receipt' as const,
      quantityMilli: line.stockQuantityMilli,
      unitCostMinor: costs[position]!.unitCostMinor,
      sourceType: 'goods_receipt',
      sourceId: receiptId,
    })),
  );
  if (order) await recordOrderProgress(tx, order.id, lines);

  // Goods received free of charge owe nothing: no bill.
  if (totalMinor > 0) {
    const bill = await postBill(tx, author, {
      supplierId: supplier.id,
      kind: 'goods',
      receiptId,
      supplierInvoiceNumber: input.supplierInvoiceNumber,
      billDate: input.supplierInvoiceDate,
      dueDate: input.payment.mode === 'on_account' ? input.payment.dueDate : null,
      amountMinor: totalMinor,
      vatMinor,
    });
    if (input.payment.mode === 'paid') {
      await paySupplierInTx(tx, author, {
        supplierId: supplier.id,
        amountMinor: totalMinor,
        method: input.payment.method,
        reference: input.payment.reference,
        note: number,
        allocations: [{ entryId: bill.entryId, amountMinor: totalMinor }],
        shiftId: input.payment.shiftId,
        locationId: input.locationId,
        requestKey: null,
        receiptId,
      });
    }
  }
  await postDocument(tx, author.tenantId, 'goods_receipt', receiptId);
  return receiptId;
}

/**
 * Whoever manages purchase orders receives any delivery; anyone else who receives goods (a
 * cashier) only one paid in cash from their open shift, when the shop allows it.
 */
async function requireMayReceive(tx: TenantTx, author: PurchaseAuthor, input: GoodsReceiptInput) {
  if (hasPermission(author, 'purchases.manage')) return;
  if (!(await readPurchaseSettings(tx)).cashiersRecordCashPurchases) throw new HttpError('forbidden', /*i18n*/ 'In this shop only managers record deliveries');
  const { payment } = input;
  if (payment.mode !== 'paid' || payment.method !== 'cash' || payment.shiftId === null) {
    throw new HttpError('forbidden', /*i18n*/ 'A cashier records only a delivery paid in cash from their open shift');
  }
}

/** The lines resolved and priced as an order's are (purchase-documents.ts), with batches only where tracked and the plan allows them. */
async function checkLines(tx: TenantTx, input: GoodsReceiptInput): Promise<CheckedLine[]> {
  const usesBatches = input.lines.some((line) => line.batchNumber !== null || line.expiryDate !== null);
  const batchesAllowed = usesBatches && (await readSubscriptionState(tx, new Date())).entitlements.features.advanced_inventory;
  const resolved = await resolvePurchaseLines(tx, input.lines, await readVatRates(tx), {
    checkLine: (line, item) => {
      if (line.batchNumber === null && line.expiryDate === null) return null;
      const field = line.batchNumber !== null ? 'batchNumber' : 'expiryDate';
      if (!batchesAllowed) return { field, message: upgradeMessage('advanced_inventory') };
      if (!item.tracksBatches) return { field, message: fillMessage(/*i18n*/ '{item} does not track batches', { item: itemLabel(item) }) };
      return null;
    },
  });
  // Every line passed, so the resolved lines are the input's, in order.
  return resolved.map((line, index) => ({ ...line, input: input.lines[index]! }));
}

interface OrderLine {
  id: string;
  variant_id: string;
  ordered_milli: number;
  received_milli: number;
}

/**
 * The order the goods come against, locked until this receipt commits (receipts of one order take
 * turns): sent and not yet fully received, for this supplier and location; each line naming one of
 * its lines with the same product, receiving no more than is still to come unless confirmed (409).
 */
async function lockReceivableOrder(tx: TenantTx, input: GoodsReceiptInput, lines: CheckedLine[]): Promise<{ id: string }> {
  const [order] = await tx
    .select({ id: purchaseOrders.id, number: purchaseOrders.number, status: purchaseOrders.status, supplierId: purchaseOrders.supplierId, locationId: purchaseOrders.locationId })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.id, input.orderId!))
    .for('update');
  const refuse = (field: string, message: string) => new HttpError('validation_failed', message, { [field]: [message] });
  if (!order) throw refuse('orderId', /*i18n*/ 'Order not found');
  if (!isReceivable(order.status as PurchaseOrderStatus)) {
    throw new HttpError('conflict', fillMessage(/*i18n*/ 'Order {number} is not open for receiving', { number: order.number }), { orderId: [/*i18n*/ 'This order is not open for receiving'] });
  }
  if (order.supplierId !== input.supplierId) throw refuse('supplierId', /*i18n*/ 'The order is from another supplier');
  if (order.locationId !== input.locationId) throw refuse('locationId', /*i18n*/ 'The order is to be delivered at another location');
  const orderLines = await readOrderLines(tx, order.id);
  const byId = new Map(orderLines.map((line) => [line.id, line]));
  const problems: Record<string, string[]> = {};
  input.lines.forEach((line, index) => {
    if (line.orderLineId === null) return;
    const orderLine = byId.get(line.orderLineId);
    if (!orderLine) problems[`lines.${index}.orderLineId`] = [/*i18n*/ 'This line is not on the order'];
    else if (orderLine.variant_id !== line.variantId) problems[`lines.${index}.variantId`] = [/*i18n*/ 'The order’s line is for another product'];
  });
  if (Object.keys(problems).length > 0) throw new HttpError('validation_failed', /*i18n*/ 'Some lines are invalid', problems);
  if (!input.confirmOverReceipt) refuseOverReceipt(lines, byId);
  return { id: order.id };
}

/** 409 with a message on each line that would take its order line past what was ordered (two lines may share one). */
function refuseOverReceipt(lines: CheckedLine[], orderLines: Map<string, OrderLine>) {
  const receiving = receivingByOrderLine(lines);
  const excess: Record<string, string[]> = {};
  lines.forEach((line, index) => {
    const orderLine = line.input.orderLineId ? orderLines.get(line.input.orderLineId) : undefined;
    if (!orderLine) return;
    const progress = { orderedMilli: orderLine.ordered_milli, receivedMilli: orderLine.received_milli };
    if (overReceiptMilli(progress, receiving.get(orderLine.id)!) === 0) return;
    const outstandingMilli = Math.max(0, progress.orderedMilli - progress.receivedMilli);
    excess[`lines.${index}.quantityMilli`] = [
      fillMessage(/*i18n*/ 'Only {quantity} of {item} is still to come on this order: confirm to receive more', {
        quantity: formatQuantity(outstandingMilli),
        item: itemLabel(line),
      }),
    ];
  });
  const [first] = Object.values(excess);
  if (first) throw new HttpError('conflict', first[0]!, excess);
}

/** Stock units received per order line (two receipt lines, two batches, may receive one order line). */
function receivingByOrderLine(lines: CheckedLine[]): Map<string, number> {
  const receiving = new Map<string, number>();
  for (const line of lines) {
    if (line.input.orderLineId) receiving.set(line.input.orderLineId, (receiving.get(line.input.orderLineId) ?? 0) + line.stockQuantityMilli);
  }
  return receiving;
}

async function readOrderLines(tx: TenantTx, orderId: string): Promise<OrderLine[]> {
  const rows = await queryRows<{ id: string; variant_id: string; quantity: string; pack_size: string; received_quantity: string }>(
    tx,
    sql`select id, variant_id, quantity::text, pack_size::text, received_quantity::text from purchase_order_lines where order_id = ${orderId} order by position`,
  );
  return rows.map((row) => ({
    id: row.id,
    variant_id: row.variant_id,
    ordered_milli: stockQuantity(quantityFromNumeric(row.quantity), quantityFromNumeric(row.pack_size)),
    received_milli: quantityFromNumeric(row.received_quantity),
  }));
}

/** Raises the order lines' received quantities and sets the order's status from them. */
async function recordOrderProgress(tx: TenantTx, orderId: string, lines: CheckedLine[]): Promise<void> {
  for (const [orderLineId, quantityMilli] of receivingByOrderLine(lines)) {
    await tx.execute(sql`update purchase_order_lines set received_quantity = received_quantity + ${formatQuantity(quantityMilli)}::numeric where id = ${orderLineId}`);
  }
  const after = await readOrderLines(tx, orderId);
  const status = statusFromReceipts(after.map((line) => ({ orderedMilli: line.ordered_milli, receivedMilli: line.received_milli })));
  await tx.update(purchaseOrders).set({ status, updatedAt: new Date() }).where(eq(purchaseOrders.id, orderId));
}

/** The first receipt of this supplier carrying the invoice number (case-insensitive), if any. */
async function findInvoice(tx: TenantTx, supplierId: string, invoiceNumber: string) {
  const [row] = await queryRows<{ id: string; number: string; received_at: string }>(
    tx,
    sql`select id, number, to_json(received_at)#>>'{}' as received_at from goods_receipts
        where supplier_id = ${supplierId} and upper(supplier_invoice_number) = upper(${invoiceNumber}) and duplicate_of_id is null
        limit 1`,
  );
  return row;
}

function duplicateInvoice(invoiceNumber: string, receiptNumber: string | null): HttpError {
  const message = receiptNumber
    ? fillMessage(/*i18n*/ 'Invoice {invoice} of this supplier was already received on {number}', { invoice: invoiceNumber, number: receiptNumber })
    : fillMessage(/*i18n*/ 'Invoice {invoice} of this supplier was already received', { invoice: invoiceNumber });
  return new HttpError('conflict', message, { supplierInvoiceNumber: [message] });
}

/** A repeated invoice number is refused (409) unless confirmed; confirmed, it is flagged with the first receipt. */
async function checkInvoice(tx: TenantTx, input: GoodsReceiptInput): Promise<string | null> {
  const first = await findInvoice(tx, input.supplierId, input.supplierInvoiceNumber!);
  if (!first) return null;
  if (!input.confirmDuplicateInvoice) throw duplicateInvoice(input.supplierInvoiceNumber!, first.number);
  return first.id;
}

// --- reading ---

interface ReceiptRow {
  id: string;
  number: string;
  supplier_id: string;
  supplier_name: string;
  location_id: string;
  location_name: string;
  order_id: string | null;
  order_number: string | null;
  supplier_invoice_number: string | null;
  supplier_invoice_date: string | null;
  duplicate_of_id: string | null;
  duplicate_of_number: string | null;
  landed_cost_minor: string;
  landed_cost_basis: LandedCostBasis;
  vat_claimable: boolean;
  subtotal_minor: string;
  vat_minor: string;
  total_minor: string;
  note: string | null;
  received_by: string | null;
  received_at: string;
  line_count: number;
}

const receiptColumns = sql`r.id, r.number, r.supplier_id, c.name as supplier_name, r.location_id, l.name as location_name, r.order_id, po.number as order_number,
  r.supplier_invoice_number, r.supplier_invoice_date::text, r.duplicate_of_id, d.number as duplicate_of_number,
  r.landed_cost_minor::text, r.landed_cost_basis, r.vat_claimable, r.subtotal_minor::text, r.vat_minor::text, r.total_minor::text, r.note,
  r.received_by, to_json(r.received_at)#>>'{}' as received_at,
  (select count(*)::int from goods_receipt_lines gl where gl.receipt_id = r.id) as line_count`;

const receiptSource = sql`goods_receipts r
  join contacts c on c.tenant_id = r.tenant_id and c.id = r.supplier_id
  join locations l on l.tenant_id = r.tenant_id and l.id = r.location_id
  left join purchase_orders po on po.tenant_id = r.tenant_id and po.id = r.order_id
  left join goods_receipts d on d.tenant_id = r.tenant_id and d.id = r.duplicate_of_id`;

function toReceiptItem(row: ReceiptRow, names: Map<string, string>, bill: GoodsReceipt['bill']): GoodsReceiptListItem {
  return {
    id: row.id,
    number: row.number,
    supplier: { id: row.supplier_id, name: row.supplier_name },
    location: { id: row.location_id, name: row.location_name },
    order: row.order_id ? { id: row.order_id, number: row.order_number! } : null,
    supplierInvoiceNumber: row.supplier_invoice_number,
    supplierInvoiceDate: row.supplier_invoice_date,
    duplicateOf: row.duplicate_of_id ? { id: row.duplicate_of_id, number: row.duplicate_of_number! } : null,
    landedCostMinor: Number(row.landed_cost_minor),
    landedCostBasis: row.landed_cost_basis,
    vatClaimable: row.vat_claimable,
    subtotalMinor: Number(row.subtotal_minor),
    vatMinor: Number(row.vat_minor),
    totalMinor: Number(row.total_minor),
    receivedByName: nameOf(names, row.received_by),
    receivedAt: new Date(row.received_at).toISOString(),
    bill,
    lineCount: row.line_count,
  };
}

/** One receipt with its lines and its bill; 404 for another shop's, or at a location the reader may not work at. */
export async function getGoodsReceipt(database: Database, reader: DocumentReader, receiptId: string): Promise<GoodsReceipt> {
  const { row, lines, bill } = await database.withTenant(reader.tenantId, async (tx) => {
    const [header] = await queryRows<ReceiptRow>(
      tx,
      sql`select ${receiptColumns} from ${receiptSource} where r.id = ${receiptId} ${andAtWorkplaces(sql`r.location_id`, reader)}`,
    );
    if (!header) throw notFound(/*i18n*/ 'Receipt not found');
    return { row: header, lines: await readReceiptLines(tx, receiptId), bill: await readReceiptBill(tx, receiptId) };
  });
  const names = await readUserNames(database, [row.received_by]);
  const { lineCount: _lineCount, ...receipt } = toReceiptItem(row, names, bill);
  return { ...receipt, note: row.note, lines };
}

/** The product columns every purchase line shows (variant, product, SKU, unit bought in). */
export const itemColumnsSql = sql`v.id as variant_id, v.product_id, p.name as product_name, v.name as variant_name, v.sku, u.name as unit_name`;

/** A line's item as itemColumnsSql reads it, with the line's unit and pack size. */
interface LineItemRow {
  variant_id: string;
  product_id: string;
  product_name: string;
  variant_name: string;
  sku: string;
  unit_id: string | null;
  unit_name: string | null;
  pack_size: string;
}

const lineItemOf = (row: LineItemRow) => ({
  variantId: row.variant_id,
  productId: row.product_id,
  productName: row.product_name,
  variantName: row.variant_name,
  sku: row.sku,
  unitId: row.unit_id,
  unitName: row.unit_name,
  packSizeMilli: quantityFromNumeric(row.pack_size),
});

async function readReceiptLines(tx: TenantTx, receiptId: string): Promise<GoodsReceipt['lines']> {
  const rows = await queryRows<LineItemRow & {
    id: string;
    order_line_id: string | null;
    quantity: string;
    stock_quantity: string;
    unit_cost_minor: number;
    tax_class: TaxClass;
    line_subtotal_minor: string;
    vat_minor: string;
    landed_share_minor: string;
    stock_unit_cost_minor: number;
    batch_number: string | null;
    expiry_date: string | null;
    returned_quantity: string;
  }>(
    tx,
    sql`select gl.id, ${itemColumnsSql}, gl.unit_id, gl.pack_size::text, gl.order_line_id, gl.quantity::text, gl.stock_quantity::text, gl.unit_cost_minor,
               gl.tax_class, gl.line_subtotal_minor::text, gl.vat_minor::text, gl.landed_share_minor::text, gl.stock_unit_cost_minor,
               gl.batch_number, gl.expiry_date::text, gl.returned_quantity::text
        from goods_receipt_lines gl
        join product_variants v on v.tenant_id = gl.tenant_id and v.id = gl.variant_id
        join products p on p.tenant_id = v.tenant_id and p.id = v.product_id
        left join units u on u.tenant_id = gl.tenant_id and u.id = gl.unit_id
        where gl.receipt_id = ${receiptId}
        order by gl.position`,
  );
  return rows.map((row) => ({
    id: row.id,
    ...lineItemOf(row),
    orderLineId: row.order_line_id,
    quantityMilli: quantityFromNumeric(row.quantity),
    stockQuantityMilli: quantityFromNumeric(row.stock_quantity),
    unitCostMinor: row.unit_cost_minor,
    taxClass: row.tax_class,
    lineSubtotalMinor: Number(row.line_subtotal_minor),
    vatMinor: Number(row.vat_minor),
    landedShareMinor: Number(row.landed_share_minor),
    stockUnitCostMinor: row.stock_unit_cost_minor,
    batchNumber: row.batch_number,
    expiryDate: row.expiry_date,
    returnedQuantityMilli: quantityFromNumeric(row.returned_quantity),
  }));
}

const RECEIPT_SORTS: Record<PurchaseListQuery['sort'], SQL> = {
  newest: sql`r.received_at desc, r.id`,
  oldest: sql`r.received_at, r.id`,
  number: sql`r.number desc`,
  total: sql`r.total_minor desc, r.id`,
  due: sql`r.received_at desc, r.id`,
};

/** Receipts, newest first: by supplier, location and day; a search matches GRN numbers, supplier invoice numbers and supplier names. */
export async function listGoodsReceipts(database: Database, reader: DocumentReader, query: PurchaseListQuery): Promise<Page<GoodsReceiptListItem>> {
  const conditions: SQL[] = [sql`true ${andAtWorkplaces(sql`r.location_id`, reader)}`];
  if (query.supplierId) conditions.push(sql`r.supplier_id = ${query.supplierId}`);
  if (query.locationId) conditions.push(sql`r.location_id = ${query.locationId}`);
  if (query.from) conditions.push(sql`${shopDayOf(sql`r.received_at`)} >= ${query.from}::date`);
  if (query.to) conditions.push(sql`${shopDayOf(sql`r.received_at`)} <= ${query.to}::date`);
  if (query.search) {
    const pattern = `%${escapeLike(query.search.toLowerCase())}%`;
    conditions.push(sql`(lower(r.number) like ${pattern} or lower(r.supplier_invoice_number) like ${pattern} or lower(c.name) like ${pattern})`);
  }
  const where = sql.join(conditions, sql` and `);
  const bills = new Map<string, GoodsReceipt['bill']>();
  return readPage(
    database,
    reader.tenantId,
    query,
    {
      count: (tx) => queryRows<{ total: number }>(tx, sql`select count(*)::int as total from ${receiptSource} where ${where}`),
      rows: async (tx, window) => {
        const rows = await queryRows<ReceiptRow>(
          tx,
          sql`select ${receiptColumns} from ${receiptSource} where ${where} order by ${RECEIPT_SORTS[query.sort]} limit ${window.limit} offset ${window.offset}`,
        );
        for (const row of rows) bills.set(row.id, await readReceiptBill(tx, row.id));
        return rows;
      },
      people: (row) => [row.received_by],
    },
    (row, names) => toReceiptItem(row, names, bills.get(row.id) ?? null),
  );
}

/** Warn as the invoice number is typed: the receipt that already carries it for this supplier. */
export function checkSupplierInvoice(database: Database, tenantId: string, query: { supplierId: string; invoiceNumber: string }): Promise<SupplierInvoiceCheck> {
  return database.withTenant(tenantId, async (tx) => {
    const first = await findInvoice(tx, query.supplierId, query.invoiceNumber);
    return { receipt: first ? { id: first.id, number: first.number, receivedAt: new Date(first.received_at).toISOString() } : null };
  });
}

/**
 * Batches expiring within the window (already expired ones first): what each may still have is
 * what was received less what went back, and never more than is on hand at its location now.
 */
export function listExpiringSoon(database: Database, reader: DocumentReader, query: ExpiringSoonQuery): Promise<ExpiringSoon> {
  return database.withTenant(reader.tenantId, async (tx) => {
    const rows = await queryRows<LineItemRow & {
      receipt_id: string;
      receipt_number: string;
      location_id: string;
      location_name: string;
      batch_number: string | null;
      expiry_date: string;
      remaining: string;
    }>(
      tx,
      sql`select * from (
            select r.id as receipt_id, r.number as receipt_number, l.id as location_id, l.name as location_name, ${itemColumnsSql},
                   gl.unit_id, gl.pack_size::text, gl.batch_number, gl.expiry_date::text,
                   least(gl.stock_quantity - gl.returned_quantity, coalesce(s.on_hand, 0))::text as remaining
            from goods_receipt_lines gl
            join goods_receipts r on r.tenant_id = gl.tenant_id and r.id = gl.receipt_id
            join locations l on l.tenant_id = r.tenant_id and l.id = r.location_id
            join product_variants v on v.tenant_id = gl.tenant_id and v.id = gl.variant_id
            join products p on p.tenant_id = v.tenant_id and p.id = v.product_id
            left join units u on u.tenant_id = gl.tenant_id and u.id = gl.unit_id
            left join stock_levels s on s.tenant_id = gl.tenant_id and s.variant_id = gl.variant_id and s.location_id = r.location_id
            where gl.expiry_date is not null and gl.expiry_date <= ${shopToday} + ${query.days}::int
              ${query.locationId ? sql`and r.location_id = ${query.locationId}` : sql``} ${andAtWorkplaces(sql`r.location_id`, reader)}
          ) batch
          where remaining::numeric > 0
          order by expiry_date, product_name, receipt_number
          limit 500`,
    );
    return {
      items: rows.map((row) => ({
        receiptId: row.receipt_id,
        receiptNumber: row.receipt_number,
        location: { id: row.location_id, name: row.location_name },
        ...lineItemOf(row),
        batchNumber: row.batch_number,
        expiryDate: row.expiry_date,
        remainingMilli: quantityFromNumeric(row.remaining),
      })),
    };
  });
}
