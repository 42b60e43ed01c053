import { sql, type SQL } from 'drizzle-orm';
import { agingBuckets, type AgingOpenItem } from '../../core/accounts/aging.rules';
import { presetPeriod, type StatementPeriod } from '../../core/statements/statement.rules';
import { STATEMENT_SIDES, type Statement, type StatementEntryKind, type StatementQuery, type StatementSide } from '../../core/statements/statement.schemas';
import { queryRows, type Database, type TenantTx } from '../db/client';
import { HttpError, notFound } from '../http/errors';

// A contact's account statement (issue 14): for one side (what a customer owes the shop, or what the
// shop owes a supplier) and a period of calendar dates in the shop's time zone. Read from the
// account ledger (server/accounts/account-ledger.ts writes it) in one transaction:
// - opening balance: one aggregate over the entries before the period (account_entries_contact_idx);
// - the period's entries in ledger order with the running balance from a window function;
// - closing balance = opening + Σ period;
// - aging at the end of `to`: the open debit items (charges still owed) by days overdue on `to`. When
//   the period ends today, that is account_open_items as they stand. For a past `to`, what was open
//   then is rebuilt from the append-only allocations: each item dated before the end of `to`, less
//   the allocations whose other item (the payment that settled a charge, the charge a deposit went
//   to) is also dated before then. An allocation thus counts from the date of the later of its two
//   entries — a payment settles a charge as of the payment's date, even when it was recorded or
//   back-dated later. Open credit items (payments not yet applied: a deposit) are reported apart as
//   unappliedCreditsMinor; the ledger keeps every entry an open item, so
//   closing balance = aging total − unapplied credits.

const DEFAULT_TIME_ZONE = 'Africa/Nairobi';

type ContactType = Statement['contact']['type'];

/** The sides a contact's type gives it (a contact with entries on the other side shows it too). */
function sidesOfType(type: ContactType): StatementSide[] {
  if (type === 'customer') return ['receivable'];
  if (type === 'supplier') return ['payable'];
  return ['receivable', 'payable'];
}

/** One entry as the query's JSON array has it: id, kind, amount, number, reference, method, due date, note, occurred at, local date, running sum. */
type EntryTuple = [string, string, number, string | null, string | null, string | null, string | null, string | null, string, string, number];

const toIso = (value: string | Date) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The statement of one contact; 404 for an unknown contact (or another shop's), 400 for a side it has not, or a future end date. */
export async function contactStatement(database: Database, tenantId: string, contactId: string, query: StatementQuery): Promise<Statement> {
  return database.withTenant(tenantId, (tx) => buildStatement(tx, tenantId, contactId, query));
}

interface HeaderRow {
  id: string;
  type: ContactType;
  name: string;
  company: string | null;
  phone: string | null;
  email: string | null;
  kra_pin: string | null;
  address: string | null;
  account_sides: StatementSide[] | string | null;
  shop_name: string | null;
  shop_kra_pin: string | null;
  currency_code: string | null;
  currency_decimals: number | null;
  time_zone: string | null;
  now: string | Date;
}

/** Postgres text[] as node-postgres or PGlite hand it over (an array, or its '{a,b}' text). */
const textArray = (value: string[] | string | null): string[] =>
  Array.isArray(value) ? value : value ? value.replace(/^\{|\}$/g, '').split(',').filter(Boolean) : [];

/** Today's date in a time zone, as YYYY-MM-DD. */
const dateIn = (instant: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);

/** Three round trips: the header (contact, its accounts, shop, settings, clock), opening + entries, open items. */
export async function buildStatement(tx: TenantTx, tenantId: string, contactId: string, query: StatementQuery): Promise<Statement> {
  const [header] = await queryRows<HeaderRow>(
    tx,
    sql`select c.id, c.type, c.name, c.company, c.phone, c.email, c.kra_pin, c.address,
          array(select a.side from contact_accounts a where a.tenant_id = c.tenant_id and a.contact_id = c.id) as account_sides,
          (select t.name from tenants t where t.id = c.tenant_id) as shop_name,
          s.kra_pin as shop_kra_pin, s.currency_code, s.currency_decimals, s.time_zone, now() as now
        from contacts c
        left join business_settings s on s.tenant_id = c.tenant_id
        where c.tenant_id = ${tenantId} and c.id = ${contactId}
        limit 1`,
  );
  if (!header) throw notFound(/*i18n*/ 'Contact not found');
  const type = header.type;
  const accountSides = textArray(header.account_sides);
  const own = sidesOfType(type);
  const sides = STATEMENT_SIDES.filter((side) => own.includes(side) || accountSides.includes(side));
  const side = query.side ?? sides[0] ?? 'receivable';
  if (!sides.includes(side)) {
    throw new HttpError('validation_failed', /*i18n*/ 'Some fields are invalid', {
      side: [side === 'payable' ? /*i18n*/ 'This contact has no supplier account' : /*i18n*/ 'This contact has no customer account'],
    });
  }
  const timeZone = header.time_zone || DEFAULT_TIME_ZONE;
  const now = header.now instanceof Date ? header.now : new Date(header.now);
  const today = dateIn(now, timeZone);
  const period: StatementPeriod = query.from && query.to ? { from: query.from, to: query.to } : defaultPeriod(query, today);
  if (period.from > period.to) {
    throw new HttpError('validation_failed', /*i18n*/ 'Some fields are invalid', { to: [/*i18n*/ 'The end date must not be before the start date'] });
  }
  if (period.to > today) {
    throw new HttpError('validation_failed', /*i18n*/ 'Some fields are invalid', { to: [/*i18n*/ 'The end date cannot be after today'] });
  }

  // The period as instants: from the start of `from` to the start of the day after `to`, in the shop's zone.
  const startAt = sql`((${period.from}::date)::timestamp at time zone ${timeZone})`;
  const endAt = sql`(((${period.to}::date) + 1)::timestamp at time zone ${timeZone})`;
  const account = sql`tenant_id = ${tenantId} and contact_id = ${contactId} and side = ${side}`;

  // The opening balance (one aggregate) and the period's entries with their running sum (a window
  // over the same index range), in one round trip; the entries come as one JSON array, which both
  // drivers hand over far faster than thousands of rows.
  const [result] = await queryRows<{ opening: string | number; entries: string }>(
    tx,
    sql`select
          (select coalesce(sum(amount_minor), 0)::bigint from account_entries where ${account} and occurred_at < ${startAt})::text as opening,
          coalesce((
            select json_agg(json_build_array(id, kind, amount_minor, number, reference, method, due_date, note, occurred_at, local_date, running_minor) order by occurred_at, id)
            from (
              select id, kind, amount_minor, number, reference, method, due_date, note, occurred_at,
                     to_char(occurred_at at time zone ${timeZone}, 'YYYY-MM-DD') as local_date,
                     sum(amount_minor) over (order by occurred_at, id rows between unbounded preceding and current row) as running_minor
              from account_entries
              where ${account} and occurred_at >= ${startAt} and occurred_at < ${endAt}
            ) e
          ), '[]'::json)::text as entries`,
  );
  const openingBalanceMinor = Number(result?.opening ?? 0);
  let totalDebitsMinor = 0;
  let totalCreditsMinor = 0;
  const entries = (JSON.parse(result?.entries ?? '[]') as EntryTuple[]).map(([id, kind, amount, number, reference, method, dueDate, note, occurredAt, date, running]) => {
    const amountMinor = Number(amount);
    if (amountMinor > 0) totalDebitsMinor += amountMinor;
    else totalCreditsMinor += amountMinor;
    return {
      id,
      date,
      occurredAt: toIso(occurredAt),
      kind: kind as StatementEntryKind,
      number,
      reference,
      method,
      dueDate,
      note,
      amountMinor,
      balanceMinor: openingBalanceMinor + Number(running),
    };
  });
  const closingBalanceMinor = openingBalanceMinor + totalDebitsMinor + totalCreditsMinor;

  const openItems = await openItemsAt(tx, { tenantId, contactId, side }, endAt, period.to === today);
  const debits: AgingOpenItem[] = openItems.filter((item) => item.direction === 'debit');
  const unappliedCreditsMinor = openItems.filter((item) => item.direction === 'credit').reduce((sum, item) => sum + item.openMinor, 0);

  return {
    shop: {
      name: header.shop_name ?? '',
      kraPin: header.shop_kra_pin ?? null,
      currencyCode: header.currency_code ?? 'KES',
      currencyDecimals: header.currency_decimals ?? 2,
      timeZone,
    },
    contact: { id: header.id, type, name: header.name, company: header.company, phone: header.phone, email: header.email, kraPin: header.kra_pin, address: header.address },
    side,
    sides,
    from: period.from,
    to: period.to,
    today,
    openingBalanceMinor,
    entries,
    totalDebitsMinor,
    totalCreditsMinor,
    closingBalanceMinor,
    aging: agingBuckets(debits, period.to),
    unappliedCreditsMinor,
    generatedAt: now.toISOString(),
  };
}

/** Without dates: this month so far; with only one of them, the other from this month's preset. */
function defaultPeriod(query: StatementQuery, today: string): StatementPeriod {
  const thisMonth = presetPeriod('this_month', today);
  return { from: query.from ?? (query.to && query.to < thisMonth.from ? `${query.to.slice(0, 8)}01` : thisMonth.from), to: query.to ?? today };
}

interface OpenItemAt extends AgingOpenItem {
  direction: 'debit' | 'credit';
}

/**
 * What was open at endAt, summed per direction and due date (all aging needs, and few rows however
 * many items): the items as they stand when the period ends today, else rebuilt from allocations:
 * each entry dated before endAt (found through account_entries_contact_idx) less its allocations
 * whose other entry is also dated before (index lookups by debit or credit entry).
 */
async function openItemsAt(tx: TenantTx, ids: { tenantId: string; contactId: string; side: StatementSide }, endAt: SQL, endsToday: boolean): Promise<OpenItemAt[]> {
  const { tenantId, contactId, side } = ids;
  const rows = endsToday
    ? await queryRows<{ direction: 'debit' | 'credit'; due_date: string | null; open_minor: string | number }>(
        tx,
        sql`select direction, due_date::text as due_date, sum(open_minor)::bigint as open_minor from account_open_items
            where tenant_id = ${tenantId} and contact_id = ${contactId} and side = ${side} and open_minor > 0 group by direction, due_date`,
      )
    : await queryRows<{ direction: 'debit' | 'credit'; due_date: string | null; open_minor: string | number }>(
        tx,
        sql`select oi.direction, oi.due_date::text as due_date, sum(oi.amount_minor - coalesce(d.settled, 0) - coalesce(k.settled, 0))::bigint as open_minor
            from account_entries e
            join account_open_items oi on oi.tenant_id = e.tenant_id and oi.entry_id = e.id
            left join lateral (
              select sum(a.amount_minor) as settled from account_allocations a
              where oi.direction = 'debit' and a.tenant_id = e.tenant_id and a.debit_entry_id = e.id
                and (select other.occurred_at from account_entries other where other.tenant_id = a.tenant_id and other.id = a.credit_entry_id) < ${endAt}
            ) d on true
            left join lateral (
              select sum(a.amount_minor) as settled from account_allocations a
              where oi.direction = 'credit' and a.tenant_id = e.tenant_id and a.credit_entry_id = e.id
                and (select other.occurred_at from account_entries other where other.tenant_id = a.tenant_id and other.id = a.debit_entry_id) < ${endAt}
            ) k on true
            where e.tenant_id = ${tenantId} and e.contact_id = ${contactId} and e.side = ${side} and e.occurred_at < ${endAt}
              and oi.amount_minor - coalesce(d.settled, 0) - coalesce(k.settled, 0) > 0
            group by oi.direction, oi.due_date`,
      );
  return rows
    .map((row) => ({ direction: row.direction, dueDate: row.due_date, openMinor: Number(row.open_minor) }))
    .filter((row) => row.openMinor > 0);
}
