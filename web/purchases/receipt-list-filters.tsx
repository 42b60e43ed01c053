import type { MessageDescriptor } from '@lingui/core';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { SearchIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { NativeSelect } from '../components/ui/native-select';
import { LocationSelect, useAddressParams, useSearchInAddress } from '../inventory/inventory-ui';
import { IconInput } from '../products/icon-input';
import { SupplierSelect } from './order-supplier-select';
import type { PurchaseListParams } from './receipts.api';

// The filters the Receipts, Bills and Returns tabs share: search, supplier, location, date range
// and sort, all kept in the address so Back and a shared link show the same list.

type Sort = NonNullable<PurchaseListParams['sort']>;

/** The list's query from the address: the server pages, filters and sorts. */
export function usePurchaseListState<S extends Sort>(sorts: readonly S[], defaultSort: S) {
  const [params, change] = useAddressParams();
  const text = (name: string) => params.get(name) ?? undefined;
  const sortInAddress = params.get('sort');
  const sort = (sorts as readonly string[]).includes(sortInAddress ?? '') ? (sortInAddress as S) : defaultSort;
  const query = {
    search: text('q'),
    supplierId: text('supplierId'),
    locationId: text('locationId'),
    status: text('status'),
    from: text('from'),
    to: text('to'),
    sort,
    page: Math.max(1, Math.trunc(Number(params.get('page'))) || 1),
  } satisfies PurchaseListParams;
  const isFiltered = Boolean(query.search || query.supplierId || query.locationId || query.status || query.from || query.to);
  return { query, isFiltered, change, setPage: (page: number) => change({ page: page > 1 ? String(page) : undefined }) };
}

/** Search, supplier, location (unless `withLocation` is false), date range and sort; `children` adds the tab's own filters. */
export function PurchaseListFilters<S extends Sort>({
  idPrefix,
  state,
  searchPlaceholder,
  sortLabels,
  withLocation = true,
  children,
}: {
  idPrefix: string;
  state: ReturnType<typeof usePurchaseListState<S>>;
  searchPlaceholder: string;
  sortLabels: Record<S, MessageDescriptor>;
  withLocation?: boolean;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const { query, change } = state;
  const [search, setSearch] = useSearchInAddress(query.search, (q) => change({ q }));
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-end">
      <div className="grid gap-2 sm:w-72">
        <Label htmlFor={id('search')}>
          <Trans>Search</Trans>
        </Label>
        <IconInput id={id('search')} icon={SearchIcon} type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder={searchPlaceholder} autoComplete="off" />
      </div>
      <div className="grid gap-2 sm:w-56">
        <Label htmlFor={id('supplier')}>
          <Trans>Supplier</Trans>
        </Label>
        <SupplierSelect id={id('supplier')} value={query.supplierId ?? ''} onChange={(supplierId) => change({ supplierId })} emptyLabel={t`All suppliers`} />
      </div>
      {withLocation && (
        <div className="grid gap-2 sm:w-48">
          <Label htmlFor={id('location')}>
            <Trans>Location</Trans>
          </Label>
          <LocationSelect id={id('location')} value={query.locationId ?? ''} onChange={(locationId) => change({ locationId })} allLabel={t`All locations`} includeInactive />
        </div>
      )}
      {children}
      <div className="grid gap-2 sm:w-40">
        <Label htmlFor={id('from')}>
          <Trans>From</Trans>
        </Label>
        <Input id={id('from')} type="date" value={query.from ?? ''} max={query.to} onChange={(event) => change({ from: event.target.value })} />
      </div>
      <div className="grid gap-2 sm:w-40">
        <Label htmlFor={id('to')}>
          <Trans>To</Trans>
        </Label>
        <Input id={id('to')} type="date" value={query.to ?? ''} min={query.from} onChange={(event) => change({ to: event.target.value })} />
      </div>
      <div className="grid gap-2 sm:w-48">
        <Label htmlFor={id('sort')}>
          <Trans>Sort</Trans>
        </Label>
        <NativeSelect id={id('sort')} value={query.sort} onChange={(event) => change({ sort: event.target.value })}>
          {(Object.keys(sortLabels) as S[]).map((sort) => (
            <option key={sort} value={sort}>
              {i18n._(sortLabels[sort])}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
