import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@tanstack/react-table';
import { ActivityIcon, GaugeIcon, KeyRoundIcon, LockIcon, LogInIcon, MonitorSmartphoneIcon, ScrollTextIcon, ShieldAlertIcon, UserXIcon, WebhookIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PLATFORM_AUDIT_ACTIONS, type PlatformAuditEventView } from '../../core/platform/platform.schemas';
import {
  SECURITY_EVENT_KINDS,
  SECURITY_EVENT_SORTS,
  SESSION_SORTS,
  type PlatformSession,
  type SecurityEvent,
  type SecurityEventKind,
  type SecurityFigures,
  type SecuritySummary,
  type SignInLock,
} from '../../core/platform/security.schemas';
import { SortButton } from '../components/sort-button';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { NativeSelect } from '../components/ui/native-select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../components/ui/table';
import { PagedTable } from '../inventory/data-table';
import { DetailSkeleton, EmptyState, LoadError, useAddressParams, useSearchInAddress } from '../inventory/inventory-ui';
import { PAGE_SIZE } from '../inventory/inventory.api';
import { useDateFormat } from '../lib/date-format';
import { failureMessage } from '../lib/form-errors';
import { formatNumber } from '../lib/format';
import { toast } from '../lib/toast';
import { useDocumentTitle } from '../lib/use-document-title';
import { Figure, useSortedRows } from './console-parts';
import { PLATFORM_ACTION_LABELS } from './platform-labels';
import { usePlatformAuditLog, usePlatformSessions, useRevokeSession, useSecurityEvents, useSecuritySummary, useSignInLocks, useUnlockSignIn } from './security.api';
import { formatShare } from './system-page';

const EVENT_KIND_LABELS: Record<SecurityEventKind, MessageDescriptor> = {
  sign_in_failed: msg`Sign-in failed`,
  sign_in_succeeded: msg`Signed in`,
  rate_limited: msg`Rate limit hit`,
  webhook_signature_failed: msg`Callback refused`,
};

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';
const pageOf = (value: string | null) => Math.max(1, Math.trunc(Number(value)) || 1);
const pageParam = (next: number) => (next > 1 ? String(next) : undefined);

/**
 * /superadmin/security (issue 21): sign-ins and their failures of the last 24 hours and 7 days, the
 * addresses and accounts failing most, sign-in locks (ended here), every live session (revoked
 * here), the recorded events, the refused provider callbacks and the platform audit log. Each list
 * is a server page at a time, its search, sort and page kept in the address under its own names.
 */
export function SecurityPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Security`);
  const summary = useSecuritySummary();
  return (
    <div className="grid min-w-0 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold sm:text-3xl">
          <Trans>Security</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>Sign-ins and failures, rate limits, locked accounts, sessions, refused callbacks and every platform admin action.</Trans>
        </p>
      </div>
      {summary.isPending ? (
        <DetailSkeleton label={t`Loading the security figures`} />
      ) : summary.isError ? (
        <LoadError error={summary.error} what={t`the security figures`} onRetry={() => void summary.refetch()} />
      ) : (
        <SummaryView summary={summary.data} />
      )}
      <LocksSection />
      <SessionsSection />
      <EventsSection />
      {summary.data && <WebhookFailuresSection failures={summary.data.webhookFailures} />}
      <AuditLogSection />
    </div>
  );
}

function FigureRow({ figures, period, testId }: { figures: SecurityFigures; period: string; testId: string }) {
  const { t } = useLingui();
  const share = figures.signInAttempts ? figures.signInFailures / figures.signInAttempts : null;
  return (
    <section aria-label={period} className="grid gap-2" data-testid={testId}>
      <h2 className="text-sm font-semibold">{period}</h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <Figure icon={LogInIcon} title={t`Sign-in attempts`} testId={`${testId}-attempts`}>
          {formatNumber(figures.signInAttempts)}
        </Figure>
        <Figure icon={UserXIcon} title={t`Failed sign-ins`} testId={`${testId}-failures`}>
          {formatNumber(figures.signInFailures)}
        </Figure>
        <Figure icon={ShieldAlertIcon} title={t`Failure rate`} testId={`${testId}-failure-rate`}>
          {formatShare(share)}
        </Figure>
        <Figure icon={GaugeIcon} title={t`Rate-limit hits`} testId={`${testId}-rate-limited`}>
          {formatNumber(figures.rateLimitHits)}
        </Figure>
        <Figure icon={WebhookIcon} title={t`Refused callbacks`} testId={`${testId}-webhooks`}>
          {formatNumber(figures.webhookSignatureFailures)}
        </Figure>
      </div>
    </section>
  );
}

/** Failed sign-ins grouped by one thing (an address, or the e-mail typed), with how many of the other each reached. */
interface FailureGroup {
  key: string;
  failures: number;
  others: number;
  lastAt: string;
}

function SummaryView({ summary }: { summary: SecuritySummary }) {
  const { t } = useLingui();
  return (
    <>
      <FigureRow figures={summary.last24Hours} period={t`Last 24 hours`} testId="security-24h" />
      <FigureRow figures={summary.last7Days} period={t`Last 7 days`} testId="security-7d" />
      <div className="grid gap-6 lg:grid-cols-2">
        <FailureGroupsSection
          id="failures-by-address"
          icon={<ActivityIcon aria-hidden className="size-4" />}
          title={<Trans>Failed sign-ins by address (7 days)</Trans>}
          tableLabel={t`Failed sign-ins by address`}
          keyLabel={t`Address`}
          othersLabel={t`Accounts`}
          keyClassName="font-mono text-xs"
          groups={summary.failuresByAddress.map((row) => ({ key: row.ipAddress, failures: row.failures, others: row.accounts, lastAt: row.lastAt }))}
        />
        <FailureGroupsSection
          id="failures-by-account"
          icon={<UserXIcon aria-hidden className="size-4" />}
          title={<Trans>Failed sign-ins by account (7 days)</Trans>}
          tableLabel={t`Failed sign-ins by account`}
          keyLabel={t`E-mail`}
          othersLabel={t`Addresses`}
          groups={summary.failuresByAccount.map((row) => ({ key: row.email, failures: row.failures, others: row.addresses, lastAt: row.lastAt }))}
        />
      </div>
    </>
  );
}

function FailureGroupsSection({
  id,
  icon,
  title,
  tableLabel,
  keyLabel,
  othersLabel,
  keyClassName = '',
  groups,
}: {
  id: string;
  icon: ReactNode;
  title: ReactNode;
  tableLabel: string;
  keyLabel: string;
  othersLabel: string;
  keyClassName?: string;
  groups: FailureGroup[];
}) {
  const { t } = useLingui();
  const { formatDateTime } = useDateFormat();
  const { sorted, header } = useSortedRows<FailureGroup, keyof FailureGroup>(groups, 'failures', 'pl-4');
  return (
    <section aria-labelledby={id} className="grid content-start gap-3">
      <h2 id={id} className="flex items-center gap-2 font-semibold">
        {icon}
        {title}
      </h2>
      {groups.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No failed sign-ins.</Trans>
        </p>
      ) : (
        <div className="rounded-xl border bg-card">
          <Table aria-label={tableLabel} data-testid={id}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                {header('key', keyLabel, false)}
                {header('failures', t`Failures`)}
                {header('others', othersLabel)}
                {header('lastAt', t`Latest`, false)}
              </TableRow>
            </TableHeader>
            <TableBody>
              {sorted.map((row) => (
                <TableRow key={row.key}>
                  <TableCell className={`pl-4 break-all ${keyClassName}`}>{row.key}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatNumber(row.failures)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatNumber(row.others)}</TableCell>
                  <TableCell className="pr-4 whitespace-nowrap">{formatDateTime(row.lastAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}

function SearchBox({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  const { t } = useLingui();
  return (
    <div className="grid gap-2 sm:w-72">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="search" value={value} placeholder={t`E-mail or address`} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

function LocksSection() {
  const { t } = useLingui();
  const { formatDateTime } = useDateFormat();
  const [params, change] = useAddressParams();
  const page = pageOf(params.get('locksPage'));
  const [search, setSearch] = useSearchInAddress(params.get('locksQ') ?? undefined, (locksQ) => change({ locksQ, locksPage: undefined }));
  const locks = useSignInLocks({ search: params.get('locksQ') ?? undefined, page, pageSize: PAGE_SIZE });
  const unlock = useUnlockSignIn();
  const columns: Array<ColumnDef<SignInLock>> = [
    {
      id: 'who',
      header: () => t`Locked`,
      cell: ({ row }) => (
        <span className="grid">
          <span className="font-medium break-all">{row.original.email ?? t`Every account`}</span>
          <span className="font-mono text-xs break-all text-muted-foreground">{row.original.ipAddress}</span>
        </span>
      ),
    },
    { id: 'failures', header: () => t`Failures`, cell: ({ row }) => `${formatNumber(row.original.failures)} / ${formatNumber(row.original.max)}`, meta: { className: 'text-right tabular-nums' } },
    { id: 'until', header: () => t`Until`, cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.lockedUntil)}</span> },
    {
      id: 'unlock',
      header: () => <span className="sr-only">{t`Unlock`}</span>,
      cell: ({ row }) => (
        <Button
          variant="outline"
          size="sm"
          data-testid="unlock-sign-in"
          disabled={unlock.isPending}
          onClick={() =>
            unlock.mutate(row.original.key, {
              onSuccess: () => toast.success(t`Unlocked: they may sign in again`),
              onError: (error) => toast.error(failureMessage(error, t`The lock was not ended`)),
            })
          }
        >
          <KeyRoundIcon aria-hidden /> <Trans>Unlock</Trans>
        </Button>
      ),
      meta: { className: 'text-right' },
    },
  ];
  return (
    <section aria-labelledby="sign-in-locks" className="grid gap-3" data-testid="sign-in-locks">
      <h2 id="sign-in-locks" className="flex items-center gap-2 font-semibold">
        <LockIcon aria-hidden className="size-4" />
        <Trans>Locked accounts</Trans>
      </h2>
      <p className="text-sm text-muted-foreground">
        <Trans>Accounts with too many failed sign-ins from one address, and addresses with too many in all, until their 15 minutes are over. Unlocking lets them try again at once.</Trans>
      </p>
      <SearchBox id="locks-search" label={t`Search locks`} value={search} onChange={setSearch} />
      <PagedTable
        query={locks}
        columns={columns}
        label={t`Locked accounts`}
        loadingLabel={t`Loading the locked accounts`}
        what={t`the locked accounts`}
        skeletonColumns={4}
        getRowId={(row) => row.key}
        page={page}
        onPageChange={(next) => change({ locksPage: pageParam(next) })}
        empty={<EmptyState icon={LockIcon} title={params.get('locksQ') ? t`No lock matches` : t`No account is locked`} />}
      />
    </section>
  );
}

function SessionsSection() {
  const { t } = useLingui();
  const { formatDateTime } = useDateFormat();
  const [params, change] = useAddressParams();
  const page = pageOf(params.get('sessionsPage'));
  const sort = SESSION_SORTS.find((choice) => choice === params.get('sessionsSort')) ?? 'createdAt';
  const direction = params.get('sessionsDir') === 'asc' ? 'asc' : 'desc';
  const [search, setSearch] = useSearchInAddress(params.get('sessionsQ') ?? undefined, (sessionsQ) => change({ sessionsQ, sessionsPage: undefined }));
  const sessions = usePlatformSessions({ search: params.get('sessionsQ') ?? undefined, sort, direction, page, pageSize: PAGE_SIZE });
  const revoke = useRevokeSession();
  const sortHeader = (column: (typeof SESSION_SORTS)[number], label: string) => () => (
    <SortButton
      label={label}
      active={sort === column}
      direction={sort === column ? direction : undefined}
      onSort={() => change({ sessionsSort: column === 'createdAt' ? undefined : column, sessionsDir: sort === column && direction === 'desc' ? 'asc' : undefined })}
    />
  );
  const columns: Array<ColumnDef<PlatformSession>> = [
    {
      id: 'person',
      header: sortHeader('email', t`Person`),
      cell: ({ row }) => (
        <span className="grid">
          <span className="font-medium">{row.original.fullName ?? row.original.email}</span>
          <span className="text-xs break-all text-muted-foreground">{row.original.email}</span>
        </span>
      ),
    },
    {
      id: 'shop',
      header: () => t`Shop`,
      cell: ({ row }) =>
        row.original.tenantId ? (
          <Link to={`/superadmin/tenants/${row.original.tenantId}`} className={linkClass}>
            {row.original.tenantSubdomain ?? row.original.tenantName}
          </Link>
        ) : (
          <span className="text-muted-foreground">{t`Platform`}</span>
        ),
    },
    {
      id: 'device',
      header: () => t`Address and device`,
      cell: ({ row }) => (
        <span className="grid max-w-72">
          <span className="font-mono text-xs break-all">{row.original.ipAddress ?? '—'}</span>
          <span className="truncate text-xs text-muted-foreground" title={row.original.userAgent ?? undefined}>
            {row.original.userAgent ?? '—'}
          </span>
        </span>
      ),
    },
    { id: 'created', header: sortHeader('createdAt', t`Signed in`), cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.createdAt)}</span> },
    { id: 'expires', header: sortHeader('expiresAt', t`Expires`), cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.expiresAt)}</span> },
    {
      id: 'revoke',
      header: () => <span className="sr-only">{t`Revoke`}</span>,
      cell: ({ row }) =>
        row.original.isCurrent ? (
          <Badge variant="secondary">{t`This session`}</Badge>
        ) : (
          <Button
            variant="outline"
            size="sm"
            data-testid="revoke-session"
            disabled={revoke.isPending}
            onClick={() =>
              revoke.mutate(row.original.id, {
                onSuccess: () => toast.success(t`Session revoked`),
                onError: (error) => toast.error(failureMessage(error, t`The session was not revoked`)),
              })
            }
          >
            <Trans>Revoke</Trans>
          </Button>
        ),
      meta: { className: 'text-right' },
    },
  ];
  return (
    <section aria-labelledby="active-sessions" className="grid gap-3" data-testid="active-sessions">
      <h2 id="active-sessions" className="flex items-center gap-2 font-semibold">
        <MonitorSmartphoneIcon aria-hidden className="size-4" />
        <Trans>Active sessions</Trans>
      </h2>
      <SearchBox id="sessions-search" label={t`Search sessions`} value={search} onChange={setSearch} />
      <PagedTable
        query={sessions}
        columns={columns}
        label={t`Active sessions`}
        loadingLabel={t`Loading the sessions`}
        what={t`the sessions`}
        skeletonColumns={6}
        getRowId={(row) => row.id}
        page={page}
        onPageChange={(next) => change({ sessionsPage: pageParam(next) })}
        empty={<EmptyState icon={MonitorSmartphoneIcon} title={params.get('sessionsQ') ? t`No session matches` : t`No active session`} />}
      />
    </section>
  );
}

/** What an event's detail says, in words: the reason, the rule, the provider and path. */
function EventDetail({ event }: { event: SecurityEvent }) {
  const { t } = useLingui();
  const text = (key: string) => (typeof event.detail[key] === 'string' ? (event.detail[key] as string) : null);
  const reasons: Record<string, string> = {
    invalid_credentials: t`Wrong e-mail or password`,
    refused: t`Not allowed to sign in here`,
    bad_signature: t`Bad signature`,
    wrong_token: t`Wrong token`,
    not_configured: t`No key configured`,
  };
  const ways: Record<string, string> = { invitation: t`Joining by invitation` };
  const reason = text('reason');
  const via = text('via');
  const parts = [
    reason ? (reasons[reason] ?? reason) : null,
    via ? (ways[via] ?? via) : null,
    text('provider'),
    text('rule'),
    text('route') ?? text('path'),
  ].filter((part): part is string => part !== null);
  return <span className="text-xs break-all">{parts.join(' · ') || '—'}</span>;
}

function EventsSection() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { formatDateTime } = useDateFormat();
  const [params, change] = useAddressParams();
  const page = pageOf(params.get('eventsPage'));
  const kind = SECURITY_EVENT_KINDS.find((choice) => choice === params.get('kind'));
  const sort = SECURITY_EVENT_SORTS.find((choice) => choice === params.get('eventsSort')) ?? 'createdAt';
  const direction = params.get('eventsDir') === 'asc' ? 'asc' : 'desc';
  const [search, setSearch] = useSearchInAddress(params.get('eventsQ') ?? undefined, (eventsQ) => change({ eventsQ, eventsPage: undefined }));
  const events = useSecurityEvents({ kind, search: params.get('eventsQ') ?? undefined, sort, direction, page, pageSize: PAGE_SIZE });
  const sortHeader = (column: (typeof SECURITY_EVENT_SORTS)[number], label: string) => () => (
    <SortButton
      label={label}
      active={sort === column}
      direction={sort === column ? direction : undefined}
      onSort={() => change({ eventsSort: column === 'createdAt' ? undefined : column, eventsDir: sort === column && direction === 'desc' ? 'asc' : undefined })}
    />
  );
  const columns: Array<ColumnDef<SecurityEvent>> = [
    { id: 'when', header: sortHeader('createdAt', t`When`), cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.createdAt)}</span> },
    {
      id: 'kind',
      header: () => t`Event`,
      cell: ({ row }) => (
        <Badge variant={row.original.kind === 'sign_in_succeeded' ? 'secondary' : row.original.kind === 'sign_in_failed' ? 'outline' : 'destructive'}>
          {i18n._(EVENT_KIND_LABELS[row.original.kind])}
        </Badge>
      ),
    },
    { id: 'email', header: sortHeader('email', t`E-mail`), cell: ({ row }) => <span className="break-all">{row.original.email ?? '—'}</span> },
    { id: 'address', header: sortHeader('ipAddress', t`Address`), cell: ({ row }) => <span className="font-mono text-xs break-all">{row.original.ipAddress ?? '—'}</span> },
    {
      id: 'shop',
      header: () => t`Shop`,
      cell: ({ row }) =>
        row.original.tenantId && row.original.tenantName ? (
          <Link to={`/superadmin/tenants/${row.original.tenantId}`} className={linkClass}>
            {row.original.tenantName}
          </Link>
        ) : (
          '—'
        ),
    },
    { id: 'detail', header: () => t`Detail`, cell: ({ row }) => <EventDetail event={row.original} /> },
  ];
  const anyFilter = Boolean(params.get('eventsQ') ?? kind);
  return (
    <section aria-labelledby="security-events" className="grid gap-3" data-testid="security-events">
      <h2 id="security-events" className="flex items-center gap-2 font-semibold">
        <ShieldAlertIcon aria-hidden className="size-4" />
        <Trans>Sign-ins and refusals</Trans>
      </h2>
      <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-end">
        <SearchBox id="events-search" label={t`Search events`} value={search} onChange={setSearch} />
        <div className="grid gap-2 sm:w-56">
          <Label htmlFor="events-kind">
            <Trans>Event</Trans>
          </Label>
          <NativeSelect id="events-kind" value={kind ?? ''} onChange={(event) => change({ kind: event.target.value || undefined, eventsPage: undefined })}>
            <option value="">{t`Every event`}</option>
            {SECURITY_EVENT_KINDS.map((choice) => (
              <option key={choice} value={choice}>
                {i18n._(EVENT_KIND_LABELS[choice])}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <PagedTable
        query={events}
        columns={columns}
        label={t`Sign-ins and refusals`}
        loadingLabel={t`Loading the events`}
        what={t`the events`}
        skeletonColumns={6}
        getRowId={(row) => row.id}
        page={page}
        onPageChange={(next) => change({ eventsPage: pageParam(next) })}
        empty={<EmptyState icon={ShieldAlertIcon} title={anyFilter ? t`No event matches` : t`Nothing recorded yet`}>{anyFilter ? <Trans>Try other filters.</Trans> : null}</EmptyState>}
      />
    </section>
  );
}

function WebhookFailuresSection({ failures }: { failures: SecurityEvent[] }) {
  const { t } = useLingui();
  const { formatDateTime } = useDateFormat();
  return (
    <section aria-labelledby="webhook-failures" className="grid gap-3" data-testid="webhook-failures">
      <h2 id="webhook-failures" className="flex items-center gap-2 font-semibold">
        <WebhookIcon aria-hidden className="size-4" />
        <Trans>Refused provider callbacks</Trans>
      </h2>
      <p className="text-sm text-muted-foreground">
        <Trans>Paystack, WhatsApp, Africa's Talking and M-Pesa callbacks refused for a bad signature or a wrong token: the latest ten.</Trans>
      </p>
      {failures.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>None refused.</Trans>
        </p>
      ) : (
        <div className="rounded-xl border bg-card">
          <Table aria-label={t`Refused provider callbacks`}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead className="pl-4">{t`When`}</TableHead>
                <TableHead>{t`Provider and path`}</TableHead>
                <TableHead className="pr-4">{t`Address`}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {failures.map((failure) => (
                <TableRow key={failure.id}>
                  <TableCell className="pl-4 whitespace-nowrap">{formatDateTime(failure.createdAt)}</TableCell>
                  <TableCell>
                    <EventDetail event={failure} />
                  </TableCell>
                  <TableCell className="pr-4 font-mono text-xs break-all">{failure.ipAddress ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}

const actionLabel = (action: string) => (PLATFORM_ACTION_LABELS as Record<string, MessageDescriptor | undefined>)[action];

function AuditLogSection() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { formatDateTime } = useDateFormat();
  const [params, change] = useAddressParams();
  const page = pageOf(params.get('auditPage'));
  const action = PLATFORM_AUDIT_ACTIONS.find((choice) => choice === params.get('action'));
  const log = usePlatformAuditLog({ action, page, pageSize: PAGE_SIZE });
  const columns: Array<ColumnDef<PlatformAuditEventView>> = [
    { id: 'when', header: () => t`When`, cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.createdAt)}</span> },
    {
      id: 'action',
      header: () => t`Action`,
      cell: ({ row }) => {
        const label = actionLabel(row.original.action);
        return <span className="font-medium">{label ? i18n._(label) : row.original.action}</span>;
      },
    },
    { id: 'actor', header: () => t`By`, cell: ({ row }) => <span className="break-all">{row.original.actorEmail ?? row.original.actorUserId}</span> },
    {
      id: 'on',
      header: () => t`On`,
      cell: ({ row }) => {
        const email = typeof row.original.details.email === 'string' ? row.original.details.email : null;
        return row.original.tenantId ? (
          <Link to={`/superadmin/tenants/${row.original.tenantId}`} className={linkClass}>
            <Trans>Shop</Trans>
          </Link>
        ) : (
          <span className="break-all">{email ?? '—'}</span>
        );
      },
    },
    { id: 'address', header: () => t`Address`, cell: ({ row }) => <span className="font-mono text-xs break-all">{row.original.ipAddress ?? '—'}</span> },
  ];
  return (
    <section aria-labelledby="platform-audit-log" className="grid gap-3" data-testid="platform-audit-log">
      <h2 id="platform-audit-log" className="flex items-center gap-2 font-semibold">
        <ScrollTextIcon aria-hidden className="size-4" />
        <Trans>Platform audit log</Trans>
      </h2>
      <p className="text-sm text-muted-foreground">
        <Trans>Every change a platform admin made in this console, newest first. The log cannot be edited or deleted.</Trans>
      </p>
      <div className="grid gap-2 sm:w-72">
        <Label htmlFor="audit-action">
          <Trans>Action</Trans>
        </Label>
        <NativeSelect id="audit-action" value={action ?? ''} onChange={(event) => change({ action: event.target.value || undefined, auditPage: undefined })}>
          <option value="">{t`Every action`}</option>
          {PLATFORM_AUDIT_ACTIONS.map((choice) => (
            <option key={choice} value={choice}>
              {i18n._(PLATFORM_ACTION_LABELS[choice])}
            </option>
          ))}
        </NativeSelect>
      </div>
      <PagedTable
        query={log}
        columns={columns}
        label={t`Platform audit log`}
        loadingLabel={t`Loading the audit log`}
        what={t`the audit log`}
        skeletonColumns={5}
        getRowId={(row) => row.id}
        page={page}
        onPageChange={(next) => change({ auditPage: pageParam(next) })}
        empty={<EmptyState icon={ScrollTextIcon} title={action ? t`No action of this kind` : t`No action yet`} />}
      />
    </section>
  );
}
