import { describe, expect, it } from 'vitest';
import {
  arrangeSections,
  balanceSheetFigures,
  naturalBalance,
  previousPeriod,
  PROFIT_AND_LOSS_SECTIONS,
  profitAndLossSectionOf,
  profitLines,
  trialBalanceColumns,
  vatReturnFigures,
  type StatementAccount,
} from './statements.rules';

describe('previousPeriod', () => {
  it('compares whole months with as many whole months just before', () => {
    expect(previousPeriod({ from: '2026-11-01', to: '2026-11-30' })).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    // March (31 days) with February (28), not with the 31 days from 29 January.
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-31' })).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(previousPeriod({ from: '2026-04-01', to: '2026-06-30' })).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(previousPeriod({ from: '2026-01-01', to: '2026-01-31' })).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(previousPeriod({ from: '2024-01-01', to: '2024-12-31' })).toEqual({ from: '2023-01-01', to: '2023-12-31' });
  });

  it('compares any other span with the same number of days ending the day before', () => {
    // 10–16 Oct is 7 days: 3–9 Oct.
    expect(previousPeriod({ from: '2026-10-10', to: '2026-10-16' })).toEqual({ from: '2026-10-03', to: '2026-10-09' });
    // Month to date, 1–24 Nov (24 days): 8–31 Oct.
    expect(previousPeriod({ from: '2026-11-01', to: '2026-11-24' })).toEqual({ from: '2026-10-08', to: '2026-10-31' });
    // One day, across a year end.
    expect(previousPeriod({ from: '2027-01-01', to: '2027-01-01' })).toEqual({ from: '2026-12-31', to: '2026-12-31' });
  });
});

describe('balances', () => {
  it('gives assets and expenses their debits − credits, the others the opposite', () => {
    expect(naturalBalance('asset', 1_000)).toBe(1_000);
    expect(naturalBalance('expense', -50)).toBe(-50);
    expect(naturalBalance('liability', -2_000)).toBe(2_000);
    expect(naturalBalance('income', 100)).toBe(-100);
  });

  it('puts a trial balance line in the debit or the credit column', () => {
    expect(trialBalanceColumns(1_500)).toEqual({ debitMinor: 1_500, creditMinor: 0 });
    expect(trialBalanceColumns(-700)).toEqual({ debitMinor: 0, creditMinor: 700 });
  });
});

const account = (code: string, type: StatementAccount['type'], systemKey: string | null, columns: number[]): StatementAccount => ({
  accountId: `id-${code}`,
  code,
  name: `Account ${code}`,
  type,
  systemKey,
  columns,
});

describe('profit and loss', () => {
  it('puts income and its contra accounts under Income, the cost of selling under Cost of sales, other expenses under Expenses', () => {
    expect(profitAndLossSectionOf({ type: 'income', systemKey: 'sales_band' })).toBe('income');
    expect(profitAndLossSectionOf({ type: 'income', systemKey: 'sales_returns' })).toBe('income');
    expect(profitAndLossSectionOf({ type: 'income', systemKey: null })).toBe('income');
    expect(profitAndLossSectionOf({ type: 'expense', systemKey: 'cogs' })).toBe('cost_of_sales');
    expect(profitAndLossSectionOf({ type: 'expense', systemKey: 'cash_over_short' })).toBe('cost_of_sales');
    expect(profitAndLossSectionOf({ type: 'expense', systemKey: 'expense_category' })).toBe('expenses');
    expect(profitAndLossSectionOf({ type: 'expense', systemKey: null })).toBe('expenses');
    expect(profitAndLossSectionOf({ type: 'asset', systemKey: 'bank' })).toBeNull();
  });

  it('totals each section per column, then gross and net profit', () => {
    // Two columns (this month, last month), natural signs: the returns' debit balance is negative income.
    const accounts = [
      account('4001', 'income', 'sales_band', [10_000, 8_000]),
      account('4900', 'income', 'sales_returns', [-500, 0]),
      account('4500', 'income', 'other_income', [0, 0]),
      account('5000', 'expense', 'cogs', [6_000, 5_000]),
      account('5200', 'expense', 'cash_over_short', [25, -10]),
      account('6001', 'expense', 'expense_category', [1_200, 1_000]),
    ];
    const sections = arrangeSections(accounts, PROFIT_AND_LOSS_SECTIONS, profitAndLossSectionOf, 2);
    expect(sections.map((section) => [section.key, section.rows.map((row) => row.code), section.totals])).toEqual([
      // 10,000 − 500 = 9,500 and 8,000; the all-zero other income is left out.
      ['income', ['4001', '4900'], [9_500, 8_000]],
      ['cost_of_sales', ['5000', '5200'], [6_025, 4_990]],
      ['expenses', ['6001'], [1_200, 1_000]],
    ]);
    // Gross: 9,500 − 6,025 = 3,475 and 8,000 − 4,990 = 3,010; net: 3,475 − 1,200 = 2,275 and 3,010 − 1,000 = 2,010.
    expect(profitLines(sections)).toEqual({ grossProfit: [3_475, 3_010], netProfit: [2_275, 2_010] });
  });

  it('orders rows by code as numbers', () => {
    const [income] = arrangeSections(
      [account('4010', 'income', null, [1]), account('4001', 'income', null, [1]), account('4000-ab12', 'income', null, [1])],
      ['income'],
      profitAndLossSectionOf,
      1,
    );
    expect(income!.rows.map((row) => row.code)).toEqual(['4000-ab12', '4001', '4010']);
  });
});

describe('balance sheet', () => {
  it('counts the current earnings in equity, so assets equal liabilities and equity', () => {
    // Assets 12,000; liabilities 3,000; capital 8,000, drawings −500; income 2,500, expenses 1,000 → earnings 1,500.
    // 3,000 + (8,000 − 500 + 1,500) = 12,000.
    const figures = balanceSheetFigures([
      { type: 'asset', balanceMinor: 12_000 },
      { type: 'liability', balanceMinor: 3_000 },
      { type: 'equity', balanceMinor: 8_000 },
      { type: 'equity', balanceMinor: -500 },
      { type: 'income', balanceMinor: 2_500 },
      { type: 'expense', balanceMinor: 1_000 },
    ]);
    expect(figures).toEqual({ currentEarningsMinor: 1_500, totalAssetsMinor: 12_000, totalEquityMinor: 9_000, totalLiabilitiesAndEquityMinor: 12_000 });
  });
});

describe('VAT return', () => {
  it('nets discounts and returns out of each class’s sales and owes output − input', () => {
    const band = (rateBp: number, salesMinor: number, discountsMinor: number, returnsMinor: number, outputVatMinor: number) => ({
      rateBp,
      salesMinor,
      discountsMinor,
      returnsMinor,
      outputVatMinor,
    });
    const figures = vatReturnFigures({
      bands: {
        // 11,000 sold before discounts, 1,000 discounted, 1,000 returned: 9,000 net; VAT 1,600 − 160 = 1,440.
        standard: band(1600, 11_000, 1_000, 1_000, 1_440),
        reduced: band(800, 5_000, 0, 0, 400),
        zero_rated: band(0, 2_000, 0, 0, 0),
        exempt: band(0, 0, 0, 0, 0),
      },
      purchases: { netMinor: 10_000, vatMinor: 1_600 },
      expenses: { netMinor: 400, vatMinor: 64 },
    });
    expect(figures.sales).toEqual([
      { taxClass: 'standard', rateBp: 1600, netMinor: 9_000, vatMinor: 1_440 },
      { taxClass: 'reduced', rateBp: 800, netMinor: 5_000, vatMinor: 400 },
      { taxClass: 'zero_rated', rateBp: 0, netMinor: 2_000, vatMinor: 0 },
      { taxClass: 'exempt', rateBp: 0, netMinor: 0, vatMinor: 0 },
    ]);
    // Sales 9,000 + 5,000 + 2,000 = 16,000; output 1,840; input 1,664; payable 176.
    expect(figures).toMatchObject({ totalSalesNetMinor: 16_000, outputVatMinor: 1_840, inputVatMinor: 1_664, netVatMinor: 176 });
  });
});
