import { eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ledgerAccountInputSchema, ledgerAccountUpdateSchema, LedgerAccount } from '../../core/accounting/accounting.schemas';
import { isDebitNatured, type AccountType, type SystemAccountKey } from '../../core/accounting/chart';
import { fillMessage } from '../../core/i18n/message.rules';
import { queryRows, type Database, type TenantTx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { ledgerAccounts } from '../db/schema/accounting';
import { HttpError, notFound } from '../http/errors';
import { ensureChart, ensureShopAccounts, shopDayOf } from './posting';

// The chart of accounts (issue 17, docs/decisions/0020): the Kenyan SME chart every shop starts with,
// plus what the shop adds. Codes and names change freely (postings name accounts by role). What
// stays fixed, so that automatic postings always have somewhere to go and the books keep their
// history:
// - an account with postings is never deleted, only archived; a chart account (one with a role)
//   is never deleted at all;
// - a chart account is archived only when nothing can post to it any more: never the single ones
//   (cash on hand, receivables, sales, COGS…) nor the sales and VAT accounts of a tax class; a
//   location's cash account once the location is closed, an expense category's account once the
//   category is out of use;
// - any account is archived only at a zero balance, and not while the settings send a tender to it
//   or an active recurring entry posts to it (archived accounts take no entries by hand);
// - the type changes only on an account the shop added, with no postings and no sub-accounts; a
//   sub-account has its parent's type.

type AccountInput = z.output<typeof ledgerAccountInputSchema>;
type AccountUpdate = z.output<typeof ledgerAccountUpdateSchema>;

interface AccountRow {
  id: string;
  code: string;
  name: string;
  type: AccountType;
  system_key: SystemAccountKey | null;
  parent_id: string | null;
  description: string | null;
  is_archived: boolean;
  net: string | number;
  has_postings: boolean;
}

const toAccount = (row: AccountRow): LedgerAccount => ({
  id: row.id,
  code: row.code,
  name: row.name,
  type: row.type,
  systemKey: row.system_key,
  parentId: row.parent_id,
  description: row.description,
  isArchived: row.is_archived,
  balanceMinor: (isDebitNatured(row.type) ? 1 : -1) * Number(row.net) || 0,
  hasPostings: row.has_postings,
});

/** Accounts with their balance up to the shop's today (debits − credits) and whether anything ever posted to them. */
function selectAccounts(tx: TenantTx, where: SQL) {
  return queryRows<AccountRow>(
    tx,
    sql`select a.id, a.code, a.name, a.type, a.system_key, a.parent_id, a.description, a.is_archived,
               coalesce(b.net, 0)::text as net, b.account_id is not null as has_postings
        from ledger_accounts a
        left join (
          select l.account_id, sum(l.debit_minor - l.credit_minor) filter (where l.entry_date <= (${shopDayOf(sql`now()`)})::date) as net
          from journal_lines l group by l.account_id
        ) b on b.account_id = a.id
        where ${where}
        order by a.code`,
  );
}

async function readAccount(tx: TenantTx, id: string): Promise<LedgerAccount> {
  const [row] = await selectAccounts(tx, sql`a.id = ${id}::uuid`);
  if (!row) throw notFound(/*i18n*/ 'Account not found');
  return toAccount(row);
}

/** Every account of the shop, by code, with its balance to date. */
export function listLedgerAccounts(database: Database, tenantId: string): Promise<LedgerAccount[]> {
  return database.withTenant(tenantId, async (tx) => {
    await ensureShopAccounts(tx, tenantId);
    return (await selectAccounts(tx, sql`true`)).map(toAccount);
  });
}

const codeTaken = () => new HttpError('conflict', /*i18n*/ 'Another account has this code', { code: [/*i18n*/ 'Another account has this code'] });

/** Runs a write whose unique code index may refuse it, as 409 on the code field. */
async function withUniqueCode<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'ledger_accounts_code_unique')) throw codeTaken();
    throw error;
  }
}

const invalid = (field: string, message: string) => new HttpError('validation_failed', message, { [field]: [message] });
const conflict = (field: string, message: string) => new HttpError('conflict', message, { [field]: [message] });

/** A parent of this shop with the type the account will have, and not the account itself or one under it. */
async function requireParent(tx: TenantTx, parentId: string, type: AccountType, accountId: string | null) {
  const [parent] = await queryRows<{ type: AccountType; is_under_account: boolean }>(
    tx,
    sql`with recursive up (id, parent_id) as (
          select id, parent_id from ledger_accounts where id = ${parentId}::uuid
          union
          select a.id, a.parent_id from ledger_accounts a join up on a.id = up.parent_id
        )
        select (select type from ledger_accounts where id = ${parentId}::uuid) as type,
               exists (select 1 from up where up.id = ${accountId}::uuid) as is_under_account
        from (select 1) one`,
  );
  if (!parent?.type) throw invalid('parentId', /*i18n*/ 'Account not found');
  if (parent.is_under_account) throw invalid('parentId', /*i18n*/ 'An account cannot go under itself or one of its sub-accounts');
  if (parent.type !== type) throw invalid('parentId', /*i18n*/ 'Choose a parent of the same type');
}

export function createLedgerAccount(database: Database, tenantId: string, input: AccountInput): Promise<LedgerAccount> {
  return withUniqueCode(() =>
    database.withTenant(tenantId, async (tx) => {
      // The chart first, so its codes are taken before the shop's own account picks one.
      await ensureChart(tx, tenantId);
      if (input.parentId) await requireParent(tx, input.parentId, input.type, null);
      const [row] = await tx
        .insert(ledgerAccounts)
        .values({ tenantId, code: input.code, name: input.name, type: input.type, parentId: input.parentId, description: input.description })
        .returning({ id: ledgerAccounts.id });
      return readAccount(tx, row!.id);
    }),
  );
}

interface AccountFacts {
  type: AccountType;
  system_key: SystemAccountKey | null;
  parent_id: string | null;
  is_archived: boolean;
  has_postings: boolean;
  has_children: boolean;
  /** Every posting to it: debits − credits. */
  net: string | number;
  is_tender_account: boolean;
  /** Active recurring entries (any, for a delete) that post to it. */
  active_recurring: boolean;
  any_recurring: boolean;
  /** A location's cash account: whether the location is open, and its name. */
  location_open: boolean | null;
  location_name: string | null;
  /** An expense category's account: whether the category is in use, and its name. */
  category_active: boolean | null;
  category_name: string | null;
}

/** The account, locked, with what decides whether it may change, be archived or be deleted (404 when not this shop's). */
async function lockAccount(tx: TenantTx, id: string): Promise<AccountFacts> {
  const [row] = await queryRows<AccountFacts>(
    tx,
    sql`select a.type, a.system_key, a.parent_id, a.is_archived,
               exists (select 1 from journal_lines l where l.account_id = a.id) as has_postings,
               exists (select 1 from ledger_accounts c where c.parent_id = a.id) as has_children,
               (select coalesce(sum(l.debit_minor - l.credit_minor), 0) from journal_lines l where l.account_id = a.id)::text as net,
               exists (select 1 from accounting_settings s, jsonb_each_text(s.tender_accounts) t where t.value = a.id::text) as is_tender_account,
               exists (select 1 from recurring_journals r, jsonb_array_elements(r.lines) x where r.is_active and x ->> 'accountId' = a.id::text) as active_recurring,
               exists (select 1 from recurring_journals r, jsonb_array_elements(r.lines) x where x ->> 'accountId' = a.id::text) as any_recurring,
               (select l.is_active from locations l where l.id = a.location_id) as location_open,
               (select l.name from locations l where l.id = a.location_id) as location_name,
               (select c.is_active from expense_categories c where c.id = a.expense_category_id) as category_active,
               (select c.name from expense_categories c where c.id = a.expense_category_id) as category_name
        from ledger_accounts a where a.id = ${id}::uuid
        for update of a`,
  );
  if (!row) throw notFound(/*i18n*/ 'Account not found');
  return row;
}

const refusedAutomatic = /*i18n*/ 'Automatic postings use this account: it cannot be archived';

/** Refuses (409 on isArchived) archiving an account something may still post to, or one with a balance. */
function requireArchivable(account: AccountFacts) {
  const key = account.system_key;
  if (key === 'cash_location') {
    if (account.location_open) throw conflict('isArchived', fillMessage(/*i18n*/ '{location} is open and its cash posts here: close the location first', { location: account.location_name ?? '' }));
  } else if (key === 'expense_category') {
    if (account.category_active) throw conflict('isArchived', fillMessage(/*i18n*/ 'The expense category {category} is in use: take it out of use first', { category: account.category_name ?? '' }));
  } else if (key !== null) {
    throw conflict('isArchived', refusedAutomatic);
  }
  if (Number(account.net) !== 0) throw conflict('isArchived', /*i18n*/ 'This account has a balance: bring it to zero first');
  if (account.is_tender_account) throw conflict('isArchived', /*i18n*/ 'The accounting settings send a tender here: choose another account for it first');
  if (account.active_recurring) throw conflict('isArchived', /*i18n*/ 'An active recurring entry posts to this account');
}

/** Refuses (409 on type) a type change the postings or the tree depend on; the parent is checked by the caller. */
function requireTypeChangeable(account: AccountFacts) {
  if (account.system_key !== null) throw conflict('type', /*i18n*/ 'Automatic postings need this account’s type: it cannot change');
  if (account.has_postings) throw conflict('type', /*i18n*/ 'This account has postings: its type cannot change');
  if (account.has_children) throw conflict('type', /*i18n*/ 'Its sub-accounts share its type: move them first');
  if (account.is_tender_account) throw conflict('type', /*i18n*/ 'The accounting settings send a tender here: choose another account for it first');
}

/** Renames, renumbers, moves, archives or brings back an account (see the rules above). */
export function updateLedgerAccount(database: Database, tenantId: string, id: string, input: AccountUpdate): Promise<LedgerAccount> {
  return withUniqueCode(() =>
    database.withTenant(tenantId, async (tx) => {
      const account = await lockAccount(tx, id);
      const type = input.type ?? account.type;
      if (type !== account.type) requireTypeChangeable(account);
      const parentId = input.parentId === undefined ? account.parent_id : input.parentId;
      if (parentId && (input.parentId !== undefined || type !== account.type)) await requireParent(tx, parentId, type, id);
      if (input.isArchived && !account.is_archived) requireArchivable(account);
      await tx
        .update(ledgerAccounts)
        .set({ code: input.code, name: input.name, type: input.type, parentId: input.parentId, description: input.description, isArchived: input.isArchived, updatedAt: new Date() })
        .where(eq(ledgerAccounts.id, id));
      return readAccount(tx, id);
    }),
  );
}

/** Deletes an account the shop added that nothing has posted to or will post to; otherwise 409 saying what to do. */
export function deleteLedgerAccount(database: Database, tenantId: string, id: string): Promise<void> {
  return database.withTenant(tenantId, async (tx) => {
    const account = await lockAccount(tx, id);
    if (account.system_key !== null) throw new HttpError('conflict', /*i18n*/ 'Automatic postings use this account: it cannot be deleted');
    if (account.has_postings) throw new HttpError('conflict', /*i18n*/ 'This account has postings: archive it instead');
    if (account.has_children) throw new HttpError('conflict', /*i18n*/ 'Move its sub-accounts first');
    if (account.is_tender_account) throw new HttpError('conflict', /*i18n*/ 'The accounting settings send a tender here: choose another account for it first');
    if (account.any_recurring) throw new HttpError('conflict', /*i18n*/ 'A recurring entry posts to this account: change it first');
    await tx.delete(ledgerAccounts).where(eq(ledgerAccounts.id, id));
  });
}
