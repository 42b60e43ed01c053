import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PurchasePaymentMethod, SupplierPayment, supplierPaymentInputSchema } from '../../core/purchases/purchases.schemas';
import type { MemberAccess } from '../../core/team/permissions.rules';
import { postDocument } from '../accounting/post-document';
import { recordPayment, type AllocationRequest, type PostedAccountEntry } from '../accounts/account-ledger';
import { queryRows, type Database, type TenantTx } from '../db/client';
import { accountEntries } from '../db/schema/contacts';
import { supplierBills } from '../db/schema/purchases';
import { HttpError, notFound } from '../http/errors';
import { createOnce, type DocumentAuthor } from '../inventory/inventory-documents';
import { recordDrawerCash, requireOpenDrawer } from './drawer-cash';
import { requireSupplier } from './purchase-documents';

// Paying suppliers (issue 16, docs/decisions/0019): a payment on the supplier's payable ledger,
// allocated to the bills picked (their ledger entries) or the oldest first. The ledger locks the
// supplier's account row before it allocates, so concurrent payments take turns and can never
// allocate more than is open on a bill. Cash from a register's drawer is also a cash-out of the
// open shift, naming the payment, in the same transaction, so the shift's expected cash knows it.

type SupplierPaymentInput = z.output<typeof supplierPaymentInputSchema>;

/** The writer of a purchase document, with their permissions in the shop (without sales.approve, only their own shift's drawer). */
export interface PurchaseAuthor extends DocumentAuthor {
  permissions: MemberAccess['permissions'];
}

export interface SupplierPaymentToRecord {
  supplierId: string;
  amountMinor: number;
  method: PurchasePaymentMethod;
  reference: string | null;
  note: string | null;
  /** Ledger entries to settle; null: the oldest bills first. */
  allocations: AllocationRequest[] | null;
  shiftId: string | null;
  /** Where the cash must come from (a receipt's location), when it matters. */
  locationId: string | null;
  requestKey: string | null;
  /** The delivery paid at once, whose journal entry holds this payment. */
  receiptId?: string;
}

/** Records the payment (and the drawer's cash-out) in the caller's transaction. */
export async function paySupplierInTx(tx: TenantTx, author: PurchaseAuthor, payment: SupplierPaymentToRecord): Promise<PostedAccountEntry> {
  if (payment.shiftId !== null && payment.method !== 'cash') {
    const message = /*i18n*/ 'Only cash comes out of a drawer';
    throw new HttpError('validation_failed', message, { shiftId: [message] });
  }
  // The shift first: a closed one refuses before anything is posted (and a close waits for this).
  if (payment.shiftId !== null) await requireOpenDrawer(tx, author, payment.shiftId, { locationId: payment.locationId });
  const entry = await recordPayment(tx, {
    tenantId: author.tenantId,
    contactId: payment.supplierId,
    side: 'payable',
    amountMinor: payment.amountMinor,
    method: payment.method,
    reference: payment.reference,
    note: payment.note,
    allocations: payment.allocations,
    userId: author.userId,
    requestKey: payment.requestKey,
    sourceType: payment.receiptId ? 'goods_receipt' : null,
    sourceId: payment.receiptId ?? null,
  });
  if (payment.shiftId !== null) {
    await recordDrawerCash(tx, author, {
      shiftId: payment.shiftId,
      direction: 'out',
      reason: 'supplier_paid',
      amountMinor: payment.amountMinor,
      note: entry.number,
      sourceType: 'supplier_payment',
      sourceId: entry.id,
    });
  }
  return entry;
}

/** Pays a supplier, over the bills picked or the oldest first (Idempotency-Key). */
export async function recordSupplierPayment(database: Database, author: PurchaseAuthor, input: SupplierPaymentInput): Promise<SupplierPayment> {
  const entryId = await createOnce(
    database,
    author,
    async (tx, requestKey) => (await tx.select({ id: accountEntries.id }).from(accountEntries).where(eq(accountEntries.requestKey, requestKey)))[0]?.id,
    async (tx) => {
      await requireSupplier(tx, input.supplierId);
      const allocations = input.bills ? await billAllocations(tx, input.supplierId, input.bills) : null;
      const entry = await paySupplierInTx(tx, author, {
        supplierId: input.supplierId,
        amountMinor: input.amountMinor,
        method: input.method,
        reference: input.reference,
        note: input.note,
        allocations,
        shiftId: input.shiftId,
        locationId: null,
        requestKey: author.requestKey?.key ?? null,
      }).catch((error: unknown) => {
        throw renameAllocationFields(error);
      });
      await postDocument(tx, author.tenantId, 'supplier_payment', entry.id);
      return entry.id;
    },
  );
  return database.withTenant(author.tenantId, (tx) => readSupplierPayment(tx, entryId));
}

/** The picked bills' ledger entries, or 400 naming a bill this supplier does not have. */
async function billAllocations(tx: TenantTx, supplierId: string, bills: { billId: string; amountMinor: number }[]): Promise<AllocationRequest[]> {
  const rows = await tx
    .select({ id: supplierBills.id, entryId: supplierBills.entryId, supplierId: supplierBills.supplierId })
    .from(supplierBills)
    .where(inArray(supplierBills.id, bills.map((bill) => bill.billId)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const fields: Record<string, string[]> = {};
  bills.forEach((bill, index) => {
    const row = byId.get(bill.billId);
    if (!row) fields[`bills.${index}.billId`] = [/*i18n*/ 'Bill not found'];
    else if (row.supplierId !== supplierId) fields[`bills.${index}.billId`] = [/*i18n*/ 'This bill is another supplier’s'];
  });
  if (Object.keys(fields).length > 0) throw new HttpError('validation_failed', /*i18n*/ 'Some bills cannot be paid with this payment', fields);
  return bills.map((bill) => ({ entryId: byId.get(bill.billId)!.entryId, amountMinor: bill.amountMinor }));
}

/** The ledger names picked charges `allocations.N…`; this payment's body calls them `bills.N…` (same order). */
function renameAllocationFields(error: unknown): unknown {
  if (!(error instanceof HttpError) || !error.fields) return error;
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([field, messages]) => [field.replace(/^allocations(\.\d+)\.entryId$/, 'bills$1.billId').replace(/^allocations/, 'bills'), messages]),
  );
  return new HttpError(error.code, error.message, fields, error.meta);
}

/** A supplier payment as the API answers it: the bills it settled, what is left as credit; 404 when it is none of this shop's. */
export async function readSupplierPayment(tx: TenantTx, entryId: string): Promise<SupplierPayment> {
  const [row] = await queryRows<{
    id: string;
    number: string;
    contact_id: string;
    name: string;
    amount_minor: string;
    method: string;
    reference: string | null;
    occurred_at: string;
    open_minor: string;
    shift_id: string | null;
  }>(
    tx,
    sql`select e.id, e.number, e.contact_id, c.name, e.amount_minor::text, e.method, e.reference, to_json(e.occurred_at)#>>'{}' as occurred_at,
               o.open_minor::text,
               (select m.shift_id from shift_cash_movements m where m.source_type = 'supplier_payment' and m.source_id = e.id) as shift_id
        from account_entries e
        join contacts c on c.tenant_id = e.tenant_id and c.id = e.contact_id
        join account_open_items o on o.tenant_id = e.tenant_id and o.entry_id = e.id
        where e.id = ${entryId} and e.side = 'payable' and e.kind = 'payment'`,
  );
  if (!row) throw notFound(/*i18n*/ 'Payment not found');
  const settled = await queryRows<{ bill_id: string; number: string; amount_minor: string }>(
    tx,
    sql`select b.id as bill_id, b.number, a.amount_minor::text
        from account_allocations a join supplier_bills b on b.tenant_id = a.tenant_id and b.entry_id = a.debit_entry_id
        where a.credit_entry_id = ${entryId}
        order by b.due_date, b.created_at, b.id`,
  );
  return {
    entryId: row.id,
    number: row.number,
    supplier: { id: row.contact_id, name: row.name },
    amountMinor: -Number(row.amount_minor),
    method: row.method as PurchasePaymentMethod,
    reference: row.reference,
    shiftId: row.shift_id,
    occurredAt: new Date(row.occurred_at).toISOString(),
    settled: settled.map((bill) => ({ billId: bill.bill_id, number: bill.number, amountMinor: Number(bill.amount_minor) })),
    unallocatedMinor: Number(row.open_minor),
  };
}

