import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@tanstack/react-table';
import { ClipboardPenIcon, PlusIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { AdjustmentListItem } from '../../core/inventory/inventory.schemas';
import { formatQuantity } from '../../core/products/quantity.rules';
import { Detail } from '../components/detail';
import { Button } from '../components/ui/button';
import { Label } from '../components/ui/label';
import { useDateFormat } from '../lib/date-format';
import { useDocumentTitle } from '../lib/use-document-title';
import { PagedTable } from './data-table';
import { useAdjustment, useAdjustments } from './inventory.api';
import { ADJUSTMENT_REASON_LABELS } from './inventory-labels';
import {
  DetailSkeleton,
  EmptyState,
  LoadError,
  LocationSelect,
  PageHeader,
  SignedQuantity,
  useListParams,
  useStockPermissions,
} from './inventory-ui';
import { productLabel } from './stock-format';

const NEW_ADJUSTMENT = '/admin/products/adjustments/new';

function NewAdjustmentButton() {
  return (
    <Button asChild>
      <Link to={NEW_ADJUSTMENT}>
        <PlusIcon aria-hidden />
        <Trans>New adjustment</Trans>
      </Link>
    </Button>
  );
}

/** /admin/products/adjustments: stock adjustments, newest first. */
export function AdjustmentsPage() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  useDocumentTitle(t`Adjustments`);
  const { formatDateTime } = useDateFormat();
  const { canEditStock } = useStockPermissions();
  const { values, page, setFilter, setPage } = useListParams(['locationId'] as const);
  const adjustments = useAdjustments({ locationId: values.locationId, page });

  const columns: Array<ColumnDef<AdjustmentListItem>> = [
    {
      id: 'when',
      header: t`When`,
      cell: ({ row }) => (
        <Link to={`/admin/products/adjustments/${row.original.id}`} className="font-medium whitespace-nowrap text-primary underline-offset-4 hover:underline">
          {formatDateTime(row.original.createdAt)}
        </Link>
      ),
    },
    { id: 'location', header: t`Location`, cell: ({ row }) => row.original.locationName },
    { id: 'reason', header: t`Reason`, cell: ({ row }) => i18n._(ADJUSTMENT_REASON_LABELS[row.original.reason]) },
    { id: 'lines', header: t`Products`, meta: { className: 'text-right' }, cell: ({ row }) => <span className="tabular-nums">{row.original.lineCount}</span> },
    { id: 'who', header: t`By`, cell: ({ row }) => row.original.userName ?? '—' },
    { id: 'note', header: t`Note`, cell: ({ row }) => <span className="line-clamp-1 max-w-64 text-muted-foreground">{row.original.note ?? ''}</span> },
  ];

  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader title={t`Adjustments`} description={t`Stock taken off for damage, theft or expiry, and corrections.`} actions={canEditStock && <NewAdjustmentButton />} />
      <div className="grid gap-2 sm:w-56">
        <Label htmlFor="adjustments-location">
          <Trans>Location</Trans>
        </Label>
        <LocationSelect id="adjustments-location" value={values.locationId ?? ''} onChange={(value) => setFilter('locationId', value)} allLabel={t`All locations`} includeInactive />
      </div>
      <PagedTable
        query={adjustments}
        columns={columns}
        label={t`Adjustments`}
        loadingLabel={t`Loading adjustments`}
        what={t`the adjustments`}
        skeletonColumns={5}
        getRowId={(adjustment) => adjustment.id}
        page={page}
        onPageChange={setPage}
        empty={
          <EmptyState
            icon={ClipboardPenIcon}
            title={values.locationId ? t`No adjustments at this location` : t`No adjustments yet`}
            action={canEditStock ? <NewAdjustmentButton /> : undefined}
          >
            <Trans>When stock is damaged, stolen, expires or was miscounted, record it here so the figures stay true.</Trans>
          </EmptyState>
        }
      />
    </div>
  );
}

/** /admin/products/adjustments/:adjustmentId: what was changed, read-only (corrections are new adjustments). */
export function AdjustmentDetailPage() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { adjustmentId = '' } = useParams();
  useDocumentTitle(t`Adjustment`);
  const { formatDateTime } = useDateFormat();
  const adjustment = useAdjustment(adjustmentId);
  if (adjustment.isPending) return <DetailSkeleton label={t`Loading the adjustment`} />;
  if (adjustment.isError) return <LoadError error={adjustment.error} what={t`the adjustment`} onRetry={() => void adjustment.refetch()} />;
  const data = adjustment.data;
  const reason = i18n._(ADJUSTMENT_REASON_LABELS[data.reason]);
  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader
        title={t`Adjustment: ${reason}`}
        description={
          <Link to="/admin/products/adjustments" className="underline-offset-4 hover:underline">
            <Trans>← All adjustments</Trans>
          </Link>
        }
      />
      <dl className="grid gap-4 rounded-xl border bg-card p-4 sm:grid-cols-4 sm:p-6">
        <Detail label={t`Location`}>{data.locationName}</Detail>
        <Detail label={t`Reason`}>{reason}</Detail>
        <Detail label={t`By`}>{data.userName ?? '—'}</Detail>
        <Detail label={t`When`}>{formatDateTime(data.createdAt)}</Detail>
        {data.note && (
          <div className="sm:col-span-4">
            <Detail label={t`Note`}>{data.note}</Detail>
          </div>
        )}
      </dl>
      <ul aria-label={t`Lines`} className="grid gap-2">
        {data.lines.map((line) => (
          <li key={line.variantId} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-card p-3">
            <span className="grid min-w-0">
              <span className="font-medium">{productLabel(line)}</span>
              <span className="text-xs text-muted-foreground">{line.sku}</span>
            </span>
            <span className="flex items-center gap-4 text-sm">
              <SignedQuantity milli={line.quantityChangeMilli} />
              <BalanceAfter milli={line.balanceAfterMilli} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "then 12 on hand": the stock after the line's change. */
function BalanceAfter({ milli }: { milli: number }) {
  const quantity = formatQuantity(milli);
  return (
    <span className="text-muted-foreground">
      <Trans>
        then <span className="text-foreground tabular-nums">{quantity}</span> on hand
      </Trans>
    </span>
  );
}
