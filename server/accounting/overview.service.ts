import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { accountingOverviewSchema } from '../../core/accounting/accounting.schemas';
import { DEFAULT_TENDER_ACCOUNT_KEYS } from '../../core/accounting/chart';
import { queryRows, type Database } from '../db/client';
import { readLedgerSettings, shopDayOf } from './posting';

// The accounting area's first tab (issue 17): what the shop has (cash, bank, M-Pesa), what it is
// owed and owes, and this calendar month's income, expenses, profit and VAT, in the shop's time
// zone. Two queries: the settings (which accounts M-Pesa and bank transfers go to), then one pass
// over the ledger's lines.

export type AccountingOverview = z.infer<typeof accountingOverviewSchema>;

interface OverviewRow {
  cash: string;
  bank: string;
  mpesa: string;
  receivable: string;
  payable: string;
  income: string;
  expenses: string;
  vat_output: string;
  vat_input: string;
  month_from: string;
  month_to: string;
  history_posted_at: string | Date | null;
}

export function getAccountingOverview(database: Database, tenantId: string): Promise<AccountingOverview> {
  return database.withTenant(tenantId, async (tx) => {
    const settings = await readLedgerSettings(tx);
    // A tender's account is the one the shop chose, else its default role's.
    const tenderAccount = (tender: 'mpesa' | 'bank_transfer') => {
      const chosen = settings.tenderAccounts[tender];
      return chosen ? sql`a.id = ${chosen}::uuid` : sql`a.system_key = ${DEFAULT_TENDER_ACCOUNT_KEYS[tender]}`;
    };
    const [row] = await queryRows<OverviewRow>(
      tx,
      sql`with today as (select (${shopDayOf(sql`now()`)})::date as day),
          month as (select date_trunc('month', day)::date as first, (date_trunc('month', day) + interval '1 month - 1 day')::date as last, day from today)
          select
            coalesce(sum(l.debit_minor - l.credit_minor) filter (where a.system_key in ('cash', 'cash_location')), 0)::text as cash,
            coalesce(sum(l.debit_minor - l.credit_minor) filter (where ${tenderAccount('bank_transfer')}), 0)::text as bank,
            coalesce(sum(l.debit_minor - l.credit_minor) filter (where ${tenderAccount('mpesa')}), 0)::text as mpesa,
            coalesce(sum(l.debit_minor - l.credit_minor) filter (where a.system_key = 'receivable'), 0)::text as receivable,
            coalesce(sum(l.credit_minor - l.debit_minor) filter (where a.system_key = 'payable'), 0)::text as payable,
            coalesce(sum(l.credit_minor - l.debit_minor) filter (where a.type = 'income' and l.entry_date >= month.first), 0)::text as income,
            coalesce(sum(l.debit_minor - l.credit_minor) filter (where a.type = 'expense' and l.entry_date >= month.first), 0)::text as expenses,
            coalesce(sum(l.credit_minor - l.debit_minor) filter (where a.system_key in ('vat_output', 'vat_output_band') and l.entry_date >= month.first), 0)::text as vat_output,
            coalesce(sum(l.debit_minor - l.credit_minor) filter (where a.system_key = 'vat_input' and l.entry_date >= month.first), 0)::text as vat_input,
            month.first::text as month_from, month.last::text as month_to,
            (select s.history_posted_at from accounting_settings s) as history_posted_at
          from month
          left join journal_lines l on l.entry_date <= month.day
          left join ledger_accounts a on a.id = l.account_id
          group by month.first, month.last`,
    );
    const amount = (value: string) => Number(value);
    const income = amount(row!.income);
    const expenses = amount(row!.expenses);
    return {
      cashMinor: amount(row!.cash),
      bankMinor: amount(row!.bank),
      mpesaMinor: amount(row!.mpesa),
      receivableMinor: amount(row!.receivable),
      payableMinor: amount(row!.payable),
      monthIncomeMinor: income,
      monthExpensesMinor: expenses,
      monthProfitMinor: income - expenses,
      monthFrom: row!.month_from,
      monthTo: row!.month_to,
      vatDueMinor: amount(row!.vat_output) - amount(row!.vat_input),
      lockDate: settings.lockDate,
      historyPostedAt: row!.history_posted_at ? new Date(row!.history_posted_at).toISOString() : null,
    };
  });
}
