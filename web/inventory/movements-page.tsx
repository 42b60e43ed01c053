import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@tanstack/react-table';
import { HistoryIcon } from 'lucide-react';
import { Link } from 'react-router';
import { MOVEMENT_KINDS, type Movement, type MovementKind } from '../../core/inventory/inventory.schemas';
import { formatQuantity } from '../../core/products/quantity.rules';
import { Button } from '../components/ui/button';
import { Label } from '../components/ui/label';
import { useDateFormat } from '../lib/date-format';
import { useDocumentTitle } from '../lib/use-document-title';
import { PagedTable } from './data-table';
import { useMovements } from './inventory.api';
import { MOVEMENT_KIND_LABELS, reasonLabel } from './inventory-labels';
import { EmptyState, FilterSelect, LocationSelect, PageHeader, SignedQuantity, useListParams, useStockPermissions } from './inventory-ui';
import { productLabel } from './stock-format';

const isMovementKind = (value: string | undefined): value is MovementKind => (MOVEMENT_KINDS as readonly (string | undefined)[]).includes(value);

const SOURCE_PATHS: Record<string, { path: string; label: MessageDescriptor }> = {
  adjustment: { path: 'adjustments', label: msg`Adjustment` },
  transfer: { path: 'transfers', label: msg`Transfer` },
  stock_take: { path: 'stock-takes', label: msg`Stock take` },
};

/** The document a movement came from, as a link when it has a screen (sales and purchases come later). */
function SourceLink({ movement }: { movement: Movement }) {
  const { i18n } = useLinguiRuntime();
  const sourceType = movement.sourceType.replace(/-/g, '_');
  const source = Object.hasOwn(SOURCE_PATHS, sourceType) ? SOURCE_PATHS[sourceType] : undefined;
  if (!source || !movement.sourceId) return <span className="text-muted-foreground">{i18n._(MOVEMENT_KIND_LABELS[movement.kind])}</span>;
  return (
    <Link to={`/admin/products/${source.path}/${movement.sourceId}`} className="text-primary underline-offset-4 hover:underline">
      {i18n._(source.label)}
    </Link>
  );
}

/** /admin/products/movements: the append-only stock ledger, newest first. */
export function MovementsPage() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  useDocumentTitle(t`Stock movements`);
  const { formatDateTime } = useDateFormat();
  const { values, page, setFilter, setPage } = useListParams(['locationId', 'kind', 'variantId'] as const);
  const kind = isMovementKind(values.kind) ? values.kind : undefined;
  const movements = useMovements({ locationId: values.locationId, kind, variantId: values.variantId, page });
  const isFiltered = Boolean(values.locationId || kind || values.variantId);
  const { canEditStock } = useStockPermissions();

  const columns: Array<ColumnDef<Movement>> = [
    { id: 'when', header: t`When`, cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.createdAt)}</span> },
    {
      id: 'product',
      header: t`Product`,
      cell: ({ row }) => (
        <div className="grid min-w-40 gap-0.5">
          <Link to={`/admin/products/${row.original.productId}`} className="font-medium underline-offset-4 hover:underline">
            {productLabel(row.original)}
          </Link>
          <span className="text-xs text-muted-foreground">{row.original.sku}</span>
        </div>
      ),
    },
    { id: 'location', header: t`Location`, cell: ({ row }) => row.original.locationName },
    {
      id: 'kind',
      header: t`Kind`,
      cell: ({ row }) => (
        <span className="whitespace-nowrap">
          {i18n._(MOVEMENT_KIND_LABELS[row.original.kind])}
          {row.original.reason && <span className="block text-xs text-muted-foreground">{reasonLabel(row.original.reason, i18n)}</span>}
        </span>
      ),
    },
    { id: 'change', header: t`Change`, meta: { className: 'text-right' }, cell: ({ row }) => <SignedQuantity milli={row.original.quantityMilli} /> },
    {
      id: 'balance',
      header: t`Balance after`,
      meta: { className: 'text-right' },
      cell: ({ row }) => <span className="tabular-nums">{formatQuantity(row.original.balanceAfterMilli)}</span>,
    },
    { id: 'who', header: t`By`, cell: ({ row }) => row.original.userName ?? '—' },
    { id: 'source', header: t`Source`, cell: ({ row }) => <SourceLink movement={row.original} /> },
  ];

  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader title={t`Stock movements`} description={t`Every change of stock, newest first. Movements are never edited; corrections are new movements.`} />
      <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-end">
        <div className="grid gap-2 sm:w-56">
          <Label htmlFor="movements-location">
            <Trans>Location</Trans>
          </Label>
          <LocationSelect id="movements-location" value={values.locationId ?? ''} onChange={(value) => setFilter('locationId', value)} allLabel={t`All locations`} includeInactive />
        </div>
        <FilterSelect
          id="movements-kind"
          label={t`Kind`}
          value={kind}
          onChange={(value) => setFilter('kind', value)}
          allLabel={t`All kinds`}
          options={MOVEMENT_KINDS}
          labels={MOVEMENT_KIND_LABELS}
        />
        {values.variantId && (
          <Button variant="outline" onClick={() => setFilter('variantId', undefined)}>
            <Trans>Show all products</Trans>
          </Button>
        )}
      </div>
      <PagedTable
        query={movements}
        columns={columns}
        label={t`Stock movements`}
        loadingLabel={t`Loading stock movements`}
        what={t`the stock movements`}
        skeletonColumns={6}
        getRowId={(movement) => movement.id}
        page={page}
        onPageChange={setPage}
        empty={
          isFiltered ? (
            <EmptyState
              icon={HistoryIcon}
              title={t`No movements match`}
              action={
                <Button variant="outline" asChild>
                  <Link to="/admin/products/movements">
                    <Trans>Clear the filters</Trans>
                  </Link>
                </Button>
              }
            >
              <Trans>Nothing was moved with these filters.</Trans>
            </EmptyState>
          ) : (
            <EmptyState
              icon={HistoryIcon}
              title={t`No stock movements yet`}
              action={
                <Button asChild>
                  {canEditStock ? (
                    <Link to="/admin/products/adjustments/new">
                      <Trans>Adjust stock</Trans>
                    </Link>
                  ) : (
                    <Link to="/admin/products">
                      <Trans>View products</Trans>
                    </Link>
                  )}
                </Button>
              }
            >
              <Trans>Opening stock, adjustments, transfers, stock takes and sales appear here as they happen.</Trans>
            </EmptyState>
          )
        }
      />
    </div>
  );
}
