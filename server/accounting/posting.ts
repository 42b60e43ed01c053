import { sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_TENDER_ACCOUNT_KEYS,
  KENYAN_SME_CHART,
  PER_THING_ACCOUNTS,
  SALES_ACCOUNT_NAMES,
  VAT_OUTPUT_ACCOUNT_NAMES,
  type ConfigurableTender,
  type PerThingKey,
} from '../../core/accounting/chart';
import { accountRefKey, linesTotal, mergeLines, type AccountRef, type PostingDraft, type PostingLine } from '../../core/accounting/posting';
import { fillMessage } from '../../core/i18n/message.rules';
import { TAX_CLASSES, type TaxClass } from '../../core/products/tax.rules';
import { nextDocumentNumberSql } from '../accounts/account-ledger';
import { queryRows, type TenantTx } from '../db/client';
import { HttpError } from '../http/errors';

/** The advisory lock space under which a shop's ledger accounts are made (one transaction at a time). */
const ACCOUNT_CREATION_LOCK_SPACE = 1_520_001;

// The one way into the general ledger (issue 17, docs/decisions/0020). A document's rule
// (server/accounting/rules) builds a draft from the document as written in the same transaction;
// this module names the shop's accounts for the draft's roles (making one-per-thing accounts when
// first needed), applies the lock date, and writes the entry and its lines in one statement. Each
// (source type, document) posts once: a second posting of the same document does nothing.

/** The shop's calendar day of a timestamp column or value, as the ledger dates entries. */
export const shopDayOf = (instant: ReturnType<typeof sql>) =>
  sql`((${instant}) at time zone coalesce((select bs.time_zone from business_settings bs limit 1), 'Africa/Nairobi'))::date::text`;

export interface LedgerSettings {
  lockDate: string | null;
  lockPolicy: 'refuse' | 'next_open_day';
  tenderAccounts: Partial<Record<ConfigurableTender, string>>;
  valueLoyaltyPoints: boolean;
  /** The shop's calendar day of the transaction's start (now()), as the ledger dates entries. */
  today: string;
}

interface AccountRow {
  id: string;
  system_key: string | null;
  location_id: string | null;
  tax_class: string | null;
  expense_category_id: string | null;
}

export interface PostedEntry {
  entryId: string;
  number: number;
  entryDate: string;
}

export interface PostOptions {
  createdBy?: string | null;
  requestKey?: string | null;
  reversesEntryId?: string | null;
  attachment?: { file: string; type: string } | null;
  /** The field of the document's form its date is typed in, for the lock-date refusal. */
  dateField?: string;
}

interface LedgerSettingsRow {
  lock_date: string | null;
  lock_policy: 'refuse' | 'next_open_day' | null;
  tender_accounts: Record<string, string> | null;
  value_loyalty_points: boolean | null;
  today: string;
}

/** The settings as one JSON row (SQL): the shop may have no settings row yet. */
const ledgerSettingsRowSql = sql`select json_build_object('lock_date', a.lock_date, 'lock_policy', a.lock_policy, 'tender_accounts', a.tender_accounts,
                                                   'value_loyalty_points', a.value_loyalty_points, 'today', ${shopDayOf(sql`now()`)})
  from (select 1) as one left join (select * from accounting_settings limit 1) a on true`;

const toLedgerSettings = (row: LedgerSettingsRow): LedgerSettings => ({
  lockDate: row.lock_date ?? null,
  lockPolicy: row.lock_policy ?? 'refuse',
  tenderAccounts: row.tender_accounts ?? {},
  valueLoyaltyPoints: row.value_loyalty_points ?? false,
  today: row.today,
});

export async function readLedgerSettings(tx: TenantTx): Promise<LedgerSettings> {
  const [row] = await queryRows<{ settings: LedgerSettingsRow }>(tx, sql`select (${ledgerSettingsRowSql}) as settings`);
  return toLedgerSettings(row!.settings);
}

const nextDay = (isoDate: string) => new Date(Date.parse(`${isoDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The day an entry dated `entryDate` is posted on, or the refusal the shop's lock date asks for. */
export function applyLockDate(entryDate: string, settings: Pick<LedgerSettings, 'lockDate' | 'lockPolicy'>, dateField = 'date'): string {
  if (settings.lockDate === null || entryDate > settings.lockDate) return entryDate;
  if (settings.lockPolicy === 'next_open_day') return nextDay(settings.lockDate);
  const message = fillMessage(/*i18n*/ 'The books are locked up to {date}: choose a later date', { date: settings.lockDate });
  throw new HttpError('unprocessable', message, { [dateField]: [message] });
}

/** What postings need of the shop's ledger, read ahead: its settings and its accounts with a role, by role (accountRefKey). */
export interface LedgerContext {
  settings: LedgerSettings;
  roleAccounts: Map<string, string>;
}

/** The ledger's settings and every account with a role, in one query (the checkout reads it before its hot rows). */
export async function readLedgerContext(tx: TenantTx): Promise<LedgerContext> {
  const [row] = await queryRows<{ settings: LedgerSettingsRow; accounts: AccountRow[] }>(
    tx,
    sql`select (${ledgerSettingsRowSql}) as settings,
               (select coalesce(json_agg(json_build_object('id', id, 'system_key', system_key, 'location_id', location_id, 'tax_class', tax_class,
                                                           'expense_category_id', expense_category_id)), '[]')
                from ledger_accounts where system_key is not null) as accounts`,
  );
  return { settings: toLedgerSettings(row!.settings), roleAccounts: new Map(row!.accounts.map((account) => [rowKey(account), account.id])) };
}

/** Account ids for the refs, by accountRefKey, from the context; accounts it lacks are made (resolveAccounts) and added to it. */
export async function accountsFor(tx: TenantTx, tenantId: string, context: LedgerContext, refs: AccountRef[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const missing: AccountRef[] = [];
  for (const ref of refs) {
    const role = roleOf(ref, context.settings);
    const id = 'id' in role ? role.id : context.roleAccounts.get(accountRefKey(role));
    if (id) ids.set(accountRefKey(ref), id);
    else missing.push(role);
  }
  if (missing.length === 0) return ids;
  for (const [key, id] of await resolveAccounts(tx, tenantId, missing, context.settings)) context.roleAccounts.set(key, id);
  return accountsFor(tx, tenantId, context, refs);
}

/** A balanced draft ready to write: its lines on account ids, dated after the lock date. */
export interface PreparedEntry {
  tenantId: string;
  draft: Omit<PostingDraft, 'lines'>;
  entryDate: string;
  lines: (PostingLine & { accountId: string })[];
  options: PostOptions;
}

/**
 * The draft's lines merged, checked to balance (a rule that does not is a bug: it throws, and the
 * database would refuse it anyway) and put on their accounts; null when nothing is left to post.
 * `context`: the settings and accounts read ahead (readLedgerContext); accounts it lacks are read here.
 */
export async function prepareEntry(tx: TenantTx, tenantId: string, draft: PostingDraft, options: PostOptions = {}, context?: LedgerContext): Promise<PreparedEntry | null> {
  const lines = mergeLines(draft.lines);
  if (lines.length === 0) return null;
  const total = linesTotal(lines);
  if (total !== 0) throw new Error(`The ${draft.sourceType} posting does not balance: ${total} (${JSON.stringify(lines)})`);
  const settings = context?.settings ?? (await readLedgerSettings(tx));
  const entryDate = applyLockDate(draft.entryDate, settings, options.dateField);
  const refs = lines.map((line) => line.account);
  const accountIds = context ? await accountsFor(tx, tenantId, context, refs) : await resolveAccounts(tx, tenantId, refs, settings);
  const { lines: _lines, ...header } = draft;
  return { tenantId, draft: header, entryDate, lines: lines.map((line) => ({ ...line, accountId: accountIds.get(accountRefKey(line.account))! })), options };
}

/**
 * The entry's writes as common table expressions (journal_counter, journal_entry, journal_lines_written)
 * for a statement of the caller's: the entry is numbered and written with its lines, or, when this
 * document was posted already, nothing is written.
 */
export function journalEntryCtes(entry: PreparedEntry): SQL {
  const { tenantId, draft, entryDate, options } = entry;
  const values = sql.join(
    entry.lines.map(
      (line, index) =>
        sql`(${index + 1}::smallint, ${line.accountId}::uuid, ${Math.max(line.amountMinor, 0)}::bigint, ${Math.max(-line.amountMinor, 0)}::bigint,
             ${line.contactId ?? null}::uuid, ${line.locationId ?? null}::uuid, ${line.description ?? null}::text)`,
    ),
    sql`, `,
  );
  return sql`journal_counter as (${nextDocumentNumberSql(tenantId, 'journal_entry')}), journal_entry as (
          insert into journal_entries (tenant_id, number, entry_date, source_type, source_id, memo, reverses_entry_id, attachment_file, attachment_type, created_by, request_key)
          select ${tenantId}, journal_counter.last_number, ${entryDate}::date, ${draft.sourceType}, ${draft.sourceId}::uuid, ${draft.memo}, ${options.reversesEntryId ?? null}::uuid,
                 ${options.attachment?.file ?? null}, ${options.attachment?.type ?? null}, ${options.createdBy ?? null}::uuid, ${options.requestKey ?? null}::uuid
          from journal_counter
          on conflict (tenant_id, source_type, source_id) where source_id is not null do nothing
          returning id, number
        ), journal_lines_written as (
          insert into journal_lines (tenant_id, entry_id, line_no, account_id, entry_date, debit_minor, credit_minor, contact_id, location_id, description)
          select ${tenantId}, journal_entry.id, line.line_no, line.account_id, ${entryDate}::date, line.debit, line.credit, line.contact_id, line.location_id, line.description
          from journal_entry cross join (values ${values}) as line (line_no, account_id, debit, credit, contact_id, location_id, description)
          returning 1
        )`;
}

/** Posts a draft in the caller's transaction (prepareEntry, then its writes); null when this document was already posted. */
export async function postEntry(tx: TenantTx, tenantId: string, draft: PostingDraft, options: PostOptions = {}): Promise<PostedEntry | null> {
  const entry = await prepareEntry(tx, tenantId, draft, options);
  if (!entry) return null;
  const [row] = await queryRows<{ id: string; number: number }>(tx, sql`with ${journalEntryCtes(entry)} select journal_entry.id, journal_entry.number::int as number from journal_entry`);
  return row ? { entryId: row.id, number: row.number, entryDate: entry.entryDate } : null;
}

/** The entry a document posted, if any (drafts that reverse or follow it start here). */
export async function findPostedEntry(tx: TenantTx, sourceType: string, sourceId: string): Promise<{ id: string; entryDate: string } | null> {
  const [row] = await queryRows<{ id: string; entry_date: string }>(
    tx,
    sql`select id, entry_date::text from journal_entries where source_type = ${sourceType} and source_id = ${sourceId}::uuid`,
  );
  return row ? { id: row.id, entryDate: row.entry_date } : null;
}

/** An entry's lines as posting lines, with their accounts by id (to reverse or restate them). */
export async function entryLines(tx: TenantTx, entryId: string): Promise<(PostingLine & { systemKey: string | null })[]> {
  const rows = await queryRows<{ account_id: string; system_key: string | null; amount: string; contact_id: string | null; location_id: string | null; description: string | null }>(
    tx,
    sql`select l.account_id, a.system_key, (l.debit_minor - l.credit_minor)::text as amount, l.contact_id, l.location_id, l.description
        from journal_lines l join ledger_accounts a on a.tenant_id = l.tenant_id and a.id = l.account_id
        where l.entry_id = ${entryId}::uuid order by l.line_no`,
  );
  return rows.map((row) => ({
    account: { id: row.account_id },
    systemKey: row.system_key,
    amountMinor: Number(row.amount),
    contactId: row.contact_id,
    locationId: row.location_id,
    description: row.description,
  }));
}

// ---------------------------------------------------------------------------------------------
// Accounts by role

const CHART_KEYS = new Set<string>(KENYAN_SME_CHART.map((account) => account.key));

function roleOf(ref: AccountRef, settings: LedgerSettings): AccountRef {
  if ('tender' in ref) {
    const chosen = settings.tenderAccounts[ref.tender];
    return chosen ? { id: chosen } : { key: DEFAULT_TENDER_ACCOUNT_KEYS[ref.tender] };
  }
  return ref;
}

function rowKey(row: AccountRow): string {
  const key = row.system_key!;
  if (key === 'cash_location') return `cash_location:${row.location_id}`;
  if (key === 'sales_band' || key === 'vat_output_band') return `${key}:${row.tax_class}`;
  if (key === 'expense_category') return `expense_category:${row.expense_category_id}`;
  return key;
}

/** Account ids for the refs, by accountRefKey; accounts the chart or a thing needs are made here. */
export async function resolveAccounts(tx: TenantTx, tenantId: string, refs: AccountRef[], settings?: LedgerSettings): Promise<Map<string, string>> {
  const ledgerSettings = settings ?? (await readLedgerSettings(tx));
  const roles = new Map(refs.map((ref) => [accountRefKey(ref), roleOf(ref, ledgerSettings)]));
  const resolved = new Map<string, string>();
  // Two transactions may pick the same free code for different accounts: the loser tries the next.
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const wanted = [...roles.values()].filter((role) => !('id' in role));
    const found = wanted.length === 0 ? [] : await readRoleAccounts(tx, [...new Set(wanted.map((role) => (role as { key: string }).key))]);
    const byRole = new Map(found.map((row) => [rowKey(row), row.id]));
    const missing: AccountRef[] = [];
    for (const [key, role] of roles) {
      const id = 'id' in role ? role.id : byRole.get(accountRefKey(role));
      if (id) resolved.set(key, id);
      else missing.push(role);
    }
    if (missing.length === 0) return resolved;
    await createRoleAccounts(tx, tenantId, missing);
  }
  throw new Error('Could not make the ledger accounts a posting needs');
}

/**
 * The whole chart, each location's cash account, the sales and VAT accounts of every tax class and
 * one account per expense category, made where missing (when none is, this only reads). A shop, a
 * location and an expense category are made with their accounts: a posting that had to make one
 * would wait for the shop's account-creation lock while it holds stock and contact rows, and two
 * documents doing so at once deadlock (one took the lock first, the other the rows).
 */
export async function ensureShopAccounts(tx: TenantTx, tenantId: string) {
  const things = await queryRows<{ kind: 'location' | 'category'; id: string }>(
    tx,
    sql`select 'location' as kind, id from locations union all select 'category' as kind, id from expense_categories`,
  );
  const refs: AccountRef[] = [
    ...KENYAN_SME_CHART.map((account): AccountRef => ({ key: account.key })),
    ...TAX_CLASSES.flatMap((taxClass): AccountRef[] => [
      { key: 'sales_band', taxClass },
      { key: 'vat_output_band', taxClass },
    ]),
    ...things.map((thing): AccountRef => (thing.kind === 'location' ? { key: 'cash_location', locationId: thing.id } : { key: 'expense_category', categoryId: thing.id })),
  ];
  await resolveAccounts(tx, tenantId, refs);
}

async function readRoleAccounts(tx: TenantTx, keys: string[]): Promise<AccountRow[]> {
  return queryRows<AccountRow>(
    tx,
    sql`select id, system_key, location_id, tax_class, expense_category_id from ledger_accounts
        where system_key in (${sql.join(keys.map((key) => sql`${key}`), sql`, `)})`,
  );
}

/** Makes the shop's whole chart where it has none yet, then the one-per-thing accounts asked for. */
async function createRoleAccounts(tx: TenantTx, tenantId: string, missing: AccountRef[]) {
  // One transaction at a time makes a shop's accounts: two making different accounts at once would
  // each take a free code the other then wants, and wait on each other (a deadlock on PostgreSQL).
  await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_CREATION_LOCK_SPACE}::int, hashtext(${tenantId}))`);
  await ensureChart(tx, tenantId);
  for (const role of [...missing].sort((a, b) => (accountRefKey(a) < accountRefKey(b) ? -1 : 1))) {
    if ('id' in role || 'tender' in role || CHART_KEYS.has(role.key)) continue;
    await createPerThingAccount(tx, tenantId, role as PerThingRef);
  }
}

/**
 * The Kenyan SME chart (core/accounting/chart.ts), parents first, each account where its role is
 * missing; a code the shop has since used for another account gets a suffix. Also the cash account
 * of every location, the sales and VAT accounts of every band, one per expense category.
 */
export async function ensureChart(tx: TenantTx, tenantId: string) {
  const rows = sql.join(
    KENYAN_SME_CHART.map((account) => sql`(${account.key}::text, ${account.code}::text, ${account.name}::text, ${account.type}::text, ${account.parent ?? null}::text)`),
    sql`, `,
  );
  for (const parents of [true, false]) {
    await tx.execute(
      sql`insert into ledger_accounts (tenant_id, code, name, type, system_key, parent_id)
          select ${tenantId}, case when exists (select 1 from ledger_accounts a where a.code = chart.code) then chart.code || '-' || substr(md5(chart.key), 1, 4) else chart.code end,
                 chart.name, chart.type, chart.key, (select p.id from ledger_accounts p where p.system_key = chart.parent)
          from (values ${rows}) as chart (key, code, name, type, parent)
          where (chart.parent is null) = ${parents}
            and not exists (select 1 from ledger_accounts a where a.system_key = chart.key)
          on conflict do nothing`,
    );
  }
}

const PER_THING_NAMES: Record<PerThingKey, (tx: TenantTx, role: AccountRef) => Promise<string>> = {
  cash_location: async (tx, role) => {
    const [row] = await queryRows<{ name: string }>(tx, sql`select name from locations where id = ${(role as { locationId: string }).locationId}::uuid`);
    return fillMessage(/*i18n*/ 'Cash at {location}', { location: row?.name ?? '?' });
  },
  sales_band: async (_tx, role) => SALES_ACCOUNT_NAMES[(role as { taxClass: TaxClass }).taxClass],
  vat_output_band: async (_tx, role) => VAT_OUTPUT_ACCOUNT_NAMES[(role as { taxClass: TaxClass }).taxClass],
  expense_category: async (tx, role) => {
    const [row] = await queryRows<{ name: string }>(tx, sql`select name from expense_categories where id = ${(role as { categoryId: string }).categoryId}::uuid`);
    return row?.name ?? '?';
  },
};

type PerThingRef = Extract<AccountRef, { key: PerThingKey }>;

async function createPerThingAccount(tx: TenantTx, tenantId: string, role: PerThingRef) {
  const place = PER_THING_ACCOUNTS[role.key];
  const name = await PER_THING_NAMES[role.key](tx, role);
  const locationId = role.key === 'cash_location' ? role.locationId : null;
  const taxClass = role.key === 'sales_band' || role.key === 'vat_output_band' ? role.taxClass : null;
  const categoryId = role.key === 'expense_category' ? role.categoryId : null;
  // The first free code of the range (past its end: the parent's code with a suffix).
  await tx.execute(
    sql`insert into ledger_accounts (tenant_id, code, name, type, system_key, location_id, tax_class, expense_category_id, parent_id)
        select ${tenantId},
               coalesce((select n::text from generate_series(${place.firstCode}::int, ${place.lastCode}::int) n
                         where not exists (select 1 from ledger_accounts a where a.code = n::text) order by n limit 1),
                        p.code || '-' || substr(md5(coalesce(${locationId}::text, ${taxClass}::text, ${categoryId}::text)), 1, 6)),
               ${name}, ${place.type}, ${role.key}, ${locationId}::uuid, ${taxClass}, ${categoryId}::uuid, p.id
        from ledger_accounts p where p.system_key = ${place.parent}
        on conflict do nothing`,
  );
}
