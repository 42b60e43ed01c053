import { and, eq, sql } from 'drizzle-orm';
import { agingBuckets, type AgingOpenItem } from '../../core/accounts/aging.rules';
import { presetPeriod, type StatementPeriod } from '../../core/statements/statement.rules';
import { STATEMENT_SIDES, type Statement, type StatementEntryKind, type StatementQuery, type StatementSide } from '../../core/statements/statement.schemas';
import { queryRows, type Database, type TenantTx } from '../db/client';
import { contactAccounts, contacts } from '../db/schema/contacts';
import { businessSettings } from '../db/schema/settings';
import { tenants } from '../db/schema/tenancy';
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

interface EntryRow {
  id: string;
  kind: string;
  amount_minor: string | number;
  number: string | null;
  reference: string | null;
  method: string | null;
  due_date: string | null;
  note: string | null;
  occurred_at: string | Date;
  local_date: string;
  running_minor: string | number;
}

const toIso = (value: string | Date) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The statement of one contact; 404 for an unknown contact (or another shop's), 400 for a side it has not, or a future end date. */
export async function contactStatement(database: Database, tenantId: string, contactId: string, query: StatementQuery): Promise<Statement> {
  return database.withTenant(tenantId, (tx) => buildStatement(tx, tenantId, contactId, query));
}

export async function buildStatement(tx: TenantTx, tenantId: string, contactId: string, query: StatementQuery): Promise<Statement> {
  const [contact] = await tx
    .select({
      id: contacts.id,
      type: contacts.type,
      name: contacts.name,
      company: contacts.company,
      phone: contacts.phone,
      email: contacts.email,
      kraPin: contacts.kraPin,
      address: contacts.address,
    })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId)));
  if (!contact) throw notFound(/*i18n*/ 'Contact not found');
  const type = contact.type as ContactType;

  const accountSides = await tx
    .select({ side: contactAccounts.side })
    .from(contactAccounts)
    .where(and(eq(contactAccounts.tenantId, tenantId), eq(contactAccounts.contactId, contactId)));
  const own = sidesOfType(type);
  const sides = STATEMENT_SIDES.filter((side) => own.includes(side) || accountSides.some((row) => row.side === side));
  const side = query.side ?? sides[0] ?? 'receivable';
  if (!sides.includes(side)) {
    throw new HttpError('validation_failed', /*i18n*/ 'Some fields are invalid', {
      side: [side === 'payable' ? /*i18n*/ 'This contact has no supplier account' : /*i18n*/ 'This contact has no customer account'],
    });
  }

  const [shopRow] = await tx
    .select({ name: tenants.name })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  const [settings] = await tx
    .select({
      kraPin: businessSettings.kraPin,
      currencyCode: businessSettings.currencyCode,
      currencyDecimals: businessSettings.currencyDecimals,
      timeZone: businessSettings.timeZone,
    })
    .from(businessSettings)
    .limit(1);
  const timeZone = settings?.timeZone || DEFAULT_TIME_ZONE;

  const [clock] = await queryRows<{ today: string; now: string | Date }>(
    tx,
    sql`select to_char(now() at time zone ${timeZone}, 'YYYY-MM-DD') as today, now() as now`,
  );
  const today = clock!.today;
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

  const [opening] = await queryRows<{ opening: string | number }>(
    tx,
    sql`select coalesce(sum(amount_minor), 0)::bigint as opening from account_entries where ${account} and occurred_at < ${startAt}`,
  );
  const openingBalanceMinor = Number(opening?.opening ?? 0);

  const rows = await queryRows<EntryRow>(
    tx,
    sql`select id, kind, amount_minor, number, reference, method, due_date::text as due_date, note, occurred_at,
          to_char(occurred_at at time zone ${timeZone}, 'YYYY-MM-DD') as local_date,
          sum(amount_minor) over (order by occurred_at, id rows between unbounded preceding and current row) as running_minor
        from account_entries
        where ${account} and occurred_at >= ${startAt} and occurred_at < ${endAt}
        order by occurred_at, id`,
  );
  let totalDebitsMinor = 0;
  let totalCreditsMinor = 0;
  const entries = rows.map((row) => {
    const amountMinor = Number(row.amount_minor);
    if (amountMinor > 0) totalDebitsMinor += amountMinor;
    else totalCreditsMinor += amountMinor;
    return {
      id: row.id,
      date: row.local_date,
      occurredAt: toIso(row.occurred_at),
      kind: row.kind as StatementEntryKind,
      number: row.number,
      reference: row.reference,
      method: row.method,
      dueDate: row.due_date,
      note: row.note,
      amountMinor,
      balanceMinor: openingBalanceMinor + Number(row.running_minor),
    };
  });
  const closingBalanceMinor = openingBalanceMinor + totalDebitsMinor + totalCreditsMinor;

  const openItems = await openItemsAt(tx, account, endAt, period.to === today);
  const debits: AgingOpenItem[] = openItems.filter((item) => item.direction === 'debit' && item.openMinor > 0);
  const unappliedCreditsMinor = openItems.filter((item) => item.direction === 'credit').reduce((sum, item) => sum + item.openMinor, 0);

  return {
    shop: {
      name: shopRow?.name ?? '',
      kraPin: settings?.kraPin ?? null,
      currencyCode: settings?.currencyCode ?? 'KES',
      currencyDecimals: settings?.currencyDecimals ?? 2,
      timeZone,
    },
    contact: { ...contact, type },
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
    generatedAt: toIso(clock!.now),
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

/** What was open of each item at endAt: the items as they stand when the period ends today, else rebuilt from allocations. */
async function openItemsAt(tx: TenantTx, account: ReturnType<typeof sql>, endAt: ReturnType<typeof sql>, endsToday: boolean): Promise<OpenItemAt[]> {
  const rows = endsToday
    ? await queryRows<{ direction: 'debit' | 'credit'; due_date: string | null; open_minor: string | number }>(
        tx,
        sql`select direction, due_date::text as due_date, open_minor from account_open_items where ${account} and open_minor > 0`,
      )
    : await queryRows<{ direction: 'debit' | 'credit'; due_date: string | null; open_minor: string | number }>(
        tx,
        sql`select oi.direction, oi.due_date::text as due_date,
              oi.amount_minor - coalesce(case when oi.direction = 'debit'
                then (select sum(a.amount_minor) from account_allocations a
                      join account_open_items c on c.tenant_id = a.tenant_id and c.entry_id = a.credit_entry_id
                      where a.tenant_id = oi.tenant_id and a.debit_entry_id = oi.entry_id and c.occurred_at < ${endAt})
                else (select sum(a.amount_minor) from account_allocations a
                      join account_open_items d on d.tenant_id = a.tenant_id and d.entry_id = a.debit_entry_id
                      where a.tenant_id = oi.tenant_id and a.credit_entry_id = oi.entry_id and d.occurred_at < ${endAt})
              end, 0) as open_minor
            from account_open_items oi
            where ${account} and oi.occurred_at < ${endAt}`,
      );
  return rows
    .map((row) => ({ direction: row.direction, dueDate: row.due_date, openMinor: Number(row.open_minor) }))
    .filter((row) => row.openMinor > 0);
}
