import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@tanstack/react-table';
import { ActivityIcon, BanknoteIcon, CalendarClockIcon, ReceiptIcon, StoreIcon, UserPlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Bar, BarChart, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { FeatureKey } from '../../core/billing/plan-features.rules';
import { ANALYTICS_DEFAULT_DAYS, analyticsPeriodSchema, IDLE_DAYS_DEFAULT, type AnalyticsSummary, type EndingTrial, type IdleShop, type UsageSignalKey } from '../../core/platform/analytics.schemas';
import { PERIOD_PRESETS, presetPeriod, todayIn } from '../../core/reports/report-periods';
import { DEFAULT_TIME_ZONE } from '../../core/settings/settings.rules';
import { formatMinorUnits } from '../../core/settings/money.rules';
import { FormField, fieldControlProps } from '../components/form-field';
import { PeriodPicker } from '../components/period-picker';
import { Badge } from '../components/ui/badge';
import { Input } from '../components/ui/input';
import { Table, TableBody, TableCell, TableHeader, TableRow } from '../components/ui/table';
import { DataTable, PagedTable } from '../inventory/data-table';
import { DetailSkeleton, EmptyState, LoadError, useAddressParams } from '../inventory/inventory-ui';
import { PAGE_SIZE } from '../inventory/inventory.api';
import { useDateFormat } from '../lib/date-format';
import { translateMessage } from '../i18n/translate-message';
import { formatNumber } from '../lib/format';
import { useDocumentTitle } from '../lib/use-document-title';
import { useAnalytics, useEndingTrials, useIdleShops } from './analytics.api';
import { Figure, useSortedRows } from './console-parts';
import { FEATURE_KEY_LABELS } from './plan-labels';
import { TENANT_STATUS_BADGES, TENANT_STATUS_LABELS } from './platform-labels';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';
const DAY_MS = 86_400_000;
const daysBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/**
 * /superadmin/analytics (issue 21): active shops, sales volume and transactions by day across every
 * shop, feature usage against what plans grant, churn signals (idle shops, trials ending unpaid,
 * each a server-paged list) and sign-up cohorts by month.
 */
export function AnalyticsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Analytics`);
  const [params, change] = useAddressParams();
  const today = todayIn(DEFAULT_TIME_ZONE);
  const chosen = PERIOD_PRESETS.find((choice) => choice === params.get('preset'));
  // Without a choice: the last 30 days, shown as a custom period.
  const preset = chosen ?? 'custom';
  const period =
    (chosen && chosen !== 'custom' ? presetPeriod(chosen, today) : null) ?? {
      from: params.get('from') ?? daysBefore(today, ANALYTICS_DEFAULT_DAYS - 1),
      to: params.get('to') ?? today,
    };
  const checked = analyticsPeriodSchema.safeParse(period);
  const periodErrors: { from?: string; to?: string } = {};
  if (!checked.success) for (const issue of checked.error.issues) periodErrors[issue.path[0] === 'from' ? 'from' : 'to'] ??= translateMessage(issue.message);
  const analytics = useAnalytics(period, checked.success);
  return (
    <div className="grid min-w-0 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold sm:text-3xl">
          <Trans>Analytics</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>Activity across every shop: sales from the reports' summaries (each shop's own days), what plans grant and what shops use, who may be leaving, and sign-ups by month.</Trans>
        </p>
      </div>
      <PeriodPicker
        idPrefix="analytics-period"
        value={{ preset, ...period }}
        today={today}
        errors={periodErrors}
        onChange={(next) => change({ preset: next.preset === 'custom' ? undefined : next.preset, from: next.preset === 'custom' ? next.from : undefined, to: next.preset === 'custom' ? next.to : undefined })}
      />
      {!checked.success ? null : analytics.isPending ? (
        <DetailSkeleton label={t`Loading the analytics`} />
      ) : analytics.isError ? (
        <LoadError error={analytics.error} what={t`the analytics`} onRetry={() => void analytics.refetch()} />
      ) : (
        <>
          <ActivityFigures summary={analytics.data} />
          <ActivityCharts summary={analytics.data} />
          <FeatureUsage summary={analytics.data} />
        </>
      )}
      <ChurnSignals />
      {analytics.data ? <Cohorts summary={analytics.data} /> : null}
    </div>
  );
}

function ActivityFigures({ summary }: { summary: AnalyticsSummary }) {
  const { t } = useLingui();
  const volume = summary.sales.length === 0 ? formatMinorUnits(0, summary.chartCurrency) : summary.sales.map((line) => formatMinorUnits(line.amountMinor, line.currency)).join(' · ');
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Figure icon={StoreIcon} title={t`Active shops today`} testId="analytics-active-today" note={t`Shops with at least one sale today`}>
        {formatNumber(summary.activeShopsToday)}
      </Figure>
      <Figure icon={ActivityIcon} title={t`Active shops in the period`} testId="analytics-active-period" note={t`Shops with a sale on any day of the period`}>
        {formatNumber(summary.activeShopsInPeriod)}
      </Figure>
      <Figure icon={ReceiptIcon} title={t`Transactions`} testId="analytics-transactions" note={t`Sales in the period, voided ones left out`}>
        {formatNumber(summary.transactions)}
      </Figure>
      <Figure icon={BanknoteIcon} title={t`Sales volume`} testId="analytics-volume" note={t`Sale totals less tips, in each shop's currency`}>
        {volume}
      </Figure>
    </div>
  );
}

function ActivityCharts({ summary }: { summary: AnalyticsSummary }) {
  const { t } = useLingui();
  const compact = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });
  const chart = summary.byDay.map((day) => ({ day: day.day.slice(5), shops: day.activeShops, transactions: day.transactions, sales: day.salesMinor / 100 }));
  const currency = summary.chartCurrency;
  return (
    <div className="grid min-w-0 gap-6 lg:grid-cols-2">
      <section aria-labelledby="active-by-day-heading" className="grid min-w-0 gap-2">
        <h2 id="active-by-day-heading" className="font-semibold">
          <Trans>Active shops by day</Trans>
        </h2>
        <figure role="img" aria-label={t`Chart of active shops by day`} className="h-56 w-full min-w-0" data-testid="chart-active-shops">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={chart} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" className="stroke-border" vertical={false} />
              <XAxis dataKey="day" tick={{ fontSize: 12 }} interval="preserveStartEnd" minTickGap={8} />
              <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={40} />
              <Tooltip formatter={(value) => formatNumber(Number(value))} />
              <Bar dataKey="shops" name={t`Active shops`} fill="var(--color-primary)" radius={[4, 4, 0, 0]} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </figure>
      </section>
      <section aria-labelledby="sales-by-day-heading" className="grid min-w-0 gap-2">
        <h2 id="sales-by-day-heading" className="font-semibold">
          <Trans>Sales and transactions by day</Trans>
        </h2>
        <figure role="img" aria-label={t`Chart of sales volume (${currency}) and transactions by day`} className="h-56 w-full min-w-0" data-testid="chart-sales">
          <ResponsiveContainer width="100%" height="100%">
            <ComposedChart data={chart} margin={{ top: 8, right: 0, bottom: 8, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" className="stroke-border" vertical={false} />
              <XAxis dataKey="day" tick={{ fontSize: 12 }} interval="preserveStartEnd" minTickGap={8} />
              <YAxis yAxisId="sales" tickFormatter={(value: number) => compact.format(value)} tick={{ fontSize: 12 }} width={48} />
              <YAxis yAxisId="count" orientation="right" allowDecimals={false} tick={{ fontSize: 12 }} width={36} />
              <Tooltip formatter={(value, name) => (name === t`Sales` ? formatMinorUnits(Math.round(Number(value) * 100), currency) : formatNumber(Number(value)))} />
              <Bar yAxisId="sales" dataKey="sales" name={t`Sales`} fill="var(--color-primary)" radius={[4, 4, 0, 0]} isAnimationActive={false} />
              <Line yAxisId="count" dataKey="transactions" name={t`Transactions`} stroke="var(--color-foreground)" strokeWidth={2} dot={false} isAnimationActive={false} />
            </ComposedChart>
          </ResponsiveContainer>
        </figure>
      </section>
    </div>
  );
}

interface FeatureRow {
  key: FeatureKey;
  name: string;
  entitledShops: number;
  usedShops: number | null;
}

function FeatureUsage({ summary }: { summary: AnalyticsSummary }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const rows: FeatureRow[] = summary.features.map((feature) => ({ ...feature, name: i18n._(FEATURE_KEY_LABELS[feature.key]) }));
  const { sorted, header } = useSortedRows<FeatureRow, 'name' | 'entitledShops' | 'usedShops'>(rows, 'entitledShops', 'first:pl-4');
  const usageLabels: Record<UsageSignalKey, string> = {
    etims: t`eTIMS invoices`,
    mpesa: t`M-Pesa payments`,
    purchases: t`Goods received`,
    expenses: t`Expenses`,
    communications: t`Messages to customers`,
  };
  return (
    <section aria-labelledby="features-heading" className="grid gap-3">
      <h2 id="features-heading" className="font-semibold">
        <Trans>Feature usage</Trans>
      </h2>
      <p className="text-sm text-muted-foreground">
        <Trans>
          Shops whose plan (or running trial) grants each feature now, and shops that used it in the period where their data shows it: sales, sales to customers, gift cards issued, loyalty
          entries, more than one location (now), saved reports. The rest is not measured.
        </Trans>
      </p>
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <div className="max-h-[28rem] min-w-0 overflow-auto rounded-xl border bg-card">
          <Table aria-label={t`Feature usage`} data-testid="features-table">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                {header('name', t`Feature`, false)}
                {header('entitledShops', t`Shops with it`)}
                {header('usedShops', t`Used in period`)}
              </TableRow>
            </TableHeader>
            <TableBody>
              {sorted.map((row) => (
                <TableRow key={row.key}>
                  <TableCell className="pl-4">
                    <span className="font-medium">{row.name}</span> <span className="font-mono text-xs text-muted-foreground">{row.key}</span>
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{formatNumber(row.entitledShops)}</TableCell>
                  <TableCell className="pr-4 text-right tabular-nums">{row.usedShops === null ? <span className="text-muted-foreground">{t`Not measured`}</span> : formatNumber(row.usedShops)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
        <section aria-labelledby="usage-heading" className="grid content-start gap-2 rounded-xl border bg-card p-4" data-testid="usage-signals">
          <h3 id="usage-heading" className="font-medium">
            <Trans>Other areas in use</Trans>
          </h3>
          <p className="text-xs text-muted-foreground">
            <Trans>Shops with rows in the period; no plan key gates these.</Trans>
          </p>
          <dl className="grid gap-1 text-sm">
            {summary.usage.map((line) => (
              <div key={line.key} className="flex justify-between gap-3">
                <dt>{usageLabels[line.key]}</dt>
                <dd className="tabular-nums">{formatNumber(line.usedShops)}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
    </section>
  );
}

function ChurnSignals() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { formatDate, formatDateTime } = useDateFormat();
  const [params, change] = useAddressParams();
  const [daysText, setDaysText] = useState(params.get('idle') ?? String(IDLE_DAYS_DEFAULT));
  const days = Number(daysText);
  const daysValid = /^\d+$/.test(daysText) && days >= 1 && days <= 365;
  const idlePage = Math.max(1, Math.trunc(Number(params.get('idlePage'))) || 1);
  const trialPage = Math.max(1, Math.trunc(Number(params.get('trialPage'))) || 1);
  const idle = useIdleShops({ days: daysValid ? days : IDLE_DAYS_DEFAULT, page: idlePage, pageSize: PAGE_SIZE }, daysValid);
  const trials = useEndingTrials({ page: trialPage, pageSize: PAGE_SIZE });
  const shopLink = (row: { tenantId: string; name: string; subdomain: string }) => (
    <span className="grid">
      <Link to={`/superadmin/tenants/${row.tenantId}`} className={linkClass}>
        {row.name}
      </Link>
      <span className="text-xs text-muted-foreground">{row.subdomain}</span>
    </span>
  );
  const idleColumns: Array<ColumnDef<IdleShop>> = [
    { id: 'shop', header: () => t`Shop`, cell: ({ row }) => shopLink(row.original) },
    { id: 'status', header: () => t`Status`, cell: ({ row }) => <Badge variant={TENANT_STATUS_BADGES[row.original.status]}>{i18n._(TENANT_STATUS_LABELS[row.original.status])}</Badge> },
    {
      id: 'last',
      header: () => t`Last sale`,
      cell: ({ row }) => (row.original.lastSaleDay ? <span className="whitespace-nowrap">{formatDate(`${row.original.lastSaleDay}T12:00:00Z`)}</span> : <span className="text-muted-foreground">{t`Never`}</span>),
    },
    { id: 'idle', header: () => t`Days without a sale`, cell: ({ row }) => <span className="tabular-nums">{formatNumber(row.original.idleDays)}</span> },
  ];
  const trialColumns: Array<ColumnDef<EndingTrial>> = [
    { id: 'shop', header: () => t`Shop`, cell: ({ row }) => shopLink(row.original) },
    { id: 'ends', header: () => t`Trial ends`, cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.trialEnd)}</span> },
    { id: 'owner', header: () => t`Owner`, cell: ({ row }) => <span className="break-all">{row.original.ownerEmail ?? '—'}</span> },
  ];
  return (
    <section aria-labelledby="churn-heading" className="grid gap-4">
      <h2 id="churn-heading" className="flex items-center gap-2 font-semibold">
        <CalendarClockIcon aria-hidden className="size-4" />
        <Trans>Churn signals</Trans>
      </h2>
      <div className="grid min-w-0 gap-3" data-testid="idle-shops">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h3 className="font-medium">
            <Trans>Trial and active shops with no sale for a while</Trans>
          </h3>
          <div className="w-48">
            <FormField id="idle-days" label={t`Days without a sale`} error={daysValid ? undefined : t`Enter 1 to 365 days`}>
              <Input
                {...fieldControlProps('idle-days', { error: daysValid ? undefined : t`Enter 1 to 365 days` })}
                type="number"
                inputMode="numeric"
                min={1}
                max={365}
                value={daysText}
                onChange={(event) => {
                  setDaysText(event.target.value);
                  const next = Number(event.target.value);
                  if (/^\d+$/.test(event.target.value) && next >= 1 && next <= 365) change({ idle: next === IDLE_DAYS_DEFAULT ? undefined : String(next), idlePage: undefined });
                }}
              />
            </FormField>
          </div>
        </div>
        <PagedTable
          query={idle}
          columns={idleColumns}
          label={t`Idle shops`}
          loadingLabel={t`Loading the idle shops`}
          what={t`the idle shops`}
          skeletonColumns={4}
          getRowId={(row) => row.tenantId}
          page={idlePage}
          onPageChange={(next) => change({ idlePage: next > 1 ? String(next) : undefined })}
          empty={<EmptyState icon={StoreIcon} title={t`Every trial and active shop sold in the last ${daysValid ? days : IDLE_DAYS_DEFAULT} days`} />}
        />
      </div>
      <div className="grid min-w-0 gap-3" data-testid="ending-trials">
        <h3 className="font-medium">
          <Trans>Trials ending within 7 days without a payment</Trans>
        </h3>
        <PagedTable
          query={trials}
          columns={trialColumns}
          label={t`Trials ending`}
          loadingLabel={t`Loading the trials`}
          what={t`the trials`}
          skeletonColumns={3}
          getRowId={(row) => row.tenantId}
          page={trialPage}
          onPageChange={(next) => change({ trialPage: next > 1 ? String(next) : undefined })}
          empty={<EmptyState icon={CalendarClockIcon} title={t`No unpaid trial ends in the next 7 days`} />}
        />
      </div>
    </section>
  );
}

function Cohorts({ summary }: { summary: AnalyticsSummary }) {
  const { t } = useLingui();
  const { intlLocale } = useDateFormat();
  const monthName = (month: string) => new Intl.DateTimeFormat(intlLocale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T00:00:00Z`));
  const rows = [...summary.cohorts].reverse();
  return (
    <section aria-labelledby="cohorts-heading" className="grid gap-3" data-testid="cohorts">
      <h2 id="cohorts-heading" className="flex items-center gap-2 font-semibold">
        <UserPlusIcon aria-hidden className="size-4" />
        <Trans>Sign-ups by month</Trans>
      </h2>
      <p className="text-sm text-muted-foreground">
        <Trans>Shops created each month (Nairobi time), the last 12 months, and where each cohort stands now.</Trans>
      </p>
      <DataTable
        label={t`Sign-up cohorts`}
        getRowId={(row) => row.month}
        data={rows}
        columns={[
          { id: 'month', header: () => t`Month`, cell: ({ row }) => <span className="whitespace-nowrap">{monthName(row.original.month)}</span> },
          { id: 'signups', header: () => t`Sign-ups`, cell: ({ row }) => <span className="tabular-nums">{formatNumber(row.original.signups)}</span> },
          { id: 'paying', header: () => t`Paying`, cell: ({ row }) => <span className="tabular-nums">{formatNumber(row.original.byStatus.active)}</span> },
          { id: 'pastDue', header: () => t`Past due`, cell: ({ row }) => <span className="tabular-nums">{formatNumber(row.original.byStatus.past_due)}</span> },
          { id: 'trial', header: () => t`Trialing`, cell: ({ row }) => <span className="tabular-nums">{formatNumber(row.original.byStatus.trial)}</span> },
          { id: 'lapsed', header: () => t`Lapsed or cancelled`, cell: ({ row }) => <span className="tabular-nums">{formatNumber(row.original.byStatus.lapsed)}</span> },
          { id: 'suspended', header: () => t`Suspended`, cell: ({ row }) => <span className="tabular-nums">{formatNumber(row.original.byStatus.suspended)}</span> },
        ]}
      />
    </section>
  );
}
