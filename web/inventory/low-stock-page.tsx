import { Trans, useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@tanstack/react-table';
import { PackageCheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { LowStockItem } from '../../core/inventory/inventory.schemas';
import { formatQuantity } from '../../core/products/quantity.rules';
import { Button } from '../components/ui/button';
import { Label } from '../components/ui/label';
import { cn } from '../lib/cn';
import { useDocumentTitle } from '../lib/use-document-title';
import { DataTable } from './data-table';
import { useLowStock } from './inventory.api';
import { EmptyState, LoadError, LocationSelect, PageHeader, TableSkeleton, useFeature, useListParams, useStockPermissions } from './inventory-ui';
import { productLabel } from './stock-format';

const lineParams = (item: LowStockItem, locationParam: string) => new URLSearchParams({ productId: item.productId, variantId: item.variantId, [locationParam]: item.locationId });

/** /admin/products/low-stock: items at or below their reorder level, per location, with the way to restock. */
export function LowStockPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Low stock`);
  const { canEditStock } = useStockPermissions();
  const canTransfer = useFeature('multi_location').isEnabled === true;
  const { values, setFilter } = useListParams(['locationId'] as const);
  const lowStock = useLowStock(values.locationId);

  const columns: Array<ColumnDef<LowStockItem>> = [
    {
      id: 'product',
      header: t`Product`,
      cell: ({ row }) => (
        <div className="grid min-w-40 gap-0.5">
          <Link to={`/admin/products/${row.original.productId}`} className="font-medium text-primary underline-offset-4 hover:underline">
            {productLabel(row.original)}
          </Link>
          <span className="text-xs text-muted-foreground">{row.original.sku}</span>
        </div>
      ),
    },
    { id: 'location', header: t`Location`, cell: ({ row }) => row.original.locationName },
    {
      id: 'onHand',
      header: t`On hand`,
      meta: { className: 'text-right' },
      cell: ({ row }) => (
        <span className={cn('font-medium tabular-nums', row.original.onHandMilli <= 0 ? 'text-destructive' : 'text-amber-700 dark:text-amber-400')}>
          {formatQuantity(row.original.onHandMilli)}
        </span>
      ),
    },
    { id: 'reorder', header: t`Reorder level`, meta: { className: 'text-right' }, cell: ({ row }) => <span className="tabular-nums">{formatQuantity(row.original.reorderLevelMilli)}</span> },
  ];
  if (canEditStock) {
    columns.push({
      id: 'actions',
      header: () => (
        <span className="sr-only">
          <Trans>Restock</Trans>
        </span>
      ),
      meta: { className: 'text-right' },
      cell: ({ row }) => {
        const product = productLabel(row.original);
        const location = row.original.locationName;
        return (
          <div className="flex justify-end gap-2">
            <Button variant="outline" size="sm" asChild>
              <Link to={`/admin/products/adjustments/new?${lineParams(row.original, 'locationId')}`} aria-label={t`Adjust ${product} at ${location}`}>
                <Trans>Adjust</Trans>
              </Link>
            </Button>
            {canTransfer && (
              <Button variant="outline" size="sm" asChild>
                <Link to={`/admin/products/transfers/new?${lineParams(row.original, 'toLocationId')}`} aria-label={t`Transfer ${product} to ${location}`}>
                  <Trans context="low-stock action: bring stock here from another location">Transfer in</Trans>
                </Link>
              </Button>
            )}
          </div>
        );
      },
    });
  }

  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader title={t`Low stock`} description={t`Items at or below their reorder level. Set a product’s reorder level on its form.`} />
      <div className="grid gap-2 sm:w-56">
        <Label htmlFor="low-stock-location">
          <Trans>Location</Trans>
        </Label>
        <LocationSelect id="low-stock-location" value={values.locationId ?? ''} onChange={(value) => setFilter('locationId', value)} allLabel={t`All locations`} />
      </div>
      {lowStock.isPending ? (
        <TableSkeleton columns={4} label={t`Loading low stock`} />
      ) : lowStock.isError ? (
        <LoadError error={lowStock.error} what={t`the low-stock list`} onRetry={() => void lowStock.refetch()} />
      ) : lowStock.data.length === 0 ? (
        <EmptyState
          icon={PackageCheckIcon}
          title={t`Nothing is running low`}
          action={
            <Button variant="outline" asChild>
              <Link to="/admin/products">
                <Trans>View products</Trans>
              </Link>
            </Button>
          }
        >
          <Trans>Products appear here when their stock falls to the reorder level. Products without a reorder level never do.</Trans>
        </EmptyState>
      ) : (
        <DataTable columns={columns} data={lowStock.data} label={t`Low stock`} getRowId={(item) => `${item.variantId}:${item.locationId}`} isFetching={lowStock.isFetching} />
      )}
    </div>
  );
}
