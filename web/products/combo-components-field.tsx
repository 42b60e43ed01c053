import { Trans, useLingui } from '@lingui/react/macro';
import { PlusIcon, SearchIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import type { Product } from '../../core/products/products.schemas';
import { Button } from '../components/ui/button';
import { translateMessage } from '../i18n/translate-message';
import { QuantityField } from './amount-fields';
import { IconInput } from './icon-input';
import { DEFAULT_LIST_STATE } from './product-list-params';
import type { ProductFormValues } from './product-form-values';
import { useProductList } from './products.api';

const QUANTITY_ONE = 1000;

/** What one sale of the combo takes from stock: products found by name, SKU or barcode, with a quantity each. */
export function ComboComponentsField({ product }: { product: Product | null }) {
  const { t, i18n } = useLingui();
  const { control, formState } = useFormContext<ProductFormValues>();
  const components = useFieldArray({ control, name: 'components', keyName: 'fieldKey' });
  const [labels, setLabels] = useState<Record<string, string>>(() =>
    Object.fromEntries((product?.components ?? []).map((component) => [component.variantId, componentLabel(component.productName, component.variantName)])),
  );
  const [search, setSearch] = useState('');
  const term = search.trim();
  const results = useProductList({ ...DEFAULT_LIST_STATE, search: term, pageSize: 10 }, { enabled: term.length >= 2 });
  const chosen = new Set(components.fields.map((field) => field.variantId));
  const candidates =
    term.length < 2
      ? []
      : (results.data?.items ?? [])
          .filter((item) => item.kind === 'standard' && item.id !== product?.id)
          .flatMap((item) => item.variants.map((variant) => ({ variantId: variant.id, label: componentLabel(item.name, item.variants.length > 1 ? variant.name : ''), sku: variant.sku })))
          .filter((candidate) => !chosen.has(candidate.variantId));
  const errors = formState.errors.components;
  const removeLabel = (label: string | undefined) => (label === undefined ? t`Remove component` : t`Remove ${label}`);

  return (
    <div className="grid gap-3">
      {components.fields.length > 0 && (
        <ul aria-label={t`Components`} className="grid gap-2">
          {components.fields.map((field, index) => (
            <li key={field.fieldKey} className="grid grid-cols-[1fr_8rem_auto] items-end gap-2">
              <span className="self-center truncate text-sm font-medium">{labels[field.variantId] ?? t`Product`}</span>
              <Controller
                control={control}
                name={`components.${index}.quantityMilli`}
                render={({ field: quantity }) => (
                  <QuantityField
                    id={`component-${index}-quantity`}
                    label={t`Quantity`}
                    value={quantity.value}
                    onChange={quantity.onChange}
                    error={errors?.[index]?.quantityMilli?.message ?? errors?.[index]?.variantId?.message}
                    missingText={t`Enter the quantity`}
                  />
                )}
              />
              <Button variant="ghost" size="icon" aria-label={removeLabel(labels[field.variantId])} onClick={() => components.remove(index)}>
                <Trash2Icon aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {(errors?.message ?? errors?.root?.message) && <p className="text-sm text-destructive">{translateMessage(errors?.message ?? errors?.root?.message ?? '', i18n)}</p>}
      <IconInput
        icon={SearchIcon}
        type="search"
        aria-label={t`Find a component product`}
        placeholder={t`Find a product to add by name, SKU or barcode`}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
      {candidates.length > 0 && (
        <ul aria-label={t`Matching products`} className="grid max-h-60 divide-y overflow-y-auto rounded-md border">
          {candidates.map((candidate) => (
            <li key={candidate.variantId}>
              <button
                type="button"
                className="flex w-full items-center justify-between gap-2 px-3 py-2 text-left text-sm outline-none hover:bg-muted focus-visible:bg-muted"
                onClick={() => {
                  setLabels((current) => ({ ...current, [candidate.variantId]: candidate.label }));
                  components.append({ variantId: candidate.variantId, quantityMilli: QUANTITY_ONE });
                  setSearch('');
                }}
              >
                <span className="truncate">{candidate.label}</span>
                <span className="flex items-center gap-1 text-xs text-muted-foreground">
                  <span className="font-mono">{candidate.sku}</span>
                  <PlusIcon aria-hidden className="size-3.5" />
                  <span className="sr-only">
                    <Trans>Add</Trans>
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {term.length >= 2 && results.isSuccess && candidates.length === 0 && (
        <p className="text-sm text-muted-foreground">
          <Trans>No other products match “{term}”.</Trans>
        </p>
      )}
    </div>
  );
}

const componentLabel = (productName: string, variantName: string) => (variantName ? `${productName} — ${variantName}` : productName);
