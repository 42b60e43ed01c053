import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui as useLinguiContext } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TriangleAlertIcon } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Controller, FormProvider, useForm, useWatch, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { toast } from '../lib/toast';
import { productInputSchema, type Product, type ProductData } from '../../core/products/products.schemas';
import { TAX_CLASSES } from '../../core/products/tax.rules';
import { FormField, fieldControlProps } from '../components/form-field';
import { Alert, AlertDescription } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { NativeSelect } from '../components/ui/native-select';
import { InlineSpinner } from '../components/ui/spinner';
import { Switch } from '../components/ui/switch';
import { Textarea } from '../components/ui/textarea';
import { translateMessage } from '../i18n/translate-message';
import { DetailSkeleton, LoadError } from '../inventory/inventory-ui';
import { isApiError } from '../lib/api-client';
import { useDocumentTitle } from '../lib/use-document-title';
import { QuantityField } from './amount-fields';
import { useCatalogAccess } from './catalog-access';
import { CategoryPicker } from './category-picker';
import { ComboComponentsField } from './combo-components-field';
import { TAX_CLASS_LABELS, unitName } from './product-format';
import { emptyProductValues, isDefaultUnit, productToFormValues, type ProductFormValues } from './product-form-values';
import { createProductRequest, productKeys, updateProductRequest, useBrands, useCategories, useProduct, useUnits } from './products.api';
import { Section } from './form-section';
import { SupplierPicker } from './supplier-picker';
import { UpgradeBadge } from './upgrade-badge';
import { VariantsSection } from './variants-section';

/** /admin/products/new and /admin/products/:productId/edit. */
export function ProductFormPage() {
  const { productId } = useParams();
  return productId ? <EditProduct productId={productId} /> : <ProductForm product={null} />;
}

function EditProduct({ productId }: { productId: string }) {
  const { t } = useLingui();
  const product = useProduct(productId);
  if (product.isPending) return <DetailSkeleton label={t`Loading the product`} />;
  if (product.isError) return <LoadError error={product.error} what={t`the product`} onRetry={() => void product.refetch()} />;
  return <ProductForm key={product.data.updatedAt} product={product.data} />;
}

/** Every path the form shows a message at; a server message elsewhere goes to the summary. */
const TOP_LEVEL_FIELDS = new Set([
  'name',
  'description',
  'kind',
  'categoryId',
  'brandId',
  'unitId',
  'taxClass',
  'reorderLevelMilli',
  'warrantyDays',
  'tracksBatches',
  'preferredSupplierId',
  'variants',
  'components',
]);

/**
 * A new product starts with its category's default VAT class (its own or a parent's; standard
 * without a category) until the person picks a tax class themselves. A category made from the
 * form's "New category" applies once the list has it.
 */
function useNewProductTaxClass(form: UseFormReturn<ProductFormValues, unknown, ProductData>, isNew: boolean) {
  const { t } = useLingui();
  const categories = useCategories();
  const categoryId = useWatch({ control: form.control, name: 'categoryId' });
  const [isChosen, setChosen] = useState(false);
  const category = categoryId ? categories.data?.find((item) => item.id === categoryId) : undefined;
  const taxClass = categoryId ? category?.newProductTaxClass : 'standard';
  const isApplied = isNew && !isChosen;
  useEffect(() => {
    if (isApplied && taxClass) form.setValue('taxClass', taxClass);
  }, [form, isApplied, taxClass]);
  const path = category?.path ?? '';
  return {
    hint: isApplied && category ? t`The VAT class for new products in ${path}` : undefined,
    onChosen: () => setChosen(true),
  };
}

function ProductForm({ product }: { product: Product | null }) {
  const { t } = useLingui();
  const { i18n } = useLinguiContext();
  const isNew = product === null;
  const productName = product?.name ?? '';
  const title = isNew ? t`New product` : t`Edit ${productName}`;
  useDocumentTitle(title);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const access = useCatalogAccess();
  const brands = useBrands();
  const units = useUnits();
  const form = useForm<ProductFormValues, unknown, ProductData>({
    resolver: zodResolver(productInputSchema),
    defaultValues: product ? productToFormValues(product) : emptyProductValues(),
    mode: 'onSubmit',
  });
  const { register, control, formState } = form;
  const errors = formState.errors;
  const [summary, setSummary] = useState<{ message: string; details: string[] } | null>(null);
  // One key per submission, kept for retries of it; a definite answer from the server ends it.
  const idempotencyKey = useRef<string | null>(null);

  const save = useMutation({
    mutationKey: ['products', isNew ? 'create' : 'update'],
    mutationFn: (values: ProductData) => {
      if (!product) {
        idempotencyKey.current ??= crypto.randomUUID();
        return createProductRequest(values, idempotencyKey.current);
      }
      return updateProductRequest(product.id, values);
    },
    onSuccess: async (saved) => {
      idempotencyKey.current = null;
      queryClient.setQueryData(productKeys.detail(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: productKeys.all });
      const name = saved.name;
      toast.success(isNew ? t`${name} added` : t`${name} saved`);
      void navigate(`/admin/products/${saved.id}`, { replace: isNew });
    },
    onError: (error) => {
      if (isApiError(error) && error.status > 0 && error.status < 500) idempotencyKey.current = null;
      const details: string[] = [];
      if (isApiError(error) && error.fields) {
        for (const [path, messages] of Object.entries(error.fields)) {
          const message = messages[0];
          if (!message) continue;
          if (TOP_LEVEL_FIELDS.has(path.split('.')[0] ?? '')) form.setError(path as FieldPath<ProductFormValues>, { type: 'server', message });
          else details.push(message);
        }
      }
      setSummary({
        message: isApiError(error) ? error.message : t`The product was not saved. Please try again.`,
        details,
      });
    },
  });

  const submit = form.handleSubmit(
    (values) => {
      setSummary(null);
      save.mutate(values);
    },
    () => setSummary({ message: t`Check the fields marked in red.`, details: [] }),
  );
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };
  const cancel = () => {
    // Opened directly (no page to go back to): the list.
    if (location.key === 'default') void navigate(product ? `/admin/products/${product.id}` : '/admin/products');
    else void navigate(-1);
  };

  const kind = useWatch({ control, name: 'kind' });
  const categoryTax = useNewProductTaxClass(form, isNew);
  const lock = <UpgradeBadge badge={access.upgradeBadge} message={access.upgradeMessage} />;
  const brandLocked = !access.hasAdvancedInventory;
  const warrantyHint = t`Printed on receipts; leave blank for none`;

  if (!access.canEdit) {
    return (
      <Alert>
        <AlertDescription>
          <p>
            <Trans>Only a manager or the shop owner can add or change products.</Trans>
          </p>
          <Link to="/admin/products" className="text-primary underline-offset-4 hover:underline">
            <Trans>Back to products</Trans>
          </Link>
        </AlertDescription>
      </Alert>
    );
  }

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void submit(event)} onKeyDown={onKeyDown} aria-labelledby="product-form-title" className="grid min-w-0 gap-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="grid gap-1">
            <h2 id="product-form-title" className="text-xl font-semibold">
              {title}
            </h2>
            <p className="text-sm text-muted-foreground">
              <Trans>Ctrl+Enter saves.</Trans>
            </p>
          </div>
        </div>

        {summary && (
          <Alert variant="destructive">
            <TriangleAlertIcon aria-hidden />
            <AlertDescription>
              <p className="font-medium">{translateMessage(summary.message, i18n)}</p>
              {summary.details.map((detail) => (
                <p key={detail}>{translateMessage(detail, i18n)}</p>
              ))}
            </AlertDescription>
          </Alert>
        )}

        <Section title={t`Details`} id="product-details">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="product-name" label={t`Name`} error={errors.name?.message}>
              <Input {...fieldControlProps('product-name', { error: errors.name?.message })} autoComplete="off" {...register('name')} />
            </FormField>
            <Controller
              control={control}
              name="categoryId"
              render={({ field }) => <CategoryPicker value={field.value ?? null} onChange={field.onChange} error={errors.categoryId?.message} />}
            />
          </div>
          <FormField id="product-description" label={t`Description`} error={errors.description?.message}>
            <Textarea
              {...fieldControlProps('product-description', { error: errors.description?.message })}
              rows={2}
              {...register('description', { setValueAs: (value: string) => value })}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField id="product-brand" label={t`Brand`} error={errors.brandId?.message} labelAside={brandLocked ? lock : undefined}>
              <Controller
                control={control}
                name="brandId"
                render={({ field }) => (
                  <NativeSelect
                    {...fieldControlProps('product-brand', { error: errors.brandId?.message })}
                    value={field.value ?? ''}
                    onChange={(event) => field.onChange(event.target.value || null)}
                    onBlur={field.onBlur}
                    disabled={brandLocked}
                  >
                    <option value="">{t`No brand`}</option>
                    {brands.data?.map((brand) => (
                      <option key={brand.id} value={brand.id}>
                        {brand.name}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              />
            </FormField>
            <FormField
              id="product-unit"
              label={t`Unit`}
              error={errors.unitId?.message}
              hint={brandLocked ? t`Packs and your own units need advanced inventory` : undefined}
            >
              <Controller
                control={control}
                name="unitId"
                render={({ field }) => (
                  <NativeSelect
                    {...fieldControlProps('product-unit', { error: errors.unitId?.message })}
                    value={field.value ?? ''}
                    onChange={(event) => field.onChange(event.target.value || null)}
                    onBlur={field.onBlur}
                  >
                    <option value="">{t`Piece (default)`}</option>
                    {units.data?.map((unit) => {
                      const isLocked = brandLocked && !isDefaultUnit(unit) && unit.id !== field.value;
                      return (
                        <option key={unit.id} value={unit.id} disabled={isLocked}>
                          {unitName(unit, i18n)} ({unit.shortName}){isLocked ? ` — ${access.upgradeBadge ?? t`upgrade`}` : ''}
                        </option>
                      );
                    })}
                  </NativeSelect>
                )}
              />
            </FormField>
            <FormField id="product-kind" label={t`Product type`} error={errors.kind?.message} labelAside={brandLocked ? lock : undefined}>
              <NativeSelect {...fieldControlProps('product-kind', { error: errors.kind?.message })} {...register('kind')}>
                <option value="standard">{t`Standard`}</option>
                <option value="combo" disabled={brandLocked && kind !== 'combo'}>
                  {t`Combo (bundle of other products)`}
                </option>
              </NativeSelect>
            </FormField>
          </div>
        </Section>

        <Section title={t`Tax and stock`} id="product-tax-stock">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="product-tax-class" label={t`Tax class`} error={errors.taxClass?.message} hint={categoryTax.hint}>
              <NativeSelect
                {...fieldControlProps('product-tax-class', { error: errors.taxClass?.message, hint: categoryTax.hint })}
                {...register('taxClass', { onChange: categoryTax.onChosen })}
              >
                {TAX_CLASSES.map((taxClass) => (
                  <option key={taxClass} value={taxClass}>
                    {i18n._(TAX_CLASS_LABELS[taxClass])}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <Controller
              control={control}
              name="pricesIncludeTax"
              render={({ field }) => (
                <SwitchRow id="product-prices-include-tax" label={t`Prices include VAT`}
                  hint={t`What the shelf label says is what the customer pays`}
                  checked={field.value ?? true} onChange={field.onChange} />
              )}
            />
            <Controller
              control={control}
              name="trackStock"
              render={({ field }) => (
                <SwitchRow id="product-track-stock" label={t`Track stock`}
                  hint={t`Count what is on hand at each location`}
                  checked={field.value ?? true} onChange={field.onChange} />
              )}
            />
            <Controller
              control={control}
              name="reorderLevelMilli"
              render={({ field }) => (
                <QuantityField
                  id="product-reorder-level"
                  label={t`Reorder level`}
                  optional
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.reorderLevelMilli?.message}
                  hint={t`Listed as low stock at or below this quantity`}
                />
              )}
            />
            <FormField
              id="product-warranty"
              label={t`Warranty (days)`}
              error={errors.warrantyDays?.message}
              labelAside={brandLocked ? lock : undefined}
              hint={warrantyHint}
            >
              <Input
                {...fieldControlProps('product-warranty', { error: errors.warrantyDays?.message, hint: warrantyHint })}
                inputMode="numeric"
                disabled={brandLocked}
                {...register('warrantyDays', { setValueAs: (value: unknown) => (value === '' || value === null ? null : Number(value)) })}
              />
            </FormField>
            <Controller
              control={control}
              name="tracksBatches"
              render={({ field }) => (
                <SwitchRow id="product-tracks-batches" label={t`Track batches and expiry`}
                  hint={t`Receipts record a batch number and expiry date for it`}
                  checked={field.value ?? false} onChange={field.onChange}
                  disabled={brandLocked && !field.value} aside={brandLocked ? lock : undefined} />
              )}
            />
            <Controller
              control={control}
              name="preferredSupplierId"
              render={({ field }) => (
                <SupplierPicker value={field.value ?? null} current={product?.preferredSupplier ?? null} onChange={field.onChange}
                  error={errors.preferredSupplierId?.message} />
              )}
            />
          </div>
        </Section>

        {kind === 'combo' && (
          <Section title={t`Combo components`} id="product-components">
            <ComboComponentsField product={product} />
          </Section>
        )}

        <VariantsSection isNew={isNew} isCombo={kind === 'combo'} />

        <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-2 border-t bg-background/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:px-0 sm:py-0">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending && <InlineSpinner />}
            {isNew ? <Trans>Create product</Trans> : <Trans>Save changes</Trans>}
          </Button>
          <Button variant="outline" onClick={cancel}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

function SwitchRow({
  id,
  label,
  hint,
  checked,
  onChange,
  disabled = false,
  aside,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Beside the label: the upgrade badge of a plan feature. */
  aside?: ReactNode;
}) {
  return (
    <div className="flex items-start justify-between gap-3 rounded-lg border p-3">
      <div className="grid gap-1">
        <div className="flex items-center gap-2">
          <Label htmlFor={id}>{label}</Label>
          {aside}
        </div>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} disabled={disabled} aria-describedby={`${id}-hint`} />
    </div>
  );
}
