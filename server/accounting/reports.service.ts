import type { z } from 'zod';
import {
  atDateQuerySchema,
  balanceSheetSchema,
  cashSummarySchema,
  generalLedgerQuerySchema,
  generalLedgerSchema,
  periodQuerySchema,
  profitAndLossQuerySchema,
  profitAndLossSchema,
  reconciliationSchema,
  trialBalanceSchema,
  vatReturnSchema,
} from '../../core/accounting/accounting.schemas';
import type { TenantTx } from '../db/client';
import type { AppDependencies } from '../http/context';
import { emailLanguage, type RequestLanguageHints } from '../i18n/email-language';
import { exportReport, readReportShop, type ExportedReport, type ReportName, type ReportJson } from './report-export';
import { cashSummary } from './reports/cash-summary';
import { generalLedger, wholeGeneralLedger } from './reports/general-ledger';
import { reconciliation } from './reports/reconciliation';
import { balanceSheet, profitAndLoss, trialBalance } from './reports/statements';
import { vatReturn } from './reports/vat-return';

// The accounting reports (issue 17), each read in one tenant transaction: as JSON for the screens,
// or as a CSV or PDF file in the viewer's language (server/accounting/report-export.ts).

interface ReportDefinition<Query extends z.ZodType, Name extends ReportName> {
  query: Query;
  response: z.ZodType<ReportJson[Name]>;
  summary: string;
  read(tx: TenantTx, query: z.output<Query>, format: 'json' | 'csv' | 'pdf'): Promise<ReportJson[Name]>;
}

const report = <Query extends z.ZodType, Name extends ReportName>(definition: ReportDefinition<Query, Name>) => definition;

export const ACCOUNTING_REPORTS = {
  'trial-balance': report({
    query: atDateQuerySchema,
    response: trialBalanceSchema,
    summary: 'Trial balance at a day (default today): every account with a balance in the debit or credit column, and the totals',
    read: trialBalance,
  }),
  'general-ledger': report({
    query: generalLedgerQuerySchema,
    response: generalLedgerSchema,
    summary: 'An account’s lines for a period with the opening balance and the balance after each line, a page at a time (a file holds every line)',
    read: (tx, query, format) => (format === 'json' ? generalLedger(tx, query) : wholeGeneralLedger(tx, query)),
  }),
  'profit-and-loss': report({
    query: profitAndLossQuerySchema,
    response: profitAndLossSchema,
    summary: 'Profit and loss for a period: income, cost of sales, gross profit, expenses, net profit; beside the previous period, or per location',
    read: profitAndLoss,
  }),
  'balance-sheet': report({
    query: atDateQuerySchema,
    response: balanceSheetSchema,
    summary: 'Balance sheet at a day (default today): assets, liabilities and equity with the current earnings',
    read: balanceSheet,
  }),
  'cash-summary': report({
    query: periodQuerySchema,
    response: cashSummarySchema,
    summary: 'Each cash, M-Pesa, card and bank account for a period: opening, in, out, closing',
    read: cashSummary,
  }),
  'vat-return': report({
    query: periodQuerySchema,
    response: vatReturnSchema,
    summary: 'The VAT return for a period as KRA’s VAT3 needs it: sales and output VAT per rate, input VAT on purchases and expenses, net VAT',
    read: vatReturn,
  }),
  reconciliation: report({
    query: atDateQuerySchema,
    response: reconciliationSchema,
    summary: 'Receivables, payables and gift cards against their sub-ledgers at a day (default today), and inventory against the stock valuation today',
    read: reconciliation,
  }),
} satisfies { [Name in ReportName]: ReportDefinition<z.ZodType, Name> };

export type ReportQuery<Name extends ReportName> = z.output<(typeof ACCOUNTING_REPORTS)[Name]['query']>;

export type ReportAnswer<Name extends ReportName> = { report: ReportJson[Name] } | { file: ExportedReport };

/** A report as JSON, or as the file its `format` asks for in the viewer's language. */
export async function accountingReport<Name extends ReportName>(
  deps: Pick<AppDependencies, 'database' | 'i18n'>,
  tenantId: string,
  name: Name,
  query: ReportQuery<Name> & { format: 'json' | 'csv' | 'pdf' },
  viewer: { userId: string; hints: RequestLanguageHints },
): Promise<ReportAnswer<Name>> {
  const definition = ACCOUNTING_REPORTS[name] as unknown as ReportDefinition<z.ZodType, Name>;
  const { format } = query;
  if (format === 'json') return { report: await deps.database.withTenant(tenantId, (tx) => definition.read(tx, query, format)) };
  const { report: read, shop } = await deps.database.withTenant(tenantId, async (tx) => ({ report: await definition.read(tx, query, format), shop: await readReportShop(tx, tenantId) }));
  const language = await emailLanguage(deps.database, { userId: viewer.userId }, viewer.hints);
  return { file: await exportReport(name, read, format, { shop, i18n: deps.i18n.of(language), generatedAt: new Date() }) };
}
