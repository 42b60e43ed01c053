import { inArray, sql, type SQL } from 'drizzle-orm';
import { ETIMS_TAX_BAND, type TaxClass } from '../../core/products/tax.rules';
import { escapeFormula, serializeCsvRecord } from '../../core/products/csv.rules';
import { formatMoneyPlain } from '../../core/settings/money.rules';
import { TENDER_LABELS, TENDERS, type RefundTender, type Sale, type SaleListQuery, type SaleStatus, type Tender } from '../../core/sales/sales.schemas';
import { queryRows, type Database, type TenantTx } from '../db/client';
import { receiptBlockColumn, toReceiptBlock, type ReceiptBlockRow } from '../etims/etims-documents.service';
import { quantityFromNumeric } from '../db/schema/quantity';
import { readUserNames } from '../inventory/inventory-documents';

// Reading sales: one sale as the receipt and its page show it, the history list (server-paginated,
// filtered, searched by receipt code or customer) and its CSV export. People's names live in the
// platform's users table, which a tenant transaction cannot read: they are filled in afterwards
// (withCashierNames), from the platform handle.

const iso = (value: Date | string) => new Date(value).toISOString();
const shopTimeZone = sql`coalesce((select bs.time_zone from business_settings bs limit 1), 'Africa/Nairobi')`;

interface SaleRow {
  id: string;
  receipt_code: string;
  receipt_number: number;
  status: SaleStatus;
  is_late: boolean;
  register_id: string;
  register_name: string;
  shift_id: string;
  location_id: string;
  location_name: string;
  cashier_id: string | null;
  customer_id: string | null;
  customer_name: string | null;
  customer_phone: string | null;
  customer_kra_pin: string | null;
  customer_credit_limit: string | null;
  customer_balance: string | null;
  subtotal_minor: number;
  discount_minor: number;
  cart_discount_minor: number;
  tip_minor: number;
  total_minor: number;
  tax_minor: number;
  tax_bands: Sale['taxBands'];
  paid_minor: number;
  change_minor: number;
  loyalty_points_earned: number;
  note: string | null;
  ring_up_at: Date | string;
  created_at: Date | string;
  voided_at: Date | string | null;
  void_reason: string | null;
}

interface LineRow {
  id: string;
  line_no: number;
  variant_id: string;
  product_name: string;
  variant_name: string;
  sku: string;
  unit_id: string | null;
  unit_name: string | null;
  quantity: string;
  stock_quantity: string;
  list_price_minor: number;
  unit_price_minor: number;
  price_overridden: boolean;
  line_discount_minor: number;
  cart_discount_share_minor: number;
  total_minor: number;
  tax_class: TaxClass;
  tax_rate_bp: number;
  tax_minor: number;
  returned_quantity: string;
}

interface PaymentRow {
  tender: RefundTender;
  amount_minor: number;
  tendered_minor: number | null;
  reference: string | null;
  loyalty_points: number | null;
}

interface ReturnRow {
  id: string;
  return_code: string;
  total_minor: number;
  created_at: string;
}

/**
 * A sale as the checkout answers it and its page shows it, or null when this shop has no such
 * sale (another shop's included). cashierName is null here: see withCashierNames.
 */
export async function readSale(tx: TenantTx, saleId: string): Promise<Sale | null> {
  // One statement: the lines, payments and returns as JSON arrays beside the sale's row.
  const [row] = await queryRows<SaleRow & { lines: LineRow[]; payments: PaymentRow[]; returns: ReturnRow[]; etims: ReceiptBlockRow | null }>(
    tx,
    sql`select s.id, s.receipt_code, s.receipt_number, s.status, s.is_late, s.register_id, r.name as register_name, s.shift_id,
               s.location_id, l.name as location_name, s.cashier_id, s.customer_id, c.name as customer_name, c.phone as customer_phone,
               c.kra_pin as customer_kra_pin, c.credit_limit_minor::text as customer_credit_limit, a.balance_minor::text as customer_balance,
               s.subtotal_minor, s.discount_minor, s.cart_discount_minor, s.tip_minor, s.total_minor, s.tax_minor, s.tax_bands,
               s.paid_minor, s.change_minor, s.loyalty_points_earned, s.note, s.ring_up_at, s.created_at, s.voided_at, s.void_reason,
               (select coalesce(json_agg(x order by x.line_no), '[]') from (
                  select id, line_no, variant_id, product_name, variant_name, sku, unit_id, unit_name, quantity::text as quantity,
                         stock_quantity::text as stock_quantity, list_price_minor, unit_price_minor, price_overridden, line_discount_minor,
                         cart_discount_share_minor, total_minor, tax_class, tax_rate_bp, tax_minor, returned_quantity::text as returned_quantity
                  from sale_lines where sale_lines.tenant_id = s.tenant_id and sale_lines.sale_id = s.id) x) as lines,
               (select coalesce(json_agg(x order by x.seq), '[]') from (
                  select seq, tender, amount_minor, tendered_minor, reference, loyalty_points
                  from sale_payments where sale_payments.tenant_id = s.tenant_id and sale_payments.sale_id = s.id) x) as payments,
               (select coalesce(json_agg(x order by x.created_at, x.id), '[]') from (
                  select id, return_code, total_minor, created_at
                  from sale_returns where sale_returns.tenant_id = s.tenant_id and sale_returns.sale_id = s.id) x) as returns,
               ${receiptBlockColumn(sql`s.id`)} as etims
        from sales s
        join registers r on r.tenant_id = s.tenant_id and r.id = s.register_id
        join locations l on l.tenant_id = s.tenant_id and l.id = s.location_id
        left join contacts c on c.tenant_id = s.tenant_id and c.id = s.customer_id
        left join contact_accounts a on a.tenant_id = s.tenant_id and a.contact_id = s.customer_id and a.side = 'receivable'
        where s.id = ${saleId}`,
  );
  if (!row) return null;
  const { lines, payments, returns } = row;
  const onAccount = row.customer_id !== null && payments.some((payment) => payment.tender === 'account');
  const balance = Number(row.customer_balance ?? 0);
  return {
    id: row.id,
    receiptCode: row.receipt_code,
    receiptNumber: row.receipt_number,
    status: row.status,
    isLate: row.is_late,
    registerId: row.register_id,
    registerName: row.register_name,
    shiftId: row.shift_id,
    locationId: row.location_id,
    locationName: row.location_name,
    cashierId: row.cashier_id,
    cashierName: null,
    customer: row.customer_id
      ? { id: row.customer_id, name: row.customer_name ?? '', phone: row.customer_phone, kraPin: row.customer_kra_pin }
      : null,
    lines: lines.map((line) => ({
      id: line.id,
      lineNo: line.line_no,
      variantId: line.variant_id,
      productName: line.product_name,
      variantName: line.variant_name,
      sku: line.sku,
      unitId: line.unit_id,
      unitName: line.unit_name,
      quantityMilli: quantityFromNumeric(line.quantity),
      stockQuantityMilli: quantityFromNumeric(line.stock_quantity),
      listPriceMinor: line.list_price_minor,
      unitPriceMinor: line.unit_price_minor,
      priceOverridden: line.price_overridden,
      lineDiscountMinor: line.line_discount_minor,
      cartDiscountShareMinor: line.cart_discount_share_minor,
      totalMinor: line.total_minor,
      taxClass: line.tax_class,
      taxBand: ETIMS_TAX_BAND[line.tax_class],
      taxRateBp: line.tax_rate_bp,
      taxMinor: line.tax_minor,
      returnedQuantityMilli: quantityFromNumeric(line.returned_quantity),
    })),
    payments: payments.map((payment) => ({
      tender: payment.tender,
      amountMinor: payment.amount_minor,
      tenderedMinor: payment.tendered_minor,
      reference: payment.reference,
      loyaltyPoints: payment.loyalty_points,
    })),
    subtotalMinor: row.subtotal_minor,
    discountMinor: row.discount_minor,
    cartDiscountMinor: row.cart_discount_minor,
    tipMinor: row.tip_minor,
    totalMinor: row.total_minor,
    taxMinor: row.tax_minor,
    taxBands: row.tax_bands,
    paidMinor: row.paid_minor,
    changeMinor: row.change_minor,
    loyaltyPointsEarned: row.loyalty_points_earned,
    customerBalanceMinor: onAccount ? balance : null,
    // The customer now owes more than their limit (a 'warn' policy let the charge through).
    creditLimitWarning: onAccount && balance > Number(row.customer_credit_limit ?? 0),
    note: row.note,
    ringUpAt: iso(row.ring_up_at),
    createdAt: iso(row.created_at),
    voidedAt: row.voided_at === null ? null : iso(row.voided_at),
    voidReason: row.void_reason,
    returns: returns.map((item) => ({ id: item.id, returnCode: item.return_code, totalMinor: item.total_minor, createdAt: iso(item.created_at) })),
    etims: toReceiptBlock(row.etims),
  };
}

/** The sales with their cashiers' names (read from the platform's users, outside the tenant transaction). */
export async function withCashierNames<T extends { cashierId: string | null; cashierName: string | null }>(database: Database, items: T[]): Promise<T[]> {
  const names = await readUserNames(database, items.map((item) => item.cashierId));
  return items.map((item) => ({ ...item, cashierName: item.cashierId ? (names.get(item.cashierId) ?? null) : null }));
}

/** A sale by its receipt code as printed ("T1-000123", any case), or null. */
export async function findSaleIdByReceipt(tx: TenantTx, code: string): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(tx, sql`select id from sales where receipt_code = ${code.trim().toUpperCase()}`);
  return row?.id ?? null;
}

// ─── The history list and its export ─────────────────────────────────────────────────────────────

export type SaleFilters = Omit<SaleListQuery, 'sort' | 'direction' | 'page' | 'pageSize'>;

/** Who asks: only their own sales (without reports.view), and only at their locations (null: all). */
export interface SaleReader {
  userId: string;
  ownOnly: boolean;
  locationIds: readonly string[] | null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The list's filters as one condition on sales aliased s (customers c). Days are the shop's. */
function saleConditions(reader: SaleReader, filters: SaleFilters): SQL {
  const conditions: SQL[] = [sql`true`];
  if (reader.ownOnly) conditions.push(sql`s.cashier_id = ${reader.userId}`);
  if (reader.locationIds) conditions.push(inArray(sql`s.location_id`, [...reader.locationIds]));
  if (filters.from) conditions.push(sql`s.created_at >= (${filters.from}::date::timestamp at time zone ${shopTimeZone})`);
  if (filters.to) conditions.push(sql`s.created_at < ((${filters.to}::date + 1)::timestamp at time zone ${shopTimeZone})`);
  if (filters.locationId) conditions.push(sql`s.location_id = ${filters.locationId}`);
  if (filters.registerId) conditions.push(sql`s.register_id = ${filters.registerId}`);
  if (filters.shiftId) conditions.push(sql`s.shift_id = ${filters.shiftId}`);
  if (filters.cashierId) conditions.push(sql`s.cashier_id = ${filters.cashierId}`);
  if (filters.customerId) conditions.push(sql`s.customer_id = ${filters.customerId}`);
  if (filters.status) conditions.push(sql`s.status = ${filters.status}`);
  if (filters.tender) conditions.push(sql`exists (select 1 from sale_payments p where p.tenant_id = s.tenant_id and p.sale_id = s.id and p.tender = ${filters.tender})`);
  const q = filters.q?.trim();
  if (q) {
    conditions.push(sql`(upper(s.receipt_code) like ${`${escapeLike(q.toUpperCase())}%`} or c.name_key like ${`%${escapeLike(q.toLowerCase())}%`})`);
  }
  return sql.join(conditions, sql` and `);
}

const SORT_COLUMNS: Record<SaleListQuery['sort'], SQL> = {
  created: sql`s.created_at`,
  total: sql`s.total_minor`,
  receipt: sql`s.receipt_number`,
};

interface ListRow {
  id: string;
  receipt_code: string;
  status: SaleStatus;
  is_late: boolean;
  created_at: Date | string;
  register_name: string;
  location_name: string;
  cashier_id: string | null;
  customer_id: string | null;
  customer_name: string | null;
  total_minor: number;
  tenders: string[] | null;
  line_count: number;
}

const tendersOf = (tenders: string[] | null): Tender[] => (tenders ?? []).filter((tender): tender is Tender => (TENDERS as readonly string[]).includes(tender));

/** A page of the sales the reader may list (see SaleReader), newest first by default. */
export async function listSales(database: Database, tenantId: string, reader: SaleReader, query: SaleListQuery) {
  const direction = query.direction === 'asc' ? sql`asc` : sql`desc`;
  const { rows, total } = await database.withTenant(tenantId, async (tx) => {
    const where = saleConditions(reader, query);
    const from = sql`from sales s left join contacts c on c.tenant_id = s.tenant_id and c.id = s.customer_id`;
    const [count] = await queryRows<{ total: number }>(tx, sql`select count(*)::int as total ${from} where ${where}`);
    const page = await queryRows<ListRow>(
      tx,
      sql`select s.id, s.receipt_code, s.status, s.is_late, s.created_at, r.name as register_name, l.name as location_name, s.cashier_id,
                 s.customer_id, c.name as customer_name, s.total_minor,
                 (select array_agg(p.tender order by p.seq) from sale_payments p where p.tenant_id = s.tenant_id and p.sale_id = s.id) as tenders,
                 (select count(*)::int from sale_lines sl where sl.tenant_id = s.tenant_id and sl.sale_id = s.id) as line_count
          ${from}
          join registers r on r.tenant_id = s.tenant_id and r.id = s.register_id
          join locations l on l.tenant_id = s.tenant_id and l.id = s.location_id
          where ${where}
          order by ${SORT_COLUMNS[query.sort]} ${direction}, s.id ${direction}
          limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    );
    return { rows: page, total: count?.total ?? 0 };
  });
  const names = await readUserNames(database, rows.map((row) => row.cashier_id));
  return {
    items: rows.map((row) => ({
      id: row.id,
      receiptCode: row.receipt_code,
      status: row.status,
      isLate: row.is_late,
      createdAt: iso(row.created_at),
      registerName: row.register_name,
      locationName: row.location_name,
      cashierId: row.cashier_id,
      cashierName: row.cashier_id ? (names.get(row.cashier_id) ?? null) : null,
      customerId: row.customer_id,
      customerName: row.customer_name,
      totalMinor: row.total_minor,
      tenders: [...new Set(tendersOf(row.tenders))],
      lineCount: row.line_count,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export const SALE_EXPORT_COLUMNS = [
  'receipt',
  'date',
  'time',
  'location',
  'register',
  'cashier',
  'customer',
  'status',
  'subtotal',
  'discounts',
  'tip',
  'total',
  'vat',
  'tenders',
] as const;

const EXPORT_PAGE_SIZE = 1000;

interface ExportRow {
  id: string;
  /** created_at as PostgreSQL prints it (microseconds kept, for the keyset). */
  created_key: string;
  receipt_code: string;
  day: string;
  time: string;
  location_name: string;
  register_name: string;
  cashier_id: string | null;
  customer_name: string | null;
  status: SaleStatus;
  subtotal_minor: number;
  discount_minor: number;
  tip_minor: number;
  total_minor: number;
  tax_minor: number;
  tenders: string | null;
}

function readExportPage(tx: TenantTx, reader: SaleReader, filters: SaleFilters, after: { createdAt: string; id: string } | null) {
  const keyset = after ? sql`and (s.created_at, s.id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``;
  return queryRows<ExportRow>(
    tx,
    sql`select s.id, s.created_at::text as created_key, s.receipt_code,
               to_char(s.created_at at time zone ${shopTimeZone}, 'YYYY-MM-DD') as day,
               to_char(s.created_at at time zone ${shopTimeZone}, 'HH24:MI:SS') as time,
               l.name as location_name, r.name as register_name, s.cashier_id, c.name as customer_name, s.status,
               s.subtotal_minor, s.discount_minor, s.tip_minor, s.total_minor, s.tax_minor,
               (select string_agg(p.tender || ' ' || p.amount_minor, ';' order by p.seq) from sale_payments p
                where p.tenant_id = s.tenant_id and p.sale_id = s.id) as tenders
        from sales s
        left join contacts c on c.tenant_id = s.tenant_id and c.id = s.customer_id
        join registers r on r.tenant_id = s.tenant_id and r.id = s.register_id
        join locations l on l.tenant_id = s.tenant_id and l.id = s.location_id
        where ${saleConditions(reader, filters)} ${keyset}
        order by s.created_at, s.id
        limit ${EXPORT_PAGE_SIZE}`,
  );
}

/** "cash 50000;mpesa 30000" → "Cash 500.00; M-Pesa 300.00". */
function tendersText(tenders: string | null): string {
  if (!tenders) return '';
  return tenders
    .split(';')
    .map((part) => {
      const [tender = '', amount = '0'] = part.split(' ');
      return `${TENDER_LABELS[tender as RefundTender] ?? tender} ${formatMoneyPlain(Number(amount))}`;
    })
    .join('; ');
}

/** The list's sales for the same filters as CSV, oldest first, streamed a page at a time (UTF-8 with a byte order mark for Excel). */
export function exportSalesCsv(database: Database, tenantId: string, reader: SaleReader, filters: SaleFilters): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: { createdAt: string; id: string } | null = null;
  let isDone = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (isDone) return;
      const page = await database.withTenant(tenantId, (tx) => readExportPage(tx, reader, filters, after));
      const names = await readUserNames(database, page.map((row) => row.cashier_id));
      let text = after === null ? `\uFEFF${serializeCsvRecord([...SALE_EXPORT_COLUMNS])}` : '';
      for (const row of page) {
        const cells = [
          row.receipt_code,
          row.day,
          row.time,
          row.location_name,
          row.register_name,
          row.cashier_id ? (names.get(row.cashier_id) ?? '') : '',
          row.customer_name ?? '',
          row.status,
          formatMoneyPlain(row.subtotal_minor),
          formatMoneyPlain(row.discount_minor),
          formatMoneyPlain(row.tip_minor),
          formatMoneyPlain(row.total_minor),
          formatMoneyPlain(row.tax_minor),
          tendersText(row.tenders),
        ];
        text += serializeCsvRecord(cells.map(escapeFormula));
      }
      const last = page.at(-1);
      if (last) after = { createdAt: last.created_key, id: last.id };
      if (page.length < EXPORT_PAGE_SIZE) isDone = true;
      if (text) controller.enqueue(encoder.encode(text));
      if (isDone) controller.close();
    },
  });
}
