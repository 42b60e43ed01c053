import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { translateMessage } from '../i18n/translate-message';
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
  const { t } = useLingui();
  const { control, getValues, formState } = useFormContext<ProductFormValues>();
  const variants = useFieldArray({ control, name: 'variants', keyName: 'fieldKey' });
  const initial = getValues('variants');
  const [hasVariants, setHasVariants] = useState(() => initial.length > 1 || Object.keys(initial[0]?.options ?? {}).length > 0);
  const [options, setOptions] = useState<VariantOption[]>(() => {
    const existing = optionsOfVariants(initial);
    return existing.length > 0 ? existing : [{ name: t`Size`, values: '' }];
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
      title={hasVariants ? t`Variants` : t`Price and stock`}
      id="product-variants"
      aside={
        <div className="flex items-center gap-2">
          <Switch id="product-has-variants" checked={hasVariants} onCheckedChange={toggleVariants} disabled={isCombo} />
          <Label htmlFor="product-has-variants">
            <Trans>This product has variants</Trans>
          </Label>
        </div>
      }
    >
      {hasVariants && <OptionsEditor options={options} onChange={changeOptions} />}
      {listError && (
        <p className="text-sm text-destructive" role="alert">
          {translateMessage(listError)}
        </p>
      )}
      {hasVariants ? (
        <ol aria-label={t`Variants`} className="grid gap-3">
          {variants.fields.map((field, index) => {
            const variant = field.name || String(index + 1);
            const number = index + 1;
            return (
              <li key={field.fieldKey} aria-label={t`Variant ${variant}`} className="grid gap-3 rounded-lg border p-3 sm:p-4">
                <div className="flex items-center justify-between gap-2">
                  <h4 className="font-medium">{field.name || t`Variant ${number}`}</h4>
                  {variants.fields.length > 1 && (
                    <Button variant="ghost" size="sm" onClick={() => variants.remove(index)} aria-label={t`Remove variant ${variant}`}>
                      <Trash2Icon aria-hidden />
                      <Trans>Remove</Trans>
                    </Button>
                  )}
                </div>
                <VariantFields index={index} isNew={isNew} showName />
              </li>
            );
          })}
        </ol>
      ) : (
        <VariantFields index={0} isNew={isNew} showName={false} />
      )}
    </Section>
  );
}

function OptionsEditor({ options, onChange }: { options: VariantOption[]; onChange: (options: VariantOption[]) => void }) {
  const { t } = useLingui();
  const set = (index: number, change: Partial<VariantOption>) => onChange(options.map((option, position) => (position === index ? { ...option, ...change } : option)));
  const count = combineVariantOptions(options).length;
  const removeOptionLabel = (option: string) => t`Remove option ${option}`;
  return (
    <fieldset className="grid gap-3 rounded-lg bg-muted/40 p-3">
      <legend className="sr-only">
        <Trans>Variant options</Trans>
      </legend>
      {options.map((option, index) => (
        <div key={index} className="grid gap-2 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
          <FormField id={`variant-option-${index}-name`} label={t`Option name`}>
            <Input id={`variant-option-${index}-name`} placeholder={t`Size`} value={option.name} onChange={(event) => set(index, { name: event.target.value })} />
          </FormField>
          <FormField id={`variant-option-${index}-values`} label={t`Values (comma-separated)`}>
            <Input
              id={`variant-option-${index}-values`}
              placeholder={t`S, M, L`}
              value={option.values}
              onChange={(event) => set(index, { values: event.target.value })}
            />
          </FormField>
          <Button
            variant="ghost"
            size="icon"
            aria-label={removeOptionLabel(option.name || String(index + 1))}
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
          <Trans>Add option</Trans>
        </Button>
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {count === 0
            ? t`Type values to make the variants`
            : count > MAX_VARIANTS
              ? t`${plural(count, { one: '# variant', other: '# variants' })} (at most ${MAX_VARIANTS})`
              : t`${plural(count, { one: '# variant', other: '# variants' })}`}
        </p>
      </div>
    </fieldset>
  );
}

function VariantFields({ index, isNew, showName }: { index: number; isNew: boolean; showName: boolean }) {
  const { t } = useLingui();
  const { control, register, formState } = useFormContext<ProductFormValues>();
  const errors = formState.errors.variants?.[index];
  const prefix = `variant-${index}`;
  const skuHint = t`Leave blank to have one made`;
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {showName && (
          <FormField id={`${prefix}-name`} label={t`Variant name`} error={errors?.name?.message}>
            <Input {...fieldControlProps(`${prefix}-name`, { error: errors?.name?.message })} {...register(`variants.${index}.name`)} />
          </FormField>
        )}
        <FormField id={`${prefix}-sku`} label={t`SKU`} error={errors?.sku?.message} hint={skuHint}>
          <Input
            {...fieldControlProps(`${prefix}-sku`, { error: errors?.sku?.message, hint: skuHint })}
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
              label={t`Cost price`}
              value={field.value}
              onChange={(value) => field.onChange(value ?? 0)}
              onBlur={field.onBlur}
              error={errors?.costPriceMinor?.message}
              missingText={t`Enter the cost price, or 0`}
            />
          )}
        />
        <Controller
          control={control}
          name={`variants.${index}.sellingPriceMinor`}
          render={({ field }) => (
            <MoneyField
              id={`${prefix}-price`}
              label={t`Selling price`}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors?.sellingPriceMinor?.message}
              missingText={t`Enter the selling price`}
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

/** "Includes VAT KSh 16.55": the tax inside (or on top of) the price at the product's tax class. */
function VatHint({ priceMinor }: { priceMinor: number }) {
  const { t } = useLingui();
  const [taxClass, pricesIncludeTax] = useWatch<ProductFormValues, ['taxClass', 'pricesIncludeTax']>({ name: ['taxClass', 'pricesIncludeTax'] });
  const settings = useInventorySettings();
  const currency = useCurrencySymbol();
  if (!Number.isSafeInteger(priceMinor)) return null;
  const rateBp = vatRate((taxClass ?? 'standard') as TaxClass, settings.data);
  if (rateBp === 0) return taxClass === 'exempt' ? t`VAT exempt` : t`Zero-rated: no VAT`;
  if (pricesIncludeTax ?? true) {
    const { netMinor, taxMinor } = splitInclusive(priceMinor, rateBp);
    const tax = formatMoney(taxMinor, currency);
    const net = formatMoney(netMinor, currency);
    return t`Includes VAT ${tax} (before VAT ${net})`;
  }
  const { grossMinor, taxMinor } = addTax(priceMinor, rateBp);
  const tax = formatMoney(taxMinor, currency);
  const gross = formatMoney(grossMinor, currency);
  return t`Plus VAT ${tax}: the customer pays ${gross}`;
}

function vatRate(taxClass: TaxClass, settings: { vatStandardBp: number; vatReducedBp: number } | undefined): number {
  if (taxClass === 'standard') return settings?.vatStandardBp ?? DEFAULT_TAX_RATES_BP.standard;
  if (taxClass === 'reduced') return settings?.vatReducedBp ?? DEFAULT_TAX_RATES_BP.reduced;
  return 0;
}

/** Wholesale prices: from a quantity up, each item costs less (advanced inventory). */
function PriceTiersField({ index }: { index: number }) {
  const { t } = useLingui();
  const { control, formState } = useFormContext<ProductFormValues>();
  const access = useCatalogAccess();
  const tiers = useFieldArray({ control, name: `variants.${index}.priceTiers`, keyName: 'fieldKey' });
  const errors = formState.errors.variants?.[index]?.priceTiers;
  const prefix = `variant-${index}-tier`;
  const removeTierLabel = (number: number) => t`Remove wholesale price ${number}`;
  if (!access.hasAdvancedInventory) {
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground" data-locked="">
        <Trans>Wholesale prices</Trans>
        <UpgradeBadge badge={access.upgradeBadge} message={access.upgradeMessage} />
      </div>
    );
  }
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium">
        <Trans>Wholesale prices</Trans>
      </legend>
      {tiers.fields.map((field, tierIndex) => (
        <div key={field.fieldKey} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
          <Controller
            control={control}
            name={`variants.${index}.priceTiers.${tierIndex}.minQuantityMilli`}
            render={({ field: quantity }) => (
              <QuantityField
                id={`${prefix}-${tierIndex}-quantity`}
                label={t`From quantity`}
                value={quantity.value}
                onChange={quantity.onChange}
                error={errors?.[tierIndex]?.minQuantityMilli?.message}
                missingText={t`Enter the quantity`}
              />
            )}
          />
          <Controller
            control={control}
            name={`variants.${index}.priceTiers.${tierIndex}.priceMinor`}
            render={({ field: price }) => (
              <MoneyField
                id={`${prefix}-${tierIndex}-price`}
                label={t`Price each`}
                value={price.value}
                onChange={price.onChange}
                error={errors?.[tierIndex]?.priceMinor?.message}
                missingText={t`Enter the price`}
              />
            )}
          />
          <Button variant="ghost" size="icon" aria-label={removeTierLabel(tierIndex + 1)} onClick={() => tiers.remove(tierIndex)}>
            <Trash2Icon aria-hidden />
          </Button>
        </div>
      ))}
      {arrayMessage(errors) && <p className="text-sm text-destructive">{translateMessage(arrayMessage(errors) ?? '')}</p>}
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        disabled={tiers.fields.length >= 10}
        onClick={() => tiers.append({ minQuantityMilli: Number.NaN, priceMinor: Number.NaN })}
      >
        <PlusIcon aria-hidden />
        <Trans>Add wholesale price</Trans>
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
            <legend className="text-sm font-medium">
              <Trans>Opening stock</Trans>
            </legend>
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
            {arrayMessage(errors) && <p className="text-sm text-destructive">{translateMessage(arrayMessage(errors) ?? '')}</p>}
          </fieldset>
        );
      }}
    />
  );
}
