import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { BarChart3Icon, Columns3Icon, LockIcon, SearchIcon, TableIcon, XIcon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ADJUSTMENT_REASON_LABELS, MOVEMENT_KIND_LABELS } from '../../core/inventory/inventory.schemas';
import {
  PERIOD_GROUPINGS,
  REPORT_GROUP_LABELS,
  REPORT_GROUPS,
  REPORTS,
  reportDefinition,
  type PeriodGrouping,
  type ReportColumn,
  type ReportDefinition,
  type ReportKey,
} from '../../core/reports/report-catalog';
import { todayIn } from '../../core/reports/report-periods';
import { REPORT_PAGE_SIZES, reportQuerySchema, SLOW_MOVER_DAYS, type ReportResult } from '../../core/reports/reports.schemas';
import { RETURN_REASONS, TENDER_LABELS } from '../../core/sales/sales.schemas';
import { useMoney } from '../accounts/use-money';
import { useMayDo } from '../auth/may-do';
import { FormField, fieldControlProps } from '../components/form-field';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Checkbox } from '../components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { NativeSelect } from '../components/ui/native-select';
import { translateMessage } from '../i18n/translate-message';
import { EmptyState, LoadError, LocationSelect, LockedFeature, Pagination, RoleRefusal, TableSkeleton, useAddressParams, useFeature, useSearchInAddress } from '../inventory/inventory-ui';
import { VariantPicker } from '../inventory/variant-picker';
import { isApiError } from '../lib/api-client';
import { cn } from '../lib/cn';
import { useDateFormat } from '../lib/date-format';
import { firstFieldErrors, type FieldErrors } from '../lib/form-errors';
import { serverFieldErrors } from '../lib/form-submit';
import { useDocumentTitle } from '../lib/use-document-title';
import { IconInput } from '../products/icon-input';
import { useLocations, useProduct } from '../products/products.api';
import { DailySummaryPanel } from './daily-summary';
import { PeriodPicker } from '../components/period-picker';
import { ReportChart } from './report-chart';
import { ReportExport } from './report-export';
import { calendarDay, type CellFormat } from './report-format';
import {
  readReportState,
  reportApiQuery,
  reportPeriod,
  reportStateToAddress,
  reportUrl,
  savedParamsOf,
  stateFromSaved,
  type ReportState,
} from './report-state';
import { ReportTable, type ShownColumn } from './report-table';
import { useReportResult, useSavedReports } from './reports.api';
import { SavedReportsPanel, SaveReportButton } from './saved-reports';

// /admin/reports (issue 18): every report of core/reports/report-catalog.ts, picked from a list by
// group, with its filters, a chart and a table sorted and paged by the server, CSV and PDF, print,
// saved reports and the owners' daily summary e-mail. The address holds the state, so a link or a
// reload reopens the same report (?report=sales-by-category&preset=last_month&…), and
// ?saved=<id> opens a saved report (the dashboard's pinned reports link there).

const PRINT_ID = 'report-print';
// Printed through the browser's dialog: the title, the period and the table, nothing else.
const PRINT_CSS = `
@page { size: A4; margin: 12mm; }
@media print {
  body * { visibility: hidden; }
  #${PRINT_ID}, #${PRINT_ID} * { visibility: visible; }
  #${PRINT_ID} { position: absolute; inset: 0 auto auto 0; width: 100%; border: 0; box-shadow: none; padding: 0; color: #000; background: #fff; }
  #${PRINT_ID} [data-slot="table-container"] { overflow: visible; contain: none; }
}
`;

/** The choices with a field on screen (their errors show beside them). */
const FILTER_FIELDS = ['from', 'to', 'date', 'locationId', 'groupBy', 'days', 'productId', 'q'];

const GROUPING_LABELS: Record<PeriodGrouping, MessageDescriptor> = {
  day: msg`By day`,
  week: msg`By week`,
  month: msg`By month`,
};

const RETURN_REASON_LABELS: Record<(typeof RETURN_REASONS)[number], MessageDescriptor> = {
  changed_mind: msg`Changed their mind`,
  damaged: msg`Damaged`,
  defective: msg`Does not work`,
  wrong_item: msg`Wrong item`,
  expired: msg`Past its date`,
  other: msg`Other`,
};

/** A code in a text column by its label in the language on screen (tenders, reasons, movement kinds). */
function codeLabeller(report: ReportKey, i18n: I18n) {
  return (columnKey: string, code: string): string | undefined => {
    if (columnKey === 'tender' && code in TENDER_LABELS) return translateMessage(TENDER_LABELS[code as keyof typeof TENDER_LABELS], i18n);
    if (columnKey === 'kind' && code in MOVEMENT_KIND_LABELS) return translateMessage(MOVEMENT_KIND_LABELS[code as keyof typeof MOVEMENT_KIND_LABELS], i18n);
    if (columnKey === 'reason') {
      // A return's reason is a code; a void's is the words the cashier typed.
      if ((report === 'returns' || report === 'returns-by-reason') && code in RETURN_REASON_LABELS) return i18n._(RETURN_REASON_LABELS[code as keyof typeof RETURN_REASON_LABELS]);
      if (code in ADJUSTMENT_REASON_LABELS) return translateMessage(ADJUSTMENT_REASON_LABELS[code as keyof typeof ADJUSTMENT_REASON_LABELS], i18n);
    }
    return undefined;
  };
}

/** The report's address with another report chosen: the period and location stay, the rest is the new report's own. */
function switchReportHref(params: URLSearchParams, report: ReportKey): string {
  const next = new URLSearchParams();
  next.set('report', report);
  for (const name of ['preset', 'from', 'to', 'date', 'locationId', 'pageSize'] as const) {
    const value = params.get(name);
    if (value) next.set(name, value);
  }
  return `?${next.toString()}`;
}

export function ReportsPage() {
  const { t } = useLingui();
  const mayReadReports = useMayDo('reports.view');
  const feature = useFeature('advanced_reporting');
  useDocumentTitle(t`Reports`);
  const title = (
    <h1 className="text-2xl font-semibold sm:text-3xl print:hidden">
      <Trans>Reports</Trans>
    </h1>
  );
  if (!mayReadReports) {
    return (
      <div className="grid min-w-0 gap-6">
        {title}
        <RoleRefusal what={t`the reports`} />
      </div>
    );
  }
  if (feature.isEnabled === false) {
    return (
      <div className="grid min-w-0 gap-6">
        {title}
        <LockedFeature feature="advanced_reporting" title={t`Reports`} badge={feature.badge} />
      </div>
    );
  }
  return (
    <div className="grid min-w-0 gap-6">
      {title}
      <ReportsScreen />
    </div>
  );
}

function ReportsScreen() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const mayChangeSettings = useMayDo('settings.manage');
  const [params, change] = useAddressParams();
  const [, setSearchParams] = useSearchParams();
  const { timeZone, intlLocale } = useDateFormat();
  const { money, decimals } = useMoney();
  const today = todayIn(timeZone);
  const state = readReportState(params);
  const definition = reportDefinition(state.report);
  const reportTitle = translateMessage(definition.title, i18n);

  // ?saved=<id>: the saved report's choices replace the address once it has loaded, marked
  // ?opened=<id> (a reload then keeps what is on screen); any change of the choices drops the mark.
  const savedId = params.get('saved') ?? undefined;
  const openedId = params.get('opened') ?? undefined;
  const customReports = useFeature('custom_reports');
  const saved = useSavedReports({ enabled: Boolean(savedId ?? openedId) && customReports.isEnabled !== false });
  const toOpen = savedId ? saved.data?.find((item) => item.id === savedId) : undefined;
  useEffect(() => {
    if (!savedId || !toOpen) return;
    const address = reportStateToAddress(stateFromSaved(toOpen.reportKey, toOpen.params));
    const next = new URLSearchParams(Object.entries(address).filter((entry): entry is [string, string] => Boolean(entry[1])));
    next.set('opened', savedId);
    setSearchParams(next, { replace: true });
  }, [savedId, toOpen, setSearchParams]);
  const opened = openedId ? saved.data?.find((item) => item.id === openedId) : undefined;
  const savedMissing = Boolean(savedId) && (saved.isError || customReports.isEnabled === false || (saved.data !== undefined && !toOpen));
  const waitingForSaved = Boolean(savedId) && !savedMissing;

  // Any change of the choices leaves the saved report behind.
  const set = (changes: Record<string, string | undefined>) => change({ ...changes, saved: undefined, opened: undefined });

  const reportFeature = useFeature(definition.feature);
  const query = reportApiQuery(state, today, definition);
  const checked = reportQuerySchema.safeParse(query);
  const needsProduct = Boolean(definition.takesProduct) && !state.productId;
  const result = useReportResult(state.report, query, { enabled: checked.success && !needsProduct && reportFeature.isEnabled !== false && !waitingForSaved });
  // The API's 400 names the fields it refused: their messages show beside them.
  const serverErrors: FieldErrors = (isApiError(result.error) && result.error.status === 400 && serverFieldErrors(result.error)) || {};
  const errors: FieldErrors = { ...serverErrors, ...(checked.success ? {} : firstFieldErrors(checked.error)) };
  const fieldErrorShown = Object.keys(errors).length > 0;

  const locations = useLocations();
  const manyLocations = (locations.data?.length ?? 0) > 1;
  const locationName = state.locationId ? locations.data?.find((location) => location.id === state.locationId)?.name : undefined;
  const period = reportPeriod(state, today);
  const showChart = params.get('view') !== 'table';

  const format: CellFormat = { money, locale: intlLocale, timeZone, codeLabel: codeLabeller(state.report, i18n) };
  const titled = (column: ReportColumn): ShownColumn => ({ ...column, title: translateMessage(column.label, i18n) });
  const data = result.data && result.data.key === state.report ? result.data : undefined;
  const byKey = new Map(definition.columns.map((column) => [column.key, column]));
  const shownColumns = data ? data.columns.flatMap((key) => (byKey.has(key) && !state.hidden.includes(key) ? [titled(byKey.get(key)!)] : [])) : [];
  const choosable = definition.columns.filter((column) => !data || data.columns.includes(column.key) || state.hidden.includes(column.key)).map(titled);
  const chart = definition.chart;
  const chartX = chart && shownColumns.find((column) => column.key === chart.x);
  const chartY = chart && shownColumns.find((column) => column.key === chart.y);

  const subtitle =
    definition.period === 'range'
      ? t`${calendarDay(period.from, intlLocale)} to ${calendarDay(period.to, intlLocale)}`
      : definition.period === 'date'
        ? t`On ${calendarDay(state.date ?? today, intlLocale)}`
        : t`As it is now`;
  const place = locationName ?? t`Every location`;
  const urls = checked.success && !needsProduct && reportFeature.isEnabled !== false ? { csv: reportUrl(state.report, query, 'csv'), pdf: reportUrl(state.report, query, 'pdf') } : null;
  const fileName = [state.report, query.from ?? query.date, query.to].filter(Boolean).join('-');

  return (
    <div className="grid min-w-0 gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
      <aside className="grid min-w-0 content-start gap-4 print:hidden">
        <ReportPicker params={params} current={state.report} />
      </aside>
      <div className="grid min-w-0 content-start gap-4">
        <div className="flex flex-wrap items-start justify-between gap-3 print:hidden">
          <div className="grid min-w-0 gap-1">
            <h2 className="text-xl font-semibold">{reportTitle}</h2>
            <p className="text-sm text-muted-foreground">{translateMessage(definition.description, i18n)}</p>
            {opened && (
              <p className="text-sm">
                <Trans>Saved report: {opened.name}</Trans>
              </p>
            )}
            {savedMissing && (
              <p role="alert" className="text-sm text-destructive">
                <Trans>That saved report was not found: it may have been deleted.</Trans>
              </p>
            )}
          </div>
          <SaveReportButton report={state.report} params={savedParamsOf(state)} disabled={!checked.success} />
        </div>

        {reportFeature.isEnabled === false ? (
          <LockedFeature feature={definition.feature} title={reportTitle} badge={reportFeature.badge} />
        ) : (
          <>
            <Filters state={state} set={set} errors={errors} today={today} manyLocations={manyLocations} search={<SearchBox key={`${state.report}|${openedId ?? ''}`} q={state.q} error={errors.q} onSearch={(q) => change({ q })} />} />
            <div className="flex flex-wrap items-start justify-between gap-3 print:hidden">
              <ReportExport urls={urls} fileName={fileName} canPrint={Boolean(data)} />
              <div className="flex flex-wrap gap-2">
                {chart && (
                  <Button variant="outline" aria-pressed={!showChart} onClick={() => change({ view: showChart ? 'table' : undefined, page: state.page > 1 ? String(state.page) : undefined })}>
                    {showChart ? <TableIcon aria-hidden /> : <BarChart3Icon aria-hidden />}
                    {showChart ? <Trans>Table only</Trans> : <Trans>Show chart</Trans>}
                  </Button>
                )}
                <ColumnChooser columns={choosable} hidden={state.hidden} onChange={(hidden) => set({ hide: hidden.length > 0 ? hidden.join(',') : undefined })} />
              </div>
            </div>
            {needsProduct ? (
              <EmptyState icon={SearchIcon} title={t`Choose a product`}>
                <Trans>The price history is for one product: search for it above.</Trans>
              </EmptyState>
            ) : fieldErrorShown && !data ? (
              <div role="alert" className="grid gap-1 text-sm text-destructive">
                <p>
                  <Trans>Check the filters marked above.</Trans>
                </p>
                {/* A refusal of a choice without a field of its own here (sort, columns) says what it was. */}
                {Object.entries(errors)
                  .filter(([field, message]) => message && !FILTER_FIELDS.includes(field))
                  .map(([field, message]) => (
                    <p key={field}>{translateMessage(message!, i18n)}</p>
                  ))}
              </div>
            ) : result.isError && !data && !(isApiError(result.error) && result.error.status === 400) ? (
              isApiError(result.error) && result.error.status === 402 ? (
                <LockedFeature feature={definition.feature} title={reportTitle} badge={reportFeature.badge} />
              ) : (
                <LoadError error={result.error} what={t`the report`} onRetry={() => void result.refetch()} />
              )
            ) : !data ? (
              <TableSkeleton columns={5} rows={8} label={t`Loading the report`} />
            ) : (
              <section
                id={PRINT_ID}
                aria-labelledby={`${PRINT_ID}-title`}
                aria-busy={result.isFetching || undefined}
                className={cn('grid min-w-0 gap-4 rounded-xl border bg-card p-4 transition-opacity sm:p-6', result.isPlaceholderData && 'opacity-70')}
              >
                <style>{PRINT_CSS}</style>
                <header className="grid gap-1">
                  <h3 id={`${PRINT_ID}-title`} className="text-lg font-semibold">
                    {reportTitle}
                  </h3>
                  <p className="text-sm text-muted-foreground">
                    {subtitle} · {place}
                  </p>
                </header>
                {data.rows.length === 0 ? (
                  <EmptyState icon={BarChart3Icon} title={t`Nothing in this report`}>
                    {definition.period === 'range' ? <Trans>Nothing happened in this period: try another period or location.</Trans> : <Trans>Try another location or search.</Trans>}
                  </EmptyState>
                ) : (
                  <>
                    {chart && showChart && chartX && chartY && (
                      <div className="print:hidden">
                        <ReportChart type={chart.type} x={chartX} y={chartY} rows={data.rows} format={format} decimals={decimals} />
                      </div>
                    )}
                    <ReportTable label={reportTitle} columns={shownColumns} result={data} format={format} onSort={(sort, dir) => set({ sort, dir })} />
                  </>
                )}
                <Paging data={data} state={state} change={change} />
              </section>
            )}
          </>
        )}
        <div className="grid gap-4 xl:grid-cols-2">
          <SavedReportsPanel openedId={openedId} />
          {mayChangeSettings && <DailySummaryPanel />}
        </div>
      </div>
    </div>
  );
}

/** The list of reports by group (a sidebar on a wide screen, a select on a phone); locked ones carry the plan's badge. */
function ReportPicker({ params, current }: { params: URLSearchParams; current: ReportKey }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const reporting = useFeature('advanced_reporting');
  const analytics = useFeature('advanced_analytics');
  const [, setSearchParams] = useSearchParams();
  const isLocked = (report: ReportDefinition) => (report.feature === 'advanced_analytics' ? analytics : reporting).isEnabled === false;
  const badge = analytics.badge;
  return (
    <>
      <div className="lg:hidden">
        <FormField id="report-choice" label={t`Report`}>
          <NativeSelect id="report-choice" value={current} onChange={(event) => setSearchParams(new URLSearchParams(switchReportHref(params, event.target.value as ReportKey).slice(1)), { replace: true })}>
            {REPORT_GROUPS.map((group) => (
              <optgroup key={group} label={translateMessage(REPORT_GROUP_LABELS[group], i18n)}>
                {REPORTS.filter((report) => report.group === group).map((report) => {
                  const title = translateMessage(report.title, i18n);
                  return (
                    <option key={report.key} value={report.key}>
                      {isLocked(report) ? t`${title} (${badge})` : title}
                    </option>
                  );
                })}
              </optgroup>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <nav aria-label={t`Reports`} className="hidden gap-4 lg:grid">
        {REPORT_GROUPS.map((group) => (
          <div key={group} className="grid gap-1">
            <h2 className="px-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{translateMessage(REPORT_GROUP_LABELS[group], i18n)}</h2>
            <ul className="grid gap-0.5">
              {REPORTS.filter((report) => report.group === group).map((report) => {
                const locked = isLocked(report);
                return (
                  <li key={report.key}>
                    <Link
                      to={switchReportHref(params, report.key)}
                      replace
                      aria-current={report.key === current ? 'page' : undefined}
                      title={translateMessage(report.description, i18n)}
                      className="grid gap-0.5 rounded-md px-2 py-1.5 text-sm outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/60 aria-[current=page]:bg-muted aria-[current=page]:font-medium"
                    >
                      <span className="flex items-center gap-1.5">
                        {locked && <LockIcon aria-hidden className="size-3.5 shrink-0 text-muted-foreground" />}
                        <span className="min-w-0">{translateMessage(report.title, i18n)}</span>
                        {locked && <Badge variant="accent">{(report.feature === 'advanced_analytics' ? analytics : reporting).badge}</Badge>}
                      </span>
                      <span className="line-clamp-2 text-xs font-normal text-muted-foreground">{translateMessage(report.description, i18n)}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </nav>
    </>
  );
}

function Filters({
  state,
  set,
  errors,
  today,
  manyLocations,
  search,
}: {
  state: ReportState;
  set: (changes: Record<string, string | undefined>) => void;
  errors: FieldErrors;
  today: string;
  manyLocations: boolean;
  /** The search box of a searchable report. */
  search: ReactNode;
}) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const definition = reportDefinition(state.report);
  const period = reportPeriod(state, today);
  const field = (name: string) => fieldControlProps(`report-${name}`, { error: errors[name] });
  return (
    <div className="grid gap-3 print:hidden">
      <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-start">
        {definition.period === 'range' && (
          <PeriodPicker
            idPrefix="report"
            today={today}
            value={{ preset: state.preset, ...period }}
            errors={{ from: errors.from, to: errors.to }}
            onChange={(next) => set(next.preset === 'custom' ? { preset: 'custom', from: next.from || undefined, to: next.to || undefined } : { preset: next.preset === 'this_month' ? undefined : next.preset, from: undefined, to: undefined })}
          />
        )}
        {definition.period === 'date' && (
          <div className="sm:w-44">
            <FormField id="report-date" label={t`On`} error={errors.date}>
              <Input {...field('date')} type="date" max={today} value={state.date ?? today} onChange={(event) => set({ date: event.target.value || undefined })} />
            </FormField>
          </div>
        )}
        {manyLocations && (
          <div className="sm:w-52">
            <FormField id="report-locationId" label={t`Location`} error={errors.locationId}>
              <LocationSelect {...field('locationId')} value={state.locationId ?? ''} onChange={(value) => set({ locationId: value || undefined })} allLabel={t`Every location`} includeInactive />
            </FormField>
          </div>
        )}
        {definition.grouped && (
          <div className="sm:w-40">
            <FormField id="report-groupBy" label={t`Rows`} error={errors.groupBy}>
              <NativeSelect {...field('groupBy')} value={state.groupBy ?? 'day'} onChange={(event) => set({ groupBy: event.target.value === 'day' ? undefined : event.target.value })}>
                {PERIOD_GROUPINGS.map((grouping) => (
                  <option key={grouping} value={grouping}>
                    {i18n._(GROUPING_LABELS[grouping])}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
        )}
        {definition.takesDays && (
          <div className="sm:w-44">
            <FormField id="report-days" label={t`No sale for (days)`} error={errors.days}>
              <Input
                {...field('days')}
                type="number"
                inputMode="numeric"
                min={SLOW_MOVER_DAYS.min}
                max={SLOW_MOVER_DAYS.max}
                value={state.days ?? SLOW_MOVER_DAYS.default}
                onChange={(event) => set({ days: event.target.value || undefined })}
              />
            </FormField>
          </div>
        )}
        {definition.searchable && search}
      </div>
      {definition.takesProduct && <ProductFilter productId={state.productId} error={errors.productId} onChange={(productId) => set({ productId })} />}
    </div>
  );
}

/**
 * A searchable report's search box: the text goes into the address once it settles. Keyed by the
 * report and the saved report opened, so a search from the address (a saved report, another
 * report) starts it afresh.
 */
function SearchBox({ q, error, onSearch }: { q: string | undefined; error: string | undefined; onSearch: (q: string | undefined) => void }) {
  const { t } = useLingui();
  const [search, setSearch] = useSearchInAddress(q, onSearch);
  return (
    <div className="sm:w-64">
      <FormField id="report-q" label={t`Search`} error={error}>
        <IconInput {...fieldControlProps('report-q', { error })} icon={SearchIcon} type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder={t`Name or SKU`} autoComplete="off" maxLength={100} />
      </FormField>
    </div>
  );
}

/** The product of a per-product report: the chosen one with a way to clear it, else the product search. */
function ProductFilter({ productId, error, onChange }: { productId: string | undefined; error: string | undefined; onChange: (productId: string | undefined) => void }) {
  const { t } = useLingui();
  if (productId) return <ChosenProduct productId={productId} onClear={() => onChange(undefined)} />;
  return (
    <div className="grid gap-1">
      <VariantPicker idPrefix="report-product" stockAt={null} pickLabel={(product) => t`Choose ${product}`} onPick={(variant) => onChange(variant.productId)} />
      {error && (
        <p className="text-sm text-destructive" role="alert">
          {translateMessage(error)}
        </p>
      )}
    </div>
  );
}

function ChosenProduct({ productId, onClear }: { productId: string; onClear: () => void }) {
  const { t } = useLingui();
  const product = useProduct(productId);
  const name = product.data?.name ?? (product.isError ? t`A product that was not found` : t`Loading…`);
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span>
        <Trans>Product: {name}</Trans>
      </span>
      <Button variant="secondary" size="sm" onClick={onClear} aria-label={t`Choose another product`}>
        <XIcon aria-hidden />
        <Trans>Change</Trans>
      </Button>
    </div>
  );
}

/** Which columns show (and go into the files): unticked ones are sent as `hide`. */
function ColumnChooser({ columns, hidden, onChange }: { columns: readonly ShownColumn[]; hidden: readonly string[]; onChange: (hidden: string[]) => void }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<string[]>([...hidden]);
  const shownCount = columns.filter((column) => !draft.includes(column.key)).length;
  return (
    <>
      <Button
        variant="outline"
        onClick={() => {
          setDraft([...hidden]);
          setOpen(true);
        }}
      >
        <Columns3Icon aria-hidden />
        <Trans>Columns</Trans>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>{t`Columns`}</DialogTitle>
            <DialogDescription>
              <Trans>Untick a column to leave it out of the table, the chart and the files.</Trans>
            </DialogDescription>
          </DialogHeader>
          <ul className="grid max-h-[50vh] gap-2 overflow-y-auto">
            {columns.map((column) => {
              const id = `report-column-${column.key}`;
              const checked = !draft.includes(column.key);
              return (
                <li key={column.key} className="flex items-center gap-2">
                  <Checkbox
                    id={id}
                    checked={checked}
                    // The last column shown stays: a report with no column would say nothing.
                    disabled={checked && shownCount <= 1}
                    onCheckedChange={(value) => setDraft((current) => (value === true ? current.filter((key) => key !== column.key) : [...current, column.key]))}
                  />
                  <Label htmlFor={id}>{column.title}</Label>
                </li>
              );
            })}
          </ul>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              onClick={() => {
                onChange(draft);
                setOpen(false);
              }}
            >
              <Trans>Apply</Trans>
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

function Paging({ data, state, change }: { data: ReportResult; state: ReportState; change: (changes: Record<string, string | undefined>) => void }) {
  const { t } = useLingui();
  return (
    <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-center sm:justify-between print:hidden">
      <Pagination page={data.page} pageSize={data.pageSize} total={data.totalRows} onPageChange={(next) => change({ page: next > 1 ? String(next) : undefined })} />
      <div className="flex items-center gap-2 text-sm">
        <Label htmlFor="report-pageSize">{t`Rows a page`}</Label>
        <NativeSelect id="report-pageSize" className="w-24" value={String(state.pageSize)} onChange={(event) => change({ pageSize: event.target.value === '50' ? undefined : event.target.value })}>
          {REPORT_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}

