import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { BellIcon, ReceiptIcon, StoreIcon, TrendingUpIcon, UserPlusIcon } from 'lucide-react';
import { Link } from 'react-router';
import { formatMinorUnits } from '../../core/settings/money.rules';
import { PLATFORM_TENANT_STATUSES } from '../../core/platform/tenant-status.rules';
import { DetailSkeleton, LoadError } from '../inventory/inventory-ui';
import { cn } from '../lib/cn';
import { useDateFormat } from '../lib/date-format';
import { formatNumber } from '../lib/format';
import { useDocumentTitle } from '../lib/use-document-title';
import { Figure } from './console-parts';
import { useOverview } from './platform.api';
import { ALERT_LABELS, TENANT_STATUS_LABELS } from './platform-labels';

/** /superadmin (issue 21): the platform at a glance, each figure read across every shop now. */
export function OverviewPage() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { formatDateTime } = useDateFormat();
  useDocumentTitle(t`Platform overview · Dukani`);
  const overview = useOverview();
  return (
    <div className="grid min-w-0 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold sm:text-3xl">
          <Trans>Platform overview</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>Every shop on Dukani, their subscriptions, today's sales and what needs attention.</Trans>
        </p>
      </div>
      {overview.isPending ? (
        <DetailSkeleton label={t`Loading the overview`} />
      ) : overview.isError ? (
        <LoadError error={overview.error} what={t`the overview`} onRetry={() => void overview.refetch()} />
      ) : (
        <>
          <section aria-labelledby="tenants-by-status" className="grid gap-3">
            <h2 id="tenants-by-status" className="flex items-center gap-2 font-semibold">
              <StoreIcon aria-hidden className="size-4" />
              <Trans>Tenants by status</Trans>
              <span className="text-sm font-normal text-muted-foreground">
                <Plural value={overview.data.tenantCount} one="# shop in all" other="# shops in all" />
              </span>
            </h2>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
              {PLATFORM_TENANT_STATUSES.map((status) => (
                <li key={status}>
                  <Link
                    to={`/superadmin/tenants?status=${status}`}
                    data-testid={`status-${status}`}
                    className="grid gap-1 rounded-xl border bg-card p-4 outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/60"
                  >
                    <span className="text-sm text-muted-foreground">{i18n._(TENANT_STATUS_LABELS[status])}</span>
                    <span className="text-2xl font-semibold tabular-nums">{formatNumber(overview.data.tenantsByStatus[status])}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
          <div className="grid gap-3 sm:grid-cols-3">
            <Figure icon={UserPlusIcon} title={t`Sign-ups this week`} testId="signups">
              {formatNumber(overview.data.signupsThisWeek)}
            </Figure>
            <Figure icon={TrendingUpIcon} title={t`Monthly recurring revenue`} testId="mrr" note={t`Active paid subscriptions at their plan's price; yearly plans count a twelfth.`}>
              {overview.data.mrr.length === 0 ? formatMinorUnits(0, 'KES') : overview.data.mrr.map((line) => <span key={line.currency} className="block">{formatMinorUnits(line.amountMinor, line.currency)}</span>)}
            </Figure>
            <Figure icon={ReceiptIcon} title={t`Sales today, all shops`} testId="sales-today" note={t`Since midnight, Nairobi time; voided sales left out.`}>
              {overview.data.salesToday.length === 0 ? (
                <Trans>No sales yet</Trans>
              ) : (
                overview.data.salesToday.map((line) => (
                  <span key={line.currency} className="block">
                    {formatMinorUnits(line.amountMinor, line.currency)}{' '}
                    <span className="text-sm font-normal text-muted-foreground">
                      <Plural value={line.count} one="(# sale)" other="(# sales)" />
                    </span>
                  </span>
                ))
              )}
            </Figure>
          </div>
          <section aria-labelledby="platform-alerts" className="grid gap-3">
            <h2 id="platform-alerts" className="flex items-center gap-2 font-semibold">
              <BellIcon aria-hidden className="size-4" />
              <Trans>Alerts</Trans>
            </h2>
            <ul className="grid gap-2">
              {overview.data.alerts.map((alert) => (
                <li
                  key={alert.kind}
                  data-testid={`alert-${alert.kind}`}
                  className={cn('flex flex-wrap items-baseline justify-between gap-2 rounded-xl border p-4', alert.count > 0 ? 'border-destructive/40 bg-destructive/5' : 'bg-card')}
                >
                  <span className="font-medium">{i18n._(ALERT_LABELS[alert.kind])}</span>
                  <span className="text-sm text-muted-foreground">
                    {alert.count === 0 ? (
                      <Trans>None</Trans>
                    ) : (
                      <>
                        {t`${formatNumber(alert.count)} in ${plural(alert.shops, { one: '# shop', other: '# shops' })}`}
                        {alert.latestAt && <> · {t`latest ${formatDateTime(alert.latestAt)}`}</>}
                      </>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}

