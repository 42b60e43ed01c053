import { PERIOD_GROUPINGS, REPORT_KEYS, reportDefinition, type PeriodGrouping, type ReportDefinition, type ReportKey } from '../../core/reports/report-catalog';
import { monthOf, PERIOD_PRESETS, presetPeriod, type PeriodPreset } from '../../core/reports/report-periods';
import { DEFAULT_REPORT_PAGE_SIZE, REPORT_PAGE_SIZES, SLOW_MOVER_DAYS, type SavedReportParams } from '../../core/reports/reports.schemas';

// The Reports screen's state lives in the address (?report=sales-by-category&preset=last_month&…),
// so a link or a reload reopens the same report; these pure helpers read it, write it, turn it into
// the API's query (GET /api/reports/<key>) and into a saved report's params, and back.

export const DEFAULT_REPORT: ReportKey = 'sales-by-period';
export const DEFAULT_PRESET: PeriodPreset = 'this_month';

export interface ReportState {
  report: ReportKey;
  preset: PeriodPreset;
  /** Custom period only (a preset's days follow today). */
  from: string | undefined;
  to: string | undefined;
  /** A 'date' report's day; today when not chosen. */
  date: string | undefined;
  locationId: string | undefined;
  groupBy: PeriodGrouping | undefined;
  days: number | undefined;
  productId: string | undefined;
  q: string | undefined;
  sort: string | undefined;
  dir: 'asc' | 'desc' | undefined;
  page: number;
  pageSize: number;
  hidden: string[];
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COLUMN_KEY = /^[a-zA-Z0-9]{1,40}$/;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;
const day = (value: string | null) => (value && DAY.test(value) ? value : undefined);
const text = (value: string | null) => value?.trim() || undefined;

/** The screen's state from the address; anything unreadable falls back to its default. */
export function readReportState(params: URLSearchParams): ReportState {
  const days = Number(params.get('days'));
  const pageSize = Number(params.get('pageSize'));
  return {
    report: oneOf(REPORT_KEYS, params.get('report')) ?? DEFAULT_REPORT,
    preset: oneOf(PERIOD_PRESETS, params.get('preset')) ?? DEFAULT_PRESET,
    from: day(params.get('from')),
    to: day(params.get('to')),
    date: day(params.get('date')),
    locationId: UUID.test(params.get('locationId') ?? '') ? params.get('locationId')! : undefined,
    groupBy: oneOf(PERIOD_GROUPINGS, params.get('groupBy')),
    // Kept as typed (within reason) so an out-of-range number shows the API's message beside the field.
    days: Number.isInteger(days) && days > 0 && days < 100_000 ? days : undefined,
    productId: UUID.test(params.get('productId') ?? '') ? params.get('productId')! : undefined,
    q: text(params.get('q')),
    sort: COLUMN_KEY.test(params.get('sort') ?? '') ? params.get('sort')! : undefined,
    dir: oneOf(['asc', 'desc'] as const, params.get('dir')),
    page: Math.max(1, Math.trunc(Number(params.get('page'))) || 1),
    pageSize: (REPORT_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_REPORT_PAGE_SIZE,
    hidden: (params.get('hide') ?? '').split(',').filter((key) => COLUMN_KEY.test(key)),
  };
}

/** The address's values for a state (defaults left out, so links stay short). */
export function reportStateToAddress(state: ReportState): Record<string, string | undefined> {
  return {
    report: state.report,
    preset: state.preset === DEFAULT_PRESET ? undefined : state.preset,
    from: state.preset === 'custom' ? state.from : undefined,
    to: state.preset === 'custom' ? state.to : undefined,
    date: state.date,
    locationId: state.locationId,
    groupBy: state.groupBy,
    days: state.days === undefined ? undefined : String(state.days),
    productId: state.productId,
    q: state.q,
    sort: state.sort,
    dir: state.dir,
    page: state.page > 1 ? String(state.page) : undefined,
    pageSize: state.pageSize === DEFAULT_REPORT_PAGE_SIZE ? undefined : String(state.pageSize),
    hide: state.hidden.length > 0 ? state.hidden.join(',') : undefined,
  };
}

/** The days a range report reads: the preset's as of `today`, or the custom days (this month until chosen). */
export function reportPeriod(state: Pick<ReportState, 'preset' | 'from' | 'to'>, today: string): { from: string; to: string } {
  const preset = presetPeriod(state.preset, today);
  if (preset) return preset;
  const month = monthOf(today);
  return { from: state.from ?? month.from, to: state.to ?? month.to };
}

/** GET /api/reports/<key>'s query for the state: only what the report takes. */
export function reportApiQuery(state: ReportState, today: string, definition: ReportDefinition = reportDefinition(state.report)): Record<string, string> {
  const query: Record<string, string | undefined> = {};
  if (definition.period === 'range') Object.assign(query, reportPeriod(state, today));
  if (definition.period === 'date') query.date = state.date ?? today;
  query.locationId = state.locationId;
  if (definition.grouped) query.groupBy = state.groupBy ?? 'day';
  if (definition.takesDays) query.days = String(state.days ?? SLOW_MOVER_DAYS.default);
  if (definition.takesProduct) query.productId = state.productId;
  if (definition.searchable) query.q = state.q;
  query.sort = state.sort;
  query.dir = state.sort ? (state.dir ?? 'desc') : undefined;
  query.page = state.page > 1 ? String(state.page) : undefined;
  query.pageSize = String(state.pageSize);
  const shown = new Set(definition.columns.map((column) => column.key));
  const hidden = state.hidden.filter((key) => shown.has(key));
  query.hide = hidden.length > 0 ? hidden.join(',') : undefined;
  return Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
}

/** The report's address on the API, as JSON or as a whole file (a file holds every page). */
export function reportUrl(report: ReportKey, query: Record<string, string>, format: 'json' | 'csv' | 'pdf' = 'json'): string {
  const params = new URLSearchParams(query);
  if (format !== 'json') {
    params.delete('page');
    params.delete('pageSize');
    params.set('format', format);
  }
  const search = params.toString();
  return `/api/reports/${report}${search ? `?${search}` : ''}`;
}

/** What a saved report keeps of the state (POST /api/saved-reports' params). */
export function savedParamsOf(state: ReportState): SavedReportParams {
  const definition = reportDefinition(state.report);
  const params: SavedReportParams = { preset: state.preset, hiddenColumns: state.hidden };
  if (state.preset === 'custom' && state.from) params.from = state.from;
  if (state.preset === 'custom' && state.to) params.to = state.to;
  if (state.locationId) params.locationId = state.locationId;
  if (definition.grouped && state.groupBy) params.groupBy = state.groupBy;
  if (definition.takesDays && state.days !== undefined) params.days = state.days;
  if (definition.takesProduct && state.productId) params.productId = state.productId;
  if (definition.searchable && state.q) params.q = state.q;
  if (state.sort) params.sort = state.sort;
  if (state.sort && state.dir) params.dir = state.dir;
  return params;
}

/** A saved report's params as the screen's state (from its first page, its own page size kept). */
export function stateFromSaved(report: ReportKey, params: SavedReportParams, pageSize: number = DEFAULT_REPORT_PAGE_SIZE): ReportState {
  return {
    report,
    preset: params.preset,
    from: params.from,
    to: params.to,
    date: undefined,
    locationId: params.locationId,
    groupBy: params.groupBy,
    days: params.days,
    productId: params.productId,
    q: params.q,
    sort: params.sort,
    dir: params.dir,
    page: 1,
    pageSize,
    hidden: params.hiddenColumns,
  };
}

