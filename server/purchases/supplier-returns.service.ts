import { randomUUID } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { fillMessage } from '../../core/i18n/message.rules';
import { formatQuantity, lineAmount, QUANTITY_SCALE } from '../../core/products/quantity.rules';
import { divideRounded } from '../../core/products/tax.rules';
import {
  formatReturnNumber,
  type PurchasePaymentMethod,
  type purchaseListQuerySchema,
  type SupplierReturn,
  type supplierReturnInputSchema,
  type supplierReturnListItemSchema,
  type SupplierReturnReason,
} from '../../core/purchases/purchases.schemas';
import { postDocument } from '../accounting/post-document';
import { nextDocumentNumber, postAccountEntry, postCreditNote, type PostedAccountEntry } from '../accounts/account-ledger';
import { queryRows, type Database, type TenantTx } from '../db/client';
import { quantityFromNumeric } from '../db/schema/quantity';
import { supplierReturnLines, supplierReturns } from '../db/schema/purchases';
import { HttpError, notFound } from '../http/errors';
import { createOnce, itemLabel, nameOf, readPage, readUserNames, type DocumentAuthor, type DocumentReader, type Page } from '../inventory/inventory-documents';
import { andAtWorkplaces } from '../inventory/location-access';
import { lockStockLevels, recordMovements } from '../inventory/stock-ledger';
import { escapeLike, shopDayOf } from './purchase-documents';

// Returns to suppliers (debit notes, issue 16, docs/decisions/0019): against one receipt, never
// more than was received less what already went back (a conditional UPDATE, the check constraint
// as the backstop) nor more than is on hand at the receipt's location now (its stock rows locked
// before they are read). The goods leave through the stock ledger at the cost they came in at, and
// a credit note on the supplier's payable ledger lowers what the shop owes, or records a refund.
// A member limited to some locations returns, lists and reads the goods of those locations only.

type SupplierReturnInput = z.output<typeof supplierReturnInputSchema>;
type PurchaseListQuery = z.output<typeof purchaseListQuerySchema>;
type SupplierReturnListItem = z.infer<typeof supplierReturnListItemSchema>;

interface ReturnedLine {
  receiptLineId: string;
  variantId: string;
  label: string;
  quantityMilli: number;
  unitCostMinor: number;
  subtotalMinor: number;
  vatMinor: number;
}

export async function createSupplierReturn(database: Database, author: DocumentAuthor, input: SupplierReturnInput): Promise<SupplierReturn> {
  const id = await createOnce(
    database,
    author,
    async (tx, requestKey) => (await tx.select({ id: supplierReturns.id }).from(supplierReturns).where(eq(supplierReturns.requestKey, requestKey)))[0]?.id,
    (tx) => returnInTx(tx, author, input),
  );
  return getSupplierReturn(database, author, id);
}

async function returnInTx(tx: TenantTx, author: DocumentAuthor, input: SupplierReturnInput): Promise<string> {
  const [receipt] = await queryRows<{ id: string; supplier_id: string; location_id: string; location_name: string; vat_claimable: boolean }>(
    tx,
    sql`select r.id, r.supplier_id, r.location_id, l.name as location_name, r.vat_claimable
        from goods_receipts r join locations l on l.tenant_id = r.tenant_id and l.id = r.location_id
        where r.id = ${input.receiptId} ${andAtWorkplaces(sql`r.location_id`, author)}`,
  );
  if (!receipt) throw new HttpError('validation_failed', /*i18n*/ 'Delivery not found', { receiptId: [/*i18n*/ 'Delivery not found'] });
  const lines = await takeReturnable(tx, receipt, input.lines);
  await requireOnHand(tx, author.tenantId, receipt, lines);

  const subtotalMinor = lines.reduce((sum, line) => sum + line.subtotalMinor, 0);
  const vatMinor = lines.reduce((sum, line) => sum + line.vatMinor, 0);
  const totalMinor = subtotalMinor + vatMinor;
  if (totalMinor <= 0) {
    const message = /*i18n*/ 'These goods were received free of charge: there is nothing to credit';
    throw new HttpError('validation_failed', message, { lines: [message] });
  }

  const returnId = randomUUID();
  const number = formatReturnNumber(await nextDocumentNumber(tx, author.tenantId, 'supplier_return'));
  const creditNote = await postSettlement(tx, author, { returnId, supplierId: receipt.supplier_id, totalMinor, input });
  await tx.insert(supplierReturns).values({
    id: returnId,
    tenantId: author.tenantId,
    number,
    supplierId: receipt.supplier_id,
    receiptId: receipt.id,
    locationId: receipt.location_id,
    reason: input.reason,
    note: input.note,
    settlement: input.settlement,
    refundMethod: input.settlement === 'refund' ? input.refundMethod : null,
    refundReference: input.settlement === 'refund' ? input.refundReference : null,
    subtotalMinor,
    vatMinor,
    totalMinor,
    entryId: creditNote.id,
    createdBy: author.userId,
    requestKey: author.requestKey?.key ?? null,
  });
  await tx.insert(supplierReturnLines).values(
    lines.map((line) => ({
      tenantId: author.tenantId,
      returnId,
      receiptLineId: line.receiptLineId,
      variantId: line.variantId,
      quantity: line.quantityMilli,
      unitCostMinor: line.unitCostMinor,
      subtotalMinor: line.subtotalMinor,
      vatMinor: line.vatMinor,
    })),
  );
  // On hand was checked under the stock rows' locks: the ledger's own guard has nothing left to refuse.
  await recordMovements(
    tx,
    { tenantId: author.tenantId, userId: author.userId, allowNegative: false },
    lines.map((line) => ({
      variantId: line.variantId,
      locationId: receipt.location_id,
      kind: 'supplier_return' as const,
      quantityMilli: -line.quantityMilli,
      unitCostMinor: line.unitCostMinor,
      sourceType: 'supplier_return',
      sourceId: returnId,
    })),
  );
  await postDocument(tx, author.tenantId, 'supplier_return', returnId);
  return returnId;
}

/**
 * Raises each receipt line's returned quantity by a conditional UPDATE, so concurrent returns can
 * never take back more than was received (409 with what can still go back, per line). Each line
 * leaves at its receipt line's stock unit cost; its VAT is the receipt line's in proportion. When the
 * shop does not claim VAT back, the stock cost already holds it, so the line's value is split rather
 * than VAT added on top.
 */
async function takeReturnable(
  tx: TenantTx,
  receipt: { id: string; vat_claimable: boolean },
  requested: SupplierReturnInput['lines'],
): Promise<ReturnedLine[]> {
  const rows = await queryRows<{
    id: string;
    variant_id: string;
    product_name: string;
    variant_name: string;
    stock_quantity: string;
    returned_quantity: string;
    stock_unit_cost_minor: number;
    vat_minor: string;
    allows_decimals: boolean | null;
  }>(
    tx,
    sql`select gl.id, gl.variant_id, p.name as product_name, v.name as variant_name, gl.stock_quantity::text, gl.returned_quantity::text,
               gl.stock_unit_cost_minor, gl.vat_minor::text, u.allows_decimals
        from goods_receipt_lines gl
        join product_variants v on v.tenant_id = gl.tenant_id and v.id = gl.variant_id
        join products p on p.tenant_id = v.tenant_id and p.id = v.product_id
        left join units u on u.tenant_id = p.tenant_id and u.id = p.unit_id
        where gl.receipt_id = ${receipt.id}`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const problems: Record<string, string[]> = {};
  requested.forEach((line, index) => {
    const row = byId.get(line.receiptLineId);
    if (!row) problems[`lines.${index}.receiptLineId`] = [/*i18n*/ 'This line is not on the delivery'];
    else if (!row.allows_decimals && line.quantityMilli % QUANTITY_SCALE !== 0) {
      problems[`lines.${index}.quantityMilli`] = [fillMessage(/*i18n*/ '{item} is counted in whole units', { item: labelOf(row) })];
    }
  });
  if (Object.keys(problems).length > 0) throw new HttpError('validation_failed', /*i18n*/ 'Some lines are invalid', problems);

  const excess: Record<string, string[]> = {};
  const taken: ReturnedLine[] = [];
  for (const [index, line] of requested.entries()) {
    const row = byId.get(line.receiptLineId)!;
    const updated = await queryRows<{ id: string }>(
      tx,
      sql`update goods_receipt_lines set returned_quantity = returned_quantity + ${formatQuantity(line.quantityMilli)}::numeric
          where id = ${line.receiptLineId} and returned_quantity + ${formatQuantity(line.quantityMilli)}::numeric <= stock_quantity
          returning id`,
    );
    if (updated.length === 0) {
      const [now] = await queryRows<{ left: string }>(tx, sql`select (stock_quantity - returned_quantity)::text as left from goods_receipt_lines where id = ${line.receiptLineId}`);
      excess[`lines.${index}.quantityMilli`] = [
        fillMessage(/*i18n*/ 'Only {quantity} of {item} can still go back from this delivery', { quantity: formatQuantity(quantityFromNumeric(now!.left)), item: labelOf(row) }),
      ];
      continue;
    }
    const valueMinor = lineAmount(row.stock_unit_cost_minor, line.quantityMilli);
    const vatMinor = divideRounded(Number(row.vat_minor) * line.quantityMilli, quantityFromNumeric(row.stock_quantity));
    taken.push({
      receiptLineId: row.id,
      variantId: row.variant_id,
      label: labelOf(row),
      quantityMilli: line.quantityMilli,
      unitCostMinor: row.stock_unit_cost_minor,
      subtotalMinor: receipt.vat_claimable ? valueMinor : Math.max(0, valueMinor - vatMinor),
      vatMinor: receipt.vat_claimable ? vatMinor : Math.min(vatMinor, valueMinor),
    });
  }
  const [first] = Object.values(excess);
  if (first) throw new HttpError('conflict', first[0]!, excess);
  return taken;
}

const labelOf = (row: { product_name: string; variant_name: string }) => itemLabel({ productName: row.product_name, variantName: row.variant_name });

/** A return never exceeds what is on hand at the receipt's location now, whatever the negative-stock setting (409 per line). */
async function requireOnHand(tx: TenantTx, tenantId: string, receipt: { location_id: string; location_name: string }, lines: ReturnedLine[]) {
  const wanted = new Map<string, number>();
  for (const line of lines) wanted.set(line.variantId, (wanted.get(line.variantId) ?? 0) + line.quantityMilli);
  const variantIds = [...wanted.keys()];
  // A return changes the average cost: its variants are locked first, in id order, as a delivery
  // locks them before its stock rows and the supplier's account, so the two cannot deadlock.
  await tx.execute(
    sql`select 1 from product_variants where id in (${sql.join(variantIds.map((id) => sql`${id}::uuid`), sql`, `)}) order by id for no key update`,
  );
  const onHand = await lockStockLevels(tx, tenantId, variantIds.map((variantId) => ({ variantId, locationId: receipt.location_id })));
  const available = new Map(variantIds.map((variantId, index) => [variantId, onHand[index]!]));
  const excess: Record<string, string[]> = {};
  lines.forEach((line, index) => {
    const have = available.get(line.variantId)!;
    if (wanted.get(line.variantId)! <= have) return;
    excess[`lines.${index}.quantityMilli`] = [
      fillMessage(/*i18n*/ 'Only {quantity} of {item} is on hand at {location}', { quantity: formatQuantity(Math.max(0, have)), item: line.label, location: receipt.location_name }),
    ];
  });
  const [first] = Object.values(excess);
  if (first) throw new HttpError('conflict', first[0]!, excess);
}

/**
 * The credit note on the supplier's payable ledger. As a credit it settles the oldest open bills, or
 * stays as a credit with the supplier. As a refund, the supplier paid the money back: a refund entry
 * (a debit: the credit is used up by the cash received) is posted first and the credit note settles
 * exactly it, so the bills stay as they were and the balance ends where it was before the return.
 */
async function postSettlement(
  tx: TenantTx,
  author: DocumentAuthor,
  settlement: { returnId: string; supplierId: string; totalMinor: number; input: SupplierReturnInput },
): Promise<PostedAccountEntry> {
  const { input } = settlement;
  const common = { tenantId: author.tenantId, contactId: settlement.supplierId, side: 'payable' as const, userId: author.userId, sourceType: 'supplier_return', sourceId: settlement.returnId };
  if (input.settlement === 'credit') {
    return postCreditNote(tx, { ...common, amountMinor: settlement.totalMinor, reason: input.reason, note: input.note });
  }
  const refund = await postAccountEntry(tx, {
    ...common,
    kind: 'refund',
    amountMinor: settlement.totalMinor,
    method: input.refundMethod,
    reference: input.refundReference,
    reason: input.reason,
    allocate: 'none',
  });
  return postCreditNote(tx, { ...common, amountMinor: settlement.totalMinor, reason: input.reason, note: input.note, allocations: [{ entryId: refund.id, amountMinor: settlement.totalMinor }] });
}

// --- reading ---

interface ReturnRow {
  id: string;
  number: string;
  supplier_id: string;
  supplier_name: string;
  receipt_id: string;
  receipt_number: string;
  supplier_invoice_number: string | null;
  location_id: string;
  location_name: string;
  reason: SupplierReturnReason;
  note: string | null;
  settlement: 'credit' | 'refund';
  refund_method: PurchasePaymentMethod | null;
  refund_reference: string | null;
  subtotal_minor: string;
  vat_minor: string;
  total_minor: string;
  created_by: string | null;
  created_at: string;
  line_count: number;
}

const returnColumns = sql`sr.id, sr.number, sr.supplier_id, c.name as supplier_name, sr.receipt_id, r.number as receipt_number, r.supplier_invoice_number,
  sr.location_id, l.name as location_name, sr.reason, sr.note, sr.settlement, sr.refund_method, sr.refund_reference,
  sr.subtotal_minor::text, sr.vat_minor::text, sr.total_minor::text, sr.created_by, to_json(sr.created_at)#>>'{}' as created_at,
  (select count(*)::int from supplier_return_lines rl where rl.return_id = sr.id) as line_count`;

const returnSource = sql`supplier_returns sr
  join contacts c on c.tenant_id = sr.tenant_id and c.id = sr.supplier_id
  join goods_receipts r on r.tenant_id = sr.tenant_id and r.id = sr.receipt_id
  join locations l on l.tenant_id = sr.tenant_id and l.id = sr.location_id`;

function toReturnItem(row: ReturnRow, names: Map<string, string>): SupplierReturnListItem {
  return {
    id: row.id,
    number: row.number,
    supplier: { id: row.supplier_id, name: row.supplier_name },
    receipt: { id: row.receipt_id, number: row.receipt_number, supplierInvoiceNumber: row.supplier_invoice_number },
    location: { id: row.location_id, name: row.location_name },
    reason: row.reason,
    settlement: row.settlement,
    refundMethod: row.refund_method,
    refundReference: row.refund_reference,
    subtotalMinor: Number(row.subtotal_minor),
    vatMinor: Number(row.vat_minor),
    totalMinor: Number(row.total_minor),
    createdByName: nameOf(names, row.created_by),
    createdAt: new Date(row.created_at).toISOString(),
    lineCount: row.line_count,
  };
}

/** One return with its lines; 404 for another shop's, or at a location the reader may not work at. */
export async function getSupplierReturn(database: Database, reader: DocumentReader, returnId: string): Promise<SupplierReturn> {
  const { row, lines } = await database.withTenant(reader.tenantId, async (tx) => {
    const [header] = await queryRows<ReturnRow>(
      tx,
      sql`select ${returnColumns} from ${returnSource} where sr.id = ${returnId} ${andAtWorkplaces(sql`sr.location_id`, reader)}`,
    );
    if (!header) throw notFound(/*i18n*/ 'Return not found');
    const returnLines = await queryRows<{
      receipt_line_id: string;
      variant_id: string;
      product_name: string;
      variant_name: string;
      sku: string;
      quantity: string;
      unit_cost_minor: number;
      subtotal_minor: string;
      vat_minor: string;
    }>(
      tx,
      sql`select rl.receipt_line_id, rl.variant_id, p.name as product_name, v.name as variant_name, v.sku, rl.quantity::text, rl.unit_cost_minor,
                 rl.subtotal_minor::text, rl.vat_minor::text
          from supplier_return_lines rl
          join goods_receipt_lines gl on gl.tenant_id = rl.tenant_id and gl.id = rl.receipt_line_id
          join product_variants v on v.tenant_id = rl.tenant_id and v.id = rl.variant_id
          join products p on p.tenant_id = v.tenant_id and p.id = v.product_id
          where rl.return_id = ${returnId}
          order by gl.position`,
    );
    return { row: header, lines: returnLines };
  });
  const names = await readUserNames(database, [row.created_by]);
  const { lineCount: _lineCount, ...header } = toReturnItem(row, names);
  return {
    ...header,
    note: row.note,
    lines: lines.map((line) => ({
      receiptLineId: line.receipt_line_id,
      variantId: line.variant_id,
      productName: line.product_name,
      variantName: line.variant_name,
      sku: line.sku,
      quantityMilli: quantityFromNumeric(line.quantity),
      unitCostMinor: line.unit_cost_minor,
      subtotalMinor: Number(line.subtotal_minor),
      vatMinor: Number(line.vat_minor),
    })),
  };
}

const RETURN_SORTS: Record<PurchaseListQuery['sort'], SQL> = {
  newest: sql`sr.created_at desc, sr.id`,
  oldest: sql`sr.created_at, sr.id`,
  number: sql`sr.number desc`,
  total: sql`sr.total_minor desc, sr.id`,
  due: sql`sr.created_at desc, sr.id`,
};

/** Returns, newest first: by supplier, location, reason (status) and day; a search matches DN and GRN numbers, supplier invoice numbers and supplier names. */
export function listSupplierReturns(database: Database, reader: DocumentReader, query: PurchaseListQuery): Promise<Page<SupplierReturnListItem>> {
  const conditions: SQL[] = [sql`true ${andAtWorkplaces(sql`sr.location_id`, reader)}`];
  if (query.supplierId) conditions.push(sql`sr.supplier_id = ${query.supplierId}`);
  if (query.locationId) conditions.push(sql`sr.location_id = ${query.locationId}`);
  if (query.status) conditions.push(sql`sr.reason = ${query.status}`);
  if (query.from) conditions.push(sql`${shopDayOf(sql`sr.created_at`)} >= ${query.from}::date`);
  if (query.to) conditions.push(sql`${shopDayOf(sql`sr.created_at`)} <= ${query.to}::date`);
  if (query.search) {
    const pattern = `%${escapeLike(query.search.toLowerCase())}%`;
    conditions.push(
      sql`(lower(sr.number) like ${pattern} or lower(r.number) like ${pattern} or lower(r.supplier_invoice_number) like ${pattern} or lower(c.name) like ${pattern})`,
    );
  }
  const where = sql.join(conditions, sql` and `);
  return readPage(
    database,
    reader.tenantId,
    query,
    {
      count: (tx) => queryRows<{ total: number }>(tx, sql`select count(*)::int as total from ${returnSource} where ${where}`),
      rows: (tx, window) =>
        queryRows<ReturnRow>(tx, sql`select ${returnColumns} from ${returnSource} where ${where} order by ${RETURN_SORTS[query.sort]} limit ${window.limit} offset ${window.offset}`),
      people: (row) => [row.created_by],
    },
    toReturnItem,
  );
}
