import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type AccountEntry,
  type AccountEntryKind,
  type AccountSide,
  type BalanceList,
  type ContactAccount,
  type CreditSettings,
  type OpenItem,
  type PaymentReceipt,
  type PostedEntry,
  type adjustmentInputSchema,
  type balanceListQuerySchema,
  type creditNoteInputSchema,
  type PaymentInput,
  type writeOffInputSchema,
  type accountEntryListQuerySchema,
} from '../../core/accounts/accounts.schemas';
import { agingBuckets, daysOverdue, type AgingBuckets } from '../../core/accounts/aging.rules';
import { phoneSearchPrefix } from '../../core/contacts/contact.rules';
import { postDocument } from '../accounting/post-document';
import { queryRows, type Database, type TenantTx } from '../db/client';
import { accountEntries, contacts } from '../db/schema/contacts';
import { businessSettings } from '../db/schema/settings';
import { tenants } from '../db/schema/tenancy';
import { isUniqueViolation } from '../db/errors';
import { HttpError, notFound } from '../http/errors';
import { claimRequestKey, type RequestKey } from '../http/idempotency';
import { readUserNames, nameOf } from '../inventory/inventory-documents';
import { postAdjustment, postCreditNote, postWriteOff, readCreditLimitPolicy, recordPayment } from './account-ledger';

// Credit accounts (issue 14): payments, credit notes, adjustments and write-offs through the
// ledger (account-ledger.ts), a contact's account, the debtors and creditors lists with aging, and
// the payment receipt. Routes are thin: each calls one function here.

export interface AccountAuthor {
  tenantId: string;
  userId: string;
  requestKey: RequestKey | null;
}

type CreditNoteInput = z.output<typeof creditNoteInputSchema>;
type AdjustmentInput = z.output<typeof adjustmentInputSchema>;
type WriteOffInput = z.output<typeof writeOffInputSchema>;
type BalanceListQuery = z.output<typeof balanceListQuerySchema>;
type EntryListQuery = z.output<typeof accountEntryListQuerySchema>;

/**
 * Posts an entry once per Idempotency-Key: the key is bound to the request in the posting's own
 * transaction; a retry (or one racing the first, which waits on the key) finds the first entry and
 * answers with it, writing nothing.
 */
async function postOnce(database: Database, author: AccountAuthor, post: (tx: TenantTx) => Promise<string>): Promise<string> {
  const { requestKey } = author;
  const findByKey = async (tx: TenantTx, key: string) =>
    (await tx.select({ id: accountEntries.id }).from(accountEntries).where(eq(accountEntries.requestKey, key)))[0]?.id;
  try {
    return await database.withTenant(author.tenantId, async (tx) => {
      if (!requestKey) return post(tx);
      await claimRequestKey(tx, author.tenantId, requestKey);
      return (await findByKey(tx, requestKey.key)) ?? post(tx);
    });
  } catch (error) {
    if (!requestKey || !isUniqueViolation(error, 'account_entries_request_key_unique')) throw error;
    const first = await database.withTenant(author.tenantId, (tx) => findByKey(tx, requestKey.key));
    if (!first) throw error;
    return first;
  }
}

export async function recordContactPayment(database: Database, author: AccountAuthor, contactId: string, input: PaymentInput): Promise<PostedEntry> {
  const id = await postOnce(database, author, async (tx) => {
    const entry = await recordPayment(tx, {
      tenantId: author.tenantId,
      contactId,
      side: input.side,
      amountMinor: input.amountMinor,
      method: input.method,
      reference: input.reference,
      note: input.note,
      allocations: input.allocations,
      userId: author.userId,
      requestKey: author.requestKey?.key ?? null,
    });
    await postDocument(tx, author.tenantId, input.side === 'payable' ? 'supplier_payment' : 'contact_entry', entry.id);
    return entry.id;
  });
  return getPostedEntry(database, author.tenantId, id);
}

export async function postContactCreditNote(database: Database, author: AccountAuthor, contactId: string, input: CreditNoteInput): Promise<PostedEntry> {
  const id = await postOnce(database, author, async (tx) => {
    const entry = await postCreditNote(tx, { tenantId: author.tenantId, contactId, ...input, userId: author.userId, requestKey: author.requestKey?.key ?? null });
    await postDocument(tx, author.tenantId, 'contact_entry', entry.id);
    return entry.id;
  });
  return getPostedEntry(database, author.tenantId, id);
}

export async function postContactAdjustment(database: Database, author: AccountAuthor, contactId: string, input: AdjustmentInput): Promise<PostedEntry> {
  const id = await postOnce(database, author, async (tx) => {
    const entry = await postAdjustment(tx, { tenantId: author.tenantId, contactId, ...input, userId: author.userId, requestKey: author.requestKey?.key ?? null });
    await postDocument(tx, author.tenantId, 'contact_entry', entry.id);
    return entry.id;
  });
  return getPostedEntry(database, author.tenantId, id);
}

export async function postContactWriteOff(database: Database, author: AccountAuthor, contactId: string, input: WriteOffInput): Promise<PostedEntry> {
  const id = await postOnce(database, author, async (tx) => {
    const entry = await postWriteOff(tx, { tenantId: author.tenantId, contactId, ...input, userId: author.userId, requestKey: author.requestKey?.key ?? null });
    await postDocument(tx, author.tenantId, 'contact_entry', entry.id);
    return entry.id;
  });
  return getPostedEntry(database, author.tenantId, id);
}

// --- reading ---

const entryColumns = {
  id: accountEntries.id,
  contactId: accountEntries.contactId,
  side: accountEntries.side,
  kind: accountEntries.kind,
  amountMinor: accountEntries.amountMinor,
  dueDate: accountEntries.dueDate,
  method: accountEntries.method,
  reference: accountEntries.reference,
  number: accountEntries.number,
  sourceType: accountEntries.sourceType,
  sourceId: accountEntries.sourceId,
  reason: accountEntries.reason,
  note: accountEntries.note,
  userId: accountEntries.userId,
  occurredAt: accountEntries.occurredAt,
};

interface EntryRow {
  id: string;
  contactId: string;
  side: string;
  kind: string;
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
}

function toEntry(row: EntryRow, names: Map<string, string>): AccountEntry {
  return {
    id: row.id,
    side: row.side as AccountSide,
    kind: row.kind as AccountEntryKind,
    amountMinor: row.amountMinor,
    dueDate: row.dueDate,
    method: row.method,
    reference: row.reference,
    number: row.number,
    sourceType: row.sourceType,
    sourceId: row.sourceId,
    reason: row.reason,
    note: row.note,
    userName: nameOf(names, row.userId),
    occurredAt: row.occurredAt.toISOString(),
  };
}

/** The shop's today (its time zone) as YYYY-MM-DD. */
async function shopToday(tx: TenantTx): Promise<string> {
  const [row] = await queryRows<{ today: string }>(
    tx,
    sql`select (now() at time zone coalesce((select time_zone from business_settings limit 1), 'Africa/Nairobi'))::date::text as today`,
  );
  return row!.today;
}

interface AllocationRow {
  entry_id: string;
  kind: string;
  number: string | null;
  due_date: string | null;
  occurred_at: string;
  amount_minor: string;
  open_minor: string;
}

/** What an entry settled (or, for a charge, what settled it), with the other item's open amount now. */
async function allocationsOf(tx: TenantTx, entryId: string, isDebit: boolean) {
  const [mine, other] = isDebit ? [sql`a.debit_entry_id`, sql`a.credit_entry_id`] : [sql`a.credit_entry_id`, sql`a.debit_entry_id`];
  const rows = await queryRows<AllocationRow>(
    tx,
    sql`select e.id as entry_id, e.kind, e.number, o.due_date::text, to_json(e.occurred_at) #>> '{}' as occurred_at,
               a.amount_minor::text, o.open_minor::text
        from account_allocations a
        join account_entries e on e.id = ${other}
        join account_open_items o on o.entry_id = e.id
        where ${mine} = ${entryId}
        order by o.due_date nulls first, e.occurred_at, e.id`,
  );
  return rows.map((row) => ({
    entryId: row.entry_id,
    kind: row.kind as AccountEntryKind,
    number: row.number,
    dueDate: row.due_date,
    occurredAt: new Date(row.occurred_at).toISOString(),
    amountMinor: Number(row.amount_minor),
    openMinor: Number(row.open_minor),
  }));
}

interface PostedFacts {
  row: EntryRow;
  allocations: Awaited<ReturnType<typeof allocationsOf>>;
  unallocatedMinor: number;
  balanceAfterMinor: number;
}

/** An entry with what it settled, its part still open and the side's balance right after it. */
async function readPosted(tx: TenantTx, entryId: string): Promise<PostedFacts | null> {
  const [row] = await tx.select(entryColumns).from(accountEntries).where(eq(accountEntries.id, entryId));
  if (!row) return null;
  const [facts] = await queryRows<{ open_minor: string; balance_after: string }>(
    tx,
    sql`select (select open_minor::text from account_open_items where entry_id = ${entryId}) as open_minor,
               (select sum(amount_minor)::text from account_entries
                where contact_id = ${row.contactId} and side = ${row.side}
                  and (occurred_at, id) <= (select occurred_at, id from account_entries where id = ${entryId})) as balance_after`,
  );
  return {
    row,
    allocations: await allocationsOf(tx, entryId, row.amountMinor > 0),
    unallocatedMinor: Number(facts?.open_minor ?? 0),
    balanceAfterMinor: Number(facts?.balance_after ?? 0),
  };
}

export async function getPostedEntry(database: Database, tenantId: string, entryId: string): Promise<PostedEntry> {
  const posted = await database.withTenant(tenantId, (tx) => readPosted(tx, entryId));
  if (!posted) throw notFound(/*i18n*/ 'Account entry not found');
  const names = await readUserNames(database, [posted.row.userId]);
  return {
    entry: toEntry(posted.row, names),
    allocations: posted.allocations,
    unallocatedMinor: posted.unallocatedMinor,
    balanceAfterMinor: posted.balanceAfterMinor,
    creditLimitWarning: false,
  };
}

/** The printable receipt of a payment (404 for any other entry, or another shop's). */
export async function getPaymentReceipt(database: Database, tenantId: string, entryId: string): Promise<PaymentReceipt> {
  const found = await database.withTenant(tenantId, async (tx) => {
    const posted = await readPosted(tx, entryId);
    if (!posted || posted.row.kind !== 'payment') return null;
    const [contact] = await tx.select({ id: contacts.id, name: contacts.name, phone: contacts.phone }).from(contacts).where(eq(contacts.id, posted.row.contactId));
    const [settings] = await tx
      .select({
        receiptHeader: businessSettings.receiptHeader,
        receiptFooter: businessSettings.receiptFooter,
        kraPin: businessSettings.kraPin,
        currencySymbol: businessSettings.currencySymbol,
        currencyDecimals: businessSettings.currencyDecimals,
        timeZone: businessSettings.timeZone,
      })
      .from(businessSettings)
      .limit(1);
    return { posted, contact: contact!, settings: settings! };
  });
  if (!found) throw notFound(/*i18n*/ 'Receipt not found');
  const [tenant] = await database.platform.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
  const names = await readUserNames(database, [found.posted.row.userId]);
  return {
    shop: { name: tenant?.name ?? '', ...found.settings },
    contact: found.contact,
    entry: toEntry(found.posted.row, names),
    allocations: found.posted.allocations,
    unallocatedMinor: found.posted.unallocatedMinor,
    balanceAfterMinor: found.posted.balanceAfterMinor,
  };
}

interface OpenItemRow {
  entry_id: string;
  kind: string;
  number: string | null;
  reference: string | null;
  direction: 'debit' | 'credit';
  amount_minor: string;
  open_minor: string;
  due_date: string | null;
  occurred_at: string;
}

/** A contact's account on one side: balance, aging, open items (oldest due first), deposits. 404 for another shop's contact. */
export async function getContactAccount(database: Database, tenantId: string, contactId: string, side: AccountSide): Promise<ContactAccount> {
  return database.withTenant(tenantId, async (tx) => {
    const [contact] = await tx
      .select({
        name: contacts.name,
        type: contacts.type,
        creditLimitMinor: contacts.creditLimitMinor,
        customerTerms: contacts.customerPaymentTermsDays,
        supplierTerms: contacts.supplierPaymentTermsDays,
      })
      .from(contacts)
      .where(eq(contacts.id, contactId));
    if (!contact) throw notFound(/*i18n*/ 'Contact not found');
    const today = await shopToday(tx);
    const balances = await queryRows<{ side: string; balance_minor: string }>(
      tx,
      sql`select side, balance_minor::text from contact_accounts where contact_id = ${contactId}`,
    );
    const balanceOf = (which: AccountSide) => Number(balances.find((row) => row.side === which)?.balance_minor ?? 0);
    const rows = await queryRows<OpenItemRow>(
      tx,
      sql`select o.entry_id, e.kind, e.number, e.reference, o.direction, o.amount_minor::text, o.open_minor::text, o.due_date::text,
                 to_json(o.occurred_at) #>> '{}' as occurred_at
          from account_open_items o join account_entries e on e.id = o.entry_id
          where o.contact_id = ${contactId} and o.side = ${side} and o.open_minor > 0
          order by o.direction desc, o.due_date nulls first, o.occurred_at, o.entry_id`,
    );
    const openItems: OpenItem[] = rows.map((row) => ({
      entryId: row.entry_id,
      kind: row.kind as AccountEntryKind,
      number: row.number,
      reference: row.reference,
      direction: row.direction,
      amountMinor: Number(row.amount_minor),
      openMinor: Number(row.open_minor),
      dueDate: row.due_date,
      daysOverdue: row.direction === 'debit' ? daysOverdue(row.due_date, today) : 0,
      occurredAt: new Date(row.occurred_at).toISOString(),
    }));
    const debits = openItems.filter((item) => item.direction === 'debit');
    const aging = agingBuckets(debits, today);
    return {
      contactId,
      contactName: contact.name,
      contactType: contact.type as ContactAccount['contactType'],
      side,
      creditLimitMinor: contact.creditLimitMinor,
      paymentTermsDays: side === 'receivable' ? contact.customerTerms : contact.supplierTerms,
      balanceMinor: balanceOf(side),
      overdueMinor: aging.totalMinor - aging.currentMinor,
      depositMinor: openItems.filter((item) => item.direction === 'credit').reduce((sum, item) => sum + item.openMinor, 0),
      aging,
      openItems,
      otherSideBalanceMinor: balanceOf(side === 'receivable' ? 'payable' : 'receivable'),
    };
  });
}

/** A contact's entries on one side, newest first, paged. */
export async function listContactEntries(database: Database, tenantId: string, contactId: string, query: EntryListQuery) {
  const { rows, total } = await database.withTenant(tenantId, async (tx) => {
    const [contact] = await tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, contactId));
    if (!contact) throw notFound(/*i18n*/ 'Contact not found');
    const where = and(eq(accountEntries.contactId, contactId), eq(accountEntries.side, query.side));
    const [count] = await tx.select({ total: sql<number>`count(*)::int` }).from(accountEntries).where(where);
    const page = await tx
      .select(entryColumns)
      .from(accountEntries)
      .where(where)
      .orderBy(desc(accountEntries.occurredAt), desc(accountEntries.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    return { rows: page, total: count?.total ?? 0 };
  });
  const names = await readUserNames(database, rows.map((row) => row.userId));
  return { items: rows.map((row) => toEntry(row, names)), total, page: query.page, pageSize: query.pageSize };
}

// --- debtors and creditors ---

const SORT_COLUMNS = {
  balance: sql`b.balance_minor`,
  overdue: sql`b.overdue_minor`,
  name: sql`c.name_key`,
  oldest: sql`b.oldest_due`,
} as const;

interface BalanceRow {
  contact_id: string;
  name: string;
  phone: string | null;
  company: string | null;
  credit_limit_minor: string;
  balance_minor: string;
  overdue_minor: string;
  oldest_due: string | null;
}

/**
 * Debtors (receivable: customers who owe) or creditors (payable: suppliers the shop owes): every
 * contact with a balance above zero on the side, with what is overdue and its aging, searchable by
 * name, company or phone in any written form, sorted and paged; the totals are over all that match.
 */
export async function listBalances(database: Database, tenantId: string, side: AccountSide, query: BalanceListQuery): Promise<BalanceList> {
  return database.withTenant(tenantId, async (tx) => {
    const today = await shopToday(tx);
    const conditions = [sql`a.side = ${side}`, sql`a.balance_minor > 0`];
    if (query.search) {
      const text = `%${query.search.toLowerCase().replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
      const phone = phoneSearchPrefix(query.search);
      conditions.push(
        sql`(c.name_key like ${text} or lower(c.company) like ${text}${phone ? sql` or c.phone like ${`${phone}%`}` : sql``})`,
      );
    }
    if (query.overdueOnly) conditions.push(sql`b.overdue_minor > 0`);
    const where = sql.join(conditions, sql` and `);
    // Per contact: balance, overdue (open debits past due) and the oldest due day still open.
    const base = sql`
      from contact_accounts a
      join contacts c on c.id = a.contact_id
      cross join lateral (
        select a.balance_minor,
               coalesce(sum(o.open_minor) filter (where o.due_date < ${today}::date), 0) as overdue_minor,
               min(o.due_date) as oldest_due
        from account_open_items o
        where o.contact_id = a.contact_id and o.side = a.side and o.direction = 'debit' and o.open_minor > 0
      ) b
      where ${where}`;
    const direction = query.order === 'asc' ? sql`asc` : sql`desc`;
    const nulls = query.order === 'asc' ? sql`nulls last` : sql`nulls last`;
    const rows = await queryRows<BalanceRow>(
      tx,
      sql`select c.id as contact_id, c.name, c.phone, c.company, c.credit_limit_minor::text, b.balance_minor::text,
                 b.overdue_minor::text, b.oldest_due::text
          ${base}
          order by ${SORT_COLUMNS[query.sort]} ${direction} ${nulls}, c.name_key, c.id
          limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    );
    const bucket = (low: number, high: number | null) =>
      high === null
        ? sql`coalesce(sum(o.open_minor) filter (where ${today}::date - o.due_date > ${low}), 0)::text`
        : sql`coalesce(sum(o.open_minor) filter (where ${today}::date - o.due_date > ${low} and ${today}::date - o.due_date <= ${high}), 0)::text`;
    // Totals over every match; the buckets follow core/accounts/aging.rules.ts (agingBucketFor).
    const [totals] = await queryRows<{ contacts: number; balance: string; overdue: string; current: string; d30: string; d60: string; d90: string; over90: string; open: string }>(
      tx,
      sql`with matched as (select a.contact_id, a.side, b.balance_minor, b.overdue_minor ${base})
          select (select count(*)::int from matched) as contacts,
                 (select coalesce(sum(balance_minor), 0)::text from matched) as balance,
                 (select coalesce(sum(overdue_minor), 0)::text from matched) as overdue,
                 coalesce(sum(o.open_minor) filter (where o.due_date is null or o.due_date >= ${today}::date), 0)::text as current,
                 ${bucket(0, 30)} as d30, ${bucket(30, 60)} as d60, ${bucket(60, 90)} as d90, ${bucket(90, null)} as over90,
                 coalesce(sum(o.open_minor), 0)::text as open
          from matched m
          join account_open_items o on o.contact_id = m.contact_id and o.side = m.side and o.direction = 'debit' and o.open_minor > 0`,
    );
    const items = await agingOfContacts(tx, rows, side, today);
    return {
      items,
      total: totals?.contacts ?? 0,
      page: query.page,
      pageSize: query.pageSize,
      totals: {
        contacts: totals?.contacts ?? 0,
        balanceMinor: Number(totals?.balance ?? 0),
        overdueMinor: Number(totals?.overdue ?? 0),
        aging: {
          currentMinor: Number(totals?.current ?? 0),
          days1to30Minor: Number(totals?.d30 ?? 0),
          days31to60Minor: Number(totals?.d60 ?? 0),
          days61to90Minor: Number(totals?.d90 ?? 0),
          over90Minor: Number(totals?.over90 ?? 0),
          totalMinor: Number(totals?.open ?? 0),
        },
      },
      asOf: today,
    };
  });
}

/** The page's rows with their aging, summed by core/accounts/aging.rules.ts from their open debits. */
async function agingOfContacts(tx: TenantTx, rows: BalanceRow[], side: AccountSide, today: string) {
  const byContact = new Map<string, { openMinor: number; dueDate: string | null }[]>();
  if (rows.length > 0) {
    const ids = sql.join(rows.map((row) => sql`${row.contact_id}::uuid`), sql`, `);
    const items = await queryRows<{ contact_id: string; open_minor: string; due_date: string | null }>(
      tx,
      sql`select contact_id, open_minor::text, due_date::text from account_open_items
          where contact_id in (${ids}) and side = ${side} and direction = 'debit' and open_minor > 0`,
    );
    for (const item of items) {
      const list = byContact.get(item.contact_id) ?? [];
      list.push({ openMinor: Number(item.open_minor), dueDate: item.due_date });
      byContact.set(item.contact_id, list);
    }
  }
  return rows.map((row) => {
    const aging: AgingBuckets = agingBuckets(byContact.get(row.contact_id) ?? [], today);
    return {
      contactId: row.contact_id,
      name: row.name,
      phone: row.phone,
      company: row.company,
      creditLimitMinor: Number(row.credit_limit_minor),
      balanceMinor: Number(row.balance_minor),
      overdueMinor: Number(row.overdue_minor),
      aging,
      oldestDueDate: row.oldest_due,
    };
  });
}

// --- settings ---

export function getCreditSettings(database: Database, tenantId: string): Promise<CreditSettings> {
  return database.withTenant(tenantId, async (tx) => ({ creditLimitPolicy: await readCreditLimitPolicy(tx) }));
}

export function updateCreditSettings(database: Database, tenantId: string, input: CreditSettings): Promise<CreditSettings> {
  return database.withTenant(tenantId, async (tx) => {
    const updated = await tx
      .update(businessSettings)
      .set({ creditLimitPolicy: input.creditLimitPolicy, updatedAt: new Date() })
      .returning({ id: businessSettings.id });
    if (updated.length === 0) throw new HttpError('not_found', /*i18n*/ 'Business settings not found');
    return { creditLimitPolicy: await readCreditLimitPolicy(tx) };
  });
}
