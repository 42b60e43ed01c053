import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { PlusIcon, TagsIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { customerGroupInputSchema, customerGroupSchema, PRICE_RULES, type CustomerGroup } from '../../core/contacts/contacts.schemas';
import { FormField, fieldControlProps } from '../components/form-field';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { NativeSelect } from '../components/ui/native-select';
import { InlineSpinner } from '../components/ui/spinner';
import { translateMessage } from '../i18n/translate-message';
import { DataTable } from '../inventory/data-table';
import { EmptyState, LoadError, LockedFeature, PageHeader, TableSkeleton } from '../inventory/inventory-ui';
import { VariantPicker } from '../inventory/variant-picker';
import { apiRequest, isApiError } from '../lib/api-client';
import { toast } from '../lib/toast';
import { useDocumentTitle } from '../lib/use-document-title';
import { MoneyField } from '../products/amount-fields';
import { formatMoney } from '../products/product-format';
import { useCurrencySymbol } from '../products/products.api';
import { PRICE_RULE_LABELS } from './contact-labels';
import { useContactsAccess, useCustomerGroups, useRefreshContacts } from './contacts.api';

type GroupFormInput = z.input<typeof customerGroupInputSchema>;
type GroupFormOutput = z.output<typeof customerGroupInputSchema>;

/** "7.5%" from 750 basis points. */
const percent = (bps: number) => `${(bps / 100).toLocaleString(undefined, { maximumFractionDigits: 2 })}%`;

/** /admin/customers/groups: customer groups and their price rules (customer management). */
export function CustomerGroupsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Customer groups`);
  const access = useContactsAccess();
  const groups = useCustomerGroups({ enabled: access.hasGroups });
  const [editing, setEditing] = useState<CustomerGroup | 'new' | null>(null);
  const refresh = useRefreshContacts();

  const remove = useMutation({
    mutationKey: ['customer-groups', 'delete'],
    mutationFn: (group: CustomerGroup) => apiRequest(`/api/customer-groups/${encodeURIComponent(group.id)}`, { method: 'DELETE' }),
    onSuccess: async (_result, group) => {
      await refresh();
      const name = group.name;
      toast.success(t`${name} deleted`);
    },
    onError: (error) => toast.error(t`Error`, { description: isApiError(error) ? translateMessage(error.message) : t`The group was not deleted.` }),
  });

  if (!access.hasGroups) {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a plan name, not translated
    return <LockedFeature feature="customer_management" title={t`Customer groups`} badge={access.badge ?? 'Pro'} />;
  }

  const columns: Array<ColumnDef<CustomerGroup>> = [
    { id: 'name', header: t`Name`, cell: ({ row }) => <span className="font-medium">{row.original.name}</span> },
    {
      id: 'rule',
      header: t`Price rule`,
      cell: ({ row }) => {
        const group = row.original;
        const count = group.prices.length;
        return group.priceRule === 'discount' ? t`${percent(group.discountBps)} off every price` : t`Own prices for ${count} products`;
      },
    },
    { id: 'members', header: t`Customers`, meta: { className: 'text-right tabular-nums' }, cell: ({ row }) => row.original.memberCount.toLocaleString() },
  ];
  if (access.isManager) {
    columns.push({
      id: 'actions',
      header: () => (
        <span className="sr-only">
          <Trans>Actions</Trans>
        </span>
      ),
      meta: { className: 'text-right' },
      cell: ({ row }) => {
        const name = row.original.name;
        return (
          <div className="flex justify-end gap-2">
            <Button variant="outline" size="sm" aria-label={t`Edit ${name}`} onClick={() => setEditing(row.original)}>
              <Trans>Edit</Trans>
            </Button>
            <Button variant="outline" size="sm" aria-label={t`Delete ${name}`} disabled={remove.isPending} onClick={() => remove.mutate(row.original)}>
              <Trash2Icon aria-hidden />
            </Button>
          </div>
        );
      },
    });
  }

  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader
        title={t`Customer groups`}
        description={t`Give a group of customers a discount off every price, or their own price per product. The till applies it when the customer is chosen.`}
        actions={
          access.isManager && (
            <Button onClick={() => setEditing('new')}>
              <PlusIcon aria-hidden />
              <Trans>Add group</Trans>
            </Button>
          )
        }
      />
      {groups.isPending ? (
        <TableSkeleton columns={3} rows={3} label={t`Loading customer groups`} />
      ) : groups.isError ? (
        <LoadError error={groups.error} what={t`the customer groups`} onRetry={() => void groups.refetch()} />
      ) : groups.data.length === 0 ? (
        <EmptyState icon={TagsIcon} title={t`No customer groups yet`}>
          <Trans>For example "Wholesale" with 5% off, or "Hotels" with their own prices.</Trans>
        </EmptyState>
      ) : (
        <DataTable columns={columns} data={groups.data} label={t`Customer groups`} getRowId={(group) => group.id} isFetching={groups.isFetching} />
      )}
      {editing !== null && <GroupDialog key={editing === 'new' ? 'new' : editing.id} group={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

function GroupDialog({ group, onClose }: { group: CustomerGroup | null; onClose: () => void }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const currency = useCurrencySymbol();
  const refresh = useRefreshContacts();
  const [labels, setLabels] = useState<Record<string, { name: string; sellingPriceMinor: number | null }>>(() =>
    Object.fromEntries((group?.prices ?? []).map((price) => [price.variantId, { name: price.variantName ? `${price.productName} (${price.variantName})` : price.productName, sellingPriceMinor: price.sellingPriceMinor }])),
  );
  const form = useForm<GroupFormInput, unknown, GroupFormOutput>({
    resolver: zodResolver(customerGroupInputSchema),
    defaultValues: {
      name: group?.name ?? '',
      priceRule: group?.priceRule ?? 'discount',
      discountBps: group?.discountBps ?? 0,
      prices: (group?.prices ?? []).map((price) => ({ variantId: price.variantId, priceMinor: price.priceMinor })),
    },
  });
  const prices = useFieldArray({ control: form.control, name: 'prices' });
  const rule = useWatch({ control: form.control, name: 'priceRule' });
  const save = useMutation({
    mutationKey: ['customer-groups', group ? 'update' : 'create'],
    mutationFn: (values: GroupFormOutput) =>
      group
        ? apiRequest(`/api/customer-groups/${encodeURIComponent(group.id)}`, { method: 'PUT', body: values, schema: customerGroupSchema })
        : apiRequest('/api/customer-groups', { method: 'POST', body: values, schema: customerGroupSchema }),
    onSuccess: async (saved) => {
      await refresh();
      const name = saved.name;
      toast.success(group ? t`${name} saved` : t`${name} added`);
      onClose();
    },
    onError: (error) => {
      if (isApiError(error) && error.fields) {
        const message = error.fieldMessage('name');
        if (message) form.setError('name', { message });
      }
      toast.error(t`Error`, { description: isApiError(error) ? translateMessage(error.message) : t`The group was not saved.` });
    },
  });
  const errors = form.formState.errors;
  const [nameError, discountError] = [errors.name?.message, errors.discountBps?.message];
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{group ? t`Edit customer group` : t`Add customer group`}</DialogTitle>
            <DialogDescription>
              <Trans>The till uses the group's price rule for its customers.</Trans>
            </DialogDescription>
          </DialogHeader>
          <FormField id="group-name" label={t`Name`} error={nameError}>
            <Input {...fieldControlProps('group-name', { error: nameError })} autoComplete="off" {...form.register('name')} />
          </FormField>
          <FormField id="group-rule" label={t`Price rule`}>
            <NativeSelect id="group-rule" {...form.register('priceRule')}>
              {PRICE_RULES.map((value) => (
                <option key={value} value={value}>
                  {i18n._(PRICE_RULE_LABELS[value])}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {rule === 'discount' ? (
            <Controller
              control={form.control}
              name="discountBps"
              render={({ field }) => (
                <FormField id="group-discount" label={t`Discount (%)`} error={discountError} hint={t`Up to two decimals, e.g. 7.5`}>
                  <Input
                    {...fieldControlProps('group-discount', { error: discountError })}
                    inputMode="decimal"
                    defaultValue={field.value ? String(field.value / 100) : ''}
                    onBlur={field.onBlur}
                    onChange={(event) => {
                      const typed = event.target.value.trim().replace(',', '.');
                      field.onChange(typed === '' ? 0 : /^\d+(\.\d{1,2})?$/.test(typed) ? Math.round(Number(typed) * 100) : Number.NaN);
                    }}
                  />
                </FormField>
              )}
            />
          ) : (
            <div className="grid gap-3">
              <VariantPicker
                idPrefix="group-price"
                stockAt={null}
                pickLabel={(product) => t`Add ${product}`}
                onPick={(variant) => {
                  if (form.getValues('prices')?.some((price) => price.variantId === variant.variantId)) return;
                  setLabels((current) => ({
                    ...current,
                    [variant.variantId]: { name: variant.variantName ? `${variant.productName} (${variant.variantName})` : variant.productName, sellingPriceMinor: null },
                  }));
                  prices.append({ variantId: variant.variantId, priceMinor: 0 });
                }}
              />
              <ul aria-label={t`Group prices`} className="grid gap-2">
                {prices.fields.map((field, index) => {
                  const label = labels[field.variantId];
                  const productName = label?.name ?? '';
                  return (
                    <li key={field.id} className="flex flex-wrap items-end gap-2 rounded-lg border p-2">
                      <div className="min-w-40 flex-1 text-sm">
                        <p className="font-medium">{productName}</p>
                        {label?.sellingPriceMinor != null && (
                          <p className="text-xs text-muted-foreground">
                            <Trans>Usual price {formatMoney(label.sellingPriceMinor, currency)}</Trans>
                          </p>
                        )}
                      </div>
                      <Controller
                        control={form.control}
                        name={`prices.${index}.priceMinor`}
                        render={({ field: priceField }) => (
                          <MoneyField
                            id={`group-price-${index}`}
                            label={t`Group price`}
                            value={priceField.value}
                            onChange={(value) => priceField.onChange(value ?? 0)}
                            onBlur={priceField.onBlur}
                            error={errors.prices?.[index]?.priceMinor?.message ?? errors.prices?.[index]?.variantId?.message}
                          />
                        )}
                      />
                      <Button type="button" variant="outline" size="sm" aria-label={t`Remove ${productName}`} onClick={() => prices.remove(index)}>
                        <Trash2Icon aria-hidden />
                      </Button>
                    </li>
                  );
                })}
              </ul>
            </div>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <InlineSpinner />}
              {group ? t`Save` : t`Add group`}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
