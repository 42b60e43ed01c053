import { plural } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQueries, useQuery } from '@tanstack/react-query';
import { PlusIcon, PrinterIcon, XIcon } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { productListSchema, productSchema, type Product } from '../../../core/products/products.schemas';
import { FormField } from '../../components/form-field';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';
import { Spinner } from '../../components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { apiRequest } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { formatMoney } from '../product-format';
import { productKeys, useCurrencySymbol } from '../products.api';
import { LABEL_SIZES, labelBarcode, type LabelSize } from './label-layout';
import { LabelSheets, PrintableLabels, type LabelItem } from './label-sheet';

const MAX_PRODUCTS = 50;
const MAX_LABELS_PER_ITEM = 500;

const idsOf = (param: string | null) => [...new Set((param ?? '').split(',').map((id) => id.trim()).filter(Boolean))].slice(0, MAX_PRODUCTS);

/** /admin/products/labels?ids=…: choose products and how many labels of each, then print A4 sheets. */
export function LabelsScreen() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  useDocumentTitle(t`Print labels`);
  const [searchParams, setSearchParams] = useSearchParams();
  const productIds = idsOf(searchParams.get('ids'));
  const currencySymbol = useCurrencySymbol();
  const sizeId = useId();
  const [sizeKey, setSizeKey] = useState(LABEL_SIZES[0]!.id);
  const size = LABEL_SIZES.find((candidate) => candidate.id === sizeKey) ?? LABEL_SIZES[0]!;
  /** Labels per variant; a variant not in the map gets one. */
  const [quantities, setQuantities] = useState<Record<string, number>>({});

  const productQueries = useQueries({
    queries: productIds.map((productId) => ({
      queryKey: productKeys.detail(productId),
      queryFn: () => apiRequest(`/api/products/${encodeURIComponent(productId)}`, { schema: productSchema }),
    })),
  });
  const chosen = productQueries.flatMap((query) => (query.data ? [query.data] : []));
  const isLoading = productQueries.some((query) => query.isPending);
  const missingCount = productQueries.filter((query) => query.isError).length;

  const setIds = (ids: string[]) => setSearchParams(ids.length ? { ids: ids.join(',') } : {}, { replace: true });
  const quantityOf = (variantId: string) => quantities[variantId] ?? 1;

  const items: LabelItem[] = chosen.flatMap((product) =>
    product.variants.flatMap((variant) =>
      Array.from({ length: quantityOf(variant.id) }, () => ({
        key: variant.id,
        name: variant.name ? `${product.name} ${variant.name}` : product.name,
        priceMinor: variant.sellingPriceMinor,
        code: variant.barcodes[0] ?? variant.sku,
      })),
    ),
  );
  const sheetCount = Math.ceil(items.length / size.perSheet);

  return (
    <div className="grid min-w-0 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h2 className="text-xl font-semibold">
            <Trans>Print labels</Trans>
          </h2>
          <p className="text-sm text-muted-foreground">
            <Trans>Name, price and barcode (the first barcode, else the SKU) on A4 label sheets.</Trans>
          </p>
        </div>
        <Button onClick={() => window.print()} disabled={items.length === 0}>
          <PrinterIcon aria-hidden />
          <Plural value={items.length} one="Print # label" other="Print # labels" />
        </Button>
      </div>

      <div className="grid min-w-0 gap-4 md:grid-cols-2">
        <ProductSearch
          chosenIds={productIds}
          onAdd={(id) => setIds([...productIds, id])}
          isFull={productIds.length >= MAX_PRODUCTS}
        />
        <FormField id={sizeId} label={t`Label size`} hint={sheetCount > 0 ? t`${plural(sheetCount, { one: '# sheet', other: '# sheets' })}` : undefined}>
          <NativeSelect id={sizeId} value={sizeKey} onChange={(event) => setSizeKey(event.target.value)}>
            {LABEL_SIZES.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {i18n._(candidate.title)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>

      {isLoading && <Spinner label={t`Loading the products`} />}
      {missingCount > 0 && (
        <p className="text-sm text-destructive">
          <Plural
            value={missingCount}
            one="# of the chosen products could not be loaded."
            other="# of the chosen products could not be loaded."
          />
        </p>
      )}
      {chosen.length > 0 ? (
        <ChosenVariants
          products={chosen}
          size={size}
          currencySymbol={currencySymbol}
          quantityOf={quantityOf}
          onQuantity={(variantId, quantity) => setQuantities((current) => ({ ...current, [variantId]: quantity }))}
          onRemove={(productId) => setIds(productIds.filter((id) => id !== productId))}
        />
      ) : (
        !isLoading && (
          <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
            <Trans>Search for products to put on labels.</Trans>
          </p>
        )
      )}

      {items.length > 0 && (
        <section aria-label={t`Preview of the sheets`} className="grid min-w-0 gap-2">
          <h3 className="font-semibold">
            <Trans>Preview</Trans>
          </h3>
          <div className="max-h-[70dvh] overflow-auto rounded-xl border bg-muted/40 p-4">
            <LabelSheets items={items} size={size} currencySymbol={currencySymbol} />
          </div>
          <PrintableLabels items={items} size={size} currencySymbol={currencySymbol} />
        </section>
      )}
    </div>
  );
}

function ProductSearch({ chosenIds, onAdd, isFull }: { chosenIds: string[]; onAdd: (productId: string) => void; isFull: boolean }) {
  const { t } = useLingui();
  const id = useId();
  const [text, setText] = useState('');
  const search = useDeferredValue(text.trim());
  const results = useQuery({
    queryKey: [...productKeys.lists, 'labels-search', search],
    queryFn: ({ signal }) => apiRequest(`/api/products?${new URLSearchParams({ search, pageSize: '10' })}`, { schema: productListSchema, signal }),
    enabled: search.length > 0,
  });
  const hint = isFull ? t`At most ${MAX_PRODUCTS} products at a time` : t`Name, SKU or barcode`;
  return (
    <div className="grid min-w-0 content-start gap-2">
      <FormField id={id} label={t`Add products`} hint={hint}>
        <Input id={id} type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder={t`Search`} autoComplete="off" disabled={isFull} />
      </FormField>
      {search && results.data && (
        <ul aria-label={t`Search results`} className="grid max-h-64 gap-1 overflow-y-auto rounded-md border p-1">
          {results.data.items.length === 0 && (
            <li className="p-2 text-sm text-muted-foreground">
              <Trans>No products found</Trans>
            </li>
          )}
          {results.data.items.map((product) => {
            const isChosen = chosenIds.includes(product.id);
            return (
              <li key={product.id} className="flex items-center justify-between gap-2 rounded-md p-1.5 text-sm hover:bg-muted">
                <span className="min-w-0 truncate">
                  {product.name}
                  <span className="ml-2 text-xs text-muted-foreground">{product.variants[0]?.sku}</span>
                </span>
                <Button size="sm" variant="outline" disabled={isChosen || isFull} onClick={() => onAdd(product.id)}>
                  <PlusIcon aria-hidden />
                  {isChosen ? <Trans>Added</Trans> : <Trans>Add</Trans>}
                  <span className="sr-only"> {product.name}</span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function ChosenVariants({
  products,
  size,
  currencySymbol,
  quantityOf,
  onQuantity,
  onRemove,
}: {
  products: Product[];
  size: LabelSize;
  currencySymbol: string;
  quantityOf: (variantId: string) => number;
  onQuantity: (variantId: string, quantity: number) => void;
  onRemove: (productId: string) => void;
}) {
  const { t } = useLingui();
  return (
    <div className="min-w-0 rounded-xl border bg-card">
      <Table aria-label={t`Labels to print`}>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead className="pl-4">
              <Trans>Product</Trans>
            </TableHead>
            <TableHead>
              <Trans>Barcode</Trans>
            </TableHead>
            <TableHead className="text-right">
              <Trans>Price</Trans>
            </TableHead>
            <TableHead className="w-28">
              <Trans>Labels</Trans>
            </TableHead>
            <TableHead className="pr-4">
              <span className="sr-only">
                <Trans>Remove</Trans>
              </span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {products.flatMap((product) =>
            product.variants.map((variant, index) => {
              const label = variant.name ? `${product.name} ${variant.name}` : product.name;
              const code = variant.barcodes[0] ?? variant.sku;
              const sku = variant.sku;
              const productName = product.name;
              return (
                <TableRow key={variant.id}>
                  <TableCell className="pl-4">{label}</TableCell>
                  <TableCell>
                    <span className="font-mono text-xs">{variant.barcodes[0] ?? t`${sku} (SKU)`}</span>
                    {labelBarcode(code, size) === null && (
                      <span className="block text-xs text-muted-foreground">
                        <Trans>Too long for a readable barcode on this label: printed as text</Trans>
                      </span>
                    )}
                  </TableCell>
                  <TableCell className="text-right whitespace-nowrap">{formatMoney(variant.sellingPriceMinor, currencySymbol)}</TableCell>
                  <TableCell>
                    <Input
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={MAX_LABELS_PER_ITEM}
                      aria-label={t`Labels of ${label}`}
                      value={quantityOf(variant.id)}
                      onChange={(event) => onQuantity(variant.id, Math.min(MAX_LABELS_PER_ITEM, Math.max(0, Math.trunc(Number(event.target.value) || 0))))}
                      className="w-20"
                    />
                  </TableCell>
                  <TableCell className="pr-4 text-right">
                    {index === 0 && (
                      <Button variant="ghost" size="icon" onClick={() => onRemove(product.id)} aria-label={t`Remove ${productName}`}>
                        <XIcon aria-hidden />
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              );
            }),
          )}
        </TableBody>
      </Table>
    </div>
  );
}
