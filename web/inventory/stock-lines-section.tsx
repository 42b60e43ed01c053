import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { PackageSearchIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { movementListSchema } from '../../core/inventory/inventory.schemas';
import { productSchema } from '../../core/products/products.schemas';
import { apiRequest } from '../lib/api-client';
import { logger } from '../lib/logger';
import { productKeys } from '../products/products.api';
import { StockLineList } from './stock-line-list';
import { addOrIncrement, type PickedVariant, type StockDirection, type StockLine } from './stock-lines';
import { VariantPicker } from './variant-picker';

/** The lines of a stock form and what changes them; errors are by variant id. */
export function useStockLines(direction: StockDirection) {
  const [lines, setLines] = useState<StockLine[]>([]);
  const [focusVariantId, setFocusVariantId] = useState<string | null>(null);
  const [lineErrors, setLineErrors] = useState<Record<string, string | undefined>>({});
  const clearError = (variantId: string) => setLineErrors((errors) => ({ ...errors, [variantId]: undefined }));
  return {
    lines,
    focusVariantId,
    lineErrors,
    setLineErrors,
    pick: (variant: PickedVariant, via: 'scan' | 'search' | 'link') => {
      setLines((current) => addOrIncrement(current, variant, direction).lines);
      // After a search the cursor goes to the quantity; a scanner keeps scanning.
      setFocusVariantId(via === 'scan' ? null : variant.variantId);
      clearError(variant.variantId);
    },
    change: (variantId: string, change: Partial<Pick<StockLine, 'quantityText' | 'direction'>>) => {
      setLines((current) => current.map((line) => (line.variantId === variantId ? { ...line, ...change } : line)));
      clearError(variantId);
    },
    remove: (variantId: string) => {
      setLines((current) => current.filter((line) => line.variantId !== variantId));
      clearError(variantId);
    },
  };
}

/**
 * ?productId=…&variantId=… (from a product or the low-stock list) starts the form with that line.
 * With the variant alone its product is found through its latest movement.
 */
export function usePreselectedLine(onFound: (variant: PickedVariant) => void) {
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const variantId = searchParams.get('variantId');
  const productIdParam = searchParams.get('productId');
  const handled = useRef(false);
  const onFoundRef = useRef(onFound);
  useEffect(() => {
    onFoundRef.current = onFound;
  });
  useEffect(() => {
    if (!variantId || handled.current) return;
    handled.current = true;
    void (async () => {
      try {
        const productId =
          productIdParam ??
          (await apiRequest(`/api/inventory/movements?${new URLSearchParams({ variantId, pageSize: '1' })}`, { schema: movementListSchema })).items[0]?.productId;
        if (!productId || !z.uuid().safeParse(productId).success) return;
        const product = await queryClient.fetchQuery({
          queryKey: productKeys.detail(productId),
          queryFn: () => apiRequest(`/api/products/${encodeURIComponent(productId)}`, { schema: productSchema }),
        });
        const variant = product.variants.find((candidate) => candidate.id === variantId);
        if (variant) onFoundRef.current({ productId: product.id, productName: product.name, variantId: variant.id, variantName: variant.name, sku: variant.sku });
      } catch (error) {
        logger.warn('The product in the address could not be added', error);
      }
    })();
  }, [variantId, productIdParam, queryClient]);
}

/** Picker, lines and the "nothing yet" hint of an adjustment or transfer form. */
export function StockLinesSection({
  mode,
  state,
  locationId,
  locationName,
  error,
}: {
  mode: 'adjust' | 'transfer';
  state: ReturnType<typeof useStockLines>;
  locationId: string;
  locationName: string | undefined;
  error: string | undefined;
}) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="stock-lines" className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <h3 id="stock-lines" className="font-semibold">
        <Trans>Products</Trans>
      </h3>
      <VariantPicker idPrefix={`${mode}-lines`} onPick={state.pick} pickLabel={(product) => t`Add ${product}`} stockAt={locationId ? { locationId, locationName } : null} />
      {state.lines.length === 0 ? (
        <div className="flex items-center gap-3 rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
          <PackageSearchIcon aria-hidden className="size-5 shrink-0" />
          <Trans>Scan a barcode or search for a product to add its line.</Trans>
        </div>
      ) : (
        <StockLineList
          mode={mode}
          lines={state.lines}
          locationId={locationId}
          locationName={locationName}
          errors={state.lineErrors}
          focusVariantId={state.focusVariantId}
          onChange={state.change}
          onRemove={state.remove}
        />
      )}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </section>
  );
}
