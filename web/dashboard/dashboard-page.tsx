import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { RotateCwIcon, TriangleAlertIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatQuantity } from '../../core/products/quantity.rules';
import { todayIn } from '../../core/reports/report-periods';
import type { Dashboard, DashboardFigures } from '../../core/reports/reports.schemas';
import { TENDER_LABELS } from '../../core/sales/sales.schemas';
import { useMoney } from '../accounts/use-money';
import { useSignedInUser } from '../auth/auth-provider';
import { mayDo } from '../auth/may-do';
import { roleLabel } from '../auth/role-label';
import { useShopIdentity } from '../admin/use-shop-identity';
import { Button } from '../components/ui/button';
import { NativeSelect } from '../components/ui/native-select';
import { Skeleton } from '../components/ui/skeleton';
import { InlineSpinner } from '../components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../components/ui/table';
import { translateMessage } from '../i18n/translate-message';
import { isApiError } from '../lib/api-client';
import { cn } from '../lib/cn';
import { useDateFormat } from '../lib/date-format';
import { formatNumber } from '../lib/format';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLocations } from '../products/products.api';
import { HourChart, TrendChart } from './dashboard-charts';
import {
  clockTime,
  formatMargin,
  formatSignedPercent,
  formatSignedPoints,
  percentChange,
  periodFromParams,
  periodParams,
  sharesOf,
  weekdayName,
  type PeriodValue,
} from './dashboard-figures';
import { useDashboard } from './dashboard.api';
import { EtimsDashboardWarning } from '../etims/etims-dashboard-warning';
import { FirstRunChecklist } from './first-run-checklist';
import { PeriodPicker } from '../components/period-picker';
import { PlanStatusCard } from './plan-status-card';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';
const LOW_STOCK_PATH = '/admin/products/low-stock';
const DEBTORS_PATH = '/admin/customers/debtors';
const BILLS_DUE_PATH = '/admin/purchases/bills?sort=due';
const SHIFTS_PATH = '/admin/sales?tab=shifts';

/**
 * /admin and /admin/dashboard (issue 18): how the shop is doing over a period (today unless the
 * address says otherwise), per location or all, with last week's same days to compare; a
 * cashier sees their own shift's figures. Refreshes itself every five minutes.
 */
export function DashboardPage() {
  const { t } = useLingui();
  const user = useSignedInUser();
  const shop = useShopIdentity();
  const shopName = shop.name;
  useDocumentTitle(t`Home · ${shopName}`);
  const { timeZone, intlLocale } = useDateFormat();
  const userName = user.fullName?.trim() || t`User`;
  const role = roleLabel(user.role);
  // The shop's figures are for reports.view (as the API answers); anyone else's dashboard is their
  // shift: no period or location to choose.
  const seesShop = mayDo(user, 'reports.view');
  const [params, setParams] = useSearchParams();
  // The period and the location live in the address (Back and a shared link show the same figures).
  const changeParams = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );
  const today = todayIn(timeZone);
  const period = periodFromParams(params, today);
  const locations = useLocations();
  const activeLocations = (locations.data ?? []).filter((location) => location.isActive);
  const locationParam = params.get('location') ?? '';
  const locationId = seesShop && activeLocations.some((location) => location.id === locationParam) ? locationParam : undefined;
  const dashboard = useDashboard(seesShop ? { from: period.from, to: period.to, locationId } : {});
  const data = dashboard.data;

  const setPeriod = (value: PeriodValue) => changeParams(periodParams(value));
  const updatedAt = data ? clockTime(data.generatedAt, timeZone, intlLocale) : null;

  return (
    <div className="grid min-w-0 gap-6">
      <section className="grid gap-1">
        <h1 className="text-2xl font-semibold break-words sm:text-3xl">
          <Trans>Welcome, {userName}</Trans>
        </h1>
        <p className="text-muted-foreground">
          <Trans>
            You are signed in to {shopName} as {role}.
          </Trans>
        </p>
      </section>
      <EtimsDashboardWarning canOpenList={mayDo(user, 'etims.manage')} />
      <FirstRunChecklist />

      <div className="flex min-w-0 flex-wrap items-end gap-x-4 gap-y-3">
        {seesShop && <PeriodPicker value={period} onChange={setPeriod} today={today} idPrefix="dashboard-period" />}
        {seesShop && activeLocations.length > 1 && (
          <div className="grid min-w-0 gap-1.5">
            <label htmlFor="dashboard-location" className="text-sm leading-none font-medium">
              <Trans>Location</Trans>
            </label>
            <NativeSelect id="dashboard-location" value={locationId ?? ''} onChange={(event) => changeParams({ location: event.target.value || undefined })} className="w-48">
              <option value="">{t`All locations`}</option>
              {activeLocations.map((location) => (
                <option key={location.id} value={location.id}>
                  {location.name}
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
        <div className="flex flex-wrap items-center gap-3">
          {/* Not disabled while fetching, so the focus stays on it; a second press waits for the first. */}
          <Button variant="outline" onClick={() => void (dashboard.isFetching ? undefined : dashboard.refetch())} aria-busy={dashboard.isFetching}>
            {dashboard.isFetching ? <InlineSpinner /> : <RotateCwIcon aria-hidden />}
            {dashboard.isFetching ? t`Refreshing…` : t`Refresh`}
          </Button>
          {updatedAt && (
            <p className="text-sm text-muted-foreground" aria-live="polite">
              <Trans>Updated {updatedAt}</Trans>
            </p>
          )}
        </div>
      </div>

      {dashboard.isError && data && (
        // A refresh failed: the last figures stay, with the reason next to them.
        <p role="alert" className="flex items-center gap-2 rounded-xl border border-destructive/40 bg-card p-3 text-sm text-destructive">
          <TriangleAlertIcon aria-hidden className="size-4 shrink-0" />
          <Trans>The figures could not be refreshed; these are from {updatedAt}.</Trans>
        </p>
      )}

      {data ? (
        <DashboardFiguresView data={data} period={period} dimmed={dashboard.isPlaceholderData} />
      ) : dashboard.isError ? (
        <LoadFailure error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : (
        <DashboardSkeleton />
      )}

      {/* The plan and its billing are the owner's business (issue 10 item 6): billing.manage. */}
      {mayDo(user, 'billing.manage') && <PlanStatusCard />}
    </div>
  );
}

/** The dashboard could not be read: why (the server's reason, or the connection) and Retry. */
function LoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useLingui();
  const detail = isApiError(error) && error.status !== 0 && error.code !== 'invalid_response' ? translateMessage(error.message) : t`Check the connection and try again.`;
  return (
    <div role="alert" className="grid justify-items-start gap-3 rounded-xl border border-destructive/40 bg-card p-4 sm:p-6">
      <p className="flex items-center gap-2 font-medium text-destructive">
        <TriangleAlertIcon aria-hidden className="size-4 shrink-0" />
        <Trans>Could not load the dashboard.</Trans>
      </p>
      <p className="text-sm text-muted-foreground">{detail}</p>
      <Button variant="outline" onClick={onRetry}>
        <RotateCwIcon aria-hidden />
        <Trans>Retry</Trans>
      </Button>
    </div>
  );
}

function DashboardSkeleton() {
  const { t } = useLingui();
  const label = t`Loading the dashboard`;
  return (
    <div role="status" aria-label={label} className="grid gap-4">
      <span className="sr-only">{label}</span>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} className="h-24 w-full" />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-72 w-full" />
        <Skeleton className="h-72 w-full" />
      </div>
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

/** The comparison's words: "vs last Wednesday" for a day, "vs the same days last week" otherwise. */
function useCompareWords(data: Dashboard) {
  const { t } = useLingui();
  const { intlLocale } = useDateFormat();
  const weekday = weekdayName(data.compareFrom, intlLocale);
  const oneDay = data.from === data.to;
  return {
    versus: oneDay ? t`vs last ${weekday}` : t`vs the same days last week`,
    nothing: oneDay ? t`nothing last ${weekday} to compare with` : t`nothing the same days last week to compare with`,
  };
}

function DashboardFiguresView({ data, period, dimmed }: { data: Dashboard; period: PeriodValue; dimmed: boolean }) {
  const { t } = useLingui();
  const { formatDate } = useDateFormat();
  const from = formatDate(`${data.from}T12:00:00Z`);
  const to = formatDate(`${data.to}T12:00:00Z`);
  const isShift = data.scope === 'shift';
  const periodName = period.preset === 'today' && data.from === data.to ? t`Today` : from === to ? from : t`${from} to ${to}`;
  return (
    <div className={cn('grid min-w-0 gap-6 transition-opacity', dimmed && 'opacity-60')} aria-busy={dimmed}>
      <section aria-labelledby="dashboard-figures" className="grid gap-3">
        <div className="grid gap-0.5">
          <h2 id="dashboard-figures" className="text-xl font-semibold">
            {isShift ? <Trans>Your shift’s figures</Trans> : periodName}
          </h2>
          {isShift && (
            <p className="text-sm text-muted-foreground">
              <Trans>The sales you rang up on your shift; the shop’s other figures are for managers.</Trans>
            </p>
          )}
        </div>
        <KpiTiles data={data} />
      </section>

      {data.problems.length > 0 && <Problems problems={data.problems} />}

      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        <HourChart byHour={data.byHour} />
        <TrendChart trend={data.trend} />
      </div>

      <div className="grid min-w-0 gap-4 md:grid-cols-2 lg:grid-cols-3">
        <TenderMix tenders={data.tenders} />
        <TopProducts products={data.topProducts} />
        <TopCategories categories={data.topCategories} />
      </div>

      <FollowUps data={data} />

      {data.openShifts.length > 0 && <OpenShifts shifts={data.openShifts} />}

      {data.pinned.length > 0 && (
        <section aria-labelledby="dashboard-pinned" className="grid gap-2 rounded-xl border bg-card p-4">
          <h2 id="dashboard-pinned" className="font-semibold">
            <Trans>Pinned reports</Trans>
          </h2>
          <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
            {data.pinned.map((report) => (
              <li key={report.id} className="min-w-0 break-words">
                <Link to={`/admin/reports?saved=${encodeURIComponent(report.id)}`} className={linkClass}>
                  {report.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** Sales, number of sales, average sale, and (for those who may see costs) gross profit and margin, each against last week. */
function KpiTiles({ data }: { data: Dashboard }) {
  const { t } = useLingui();
  const { money } = useMoney();
  const { intlLocale } = useDateFormat();
  const words = useCompareWords(data);
  const { versus } = words;
  // A shift has no "last week" of its own: its figures stand alone.
  const compared = data.scope === 'shop';
  const change = (pick: (figures: DashboardFigures) => number) => {
    if (!compared) return null;
    const percent = percentChange(pick(data.figures), pick(data.compare));
    if (percent === null) return words.nothing;
    const signed = formatSignedPercent(percent, intlLocale);
    return t`${signed} ${versus}`;
  };
  const { grossProfitMinor, marginBp } = data.figures;
  const previousMargin = data.compare.marginBp;
  const points = typeof marginBp === 'number' && typeof previousMargin === 'number' ? formatSignedPoints(marginBp - previousMargin, intlLocale) : null;
  const marginChange = !compared || typeof marginBp !== 'number' ? null : points === null ? words.nothing : t`${points} points ${versus}`;
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
      <KpiTile label={t`Sales`} value={money(data.figures.netSalesMinor)} change={change((figures) => figures.netSalesMinor)} />
      <KpiTile label={t`Number of sales`} value={formatNumber(data.figures.saleCount)} change={change((figures) => figures.saleCount)} />
      <KpiTile label={t`Average sale`} value={money(data.figures.averageBasketMinor)} change={change((figures) => figures.averageBasketMinor)} />
      {grossProfitMinor !== undefined && <KpiTile label={t`Gross profit`} value={money(grossProfitMinor)} change={change((figures) => figures.grossProfitMinor ?? 0)} />}
      {typeof marginBp === 'number' && <KpiTile label={t`Margin`} value={formatMargin(marginBp, intlLocale)} change={marginChange} />}
    </ul>
  );
}

function KpiTile({ label, value, change }: { label: string; value: string; change: string | null }) {
  const labelId = useId();
  return (
    <li className="min-w-0 rounded-xl border bg-card p-4">
      <dl role="group" aria-labelledby={labelId} className="grid gap-1">
        <dt id={labelId} className="text-sm text-muted-foreground">
          {label}
        </dt>
        <dd className="text-xl font-semibold break-words tabular-nums">{value}</dd>
        {change !== null && <dd className="text-xs text-muted-foreground">{change}</dd>}
      </dl>
    </li>
  );
}

function Problems({ problems }: { problems: Dashboard['problems'] }) {
  return (
    <section aria-labelledby="dashboard-problems" role="alert" className="grid gap-2 rounded-xl border border-amber-500/50 bg-amber-500/5 p-4 text-sm">
      <h2 id="dashboard-problems" className="flex items-center gap-2 font-semibold">
        <TriangleAlertIcon aria-hidden className="size-4 shrink-0 text-amber-600" />
        <Trans>To look at</Trans>
      </h2>
      <ul className="grid gap-1">
        {problems.map((problem) => (
          <li key={problem.kind}>
            {problem.kind === 'late_sales' ? (
              <Plural value={problem.count} one="# sale reached the shop after its shift was closed." other="# sales reached the shop after their shift was closed." />
            ) : (
              <Plural value={problem.count} one="# sale is still waiting on a till to be sent." other="# sales are still waiting on a till to be sent." />
            )}
          </li>
        ))}
      </ul>
      <Link to={SHIFTS_PATH} className={linkClass}>
        <Trans>Shifts</Trans>
      </Link>
    </section>
  );
}

/** A card of a list, with a line for when it is empty. */
function ListCard({ id, title, isEmpty, children }: { id: string; title: string; isEmpty: boolean; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid min-w-0 content-start gap-3 rounded-xl border bg-card p-4">
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      {isEmpty ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No sales in this period.</Trans>
        </p>
      ) : (
        children
      )}
    </section>
  );
}

/** How the period's sales were paid, each way's amount and share. */
function TenderMix({ tenders }: { tenders: Dashboard['tenders'] }) {
  const { t } = useLingui();
  const { money } = useMoney();
  const shares = sharesOf(tenders.map((tender) => tender.amountMinor));
  return (
    <ListCard id="dashboard-tenders" title={t`How customers paid`} isEmpty={tenders.length === 0}>
      <ul className="grid gap-2 text-sm">
        {tenders.map((tender, index) => (
          <li key={tender.tender} className="grid gap-1">
            <div className="flex flex-wrap justify-between gap-x-3">
              <span>{translateMessage(TENDER_LABELS[tender.tender])}</span>
              <span className="whitespace-nowrap tabular-nums">
                {money(tender.amountMinor)} <span className="text-muted-foreground">({shares[index]}%)</span>
              </span>
            </div>
            <div aria-hidden className="h-1.5 overflow-hidden rounded-full bg-muted">
              <div className="h-full rounded-full bg-primary" style={{ width: `${Math.max(0, Math.min(100, shares[index] ?? 0))}%` }} />
            </div>
          </li>
        ))}
      </ul>
    </ListCard>
  );
}

function TopProducts({ products }: { products: Dashboard['topProducts'] }) {
  const { t } = useLingui();
  const { money } = useMoney();
  return (
    <ListCard id="dashboard-top-products" title={t`Top products`} isEmpty={products.length === 0}>
      <ol className="grid gap-2 text-sm">
        {products.map((product) => {
          const quantity = formatQuantity(product.quantity);
          return (
            <li key={product.productId} className="flex flex-wrap justify-between gap-x-3">
              <span className="min-w-0 break-words">
                {product.name} <span className="text-muted-foreground">× {quantity}</span>
              </span>
              <span className="whitespace-nowrap tabular-nums">{money(product.netSalesMinor)}</span>
            </li>
          );
        })}
      </ol>
    </ListCard>
  );
}

function TopCategories({ categories }: { categories: Dashboard['topCategories'] }) {
  const { t } = useLingui();
  const { money } = useMoney();
  return (
    <ListCard id="dashboard-top-categories" title={t`Top categories`} isEmpty={categories.length === 0}>
      <ol className="grid gap-2 text-sm">
        {categories.map((category) => (
          <li key={category.categoryId ?? 'none'} className="flex flex-wrap justify-between gap-x-3">
            <span className="min-w-0 break-words">{category.name ?? t`No category`}</span>
            <span className="whitespace-nowrap tabular-nums">{money(category.netSalesMinor)}</span>
          </li>
        ))}
      </ol>
    </ListCard>
  );
}

/** Low stock, what customers owe and what is due to suppliers this week: each a way into its page. Cashiers get none of them. */
function FollowUps({ data }: { data: Dashboard }) {
  const { t } = useLingui();
  const { money } = useMoney();
  const { lowStockCount, receivables, payablesDueThisWeek } = data;
  if (lowStockCount === null && receivables === null && payablesDueThisWeek === null) return null;
  return (
    <section aria-labelledby="dashboard-follow-ups" className="grid gap-3">
      <h2 id="dashboard-follow-ups" className="font-semibold">
        <Trans>To follow up</Trans>
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {lowStockCount !== null && (
          <FollowUpCard label={t`Low stock`} value={formatNumber(lowStockCount)} to={LOW_STOCK_PATH} linkText={t`See low stock`}>
            <Plural value={lowStockCount} one="product at or below its reorder level" other="products at or below their reorder level" />
          </FollowUpCard>
        )}
        {receivables !== null && (
          <FollowUpCard label={t`Customers owe`} value={money(receivables.dueMinor)} to={DEBTORS_PATH} linkText={t`See debtors`}>
            {receivables.overdueMinor > 0 ? (
              <span className="text-destructive">
                <OverdueLine overdue={money(receivables.overdueMinor)} customers={receivables.overdueCustomers} />
              </span>
            ) : (
              <Trans>Nothing overdue</Trans>
            )}
          </FollowUpCard>
        )}
        {payablesDueThisWeek !== null && (
          <FollowUpCard label={t`Supplier bills due this week`} value={money(payablesDueThisWeek.amountMinor)} to={BILLS_DUE_PATH} linkText={t`See bills`}>
            <Plural value={payablesDueThisWeek.billCount} one="# bill" other="# bills" />
          </FollowUpCard>
        )}
      </ul>
    </section>
  );
}

function OverdueLine({ overdue, customers }: { overdue: string; customers: number }) {
  const { t } = useLingui();
  return t`${overdue} overdue, ${plural(customers, { one: '# customer', other: '# customers' })}`;
}

function FollowUpCard({ label, value, to, linkText, children }: { label: string; value: string; to: string; linkText: string; children: ReactNode }) {
  const labelId = useId();
  return (
    <li className="grid min-w-0 content-between gap-3 rounded-xl border bg-card p-4">
      <dl role="group" aria-labelledby={labelId} className="grid gap-1">
        <dt id={labelId} className="text-sm text-muted-foreground">
          {label}
        </dt>
        <dd className="text-xl font-semibold break-words tabular-nums">{value}</dd>
        <dd className="text-sm text-muted-foreground">{children}</dd>
      </dl>
      <Link to={to} className={cn(linkClass, 'text-sm')}>
        {linkText}
      </Link>
    </li>
  );
}

function OpenShifts({ shifts }: { shifts: Dashboard['openShifts'] }) {
  const { t } = useLingui();
  const { money } = useMoney();
  const { formatDateTime } = useDateFormat();
  return (
    <section aria-labelledby="dashboard-open-shifts" className="grid min-w-0 gap-3 rounded-xl border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="dashboard-open-shifts" className="font-semibold">
          <Trans>Open shifts</Trans>
        </h2>
        <Link to={SHIFTS_PATH} className={cn(linkClass, 'text-sm')}>
          <Trans>All shifts</Trans>
        </Link>
      </div>
      <Table aria-label={t`Open shifts`}>
        <TableHeader>
          <TableRow>
            <TableHead>
              <Trans>Register</Trans>
            </TableHead>
            <TableHead>
              <Trans>Cashier</Trans>
            </TableHead>
            <TableHead>
              <Trans>Opened</Trans>
            </TableHead>
            <TableHead className="text-right">
              <Trans>Number of sales</Trans>
            </TableHead>
            <TableHead className="text-right">
              <Trans>Sales</Trans>
            </TableHead>
            <TableHead className="text-right">
              <Trans>Expected cash</Trans>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {shifts.map((shift) => (
            <TableRow key={shift.shiftId}>
              <TableCell>
                <span className="font-medium">{shift.registerName}</span>
                <span className="block text-xs text-muted-foreground">{shift.locationName}</span>
              </TableCell>
              <TableCell>{shift.cashierName ?? '—'}</TableCell>
              <TableCell className="whitespace-nowrap">{formatDateTime(shift.openedAt)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatNumber(shift.saleCount)}</TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">{money(shift.netSalesMinor)}</TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">{money(shift.expectedCashMinor)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
