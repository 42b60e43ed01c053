import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui as useLinguiContext } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { toast } from '../lib/toast';
import type { z } from 'zod';
import {
  brandInputSchema,
  categoryInputSchema,
  unitInputSchema,
  type Brand,
  type Category,
  type Unit,
} from '../../core/products/products.schemas';
import { FormField, fieldControlProps } from '../components/form-field';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../components/ui/alert-dialog';
import { Alert, AlertDescription } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { NativeSelect } from '../components/ui/native-select';
import { InlineSpinner } from '../components/ui/spinner';
import { Switch } from '../components/ui/switch';
import { TAX_CLASSES } from '../../core/products/tax.rules';
import { translateMessage } from '../i18n/translate-message';
import { isApiError } from '../lib/api-client';
import { QuantityField } from './amount-fields';
import { TAX_CLASS_LABELS, unitName } from './product-format';
import { deleteReferenceRequest, productKeys, saveReferenceRequest, useCategories, useUnits, type ReferenceKind } from './products.api';

const QUERY_KEYS: Record<ReferenceKind, readonly string[]> = {
  categories: productKeys.categories,
  brands: productKeys.brands,
  units: productKeys.units,
};

/**
 * Create or update one category, brand or unit from its dialog: when saved, the toast and the dialog
 * closes; field messages go beside the fields, the rest above them. Returns the dialog's save props.
 */
function useSaveReference<Values extends FieldValues>(
  kind: ReferenceKind,
  id: string | undefined,
  form: UseFormReturn<Values, unknown, unknown>,
  { savedMessage, onOpenChange, onSaved }: { savedMessage: string; onOpenChange: (open: boolean) => void; onSaved?: ((id: string) => void) | undefined },
) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationKey: [kind, id ? 'update' : 'create'],
    mutationFn: (body: unknown) => saveReferenceRequest(kind, body, id),
    onSuccess: async (saved) => {
      setProblem(null);
      // Product counts and names shown in the catalog change too.
      await Promise.all([queryClient.invalidateQueries({ queryKey: QUERY_KEYS[kind] }), queryClient.invalidateQueries({ queryKey: productKeys.all })]);
      toast.success(savedMessage);
      onOpenChange(false);
      onSaved?.((saved as { id: string }).id);
    },
    onError: (error) => {
      let isShownAtField = false;
      if (isApiError(error) && error.fields) {
        for (const [field, messages] of Object.entries(error.fields)) {
          if (field in form.getValues() && messages[0]) {
            form.setError(field as Path<Values>, { type: 'server', message: messages[0] });
            isShownAtField = true;
          }
        }
      }
      if (!isShownAtField) setProblem(isApiError(error) ? error.message : t`Nothing was saved. Please try again.`);
    },
  });
  return { problem, isSaving: save.isPending, onSubmit: () => void form.handleSubmit((values) => save.mutate(values))() };
}

function ReferenceDialog({
  open,
  onOpenChange,
  title,
  description,
  problem,
  isSaving,
  onSubmit,
  submitLabel,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  problem: string | null;
  isSaving: boolean;
  onSubmit: () => void;
  submitLabel: string;
  children: ReactNode;
}) {
  const { i18n } = useLinguiContext();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            // The dialog may open from inside the product form: its submit must not reach that form.
            event.stopPropagation();
            event.preventDefault();
            onSubmit();
          }}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {problem && (
            <Alert variant="destructive">
              <AlertDescription>{translateMessage(problem, i18n)}</AlertDescription>
            </Alert>
          )}
          {children}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={isSaving}>
              {isSaving && <InlineSpinner />}
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

type CategoryValues = z.input<typeof categoryInputSchema>;

/** New category (category null) or rename/move one; onSaved gets the saved category's id. */
export function CategoryDialog({
  category,
  open,
  onOpenChange,
  onSaved,
}: {
  category: Category | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved?: (id: string) => void;
}) {
  const { t } = useLingui();
  const { i18n } = useLinguiContext();
  const categories = useCategories();
  const form = useForm<CategoryValues>({
    resolver: zodResolver(categoryInputSchema),
    defaultValues: { name: category?.name ?? '', parentId: category?.parentId ?? null, defaultTaxClass: category?.defaultTaxClass ?? null },
  });
  const parentId = useWatch({ control: form.control, name: 'parentId' });
  const saving = useSaveReference('categories', category?.id, form, { savedMessage: category ? t`Category saved` : t`Category added`, onOpenChange, onSaved });
  // A category cannot sit inside itself or one of its own subcategories.
  const parents = (categories.data ?? []).filter((candidate) => !category || (candidate.id !== category.id && !candidate.path.startsWith(`${category.path} ›`)));
  const errors = form.formState.errors;
  const categoryTaxHint = t`New products in this category (and in its sub-categories without their own) start with it; each product can still change it.`;
  /** The blank choice names what a category without its own VAT class gets. */
  const inheritedTaxClassLabel = (parent: Category | null): string => {
    if (!parent) {
      const standard = i18n._(TAX_CLASS_LABELS.standard);
      return t`None: ${standard}`;
    }
    const path = parent.path;
    const taxClass = i18n._(TAX_CLASS_LABELS[parent.newProductTaxClass]);
    return t`As ${path} (${taxClass})`;
  };
  return (
    <ReferenceDialog
      open={open}
      onOpenChange={onOpenChange}
      title={category ? t`Edit category` : t`New category`}
      description={t`Categories group products on screens, reports and the till; they can sit inside another category.`}
      {...saving}
      submitLabel={category ? t`Save category` : t`Add category`}
    >
      <FormField id="category-name" label={t`Category name`} error={errors.name?.message}>
        <Input {...fieldControlProps('category-name', { error: errors.name?.message })} autoComplete="off" {...form.register('name')} />
      </FormField>
      <FormField id="category-parent" label={t`Inside category`} error={errors.parentId?.message}>
        <Controller
          control={form.control}
          name="parentId"
          render={({ field }) => (
            <NativeSelect id="category-parent" value={field.value ?? ''} onChange={(event) => field.onChange(event.target.value || null)}>
              <option value="">{t`None (top level)`}</option>
              {parents.map((parent) => (
                <option key={parent.id} value={parent.id}>
                  {parent.path}
                </option>
              ))}
            </NativeSelect>
          )}
        />
      </FormField>
      <FormField
        id="category-tax-class"
        label={t`VAT class for new products`}
        error={errors.defaultTaxClass?.message}
        hint={categoryTaxHint}
      >
        <Controller
          control={form.control}
          name="defaultTaxClass"
          render={({ field }) => (
            <NativeSelect
              {...fieldControlProps('category-tax-class', {
                error: errors.defaultTaxClass?.message,
                hint: categoryTaxHint,
              })}
              value={field.value ?? ''}
              onChange={(event) => field.onChange(event.target.value || null)}
            >
              <option value="">{inheritedTaxClassLabel(parents.find((parent) => parent.id === parentId) ?? null)}</option>
              {TAX_CLASSES.map((taxClass) => (
                <option key={taxClass} value={taxClass}>
                  {i18n._(TAX_CLASS_LABELS[taxClass])}
                </option>
              ))}
            </NativeSelect>
          )}
        />
      </FormField>
    </ReferenceDialog>
  );
}

type BrandValues = z.input<typeof brandInputSchema>;

export function BrandDialog({ brand, open, onOpenChange }: { brand: Brand | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useLingui();
  const form = useForm<BrandValues>({ resolver: zodResolver(brandInputSchema), defaultValues: { name: brand?.name ?? '' } });
  const saving = useSaveReference('brands', brand?.id, form, { savedMessage: brand ? t`Brand saved` : t`Brand added`, onOpenChange });
  const error = form.formState.errors.name?.message;
  return (
    <ReferenceDialog
      open={open}
      onOpenChange={onOpenChange}
      title={brand ? t`Rename brand` : t`New brand`}
      description={t`The maker or label, e.g. Brookside or Kensalt.`}
      {...saving}
      submitLabel={brand ? t`Save brand` : t`Add brand`}
    >
      <FormField id="brand-name" label={t`Brand name`} error={error}>
        <Input {...fieldControlProps('brand-name', { error })} autoComplete="off" {...form.register('name')} />
      </FormField>
    </ReferenceDialog>
  );
}

type UnitValues = z.input<typeof unitInputSchema>;

/** A unit (kilogram, bunch) or a pack of a base unit (Box of 12 = 12 pc). */
export function UnitDialog({ unit, open, onOpenChange }: { unit: Unit | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, i18n } = useLingui();
  const units = useUnits();
  const form = useForm<UnitValues>({
    resolver: zodResolver(unitInputSchema),
    defaultValues: {
      name: unit?.name ?? '',
      shortName: unit?.shortName ?? '',
      allowsDecimals: unit?.allowsDecimals ?? false,
      baseUnitId: unit?.baseUnitId ?? null,
      baseQuantityMilli: unit?.baseQuantityMilli ?? null,
    },
  });
  const saving = useSaveReference('units', unit?.id, form, { savedMessage: unit ? t`Unit saved` : t`Unit added`, onOpenChange });
  const errors = form.formState.errors;
  const baseUnitId = useWatch({ control: form.control, name: 'baseUnitId' });
  // Packs hold a base unit, never another pack.
  const bases = (units.data ?? []).filter((candidate) => candidate.baseUnitId === null && candidate.id !== unit?.id);
  return (
    <ReferenceDialog
      open={open}
      onOpenChange={onOpenChange}
      title={unit ? t`Edit unit` : t`New unit`}
      description={t`How a product is counted and sold. A pack holds a number of a base unit, so stock is kept in the base unit.`}
      {...saving}
      submitLabel={unit ? t`Save unit` : t`Add unit`}
    >
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <FormField id="unit-name" label={t`Unit name`} error={errors.name?.message}>
          <Input {...fieldControlProps('unit-name', { error: errors.name?.message })} autoComplete="off" placeholder={t`Box of 12`} {...form.register('name')} />
        </FormField>
        <FormField id="unit-short-name" label={t`Short name`} error={errors.shortName?.message}>
          <Input {...fieldControlProps('unit-short-name', { error: errors.shortName?.message })} autoComplete="off" placeholder={t`box`} {...form.register('shortName')} />
        </FormField>
      </div>
      <Controller
        control={form.control}
        name="allowsDecimals"
        render={({ field }) => (
          <div className="flex items-center justify-between gap-3 rounded-lg border p-3">
            <Label htmlFor="unit-allows-decimals">
              <Trans>Sold in fractions (e.g. 0.25 kg)</Trans>
            </Label>
            <Switch id="unit-allows-decimals" checked={field.value ?? false} onCheckedChange={field.onChange} />
          </div>
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="unit-base" label={t`Pack of`} error={errors.baseUnitId?.message}>
          <Controller
            control={form.control}
            name="baseUnitId"
            render={({ field }) => (
              <NativeSelect
                id="unit-base"
                value={field.value ?? ''}
                onChange={(event) => {
                  field.onChange(event.target.value || null);
                  if (!event.target.value) form.setValue('baseQuantityMilli', null);
                }}
              >
                <option value="">{t`Not a pack`}</option>
                {bases.map((base) => (
                  <option key={base.id} value={base.id}>
                    {unitName(base, i18n)} ({base.shortName})
                  </option>
                ))}
              </NativeSelect>
            )}
          />
        </FormField>
        {baseUnitId && (
          <Controller
            control={form.control}
            name="baseQuantityMilli"
            render={({ field }) => (
              <QuantityField
                id="unit-base-quantity"
                label={t`How many in one`}
                value={field.value}
                onChange={field.onChange}
                error={errors.baseQuantityMilli?.message}
                missingText={t`Enter how many one pack holds`}
              />
            )}
          />
        )}
      </div>
    </ReferenceDialog>
  );
}

/** "Delete …?" with the server's refusal (409: still used by products) shown in the dialog. */
export function DeleteReferenceDialog({
  kind,
  item,
  onOpenChange,
}: {
  kind: ReferenceKind;
  item: { id: string; name: string } | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const name = item?.name;
  const remove = useMutation({
    mutationKey: [kind, 'delete'],
    mutationFn: (id: string) => deleteReferenceRequest(kind, id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: QUERY_KEYS[kind] });
      toast.success(name === undefined ? t`It deleted` : t`${name} deleted`);
      close();
    },
    onError: (error) => setProblem(isApiError(error) ? error.message : t`Nothing was deleted. Please try again.`),
  });
  const close = () => {
    setProblem(null);
    onOpenChange(false);
  };
  return (
    <AlertDialog open={item !== null} onOpenChange={(open) => (open ? onOpenChange(true) : close())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>
            <Trans>Delete {name}?</Trans>
          </AlertDialogTitle>
          <AlertDialogDescription>
            <Trans>Products keep their other details. This cannot be undone.</Trans>
          </AlertDialogDescription>
        </AlertDialogHeader>
        {problem && (
          <Alert variant="destructive">
            <AlertDescription>{translateMessage(problem, i18n)}</AlertDescription>
          </Alert>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel>
            <Trans>Cancel</Trans>
          </AlertDialogCancel>
          <Button variant="destructive" disabled={remove.isPending || !item} onClick={() => item && remove.mutate(item.id)}>
            {remove.isPending && <InlineSpinner />}
            <Trans>Delete</Trans>
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
