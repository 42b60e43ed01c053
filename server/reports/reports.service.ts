import type { I18n } from '@lingui/core';
import { sql } from 'drizzle-orm';
import { upgradeMessage } from '../../core/billing/plan-features.rules';
import { INTL_LOCALES, type Locale } from '../../core/i18n/locale.rules';
import { formatQuantity } from '../../core/products/quantity.rules';
import { escapeFormula, serializeCsvRecord } from '../../core/products/csv.rules';
import { REPORT_GROUP_LABELS, reportDefinition, visibleColumns, type ReportColumn, type ReportKey } from '../../core/reports/report-catalog';
import { MAX_PDF_ROWS, type ReportCell, type ReportQuery, type ReportResult, type ReportRow } from '../../core/reports/reports.schemas';
import { monthOf } from '../../core/reports/report-periods';
import { formatMoneyPlain } from '../../core/settings/money.rules';
import { mayWorkAt } from '../../core/team/permissions.rules';
import { readReportShop, reportPdf, type Cell, type ReportShop } from '../accounting/report-export';
import { readSubscriptionState } from '../billing/subscription.service';
import { queryRows, type Database, type TenantTx } from '../db/client';
import type { AppDependencies } from '../http/context';
import { HttpError, notFound } from '../http/errors';
import { emailLanguage, type RequestLanguageHints } from '../i18n/email-language';
import { readUserNames } from '../inventory/inventory-documents';
import type { Workplaces } from '../inventory/location-access';
import { formatStatementDate } from '../statements/statement.pdf';
import { FILLED_IN_CODE, periodCacheOf, reportSql, type ReportPage, type ReportParams } from './report-queries';
import { ensurePeriodCache } from './period-caches';

// A report of /admin/reports (issue 18) as JSON for the screen, or as a CSV (streamed, a page of
// rows at a time, never the whole file in memory) or an A4 PDF in the viewer's language. The route
// admits managers on plans with advanced_reporting; here the report's own feature (the analyses:
// advanced_analytics) and, for a file, data_export are checked (402), cost columns are left out
// for those who may not see costs, and a member limited to some locations gets their figures only.

/** Rows read per query while a CSV streams. */
const CSV_PAGE_ROWS = 5000;

export interface ReportViewer extends Workplaces {
  userId: string;
  /** The person's permissions (issue 20): cost columns need costs.view. */
  permissions: readonly string[];
  hints: RequestLanguageHints;
}

interface PreparedReport {
  key: ReportKey;
  params: ReportParams;
  columns: ReportColumn[];
  sort: { key: string; dir: 'asc' | 'desc' };
  period: { from: string | null; to: string | null };
}

const fieldError = (field: string, message: string) => new HttpError('validation_failed', message, { [field]: [message] });

/** The shop's today, and its last settled day (ReportParams.settledThrough). */
export async function shopDays(tx: TenantTx): Promise<{ today: string; settledThrough: string }> {
  const [row] = await queryRows<{ today: string; settledThrough: string }>(
    tx,
    sql`select (now() at time zone z.zone)::date::text as today, (((now() - interval '1 hour') at time zone z.zone)::date - 1)::text as "settledThrough"
        from (select coalesce((select time_zone from business_settings limit 1), 'Africa/Nairobi') as zone) z`,
  );
  return row!;
}

/**
 * The locations a report's figures are of (issue 20): the one asked for (404 when unknown, or not
 * one the viewer works at), else the viewer's own, or the whole shop's.
 */
export async function reportLocations(tx: TenantTx, asked: string | undefined, viewer: Workplaces): Promise<Pick<ReportParams, 'locationId' | 'locationIds'>> {
  if (asked) {
    const [location] = mayWorkAt(viewer.locationIds, asked) ? await queryRows(tx, sql`select 1 from locations where id = ${asked}::uuid`) : [];
    if (!location) throw notFound(/*i18n*/ 'Location not found');
    return { locationId: asked, locationIds: null };
  }
  const own = viewer.locationIds ?? null;
  // One location gives the figures of asking for it, so its period caches serve them.
  return own?.length === 1 ? { locationId: own[0]!, locationIds: null } : { locationId: null, locationIds: own };
}

/** Checks the plan, the ids and the sort, and settles the report's days (a range defaults to this month, a day to today). */
async function prepare(tx: TenantTx, key: ReportKey, query: ReportQuery, viewer: ReportViewer): Promise<PreparedReport> {
  const definition = reportDefinition(key);
  const state = await readSubscriptionState(tx, new Date());
  if (!state.entitlements.features[definition.feature]) throw new HttpError('payment_required', upgradeMessage(definition.feature));
  if (query.format !== 'json' && !state.entitlements.features.data_export) throw new HttpError('payment_required', upgradeMessage('data_export'));

  const { today, settledThrough } = await shopDays(tx);
  const locations = await reportLocations(tx, query.locationId, viewer);
  if (definition.takesProduct) {
    if (!query.productId) throw fieldError('productId', /*i18n*/ 'Choose a product');
    const [product] = await queryRows(tx, sql`select 1 from products where id = ${query.productId}::uuid`);
    if (!product) throw notFound(/*i18n*/ 'Product not found');
  }
  const hidden = new Set(query.hide ? query.hide.split(',') : []);
  const allowed = visibleColumns(definition, viewer.permissions.includes('costs.view'));
  const columns = allowed.filter((column) => !hidden.has(column.key));
  if (columns.length === 0) throw fieldError('hide', /*i18n*/ 'Keep at least one column');
  const sort = { key: query.sort ?? definition.defaultSort.key, dir: query.dir ?? (query.sort ? 'asc' : definition.defaultSort.dir) };
  if (!allowed.some((column) => column.key === sort.key)) throw fieldError('sort', /*i18n*/ 'This report cannot be sorted by that column');

  const month = monthOf(today);
  const from = definition.period === 'range' ? (query.from ?? month.from) : today;
  const to = definition.period === 'range' ? (query.to ?? (query.from && query.from > today ? query.from : today)) : today;
  if (to < from) throw fieldError('to', /*i18n*/ 'The end date is before the start date');
  const date = definition.period === 'date' ? (query.date ?? today) : today;
  const params: ReportParams = {
    from,
    to,
    date,
    today,
    ...locations,
    groupBy: query.groupBy,
    days: query.days,
    productId: query.productId ?? null,
    q: query.q || null,
    settledThrough,
  };
  const period = definition.period === 'range' ? { from, to } : definition.period === 'date' ? { from: date, to: date } : { from: null, to: null };
  return { key, params, columns, sort, period };
}

type QueryRow = Record<string, unknown>;

/** Rows of the report's SQL (all of them when the sort is by a person's name: those reports are short, and are sorted once the names are in). */
async function readRows(tx: TenantTx, report: PreparedReport, page: Omit<ReportPage, 'sort'>): Promise<QueryRow[]> {
  const sortsByName = report.sort.key in FILLED_IN_CODE;
  const sort = sortsByName ? { key: FILLED_IN_CODE[report.sort.key]!, dir: report.sort.dir } : report.sort;
  const cache = periodCacheOf(report.key, report.params);
  if (cache) await ensurePeriodCache(tx, cache);
  return queryRows<QueryRow>(tx, reportSql(report.key, report.params, sortsByName ? { sort, limit: null, offset: 0 } : { sort, ...page }));
}

/**
 * The people's names in (users are platform rows: read after the shop's transaction), and the
 * page cut here when the sort is by a name.
 */
async function withNames(database: Database, report: PreparedReport, rows: QueryRow[], page: Omit<ReportPage, 'sort'>): Promise<QueryRow[]> {
  const nameColumns = report.columns.filter((column) => column.key in FILLED_IN_CODE);
  if (nameColumns.length > 0) {
    const ids = rows.flatMap((row) => nameColumns.map((column) => (row[FILLED_IN_CODE[column.key]!] as string | null) ?? null));
    const names = await readUserNames(database, ids);
    for (const row of rows) {
      for (const column of nameColumns) {
        const id = row[FILLED_IN_CODE[column.key]!] as string | null;
        row[column.key] = id ? (names.get(id) ?? null) : null;
      }
    }
  }
  if (!(report.sort.key in FILLED_IN_CODE)) return rows;
  const direction = report.sort.dir === 'asc' ? 1 : -1;
  rows.sort((a, b) => direction * String(a[report.sort.key] ?? '').localeCompare(String(b[report.sort.key] ?? '')));
  return page.limit === null ? rows.slice(page.offset) : rows.slice(page.offset, page.offset + page.limit);
}

/** A value as the API sends it: numbers for figures (from bigint or numeric text), ISO text for instants, YYYY-MM-DD for days. */
function cellOf(column: ReportColumn, value: unknown): ReportCell {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return column.kind === 'day' ? value.toISOString().slice(0, 10) : value.toISOString();
  switch (column.kind) {
    case 'text':
    case 'day':
    case 'month':
    case 'datetime':
      return String(value);
    default:
      return Number(value);
  }
}

const rowOf = (columns: ReportColumn[], row: QueryRow): ReportRow => Object.fromEntries(columns.map((column) => [column.key, cellOf(column, row[column.key])]));

/** Σ of the summed columns (from the window totals on any row), and the ratios recomputed from them. */
function totalsOf(columns: ReportColumn[], row: QueryRow | undefined): ReportRow {
  const totals: ReportRow = {};
  for (const column of columns) if (column.summed) totals[column.key] = row ? Number(row[`__total_${column.key}`] ?? 0) : 0;
  const all = (key: string) => (row ? Number(row[`__total_${key}`] ?? 0) : 0);
  const ratio = (numerator: number, denominator: number) => (denominator === 0 ? null : Math.round((numerator * 10_000) / denominator));
  if (columns.some((column) => column.key === 'marginBp')) {
    const exTax = 'salesExTaxMinor' in totals || columns.every((column) => column.key !== 'netSalesMinor') ? all('salesExTaxMinor') : all('netSalesMinor') - all('taxMinor');
    totals.marginBp = ratio(all('grossProfitMinor'), exTax);
  }
  if (columns.some((column) => column.key === 'averageBasketMinor')) {
    const count = all('saleCount');
    const sold = columns.some((column) => column.key === 'grossSalesMinor') ? all('grossSalesMinor') - all('discountMinor') : all('netSalesMinor');
    totals.averageBasketMinor = count === 0 ? null : Math.round(sold / count);
  }
  return totals;
}

/** A report as JSON, a page of it. */
export async function readReport(database: Database, tenantId: string, key: ReportKey, query: ReportQuery, viewer: ReportViewer): Promise<ReportResult> {
  const page = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
  const { report, rows, first } = await database.withTenant(tenantId, async (tx) => {
    const prepared = await prepare(tx, key, query, viewer);
    const read = await readRows(tx, prepared, page);
    // Past the last page: the totals still come from the report's first row.
    const totalsRow = read[0] ?? (query.page > 1 ? (await readRows(tx, prepared, { limit: 1, offset: 0 }))[0] : undefined);
    return { report: prepared, rows: read, first: totalsRow };
  });
  const named = await withNames(database, report, rows, page);
  return {
    key,
    from: report.period.from,
    to: report.period.to,
    locationId: report.params.locationId,
    columns: report.columns.map((column) => column.key),
    rows: named.map((row) => rowOf(report.columns, row)),
    totals: totalsOf(report.columns, first),
    sort: report.sort,
    page: query.page,
    pageSize: query.pageSize,
    totalRows: Number(first?.__rows ?? 0),
  };
}

// --- files ---

interface Words {
  i18n: I18n;
  locale: Locale;
  shop: ReportShop;
}

/** A core catalog text (a column's label, a report's title) in the viewer's language. */
const translated = (i18n: I18n, english: string) => i18n._(english);

/** A cell as a spreadsheet wants it: plain amounts (1250.50), quantities (1.5), rates (12.5), ISO days. */
function csvText(column: ReportColumn, cell: ReportCell): string {
  if (cell === null) return '';
  switch (column.kind) {
    case 'money':
      return formatMoneyPlain(Number(cell));
    case 'quantity':
      return formatQuantity(Number(cell));
    case 'percent':
      return (Number(cell) / 100).toFixed(2);
    default:
      return escapeFormula(String(cell));
  }
}

function fileName(report: PreparedReport, extension: 'csv' | 'pdf'): string {
  const { from, to } = report.period;
  const days = from === null ? report.params.today : from === to ? from : `${from}-to-${to}`;
  return `${report.key}-${days}.${extension}`;
}

export interface ReportFile {
  body: ReadableStream<Uint8Array> | Uint8Array;
  contentType: string;
  fileName: string;
  /** Every row the file holds, for the screen's progress. */
  rowCount: number;
}

/** The report as a CSV (every row, streamed a page at a time) or an A4 PDF (at most MAX_PDF_ROWS rows: 422 past that). */
export async function exportReport(
  deps: Pick<AppDependencies, 'database' | 'i18n'>,
  tenantId: string,
  key: ReportKey,
  query: ReportQuery,
  viewer: ReportViewer,
): Promise<ReportFile> {
  const { database } = deps;
  const format = query.format as 'csv' | 'pdf';
  const locale = await emailLanguage(database, { userId: viewer.userId }, viewer.hints);
  const i18n = deps.i18n.of(locale);
  const firstPage = { limit: format === 'pdf' ? MAX_PDF_ROWS + 1 : CSV_PAGE_ROWS, offset: 0 };
  const { report, rows, shop } = await database.withTenant(tenantId, async (tx) => {
    const prepared = await prepare(tx, key, query, viewer);
    return { report: prepared, rows: await readRows(tx, prepared, firstPage), shop: await readReportShop(tx, tenantId) };
  });
  const firstRows = await withNames(database, report, rows, firstPage);
  const rowCount = Number(rows[0]?.__rows ?? 0);
  if (format === 'pdf') {
    if (rowCount > MAX_PDF_ROWS) {
      throw new HttpError('unprocessable', /*i18n*/ 'This report has too many rows for a PDF: narrow it down, or export it as CSV');
    }
    const bytes = await pdfOf(report, firstRows, { i18n, locale, shop });
    return { body: bytes, contentType: 'application/pdf', fileName: fileName(report, 'pdf'), rowCount };
  }
  return { body: csvStream(database, tenantId, report, firstRows, i18n), contentType: 'text/csv; charset=utf-8', fileName: fileName(report, 'csv'), rowCount };
}

function csvStream(database: Database, tenantId: string, report: PreparedReport, firstRows: QueryRow[], i18n: I18n): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next: QueryRow[] | null = firstRows;
  let offset = firstRows.length;
  let totals: QueryRow | undefined = firstRows[0];
  let isDone = false;
  const record = (row: QueryRow) => serializeCsvRecord(report.columns.map((column) => csvText(column, cellOf(column, row[column.key]))));
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${serializeCsvRecord(report.columns.map((column) => translated(i18n, column.label)))}`));
    },
    async pull(controller) {
      if (isDone) return;
      const window = { limit: CSV_PAGE_ROWS, offset };
      const page: QueryRow[] = next ?? (await withNames(database, report, await database.withTenant(tenantId, (tx) => readRows(tx, report, window)), window));
      next = null;
      offset += page.length;
      totals ??= page[0];
      let text = page.map(record).join('');
      if (page.length < CSV_PAGE_ROWS || report.sort.key in FILLED_IN_CODE) {
        isDone = true;
        const sums = totalsOf(report.columns, totals);
        text += serializeCsvRecord(
          report.columns.map((column, index) => (index === 0 ? i18n._({ id: 'report.total', message: 'Total' }) : column.key in sums ? csvText(column, sums[column.key] ?? null) : '')),
        );
      }
      if (text) controller.enqueue(encoder.encode(text));
      if (isDone) controller.close();
    },
  });
}

/** A figure the PDF prints as text (quantities, counts, rates, hours); money and days keep their own kinds. */
function pdfCell(column: ReportColumn, cell: ReportCell, words: Words): Cell {
  if (cell === null) return null;
  const intl = INTL_LOCALES[words.locale];
  switch (column.kind) {
    case 'money':
      return Number(cell);
    case 'day':
      return { day: String(cell) };
    case 'datetime':
      return new Intl.DateTimeFormat(intl, { dateStyle: 'medium', timeStyle: 'short', timeZone: words.shop.timeZone }).format(new Date(String(cell)));
    case 'quantity':
      return formatQuantity(Number(cell));
    case 'percent':
      return `${(Number(cell) / 100).toLocaleString(intl, { maximumFractionDigits: 1 })}%`;
    case 'count':
      return Number(cell).toLocaleString(intl);
    case 'hour':
      return `${String(cell).padStart(2, '0')}:00`;
    case 'weekday':
      return new Intl.DateTimeFormat(intl, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, Number(cell))));
    default:
      return translated(words.i18n, String(cell));
  }
}

const PDF_KIND: Record<ReportColumn['kind'], 'text' | 'money' | 'day' | 'narrow'> = {
  text: 'text',
  money: 'money',
  quantity: 'narrow',
  count: 'narrow',
  percent: 'narrow',
  day: 'day',
  month: 'narrow',
  datetime: 'text',
  hour: 'narrow',
  weekday: 'narrow',
};

async function pdfOf(report: PreparedReport, rows: QueryRow[], words: Words): Promise<Uint8Array> {
  const { i18n, locale, shop } = words;
  const definition = reportDefinition(report.key);
  const totals = totalsOf(report.columns, rows[0]);
  const day = (value: string) => formatStatementDate(value, locale);
  const { from, to } = report.period;
  const period =
    from === null
      ? i18n._({ id: 'report.asOf', message: 'As of {date}', values: { date: day(report.params.today) } })
      : from === to
        ? day(from)
        : i18n._({ id: 'accountingReport.period', message: '{from} to {to}', values: { from: day(from), to: day(to!) } });
  return reportPdf(
    {
      title: translated(i18n, definition.title),
      period,
      subject: translated(i18n, REPORT_GROUP_LABELS[definition.group]),
      columns: report.columns.map((column) => ({ label: translated(i18n, column.label), kind: PDF_KIND[column.kind] })),
      rows: [
        ...rows.map((row) => ({ cells: report.columns.map((column) => pdfCell(column, cellOf(column, row[column.key]), words)) })),
        {
          cells: report.columns.map((column, index) =>
            index === 0 ? i18n._({ id: 'report.total', message: 'Total' }) : column.key in totals ? pdfCell(column, totals[column.key] ?? null, words) : null,
          ),
          style: 'total' as const,
        },
      ],
    },
    { shop, i18n, generatedAt: new Date() },
  );
}
