import { Trans, useLingui } from '@lingui/react/macro';
import { ActivityIcon, AlertTriangleIcon, ClockIcon, DatabaseIcon, GaugeIcon, InboxIcon, ListChecksIcon, RefreshCwIcon, TagIcon } from 'lucide-react';
import type { OutboxKind, RouteFamily, SystemHealth } from '../../core/platform/system.schemas';
import { Button } from '../components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../components/ui/table';
import { DetailSkeleton, LoadError } from '../inventory/inventory-ui';
import { useDateFormat } from '../lib/date-format';
import { currentIntlLocale, formatNumber } from '../lib/format';
import { useDocumentTitle } from '../lib/use-document-title';
import { Figure, useSortedRows } from './console-parts';
import { useSystemHealth } from './system.api';

type FamilySort = keyof Pick<RouteFamily, 'family' | 'requests' | 'clientErrors' | 'serverErrors' | 'errorRate' | 'p50Ms' | 'p95Ms' | 'p99Ms'>;

/** A share (0–1) as a percentage with up to two decimals; a dash without requests. */
export function formatShare(share: number | null): string {
  if (share === null) return '—';
  return new Intl.NumberFormat(currentIntlLocale(), { style: 'percent', maximumFractionDigits: 2 }).format(share);
}

/** Milliseconds as "12.3 ms" or "1.25 s". */
export function formatLatency(ms: number | null): string {
  if (ms === null) return '—';
  return ms >= 1000 ? `${formatNumber(Math.round(ms / 10) / 100)} s` : `${formatNumber(Math.round(ms * 10) / 10)} ms`;
}

/**
 * /superadmin/system (issue 21): this server's uptime, version, request and error rates, latency
 * per route family from the in-process metrics (also at /metrics for Prometheus), the database's
 * connections, the job queue and the outboxes across every shop. Asks again every 15 seconds.
 */
export function SystemPage() {
  const { t } = useLingui();
  const { timeZone, intlLocale } = useDateFormat();
  useDocumentTitle(t`System Health`);
  const health = useSystemHealth();
  // To the second: the page asks again every 15 seconds.
  const updatedAt = health.dataUpdatedAt
    ? new Intl.DateTimeFormat(intlLocale, { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(health.dataUpdatedAt)
    : null;
  return (
    <div className="grid min-w-0 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold sm:text-3xl">
            <Trans>System Health</Trans>
          </h1>
          <p className="text-sm text-muted-foreground">
            <Trans>This server's requests since it started, the database, the job queue and the outboxes of every shop.</Trans>
          </p>
        </div>
        <div className="flex items-center gap-2 text-sm text-muted-foreground">
          <span aria-live="polite" data-testid="updated-at" data-updated-at={health.dataUpdatedAt || undefined}>
            {updatedAt ? <Trans>Updated at {updatedAt}, every 15 seconds</Trans> : null}
          </span>
          <Button variant="outline" size="sm" onClick={() => void health.refetch()} disabled={health.isFetching}>
            <RefreshCwIcon aria-hidden className={health.isFetching ? 'animate-spin' : undefined} />
            <Trans>Refresh</Trans>
          </Button>
        </div>
      </div>
      {health.isPending ? (
        <DetailSkeleton label={t`Loading the system health`} />
      ) : health.isError ? (
        <LoadError error={health.error} what={t`the system health`} onRetry={() => void health.refetch()} />
      ) : (
        <SystemHealthView health={health.data} />
      )}
    </div>
  );
}

function SystemHealthView({ health }: { health: SystemHealth }) {
  const { t } = useLingui();
  const { formatDateTime } = useDateFormat();
  const perMinute = formatNumber(health.recent.requestsPerMinute);
  const windowMinutes = health.recent.windowMinutes;
  const serverErrors = formatShare(health.recent.serverErrorRate);
  const clientErrors = formatShare(health.recent.clientErrorRate);
  const startedAt = formatDateTime(health.startedAt);
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure icon={ClockIcon} title={t`Uptime`} testId="uptime" note={t`Since ${startedAt}`}>
          <Uptime seconds={health.uptimeSeconds} />
        </Figure>
        <Figure icon={TagIcon} title={t`Version`} testId="version" note={health.commit ? t`Commit ${health.commit}` : t`No commit recorded (GIT_COMMIT)`}>
          {health.version}
        </Figure>
        <Figure icon={ActivityIcon} title={t`Requests per minute`} testId="request-rate" note={t`Average of the last ${windowMinutes} minutes`}>
          {perMinute}
        </Figure>
        <Figure icon={AlertTriangleIcon} title={t`Error rate`} testId="error-rate" note={t`Server errors (5xx) in the last ${windowMinutes} minutes; refusals (4xx): ${clientErrors}`}>
          {serverErrors}
        </Figure>
      </div>
      <RecentMinutes minutes={health.recentMinutes} />
      <section aria-labelledby="route-families" className="grid gap-3">
        <h2 id="route-families" className="flex items-center gap-2 font-semibold">
          <GaugeIcon aria-hidden className="size-4" />
          <Trans>Latency per route family</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          <Trans>Since this server started. Percentiles are estimated from the latency histogram's buckets (as Prometheus does); the same figures are at /metrics.</Trans>
        </p>
        <FamiliesTable families={health.families} />
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <DatabaseSection database={health.database} />
        <OutboxSection outboxes={health.outboxes} />
      </div>
      <JobsSection jobs={health.jobs} />
    </>
  );
}

function Uptime({ seconds }: { seconds: number }) {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return <Trans>{days} d {hours} h {minutes} min</Trans>;
  if (hours > 0) return <Trans>{hours} h {minutes} min</Trans>;
  const rest = seconds % 60;
  return <Trans>{minutes} min {rest} s</Trans>;
}

function RecentMinutes({ minutes }: { minutes: SystemHealth['recentMinutes'] }) {
  const { t } = useLingui();
  const { formatDateTime } = useDateFormat();
  const highest = Math.max(1, ...minutes.map((minute) => minute.requests));
  return (
    <section aria-labelledby="recent-minutes" className="grid gap-3 rounded-xl border bg-card p-4">
      <h2 id="recent-minutes" className="text-sm text-muted-foreground">
        <Trans>Requests per minute, last 15 minutes (errors in red)</Trans>
      </h2>
      <ol className="flex h-24 items-end gap-1" data-testid="recent-minutes">
        {minutes.map((minute) => {
          const at = formatDateTime(minute.at);
          const requests = formatNumber(minute.requests);
          const errors = formatNumber(minute.serverErrors + minute.clientErrors);
          const label = t`${at}: ${requests} requests, ${errors} errors`;
          const height = (minute.requests / highest) * 100;
          const errorShare = minute.requests ? ((minute.serverErrors + minute.clientErrors) / minute.requests) * 100 : 0;
          return (
            <li key={minute.at} className="flex h-full min-w-0 flex-1 flex-col justify-end" title={label}>
              <span className="sr-only">{label}</span>
              <span aria-hidden className="flex w-full flex-col justify-end overflow-hidden rounded-sm bg-primary/70" style={{ height: `${Math.max(height, minute.requests ? 3 : 1)}%` }}>
                <span className="w-full bg-destructive" style={{ height: `${errorShare}%` }} />
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function FamiliesTable({ families }: { families: RouteFamily[] }) {
  const { t } = useLingui();
  const { sorted, header } = useSortedRows<RouteFamily, FamilySort>(families, 'p95Ms', 'first:pl-4');
  if (families.length === 0) return <p className="text-sm text-muted-foreground"><Trans>No requests counted yet.</Trans></p>;
  return (
    <div className="rounded-xl border bg-card">
      <Table aria-label={t`Latency per route family`} data-testid="families-table">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            {header('family', t`Family`, false)}
            {header('requests', t`Requests`)}
            {header('clientErrors', t`4xx`)}
            {header('serverErrors', t`5xx`)}
            {header('errorRate', t`Error rate`)}
            {header('p50Ms', t`p50`)}
            {header('p95Ms', t`p95`)}
            {header('p99Ms', t`p99`)}
          </TableRow>
        </TableHeader>
        <TableBody>
          {sorted.map((family) => (
            <TableRow key={family.family}>
              <TableCell className="pl-4 font-medium">{family.family}</TableCell>
              <TableCell className="text-right tabular-nums">{formatNumber(family.requests)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatNumber(family.clientErrors)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatNumber(family.serverErrors)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatShare(family.errorRate)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatLatency(family.p50Ms)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatLatency(family.p95Ms)}</TableCell>
              <TableCell className="pr-4 text-right tabular-nums">{formatLatency(family.p99Ms)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function DatabaseSection({ database }: { database: SystemHealth['database'] }) {
  const inUse = database.inUse === null ? '—' : formatNumber(database.inUse);
  const poolSize = formatNumber(database.poolSize);
  return (
    <section aria-labelledby="database-connections" className="grid content-start gap-3 rounded-xl border bg-card p-4" data-testid="database-connections">
      <h2 id="database-connections" className="flex items-center gap-2 font-semibold">
        <DatabaseIcon aria-hidden className="size-4" />
        <Trans>Database connections</Trans>
      </h2>
      <p className="text-2xl font-semibold tabular-nums">
        <span data-testid="connections-in-use">{inUse}</span> / <span data-testid="pool-size">{poolSize}</span>
      </p>
      <p className="text-xs text-muted-foreground">
        <Trans>In use / pool size, this server</Trans>
      </p>
      {database.driver === 'pglite' ? (
        <p className="text-sm text-muted-foreground">
          <Trans>PGlite, the embedded database: a single connection inside this process; requests take turns on it. There is no pool to size.</Trans>
        </p>
      ) : (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground"><Trans>Idle in this server's pool</Trans></dt>
          <dd className="tabular-nums">{database.idle === null ? '—' : formatNumber(database.idle)}</dd>
          <dt className="text-muted-foreground"><Trans>Requests waiting for a connection</Trans></dt>
          <dd className="tabular-nums">{database.waiting === null ? '—' : formatNumber(database.waiting)}</dd>
          <dt className="text-muted-foreground"><Trans>Connections to the database, every server</Trans></dt>
          <dd className="tabular-nums">
            {database.serverConnections === null ? '—' : formatNumber(database.serverConnections)}
            {database.maxConnections !== null && <> / {formatNumber(database.maxConnections)}</>}
          </dd>
        </dl>
      )}
    </section>
  );
}

function OutboxSection({ outboxes }: { outboxes: SystemHealth['outboxes'] }) {
  const { t } = useLingui();
  const { formatDateTime } = useDateFormat();
  const labels: Record<OutboxKind, string> = {
    email: t`E-mail (sign-in, receipts, statements)`,
    sms: t`SMS`,
    whatsapp: t`WhatsApp`,
    message_email: t`Shop messages by e-mail`,
    etims: t`eTIMS documents`,
  };
  return (
    <section aria-labelledby="outboxes" className="grid content-start gap-3">
      <h2 id="outboxes" className="flex items-center gap-2 font-semibold">
        <InboxIcon aria-hidden className="size-4" />
        <Trans>Outboxes</Trans>
      </h2>
      <div className="rounded-xl border bg-card">
        <Table aria-label={t`Outboxes`} data-testid="outboxes-table">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="pl-4"><Trans>Outbox</Trans></TableHead>
              <TableHead className="text-right"><Trans>Waiting</Trans></TableHead>
              <TableHead className="text-right"><Trans>Failed</Trans></TableHead>
              <TableHead className="text-right"><Trans>Shops</Trans></TableHead>
              <TableHead className="pr-4"><Trans>Oldest waiting</Trans></TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {outboxes.map((outbox) => (
              <TableRow key={outbox.kind} data-testid={`outbox-${outbox.kind}`}>
                <TableCell className="pl-4 font-medium">{labels[outbox.kind]}</TableCell>
                <TableCell className="text-right tabular-nums">{formatNumber(outbox.pending)}</TableCell>
                <TableCell className={outbox.failed > 0 ? 'text-right font-medium text-destructive tabular-nums' : 'text-right tabular-nums'}>{formatNumber(outbox.failed)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatNumber(outbox.shops)}</TableCell>
                <TableCell className="pr-4">{outbox.oldestPendingAt ? formatDateTime(outbox.oldestPendingAt) : '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <p className="text-xs text-muted-foreground">
        <Trans>Failed: messages and e-mails given up on in the last 7 days; eTIMS documents KRA refused, all of them.</Trans>
      </p>
    </section>
  );
}

function JobsSection({ jobs }: { jobs: SystemHealth['jobs'] }) {
  const { t } = useLingui();
  const { formatDateTime } = useDateFormat();
  const counts: Array<[string, number, string]> = [
    [t`Due`, jobs.due, 'due'],
    [t`Running`, jobs.running, 'running'],
    [t`Scheduled`, jobs.scheduled, 'scheduled'],
    [t`Retrying after a failure`, jobs.retrying, 'retrying'],
  ];
  return (
    <section aria-labelledby="job-queue" className="grid gap-3">
      <h2 id="job-queue" className="flex items-center gap-2 font-semibold">
        <ListChecksIcon aria-hidden className="size-4" />
        <Trans>Job queue</Trans>
      </h2>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {counts.map(([label, value, id]) => (
          <li key={id} className="grid gap-1 rounded-xl border bg-card p-4" data-testid={`jobs-${id}`}>
            <span className="text-sm text-muted-foreground">{label}</span>
            <span className="text-2xl font-semibold tabular-nums">{formatNumber(value)}</span>
          </li>
        ))}
      </ul>
      <h3 className="text-sm font-medium">
        <Trans>Recent failures</Trans>
      </h3>
      {jobs.recentFailures.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="job-failures-empty">
          <Trans>No job is waiting to be retried.</Trans>
        </p>
      ) : (
        <div className="rounded-xl border bg-card">
          <Table aria-label={t`Recent job failures`}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead className="pl-4"><Trans>Job</Trans></TableHead>
                <TableHead className="text-right"><Trans>Attempts</Trans></TableHead>
                <TableHead><Trans>Error</Trans></TableHead>
                <TableHead><Trans>Failed at</Trans></TableHead>
                <TableHead className="pr-4"><Trans>Next try</Trans></TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {jobs.recentFailures.map((failure) => (
                <TableRow key={failure.id}>
                  <TableCell className="pl-4 font-medium">{failure.name}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatNumber(failure.attempts)}</TableCell>
                  <TableCell className="max-w-80 truncate" title={failure.error}>{failure.error}</TableCell>
                  <TableCell>{failure.failedAt ? formatDateTime(failure.failedAt) : '—'}</TableCell>
                  <TableCell className="pr-4">{formatDateTime(failure.retryAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}

