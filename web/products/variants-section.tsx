import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Controller, useFieldArray, useFormContext, useWatch, type FieldError } from 'react-hook-form';
import { MAX_VARIANTS } from '../../core/products/products.schemas';
import { addTax, DEFAULT_TAX_RATES_BP, splitInclusive, type TaxClass } from '../../core/products/tax.rules';
import { FormField, fieldControlProps } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { Switch } from '../components/ui/switch';
import { useInventorySettings } from '../inventory/inventory.api';
import { MoneyField, QuantityField } from './amount-fields';
import { BarcodesField } from './barcodes-field';
import { useCatalogAccess } from './catalog-access';
import { formatMoney } from './product-format';
import { singleVariantRow, variantRowsFor, type ProductFormValues } from './product-form-values';
import { Section } from './form-section';
import { useCurrencySymbol, useLocations } from './products.api';
import { UpgradeBadge } from './upgrade-badge';
import { combineVariantOptions, optionsOfVariants, type VariantOption } from './variant-matrix';

/** Messages of an array field: its own (a refinement) or its root's. */
const arrayMessage = (error: unknown) => {
  const value = error as (FieldError & { root?: FieldError }) | undefined;
  return value?.message ?? value?.root?.message;
};

/** The item(s) to sell: one, or a grid of variants from option names and values (Size × Colour). */
export function VariantsSection({ isNew, isCombo }: { isNew: boolean; isCombo: boolean }) {
  const { control, getValues, formState } = useFormContext<ProductFormValues>();
  const variants = useFieldArray({ control, name: 'variants', keyName: 'fieldKey' });
  const initial = getValues('variants');
  const [hasVariants, setHasVariants] = useState(() => initial.length > 1 || Object.keys(initial[0]?.options ?? {}).length > 0);
  const [options, setOptions] = useState<VariantOption[]>(() => {
    const existing = optionsOfVariants(initial);
    return existing.length > 0 ? existing : [{ name: 'Size', values: '' }];
  });

  const changeOptions = (next: VariantOption[]) => {
    setOptions(next);
    const combinations = combineVariantOptions(next).slice(0, MAX_VARIANTS);
    if (combinations.length === 0) return;
    const current = getValues('variants');
    const names = current.map((variant) => variant.name).join('\n');
    if (names === combinations.map((combination) => combination.name).join('\n')) return;
    variants.replace(variantRowsFor(combinations, current));
  };
  const toggleVariants = (on: boolean) => {
    setHasVariants(on);
    if (on) changeOptions(options);
    else variants.replace(singleVariantRow(getValues('variants')));
  };

  const listError = arrayMessage(formState.errors.variants);
  return (
    <Section
      title={hasVariants ? 'Variants' : 'Price and stock'}
      id="product-variants"
      aside={
        <div className="flex items-center gap-2">
          <Switch id="product-has-variants" checked={hasVariants} onCheckedChange={toggleVariants} disabled={isCombo} />
          <Label htmlFor="product-has-variants">This product has variants</Label>
        </div>
      }
    >
      {hasVariants && <OptionsEditor options={options} onChange={changeOptions} />}
      {listError && (
        <p className="text-sm text-destructive" role="alert">
          {listError}
        </p>
      )}
      {hasVariants ? (
        <ol aria-label="Variants" className="grid gap-3">
          {variants.fields.map((field, index) => (
            <li key={field.fieldKey} aria-label={`Variant ${field.name || index + 1}`} className="grid gap-3 rounded-lg border p-3 sm:p-4">
              <div className="flex items-center justify-between gap-2">
                <h4 className="font-medium">{field.name || `Variant ${index + 1}`}</h4>
                {variants.fields.length > 1 && (
                  <Button variant="ghost" size="sm" onClick={() => variants.remove(index)} aria-label={`Remove variant ${field.name || index + 1}`}>
                    <Trash2Icon aria-hidden />
                    Remove
                  </Button>
                )}
              </div>
              <VariantFields index={index} isNew={isNew} showName />
            </li>
          ))}
        </ol>
      ) : (
        <VariantFields index={0} isNew={isNew} showName={false} />
      )}
    </Section>
  );
}

function OptionsEditor({ options, onChange }: { options: VariantOption[]; onChange: (options: VariantOption[]) => void }) {
  const set = (index: number, change: Partial<VariantOption>) => onChange(options.map((option, position) => (position === index ? { ...option, ...change } : option)));
  const count = combineVariantOptions(options).length;
  return (
    <fieldset className="grid gap-3 rounded-lg bg-muted/40 p-3">
      <legend className="sr-only">Variant options</legend>
      {options.map((option, index) => (
        <div key={index} className="grid gap-2 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
          <FormField id={`variant-option-${index}-name`} label="Option name">
            <Input id={`variant-option-${index}-name`} placeholder="Size" value={option.name} onChange={(event) => set(index, { name: event.target.value })} />
          </FormField>
          <FormField id={`variant-option-${index}-values`} label="Values (comma-separated)">
            <Input
              id={`variant-option-${index}-values`}
              placeholder="S, M, L"
              value={option.values}
              onChange={(event) => set(index, { values: event.target.value })}
            />
          </FormField>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remove option ${option.name || index + 1}`}
            disabled={options.length === 1}
            onClick={() => onChange(options.filter((_, position) => position !== index))}
          >
            <Trash2Icon aria-hidden />
          </Button>
        </div>
      ))}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="outline" size="sm" onClick={() => onChange([...options, { name: '', values: '' }])} disabled={options.length >= 3}>
          <PlusIcon aria-hidden />
          Add option
        </Button>
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {count === 0 ? 'Type values to make the variants' : `${count} variant${count === 1 ? '' : 's'}${count > MAX_VARIANTS ? ` (at most ${MAX_VARIANTS})` : ''}`}
        </p>
      </div>
    </fieldset>
  );
}

function VariantFields({ index, isNew, showName }: { index: number; isNew: boolean; showName: boolean }) {
  const { control, register, formState } = useFormContext<ProductFormValues>();
  const errors = formState.errors.variants?.[index];
  const prefix = `variant-${index}`;
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {showName && (
          <FormField id={`${prefix}-name`} label="Variant name" error={errors?.name?.message}>
            <Input {...fieldControlProps(`${prefix}-name`, { error: errors?.name?.message })} {...register(`variants.${index}.name`)} />
          </FormField>
        )}
        <FormField id={`${prefix}-sku`} label="SKU" error={errors?.sku?.message} hint={SKU_HINT}>
          <Input
            {...fieldControlProps(`${prefix}-sku`, { error: errors?.sku?.message, hint: SKU_HINT })}
            className="font-mono"
            autoComplete="off"
            {...register(`variants.${index}.sku`)}
          />
        </FormField>
        <Controller
          control={control}
          name={`variants.${index}.barcodes`}
          render={({ field }) => (
            <BarcodesField
              id={`${prefix}-barcode`}
              value={field.value ?? []}
              onChange={field.onChange}
              errors={(field.value ?? []).map((_, position) => errors?.barcodes?.[position]?.message)}
              listError={arrayMessage(errors?.barcodes)}
            />
          )}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={control}
          name={`variants.${index}.costPriceMinor`}
          render={({ field }) => (
            <MoneyField
              id={`${prefix}-cost`}
              label="Cost price"
              value={field.value}
              onChange={(value) => field.onChange(value ?? 0)}
              onBlur={field.onBlur}
              error={errors?.costPriceMinor?.message}
              missingText="the cost price, or 0"
            />
          )}
        />
        <Controller
          control={control}
          name={`variants.${index}.sellingPriceMinor`}
          render={({ field }) => (
            <MoneyField
              id={`${prefix}-price`}
              label="Selling price"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors?.sellingPriceMinor?.message}
              missingText="the selling price"
              hint={<VatHint priceMinor={field.value} />}
            />
          )}
        />
      </div>
      <PriceTiersField index={index} />
      {isNew && <OpeningStockField index={index} />}
    </div>
  );
}

const SKU_HINT = 'Leave blank to have one made';

/** "Includes VAT KSh 16.55": the tax inside (or on top of) the price at the product's tax class. */
function VatHint({ priceMinor }: { priceMinor: number }) {
  const [taxClass, pricesIncludeTax] = useWatch<ProductFormValues, ['taxClass', 'pricesIncludeTax']>({ name: ['taxClass', 'pricesIncludeTax'] });
  const settings = useInventorySettings();
  const currency = useCurrencySymbol();
  if (!Number.isSafeInteger(priceMinor)) return null;
  const rateBp = vatRate((taxClass ?? 'standard') as TaxClass, settings.data);
  if (rateBp === 0) return taxClass === 'exempt' ? 'VAT exempt' : 'Zero-rated: no VAT';
  if (pricesIncludeTax ?? true) {
    const { netMinor, taxMinor } = splitInclusive(priceMinor, rateBp);
    return `Includes VAT ${formatMoney(taxMinor, currency)} (before VAT ${formatMoney(netMinor, currency)})`;
  }
  const { grossMinor, taxMinor } = addTax(priceMinor, rateBp);
  return `Plus VAT ${formatMoney(taxMinor, currency)}: the customer pays ${formatMoney(grossMinor, currency)}`;
}

function vatRate(taxClass: TaxClass, settings: { vatStandardBp: number; vatReducedBp: number } | undefined): number {
  if (taxClass === 'standard') return settings?.vatStandardBp ?? DEFAULT_TAX_RATES_BP.standard;
  if (taxClass === 'reduced') return settings?.vatReducedBp ?? DEFAULT_TAX_RATES_BP.reduced;
  return 0;
}

/** Wholesale prices: from a quantity up, each item costs less (advanced inventory). */
function PriceTiersField({ index }: { index: number }) {
  const { control, formState } = useFormContext<ProductFormValues>();
  const access = useCatalogAccess();
  const tiers = useFieldArray({ control, name: `variants.${index}.priceTiers`, keyName: 'fieldKey' });
  const errors = formState.errors.variants?.[index]?.priceTiers;
  const prefix = `variant-${index}-tier`;
  if (!access.hasAdvancedInventory) {
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground" data-locked="">
        Wholesale prices
        <UpgradeBadge badge={access.upgradeBadge} message={access.upgradeMessage} />
      </div>
    );
  }
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium">Wholesale prices</legend>
      {tiers.fields.map((field, tierIndex) => (
        <div key={field.fieldKey} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
          <Controller
            control={control}
            name={`variants.${index}.priceTiers.${tierIndex}.minQuantityMilli`}
            render={({ field: quantity }) => (
              <QuantityField
                id={`${prefix}-${tierIndex}-quantity`}
                label="From quantity"
                value={quantity.value}
                onChange={quantity.onChange}
                error={errors?.[tierIndex]?.minQuantityMilli?.message}
                missingText="the quantity"
              />
            )}
          />
          <Controller
            control={control}
            name={`variants.${index}.priceTiers.${tierIndex}.priceMinor`}
            render={({ field: price }) => (
              <MoneyField
                id={`${prefix}-${tierIndex}-price`}
                label="Price each"
                value={price.value}
                onChange={price.onChange}
                error={errors?.[tierIndex]?.priceMinor?.message}
                missingText="the price"
              />
            )}
          />
          <Button variant="ghost" size="icon" aria-label={`Remove wholesale price ${tierIndex + 1}`} onClick={() => tiers.remove(tierIndex)}>
            <Trash2Icon aria-hidden />
          </Button>
        </div>
      ))}
      {arrayMessage(errors) && <p className="text-sm text-destructive">{arrayMessage(errors)}</p>}
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        disabled={tiers.fields.length >= 10}
        onClick={() => tiers.append({ minQuantityMilli: Number.NaN, priceMinor: Number.NaN })}
      >
        <PlusIcon aria-hidden />
        Add wholesale price
      </Button>
    </fieldset>
  );
}

/** Stock already on the shelf when the product is created, per active location. */
function OpeningStockField({ index }: { index: number }) {
  const { control, formState } = useFormContext<ProductFormValues>();
  const locations = useLocations();
  const active = (locations.data ?? []).filter((location) => location.isActive);
  const errors = formState.errors.variants?.[index]?.openingStock;
  if (active.length === 0) return null;
  return (
    <Controller
      control={control}
      name={`variants.${index}.openingStock`}
      render={({ field }) => {
        const lines = field.value ?? [];
        const quantityAt = (locationId: string) => lines.find((line) => line.locationId === locationId)?.quantityMilli ?? null;
        const setQuantity = (locationId: string, quantityMilli: number | null) => {
          const others = lines.filter((line) => line.locationId !== locationId);
          field.onChange(quantityMilli === null || quantityMilli === 0 ? others : [...others, { locationId, quantityMilli }]);
        };
        return (
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">Opening stock</legend>
            <div className="grid gap-3 sm:grid-cols-3">
              {active.map((location) => {
                const position = lines.findIndex((line) => line.locationId === location.id);
                return (
                  <QuantityField
                    key={location.id}
                    id={`variant-${index}-opening-${location.id}`}
                    label={location.name}
                    optional
                    value={quantityAt(location.id)}
                    onChange={(value) => setQuantity(location.id, value)}
                    error={position >= 0 ? errors?.[position]?.quantityMilli?.message : undefined}
                  />
                );
              })}
            </div>
            {arrayMessage(errors) && <p className="text-sm text-destructive">{arrayMessage(errors)}</p>}
          </fieldset>
        );
      }}
    />
  );
}
