import type { ColumnDef } from '@tanstack/react-table';
import { HistoryIcon } from 'lucide-react';
import { Link } from 'react-router';
import { MOVEMENT_KIND_LABELS, MOVEMENT_KINDS, type Movement, type MovementKind } from '../../core/inventory/inventory.schemas';
import { formatQuantity } from '../../core/products/quantity.rules';
import { Button } from '../components/ui/button';
import { Label } from '../components/ui/label';
import { useDateFormat } from '../lib/date-format';
import { useDocumentTitle } from '../lib/use-document-title';
import { PagedTable } from './data-table';
import { useMovements } from './inventory.api';
import { EmptyState, FilterSelect, LocationSelect, PageHeader, SignedQuantity, useListParams, useStockPermissions } from './inventory-ui';
import { productLabel, reasonLabel } from './stock-format';

const isMovementKind = (value: string | undefined): value is MovementKind => (MOVEMENT_KINDS as readonly (string | undefined)[]).includes(value);

const SOURCE_PATHS: Record<string, { path: string; label: string }> = {
  adjustment: { path: 'adjustments', label: 'Adjustment' },
  transfer: { path: 'transfers', label: 'Transfer' },
  stock_take: { path: 'stock-takes', label: 'Stock take' },
};

/** The document a movement came from, as a link when it has a screen (sales and purchases come later). */
function SourceLink({ movement }: { movement: Movement }) {
  const source = SOURCE_PATHS[movement.sourceType.replace(/-/g, '_')];
  if (!source || !movement.sourceId) return <span className="text-muted-foreground">{MOVEMENT_KIND_LABELS[movement.kind]}</span>;
  return (
    <Link to={`/admin/products/${source.path}/${movement.sourceId}`} className="text-primary underline-offset-4 hover:underline">
      {source.label}
    </Link>
  );
}

/** /admin/products/movements: the append-only stock ledger, newest first. */
export function MovementsPage() {
  useDocumentTitle('Stock movements');
  const { formatDateTime } = useDateFormat();
  const { values, page, setFilter, setPage } = useListParams(['locationId', 'kind', 'variantId'] as const);
  const kind = isMovementKind(values.kind) ? values.kind : undefined;
  const movements = useMovements({ locationId: values.locationId, kind, variantId: values.variantId, page });
  const isFiltered = Boolean(values.locationId || kind || values.variantId);
  const { canEditStock } = useStockPermissions();

  const columns: Array<ColumnDef<Movement>> = [
    { id: 'when', header: 'When', cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.createdAt)}</span> },
    {
      id: 'product',
      header: 'Product',
      cell: ({ row }) => (
        <div className="grid min-w-40 gap-0.5">
          <Link to={`/admin/products/${row.original.productId}`} className="font-medium underline-offset-4 hover:underline">
            {productLabel(row.original)}
          </Link>
          <span className="text-xs text-muted-foreground">{row.original.sku}</span>
        </div>
      ),
    },
    { id: 'location', header: 'Location', cell: ({ row }) => row.original.locationName },
    {
      id: 'kind',
      header: 'Kind',
      cell: ({ row }) => (
        <span className="whitespace-nowrap">
          {MOVEMENT_KIND_LABELS[row.original.kind]}
          {row.original.reason && <span className="block text-xs text-muted-foreground">{reasonLabel(row.original.reason)}</span>}
        </span>
      ),
    },
    { id: 'change', header: 'Change', meta: { className: 'text-right' }, cell: ({ row }) => <SignedQuantity milli={row.original.quantityMilli} /> },
    {
      id: 'balance',
      header: 'Balance after',
      meta: { className: 'text-right' },
      cell: ({ row }) => <span className="tabular-nums">{formatQuantity(row.original.balanceAfterMilli)}</span>,
    },
    { id: 'who', header: 'By', cell: ({ row }) => row.original.userName ?? '—' },
    { id: 'source', header: 'Source', cell: ({ row }) => <SourceLink movement={row.original} /> },
  ];

  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader title="Stock movements" description="Every change of stock, newest first. Movements are never edited; corrections are new movements." />
      <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-end">
        <div className="grid gap-2 sm:w-56">
          <Label htmlFor="movements-location">Location</Label>
          <LocationSelect id="movements-location" value={values.locationId ?? ''} onChange={(value) => setFilter('locationId', value)} allLabel="All locations" includeInactive />
        </div>
        <FilterSelect id="movements-kind" label="Kind" value={kind} onChange={(value) => setFilter('kind', value)} allLabel="All kinds" options={MOVEMENT_KINDS} labels={MOVEMENT_KIND_LABELS} />
        {values.variantId && (
          <Button variant="outline" onClick={() => setFilter('variantId', undefined)}>
            Show all products
          </Button>
        )}
      </div>
      <PagedTable
        query={movements}
        columns={columns}
        label="Stock movements"
        skeletonColumns={6}
        getRowId={(movement) => movement.id}
        page={page}
        onPageChange={setPage}
        empty={
          isFiltered ? (
            <EmptyState
              icon={HistoryIcon}
              title="No movements match"
              action={
                <Button variant="outline" asChild>
                  <Link to="/admin/products/movements">Clear the filters</Link>
                </Button>
              }
            >
              Nothing was moved with these filters.
            </EmptyState>
          ) : (
            <EmptyState
              icon={HistoryIcon}
              title="No stock movements yet"
              action={
                <Button asChild>
                  {canEditStock ? <Link to="/admin/products/adjustments/new">Adjust stock</Link> : <Link to="/admin/products">View products</Link>}
                </Button>
              }
            >
              Opening stock, adjustments, transfers, stock takes and sales appear here as they happen.
            </EmptyState>
          )
        }
      />
    </div>
  );
}
