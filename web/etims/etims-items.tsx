import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { PackageCheckIcon, PencilIcon, RefreshCwIcon, SearchIcon, SendIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { etimsItemInputSchema, type EtimsItemRow } from '../../core/etims/etims.schemas';
import { FormField, fieldControlProps } from '../components/form-field';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { NativeSelect } from '../components/ui/native-select';
import { InlineSpinner } from '../components/ui/spinner';
import { PagedTable } from '../inventory/data-table';
import { EmptyState, useAddressParams, useSearchInAddress } from '../inventory/inventory-ui';
import { translateMessage } from '../i18n/translate-message';
import { isApiError } from '../lib/api-client';
import { failureMessage } from '../lib/form-errors';
import { toast } from '../lib/toast';
import { IconInput } from '../products/icon-input';
import { refreshEtimsItemClasses, registerEtimsItems, saveEtimsItem, useEtimsItemClasses, useEtimsItems, useEtimsUnitCodes, type EtimsItemFilter } from './etims.api';

// Item registration (issue 19): every variant with its eTIMS item code, KRA classification and
// units; those missing data are listed for fixing, those saved are registered with KRA one by one
// or all at once. The tax type follows the product's VAT class and is not chosen here.

const FILTERS: readonly EtimsItemFilter[] = ['missing', 'ready', 'registered', 'all'];
/** Common codes of KRA's packaging unit and quantity unit lists, offered until the shop fetched KRA's own. */
const PACKAGING_UNITS = ['NT', 'BG', 'CT', 'BX', 'JR', 'CA', 'RO', 'BT'].map((code) => ({ code, name: '' }));
const QUANTITY_UNITS = ['U', 'KG', 'GRM', 'LTR', 'MTR', 'PA', 'DZ', 'SET', 'PR'].map((code) => ({ code, name: '' }));

export function EtimsItems() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [params, change] = useAddressParams();
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const filter = (FILTERS as readonly string[]).includes(params.get('items') ?? '') ? (params.get('items') as EtimsItemFilter) : 'missing';
  const [search, setSearch] = useSearchInAddress(params.get('q') ?? undefined, (q) => change({ q }));
  const list = useEtimsItems(filter, params.get('q') ?? '', page);
  const [editing, setEditing] = useState<EtimsItemRow | null>(null);

  const register = useMutation({
    mutationKey: ['etims', 'register'],
    mutationFn: (variantIds?: string[]) => registerEtimsItems(variantIds),
    onSuccess: async ({ registered, failed }) => {
      await queryClient.invalidateQueries({ queryKey: ['etims', 'items'] });
      if (failed > 0) toast.error(t`KRA took ${registered} items and refused ${failed}: see each item’s error`);
      else toast.success(t`${registered} items registered with KRA`);
    },
    onError: (failure) => toast.error(t`The items were not registered`, { description: failureMessage(failure, t`Try again.`) }),
  });
  const refresh = useMutation({
    mutationKey: ['etims', 'item-classes', 'refresh'],
    mutationFn: refreshEtimsItemClasses,
    onSuccess: async ({ classes, codes }) => {
      await queryClient.invalidateQueries({ queryKey: ['etims'] });
      toast.success(t`${classes} classifications and ${codes} unit codes fetched from KRA`);
    },
    onError: (failure) => toast.error(t`The classifications were not fetched`, { description: failureMessage(failure, t`Try again.`) }),
  });

  const filterLabels: Record<EtimsItemFilter, string> = { missing: t`Missing data`, ready: t`Ready to register`, registered: t`Registered`, all: t`All` };
  const columns: Array<ColumnDef<EtimsItemRow>> = [
    {
      id: 'product',
      header: () => t`Product`,
      cell: ({ row }) => (
        <span>
          {row.original.productName} {row.original.variantName}
          <span className="block font-mono text-xs text-muted-foreground">{row.original.sku}</span>
        </span>
      ),
    },
    { id: 'code', header: () => t`Item code`, cell: ({ row }) => <span className="font-mono">{row.original.itemCode ?? '—'}</span> },
    { id: 'class', header: () => t`Classification`, cell: ({ row }) => <span className="font-mono">{row.original.itemClassCode ?? '—'}</span> },
    { id: 'units', header: () => t`Units`, cell: ({ row }) => <span className="font-mono">{row.original.packagingUnitCode ? `${row.original.packagingUnitCode} / ${row.original.quantityUnitCode}` : '—'}</span> },
    { id: 'tax', header: () => t`Tax type`, cell: ({ row }) => <Badge variant="outline">{row.original.taxType}</Badge> },
    {
      id: 'state',
      header: () => t`KRA`,
      cell: ({ row }) =>
        row.original.registeredAt ? (
          <Badge variant="success">
            <Trans>Registered</Trans>
          </Badge>
        ) : row.original.lastError ? (
          <span className="block max-w-64 text-sm text-destructive">{row.original.lastError}</span>
        ) : row.original.missing.length > 0 ? (
          <Badge variant="secondary">
            <Trans>Missing data</Trans>
          </Badge>
        ) : (
          <Badge variant="outline">
            <Trans>Ready</Trans>
          </Badge>
        ),
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">{t`Actions`}</span>,
      cell: ({ row }) => (
        <span className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => setEditing(row.original)} aria-label={t`Edit ${row.original.productName}`}>
            <PencilIcon aria-hidden />
          </Button>
          {row.original.missing.length === 0 && !row.original.registeredAt && (
            <Button variant="outline" size="sm" disabled={register.isPending} onClick={() => register.mutate([row.original.variantId])}>
              <SendIcon aria-hidden />
              <Trans>Register</Trans>
            </Button>
          )}
        </span>
      ),
    },
  ];

  return (
    <div className="grid min-w-0 gap-4">
      <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-end sm:justify-between">
        <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-end">
          <div className="grid gap-2 sm:w-72">
            <Label htmlFor="etims-items-search">
              <Trans>Search</Trans>
            </Label>
            <IconInput id="etims-items-search" icon={SearchIcon} type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder={t`Product name or SKU`} autoComplete="off" />
          </div>
          <div className="grid gap-2 sm:w-52">
            <Label htmlFor="etims-items-filter">
              <Trans>Show</Trans>
            </Label>
            <NativeSelect id="etims-items-filter" value={filter} onChange={(event) => change({ items: event.target.value })}>
              {FILTERS.map((value) => (
                <option key={value} value={value}>
                  {filterLabels[value]}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" disabled={refresh.isPending} onClick={() => refresh.mutate()}>
            {refresh.isPending ? <InlineSpinner /> : <RefreshCwIcon aria-hidden />}
            <Trans>Fetch KRA code lists</Trans>
          </Button>
          <Button size="sm" disabled={register.isPending} onClick={() => register.mutate(undefined)}>
            {register.isPending ? <InlineSpinner /> : <SendIcon aria-hidden />}
            <Trans>Register all ready</Trans>
          </Button>
        </div>
      </div>
      <PagedTable
        query={list}
        columns={columns}
        label={t`eTIMS items`}
        loadingLabel={t`Loading eTIMS items`}
        what={t`the eTIMS items`}
        skeletonColumns={6}
        getRowId={(row) => row.variantId}
        page={page}
        onPageChange={(next) => change({ page: next > 1 ? String(next) : undefined })}
        empty={
          <EmptyState icon={PackageCheckIcon} title={filter === 'missing' ? t`Every product has its eTIMS data` : t`No products here`}>
            <Trans>Products appear here as they are added to the catalog.</Trans>
          </EmptyState>
        }
      />
      {editing && <EtimsItemDialog item={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

type Errors = Partial<Record<'itemClassCode' | 'packagingUnitCode' | 'quantityUnitCode', string>>;

function EtimsItemDialog({ item, onClose }: { item: EtimsItemRow; onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [classCode, setClassCode] = useState(item.itemClassCode ?? '');
  const [classSearch, setClassSearch] = useState('');
  const [packaging, setPackaging] = useState(item.packagingUnitCode ?? 'NT');
  const [quantityUnit, setQuantityUnit] = useState(item.quantityUnitCode ?? 'U');
  const [errors, setErrors] = useState<Errors>({});
  const classes = useEtimsItemClasses(classSearch.trim(), classSearch.trim().length >= 2);
  const unitCodes = useEtimsUnitCodes().data;
  const packagingUnits = unitCodes?.packagingUnits.length ? unitCodes.packagingUnits : PACKAGING_UNITS;
  const quantityUnits = unitCodes?.quantityUnits.length ? unitCodes.quantityUnits : QUANTITY_UNITS;
  const save = useMutation({
    mutationKey: ['etims', 'item', 'save'],
    mutationFn: () => saveEtimsItem(item.variantId, etimsItemInputSchema.parse({ itemClassCode: classCode, packagingUnitCode: packaging, quantityUnitCode: quantityUnit })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['etims', 'items'] });
      toast.success(t`eTIMS details saved`);
      onClose();
    },
    onError: (failure) => {
      if (isApiError(failure) && failure.fields) {
        const message = (field: keyof Errors) => {
          const text = failure.fieldMessage(field);
          return text === undefined ? undefined : translateMessage(text);
        };
        setErrors({ itemClassCode: message('itemClassCode'), packagingUnitCode: message('packagingUnitCode'), quantityUnitCode: message('quantityUnitCode') });
      }
      toast.error(t`The eTIMS details were not saved`, { description: failureMessage(failure, t`Try again.`) });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = etimsItemInputSchema.safeParse({ itemClassCode: classCode, packagingUnitCode: packaging, quantityUnitCode: quantityUnit });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Errors] ??= translateMessage(issue.message);
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate();
  };

  const name = `${item.productName} ${item.variantName}`.trim();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>
            <Trans>eTIMS details of {name}</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>Tax type {item.taxType} comes from the product’s VAT class.</Trans>
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <fieldset disabled={save.isPending} className="grid gap-4">
            <FormField id="etims-class-search" label={t`Find a KRA classification`} hint={t`Type at least two letters of the name, or the code’s first digits.`}>
              <Input {...fieldControlProps('etims-class-search', { hint: true })} value={classSearch} onChange={(event) => setClassSearch(event.target.value)} autoComplete="off" />
            </FormField>
            {classes.data && classes.data.classes.length > 0 && (
              <ul className="grid max-h-48 gap-1 overflow-y-auto rounded-md border p-1" aria-label={t`Classifications found`}>
                {classes.data.classes.map((found) => (
                  <li key={found.code}>
                    <button
                      type="button"
                      className="w-full rounded px-2 py-1 text-left text-sm hover:bg-muted aria-pressed:bg-primary/10"
                      aria-pressed={classCode === found.code}
                      onClick={() => setClassCode(found.code)}
                    >
                      <span className="font-mono">{found.code}</span> {found.name}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {classes.data && classes.data.fetchedAt === null && (
              <p className="text-sm text-muted-foreground">
                <Trans>KRA’s list is not fetched yet: use “Fetch KRA code lists”, or type the code.</Trans>
              </p>
            )}
            <FormField id="etims-class" label={t`Classification code`} error={errors.itemClassCode}>
              <Input {...fieldControlProps('etims-class', { error: errors.itemClassCode })} inputMode="numeric" value={classCode} onChange={(event) => setClassCode(event.target.value)} />
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id="etims-packaging" label={t`Packaging unit`} error={errors.packagingUnitCode}>
                <Input {...fieldControlProps('etims-packaging', { error: errors.packagingUnitCode })} list="etims-packaging-codes" value={packaging} onChange={(event) => setPackaging(event.target.value)} />
              </FormField>
              <FormField id="etims-quantity-unit" label={t`Quantity unit`} error={errors.quantityUnitCode}>
                <Input {...fieldControlProps('etims-quantity-unit', { error: errors.quantityUnitCode })} list="etims-quantity-codes" value={quantityUnit} onChange={(event) => setQuantityUnit(event.target.value)} />
              </FormField>
            </div>
            <datalist id="etims-packaging-codes">
              {packagingUnits.map((unit) => (
                <option key={unit.code} value={unit.code} label={unit.name || undefined} />
              ))}
            </datalist>
            <datalist id="etims-quantity-codes">
              {quantityUnits.map((unit) => (
                <option key={unit.code} value={unit.code} label={unit.name || undefined} />
              ))}
            </datalist>
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <InlineSpinner />}
              <Trans>Save</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
