import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  atDateQuerySchema,
  balanceSheetSchema,
  profitAndLossQuerySchema,
  profitAndLossSchema,
  trialBalanceSchema,
} from '../../../core/accounting/accounting.schemas';
import type { AccountType } from '../../../core/accounting/chart';
import {
  arrangeSections,
  BALANCE_SHEET_SECTIONS,
  balanceSheetFigures,
  balanceSheetSectionOf,
  compareAccountCodes,
  naturalBalance,
  previousPeriod,
  PROFIT_AND_LOSS_COLUMN_LABELS,
  PROFIT_AND_LOSS_SECTIONS,
  profitAndLossSectionOf,
  profitLines,
  trialBalanceColumns,
  type StatementAccount,
} from '../../../core/accounting/statements.rules';
import { queryRows, type TenantTx } from '../../db/client';
import { readShopToday } from '../../purchases/purchase-documents';

// The statements (issue 17): trial balance, balance sheet, profit and loss. Each is one aggregate
// over journal_lines, arranged in code by core/accounting/statements.rules.ts. The aggregate is
// taken per account (a lateral subquery): each account's lines are a range of the (tenant, account,
// day) index, which carries the amounts and the location, so once the table is vacuumed it is read
// from the index alone, without the table (a plain GROUP BY makes the planner scan the whole table,
// over twice as slow at 1,000,000 lines). The SQL is exported so the bench times it raw beside the API.

type TrialBalance = z.infer<typeof trialBalanceSchema>;
type BalanceSheet = z.infer<typeof balanceSheetSchema>;
type ProfitAndLoss = z.infer<typeof profitAndLossSchema>;

interface AccountRow {
  id: string;
  code: string;
  name: string;
  type: AccountType;
  system_key: string | null;
}

/** Each account's debits − credits up to and including `date`; accounts at zero are left out. */
export const accountBalancesSql = (date: string): SQL =>
  sql`select a.id, a.code, a.name, a.type, a.system_key, b.net::text as net
      from ledger_accounts a
      cross join lateral (
        select sum(l.debit_minor - l.credit_minor) as net from journal_lines l where l.account_id = a.id and l.entry_date <= ${date}::date
      ) b
      where b.net <> 0`;

async function readBalances(tx: TenantTx, date: string) {
  const rows = await queryRows<AccountRow & { net: string }>(tx, accountBalancesSql(date));
  return rows.map((row) => ({ ...row, net: Number(row.net) }));
}

/** The report's day: the one asked for, else today in the shop's time zone. */
export const reportDate = async (tx: TenantTx, date: string | undefined) => date ?? (await readShopToday(tx));

export async function trialBalance(tx: TenantTx, query: z.output<typeof atDateQuerySchema>): Promise<TrialBalance> {
  const date = await reportDate(tx, query.date);
  const rows = (await readBalances(tx, date))
    .map((row) => ({ accountId: row.id, code: row.code, name: row.name, type: row.type, ...trialBalanceColumns(row.net) }))
    .sort(compareAccountCodes);
  return {
    date,
    rows,
    totalDebitMinor: rows.reduce((sum, row) => sum + row.debitMinor, 0),
    totalCreditMinor: rows.reduce((sum, row) => sum + row.creditMinor, 0),
  };
}

export async function balanceSheet(tx: TenantTx, query: z.output<typeof atDateQuerySchema>): Promise<BalanceSheet> {
  const date = await reportDate(tx, query.date);
  const accounts = (await readBalances(tx, date)).map((row) => statementAccount(row, [naturalBalance(row.type, row.net)]));
  const sections = arrangeSections(accounts, BALANCE_SHEET_SECTIONS, (account) => balanceSheetSectionOf(account.type), 1);
  return { date, sections, ...balanceSheetFigures(accounts.map((account) => ({ type: account.type, balanceMinor: account.columns[0]! }))) };
}

const statementAccount = (row: AccountRow, columns: number[]): StatementAccount => ({
  accountId: row.id,
  code: row.code,
  name: row.name,
  type: row.type,
  systemKey: row.system_key,
  columns,
});

/**
 * Income and expense accounts' debits − credits from `start` to `to`: `current` from `from`,
 * `previous` before it (the comparison period, when `start` is earlier); per location when asked.
 */
export const profitAndLossSql = (period: { start: string; from: string; to: string; byLocation: boolean }): SQL =>
  sql`select a.id, a.code, a.name, a.type, a.system_key, p.location_id, loc.name as location_name, p.current::text, p.previous::text
      from ledger_accounts a
      cross join lateral (
        select ${period.byLocation ? sql`l.location_id` : sql`null::uuid as location_id`},
               coalesce(sum(l.debit_minor - l.credit_minor) filter (where l.entry_date >= ${period.from}::date), 0) as current,
               coalesce(sum(l.debit_minor - l.credit_minor) filter (where l.entry_date < ${period.from}::date), 0) as previous
        from journal_lines l
        where l.account_id = a.id and l.entry_date between ${period.start}::date and ${period.to}::date
        ${period.byLocation ? sql`group by l.location_id` : sql``}
      ) p
      left join locations loc on loc.id = p.location_id
      where a.type in ('income', 'expense') and (p.current <> 0 or p.previous <> 0)`;

interface ProfitAndLossRow extends AccountRow {
  location_id: string | null;
  location_name: string | null;
  current: string;
  previous: string;
}

type Column = ProfitAndLoss['columns'][number];

export async function profitAndLoss(tx: TenantTx, query: z.output<typeof profitAndLossQuerySchema>): Promise<ProfitAndLoss> {
  const { from, to, byLocation } = query;
  const previous = !byLocation && query.compare === 'previous_period' ? previousPeriod({ from, to }) : null;
  const rows = await queryRows<ProfitAndLossRow>(tx, profitAndLossSql({ start: previous?.from ?? from, from, to, byLocation }));
  const columns = byLocation ? locationColumns(rows, from, to) : periodColumns(from, to, previous);
  const accounts = new Map<string, StatementAccount>();
  for (const row of rows) {
    const account = accounts.get(row.id) ?? statementAccount(row, columns.map(() => 0));
    accounts.set(row.id, account);
    const current = naturalBalance(row.type, Number(row.current));
    account.columns[0]! += current;
    if (previous) account.columns[1] = naturalBalance(row.type, Number(row.previous));
    if (byLocation) account.columns[columns.findIndex((column) => column.locationId === row.location_id && column.kind !== 'period')]! += current;
  }
  const sections = arrangeSections([...accounts.values()], PROFIT_AND_LOSS_SECTIONS, profitAndLossSectionOf, columns.length);
  return { from, to, columns, sections, ...profitLines(sections) };
}

function periodColumns(from: string, to: string, previous: { from: string; to: string } | null): Column[] {
  const columns: Column[] = [{ label: PROFIT_AND_LOSS_COLUMN_LABELS.period, kind: 'period', from, to, locationId: null }];
  if (previous) columns.push({ label: PROFIT_AND_LOSS_COLUMN_LABELS.previous_period, kind: 'previous_period', ...previous, locationId: null });
  return columns;
}

/** All locations, then each location with postings in the period by name, then "No location" when some lines have none. */
function locationColumns(rows: readonly ProfitAndLossRow[], from: string, to: string): Column[] {
  const named = new Map<string, string>();
  let hasUnlocated = false;
  for (const row of rows) {
    if (row.location_id === null) hasUnlocated = true;
    else named.set(row.location_id, row.location_name ?? '');
  }
  const locations = [...named].sort(([, a], [, b]) => a.localeCompare(b));
  return [
    { label: PROFIT_AND_LOSS_COLUMN_LABELS.allLocations, kind: 'period', from, to, locationId: null },
    ...locations.map(([locationId, name]): Column => ({ label: name, kind: 'location', from, to, locationId })),
    ...(hasUnlocated ? [{ label: PROFIT_AND_LOSS_COLUMN_LABELS.no_location, kind: 'no_location' as const, from, to, locationId: null }] : []),
  ];
}
