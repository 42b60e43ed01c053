import { Trans, useLingui } from '@lingui/react/macro';
import { msg, plural } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { DownloadIcon, FileCheck2Icon, RotateCwIcon, SearchIcon } from 'lucide-react';
import { Link } from 'react-router';
import { ETIMS_DOCUMENT_KINDS, ETIMS_DOCUMENT_STATUSES, type EtimsDocument } from '../../core/etims/etims.schemas';
import { useMoney } from '../accounts/use-money';
import { Badge } from '../components/ui/badge';
import { SortButton } from '../components/sort-button';
import { Button } from '../components/ui/button';
import { Label } from '../components/ui/label';
import { PagedTable } from '../inventory/data-table';
import { EmptyState, FilterSelect, useAddressParams, useSearchInAddress } from '../inventory/inventory-ui';
import { useDateFormat } from '../lib/date-format';
import { failureMessage } from '../lib/form-errors';
import { toast } from '../lib/toast';
import { IconInput } from '../products/icon-input';
import { etimsDocumentSearch, resendEtimsDocument, useEtimsDocuments, type EtimsDocumentFilters } from './etims.api';

// The monitoring list (issue 19): every document sent or to send to KRA, pending, failed with KRA's
// text, or signed; filters, search and sort in the address; resend a failed one; CSV export.

type Status = (typeof ETIMS_DOCUMENT_STATUSES)[number];
type Kind = (typeof ETIMS_DOCUMENT_KINDS)[number];

export const STATUS_LABELS = { pending: msg`Pending`, sending: msg`Sending`, signed: msg`Signed`, failed: msg`Failed` } as const;
export const KIND_LABELS = { sale: msg`Sale`, credit_note: msg`Credit note`, stock_io: msg`Stock movement`, stock_master: msg`Stock level` } as const;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => ((values as readonly string[]).includes(value ?? '') ? (value as T) : undefined);

function StatusBadge({ status }: { status: Status }) {
  const { i18n } = useLingui();
  const variant = status === 'signed' ? 'success' : status === 'failed' ? 'destructive' : 'secondary';
  return <Badge variant={variant}>{i18n._(STATUS_LABELS[status])}</Badge>;
}

export function EtimsDocuments() {
  const { t, i18n } = useLingui();
  const { money } = useMoney();
  const { formatDateTime } = useDateFormat();
  const queryClient = useQueryClient();
  const [params, change] = useAddressParams();
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const filters: EtimsDocumentFilters = {
    status: oneOf(ETIMS_DOCUMENT_STATUSES, params.get('status')),
    kind: oneOf(ETIMS_DOCUMENT_KINDS, params.get('kind')),
    q: params.get('q') ?? undefined,
    sort: oneOf(['created', 'invoice'] as const, params.get('sort')) ?? 'created',
    direction: oneOf(['asc', 'desc'] as const, params.get('direction')) ?? 'desc',
  };
  const [search, setSearch] = useSearchInAddress(filters.q, (q) => change({ q }));
  const list = useEtimsDocuments(filters, page);
  const resend = useMutation({
    mutationKey: ['etims', 'resend'],
    mutationFn: (document: EtimsDocument) => resendEtimsDocument(document.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['etims'] });
      toast.success(t`Sent to KRA again`);
    },
    onError: (failure) => toast.error(t`The document was not sent again`, { description: failureMessage(failure, t`Try again.`) }),
  });

  const sortButton = (sort: 'created' | 'invoice', label: string) => (
    <SortButton
      label={label}
      active={filters.sort === sort}
      direction={filters.direction}
      onSort={() => change({ sort, direction: filters.sort === sort && filters.direction === 'desc' ? 'asc' : 'desc' })}
    />
  );

  const columns: Array<ColumnDef<EtimsDocument>> = [
    { id: 'created', header: () => sortButton('created', t`Date`), cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.createdAt)}</span> },
    { id: 'kind', header: () => t`Document`, cell: ({ row }) => i18n._(KIND_LABELS[row.original.kind]) },
    {
      id: 'reference',
      header: () => t`Receipt`,
      cell: ({ row }) =>
        row.original.kind === 'sale' && row.original.reference ? (
          <Link to={`/admin/sales/${encodeURIComponent(row.original.sourceId)}`} className="font-mono text-primary underline-offset-4 hover:underline">
            {row.original.reference}
          </Link>
        ) : (
          <span className="font-mono">{row.original.reference ?? '—'}</span>
        ),
    },
    {
      id: 'invoice',
      header: () => sortButton('invoice', t`Invoice`),
      cell: ({ row }) => (
        <span className="tabular-nums">
          {row.original.invoiceNumber ?? '—'}
          {row.original.originalInvoiceNumber !== null && <span className="block text-xs text-muted-foreground">{t`credits ${row.original.originalInvoiceNumber}`}</span>}
        </span>
      ),
    },
    { id: 'status', header: () => t`Status`, cell: ({ row }) => <StatusBadge status={row.original.status} /> },
    {
      id: 'error',
      header: () => t`KRA’s answer`,
      cell: ({ row }) => {
        const document = row.original;
        if (document.status === 'signed') return <span className="text-muted-foreground">{t`KRA receipt ${document.receiptNumber ?? ''}`}</span>;
        if (!document.lastErrorMessage) return <span className="text-muted-foreground">{t`Waiting to be sent`}</span>;
        return (
          <span className="block max-w-72 text-sm">
            <span className="font-mono">{document.lastErrorCode}</span> {document.lastErrorMessage}
            <span className="block text-xs text-muted-foreground">{t`${plural(document.attempts, { one: '# attempt', other: '# attempts' })}`}</span>
          </span>
        );
      },
    },
    {
      id: 'total',
      header: () => t`Total`,
      cell: ({ row }) => <span className="tabular-nums">{row.original.totalMinor === null ? '—' : money(row.original.totalMinor)}</span>,
      meta: { className: 'text-right' },
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">{t`Actions`}</span>,
      cell: ({ row }) =>
        row.original.status === 'failed' ? (
          <Button variant="outline" size="sm" disabled={resend.isPending} onClick={() => resend.mutate(row.original)}>
            <RotateCwIcon aria-hidden />
            <Trans>Resend</Trans>
          </Button>
        ) : null,
    },
  ];

  const counts = list.data?.counts;
  const anyFilter = Boolean(filters.status ?? filters.kind ?? filters.q);
  return (
    <div className="grid min-w-0 gap-4">
      {counts && (
        <dl className="grid grid-cols-3 gap-3" aria-label={t`eTIMS documents by status`}>
          {(
            [
              ['pending', counts.pending, t`Pending`],
              ['failed', counts.failed, t`Failed`],
              ['signed', counts.signed, t`Signed`],
            ] as const
          ).map(([status, count, label]) => (
            <button
              key={status}
              type="button"
              onClick={() => change({ status: filters.status === status ? undefined : status })}
              aria-pressed={filters.status === status}
              className="grid rounded-xl border bg-card p-3 text-left outline-none hover:bg-muted/50 focus-visible:ring-[3px] focus-visible:ring-ring/60 aria-pressed:border-primary"
            >
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="text-2xl font-semibold tabular-nums">{count}</dd>
            </button>
          ))}
        </dl>
      )}
      {counts && counts.pendingOverAnHour > 0 && (
        <p role="alert" className="rounded-xl border border-destructive/40 bg-card p-3 text-sm text-destructive">
          <Trans>Some documents have waited more than an hour for KRA. Check the connection and KRA’s answers below.</Trans>
        </p>
      )}
      <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-end sm:justify-between">
        <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-end">
          <div className="grid gap-2 sm:w-72">
            <Label htmlFor="etims-search">
              <Trans>Search</Trans>
            </Label>
            <IconInput id="etims-search" icon={SearchIcon} type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder={t`Receipt, invoice number or error`} autoComplete="off" />
          </div>
          <FilterSelect<Status> id="etims-status" label={t`Status`} value={filters.status} onChange={(value) => change({ status: value || undefined })} allLabel={t`Any status`} options={ETIMS_DOCUMENT_STATUSES} labels={STATUS_LABELS} />
          <FilterSelect<Kind> id="etims-kind" label={t`Document`} value={filters.kind} onChange={(value) => change({ kind: value || undefined })} allLabel={t`Any document`} options={ETIMS_DOCUMENT_KINDS} labels={KIND_LABELS} />
        </div>
        <Button variant="outline" size="sm" asChild>
          <a href={`/api/etims/documents/export.csv?${etimsDocumentSearch(filters).toString()}`} download>
            <DownloadIcon aria-hidden />
            <Trans>Export CSV</Trans>
          </a>
        </Button>
      </div>
      <PagedTable
        query={list}
        columns={columns}
        label={t`eTIMS documents`}
        loadingLabel={t`Loading eTIMS documents`}
        what={t`the eTIMS documents`}
        skeletonColumns={6}
        getRowId={(row) => row.id}
        page={page}
        onPageChange={(next) => change({ page: next > 1 ? String(next) : undefined })}
        empty={
          <EmptyState icon={FileCheck2Icon} title={anyFilter ? t`No documents match` : t`Nothing sent to KRA yet`}>
            {anyFilter ? <Trans>Try other filters.</Trans> : <Trans>Once the eTIMS device is set up in Settings, every sale and return shows here.</Trans>}
          </EmptyState>
        }
      />
    </div>
  );
}
