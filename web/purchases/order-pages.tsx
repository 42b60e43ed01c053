import { Trans, useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@tanstack/react-table';
import { ClipboardListIcon, PlusIcon } from 'lucide-react';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { PURCHASE_ORDER_STATUSES, type PurchaseOrderStatus } from '../../core/purchases/purchase-order.rules';
import type { PurchaseOrderListItem } from '../../core/purchases/purchases.schemas';
import { useMoney } from '../accounts/use-money';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { PagedTable } from '../inventory/data-table';
import { EmptyState, FilterSelect, LocationSelect, PageHeader, useListParams, useSearchInAddress } from '../inventory/inventory-ui';
import { useDateFormat } from '../lib/date-format';
import { useDocumentTitle } from '../lib/use-document-title';
import { SupplierSelect } from './order-supplier-select';
import { usePurchaseOrders } from './orders.api';
import { OrderStatusBadge, ORDERS_PATH } from './order-status-badge';
import { LIST_SORT_LABELS, ORDER_STATUS_LABELS } from './purchase-labels';


const SORTS = ['newest', 'oldest', 'number', 'total'] as const;
type OrderSort = (typeof SORTS)[number];
const isStatus = (value: string | undefined): value is PurchaseOrderStatus => (PURCHASE_ORDER_STATUSES as readonly (string | undefined)[]).includes(value);
const isSort = (value: string | undefined): value is OrderSort => (SORTS as readonly (string | undefined)[]).includes(value);
const isDay = (value: string | undefined) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

function NewOrderButton() {
  return (
    <Button asChild>
      <Link to={`${ORDERS_PATH}/new`}>
        <PlusIcon aria-hidden />
        <Trans>New order</Trans>
      </Link>
    </Button>
  );
}

/** /admin/purchases/orders: the shop's purchase orders, filtered, searched and sorted on the server; the state lives in the address. */
export function OrderListPage() {
  const { t } = useLingui();
  // The area's first tab: /admin/purchases opens here.
  useDocumentTitle(t`Purchases`);
  const { formatDate, formatDateTime } = useDateFormat();
  const { money } = useMoney();
  const { values, page, setFilter, setPage } = useListParams(['search', 'supplierId', 'status', 'locationId', 'from', 'to', 'sort'] as const);
  const writeSearch = useCallback((search: string | undefined) => setFilter('search', search), [setFilter]);
  const [search, setSearch] = useSearchInAddress(values.search, writeSearch);
  const status = isStatus(values.status) ? values.status : undefined;
  const sort = isSort(values.sort) ? values.sort : undefined;
  const from = isDay(values.from);
  const to = isDay(values.to);
  const orders = usePurchaseOrders({ search: values.search, supplierId: values.supplierId, status, locationId: values.locationId, from, to, sort, page });
  const isFiltered = Boolean(values.search || values.supplierId || status || values.locationId || from || to);

  const columns: Array<ColumnDef<PurchaseOrderListItem>> = [
    {
      id: 'number',
      header: t`Order`,
      cell: ({ row }) => (
        <Link to={`${ORDERS_PATH}/${row.original.id}`} className="font-medium whitespace-nowrap text-primary underline-offset-4 hover:underline">
          {row.original.number}
        </Link>
      ),
    },
    { id: 'supplier', header: t`Supplier`, cell: ({ row }) => row.original.supplier.name },
    { id: 'status', header: t`Status`, cell: ({ row }) => <OrderStatusBadge status={row.original.status} /> },
    { id: 'location', header: t`Deliver to`, cell: ({ row }) => row.original.location.name },
    { id: 'expected', header: t`Expected`, cell: ({ row }) => (row.original.expectedDate ? formatDate(row.original.expectedDate) : '—') },
    { id: 'total', header: t`Total`, meta: { className: 'text-right' }, cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{money(row.original.totalMinor)}</span> },
    { id: 'created', header: t`Created`, cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.createdAt)}</span> },
  ];

  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader title={t`Purchase orders`} description={t`What the shop ordered from its suppliers, and what has arrived.`} actions={<NewOrderButton />} />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="grid gap-2">
          <Label htmlFor="orders-search">{t`Search`}</Label>
          <Input id="orders-search" type="search" placeholder={t`Order number or supplier reference`} value={search} onChange={(event) => setSearch(event.target.value)} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="orders-supplier">{t`Supplier`}</Label>
          <SupplierSelect id="orders-supplier" value={values.supplierId ?? ''} onChange={(supplierId) => setFilter('supplierId', supplierId || undefined)} emptyLabel={t`All suppliers`} />
        </div>
        <FilterSelect
          id="orders-status"
          label={t`Status`}
          value={status}
          onChange={(value) => setFilter('status', value || undefined)}
          allLabel={t`All statuses`}
          options={PURCHASE_ORDER_STATUSES}
          labels={ORDER_STATUS_LABELS}
        />
        <div className="grid gap-2">
          <Label htmlFor="orders-location">{t`Deliver to`}</Label>
          <LocationSelect id="orders-location" value={values.locationId ?? ''} onChange={(value) => setFilter('locationId', value || undefined)} allLabel={t`All locations`} includeInactive />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="orders-from">{t`From`}</Label>
          <Input id="orders-from" type="date" value={from ?? ''} max={to} onChange={(event) => setFilter('from', event.target.value || undefined)} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="orders-to">{t`To`}</Label>
          <Input id="orders-to" type="date" value={to ?? ''} min={from} onChange={(event) => setFilter('to', event.target.value || undefined)} />
        </div>
        <FilterSelect
          id="orders-sort"
          label={t`Sort`}
          value={sort}
          onChange={(value) => setFilter('sort', value || undefined)}
          allLabel={t`Newest first`}
          options={SORTS.filter((option) => option !== 'newest')}
          labels={LIST_SORT_LABELS}
        />
      </div>
      <PagedTable
        query={orders}
        columns={columns}
        label={t`Purchase orders`}
        loadingLabel={t`Loading purchase orders`}
        what={t`the purchase orders`}
        skeletonColumns={6}
        getRowId={(order) => order.id}
        page={page}
        onPageChange={setPage}
        empty={
          <EmptyState icon={ClipboardListIcon} title={isFiltered ? t`No orders match` : t`No purchase orders yet`} action={isFiltered ? undefined : <NewOrderButton />}>
            {isFiltered ? (
              <Trans>Change the filters or the search to see more orders.</Trans>
            ) : (
              <Trans>Order from a supplier, send the order by e-mail or WhatsApp, and receive the goods against it.</Trans>
            )}
          </EmptyState>
        }
      />
    </div>
  );
}
