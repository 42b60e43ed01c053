import { plural } from '@lingui/core/macro';
import { useLingui as useLinguiContext } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArchiveIcon, ArchiveRestoreIcon, ArrowLeftIcon, PencilIcon, PrinterIcon, SlidersHorizontalIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from '../lib/toast';
import { MOVEMENT_KIND_LABELS } from '../../core/inventory/inventory.schemas';
import type { Product } from '../../core/products/products.schemas';
import { formatQuantity } from '../../core/products/quantity.rules';
import { Detail } from '../components/detail';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { InlineSpinner } from '../components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../components/ui/table';
import { translateMessage } from '../i18n/translate-message';
import { DetailSkeleton, LoadError, Pagination, SignedQuantity, TableSkeleton } from '../inventory/inventory-ui';
import { isApiError } from '../lib/api-client';
import { useDateFormat } from '../lib/date-format';
import { useDocumentTitle } from '../lib/use-document-title';
import { useCatalogAccess } from './catalog-access';
import { formatMoney, formatStock, TAX_CLASS_LABELS, unitName as unitNameOf } from './product-format';
import { productToFormValues } from './product-form-values';
import { ProductImageSection } from './product-image-section';
import { MOVEMENTS_PAGE_SIZE, productKeys, updateProductRequest, useCurrencySymbol, useLocations, useProduct, useProductMovements } from './products.api';
import { reasonLabel } from '../inventory/stock-format';
import { StockFigure } from './stock-figure';

/** /admin/products/:productId: facts, variants with stock per location, and the stock ledger. */
export function ProductDetailPage() {
  const { productId = '' } = useParams();
  const { t } = useLingui();
  const product = useProduct(productId);
  useDocumentTitle(product.data?.name ?? t`Product`);
  if (product.isPending) return <DetailSkeleton label={t`Loading the product`} />;
  if (product.isError) {
    if (isApiError(product.error) && product.error.status === 404) {
      return (
        <div className="grid justify-items-start gap-3 rounded-xl border bg-card p-4 sm:p-6">
          <h2 className="font-semibold">
            <Trans>Product not found</Trans>
          </h2>
          <p className="text-sm text-muted-foreground">
            <Trans>It may have been removed, or the link is wrong.</Trans>
          </p>
          <Button asChild variant="outline">
            <Link to="/admin/products">
              <Trans>Back to products</Trans>
            </Link>
          </Button>
        </div>
      );
    }
    return <LoadError error={product.error} what={t`the product`} onRetry={() => void product.refetch()} />;
  }
  return <ProductDetail product={product.data} />;
}

function ProductDetail({ product }: { product: Product }) {
  const { t } = useLingui();
  const { i18n } = useLinguiContext();
  const access = useCatalogAccess();
  const currency = useCurrencySymbol();
  const unitShortName = product.unit?.shortName ?? null;
  const single = product.variants.length === 1 ? product.variants[0] : undefined;
  const variantCount = product.variants.length;
  const taxClass = i18n._(TAX_CLASS_LABELS[product.taxClass]);
  const unitName = product.unit ? unitNameOf(product.unit, i18n) : '';
  const unitShort = product.unit?.shortName ?? '';
  const warrantyDays = product.warrantyDays ?? 0;
  return (
    <div className="grid min-w-0 gap-6">
      <div className="grid gap-3">
        <Link to="/admin/products" className="inline-flex items-center gap-1 text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:underline">
          <ArrowLeftIcon aria-hidden className="size-4" />
          <Trans>All products</Trans>
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid min-w-0 gap-1">
            <h2 className="text-xl font-semibold break-words">{product.name}</h2>
            <div className="flex flex-wrap gap-1.5">
              {product.status === 'archived' ? (
                <Badge variant="outline">
                  <Trans>Archived</Trans>
                </Badge>
              ) : (
                <Badge variant="success">
                  <Trans>Active</Trans>
                </Badge>
              )}
              {product.kind === 'combo' && (
                <Badge variant="secondary">
                  <Trans>Combo</Trans>
                </Badge>
              )}
              {variantCount > 1 && <Badge variant="secondary">{t`${plural(variantCount, { one: '# variant', other: '# variants' })}`}</Badge>}
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            {access.canEdit && (
              <Button asChild size="sm">
                <Link to={`/admin/products/${product.id}/edit`}>
                  <PencilIcon aria-hidden />
                  <Trans>Edit</Trans>
                </Link>
              </Button>
            )}
            <Button asChild size="sm" variant="outline">
              <Link to={`/admin/products/labels?${new URLSearchParams({ ids: product.id })}`}>
                <PrinterIcon aria-hidden />
                <Trans>Print labels</Trans>
              </Link>
            </Button>
            {access.canEdit && single && product.trackStock && (
              <Button asChild size="sm" variant="outline">
                <Link to={`/admin/products/adjustments/new?${new URLSearchParams({ variantId: single.id })}`}>
                  <SlidersHorizontalIcon aria-hidden />
                  <Trans>Adjust stock</Trans>
                </Link>
              </Button>
            )}
            {access.canEdit && <ArchiveButton product={product} />}
          </div>
        </div>
      </div>

      <div className="grid gap-4 lg:grid-cols-[16rem_1fr]">
        <ProductImageSection product={product} canEdit={access.canEdit} />
        <section aria-labelledby="product-facts" className="grid content-start gap-4 rounded-xl border bg-card p-4 sm:p-6">
          <h3 id="product-facts" className="font-semibold">
            <Trans>Details</Trans>
          </h3>
          <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {single && <Detail label={t`SKU`}>{single.sku}</Detail>}
            {single && <Detail label={t`Selling price`}>{formatMoney(single.sellingPriceMinor, currency)}</Detail>}
            {single && product.trackStock && (
              <Detail label={t`On hand`}>
                <StockFigure onHandMilli={single.onHandMilli} unitShortName={unitShortName} reorderLevelMilli={product.reorderLevelMilli} isLow={single.stock.some((line) => line.isLow)} />
              </Detail>
            )}
            <Detail label={t`Category`}>{product.category?.name ?? t`None`}</Detail>
            <Detail label={t`Brand`}>{product.brand?.name ?? t`None`}</Detail>
            <Detail label={t`Unit`}>{product.unit ? `${unitName} (${unitShort})` : t`Piece`}</Detail>
            <Detail label={t`Tax class`}>
              {product.pricesIncludeTax ? t`${taxClass}, prices include VAT` : t`${taxClass}, prices exclude VAT`}
            </Detail>
            <Detail label={t`Stock`}>{product.trackStock ? t`Tracked` : t`Not tracked`}</Detail>
            <Detail label={t`Reorder level`}>{product.reorderLevelMilli === null ? t`Not set` : formatStock(product.reorderLevelMilli, unitShortName)}</Detail>
            {product.warrantyDays !== null && <Detail label={t`Warranty`}>{t`${plural(warrantyDays, { one: '# day', other: '# days' })}`}</Detail>}
            {product.preferredSupplier && <Detail label={t`Preferred supplier`}>{product.preferredSupplier.name}</Detail>}
            {product.tracksBatches && <Detail label={t`Batches`}>{t`Batch number and expiry recorded on receipts`}</Detail>}
          </dl>
          {product.description && <p className="text-sm whitespace-pre-line text-muted-foreground">{product.description}</p>}
        </section>
      </div>

      {product.kind === 'combo' && product.components.length > 0 && (
        <section aria-labelledby="product-components" className="grid gap-3">
          <h3 id="product-components" className="font-semibold">
            <Trans>Components (per combo sold)</Trans>
          </h3>
          <ul className="grid divide-y rounded-xl border bg-card">
            {product.components.map((component) => (
              <li key={component.variantId} className="flex justify-between gap-3 p-3 text-sm">
                <span>
                  {component.productName}
                  {component.variantName ? ` — ${component.variantName}` : ''} <span className="font-mono text-xs text-muted-foreground">{component.sku}</span>
                </span>
                <span className="tabular-nums">× {formatQuantity(component.quantityMilli)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <VariantsTable product={product} currency={currency} canAdjust={access.canManageStock} showCosts={access.canSeeCosts} />
      {/* The stock ledger is for those who manage stock, as the server answers. */}
      {access.canManageStock && <MovementHistory product={product} />}
    </div>
  );
}

function ArchiveButton({ product }: { product: Product }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const isArchived = product.status === 'archived';
  const archive = useMutation({
    mutationKey: ['products', 'archive'],
    mutationFn: () => updateProductRequest(product.id, { ...productToFormValues(product), status: isArchived ? 'active' : 'archived' }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(productKeys.detail(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: productKeys.lists });
      const name = saved.name;
      toast.success(isArchived ? t`${name} restored` : t`${name} archived`, {
        description: isArchived ? undefined : t`It no longer shows at the till; its history stays.`,
      });
    },
    onError: (error) => toast.error(t`Error`, { description: isApiError(error) ? translateMessage(error.message) : t`Nothing was changed.` }),
  });
  return (
    <Button size="sm" variant="outline" disabled={archive.isPending} onClick={() => archive.mutate()}>
      {archive.isPending ? <InlineSpinner /> : isArchived ? <ArchiveRestoreIcon aria-hidden /> : <ArchiveIcon aria-hidden />}
      {isArchived ? <Trans>Restore</Trans> : <Trans>Archive</Trans>}
    </Button>
  );
}

function VariantsTable({ product, currency, canAdjust, showCosts }: { product: Product; currency: string; canAdjust: boolean; showCosts: boolean }) {
  const { t } = useLingui();
  const unitShortName = product.unit?.shortName ?? null;
  const activeLocations = useLocations().data?.filter((location) => location.isActive) ?? [];
  // One column per active location, and per other location that still holds some of the stock.
  const locations = [
    ...new Map([
      ...activeLocations.map((location) => [location.id, location.name] as const),
      ...product.variants.flatMap((variant) => variant.stock.map((line) => [line.locationId, line.locationName] as const)),
    ]),
  ];
  const showStock = product.trackStock;
  const adjustLabel = (name: string) => t`Adjust stock of ${name}`;
  return (
    <section aria-labelledby="product-variants-title" className="grid min-w-0 gap-3">
      <h3 id="product-variants-title" className="font-semibold">
        {product.variants.length > 1 ? <Trans>Variants and stock</Trans> : <Trans>Prices and stock</Trans>}
      </h3>
      <div className="min-w-0 overflow-hidden rounded-xl border bg-card">
        <Table aria-labelledby="product-variants-title" className="min-w-[40rem]">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>
                <Trans>Variant</Trans>
              </TableHead>
              <TableHead>
                <Trans>SKU</Trans>
              </TableHead>
              <TableHead>
                <Trans>Barcodes</Trans>
              </TableHead>
              <TableHead className="text-right">
                <Trans>Price</Trans>
              </TableHead>
              {showCosts && (
                <TableHead className="text-right">
                  <Trans>Cost</Trans>
                </TableHead>
              )}
              {showCosts && (
                <TableHead className="text-right">
                  <Trans>Average cost</Trans>
                </TableHead>
              )}
              {showStock &&
                locations.map(([locationId, name]) => (
                  <TableHead key={locationId} className="text-right">
                    {name}
                  </TableHead>
                ))}
              {showStock && (
                <TableHead className="text-right">
                  <Trans>Total</Trans>
                </TableHead>
              )}
              {showStock && canAdjust && (
                <TableHead>
                  <span className="sr-only">
                    <Trans>Actions</Trans>
                  </span>
                </TableHead>
              )}
            </TableRow>
          </TableHeader>
          <TableBody>
            {product.variants.map((variant) => (
              <TableRow key={variant.id}>
                <TableCell className="font-medium">{variant.name || product.name}</TableCell>
                <TableCell className="font-mono text-xs whitespace-nowrap">{variant.sku}</TableCell>
                <TableCell className="font-mono text-xs">{variant.barcodes.length > 0 ? variant.barcodes.join(', ') : '—'}</TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">
                  {formatMoney(variant.sellingPriceMinor, currency)}
                  {variant.priceTiers.length > 0 && (
                    <span className="block text-xs text-muted-foreground">
                      {variant.priceTiers
                        .map((tier) => {
                          const quantity = formatQuantity(tier.minQuantityMilli);
                          const price = formatMoney(tier.priceMinor, currency);
                          return t`${quantity}+ @ ${price}`;
                        })
                        .join(', ')}
                    </span>
                  )}
                </TableCell>
                {showCosts && <CostCell amountMinor={variant.costPriceMinor} currency={currency} />}
                {showCosts && <CostCell amountMinor={variant.averageCostMinor} currency={currency} />}
                {showStock &&
                  locations.map(([locationId]) => {
                    const line = variant.stock.find((stock) => stock.locationId === locationId);
                    return (
                      <TableCell key={locationId} className="text-right">
                        <StockFigure onHandMilli={line?.onHandMilli ?? 0} unitShortName={unitShortName} isLow={line?.isLow ?? false} />
                      </TableCell>
                    );
                  })}
                {showStock && (
                  <TableCell className="text-right font-medium">
                    <StockFigure onHandMilli={variant.onHandMilli} unitShortName={unitShortName} reorderLevelMilli={product.reorderLevelMilli} />
                  </TableCell>
                )}
                {showStock && canAdjust && (
                  <TableCell className="text-right">
                    <Button asChild variant="ghost" size="sm">
                      <Link
                        to={`/admin/products/adjustments/new?${new URLSearchParams({ variantId: variant.id })}`}
                        aria-label={adjustLabel(variant.name || product.name)}
                      >
                        <Trans>Adjust</Trans>
                      </Link>
                    </Button>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}

/** A cost the server sent (only to roles that may see costs). */
function CostCell({ amountMinor, currency }: { amountMinor: number | undefined; currency: string }) {
  return <TableCell className="text-right whitespace-nowrap tabular-nums">{amountMinor === undefined ? '—' : formatMoney(amountMinor, currency)}</TableCell>;
}

function MovementHistory({ product }: { product: Product }) {
  const { t } = useLingui();
  const { i18n } = useLinguiContext();
  const [page, setPage] = useState(1);
  const movements = useProductMovements(product.id, page);
  const { formatDateTime } = useDateFormat();
  const unitShortName = product.unit?.shortName ?? null;
  const showVariant = product.variants.length > 1;
  return (
    <section aria-labelledby="product-movements" className="grid min-w-0 gap-3">
      <h3 id="product-movements" className="font-semibold">
        <Trans>Stock history</Trans>
      </h3>
      {movements.isPending ? (
        <TableSkeleton columns={5} rows={3} label={t`Loading the stock history`} />
      ) : movements.isError ? (
        <LoadError error={movements.error} what={t`the stock history`} onRetry={() => void movements.refetch()} />
      ) : movements.data.items.length === 0 ? (
        <p className="rounded-xl border border-dashed p-4 text-sm text-muted-foreground">
          <Trans>No stock movements yet. Opening stock, receipts, sales, adjustments and transfers appear here.</Trans>
        </p>
      ) : (
        <>
          <div className="min-w-0 overflow-hidden rounded-xl border bg-card">
            <Table aria-labelledby="product-movements" className="min-w-[44rem]">
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>
                    <Trans>When</Trans>
                  </TableHead>
                  {showVariant && (
                    <TableHead>
                      <Trans>Variant</Trans>
                    </TableHead>
                  )}
                  <TableHead>
                    <Trans>Location</Trans>
                  </TableHead>
                  <TableHead>
                    <Trans>Movement</Trans>
                  </TableHead>
                  <TableHead className="text-right">
                    <Trans>Change</Trans>
                  </TableHead>
                  <TableHead className="text-right">
                    <Trans>Balance</Trans>
                  </TableHead>
                  <TableHead>
                    <Trans>By</Trans>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {movements.data.items.map((movement) => (
                  <TableRow key={movement.id}>
                    <TableCell className="whitespace-nowrap">{formatDateTime(movement.createdAt)}</TableCell>
                    {showVariant && <TableCell>{movement.variantName}</TableCell>}
                    <TableCell>{movement.locationName}</TableCell>
                    <TableCell>
                      {translateMessage(MOVEMENT_KIND_LABELS[movement.kind], i18n)}
                      {(movement.reason || movement.note) && (
                        <span className="block text-xs text-muted-foreground">{[movement.reason && translateMessage(reasonLabel(movement.reason), i18n), movement.note].filter(Boolean).join(' · ')}</span>
                      )}
                    </TableCell>
                    <TableCell className="text-right">
                      <SignedQuantity milli={movement.quantityMilli} />
                    </TableCell>
                    <TableCell className="text-right whitespace-nowrap tabular-nums">{formatStock(movement.balanceAfterMilli, unitShortName)}</TableCell>
                    <TableCell>{movement.userName ?? '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <Pagination page={page} pageSize={MOVEMENTS_PAGE_SIZE} total={movements.data.total} onPageChange={setPage} />
        </>
      )}
    </section>
  );
}
