import { sql } from 'drizzle-orm';
import type { SingleKey } from '../../../core/accounting/chart';
import type { AccountRef, PostingDraft, PostingLine, SourceType } from '../../../core/accounting/posting';
import { ACCOUNT_ENTRY_KIND_LABELS, type AccountEntryKind, type AccountSide } from '../../../core/accounts/accounts.schemas';
import { fillMessage } from '../../../core/i18n/message.rules';
import { queryRows, type TenantTx } from '../../db/client';
import type { PostingRule } from '../post-document';
import { shopDayOf } from '../posting';

// The contacts' ledgers in the general ledger (issue 17). The control accounts get exactly what each
// entry wrote on a contact's ledger (receivable signed as the ledger signs it, payable the other
// way round), so accounts receivable and payable equal Σ balances whatever the kind of entry.
// Entries a document wrote are posted by that document's rule; this one posts the rest: payments
// received and refunds made on the account page, opening balances (the contact form, the CSV
// import, the demo's seeded charges), credit notes, adjustments and write-offs. A merge moves
// entries between contacts and writes none: the control totals do not change.

/** Sources whose entries their own document's rule posts (sales, deliveries, bills, returns). */
const POSTED_BY_DOCUMENT = ['sale', 'sale_return', 'sale_void', 'goods_receipt', 'supplier_bill', 'supplier_return'] as const;

/** The control account's line for an amount written on a contact's ledger: + raises what is owed on the side. */
export function ledgerLine(side: AccountSide, amountMinor: number, contactId: string, locationId: string | null = null): PostingLine {
  return { account: { key: side }, amountMinor: side === 'receivable' ? amountMinor : -amountMinor, contactId, locationId };
}

/** Where money paid or received by a method sits: cash from a drawer in that location's cash. */
export function paidThrough(method: string, drawerLocationId: string | null = null): AccountRef {
  switch (method) {
    case 'cash':
      return drawerLocationId ? { key: 'cash_location', locationId: drawerLocationId } : { key: 'cash' };
    case 'mpesa':
      return { tender: 'mpesa' };
    case 'card':
      return { tender: 'card' };
    case 'bank_transfer':
    case 'cheque':
      return { tender: 'bank_transfer' };
    default:
      // 'deposit' is only a sale's charge settled from the customer's credit (the sale posts it).
      throw new Error(`No account for money moved by ${method}`);
  }
}

/** The location of the drawer an account entry's cash came out of (a supplier paid from a shift), as SQL. */
export const drawerLocationOf = (entryId: ReturnType<typeof sql>) =>
  sql`(select s.location_id from shift_cash_movements m join shifts s on s.tenant_id = m.tenant_id and s.id = m.shift_id
       where m.source_type = 'supplier_payment' and m.source_id = ${entryId} limit 1)`;

export interface EntryFacts {
  contact_id: string;
  contact_name: string;
  side: AccountSide;
  kind: AccountEntryKind;
  amount_minor: string;
  method: string | null;
  number: string | null;
  source_type: string | null;
  drawer_location_id: string | null;
  day: string;
}

/** One account entry with its contact, the drawer its cash came from and its day (one query). */
export async function readEntryFacts(tx: TenantTx, entryId: string): Promise<EntryFacts | null> {
  const [row] = await queryRows<EntryFacts>(
    tx,
    sql`select e.contact_id, c.name as contact_name, e.side, e.kind, e.amount_minor::text, e.method, e.number, e.source_type,
               ${drawerLocationOf(sql`e.id`)} as drawer_location_id, ${shopDayOf(sql`e.occurred_at`)} as day
        from account_entries e join contacts c on c.tenant_id = e.tenant_id and c.id = e.contact_id
        where e.id = ${entryId}::uuid`,
  );
  return row ?? null;
}

/** A payment to a supplier: the supplier_payment rule's (Purchases and the account page make the same entry). */
export const isSupplierPayment = (entry: Pick<EntryFacts, 'kind' | 'side'>) => entry.kind === 'payment' && entry.side === 'payable';

/** What the other side of an entry is, by its kind. */
function counterAccount(entry: EntryFacts): AccountRef {
  const bySide = (receivable: SingleKey, payable: SingleKey): AccountRef => ({ key: entry.side === 'receivable' ? receivable : payable });
  switch (entry.kind) {
    case 'payment':
    case 'refund':
      return paidThrough(entry.method!, entry.drawer_location_id);
    case 'opening':
    case 'charge':
      // A charge no document made is history from before the shop used the app (the demo's).
      return { key: 'opening_balances' };
    case 'credit_note':
      // A customer's: a discount given afterwards; a supplier's: one received.
      return bySide('discounts', 'other_income');
    case 'adjustment':
      return { key: 'account_adjustments' };
    case 'write_off':
      return bySide('bad_debts', 'other_income');
  }
}

/** The entry's control line and its other side, dated the entry's day. */
export function entryDraft(sourceType: SourceType, entryId: string, entry: EntryFacts, memo: string): PostingDraft {
  const control = ledgerLine(entry.side, Number(entry.amount_minor), entry.contact_id, entry.drawer_location_id);
  return {
    sourceType,
    sourceId: entryId,
    entryDate: entry.day,
    memo,
    lines: [control, { account: counterAccount(entry), amountMinor: -control.amountMinor, locationId: entry.drawer_location_id }],
  };
}

const postedByDocument = sql.join(
  POSTED_BY_DOCUMENT.map((source) => sql`${source}`),
  sql`, `,
);

export const contactEntryRule: PostingRule = {
  sourceType: 'contact_entry',
  async draft(tx, _context, entryId) {
    const entry = await readEntryFacts(tx, entryId);
    if (!entry || isSupplierPayment(entry) || (POSTED_BY_DOCUMENT as readonly (string | null)[]).includes(entry.source_type)) return null;
    const memo = fillMessage(/*i18n*/ '{kind} on the account of {contact}', { kind: ACCOUNT_ENTRY_KIND_LABELS[entry.kind], contact: entry.contact_name });
    return entryDraft('contact_entry', entryId, entry, memo);
  },
  history: sql`select id, occurred_at as at from account_entries
               where coalesce(source_type, '') not in (${postedByDocument}) and not (kind = 'payment' and side = 'payable')`,
};
