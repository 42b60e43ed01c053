import type { TaxClass } from '../products/tax.rules';
import { isDebitNatured, TAX_CLASS_ORDER, type AccountType, type SystemAccountKey } from './chart';

// The arithmetic of the accounting reports (issue 17): periods, which statement section an account
// belongs to, balances in their natural sign, section totals, gross and net profit, the VAT
// return's figures. The server reads the sums from the ledger; everything here is pure.

// --- days ---

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOfNumber = (value: number) => new Date(value * DAY_MS).toISOString().slice(0, 10);

export const addDays = (day: string, days: number) => dayOfNumber(dayNumber(day) + days);

/** Days from `from` to `to`, both counted. */
export const daysInPeriod = (from: string, to: string) => dayNumber(to) - dayNumber(from) + 1;

const isFirstOfMonth = (day: string) => day.endsWith('-01');
const isLastOfMonth = (day: string) => isFirstOfMonth(addDays(day, 1));

/** The first day of the month `months` months before (negative) or after the month of `day`. */
function monthStart(day: string, months: number): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

export interface Period {
  from: string;
  to: string;
}

/**
 * The period of the same length just before: whole calendar months compare with as many whole
 * months before (November with October, a quarter with the quarter before), any other span with
 * the same number of days ending the day before it starts.
 */
export function previousPeriod({ from, to }: Period): Period {
  if (isFirstOfMonth(from) && isLastOfMonth(to)) {
    const [fromYear, fromMonth] = from.split('-').map(Number) as [number, number];
    const [toYear, toMonth] = to.split('-').map(Number) as [number, number];
    const months = (toYear - fromYear) * 12 + (toMonth - fromMonth) + 1;
    return { from: monthStart(from, -months), to: addDays(from, -1) };
  }
  return { from: addDays(from, -daysInPeriod(from, to)), to: addDays(from, -1) };
}

// --- balances ---

/** An account's balance in its natural sign, from debits − credits (assets and expenses as they are, the others negated). */
export const naturalBalance = (type: AccountType, debitMinusCreditMinor: number) => (isDebitNatured(type) ? debitMinusCreditMinor : -debitMinusCreditMinor);

/** A trial balance line: a positive debits − credits in the debit column, a negative one in the credit column. */
export const trialBalanceColumns = (debitMinusCreditMinor: number) => ({
  debitMinor: Math.max(debitMinusCreditMinor, 0),
  creditMinor: Math.max(-debitMinusCreditMinor, 0),
});

// --- statement sections ---

export const PROFIT_AND_LOSS_SECTIONS = ['income', 'cost_of_sales', 'expenses'] as const;
export const BALANCE_SHEET_SECTIONS = ['assets', 'liabilities', 'equity'] as const;
export type ProfitAndLossSection = (typeof PROFIT_AND_LOSS_SECTIONS)[number];
export type BalanceSheetSection = (typeof BALANCE_SHEET_SECTIONS)[number];
export type StatementSectionKey = ProfitAndLossSection | BalanceSheetSection;

export const STATEMENT_SECTION_TITLES: Record<StatementSectionKey, string> = {
  income: /*i18n*/ 'Income',
  cost_of_sales: /*i18n*/ 'Cost of sales',
  expenses: /*i18n*/ 'Expenses',
  assets: /*i18n*/ 'Assets',
  liabilities: /*i18n*/ 'Liabilities',
  equity: /*i18n*/ 'Equity',
};

/** What selling the goods cost: the goods themselves, stock lost or miscounted, and the till's cash differences. */
export const COST_OF_SALES_KEYS: readonly SystemAccountKey[] = ['cogs', 'shrinkage', 'count_variance', 'stock_rounding', 'cash_over_short'];

/**
 * Where an income or expense account shows in the profit and loss: every income account under
 * Income (the contra accounts — returns, discounts, loyalty rewards — with their debit balance as
 * negative income), the cost-of-sales roles under Cost of sales, every other expense under
 * Expenses; null for balance-sheet accounts.
 */
export function profitAndLossSectionOf(account: { type: AccountType; systemKey: string | null }): ProfitAndLossSection | null {
  if (account.type === 'income') return 'income';
  if (account.type !== 'expense') return null;
  return COST_OF_SALES_KEYS.includes(account.systemKey as SystemAccountKey) ? 'cost_of_sales' : 'expenses';
}

/** Where an account shows on the balance sheet; null for income and expenses (they are the current earnings). */
export function balanceSheetSectionOf(type: AccountType): BalanceSheetSection | null {
  if (type === 'asset') return 'assets';
  if (type === 'liability') return 'liabilities';
  if (type === 'equity') return 'equity';
  return null;
}

export interface StatementAccount {
  accountId: string;
  code: string;
  name: string;
  type: AccountType;
  systemKey: string | null;
  /** Natural-sign amounts, one per column. */
  columns: number[];
}

export interface StatementSection<Key extends string = string> {
  key: Key;
  title: string;
  rows: { accountId: string; code: string; name: string; type: AccountType; amountMinor: number; columns: number[] }[];
  totals: number[];
}

/** Accounts in code order, 1001 before 1020 before 1100 (numbers compared as numbers). */
export const compareAccountCodes = (a: { code: string }, b: { code: string }) => a.code.localeCompare(b.code, 'en', { numeric: true });

/**
 * The accounts arranged in sections (in `keys` order, every section present even when empty), rows
 * by code without the all-zero ones, and each section's total per column.
 */
export function arrangeSections<Key extends StatementSectionKey>(
  accounts: readonly StatementAccount[],
  keys: readonly Key[],
  sectionOf: (account: StatementAccount) => Key | null,
  columnCount: number,
): StatementSection<Key>[] {
  return keys.map((key) => {
    const rows = accounts
      .filter((account) => sectionOf(account) === key && account.columns.some((amount) => amount !== 0))
      .sort(compareAccountCodes)
      .map(({ accountId, code, name, type, columns }) => ({ accountId, code, name, type, amountMinor: columns[0] ?? 0, columns }));
    const totals = Array.from({ length: columnCount }, (_, column) => rows.reduce((sum, row) => sum + (row.columns[column] ?? 0), 0));
    return { key, title: STATEMENT_SECTION_TITLES[key], rows, totals };
  });
}

/** Gross profit (income − cost of sales) and net profit (gross − expenses), per column. */
export function profitLines(sections: readonly StatementSection<ProfitAndLossSection>[]): { grossProfit: number[]; netProfit: number[] } {
  const totals = (key: ProfitAndLossSection) => sections.find((section) => section.key === key)!.totals;
  const income = totals('income');
  const costOfSales = totals('cost_of_sales');
  const expenses = totals('expenses');
  const grossProfit = income.map((amount, column) => amount - costOfSales[column]!);
  return { grossProfit, netProfit: grossProfit.map((amount, column) => amount - expenses[column]!) };
}

export interface BalanceSheetFigures {
  /** Income − expenses to the date: profit not yet closed to retained earnings. */
  currentEarningsMinor: number;
  totalAssetsMinor: number;
  /** The equity accounts and the current earnings. */
  totalEquityMinor: number;
  totalLiabilitiesAndEquityMinor: number;
}

/** The balance sheet's totals from every account's natural balance at the date. */
export function balanceSheetFigures(accounts: readonly { type: AccountType; balanceMinor: number }[]): BalanceSheetFigures {
  const sum = (type: AccountType) => accounts.reduce((total, account) => total + (account.type === type ? account.balanceMinor : 0), 0);
  const currentEarningsMinor = sum('income') - sum('expense');
  const totalEquityMinor = sum('equity') + currentEarningsMinor;
  return { currentEarningsMinor, totalAssetsMinor: sum('asset'), totalEquityMinor, totalLiabilitiesAndEquityMinor: sum('liability') + totalEquityMinor };
}

// --- P&L columns ---

export const PROFIT_AND_LOSS_COLUMN_KINDS = ['period', 'previous_period', 'location', 'no_location'] as const;
export type ProfitAndLossColumnKind = (typeof PROFIT_AND_LOSS_COLUMN_KINDS)[number];

export const PROFIT_AND_LOSS_COLUMN_LABELS: Record<Exclude<ProfitAndLossColumnKind, 'location'>, string> & { allLocations: string } = {
  period: /*i18n*/ 'This period',
  previous_period: /*i18n*/ 'Previous period',
  no_location: /*i18n*/ 'No location',
  allLocations: /*i18n*/ 'All locations',
};

// --- VAT return ---

export interface VatReturnInput {
  /**
   * Per tax class: its rate; the movement of its sales account (credits − debits: sales before
   * discounts, net of VAT); its share of the discounts and of the returns, net of VAT; the movement
   * of its VAT output account (credits − debits).
   */
  bands: Record<TaxClass, { rateBp: number; salesMinor: number; discountsMinor: number; returnsMinor: number; outputVatMinor: number }>;
  purchases: { netMinor: number; vatMinor: number };
  expenses: { netMinor: number; vatMinor: number };
}

/**
 * KRA VAT3's figures: per tax class (VAT3's order) the sales net of VAT after discounts and less
 * what customers returned, and the output VAT; input VAT on purchases and on expenses; output −
 * input, positive owed to KRA, negative a credit to carry forward.
 */
export function vatReturnFigures(input: VatReturnInput) {
  const sales = TAX_CLASS_ORDER.map((taxClass) => {
    const band = input.bands[taxClass];
    return { taxClass, rateBp: band.rateBp, netMinor: band.salesMinor - band.discountsMinor - band.returnsMinor, vatMinor: band.outputVatMinor };
  });
  const outputVatMinor = sales.reduce((sum, band) => sum + band.vatMinor, 0);
  const inputVatMinor = input.purchases.vatMinor + input.expenses.vatMinor;
  return {
    sales,
    totalSalesNetMinor: sales.reduce((sum, band) => sum + band.netMinor, 0),
    outputVatMinor,
    purchases: input.purchases,
    expenses: input.expenses,
    inputVatMinor,
    netVatMinor: outputVatMinor - inputVatMinor,
  };
}
