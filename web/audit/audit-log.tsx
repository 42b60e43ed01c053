import { Trans, useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@tanstack/react-table';
import { DownloadIcon, ScrollTextIcon } from 'lucide-react';
import { useState } from 'react';
import { diffFields } from '../../core/audit/audit-diff.rules';
import { AUDIT_ACTIONS, type AuditEventView } from '../../core/audit/audit.schemas';
import { Detail } from '../components/detail';
import { SortButton } from '../components/sort-button';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { NativeSelect } from '../components/ui/native-select';
import { PagedTable } from '../inventory/data-table';
import { EmptyState, FilterSelect, useAddressParams } from '../inventory/inventory-ui';
import { useDateFormat } from '../lib/date-format';
import { auditSearch, useAuditActors, useAuditEvents, type AuditFilters } from './audit.api';
import { AUDIT_ACTION_LABELS, isKnownAction } from './audit-labels';

// The audit log (issue 20): who did what, when and from where, searchable by person, action and
// days (kept in the address), newest first or oldest first, a page at a time; an event opens with
// its before and after side by side. The CSV download is itself recorded.

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | null) => (value && DAY.test(value) ? value : undefined);

function useActionLabel() {
  const { i18n } = useLingui();
  return (action: string) => (isKnownAction(action) ? i18n._(AUDIT_ACTION_LABELS[action]) : action);
}

const shown = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value));

export function AuditLog() {
  const { t } = useLingui();
  const { formatDateTime } = useDateFormat();
  const actionLabel = useActionLabel();
  const [params, change] = useAddressParams();
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const filters: AuditFilters = {
    actorUserId: params.get('person') ?? undefined,
    action: params.get('action') ?? undefined,
    from: day(params.get('from')),
    to: day(params.get('to')),
    direction: params.get('direction') === 'asc' ? 'asc' : 'desc',
  };
  const list = useAuditEvents(filters, page);
  const actors = useAuditActors();
  const [opened, setOpened] = useState<AuditEventView | null>(null);

  const columns: Array<ColumnDef<AuditEventView>> = [
    {
      id: 'time',
      header: () => (
        <SortButton label={t`When`} active direction={filters.direction ?? 'desc'} onSort={() => change({ direction: filters.direction === 'desc' ? 'asc' : undefined })} />
      ),
      cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.createdAt)}</span>,
    },
    { id: 'person', header: () => t`Person`, cell: ({ row }) => row.original.actorName ?? t`Unknown person` },
    { id: 'action', header: () => t`Action`, cell: ({ row }) => actionLabel(row.original.action) },
    { id: 'approved', header: () => t`Approved by`, cell: ({ row }) => row.original.approvedByName ?? '—' },
    {
      id: 'where',
      header: () => t`Where`,
      cell: ({ row }) => (
        <span className="block max-w-56 truncate text-sm" title={row.original.userAgent ?? undefined}>
          {row.original.ipAddress ?? '—'}
          {row.original.userAgent && <span className="block truncate text-xs text-muted-foreground">{row.original.userAgent}</span>}
        </span>
      ),
    },
    {
      id: 'open',
      header: () => <span className="sr-only">{t`Details`}</span>,
      cell: ({ row }) => (
        <Button variant="outline" size="sm" onClick={() => setOpened(row.original)}>
          <Trans>Details</Trans>
        </Button>
      ),
    },
  ];

  const anyFilter = Boolean(filters.actorUserId ?? filters.action ?? filters.from ?? filters.to);
  return (
    <div className="grid min-w-0 gap-4">
      <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-end sm:justify-between">
        <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-end">
          <div className="grid gap-2 sm:w-56">
            <Label htmlFor="audit-person">
              <Trans>Person</Trans>
            </Label>
            <NativeSelect id="audit-person" value={filters.actorUserId ?? ''} onChange={(event) => change({ person: event.target.value || undefined })}>
              <option value="">{t`Everyone`}</option>
              {actors.data?.items.map((actor) => (
                <option key={actor.userId} value={actor.userId}>
                  {actor.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <FilterSelect
            id="audit-action"
            label={t`Action`}
            value={filters.action && isKnownAction(filters.action) ? filters.action : undefined}
            onChange={(value) => change({ action: value || undefined })}
            allLabel={t`Any action`}
            options={AUDIT_ACTIONS}
            labels={AUDIT_ACTION_LABELS}
          />
          <div className="grid gap-2 sm:w-40">
            <Label htmlFor="audit-from">
              <Trans>From</Trans>
            </Label>
            <Input id="audit-from" type="date" value={filters.from ?? ''} onChange={(event) => change({ from: event.target.value || undefined })} />
          </div>
          <div className="grid gap-2 sm:w-40">
            <Label htmlFor="audit-to">
              <Trans>To</Trans>
            </Label>
            <Input id="audit-to" type="date" value={filters.to ?? ''} onChange={(event) => change({ to: event.target.value || undefined })} />
          </div>
        </div>
        <Button variant="outline" size="sm" asChild>
          <a href={`/api/audit-events/export.csv?${auditSearch(filters).toString()}`} download>
            <DownloadIcon aria-hidden />
            <Trans>Export CSV</Trans>
          </a>
        </Button>
      </div>
      <PagedTable
        query={list}
        columns={columns}
        label={t`Audit log`}
        loadingLabel={t`Loading the audit log`}
        what={t`the audit log`}
        skeletonColumns={6}
        getRowId={(row) => row.id}
        page={page}
        onPageChange={(next) => change({ page: next > 1 ? String(next) : undefined })}
        empty={
          <EmptyState icon={ScrollTextIcon} title={anyFilter ? t`No events match` : t`Nothing recorded yet`}>
            {anyFilter ? <Trans>Try other filters.</Trans> : <Trans>Price overrides, voids, refunds, stock write-offs, cash outs, settings changes and downloads show here.</Trans>}
          </EmptyState>
        }
      />
      <AuditEventDialog event={opened} onClose={() => setOpened(null)} />
    </div>
  );
}

function AuditEventDialog({ event, onClose }: { event: AuditEventView | null; onClose: () => void }) {
  const { t } = useLingui();
  const { formatDateTime } = useDateFormat();
  const actionLabel = useActionLabel();
  const changes = event ? diffFields(event.before, event.after) : [];
  const details = Object.entries(event?.details ?? {});
  return (
    <Dialog open={event !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        {event && (
          <>
            <DialogHeader>
              <DialogTitle>{actionLabel(event.action)}</DialogTitle>
              <DialogDescription>{formatDateTime(event.createdAt)}</DialogDescription>
            </DialogHeader>
            <dl className="grid gap-3 sm:grid-cols-2">
              <Detail label={t`Person`}>{event.actorName ?? event.actorUserId}</Detail>
              <Detail label={t`Approved by`}>{event.approvedByName ?? '—'}</Detail>
              <Detail label={t`IP address`}>{event.ipAddress ?? '—'}</Detail>
              <Detail label={t`Device`}>{event.userAgent ?? '—'}</Detail>
              <Detail label={t`Record`}>{event.entity ? `${event.entity} ${event.entityId ?? ''}` : '—'}</Detail>
              <Detail label={t`Request`}>{event.requestId ?? '—'}</Detail>
            </dl>
            {changes.length > 0 && (
              <table className="w-full text-sm" aria-label={t`What changed`}>
                <thead>
                  <tr className="text-left text-muted-foreground">
                    <th className="py-1 pr-2 font-medium">{t`Field`}</th>
                    <th className="py-1 pr-2 font-medium">{t`Before`}</th>
                    <th className="py-1 font-medium">{t`After`}</th>
                  </tr>
                </thead>
                <tbody>
                  {changes.map((change) => (
                    <tr key={change.field} className="border-t align-top">
                      <td className="py-1 pr-2 font-mono text-xs">{change.field}</td>
                      <td className="py-1 pr-2 break-all text-destructive">{shown(change.before)}</td>
                      <td className="py-1 break-all text-primary">{shown(change.after)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {details.length > 0 && (
              <dl className="grid gap-2 text-sm" aria-label={t`Details`}>
                {details.map(([name, value]) => (
                  <div key={name} className="grid gap-0.5 sm:grid-cols-[10rem_1fr]">
                    <dt className="font-mono text-xs text-muted-foreground">{name}</dt>
                    <dd className="break-all">{shown(value)}</dd>
                  </div>
                ))}
              </dl>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
