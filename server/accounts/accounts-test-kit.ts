import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';
import { contacts } from '../db/schema/contacts';
import { postCharge } from './account-ledger';

// For the credit account tests (not a test file itself): contacts made straight in the database
// (the contacts API is tested on its own), charges through the ledger's postCharge as Sales will,
// the ledger's invariants as a list of violations, and counts for "nothing written".

export interface TestContactOptions {
  type?: 'customer' | 'supplier' | 'both';
  name?: string;
  phone?: string | null;
  creditLimitMinor?: number;
  customerTermsDays?: number;
  supplierTermsDays?: number;
}

export async function createTestContact(database: Database, tenantId: string, options: TestContactOptions = {}): Promise<string> {
  return database.withTenant(tenantId, async (tx) => {
    const [row] = await tx
      .insert(contacts)
      .values({
        tenantId,
        type: options.type ?? 'customer',
        name: options.name ?? `Customer ${randomUUID().slice(0, 8)}`,
        phone: options.phone ?? null,
        creditLimitMinor: options.creditLimitMinor ?? 100_000_000,
        customerPaymentTermsDays: options.customerTermsDays ?? 0,
        supplierPaymentTermsDays: options.supplierTermsDays ?? 0,
      })
      .returning({ id: contacts.id });
    return row!.id;
  });
}

/** A credit sale (or supplier bill) as Sales and Purchases will post it; dueDate backdates it for aging. */
export async function addCharge(
  database: Database,
  tenantId: string,
  contactId: string,
  amountMinor: number,
  options: { side?: 'receivable' | 'payable'; dueDate?: string; occurredAt?: Date } = {},
): Promise<string> {
  return database.withTenant(tenantId, async (tx) => {
    const { entry } = await postCharge(tx, {
      tenantId,
      contactId,
      side: options.side ?? 'receivable',
      amountMinor,
      sourceType: 'test',
      sourceId: randomUUID(),
      userId: null,
      dueDate: options.dueDate,
      occurredAt: options.occurredAt,
    });
    return entry.id;
  });
}

export interface AccountViolation {
  problem: string;
  key: string;
  expected: string | null;
  actual: string | null;
}

/**
 * Every breach of the ledger's invariants in a shop: an account whose balance is not the sum of its
 * entries or not Σ open debits − Σ open credits; an entry without its open item or with one of the
 * wrong size or direction; an item whose allocations do not add up to amount − open; an allocation
 * between items of different contacts or sides, or between two debits or two credits.
 */
export async function accountViolations(database: Database, tenantId: string): Promise<AccountViolation[]> {
  return database.withTenant(tenantId, (tx) =>
    queryRows<AccountViolation>(
      tx,
      sql`select 'balance <> Σ entries' as problem, a.contact_id || '/' || a.side as key, coalesce(e.total, 0)::text as expected, a.balance_minor::text as actual
          from contact_accounts a
          left join lateral (select sum(amount_minor) as total from account_entries where contact_id = a.contact_id and side = a.side) e on true
          where a.balance_minor <> coalesce(e.total, 0)
          union all
          select 'balance <> open debits − open credits', a.contact_id || '/' || a.side, coalesce(o.total, 0)::text, a.balance_minor::text
          from contact_accounts a
          left join lateral (
            select sum(case when direction = 'debit' then open_minor else -open_minor end) as total
            from account_open_items where contact_id = a.contact_id and side = a.side
          ) o on true
          where a.balance_minor <> coalesce(o.total, 0)
          union all
          select 'entries without an account', e.contact_id || '/' || e.side, null, null
          from account_entries e where not exists (select 1 from contact_accounts a where a.contact_id = e.contact_id and a.side = e.side)
          union all
          select 'entry and open item differ', e.id::text, e.amount_minor::text, o.direction || ' ' || o.amount_minor::text
          from account_entries e left join account_open_items o on o.entry_id = e.id
          where o.entry_id is null or o.amount_minor <> abs(e.amount_minor) or o.direction <> (case when e.amount_minor > 0 then 'debit' else 'credit' end)
             or o.contact_id <> e.contact_id or o.side <> e.side
          union all
          select 'Σ allocations <> amount − open', o.entry_id::text, (o.amount_minor - o.open_minor)::text, coalesce(al.total, 0)::text
          from account_open_items o
          left join lateral (
            select sum(amount_minor) as total from account_allocations where debit_entry_id = o.entry_id or credit_entry_id = o.entry_id
          ) al on true
          where o.amount_minor - o.open_minor <> coalesce(al.total, 0) or o.open_minor < 0
          union all
          select 'allocation pairs the wrong items', al.id::text, null, d.direction || '/' || c.direction
          from account_allocations al
          join account_open_items d on d.entry_id = al.debit_entry_id
          join account_open_items c on c.entry_id = al.credit_entry_id
          where d.direction <> 'debit' or c.direction <> 'credit' or d.contact_id <> c.contact_id or d.side <> c.side`,
    ),
  );
}

export interface AccountCounts {
  entries: number;
  items: number;
  allocations: number;
  accounts: number;
  counters: number;
  /** Σ open over every item, as text. */
  open: string;
  /** Σ balances, as text. */
  balance: string;
}

/** Counts of every account row of a shop: "nothing written" compares two of these. */
export async function accountCounts(database: Database, tenantId: string): Promise<AccountCounts> {
  return database.withTenant(tenantId, async (tx) => {
    const [row] = await queryRows<AccountCounts>(
      tx,
      sql`select (select count(*)::int from account_entries) as entries, (select count(*)::int from account_open_items) as items,
                 (select count(*)::int from account_allocations) as allocations, (select count(*)::int from contact_accounts) as accounts,
                 (select coalesce(sum(last_number), 0)::int from document_counters) as counters,
                 (select coalesce(sum(open_minor), 0)::text from account_open_items) as open,
                 (select coalesce(sum(balance_minor), 0)::text from contact_accounts) as balance`,
    );
    return row!;
  });
}

/** The open amount of one item. */
export async function openOf(database: Database, tenantId: string, entryId: string): Promise<number> {
  return database.withTenant(tenantId, async (tx) => {
    const [row] = await queryRows<{ open: string }>(tx, sql`select open_minor::text as open from account_open_items where entry_id = ${entryId}`);
    return Number(row?.open ?? Number.NaN);
  });
}
