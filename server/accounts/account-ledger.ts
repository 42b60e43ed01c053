import { and, eq, sql } from 'drizzle-orm';
import { formatPaymentNumber, type AccountEntryKind, type AccountSide, type CreditLimitPolicy } from '../../core/accounts/accounts.schemas';
import { fillMessage } from '../../core/i18n/message.rules';
import { formatMinorUnits } from '../../core/settings/money.rules';
import { queryRows, type TenantTx } from '../db/client';
import { accountEntries, contacts } from '../db/schema/contacts';
import { businessSettings } from '../db/schema/settings';
import { isUniqueViolation } from '../db/errors';
import { HttpError } from '../http/errors';
import { claimMpesaCode } from '../payments/mpesa-codes';

// The credit ledger (docs/decisions/0016-contact-ledgers-and-jobs.md): the ONLY code that writes
// account_entries, account_open_items, account_allocations and contact_accounts. Same promises as
// the stock ledger (server/inventory/stock-ledger.ts):
//  - an entry and the balance it changes are written by one statement, so a contact's balance on a
//    side is always the sum of its entries; entries are never changed (the app role may not);
//  - every entry is an open item: a debit (amount > 0: still owed) or a credit (amount < 0: not yet
//    applied, a deposit); an allocation lowers one of each by the same amount, so
//    balance = Σ open debits − Σ open credits, and Σ allocations of an item = amount − open;
//  - every operation first locks the contact's account row (created empty if missing), so a
//    contact's operations take turns and two payments can never allocate the same shilling.
// Services of Sales and Purchases call these inside their own transactions.

export interface AccountEntryInput {
  tenantId: string;
  contactId: string;
  side: AccountSide;
  kind: AccountEntryKind;
  /** Signed, whole minor units: positive raises what is owed on the side, negative lowers it. */
  amountMinor: number;
  /** Debits: when it falls due (YYYY-MM-DD); defaults to the entry's day. */
  dueDate?: string | null;
  method?: string | null;
  reference?: string | null;
  number?: string | null;
  sourceType?: string | null;
  sourceId?: string | null;
  reason?: string | null;
  note?: string | null;
  userId?: string | null;
  /** The request's Idempotency-Key, stored on the entry (unique per shop). */
  requestKey?: string | null;
  /** Only for imports and the demo seed: when it happened (default: now). */
  occurredAt?: Date;
  /**
   * Credits: settle these debits (validated: open, of this contact and side, not over their open
   * amount or the credit), or 'oldest' (default) to settle the oldest due first, or 'none'.
   * Debits: 'oldest' applies the contact's open credits (deposits) to it; default 'none'.
   */
  allocate?: 'oldest' | 'none' | AllocationRequest[];
}

export interface AllocationRequest {
  entryId: string;
  amountMinor: number;
}

export interface PostedAccountEntry {
  id: string;
  tenantId: string;
  contactId: string;
  side: AccountSide;
  kind: AccountEntryKind;
  amountMinor: number;
  dueDate: string | null;
  method: string | null;
  reference: string | null;
  number: string | null;
  sourceType: string | null;
  sourceId: string | null;
  reason: string | null;
  note: string | null;
  userId: string | null;
  occurredAt: Date;
  /** The side's balance right after this entry (and its allocations). */
  balanceAfterMinor: number;
  /** What this entry settled: the other items and the amounts. */
  allocations: { entryId: string; amountMinor: number }[];
  /** The part of this entry still open after its allocations. */
  openMinor: number;
}

/** A contact's row as the ledger needs it. */
interface AccountHolder {
  type: 'customer' | 'supplier' | 'both';
  name: string;
  creditLimitMinor: number;
  termsDays: number;
  balanceMinor: number;
}

const SIDE_TYPES: Record<AccountSide, readonly string[]> = { receivable: ['customer', 'both'], payable: ['supplier', 'both'] };

const contactNotFound = () => new HttpError('not_found', /*i18n*/ 'Contact not found');

function mergedContact() {
  const message = /*i18n*/ 'This contact was merged into another one: use that one';
  return new HttpError('validation_failed', message, { contactId: [message] });
}

/**
 * Locks the contact's account row on a side (inserting an empty one first) and reads what the
 * ledger needs. 404 for a contact this shop does not have; 400 for a side it cannot have (a
 * customer has no payable account).
 */
export async function lockAccount(tx: TenantTx, tenantId: string, contactId: string, side: AccountSide): Promise<AccountHolder> {
  const [contact] = await tx
    .select({
      type: contacts.type,
      name: contacts.name,
      creditLimitMinor: contacts.creditLimitMinor,
      customerTerms: contacts.customerPaymentTermsDays,
      supplierTerms: contacts.supplierPaymentTermsDays,
      mergedIntoId: contacts.mergedIntoId,
    })
    .from(contacts)
    .where(eq(contacts.id, contactId));
  if (!contact) throw contactNotFound();
  if (!SIDE_TYPES[side].includes(contact.type)) {
    const message = side === 'receivable' ? /*i18n*/ 'This contact is not a customer' : /*i18n*/ 'This contact is not a supplier';
    throw new HttpError('validation_failed', message, { side: [message] });
  }
  if (contact.mergedIntoId) throw mergedContact();
  // Insert-if-missing, then lock: FOR UPDATE waits for a concurrent operation on this account to
  // commit (a concurrent first insert waits on the primary key and then finds the row).
  await tx.execute(sql`insert into contact_accounts (tenant_id, contact_id, side) values (${tenantId}, ${contactId}, ${side}) on conflict do nothing`);
  const [locked] = await queryRows<{ balance_minor: string }>(
    tx,
    sql`select balance_minor::text from contact_accounts where tenant_id = ${tenantId} and contact_id = ${contactId} and side = ${side} for update`,
  );
  // A merge holds this lock while it moves the account: once we have it, read the contact again
  // (a new statement sees the merge's commit), so nothing is posted to a contact merged meanwhile.
  const [stillHere] = await tx.select({ mergedIntoId: contacts.mergedIntoId }).from(contacts).where(eq(contacts.id, contactId));
  if (stillHere?.mergedIntoId) throw mergedContact();
  const balance = locked?.balance_minor ?? '0';
  return {
    type: contact.type as AccountHolder['type'],
    name: contact.name,
    creditLimitMinor: contact.creditLimitMinor,
    termsDays: side === 'receivable' ? contact.customerTerms : contact.supplierTerms,
    balanceMinor: Number(balance),
  };
}

/**
 * Appends one entry: locks the account, writes the entry, its open item and the new balance in one
 * statement, then allocates (see AccountEntryInput.allocate). Throws 400 with field messages for a
 * picked allocation that does not fit; the caller's transaction then writes nothing.
 */
export async function postAccountEntry(tx: TenantTx, input: AccountEntryInput): Promise<PostedAccountEntry> {
  await lockAccount(tx, input.tenantId, input.contactId, input.side);
  return appendEntry(tx, input);
}

/** postAccountEntry once the account is locked (the row lock is held until the transaction ends). */
async function appendEntry(tx: TenantTx, input: AccountEntryInput): Promise<PostedAccountEntry> {
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor === 0) {
    throw new RangeError('An account entry needs a non-zero whole number of minor units');
  }
  const isDebit = input.amountMinor > 0;
  const picked = Array.isArray(input.allocate) ? input.allocate : null;
  if (picked && isDebit) throw new RangeError('Only a credit entry settles picked charges');
  if (picked) await checkPickedAllocations(tx, input, picked);

  const occurredAt = input.occurredAt ? sql`${input.occurredAt.toISOString()}::timestamptz` : sql`clock_timestamp()`;
  const [row] = await queryRows<{ id: string; occurred_at: string; due_date: string | null; balance_after: string }>(
    tx,
    sql`with account as (
          update contact_accounts set balance_minor = balance_minor + ${input.amountMinor}::bigint, updated_at = now()
          where tenant_id = ${input.tenantId} and contact_id = ${input.contactId} and side = ${input.side}
          returning balance_minor
        ), entry as (
          insert into account_entries (tenant_id, contact_id, side, kind, amount_minor, due_date, method, reference, number,
                                       source_type, source_id, reason, note, user_id, request_key, occurred_at)
          select ${input.tenantId}, ${input.contactId}, ${input.side}, ${input.kind}, ${input.amountMinor}::bigint,
                 ${isDebit ? (input.dueDate ?? null) : null}::date, ${input.method ?? null}, ${input.reference ?? null}, ${input.number ?? null},
                 ${input.sourceType ?? null}, ${input.sourceId ?? null}::uuid, ${input.reason ?? null}, ${input.note ?? null},
                 ${input.userId ?? null}::uuid, ${input.requestKey ?? null}::uuid, ${occurredAt}
          from account
          returning id, occurred_at, due_date
        ), item as (
          insert into account_open_items (tenant_id, entry_id, contact_id, side, direction, amount_minor, open_minor, due_date, occurred_at)
          select ${input.tenantId}, entry.id, ${input.contactId}, ${input.side}, ${isDebit ? 'debit' : 'credit'},
                 abs(${input.amountMinor}::bigint), abs(${input.amountMinor}::bigint),
                 ${isDebit ? sql`coalesce(entry.due_date, (entry.occurred_at at time zone ${shopTimeZone()})::date)` : sql`null::date`}, entry.occurred_at
          from entry
          returning entry_id
        )
        select entry.id, entry.occurred_at::text, entry.due_date::text, account.balance_minor::text as balance_after
        from entry, account, item`,
  ).catch((error: unknown) => {
    throw translateWriteError(error);
  });
  if (!row) throw new Error('The account row was not locked before the entry was appended');

  const magnitude = Math.abs(input.amountMinor);
  let allocations: { entryId: string; amountMinor: number }[] = [];
  const mode = input.allocate ?? (isDebit ? 'none' : 'oldest');
  if (picked) allocations = await allocatePicked(tx, input, row.id, picked);
  else if (mode === 'oldest') allocations = await allocateOldestFirst(tx, input, row.id, isDebit ? 'debit' : 'credit', magnitude);
  const settled = allocations.reduce((sum, allocation) => sum + allocation.amountMinor, 0);

  return {
    id: row.id,
    tenantId: input.tenantId,
    contactId: input.contactId,
    side: input.side,
    kind: input.kind,
    amountMinor: input.amountMinor,
    dueDate: isDebit ? await dueDateOf(tx, row.id) : null,
    method: input.method ?? null,
    reference: input.reference ?? null,
    number: input.number ?? null,
    sourceType: input.sourceType ?? null,
    sourceId: input.sourceId ?? null,
    reason: input.reason ?? null,
    note: input.note ?? null,
    userId: input.userId ?? null,
    occurredAt: new Date(row.occurred_at),
    balanceAfterMinor: Number(row.balance_after),
    allocations,
    openMinor: magnitude - settled,
  };
}

/** The shop's time zone as SQL (a debit's default due day is its day there). */
const shopTimeZone = () => sql`coalesce((select time_zone from business_settings limit 1), 'Africa/Nairobi')`;

async function dueDateOf(tx: TenantTx, entryId: string): Promise<string | null> {
  const [row] = await queryRows<{ due_date: string | null }>(tx, sql`select due_date::text from account_open_items where entry_id = ${entryId}`);
  return row?.due_date ?? null;
}

function translateWriteError(error: unknown): unknown {
  if (isUniqueViolation(error, 'account_entries_mpesa_code_unique')) return mpesaCodeUsed();
  return error;
}

const mpesaCodeUsed = (number?: string | null) => {
  const message = number
    ? fillMessage(/*i18n*/ 'This M-Pesa code was already used for {number}', { number })
    : /*i18n*/ 'This M-Pesa code was already used for another payment';
  return new HttpError('mpesa_code_used', message, { reference: [message] });
};

/** Picked charges must be open debits of this contact and side, each within its open amount, in total within the credit. */
async function checkPickedAllocations(tx: TenantTx, input: AccountEntryInput, picked: AllocationRequest[]) {
  const magnitude = Math.abs(input.amountMinor);
  const ids = picked.map((item) => item.entryId);
  const rows = ids.length
    ? await queryRows<{ entry_id: string; open_minor: string }>(
        tx,
        sql`select entry_id, open_minor::text from account_open_items
            where contact_id = ${input.contactId} and side = ${input.side} and direction = 'debit'
              and entry_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`,
      )
    : [];
  const open = new Map(rows.map((row) => [row.entry_id, Number(row.open_minor)]));
  const fields: Record<string, string[]> = {};
  const seen = new Set<string>();
  let total = 0;
  picked.forEach((item, index) => {
    total += item.amountMinor;
    const available = open.get(item.entryId);
    if (!Number.isSafeInteger(item.amountMinor) || item.amountMinor <= 0) {
      fields[`allocations.${index}.amountMinor`] = [/*i18n*/ 'Enter an amount above zero'];
    } else if (available === undefined) {
      fields[`allocations.${index}.entryId`] = [/*i18n*/ 'Charge not found on this account'];
    } else if (seen.has(item.entryId)) {
      fields[`allocations.${index}.entryId`] = [/*i18n*/ 'A charge is picked twice'];
    } else if (available === 0) {
      fields[`allocations.${index}.entryId`] = [/*i18n*/ 'This charge is already paid'];
    } else if (item.amountMinor > available) {
      const message = fillMessage(/*i18n*/ 'Only {amount} is still open on this charge', { amount: formatMinorUnits(available, '').trim() });
      fields[`allocations.${index}.amountMinor`] = [message];
    }
    seen.add(item.entryId);
  });
  if (total > magnitude) fields.allocations = [/*i18n*/ 'The amounts picked add up to more than the payment'];
  if (Object.keys(fields).length > 0) throw new HttpError('validation_failed', /*i18n*/ 'Some charges cannot take these amounts', fields);
}

async function allocatePicked(tx: TenantTx, input: AccountEntryInput, creditEntryId: string, picked: AllocationRequest[]) {
  const values = sql.join(
    picked.map((item) => sql`(${item.entryId}::uuid, ${item.amountMinor}::bigint)`),
    sql`, `,
  );
  return settle(tx, input, sql`select debit_id, credit_id, amount from (
      select v.entry_id as debit_id, ${creditEntryId}::uuid as credit_id, v.amount
      from (values ${values}) as v(entry_id, amount)
    ) picked`);
}

/**
 * Settles a new item against the contact's opposite open items, oldest due first (then oldest,
 * then by id, so the order is total): a credit against open debits, a debit against open credits.
 */
async function allocateOldestFirst(tx: TenantTx, input: AccountEntryInput, entryId: string, direction: 'debit' | 'credit', amount: number) {
  const opposite = direction === 'debit' ? 'credit' : 'debit';
  const pair = direction === 'credit' ? sql`o.entry_id as debit_id, ${entryId}::uuid as credit_id` : sql`${entryId}::uuid as debit_id, o.entry_id as credit_id`;
  return settle(
    tx,
    input,
    sql`select debit_id, credit_id, amount from (
          select ${pair}, least(o.open_minor, ${amount}::bigint - (o.running - o.open_minor)) as amount, o.running - o.open_minor as before
          from (
            select entry_id, open_minor,
                   sum(open_minor) over (order by due_date nulls first, occurred_at, entry_id) as running
            from account_open_items
            where contact_id = ${input.contactId} and side = ${input.side} and direction = ${opposite} and open_minor > 0 and entry_id <> ${entryId}::uuid
          ) o
        ) ordered where before < ${amount}::bigint`,
  );
}

/**
 * One statement: append the allocations the query proposes (debit_id, credit_id, amount) and lower
 * both sides' open amounts by them. The open item check (0 ≤ open ≤ amount) is the last word: an
 * allocation that does not fit fails the statement and with it the caller's transaction.
 */
async function settle(tx: TenantTx, input: AccountEntryInput, proposal: ReturnType<typeof sql>) {
  const rows = await queryRows<{ debit_id: string; credit_id: string; amount: string }>(
    tx,
    sql`with proposal as (${proposal}), allocated as (
          insert into account_allocations (tenant_id, debit_entry_id, credit_entry_id, amount_minor, user_id)
          select ${input.tenantId}, debit_id, credit_id, amount, ${input.userId ?? null}::uuid from proposal where amount > 0
          returning debit_entry_id, credit_entry_id, amount_minor
        ), touched as (
          select debit_entry_id as entry_id, amount_minor from allocated
          union all select credit_entry_id, amount_minor from allocated
        ), lowered as (
          update account_open_items o set open_minor = o.open_minor - t.total
          from (select entry_id, sum(amount_minor) as total from touched group by entry_id) t
          where o.tenant_id = ${input.tenantId} and o.entry_id = t.entry_id
          returning o.entry_id
        )
        select debit_entry_id as debit_id, credit_entry_id as credit_id, amount_minor::text as amount from allocated`,
  );
  // The item each allocation settled is the one that is not the new entry.
  return rows.map((row) => ({ entryId: input.amountMinor > 0 ? row.credit_id : row.debit_id, amountMinor: Number(row.amount) }));
}

// --- the contract for other areas ---

/** Opening balance of a new (or imported) contact: positive = owed on that side, negative = a deposit. */
export async function postOpeningBalance(
  tx: TenantTx,
  input: { tenantId: string; contactId: string; side: AccountSide; amountMinor: number; userId: string | null; sourceType?: string; occurredAt?: Date },
): Promise<PostedAccountEntry> {
  await lockAccount(tx, input.tenantId, input.contactId, input.side);
  return appendEntry(tx, { ...input, kind: 'opening', sourceType: input.sourceType ?? 'contact' });
}

export interface ChargeInput {
  tenantId: string;
  contactId: string;
  side: AccountSide;
  /** Positive: a credit sale (receivable) or a supplier bill (payable). */
  amountMinor: number;
  sourceType: string;
  sourceId: string | null;
  userId: string | null;
  /** Default: today in the shop + the contact's payment terms for the side. */
  dueDate?: string;
  /** Settle it from the contact's open credits (deposits) at once. */
  applyCredit?: boolean;
  reason?: string | null;
  note?: string | null;
  requestKey?: string | null;
  occurredAt?: Date;
}

/**
 * A credit sale or a supplier bill. The credit limit is checked after the account is locked, in
 * the caller's transaction: a receivable charge that takes the balance past the customer's limit
 * (0 = cash only) is refused (409 credit_limit_exceeded) under the shop's 'block' policy, or posted
 * with creditLimitWarning under 'warn'.
 */
export async function postCharge(tx: TenantTx, input: ChargeInput): Promise<{ entry: PostedAccountEntry; creditLimitWarning: boolean }> {
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) throw new RangeError('A charge is a positive whole number of minor units');
  const holder = await lockAccount(tx, input.tenantId, input.contactId, input.side);
  let creditLimitWarning = false;
  if (input.side === 'receivable') {
    const after = holder.balanceMinor + input.amountMinor;
    if (after > holder.creditLimitMinor) {
      const policy = await readCreditLimitPolicy(tx);
      if (policy === 'block') throw creditLimitExceeded(holder, after, await currencyOf(tx));
      creditLimitWarning = true;
    }
  }
  const dueDate = input.dueDate ?? (await dueDateFromTerms(tx, holder.termsDays));
  const entry = await appendEntry(tx, {
    tenantId: input.tenantId,
    contactId: input.contactId,
    side: input.side,
    kind: 'charge',
    amountMinor: input.amountMinor,
    dueDate,
    sourceType: input.sourceType,
    sourceId: input.sourceId,
    userId: input.userId,
    reason: input.reason,
    note: input.note,
    requestKey: input.requestKey,
    occurredAt: input.occurredAt,
    allocate: input.applyCredit ? 'oldest' : 'none',
  });
  return { entry, creditLimitWarning };
}

function creditLimitExceeded(holder: AccountHolder, after: number, currency: { symbol: string; decimals: number }) {
  const money = (minor: number) => formatMinorUnits(minor, currency.symbol, currency.decimals);
  const message =
    holder.creditLimitMinor === 0
      ? fillMessage(/*i18n*/ '{name} buys for cash only (no credit limit): this would leave {amount} owing', { name: holder.name, amount: money(after) })
      : fillMessage(/*i18n*/ 'This would take {name} to {amount} owing, past the credit limit of {limit}', {
          name: holder.name,
          amount: money(after),
          limit: money(holder.creditLimitMinor),
        });
  return new HttpError('credit_limit_exceeded', message, { amountMinor: [message] });
}

async function currencyOf(tx: TenantTx) {
  const [row] = await tx.select({ symbol: businessSettings.currencySymbol, decimals: businessSettings.currencyDecimals }).from(businessSettings).limit(1);
  return row ?? { symbol: 'KES', decimals: 2 };
}

/** The shop's credit limit policy ('block' unless set to 'warn'). */
export async function readCreditLimitPolicy(tx: TenantTx): Promise<CreditLimitPolicy> {
  const [row] = await tx.select({ policy: businessSettings.creditLimitPolicy }).from(businessSettings).limit(1);
  return row?.policy === 'warn' ? 'warn' : 'block';
}

/** Today in the shop's time zone plus the terms, as YYYY-MM-DD. */
async function dueDateFromTerms(tx: TenantTx, termsDays: number): Promise<string> {
  const [row] = await queryRows<{ due: string }>(tx, sql`select ((now() at time zone ${shopTimeZone()})::date + ${termsDays}::int)::text as due`);
  return row!.due;
}

export interface PaymentRequest {
  tenantId: string;
  contactId: string;
  side: AccountSide;
  /** Positive: what was received (receivable) or paid out (payable). */
  amountMinor: number;
  method: 'cash' | 'mpesa' | 'card' | 'bank_transfer' | 'cheque' | 'deposit';
  reference?: string | null;
  note?: string | null;
  /** Charges to settle and how much of each; absent: oldest due first. The rest stays as a deposit. */
  allocations?: AllocationRequest[] | null;
  userId: string | null;
  requestKey?: string | null;
  /** The document that paid as it was made (a delivery paid at once), which posts it to the general ledger. */
  sourceType?: string | null;
  sourceId?: string | null;
}

/**
 * A payment received from a customer or made to a supplier: numbered PAY-000001 per shop, settles
 * the oldest charges first or the ones picked; what is left over stays open (a deposit). An M-Pesa
 * code is used once per shop, across sales and account payments (409 with a message on `reference`).
 */
export async function recordPayment(tx: TenantTx, input: PaymentRequest): Promise<PostedAccountEntry> {
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) throw new RangeError('A payment is a positive whole number of minor units');
  await lockAccount(tx, input.tenantId, input.contactId, input.side);
  if (input.method === 'mpesa' && input.reference) {
    const [used] = await tx
      .select({ number: accountEntries.number })
      .from(accountEntries)
      .where(and(eq(accountEntries.method, 'mpesa'), eq(accountEntries.reference, input.reference)));
    if (used) throw mpesaCodeUsed(used.number);
  }
  const number = formatPaymentNumber(await nextDocumentNumber(tx, input.tenantId, 'payment'));
  const entry = await appendEntry(tx, {
    tenantId: input.tenantId,
    contactId: input.contactId,
    side: input.side,
    kind: 'payment',
    amountMinor: -input.amountMinor,
    method: input.method,
    reference: input.reference ?? null,
    number,
    note: input.note ?? null,
    sourceType: input.sourceType ?? null,
    sourceId: input.sourceId ?? null,
    userId: input.userId,
    requestKey: input.requestKey ?? null,
    allocate: input.allocations && input.allocations.length > 0 ? input.allocations : 'oldest',
  });
  // The shop-wide registry: a code a sale already took is refused here too (and the other way round).
  if (input.method === 'mpesa' && input.reference) {
    await claimMpesaCode(tx, input.tenantId, input.reference, { type: 'account_entry', id: entry.id });
  }
  return entry;
}

/** The next number of a per-shop document series (gap-free: the counter row is locked until commit). */
export async function nextDocumentNumber(tx: TenantTx, tenantId: string, kind: string): Promise<number> {
  const [row] = await queryRows<{ last_number: string | number }>(tx, nextDocumentNumberSql(tenantId, kind));
  return Number(row!.last_number);
}

/** nextDocumentNumber's statement, for a common table expression of a larger one: returns last_number (bigint). */
export const nextDocumentNumberSql = (tenantId: string, kind: string) =>
  sql`insert into document_counters (tenant_id, kind, last_number) values (${tenantId}, ${kind}, 1)
      on conflict (tenant_id, kind) do update set last_number = document_counters.last_number + 1
      returning last_number`;

/** A credit note (lowers what is owed), settling the oldest charges first or the ones picked. */
export async function postCreditNote(
  tx: TenantTx,
  input: { tenantId: string; contactId: string; side: AccountSide; amountMinor: number; reason: string; note?: string | null; allocations?: AllocationRequest[] | null; userId: string | null; requestKey?: string | null; sourceType?: string | null; sourceId?: string | null },
): Promise<PostedAccountEntry> {
  await lockAccount(tx, input.tenantId, input.contactId, input.side);
  return appendEntry(tx, {
    ...input,
    kind: 'credit_note',
    amountMinor: -Math.abs(input.amountMinor),
    allocate: input.allocations && input.allocations.length > 0 ? input.allocations : 'oldest',
  });
}

/** A correction with a reason: positive raises what is owed (optionally settled from deposits), negative lowers it. */
export async function postAdjustment(
  tx: TenantTx,
  input: { tenantId: string; contactId: string; side: AccountSide; amountMinor: number; reason: string; note?: string | null; applyCredit?: boolean; userId: string | null; requestKey?: string | null },
): Promise<PostedAccountEntry> {
  await lockAccount(tx, input.tenantId, input.contactId, input.side);
  const dueDate = input.amountMinor > 0 ? await dueDateFromTerms(tx, 0) : null;
  return appendEntry(tx, {
    ...input,
    kind: 'adjustment',
    dueDate,
    allocate: input.amountMinor > 0 ? (input.applyCredit ? 'oldest' : 'none') : 'oldest',
  });
}

/** Writes off debt that will not be paid: at most what is still open (400 otherwise). */
export async function postWriteOff(
  tx: TenantTx,
  input: { tenantId: string; contactId: string; side: AccountSide; amountMinor: number; reason: string; note?: string | null; allocations?: AllocationRequest[] | null; userId: string | null; requestKey?: string | null },
): Promise<PostedAccountEntry> {
  await lockAccount(tx, input.tenantId, input.contactId, input.side);
  const [open] = await queryRows<{ total: string }>(
    tx,
    sql`select coalesce(sum(open_minor), 0)::text as total from account_open_items
        where contact_id = ${input.contactId} and side = ${input.side} and direction = 'debit' and open_minor > 0`,
  );
  const openDebt = Number(open?.total ?? 0);
  if (Math.abs(input.amountMinor) > openDebt) {
    const currency = await currencyOf(tx);
    const message = fillMessage(/*i18n*/ 'Only {amount} is owed: a write-off cannot be more', { amount: formatMinorUnits(openDebt, currency.symbol, currency.decimals) });
    throw new HttpError('validation_failed', message, { amountMinor: [message] });
  }
  return appendEntry(tx, {
    ...input,
    kind: 'write_off',
    amountMinor: -Math.abs(input.amountMinor),
    allocate: input.allocations && input.allocations.length > 0 ? input.allocations : 'oldest',
  });
}

export interface ContactBalances {
  receivableMinor: number;
  payableMinor: number;
  /** Open receivable debits past their due day (in the shop's time zone). */
  overdueReceivableMinor: number;
}

/** Balances of many contacts at once, for lists (contacts without entries: zeros). */
export async function contactBalances(tx: TenantTx, contactIds: string[]): Promise<Map<string, ContactBalances>> {
  const result = new Map<string, ContactBalances>(contactIds.map((id) => [id, { receivableMinor: 0, payableMinor: 0, overdueReceivableMinor: 0 }]));
  if (contactIds.length === 0) return result;
  const ids = sql.join(contactIds.map((id) => sql`${id}::uuid`), sql`, `);
  const rows = await queryRows<{ contact_id: string; receivable: string; payable: string; overdue: string }>(
    tx,
    sql`select a.contact_id,
               coalesce(sum(a.balance_minor) filter (where a.side = 'receivable'), 0)::text as receivable,
               coalesce(sum(a.balance_minor) filter (where a.side = 'payable'), 0)::text as payable,
               coalesce((select sum(o.open_minor) from account_open_items o
                         where o.contact_id = a.contact_id and o.side = 'receivable' and o.direction = 'debit' and o.open_minor > 0
                           and o.due_date < (now() at time zone ${shopTimeZone()})::date), 0)::text as overdue
        from contact_accounts a where a.contact_id in (${ids})
        group by a.contact_id`,
  );
  for (const row of rows) {
    result.set(row.contact_id, { receivableMinor: Number(row.receivable), payableMinor: Number(row.payable), overdueReceivableMinor: Number(row.overdue) });
  }
  return result;
}

/**
 * A sale paid from the customer's deposit (their open credits on the receivable side): a charge
 * settled at once from those credits, oldest first. Refused (400 on `amountMinor`) for more than
 * the deposit holds, so the charge never leaves anything owing.
 */
export async function spendDeposit(
  tx: TenantTx,
  input: { tenantId: string; contactId: string; amountMinor: number; sourceType: string; sourceId: string; userId: string | null },
): Promise<PostedAccountEntry> {
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) throw new RangeError('A deposit is spent in a positive whole number of minor units');
  await lockAccount(tx, input.tenantId, input.contactId, 'receivable');
  const [open] = await queryRows<{ total: string }>(
    tx,
    sql`select coalesce(sum(open_minor), 0)::text as total from account_open_items
        where contact_id = ${input.contactId} and side = 'receivable' and direction = 'credit' and open_minor > 0`,
  );
  const depositMinor = Number(open?.total ?? 0);
  if (input.amountMinor > depositMinor) {
    const currency = await currencyOf(tx);
    const message = fillMessage(/*i18n*/ 'The customer’s deposit holds only {amount}', { amount: formatMinorUnits(depositMinor, currency.symbol, currency.decimals) });
    throw new HttpError('validation_failed', message, { amountMinor: [message] });
  }
  return appendEntry(tx, {
    tenantId: input.tenantId,
    contactId: input.contactId,
    side: 'receivable',
    kind: 'charge',
    amountMinor: input.amountMinor,
    dueDate: await dueDateFromTerms(tx, 0),
    method: 'deposit',
    sourceType: input.sourceType,
    sourceId: input.sourceId,
    userId: input.userId,
    allocate: 'oldest',
  });
}
