import { randomUUID } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { billStatus, BILL_STATUSES, type BillStatus } from '../../core/purchases/bill.rules';
import { formatBillNumber, type Bill, type BillListItem, type purchaseListQuerySchema, type serviceBillInputSchema } from '../../core/purchases/purchases.schemas';
import { postDocument } from '../accounting/post-document';
import { nextDocumentNumber, postCharge } from '../accounts/account-ledger';
import { queryRows, type Database, type TenantTx } from '../db/client';
import { expenseCategories, supplierBills } from '../db/schema/purchases';
import { HttpError, notFound } from '../http/errors';
import { createOnce, type DocumentAuthor, type Page } from '../inventory/inventory-documents';
import { escapeLike, readShopToday, requireSupplier, shopToday } from './purchase-documents';

// Supplier bills (issue 16, docs/decisions/0019): what the shop owes a supplier for one receipt or
// one service. The amount is a charge on the supplier's payable ledger; the bill names that entry,
// and what is still open on it there is what is left to pay. A bill's status is read from that open
// item, never stored, so paying a bill is only a ledger payment and never posts the purchase again.

type ServiceBillInput = z.output<typeof serviceBillInputSchema>;
type PurchaseListQuery = z.output<typeof purchaseListQuerySchema>;

export interface BillToPost {
  supplierId: string;
  kind: 'goods' | 'services';
  receiptId: string | null;
  supplierInvoiceNumber: string | null;
  /** YYYY-MM-DD; null: today in the shop. */
  billDate: string | null;
  /** null: the supplier's payment terms from today. */
  dueDate: string | null;
  amountMinor: number;
  vatMinor: number;
  categoryId?: string | null;
  description?: string | null;
}

/** Posts the bill's charge on the supplier's payable ledger and the bill naming it, in the caller's transaction. */
export async function postBill(tx: TenantTx, author: DocumentAuthor, bill: BillToPost): Promise<{ id: string; number: string; entryId: string }> {
  const id = randomUUID();
  const { entry } = await postCharge(tx, {
    tenantId: author.tenantId,
    contactId: bill.supplierId,
    side: 'payable',
    amountMinor: bill.amountMinor,
    sourceType: 'supplier_bill',
    sourceId: id,
    userId: author.userId,
    dueDate: bill.dueDate ?? undefined,
  });
  const number = formatBillNumber(await nextDocumentNumber(tx, author.tenantId, 'supplier_bill'));
  await tx.insert(supplierBills).values({
    id,
    tenantId: author.tenantId,
    number,
    supplierId: bill.supplierId,
    kind: bill.kind,
    receiptId: bill.receiptId,
    entryId: entry.id,
    supplierInvoiceNumber: bill.supplierInvoiceNumber,
    billDate: bill.billDate ?? (await readShopToday(tx)),
    dueDate: entry.dueDate!,
    amountMinor: bill.amountMinor,
    vatMinor: bill.vatMinor,
    categoryId: bill.categoryId ?? null,
    description: bill.description ?? null,
    createdBy: author.userId,
    // A goods bill is created by its receipt, which holds the request's key.
    requestKey: bill.kind === 'services' ? (author.requestKey?.key ?? null) : null,
  });
  return { id, number, entryId: entry.id };
}

/** A bill for a service without stock (a carrier, a fundi): a charge on the supplier's account (Idempotency-Key). */
export async function createServiceBill(database: Database, author: DocumentAuthor, input: ServiceBillInput): Promise<Bill> {
  const id = await createOnce(
    database,
    author,
    async (tx, requestKey) => (await tx.select({ id: supplierBills.id }).from(supplierBills).where(eq(supplierBills.requestKey, requestKey)))[0]?.id,
    async (tx) => {
      await requireSupplier(tx, input.supplierId);
      if (input.categoryId) {
        const [category] = await tx.select({ id: expenseCategories.id }).from(expenseCategories).where(eq(expenseCategories.id, input.categoryId));
        if (!category) throw new HttpError('validation_failed', /*i18n*/ 'Category not found', { categoryId: [/*i18n*/ 'Category not found'] });
      }
      if (input.dueDate !== null && input.dueDate < input.billDate) {
        const message = /*i18n*/ 'A bill cannot fall due before its date';
        throw new HttpError('validation_failed', message, { dueDate: [message] });
      }
      const dueDate = input.dueDate ?? (await dueFromTerms(tx, input.supplierId, input.billDate));
      const bill = await postBill(tx, author, {
        supplierId: input.supplierId,
        kind: 'services',
        receiptId: null,
        supplierInvoiceNumber: input.supplierInvoiceNumber,
        billDate: input.billDate,
        dueDate,
        amountMinor: input.amountMinor,
        vatMinor: input.vatMinor,
        categoryId: input.categoryId,
        description: input.description,
      });
      await postDocument(tx, author.tenantId, 'supplier_bill', bill.id);
      return bill.id;
    },
  );
  return getBill(database, author.tenantId, id);
}

/** The bill date plus the supplier's payment terms. */
async function dueFromTerms(tx: TenantTx, supplierId: string, billDate: string): Promise<string> {
  const [row] = await queryRows<{ due: string }>(
    tx,
    sql`select (${billDate}::date + supplier_payment_terms_days)::text as due from contacts where id = ${supplierId}`,
  );
  return row!.due;
}

interface BillRow {
  id: string;
  number: string;
  kind: 'goods' | 'services';
  supplier_id: string;
  supplier_name: string;
  receipt_id: string | null;
  receipt_number: string | null;
  supplier_invoice_number: string | null;
  bill_date: string;
  due_date: string;
  amount_minor: string;
  vat_minor: string;
  open_minor: string;
  category_id: string | null;
  category_name: string | null;
  description: string | null;
  entry_id: string;
  created_at: string;
  today: string;
}

const billColumns = sql`b.id, b.number, b.kind, b.supplier_id, c.name as supplier_name, b.receipt_id, r.number as receipt_number,
  b.supplier_invoice_number, b.bill_date::text, b.due_date::text, b.amount_minor::text, b.vat_minor::text,
  coalesce(o.open_minor, 0)::text as open_minor, b.category_id, ec.name as category_name, b.description, b.entry_id,
  to_json(b.created_at)#>>'{}' as created_at, ${shopToday}::text as today`;

const billSource = sql`supplier_bills b
  join contacts c on c.tenant_id = b.tenant_id and c.id = b.supplier_id
  left join account_open_items o on o.tenant_id = b.tenant_id and o.entry_id = b.entry_id
  left join goods_receipts r on r.tenant_id = b.tenant_id and r.id = b.receipt_id
  left join expense_categories ec on ec.tenant_id = b.tenant_id and ec.id = b.category_id`;

function toBillItem(row: BillRow): BillListItem {
  const amountMinor = Number(row.amount_minor);
  const openMinor = Number(row.open_minor);
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    supplier: { id: row.supplier_id, name: row.supplier_name },
    receipt: row.receipt_id ? { id: row.receipt_id, number: row.receipt_number! } : null,
    supplierInvoiceNumber: row.supplier_invoice_number,
    billDate: row.bill_date,
    dueDate: row.due_date,
    amountMinor,
    vatMinor: Number(row.vat_minor),
    openMinor,
    status: billStatus({ amountMinor, openMinor, dueDate: row.due_date }, row.today),
    category: row.category_id ? { id: row.category_id, name: row.category_name! } : null,
    description: row.description,
    entryId: row.entry_id,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The SQL condition of a status (billStatus as a filter). */
const STATUS_CONDITIONS: Record<BillStatus, SQL> = {
  paid: sql`coalesce(o.open_minor, 0) = 0`,
  overdue: sql`o.open_minor > 0 and b.due_date < ${shopToday}`,
  partly_paid: sql`o.open_minor > 0 and b.due_date >= ${shopToday} and o.open_minor < b.amount_minor`,
  due: sql`o.open_minor > 0 and b.due_date >= ${shopToday} and o.open_minor = b.amount_minor`,
};

const BILL_SORTS: Record<PurchaseListQuery['sort'], SQL> = {
  newest: sql`b.created_at desc, b.id`,
  oldest: sql`b.created_at, b.id`,
  number: sql`b.number desc`,
  total: sql`b.amount_minor desc, b.id`,
  due: sql`b.due_date, b.created_at, b.id`,
};

/** Bills, filtered by supplier, status, date and a search of numbers, invoice numbers and supplier names; with what is open and overdue over them all. */
export async function listBills(database: Database, tenantId: string, query: PurchaseListQuery): Promise<Page<BillListItem> & { openMinor: number; overdueMinor: number }> {
  const conditions: SQL[] = [sql`true`];
  if (query.status !== undefined) {
    if (!(BILL_STATUSES as readonly string[]).includes(query.status)) {
      const message = /*i18n*/ 'Choose paid, partly paid, due or overdue';
      throw new HttpError('validation_failed', message, { status: [message] });
    }
    conditions.push(STATUS_CONDITIONS[query.status as BillStatus]);
  }
  if (query.supplierId) conditions.push(sql`b.supplier_id = ${query.supplierId}`);
  if (query.from) conditions.push(sql`b.bill_date >= ${query.from}::date`);
  if (query.to) conditions.push(sql`b.bill_date <= ${query.to}::date`);
  if (query.search) {
    const pattern = `%${escapeLike(query.search.toLowerCase())}%`;
    conditions.push(sql`(lower(b.number) like ${pattern} or lower(b.supplier_invoice_number) like ${pattern} or lower(c.name) like ${pattern})`);
  }
  const where = sql.join(conditions, sql` and `);
  return database.withTenant(tenantId, async (tx) => {
    const [totals] = await queryRows<{ total: number; open: string; overdue: string }>(
      tx,
      sql`select count(*)::int as total, coalesce(sum(o.open_minor), 0)::text as open,
                 coalesce(sum(o.open_minor) filter (where b.due_date < ${shopToday}), 0)::text as overdue
          from ${billSource} where ${where}`,
    );
    const rows = await queryRows<BillRow>(
      tx,
      sql`select ${billColumns} from ${billSource} where ${where}
          order by ${BILL_SORTS[query.sort]} limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    );
    return {
      items: rows.map(toBillItem),
      total: totals?.total ?? 0,
      page: query.page,
      pageSize: query.pageSize,
      openMinor: Number(totals?.open ?? 0),
      overdueMinor: Number(totals?.overdue ?? 0),
    };
  });
}

/** One bill with the payments (and credit notes) that settled it, oldest first; 404 for another shop's. */
export function getBill(database: Database, tenantId: string, billId: string): Promise<Bill> {
  return database.withTenant(tenantId, async (tx) => {
    const [row] = await queryRows<BillRow>(tx, sql`select ${billColumns} from ${billSource} where b.id = ${billId}`);
    if (!row) throw notFound(/*i18n*/ 'Bill not found');
    const payments = await queryRows<{ entry_id: string; number: string | null; method: string | null; amount_minor: string; occurred_at: string }>(
      tx,
      sql`select e.id as entry_id, e.number, e.method, a.amount_minor::text, to_json(e.occurred_at)#>>'{}' as occurred_at
          from account_allocations a join account_entries e on e.tenant_id = a.tenant_id and e.id = a.credit_entry_id
          where a.debit_entry_id = ${row.entry_id}
          order by e.occurred_at, e.id`,
    );
    return {
      ...toBillItem(row),
      payments: payments.map((payment) => ({
        entryId: payment.entry_id,
        number: payment.number,
        method: payment.method,
        amountMinor: Number(payment.amount_minor),
        occurredAt: new Date(payment.occurred_at).toISOString(),
      })),
    };
  });
}

/** The bill a receipt made, as the receipt shows it (null for goods received free). */
export async function readReceiptBill(tx: TenantTx, receiptId: string): Promise<(Pick<BillListItem, 'id' | 'number' | 'status' | 'openMinor' | 'dueDate'>) | null> {
  const [row] = await queryRows<BillRow>(tx, sql`select ${billColumns} from ${billSource} where b.receipt_id = ${receiptId}`);
  if (!row) return null;
  const bill = toBillItem(row);
  return { id: bill.id, number: bill.number, status: bill.status, openMinor: bill.openMinor, dueDate: bill.dueDate };
}
