import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@tanstack/react-table';
import { DownloadIcon, ReceiptIcon, RefreshCwIcon, TrendingUpIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { PAYMENT_STATUS_FILTERS } from '../../core/platform/revenue.rules';
import { PAYMENT_SORTS, type PlatformPayment, type ReconciliationView, type RevenueSummary } from '../../core/platform/revenue.schemas';
import { PERIOD_PRESETS, presetPeriod, todayIn } from '../../core/reports/report-periods';
import { DEFAULT_TIME_ZONE } from '../../core/settings/settings.rules';
import { formatMinorUnits } from '../../core/settings/money.rules';
import { PeriodPicker } from '../components/period-picker';
import { SortButton } from '../components/sort-button';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { NativeSelect } from '../components/ui/native-select';
import { DataTable, PagedTable } from '../inventory/data-table';
import { DetailSkeleton, EmptyState, LoadError, useAddressParams, useSearchInAddress } from '../inventory/inventory-ui';
import { PAGE_SIZE } from '../inventory/inventory.api';
import { useDateFormat } from '../lib/date-format';
import { formatNumber } from '../lib/format';
import { useDocumentTitle } from '../lib/use-document-title';
import { PAYMENT_STATUS_LABELS } from './plan-labels';
import { PLAN_PERIOD_LABELS } from './platform-labels';
import { searchOf, usePayments, useReconciliation, useRevenue } from './plans.api';

type PaymentSort = (typeof PAYMENT_SORTS)[number];
const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';
const money = (lines: Array<{ currency: string; amountMinor: number }>) => (lines.length === 0 ? formatMinorUnits(0, 'KES') : lines.map((line) => formatMinorUnits(line.amountMinor, line.currency)).join(' · '));

/**
 * /superadmin/revenue (issue 21): MRR and ARR from the paying shops, the payments of a period (by
 * day, by plan, failures, refunds), every payment in a server-paged table with search, status
 * filter, sort and CSV export, and the reconciliation with Paystack's transactions.
 */
export function RevenuePage() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { formatDateTime } = useDateFormat();
  useDocumentTitle(t`Revenue`);
  const [params, change] = useAddressParams();
  const today = todayIn(DEFAULT_TIME_ZONE);
  const preset = PERIOD_PRESETS.find((choice) => choice === params.get('preset')) ?? 'this_month';
  const period = (preset === 'custom' ? { from: params.get('from') ?? today, to: params.get('to') ?? today } : presetPeriod(preset, today)) ?? { from: today, to: today };
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const status = PAYMENT_STATUS_FILTERS.find((choice) => choice === params.get('status'));
  const sort: PaymentSort = PAYMENT_SORTS.find((choice) => choice === params.get('sort')) ?? 'createdAt';
  const direction = params.get('direction') === 'asc' ? 'asc' : 'desc';
  const [search, setSearch] = useSearchInAddress(params.get('q') ?? undefined, (q) => change({ q }));
  const revenue = useRevenue(period);
  const paymentQuery = { ...period, search: params.get('q') ?? undefined, status, sort, direction, page, pageSize: PAGE_SIZE } as const;
  const payments = usePayments(paymentQuery);
  const [reconcileAsked, setReconcileAsked] = useState(false);
  const reconciliation = useReconciliation(period, reconcileAsked);
  const sortBy = (column: PaymentSort) => change({ sort: column === 'createdAt' ? undefined : column, direction: sort === column && direction === 'desc' ? 'asc' : undefined });
  const sortHeader = (column: PaymentSort, label: string) => () => <SortButton label={label} active={sort === column} direction={sort === column ? direction : undefined} onSort={() => sortBy(column)} />;
  const statusLabel = (value: string) => (PAYMENT_STATUS_LABELS[value] ? i18n._(PAYMENT_STATUS_LABELS[value]) : value);
  const columns: Array<ColumnDef<PlatformPayment>> = [
    { id: 'date', header: sortHeader('createdAt', t`Date`), cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.createdAt)}</span> },
    {
      id: 'shop',
      header: sortHeader('tenant', t`Shop`),
      cell: ({ row }) => (
        <Link to={`/superadmin/tenants/${row.original.tenantId}`} className={linkClass}>
          {row.original.tenantName}
        </Link>
      ),
    },
    { id: 'plan', header: () => t`Plan`, cell: ({ row }) => `${row.original.planName} (${i18n._(PLAN_PERIOD_LABELS[row.original.planPeriod])})` },
    {
      id: 'amount',
      header: sortHeader('amount', t`Amount`),
      cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatMinorUnits(row.original.amountMinor, row.original.currency)}</span>,
    },
    {
      id: 'status',
      header: sortHeader('status', t`Status`),
      cell: ({ row }) => <Badge variant={row.original.status === 'completed' ? 'secondary' : row.original.status === 'failed' ? 'destructive' : 'outline'}>{statusLabel(row.original.status)}</Badge>,
    },
    {
      id: 'reference',
      header: () => t`Reference`,
      cell: ({ row }) => (
        <span className="grid">
          <span className="font-mono text-xs break-all">{row.original.reference}</span>
          <span className="text-xs text-muted-foreground">{row.original.provider === 'paystack' ? t`Paystack` : row.original.provider === 'sandbox' ? t`Sandbox` : row.original.provider}</span>
        </span>
      ),
    },
  ];
  const anyFilter = Boolean(params.get('q') ?? status);
  return (
    <div className="grid min-w-0 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold sm:text-3xl">
          <Trans>Revenue</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>Recurring revenue from paying shops, and the subscription payments of a period (days in Nairobi time).</Trans>
        </p>
      </div>
      <PeriodPicker
        idPrefix="revenue-period"
        value={{ preset, ...period }}
        today={today}
        onChange={(next) => change({ preset: next.preset === 'this_month' ? undefined : next.preset, from: next.preset === 'custom' ? next.from : undefined, to: next.preset === 'custom' ? next.to : undefined })}
      />
      {revenue.isPending ? (
        <DetailSkeleton label={t`Loading the revenue`} />
      ) : revenue.isError ? (
        <LoadError error={revenue.error} what={t`the revenue`} onRetry={() => void revenue.refetch()} />
      ) : (
        <RevenueFigures summary={revenue.data} />
      )}
      <section aria-labelledby="payments-heading" className="grid gap-3" data-testid="payments">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="payments-heading" className="flex items-center gap-2 font-semibold">
            <ReceiptIcon aria-hidden className="size-4" />
            <Trans>Payments</Trans>
          </h2>
          <Button asChild variant="outline" size="sm">
            <a data-testid="payments-csv" href={`/api/platform/revenue/payments.csv?${searchOf({ ...period, search: params.get('q') ?? undefined, status })}`} download>
              <DownloadIcon aria-hidden /> <Trans>Export CSV</Trans>
            </a>
          </Button>
        </div>
        <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-end">
          <div className="grid gap-2 sm:w-72">
            <Label htmlFor="payment-search">
              <Trans>Search</Trans>
            </Label>
            <Input id="payment-search" type="search" value={search} placeholder={t`Shop or reference`} onChange={(event) => setSearch(event.target.value)} />
          </div>
          <div className="grid gap-2 sm:w-48">
            <Label htmlFor="payment-status">
              <Trans>Status</Trans>
            </Label>
            <NativeSelect id="payment-status" value={status ?? ''} onChange={(event) => change({ status: event.target.value || undefined })}>
              <option value="">{t`Any status`}</option>
              {PAYMENT_STATUS_FILTERS.map((choice) => (
                <option key={choice} value={choice}>
                  {statusLabel(choice)}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        <PagedTable
          query={payments}
          columns={columns}
          label={t`Payments`}
          loadingLabel={t`Loading the payments`}
          what={t`the payments`}
          skeletonColumns={6}
          getRowId={(row) => row.id}
          page={page}
          onPageChange={(next) => change({ page: next > 1 ? String(next) : undefined })}
          empty={<EmptyState icon={ReceiptIcon} title={anyFilter ? t`No payment matches` : t`No payments in this period`}>{anyFilter ? <Trans>Try other filters.</Trans> : null}</EmptyState>}
        />
      </section>
      <section aria-labelledby="reconciliation-heading" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="reconciliation-heading" className="flex items-center gap-2 font-semibold">
            <RefreshCwIcon aria-hidden className="size-4" />
            <Trans>Paystack reconciliation</Trans>
          </h2>
          <Button variant="outline" size="sm" data-testid="reconcile" disabled={reconciliation.isFetching} onClick={() => (reconcileAsked ? void reconciliation.refetch() : setReconcileAsked(true))}>
            <Trans>Compare with Paystack</Trans>
          </Button>
        </div>
        <p className="text-sm text-muted-foreground">
          <Trans>Our Paystack payments of the period against Paystack's own transaction list, by reference.</Trans>
        </p>
        {!reconcileAsked ? null : reconciliation.isPending ? (
          <DetailSkeleton label={t`Asking Paystack`} />
        ) : reconciliation.isError ? (
          <LoadError error={reconciliation.error} what={t`Paystack's transactions`} onRetry={() => void reconciliation.refetch()} />
        ) : (
          <ReconciliationResult result={reconciliation.data} />
        )}
      </section>
    </div>
  );
}

function Figure({ title, note, testId, children }: { title: string; note?: string; testId: string; children: ReactNode }) {
  return (
    <section className="grid content-start gap-1 rounded-xl border bg-card p-4" aria-label={title} data-testid={testId}>
      <h3 className="text-sm text-muted-foreground">{title}</h3>
      <p className="text-2xl font-semibold tabular-nums">{children}</p>
      {note && <p className="text-xs text-muted-foreground">{note}</p>}
    </section>
  );
}

function RevenueFigures({ summary }: { summary: RevenueSummary }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const mrr = summary.recurring.map((line) => ({ currency: line.currency, amountMinor: line.mrrMinor }));
  const arr = summary.recurring.map((line) => ({ currency: line.currency, amountMinor: line.arrMinor }));
  const paying = summary.recurring.reduce((sum, line) => sum + line.subscriptions, 0);
  const compact = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });
  const chart = summary.byDay.map((day) => ({ day: day.day.slice(5), completed: day.completedMinor / 100, failed: day.failedMinor / 100 }));
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure title={t`Monthly recurring revenue`} testId="revenue-mrr" note={t`${formatNumber(paying)} paying shops at their plan's price; yearly plans count a twelfth, rounded once.`}>
          {money(mrr)}
        </Figure>
        <Figure title={t`Annual recurring revenue`} testId="revenue-arr" note={t`Monthly plans × 12 plus yearly plans.`}>
          {money(arr)}
        </Figure>
        <Figure title={t`Payments received`} testId="revenue-completed" note={t`${formatNumber(summary.totals.completedCount)} completed in the period`}>
          {money(summary.totals.completed)}
        </Figure>
        <Figure
          title={t`Failures and refunds`}
          testId="revenue-failed"
          note={t`${formatNumber(summary.totals.failedCount)} failed, ${formatNumber(summary.totals.refundedCount)} refunded (${money(summary.totals.refunded)}), ${formatNumber(summary.totals.pendingCount)} pending`}
        >
          {money(summary.totals.failed)}
        </Figure>
      </div>
      <section aria-labelledby="by-day-heading" className="grid gap-2">
        <h2 id="by-day-heading" className="flex items-center gap-2 font-semibold">
          <TrendingUpIcon aria-hidden className="size-4" />
          <Trans>Payments by day</Trans>
        </h2>
        <figure role="img" aria-label={t`Chart of payments received and failed by day, in shillings`} className="h-56 w-full min-w-0">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={chart} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" className="stroke-border" vertical={false} />
              <XAxis dataKey="day" tick={{ fontSize: 12 }} interval="preserveStartEnd" minTickGap={8} />
              <YAxis tickFormatter={(value: number) => compact.format(value)} tick={{ fontSize: 12 }} width={56} />
              <Tooltip formatter={(value) => formatMinorUnits(Math.round(Number(value) * 100), 'KES')} />
              <Bar dataKey="completed" name={t`Received`} fill="var(--color-primary)" radius={[4, 4, 0, 0]} isAnimationActive={false} />
              <Bar dataKey="failed" name={t`Failed`} fill="var(--color-destructive)" radius={[4, 4, 0, 0]} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </figure>
      </section>
      <section aria-labelledby="by-plan-heading" className="grid gap-2">
        <h2 id="by-plan-heading" className="font-semibold">
          <Trans>By plan</Trans>
        </h2>
        {summary.recurringByPlan.length === 0 && summary.byPlan.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>No paying shops and no payments in this period.</Trans>
          </p>
        ) : (
          <DataTable
            label={t`Revenue by plan`}
            getRowId={(row) => row.planId}
            data={byPlanRows(summary)}
            columns={[
              { id: 'plan', header: () => t`Plan`, cell: ({ row }) => `${row.original.name} (${i18n._(PLAN_PERIOD_LABELS[row.original.period])})` },
              { id: 'shops', header: () => t`Paying shops`, cell: ({ row }) => formatNumber(row.original.subscriptions) },
              { id: 'mrr', header: () => t`MRR`, cell: ({ row }) => <span className="tabular-nums">{formatMinorUnits(row.original.mrrMinor, 'KES')}</span> },
              {
                id: 'received',
                header: () => t`Received in period`,
                cell: ({ row }) => (
                  <span className="tabular-nums">
                    {formatMinorUnits(row.original.completedMinor, 'KES')} <span className="text-xs text-muted-foreground">({formatNumber(row.original.completedCount)})</span>
                  </span>
                ),
              },
              { id: 'failed', header: () => t`Failed`, cell: ({ row }) => formatNumber(row.original.failedCount) },
              { id: 'refunded', header: () => t`Refunded`, cell: ({ row }) => formatNumber(row.original.refundedCount) },
            ]}
          />
        )}
      </section>
    </>
  );
}

/** One row per plan that has paying shops or payments in the period. */
function byPlanRows(summary: RevenueSummary) {
  const rows = new Map<string, { planId: string; name: string; period: 'monthly' | 'yearly'; subscriptions: number; mrrMinor: number; completedCount: number; completedMinor: number; failedCount: number; refundedCount: number }>();
  for (const line of summary.recurringByPlan) {
    rows.set(line.planId, { planId: line.planId, name: line.name, period: line.period, subscriptions: line.subscriptions, mrrMinor: line.mrrMinor, completedCount: 0, completedMinor: 0, failedCount: 0, refundedCount: 0 });
  }
  for (const line of summary.byPlan) {
    const row = rows.get(line.planId) ?? { planId: line.planId, name: line.name, period: line.period, subscriptions: 0, mrrMinor: 0, completedCount: 0, completedMinor: 0, failedCount: 0, refundedCount: 0 };
    rows.set(line.planId, { ...row, completedCount: line.completedCount, completedMinor: line.completedMinor, failedCount: line.failedCount, refundedCount: line.refundedCount });
  }
  return [...rows.values()];
}

function ReconciliationResult({ result }: { result: ReconciliationView }) {
  const { t } = useLingui();
  if (!result.isConfigured) {
    return (
      <p className="rounded-xl border p-4 text-sm" role="status">
        <Trans>No Paystack key is configured on this server: there is no Paystack list to compare with.</Trans>{' '}
        <Plural value={result.dukaniCount} one="# Paystack payment recorded in the period." other="# Paystack payments recorded in the period." />
      </p>
    );
  }
  const groups: Array<{ key: keyof Pick<ReconciliationView, 'amountMismatches' | 'onlyInPaystack' | 'onlyInDukani' | 'matched'>; title: string; tone: string }> = [
    { key: 'amountMismatches', title: t`Amounts differ`, tone: 'border-destructive/40 bg-destructive/5' },
    { key: 'onlyInPaystack', title: t`In Paystack, not in Dukani`, tone: 'border-destructive/40 bg-destructive/5' },
    { key: 'onlyInDukani', title: t`In Dukani, not in Paystack`, tone: 'border-amber-500/40 bg-amber-500/5' },
    { key: 'matched', title: t`Matched`, tone: 'bg-card' },
  ];
  return (
    <div className="grid gap-3" data-testid="reconciliation">
      <p className="text-sm">
        <Trans>
          {formatNumber(result.paystackCount)} Paystack transactions, {formatNumber(result.dukaniCount)} Dukani payments.
        </Trans>
      </p>
      <div className="grid gap-3 md:grid-cols-2">
        {groups.map((group) => {
          const lines = result[group.key];
          return (
            <section key={group.key} aria-label={group.title} className={`grid content-start gap-2 rounded-xl border p-4 ${lines.length > 0 ? group.tone : 'bg-card'}`}>
              <h3 className="flex items-baseline justify-between gap-2 font-medium">
                {group.title} <span className="tabular-nums">{formatNumber(lines.length)}</span>
              </h3>
              {lines.length > 0 && (
                <ul className="grid max-h-60 gap-1 overflow-y-auto text-sm">
                  {lines.map((line) => (
                    <li key={line.reference} className="flex flex-wrap justify-between gap-x-3">
                      <span className="font-mono text-xs break-all">{line.reference}</span>
                      <span className="tabular-nums">
                        {line.ours && line.theirs && line.ours.amountMinor !== line.theirs.amountMinor
                          ? t`Dukani ${formatMinorUnits(line.ours.amountMinor, 'KES')}, Paystack ${formatMinorUnits(line.theirs.amountMinor, 'KES')}`
                          : formatMinorUnits((line.ours ?? line.theirs)?.amountMinor ?? 0, 'KES')}
                        {line.ours?.tenantName ? <span className="text-xs text-muted-foreground"> · {line.ours.tenantName}</span> : null}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </div>
  );
}
