import type { I18n } from '@lingui/core';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  balanceSheetSchema,
  cashSummarySchema,
  generalLedgerSchema,
  profitAndLossSchema,
  reconciliationSchema,
  trialBalanceSchema,
  vatReturnSchema,
} from '../../core/accounting/accounting.schemas';
import type { StatementSectionKey } from '../../core/accounting/statements.rules';
import { INTL_LOCALES, type Locale } from '../../core/i18n/locale.rules';
import { escapeFormula, serializeCsvRecord } from '../../core/products/csv.rules';
import type { TaxClass } from '../../core/products/tax.rules';
import { formatMinorUnits, formatMoneyPlain } from '../../core/settings/money.rules';
import { queryRows, type TenantTx } from '../db/client';
import { BRAND, formatStatementDate, INK, MARGIN, MUTED, PdfSheet, ROW, type PdfColumn } from '../statements/statement.pdf';

// The accounting reports as files (issue 17): CSV for a spreadsheet and an A4 PDF to print or send
// to the accountant, in the viewer's language. Each report is first laid out as one table — its
// columns and rows, amounts kept as minor units — which both formats write: the CSV with plain
// amounts (1250.50) and ISO days, the PDF with the shop's name, the report's title and period, the
// time it was made and page numbers (the PdfSheet of the statements).

/** Each report's JSON, by its name in the address (/api/accounting/reports/<name>). */
export type ReportJson = {
  'trial-balance': z.infer<typeof trialBalanceSchema>;
  'general-ledger': z.infer<typeof generalLedgerSchema>;
  'profit-and-loss': z.infer<typeof profitAndLossSchema>;
  'balance-sheet': z.infer<typeof balanceSheetSchema>;
  'cash-summary': z.infer<typeof cashSummarySchema>;
  'vat-return': z.infer<typeof vatReturnSchema>;
  reconciliation: z.infer<typeof reconciliationSchema>;
};
export type ReportName = keyof ReportJson;

export interface ReportShop {
  name: string;
  kraPin: string | null;
  currencyCode: string;
  currencyDecimals: number;
  timeZone: string;
}

export async function readReportShop(tx: TenantTx, tenantId: string): Promise<ReportShop> {
  const [row] = await queryRows<{ name: string | null; kra_pin: string | null; currency_code: string | null; currency_decimals: number | null; time_zone: string | null }>(
    tx,
    sql`select (select t.name from tenants t where t.id = ${tenantId}) as name, s.kra_pin, s.currency_code, s.currency_decimals, s.time_zone
        from (select 1) one left join business_settings s on true limit 1`,
  );
  return {
    name: row?.name ?? '',
    kraPin: row?.kra_pin ?? null,
    currencyCode: row?.currency_code ?? 'KES',
    currencyDecimals: row?.currency_decimals ?? 2,
    timeZone: row?.time_zone ?? 'Africa/Nairobi',
  };
}

// --- the table ---

/** A cell: text, an amount in minor units, a calendar day, or nothing. */
export type Cell = string | number | { day: string } | null;
export type ColumnKind = 'code' | 'day' | 'text' | 'narrow' | 'money';

export interface ReportTable {
  title: string;
  /** The report's day or period, in words. */
  period: string;
  /** What the report is of, when it is of one thing (the general ledger's account). */
  subject?: string;
  columns: { label: string; kind: ColumnKind }[];
  rows: { cells: Cell[]; style?: 'heading' | 'total' }[];
}

interface Words {
  i18n: I18n;
  day: (isoDate: string) => string;
}

const atDay = ({ i18n, day }: Words, date: string) => i18n._({ id: 'accountingReport.atDate', message: 'At {date}', values: { date: day(date) } });
const fromTo = ({ i18n, day }: Words, from: string, to: string) =>
  i18n._({ id: 'accountingReport.period', message: '{from} to {to}', values: { from: day(from), to: day(to) } });
const codeColumn = ({ i18n }: Words) => ({ label: i18n._({ id: 'accountingReport.column.code', message: 'Code' }), kind: 'code' as const });
const accountColumn = ({ i18n }: Words) => ({ label: i18n._({ id: 'accountingReport.column.account', message: 'Account' }), kind: 'text' as const });
const money = (label: string) => ({ label, kind: 'money' as const });
/** Zero shows as a blank in debit and credit columns. */
const unlessZero = (amount: number) => (amount === 0 ? null : amount);

/** A statement section's heading and the label of its total line. */
function sectionWords(i18n: I18n, key: StatementSectionKey): { title: string; total: string } {
  switch (key) {
    case 'income':
      return {
        title: i18n._({ id: 'accountingReport.section.income', message: 'Income' }),
        total: i18n._({ id: 'accountingReport.section.income.total', message: 'Total income' }),
      };
    case 'cost_of_sales':
      return {
        title: i18n._({ id: 'accountingReport.section.costOfSales', message: 'Cost of sales' }),
        total: i18n._({ id: 'accountingReport.section.costOfSales.total', message: 'Total cost of sales' }),
      };
    case 'expenses':
      return {
        title: i18n._({ id: 'accountingReport.section.expenses', message: 'Expenses' }),
        total: i18n._({ id: 'accountingReport.section.expenses.total', message: 'Total expenses' }),
      };
    case 'assets':
      return {
        title: i18n._({ id: 'accountingReport.section.assets', message: 'Assets' }),
        total: i18n._({ id: 'accountingReport.section.assets.total', message: 'Total assets' }),
      };
    case 'liabilities':
      return {
        title: i18n._({ id: 'accountingReport.section.liabilities', message: 'Liabilities' }),
        total: i18n._({ id: 'accountingReport.section.liabilities.total', message: 'Total liabilities' }),
      };
    case 'equity':
      return {
        title: i18n._({ id: 'accountingReport.section.equity', message: 'Equity' }),
        total: i18n._({ id: 'accountingReport.section.equity.total', message: 'Total equity' }),
      };
  }
}

function trialBalanceTable(words: Words, report: ReportJson['trial-balance']): ReportTable {
  const { i18n } = words;
  return {
    title: i18n._({ id: 'accountingReport.title.trialBalance', message: 'Trial balance' }),
    period: atDay(words, report.date),
    columns: [
      codeColumn(words),
      accountColumn(words),
      money(i18n._({ id: 'statement.column.debit', message: 'Debit' })),
      money(i18n._({ id: 'statement.column.credit', message: 'Credit' })),
    ],
    rows: [
      ...report.rows.map((row) => ({ cells: [row.code, row.name, unlessZero(row.debitMinor), unlessZero(row.creditMinor)] })),
      { cells: [null, i18n._({ id: 'accountingReport.total', message: 'Total' }), report.totalDebitMinor, report.totalCreditMinor], style: 'total' as const },
    ],
  };
}

function generalLedgerTable(words: Words, report: ReportJson['general-ledger']): ReportTable {
  const { i18n } = words;
  const balanceRow = (label: string, amount: number) => ({ cells: [null, null, label, null, null, null, amount], style: 'total' as const });
  return {
    title: i18n._({ id: 'accountingReport.title.generalLedger', message: 'General ledger' }),
    period: fromTo(words, report.from, report.to),
    subject: `${report.account.code} ${report.account.name}`,
    columns: [
      { label: i18n._({ id: 'statement.column.date', message: 'Date' }), kind: 'day' },
      { label: i18n._({ id: 'accountingReport.column.entry', message: 'Entry' }), kind: 'code' },
      { label: i18n._({ id: 'statement.column.description', message: 'Description' }), kind: 'text' },
      { label: i18n._({ id: 'accountingReport.column.source', message: 'Source' }), kind: 'text' },
      money(i18n._({ id: 'statement.column.debit', message: 'Debit' })),
      money(i18n._({ id: 'statement.column.credit', message: 'Credit' })),
      money(i18n._({ id: 'statement.column.balance', message: 'Balance' })),
    ],
    rows: [
      balanceRow(i18n._({ id: 'statement.kind.opening', message: 'Opening balance' }), report.openingBalanceMinor),
      ...report.rows.map((row) => ({
        cells: [
          { day: row.entryDate },
          row.number,
          row.description ? `${row.memo} — ${row.description}` : row.memo,
          row.source.label,
          unlessZero(row.debitMinor),
          unlessZero(row.creditMinor),
          row.balanceMinor,
        ],
      })),
      balanceRow(i18n._({ id: 'statement.closing', message: 'Closing balance' }), report.closingBalanceMinor),
    ],
  };
}

function profitAndLossTable(words: Words, report: ReportJson['profit-and-loss']): ReportTable {
  const { i18n } = words;
  const byLocation = report.columns.some((column) => column.kind === 'location' || column.kind === 'no_location');
  const columnLabel = (column: ReportJson['profit-and-loss']['columns'][number]) => {
    if (column.kind === 'location') return column.label;
    if (column.kind === 'no_location') return i18n._({ id: 'accountingReport.column.noLocation', message: 'No location' });
    if (byLocation) return i18n._({ id: 'accountingReport.column.allLocations', message: 'All locations' });
    return fromTo(words, column.from, column.to);
  };
  const rows: ReportTable['rows'] = [];
  for (const section of report.sections) {
    const sectionLabels = sectionWords(i18n, section.key as StatementSectionKey);
    rows.push({ cells: [null, sectionLabels.title], style: 'heading' });
    rows.push(...section.rows.map((row) => ({ cells: [row.code, row.name, ...row.columns] })));
    rows.push({ cells: [null, sectionLabels.total, ...section.totals], style: 'total' });
    if (section.key === 'cost_of_sales') rows.push({ cells: [null, i18n._({ id: 'accountingReport.grossProfit', message: 'Gross profit' }), ...report.grossProfit], style: 'total' });
  }
  rows.push({ cells: [null, i18n._({ id: 'accountingReport.netProfit', message: 'Net profit' }), ...report.netProfit], style: 'total' });
  return {
    title: i18n._({ id: 'accountingReport.title.profitAndLoss', message: 'Profit and loss' }),
    period: fromTo(words, report.from, report.to),
    columns: [codeColumn(words), accountColumn(words), ...report.columns.map((column) => money(columnLabel(column)))],
    rows,
  };
}

function balanceSheetTable(words: Words, report: ReportJson['balance-sheet']): ReportTable {
  const { i18n } = words;
  const rows: ReportTable['rows'] = [];
  for (const section of report.sections) {
    const sectionLabels = sectionWords(i18n, section.key as StatementSectionKey);
    rows.push({ cells: [null, sectionLabels.title], style: 'heading' });
    rows.push(...section.rows.map((row) => ({ cells: [row.code, row.name, row.amountMinor] })));
    if (section.key === 'equity') {
      rows.push({ cells: [null, i18n._({ id: 'accountingReport.currentEarnings', message: 'Current earnings' }), report.currentEarningsMinor] });
      rows.push({ cells: [null, sectionLabels.total, report.totalEquityMinor], style: 'total' });
    } else {
      rows.push({ cells: [null, sectionLabels.total, section.totals[0] ?? 0], style: 'total' });
    }
  }
  rows.push({
    cells: [null, i18n._({ id: 'accountingReport.totalLiabilitiesAndEquity', message: 'Total liabilities and equity' }), report.totalLiabilitiesAndEquityMinor],
    style: 'total',
  });
  return {
    title: i18n._({ id: 'accountingReport.title.balanceSheet', message: 'Balance sheet' }),
    period: atDay(words, report.date),
    columns: [codeColumn(words), accountColumn(words), money(i18n._({ id: 'accountingReport.column.amount', message: 'Amount' }))],
    rows,
  };
}

function cashSummaryTable(words: Words, report: ReportJson['cash-summary']): ReportTable {
  const { i18n } = words;
  const total = (pick: (row: ReportJson['cash-summary']['rows'][number]) => number) => report.rows.reduce((sum, row) => sum + pick(row), 0);
  return {
    title: i18n._({ id: 'accountingReport.title.cashSummary', message: 'Cash summary' }),
    period: fromTo(words, report.from, report.to),
    columns: [
      codeColumn(words),
      accountColumn(words),
      money(i18n._({ id: 'accountingReport.column.opening', message: 'Opening' })),
      money(i18n._({ id: 'accountingReport.column.in', message: 'In' })),
      money(i18n._({ id: 'accountingReport.column.out', message: 'Out' })),
      money(i18n._({ id: 'accountingReport.column.closing', message: 'Closing' })),
    ],
    rows: [
      ...report.rows.map((row) => ({ cells: [row.code, row.name, row.openingMinor, row.inMinor, row.outMinor, row.closingMinor] })),
      {
        cells: [
          null,
          i18n._({ id: 'accountingReport.total', message: 'Total' }),
          total((row) => row.openingMinor),
          total((row) => row.inMinor),
          total((row) => row.outMinor),
          total((row) => row.closingMinor),
        ],
        style: 'total' as const,
      },
    ],
  };
}

function taxClassLabel(i18n: I18n, taxClass: TaxClass): string {
  switch (taxClass) {
    case 'standard':
      return i18n._({ id: 'accountingReport.vat.standard', message: 'Standard rated sales' });
    case 'reduced':
      return i18n._({ id: 'accountingReport.vat.reduced', message: 'Sales at the reduced rate' });
    case 'zero_rated':
      return i18n._({ id: 'accountingReport.vat.zeroRated', message: 'Zero-rated sales' });
    case 'exempt':
      return i18n._({ id: 'accountingReport.vat.exempt', message: 'Exempt sales' });
  }
}

/** A rate in basis points as a percentage: 1600 → "16%". */
const percent = (rateBp: number) => `${rateBp / 100}%`;

function vatReturnTable(words: Words, report: ReportJson['vat-return']): ReportTable {
  const { i18n } = words;
  const heading = (label: string) => ({ cells: [label], style: 'heading' as const });
  return {
    title: i18n._({ id: 'accountingReport.title.vatReturn', message: 'VAT return' }),
    period: fromTo(words, report.from, report.to),
    columns: [
      { label: i18n._({ id: 'accountingReport.column.item', message: 'Item' }), kind: 'text' },
      { label: i18n._({ id: 'accountingReport.column.rate', message: 'Rate' }), kind: 'narrow' },
      money(i18n._({ id: 'accountingReport.column.net', message: 'Net of VAT' })),
      money(i18n._({ id: 'accountingReport.column.vat', message: 'VAT' })),
    ],
    rows: [
      heading(i18n._({ id: 'accountingReport.vat.salesHeading', message: 'Sales and output VAT' })),
      ...report.sales.map((band) => ({ cells: [taxClassLabel(i18n, band.taxClass), band.taxClass === 'exempt' ? null : percent(band.rateBp), band.netMinor, band.vatMinor] })),
      { cells: [i18n._({ id: 'accountingReport.vat.totalSales', message: 'Total sales and output VAT' }), null, report.totalSalesNetMinor, report.outputVatMinor], style: 'total' },
      heading(i18n._({ id: 'accountingReport.vat.inputHeading', message: 'Purchases and input VAT' })),
      { cells: [i18n._({ id: 'accountingReport.vat.purchases', message: 'Purchases of stock' }), null, report.purchases.netMinor, report.purchases.vatMinor] },
      { cells: [i18n._({ id: 'accountingReport.vat.expenses', message: 'Expenses and services' }), null, report.expenses.netMinor, report.expenses.vatMinor] },
      { cells: [i18n._({ id: 'accountingReport.vat.totalInput', message: 'Total input VAT' }), null, null, report.inputVatMinor], style: 'total' },
      {
        cells: [
          report.netVatMinor >= 0
            ? i18n._({ id: 'accountingReport.vat.payable', message: 'VAT payable' })
            : i18n._({ id: 'accountingReport.vat.credit', message: 'VAT credit to carry forward' }),
          null,
          null,
          report.netVatMinor,
        ],
        style: 'total',
      },
    ],
  };
}

function reconciliationTable(words: Words, report: ReportJson['reconciliation']): ReportTable {
  const { i18n } = words;
  const sideLabel = (side: ReportJson['reconciliation']['rows'][number]['side']) => {
    switch (side) {
      case 'receivable':
        return i18n._({ id: 'accountingReport.reconciliation.receivable', message: 'Accounts receivable and customers’ balances' });
      case 'payable':
        return i18n._({ id: 'accountingReport.reconciliation.payable', message: 'Accounts payable and suppliers’ balances' });
      case 'gift_cards':
        return i18n._({ id: 'accountingReport.reconciliation.giftCards', message: 'Gift cards outstanding and card balances' });
      case 'inventory':
        return i18n._({ id: 'accountingReport.reconciliation.inventory', message: 'Inventory and the stock valuation' });
    }
  };
  return {
    title: i18n._({ id: 'accountingReport.title.reconciliation', message: 'Reconciliation' }),
    period: atDay(words, report.date),
    columns: [
      accountColumn(words),
      money(i18n._({ id: 'accountingReport.column.ledger', message: 'Ledger' })),
      money(i18n._({ id: 'accountingReport.column.subledger', message: 'Sub-ledger' })),
      money(i18n._({ id: 'accountingReport.column.difference', message: 'Difference' })),
    ],
    rows: report.rows.map((row) => ({ cells: [sideLabel(row.side), row.ledgerMinor, row.subledgerMinor, row.differenceMinor] })),
  };
}

const TABLES: { [Name in ReportName]: (words: Words, report: ReportJson[Name]) => ReportTable } = {
  'trial-balance': trialBalanceTable,
  'general-ledger': generalLedgerTable,
  'profit-and-loss': profitAndLossTable,
  'balance-sheet': balanceSheetTable,
  'cash-summary': cashSummaryTable,
  'vat-return': vatReturnTable,
  reconciliation: reconciliationTable,
};

// --- the files ---

export interface ExportedReport {
  bytes: Uint8Array;
  contentType: string;
  fileName: string;
}

export async function exportReport<Name extends ReportName>(
  name: Name,
  report: ReportJson[Name],
  format: 'csv' | 'pdf',
  context: { shop: ReportShop; i18n: I18n; generatedAt: Date },
): Promise<ExportedReport> {
  const locale = context.i18n.locale as Locale;
  const table = TABLES[name]({ i18n: context.i18n, day: (date) => formatStatementDate(date, locale) }, report);
  const fileName = `${name}-${'date' in report ? report.date : `${report.from}-to-${report.to}`}.${format}`;
  if (format === 'csv') return { bytes: new TextEncoder().encode(reportCsv(table)), contentType: 'text/csv; charset=utf-8', fileName };
  return { bytes: await reportPdf(table, context), contentType: 'application/pdf', fileName };
}

/** The table as CSV: a header row, then each row (a heading in its first cells); a byte-order mark for spreadsheets. */
function reportCsv(table: ReportTable): string {
  const text = (cell: Cell) => {
    if (cell === null) return '';
    if (typeof cell === 'number') return formatMoneyPlain(cell);
    if (typeof cell === 'object') return cell.day;
    return escapeFormula(cell);
  };
  const width = table.columns.length;
  const records = [table.columns.map((column) => column.label), ...table.rows.map((row) => Array.from({ length: width }, (_, index) => text(row.cells[index] ?? null)))];
  return `\uFEFF${records.map((record) => serializeCsvRecord(record)).join('')}`;
}

const FIXED_WIDTHS: Record<Exclude<ColumnKind, 'text' | 'money'>, number> = { code: 52, day: 62, narrow: 44 };
const MONEY_WIDTH = 88;
/** Text columns keep at least this much between them; money columns narrow to make room. */
const MIN_TEXT_WIDTH = 150;

function pdfColumns(table: ReportTable, contentWidth: number): PdfColumn[] {
  const fixed = table.columns.reduce((sum, column) => sum + (column.kind === 'text' || column.kind === 'money' ? 0 : FIXED_WIDTHS[column.kind]), 0);
  const moneyCount = table.columns.filter((column) => column.kind === 'money').length;
  const textCount = table.columns.filter((column) => column.kind === 'text').length;
  const moneyWidth = Math.min(MONEY_WIDTH, (contentWidth - fixed - MIN_TEXT_WIDTH) / Math.max(moneyCount, 1));
  const textWidth = (contentWidth - fixed - moneyWidth * moneyCount) / Math.max(textCount, 1);
  return table.columns.map((column) => ({
    label: column.label,
    width: column.kind === 'money' ? moneyWidth : column.kind === 'text' ? textWidth : FIXED_WIDTHS[column.kind],
    align: column.kind === 'money' ? 'right' : 'left',
  }));
}

export async function reportPdf(table: ReportTable, { shop, i18n, generatedAt }: { shop: ReportShop; i18n: I18n; generatedAt: Date }): Promise<Uint8Array> {
  const locale = i18n.locale as Locale;
  const sheet = await PdfSheet.create({ title: `${table.title} — ${shop.name}`, author: shop.name, creationDate: generatedAt });
  const { bold, contentWidth } = sheet;
  const half = contentWidth / 2;
  // No currency on each figure (the columns stay narrow): the heading says which it is.
  const amount = (minor: number) => formatMinorUnits(minor, '', shop.currencyDecimals, INTL_LOCALES[locale]).replace(' ', '');
  const text = (cell: Cell) => {
    if (cell === null) return '';
    if (typeof cell === 'number') return amount(cell);
    if (typeof cell === 'object') return formatStatementDate(cell.day, locale);
    return cell;
  };

  sheet.write(shop.name, MARGIN, { font: bold, size: 16, color: BRAND, width: half });
  sheet.write(table.title, MARGIN + half, { font: bold, size: 14, width: half, align: 'right' });
  sheet.y -= 16;
  if (shop.kraPin) sheet.write(i18n._({ id: 'statement.kraPin', message: 'KRA PIN: {pin}', values: { pin: shop.kraPin } }), MARGIN, { color: MUTED, width: half });
  sheet.write(table.period, MARGIN + half, { width: half, align: 'right', size: 9 });
  sheet.y -= ROW;
  if (table.subject) {
    sheet.write(table.subject, MARGIN, { font: bold, size: 11 });
    sheet.y -= ROW;
  }
  sheet.write(i18n._({ id: 'accountingReport.amountsIn', message: 'Amounts in {currency}', values: { currency: shop.currencyCode } }), MARGIN, { color: MUTED, size: 8 });
  sheet.y -= ROW * 1.5;

  sheet.columns = pdfColumns(table, contentWidth);
  sheet.continuedHeading = [shop.name, table.title, table.subject, table.period].filter(Boolean).join(' · ');
  sheet.tableHeader();
  for (const row of table.rows) {
    sheet.ensureRoom(1);
    if (row.style === 'total') sheet.rule(sheet.y + ROW - 4, 0.6, INK);
    const cells = sheet.columns.map((_, index) => text(row.cells[index] ?? null));
    sheet.row(cells, row.style ? bold : sheet.regular);
  }

  const generated = new Intl.DateTimeFormat(INTL_LOCALES[locale], { dateStyle: 'medium', timeStyle: 'short', timeZone: shop.timeZone }).format(generatedAt);
  sheet.footers((page, pages) => {
    sheet.write(i18n._({ id: 'statement.generated', message: 'Generated {date}', values: { date: generated } }), MARGIN, { size: 7, color: MUTED, width: half });
    sheet.write(i18n._({ id: 'statement.page', message: 'Page {page} of {pages}', values: { page, pages } }), MARGIN + half, { size: 7, color: MUTED, width: half, align: 'right' });
  });
  return sheet.pdf.save();
}
