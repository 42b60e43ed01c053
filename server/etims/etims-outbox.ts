import { sql, type SQL } from 'drizzle-orm';
import {
  creditNoteReasonCode,
  etimsDate,
  isCreditWithinOriginal,
  salePayload,
  taxTypeOf,
  toAmount,
  type EtimsSaleDocument,
  type EtimsSaleLine,
  type EtimsTaxType,
} from '../../core/etims/etims.rules';
import type { TaxClass } from '../../core/products/tax.rules';
import { queryRows, type TenantTx } from '../db/client';
import { HttpError } from '../http/errors';

// The outbox writer (issue 19, docs/decisions/0023-etims-oscu.md): called last in a sale's, a
// return's or a void's transaction, it takes the device's next invoice number with UPDATE … RETURNING (gap-free:
// it commits or rolls back with the document) and writes the frozen saveTrnsSalesOsdc request, then
// the stock reports (insertStockIO, saveStockMaster) queued behind it. No network here: a sale never
// waits for, or fails because of, KRA. A shop without an initialised device queues nothing.

type Kind = 'sale' | 'credit_note' | 'stock_io' | 'stock_master';

interface DeviceRow {
  id: string;
}

/**
 * The device of the sale's location, else the shop's; only initialised ones take documents. Asked
 * first and alone: for a shop without eTIMS this is all the sale pays.
 */
async function deviceForSale(tx: TenantTx, saleId: string): Promise<DeviceRow | null> {
  const [device] = await queryRows<DeviceRow>(
    tx,
    sql`select id from etims_settings
        where initialised_at is not null
          and (location_id = (select location_id from sales where id = ${saleId}) or location_id is null)
        order by location_id nulls last limit 1`,
  );
  return device ?? null;
}

/** Takes the invoice number, the stock report's number (when there is one) and the documents' places in one statement. */
async function takeNumbers(tx: TenantTx, deviceId: string, counts: { sar: number; documents: number }) {
  const [row] = await queryRows<{ last_invoice_number: number; last_sar_number: number; last_document_seq: string }>(
    tx,
    sql`update etims_settings
        set last_invoice_number = last_invoice_number + 1, last_sar_number = last_sar_number + ${counts.sar},
            last_document_seq = last_document_seq + ${counts.documents}, updated_at = now()
        where id = ${deviceId}
        returning last_invoice_number, last_sar_number, last_document_seq`,
  );
  return { invoiceNumber: row!.last_invoice_number, sarNumber: row!.last_sar_number - counts.sar + 1, firstSeq: Number(row!.last_document_seq) - counts.documents + 1 };
}

interface DocumentRow {
  kind: Kind;
  invoiceNumber: number | null;
  originalInvoiceNumber: number | null;
  sarNumber: number | null;
  payload: Record<string, unknown>;
}

async function insertDocuments(tx: TenantTx, tenantId: string, deviceId: string, source: { type: 'sale' | 'sale_return' | 'sale_void'; id: string }, firstSeq: number, rows: DocumentRow[]) {
  const values = rows.map(
    (row, index) =>
      sql`(${tenantId}, ${deviceId}, ${firstSeq + index}, ${row.kind}, ${source.type}, ${source.id}, ${row.invoiceNumber}, ${row.originalInvoiceNumber}, ${row.sarNumber}, ${JSON.stringify(row.payload)}::jsonb)`,
  );
  await tx.execute(
    sql`insert into etims_documents (tenant_id, settings_id, seq, kind, source_type, source_id, invoice_number, original_invoice_number, sar_number, payload)
        values ${sql.join(values, sql`, `)}`,
  );
}

interface LineRow {
  variant_id: string;
  name: string;
  quantity_milli: number;
  unit_price_minor: number;
  discount_minor: number;
  gross_minor: number;
  tax_minor: number;
  tax_class: TaxClass;
  item_code: string | null;
  item_class_code: string | null;
  packaging_unit_code: string | null;
  quantity_unit_code: string | null;
  barcode: string | null;
  on_hand_milli: number | null;
  restocked: boolean;
}

function toSaleLine(line: LineRow): EtimsSaleLine {
  return {
    itemCode: line.item_code,
    itemClassCode: line.item_class_code,
    name: line.name,
    barcode: line.barcode,
    packagingUnitCode: line.packaging_unit_code,
    quantityUnitCode: line.quantity_unit_code,
    quantityMilli: Number(line.quantity_milli),
    unitPriceMinor: line.unit_price_minor,
    discountMinor: line.discount_minor,
    grossMinor: line.gross_minor,
    taxMinor: line.tax_minor,
    taxType: taxTypeOf(line.tax_class),
  };
}

/** The item's columns every line query joins: the registered item and a barcode. */
const itemColumns = sql`i.item_code, i.item_class_code, i.packaging_unit_code, i.quantity_unit_code,
  (select b.code from product_barcodes b where b.variant_id = l.variant_id order by b.code limit 1) as barcode`;

/**
 * The stock reports after an invoice: one insertStockIO with the registered items that moved, and
 * a saveStockMaster per item with what is left at the location. Items not registered yet are left
 * out (KRA knows nothing to report them against); so are goods returned damaged (not restocked).
 */
function reportedLines(lines: LineRow[]): LineRow[] {
  return lines.filter((line) => line.item_code && line.restocked);
}

function stockDocuments(moved: LineRow[], movement: { sarTypeCode: string; at: Date; sarNumber: number }): DocumentRow[] {
  if (moved.length === 0) return [];
  const totalMinor = moved.reduce((sum, line) => sum + line.gross_minor, 0);
  const taxMinor = moved.reduce((sum, line) => sum + line.tax_minor, 0);
  const user = { regrId: 'dukani', regrNm: 'Dukani', modrId: 'dukani', modrNm: 'Dukani' };
  const stockIo: DocumentRow = {
    kind: 'stock_io',
    invoiceNumber: null,
    originalInvoiceNumber: null,
    sarNumber: movement.sarNumber,
    payload: {
      sarNo: movement.sarNumber,
      orgSarNo: 0,
      regTyCd: 'A',
      custTin: null,
      custNm: null,
      custBhfId: null,
      sarTyCd: movement.sarTypeCode,
      ocrnDt: etimsDate(movement.at),
      totItemCnt: moved.length,
      totTaxblAmt: toAmount(totalMinor - taxMinor),
      totTaxAmt: toAmount(taxMinor),
      totAmt: toAmount(totalMinor),
      remark: null,
      ...user,
      itemList: moved.map((line, index) => ({
        itemSeq: index + 1,
        itemCd: line.item_code,
        itemClsCd: line.item_class_code,
        itemNm: line.name.slice(0, 200),
        bcd: line.barcode,
        pkgUnitCd: line.packaging_unit_code,
        pkg: Number(line.quantity_milli) / 1000,
        qtyUnitCd: line.quantity_unit_code,
        qty: Number(line.quantity_milli) / 1000,
        itemExprDt: null,
        prc: toAmount(line.unit_price_minor),
        splyAmt: toAmount(line.gross_minor + line.discount_minor),
        totDcAmt: toAmount(line.discount_minor),
        taxblAmt: toAmount(line.gross_minor - line.tax_minor),
        taxTyCd: taxTypeOf(line.tax_class) satisfies EtimsTaxType,
        taxAmt: toAmount(line.tax_minor),
        totAmt: toAmount(line.gross_minor),
      })),
    },
  };
  const masters = [...new Map(moved.map((line) => [line.item_code!, line])).values()].map(
    (line): DocumentRow => ({
      kind: 'stock_master',
      invoiceNumber: null,
      originalInvoiceNumber: null,
      sarNumber: null,
      payload: { itemCd: line.item_code, rsdQty: Math.max(0, Number(line.on_hand_milli ?? 0)) / 1000, ...user },
    }),
  );
  return [stockIo, ...masters];
}

/**
 * Numbers and writes an invoice (rcptTyCd S) or a credit note (R) with the stock reports behind it:
 * goods out for a sale (sarTyCd 11), back in for a credit note (03).
 */
async function queueInvoice(
  tx: TenantTx,
  tenantId: string,
  deviceId: string,
  source: { type: 'sale' | 'sale_return' | 'sale_void'; id: string },
  lines: LineRow[],
  document: Omit<EtimsSaleDocument, 'invoiceNumber' | 'lines'>,
): Promise<void> {
  const reported = reportedLines(lines);
  const masters = new Set(reported.map((line) => line.item_code)).size;
  const numbers = await takeNumbers(tx, deviceId, { sar: reported.length > 0 ? 1 : 0, documents: 1 + (reported.length > 0 ? 1 + masters : 0) });
  const isSale = document.receiptTypeCode === 'S';
  const rows: DocumentRow[] = [
    {
      kind: isSale ? 'sale' : 'credit_note',
      invoiceNumber: numbers.invoiceNumber,
      originalInvoiceNumber: isSale ? null : document.originalInvoiceNumber,
      sarNumber: null,
      payload: salePayload({ ...document, invoiceNumber: numbers.invoiceNumber, lines: lines.map(toSaleLine) }),
    },
    ...stockDocuments(reported, { sarTypeCode: isSale ? '11' : '03', at: document.at, sarNumber: numbers.sarNumber }),
  ];
  await insertDocuments(tx, tenantId, deviceId, source, numbers.firstSeq, rows);
}

/** A sale's lines as the invoice (or a void's credit note) lists them, with what is left in stock after it. */
function saleLinesQuery(saleId: string, locationId: string): SQL {
  return sql`select l.variant_id, trim(l.product_name || ' ' || l.variant_name) as name, (l.quantity * 1000)::bigint as quantity_milli,
                    l.unit_price_minor, l.line_discount_minor + l.cart_discount_share_minor as discount_minor,
                    l.total_minor as gross_minor, l.tax_minor, l.tax_class, ${itemColumns},
                    (select (sl.on_hand * 1000)::bigint from stock_levels sl where sl.variant_id = l.variant_id and sl.location_id = ${locationId}) as on_hand_milli,
                    true as restocked
             from sale_lines l left join etims_items i on i.variant_id = l.variant_id
             where l.sale_id = ${saleId} order by l.line_no`;
}

/** Queues a completed sale (called at the end of completeSaleInTx, after the sale is written). */
export async function queueSaleDocument(tx: TenantTx, tenantId: string, saleId: string): Promise<void> {
  const device = await deviceForSale(tx, saleId);
  if (!device) return;
  const [sale] = await queryRows<{ receipt_code: string; location_id: string; created_at: string; cashier_id: string | null; customer_name: string | null; customer_phone: string | null; customer_pin: string | null; register_name: string }>(
    tx,
    sql`select s.receipt_code, s.location_id, s.created_at, s.cashier_id, c.name as customer_name, c.phone as customer_phone, c.kra_pin as customer_pin, r.name as register_name
        from sales s left join contacts c on c.id = s.customer_id join registers r on r.id = s.register_id
        where s.id = ${saleId}`,
  );
  if (!sale) return;
  const lines = await queryRows<LineRow>(tx, saleLinesQuery(saleId, sale.location_id));
  const tenders = await queryRows<{ tender: string; amount_minor: number }>(tx, sql`select tender, amount_minor from sale_payments where sale_id = ${saleId} order by seq`);
  await queueInvoice(tx, tenantId, device.id, { type: 'sale', id: saleId }, lines, {
    originalInvoiceNumber: 0,
    traderInvoiceNumber: sale.receipt_code,
    receiptTypeCode: 'S',
    refundReasonCode: null,
    at: new Date(sale.created_at),
    customer: sale.customer_name ? { pin: sale.customer_pin, name: sale.customer_name, phone: sale.customer_phone } : null,
    tenders: tenders.map((row) => ({ tender: row.tender, amountMinor: row.amount_minor })),
    user: { id: sale.cashier_id ?? 'dukani', name: sale.register_name },
  });
}


interface CreditNoteHeader {
  trader_invoice_number: string;
  location_id: string;
  reason_code: string;
  created_at: string;
  cashier_id: string | null;
  register_name: string;
  customer_name: string | null;
  customer_phone: string | null;
  customer_pin: string | null;
}

/**
 * Writes a credit note against the sale's invoice (rcptTyCd R on the sale's device, orgInvcNo the
 * sale's invoice number), never more than the sale less its earlier credit notes.
 */
async function queueCreditNote(
  tx: TenantTx,
  tenantId: string,
  original: { settings_id: string; invoice_number: number; total: string; credited: string },
  source: { type: 'sale_return' | 'sale_void'; id: string },
  header: CreditNoteHeader,
  lines: LineRow[],
  refunds: { tender: string; amount_minor: number }[],
): Promise<void> {
  const creditMinor = lines.reduce((sum, line) => sum + line.gross_minor, 0);
  if (!isCreditWithinOriginal(Math.round(Number(original.total) * 100), Math.round(Number(original.credited) * 100), creditMinor)) {
    throw new HttpError('conflict', /*i18n*/ 'This return is more than is left of the sale’s eTIMS invoice');
  }
  await queueInvoice(tx, tenantId, original.settings_id, source, lines, {
    originalInvoiceNumber: original.invoice_number,
    traderInvoiceNumber: header.trader_invoice_number,
    receiptTypeCode: 'R',
    refundReasonCode: header.reason_code,
    at: new Date(header.created_at),
    customer: header.customer_name ? { pin: header.customer_pin, name: header.customer_name, phone: header.customer_phone } : null,
    tenders: refunds.map((row) => ({ tender: row.tender, amountMinor: row.amount_minor })),
    user: { id: header.cashier_id ?? 'dukani', name: header.register_name },
  });
}

/** The sale's invoice at KRA and what its credit notes took back so far (null: KRA has no invoice of it). */
async function readOriginal(tx: TenantTx, saleId: SQL) {
  const [original] = await queryRows<{ settings_id: string; invoice_number: number; total: string; credited: string }>(
    tx,
    sql`select d.settings_id, d.invoice_number, (d.payload->>'totAmt') as total,
               coalesce((select sum((c.payload->>'totAmt')::numeric) from etims_documents c
                         where c.kind = 'credit_note' and c.settings_id = d.settings_id and c.original_invoice_number = d.invoice_number), 0)::text as credited
        from etims_documents d where d.kind = 'sale' and d.source_id = ${saleId}`,
  );
  return original ?? null;
}

/**
 * Queues the credit note of a return against a sale KRA has (called at the end of the return's
 * transaction), reason code from the return's reason. A return without a receipt, or of a sale
 * made before the shop used eTIMS, has no invoice to credit and queues nothing.
 */
export async function queueReturnDocument(tx: TenantTx, tenantId: string, returnId: string): Promise<void> {
  const original = await readOriginal(tx, sql`(select sale_id from sale_returns where id = ${returnId})`);
  if (!original) return;
  const [header] = await queryRows<CreditNoteHeader & { reason: string }>(
    tx,
    sql`select r.return_code as trader_invoice_number, r.location_id, r.reason, r.created_at, r.cashier_id, g.name as register_name,
               c.name as customer_name, c.phone as customer_phone, c.kra_pin as customer_pin
        from sale_returns r join registers g on g.id = r.register_id left join contacts c on c.id = r.customer_id
        where r.id = ${returnId}`,
  );
  if (!header) return;
  const lines = await queryRows<LineRow>(
    tx,
    sql`select l.variant_id, trim(l.product_name || ' ' || l.variant_name) as name, (l.quantity * 1000)::bigint as quantity_milli,
               round(l.amount_minor * 1000.0 / (l.quantity * 1000))::int as unit_price_minor, 0 as discount_minor,
               l.amount_minor as gross_minor, l.tax_minor, l.tax_class, ${itemColumns},
               (select (sl.on_hand * 1000)::bigint from stock_levels sl where sl.variant_id = l.variant_id and sl.location_id = ${header.location_id}) as on_hand_milli,
               l.disposition = 'restock' as restocked
        from sale_return_lines l left join etims_items i on i.variant_id = l.variant_id
        where l.return_id = ${returnId} order by l.line_no`,
  );
  const refunds = await queryRows<{ tender: string; amount_minor: number }>(tx, sql`select tender, amount_minor from sale_refunds where return_id = ${returnId} order by seq`);
  await queueCreditNote(tx, tenantId, original, { type: 'sale_return', id: returnId }, { ...header, reason_code: creditNoteReasonCode(header.reason) }, lines, refunds);
}

/**
 * Queues the credit note of a voided sale KRA has (called at the end of the void's transaction):
 * the whole sale, its goods back in stock, reason 06 (refund). A void is refused once goods of the
 * sale were returned, so nothing of the invoice was credited before.
 */
export async function queueVoidDocument(tx: TenantTx, tenantId: string, saleId: string): Promise<void> {
  const original = await readOriginal(tx, sql`${saleId}::uuid`);
  if (!original) return;
  const [header] = await queryRows<CreditNoteHeader>(
    tx,
    sql`select s.receipt_code as trader_invoice_number, s.location_id, '06' as reason_code, s.voided_at as created_at, s.voided_by as cashier_id,
               r.name as register_name, c.name as customer_name, c.phone as customer_phone, c.kra_pin as customer_pin
        from sales s join registers r on r.id = s.register_id left join contacts c on c.id = s.customer_id
        where s.id = ${saleId}`,
  );
  if (!header) return;
  const lines = await queryRows<LineRow>(tx, saleLinesQuery(saleId, header.location_id));
  const payments = await queryRows<{ tender: string; amount_minor: number }>(tx, sql`select tender, amount_minor from sale_payments where sale_id = ${saleId} order by seq`);
  await queueCreditNote(tx, tenantId, original, { type: 'sale_void', id: saleId }, header, lines, payments);
}
