import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui as useLinguiContext } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import {
  flexRender,
  getCoreRowModel,
  getExpandedRowModel,
  useReactTable,
  type ColumnDef,
  type ExpandedState,
  type Row,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, ChevronRightIcon, PackageOpenIcon, PlusIcon, PrinterIcon, SearchIcon, SearchXIcon } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../lib/toast';
import { PAGE_SIZES, PRODUCT_SORTS, STOCK_FILTERS, type ProductListItem } from '../../core/products/products.schemas';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Checkbox } from '../components/ui/checkbox';
import { Label } from '../components/ui/label';
import { NativeSelect } from '../components/ui/native-select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../components/ui/table';
import { EmptyState, LoadError, Pagination, TableSkeleton } from '../inventory/inventory-ui';
import { translateMessage } from '../i18n/translate-message';
import { isApiError } from '../lib/api-client';
import { cn } from '../lib/cn';
import { useDocumentTitle } from '../lib/use-document-title';
import { ImportExportButtons } from './bulk/import-export-buttons';
import { ProductsBulkActions } from './bulk/products-bulk-actions';
import { useCatalogAccess } from './catalog-access';
import { IconInput } from './icon-input';
import { formatMoney, formatPriceRange } from './product-format';
import {
  changeListState,
  DEFAULT_LIST_STATE,
  isFiltered,
  readListState,
  writeListState,
  type PageSize,
  type ProductListState,
  type ProductSort,
} from './product-list-params';
import { ProductThumbnail } from './product-thumbnail';
import { lookupProductCode, productKeys, useBrands, useCategories, useCurrencySymbol, useLocations, useProductList } from './products.api';
import { StockFigure } from './stock-figure';

const SEARCH_DEBOUNCE_MS = 250;

type ListVariant = ProductListItem['variants'][number];
/** A table row: a product, or (under a product with variants) one of its variants. */
type CatalogRow = { type: 'product'; product: ProductListItem } | { type: 'variant'; product: ProductListItem; variant: ListVariant };

const hasVariants = (product: ProductListItem) => product.variants.length > 1;

const SORT_CHOICES: Array<{ value: `${ProductSort}:${'asc' | 'desc'}`; label: MessageDescriptor }> = [
  { value: 'name:asc', label: msg`Name, A to Z` },
  { value: 'name:desc', label: msg`Name, Z to A` },
  { value: 'sku:asc', label: msg`SKU` },
  { value: 'price:asc', label: msg`Price, lowest first` },
  { value: 'price:desc', label: msg`Price, highest first` },
  { value: 'onHand:asc', label: msg`On hand, least first` },
  { value: 'onHand:desc', label: msg`On hand, most first` },
  { value: 'updatedAt:desc', label: msg`Recently updated` },
  { value: 'updatedAt:asc', label: msg`Least recently updated` },
];

/** The sort buttons' labels: "Sort by name". */
const SORT_BUTTON_LABELS: Record<string, MessageDescriptor> = {
  name: msg`Sort by name`,
  sku: msg`Sort by SKU`,
  price: msg`Sort by price`,
  onHand: msg`Sort by on hand`,
};

const STOCK_FILTER_LABELS: Record<(typeof STOCK_FILTERS)[number], MessageDescriptor> = {
  all: msg`Any stock`,
  in: msg`In stock`,
  low: msg`Low stock`,
  out: msg`Out of stock`,
};

/** /admin/products: the catalog with server-side paging, sorting, filters and search; the state lives in the address. */
export function ProductListPage() {
  const { t } = useLingui();
  const { i18n } = useLinguiContext();
  useDocumentTitle(t`Products`);
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readListState(searchParams);
  const access = useCatalogAccess();
  const currency = useCurrencySymbol();
  const list = useProductList(state);
  const queryClient = useQueryClient();
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [expanded, setExpanded] = useState<ExpandedState>({});

  const update = (change: Partial<ProductListState>, { replace = false } = {}) =>
    setSearchParams(writeListState(changeListState(state, change)), { replace });

  const sorting: SortingState = [{ id: state.sort, desc: state.order === 'desc' }];
  const onSortingChange = (updater: Updater<SortingState>) => {
    const [next] = typeof updater === 'function' ? updater(sorting) : updater;
    if (next && (PRODUCT_SORTS as readonly string[]).includes(next.id)) update({ sort: next.id as ProductSort, order: next.desc ? 'desc' : 'asc' });
  };

  const items = list.data?.items;
  const rows = useMemo(() => (items ?? []).map((product): CatalogRow => ({ type: 'product', product })), [items]);
  // Headers and labels are functions run at each render, so they follow a change of language.
  const columns = useMemo(() => catalogColumns(currency, access.canEdit, i18n), [currency, access.canEdit, i18n]);
  // The table object is rebuilt on every render of this page; nothing memoised depends on it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<CatalogRow>({
    data: rows,
    columns,
    getRowId: (row) => (row.type === 'product' ? row.product.id : `${row.product.id}:${row.variant.id}`),
    getSubRows: (row) =>
      row.type === 'product' && hasVariants(row.product) ? row.product.variants.map((variant) => ({ type: 'variant', product: row.product, variant })) : undefined,
    getCoreRowModel: getCoreRowModel(),
    getExpandedRowModel: getExpandedRowModel(),
    manualPagination: true,
    manualSorting: true,
    enableSortingRemoval: false,
    sortDescFirst: false,
    enableRowSelection: (row) => row.original.type === 'product',
    enableSubRowSelection: false,
    state: { sorting, rowSelection, expanded },
    onSortingChange,
    onRowSelectionChange: setRowSelection,
    onExpandedChange: setExpanded,
  });
  const selectedProductIds = Object.keys(rowSelection).filter((id) => rowSelection[id]);
  const clearSelection = () => {
    setRowSelection({});
    void queryClient.invalidateQueries({ queryKey: productKeys.all });
  };

  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold">
          <Trans>Catalog</Trans>
        </h2>
        <div className="flex flex-wrap gap-2">
          {access.canEdit && <ImportExportButtons />}
          {access.canEdit && (
            <Button asChild size="sm">
              <Link to="/admin/products/new">
                <PlusIcon aria-hidden />
                <Trans>New product</Trans>
              </Link>
            </Button>
          )}
        </div>
      </div>
      <ListToolbar state={state} update={update} />
      {access.canEdit && (
        <div className="flex flex-wrap items-center gap-2">
          <ProductsBulkActions selectedProductIds={selectedProductIds} onFinished={clearSelection} />
          <PrintLabelsButton productIds={selectedProductIds} />
        </div>
      )}
      {list.isPending ? (
        <TableSkeleton columns={5} rows={6} label={t`Loading products`} />
      ) : list.isError && !list.data ? (
        <LoadError error={list.error} what={t`the products`} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <ListEmptyState state={state} canEdit={access.canEdit} onClear={() => setSearchParams(writeListState(DEFAULT_LIST_STATE))} />
      ) : (
        <div className={cn('grid min-w-0 gap-3 transition-opacity', list.isPlaceholderData && 'opacity-60')} aria-busy={list.isFetching}>
          <DesktopTable table={table} />
          <PhoneList rows={table.getRowModel().rows} currency={currency} canSelect={access.canEdit} />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex items-center gap-2 text-sm">
              <Label htmlFor="products-page-size">
                <Trans>Rows per page</Trans>
              </Label>
              <NativeSelect
                id="products-page-size"
                className="w-20"
                value={state.pageSize}
                onChange={(event) => update({ pageSize: Number(event.target.value) as PageSize })}
              >
                {PAGE_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <Pagination
              page={state.page}
              pageSize={state.pageSize}
              total={list.data?.total ?? 0}
              totalCapped={list.data?.totalCapped}
              onPageChange={(page) => update({ page })}
            />
          </div>
        </div>
      )}
    </div>
  );
}

function catalogColumns(currency: string, canSelect: boolean, i18n: I18n): ColumnDef<CatalogRow>[] {
  const columns: ColumnDef<CatalogRow>[] = [
    {
      id: 'image',
      header: () => (
        <span className="sr-only">
          <Trans>Image</Trans>
        </span>
      ),
      cell: ({ row }) => (row.original.type === 'product' ? <ProductThumbnail imageUrl={row.original.product.imageUrl} /> : null),
    },
    {
      id: 'name',
      accessorFn: (row) => (row.type === 'product' ? row.product.name : row.variant.name),
      header: () => <Trans>Name</Trans>,
      cell: ({ row }) => <NameCell row={row} />,
    },
    {
      id: 'sku',
      accessorFn: skuText,
      header: () => <Trans>SKU</Trans>,
      cell: ({ row }) => <span className="font-mono text-xs">{skuText(row.original)}</span>,
    },
    {
      id: 'category',
      header: () => <Trans>Category</Trans>,
      cell: ({ row }) => (row.original.type === 'product' ? (row.original.product.categoryName ?? <span className="text-muted-foreground">—</span>) : null),
    },
    {
      id: 'price',
      accessorFn: (row) => (row.type === 'product' ? (row.product.variants[0]?.sellingPriceMinor ?? 0) : row.variant.sellingPriceMinor),
      header: () => <Trans>Price</Trans>,
      cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{priceText(row.original, currency)}</span>,
    },
    {
      id: 'onHand',
      accessorFn: (row) => (row.type === 'product' ? row.product.onHandMilli : row.variant.onHandMilli),
      header: () => <Trans>On hand</Trans>,
      cell: ({ row }) => <OnHandCell row={row.original} />,
    },
  ];
  if (!canSelect) return columns;
  return [
    {
      id: 'select',
      header: ({ table }) => (
        <Checkbox
          aria-label={i18n._(msg`Select all products on this page`)}
          checked={table.getIsAllPageRowsSelected() ? true : table.getIsSomePageRowsSelected() ? 'indeterminate' : false}
          onCheckedChange={(checked) => table.toggleAllPageRowsSelected(checked === true)}
        />
      ),
      cell: ({ row }) =>
        row.original.type === 'product' ? (
          <Checkbox aria-label={selectLabel(i18n, row.original.product.name)} checked={row.getIsSelected()} onCheckedChange={(checked) => row.toggleSelected(checked === true)} />
        ) : null,
    },
    ...columns,
  ];
}

function selectLabel(i18n: I18n, name: string): string {
  return i18n._(msg`Select ${name}`);
}

function skuText(row: CatalogRow): string {
  if (row.type === 'variant') return row.variant.sku;
  return hasVariants(row.product) ? '' : (row.product.variants[0]?.sku ?? '');
}

function priceText(row: CatalogRow, currency: string): string {
  if (row.type === 'variant') return formatMoney(row.variant.sellingPriceMinor, currency);
  return formatPriceRange(
    row.product.variants.map((variant) => variant.sellingPriceMinor),
    currency,
  );
}

function OnHandCell({ row }: { row: CatalogRow }) {
  const { product } = row;
  if (row.type === 'variant') {
    return <StockFigure onHandMilli={row.variant.onHandMilli} unitShortName={product.unitShortName} trackStock={product.trackStock} reorderLevelMilli={product.reorderLevelMilli} />;
  }
  return (
    <StockFigure
      onHandMilli={product.onHandMilli}
      unitShortName={product.unitShortName}
      trackStock={product.trackStock}
      reorderLevelMilli={product.reorderLevelMilli}
      isLow={product.isLow}
    />
  );
}

function NameCell({ row }: { row: Row<CatalogRow> }) {
  const { t } = useLingui();
  const original = row.original;
  if (original.type === 'variant') {
    return <span className="block pl-8 text-muted-foreground">{original.variant.name || t`Default`}</span>;
  }
  const { product } = original;
  const name = product.name;
  const count = product.variants.length;
  return (
    <div className="flex min-w-0 items-center gap-1">
      {row.getCanExpand() ? (
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          aria-label={row.getIsExpanded() ? t`Hide variants of ${name}` : t`Show variants of ${name}`}
          aria-expanded={row.getIsExpanded()}
          onClick={row.getToggleExpandedHandler()}
        >
          <ChevronRightIcon aria-hidden className={cn('transition-transform', row.getIsExpanded() && 'rotate-90')} />
        </Button>
      ) : (
        <span className="w-7 shrink-0" />
      )}
      <span className="grid min-w-0">
        <Link to={`/admin/products/${product.id}`} className="truncate font-medium underline-offset-4 outline-none hover:underline focus-visible:underline">
          {product.name}
        </Link>
        <span className="flex flex-wrap gap-1 text-xs text-muted-foreground">
          {hasVariants(product) && <span>{t`${plural(count, { one: '# variant', other: '# variants' })}`}</span>}
          {product.kind === 'combo' && (
            <Badge variant="secondary">
              <Trans>Combo</Trans>
            </Badge>
          )}
          {product.status === 'archived' && (
            <Badge variant="outline">
              <Trans>Archived</Trans>
            </Badge>
          )}
        </span>
      </span>
    </div>
  );
}

function DesktopTable({ table }: { table: ReturnType<typeof useReactTable<CatalogRow>> }) {
  const { t } = useLingui();
  const { i18n } = useLinguiContext();
  return (
    <div className="hidden min-w-0 overflow-hidden rounded-xl border bg-card md:block">
      <Table className="min-w-[44rem]" aria-label={t`Products`}>
        <TableHeader>
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id} className="hover:bg-transparent">
              {group.headers.map((header) => {
                const column = header.column;
                const sorted = column.getIsSorted();
                return (
                  <TableHead
                    key={header.id}
                    aria-sort={column.getCanSort() ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}
                    className={cn(header.id === 'select' && 'w-10', header.id === 'image' && 'w-14', (header.id === 'price' || header.id === 'onHand') && 'text-right')}
                  >
                    {header.isPlaceholder ? null : column.getCanSort() ? (
                      <button
                        type="button"
                        aria-label={sortButtonLabel(i18n, column.id)}
                        onClick={column.getToggleSortingHandler()}
                        className="-mx-1 inline-flex items-center gap-1 rounded px-1 outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60"
                      >
                        {flexRender(column.columnDef.header, header.getContext())}
                        {sorted === 'asc' ? (
                          <ArrowUpIcon aria-hidden className="size-3.5" />
                        ) : sorted === 'desc' ? (
                          <ArrowDownIcon aria-hidden className="size-3.5" />
                        ) : (
                          <ArrowUpDownIcon aria-hidden className="size-3.5 opacity-50" />
                        )}
                      </button>
                    ) : (
                      flexRender(column.columnDef.header, header.getContext())
                    )}
                  </TableHead>
                );
              })}
            </TableRow>
          ))}
        </TableHeader>
        <TableBody>
          {table.getRowModel().rows.map((row) => (
            <TableRow key={row.id} data-state={row.getIsSelected() ? 'selected' : undefined} className={cn(row.depth > 0 && 'bg-muted/20')}>
              {row.getVisibleCells().map((cell) => (
                <TableCell key={cell.id} className={cn((cell.column.id === 'price' || cell.column.id === 'onHand') && 'text-right', row.depth > 0 && 'py-2')}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function sortButtonLabel(i18n: I18n, columnId: string): string {
  const label = SORT_BUTTON_LABELS[columnId];
  return label ? i18n._(label) : i18n._(msg`Sort by ${columnId}`);
}

/** Phones: one compact line per product (and per variant when opened) instead of the wide table. */
function PhoneList({ rows, currency, canSelect }: { rows: Row<CatalogRow>[]; currency: string; canSelect: boolean }) {
  const { t } = useLingui();
  const { i18n } = useLinguiContext();
  return (
    <ul aria-label={t`Products`} className="grid divide-y rounded-xl border bg-card md:hidden">
      {rows.map((row) => {
        const original = row.original;
        if (original.type === 'variant') {
          return (
            <li key={row.id} className="flex items-center justify-between gap-3 bg-muted/20 py-2 pr-3 pl-14 text-sm">
              <span className="grid min-w-0">
                <span className="truncate">{original.variant.name || t`Default`}</span>
                <span className="truncate font-mono text-xs text-muted-foreground">{original.variant.sku}</span>
              </span>
              <span className="grid justify-items-end text-right">
                <span className="tabular-nums">{formatMoney(original.variant.sellingPriceMinor, currency)}</span>
                <OnHandCell row={original} />
              </span>
            </li>
          );
        }
        const { product } = original;
        const count = product.variants.length;
        return (
          <li key={row.id} className="flex items-center gap-3 p-3">
            {canSelect && (
              <Checkbox aria-label={selectLabel(i18n, product.name)} checked={row.getIsSelected()} onCheckedChange={(checked) => row.toggleSelected(checked === true)} />
            )}
            <ProductThumbnail imageUrl={product.imageUrl} />
            <span className="grid min-w-0 flex-1 gap-0.5">
              <Link to={`/admin/products/${product.id}`} className="line-clamp-2 font-medium outline-none focus-visible:underline">
                {product.name}
              </Link>
              <span className="truncate text-xs text-muted-foreground">
                {[skuText(original), product.categoryName].filter(Boolean).join(' · ') || '—'}
              </span>
              <span className="flex flex-wrap items-center justify-between gap-x-3 text-sm">
                <span className="tabular-nums">{priceText(original, currency)}</span>
                <OnHandCell row={original} />
              </span>
              {row.getCanExpand() && (
                <button
                  type="button"
                  aria-expanded={row.getIsExpanded()}
                  onClick={row.getToggleExpandedHandler()}
                  className="justify-self-start py-1 text-xs text-primary underline-offset-4 outline-none hover:underline focus-visible:underline"
                >
                  {row.getIsExpanded()
                    ? t`Hide ${plural(count, { one: '# variant', other: '# variants' })}`
                    : t`Show ${plural(count, { one: '# variant', other: '# variants' })}`}
                </button>
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function ListToolbar({ state, update }: { state: ProductListState; update: (change: Partial<ProductListState>, options?: { replace?: boolean }) => void }) {
  const { t } = useLingui();
  const { i18n } = useLinguiContext();
  const categories = useCategories();
  const brands = useBrands();
  const locations = useLocations();
  return (
    <div className="grid gap-3">
      <SearchBox value={state.search} onSearch={(search) => update({ search }, { replace: true })} />
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        <FilterSelect id="products-category" label={t`Category`} value={state.categoryId} onChange={(categoryId) => update({ categoryId })}>
          <option value="">{t`All categories`}</option>
          {categories.data?.map((category) => (
            <option key={category.id} value={category.id}>
              {category.path}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect id="products-brand" label={t`Brand`} value={state.brandId} onChange={(brandId) => update({ brandId })}>
          <option value="">{t`All brands`}</option>
          {brands.data?.map((brand) => (
            <option key={brand.id} value={brand.id}>
              {brand.name}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect id="products-location" label={t`Location`} value={state.locationId} onChange={(locationId) => update({ locationId })}>
          <option value="">{t`All locations`}</option>
          {locations.data?.map((location) => (
            <option key={location.id} value={location.id}>
              {location.name}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect id="products-stock" label={t`Stock`} value={state.stock} onChange={(stock) => update({ stock: stock as ProductListState['stock'] })}>
          {STOCK_FILTERS.map((filter) => (
            <option key={filter} value={filter}>
              {i18n._(STOCK_FILTER_LABELS[filter])}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect id="products-status" label={t`Status`} value={state.status} onChange={(status) => update({ status: status as ProductListState['status'] })}>
          <option value="active">{t`Active`}</option>
          <option value="archived">{t`Archived`}</option>
          <option value="all">{t`Active and archived`}</option>
        </FilterSelect>
        <FilterSelect
          id="products-sort"
          label={t`Sort by`}
          value={`${state.sort}:${state.order}`}
          onChange={(value) => {
            const [sort, order] = value.split(':') as [ProductSort, 'asc' | 'desc'];
            update({ sort, order });
          }}
        >
          {SORT_CHOICES.some((choice) => choice.value === `${state.sort}:${state.order}`) ? null : (
            <option value={`${state.sort}:${state.order}`}>{t`Custom`}</option>
          )}
          {SORT_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {i18n._(choice.label)}
            </option>
          ))}
        </FilterSelect>
      </div>
    </div>
  );
}

function FilterSelect({ id, label, value, onChange, children }: { id: string; label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-1">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </NativeSelect>
    </div>
  );
}

/**
 * Name, SKU or barcode, applied 250 ms after typing stops. Enter (what a barcode scanner sends
 * after the code) opens the product straight away when the code matches one exactly.
 */
function SearchBox({ value, onSearch }: { value: string; onSearch: (search: string) => void }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [text, setText] = useState(value);
  const [appliedValue, setAppliedValue] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latestOnSearch = useRef(onSearch);
  useEffect(() => {
    latestOnSearch.current = onSearch;
  });
  // The address changed from outside (Back, "Clear filters"): show what it says.
  if (value !== appliedValue) {
    setAppliedValue(value);
    if (text.trim() !== value) setText(value);
  }

  useEffect(() => {
    if (text.trim() === value) return;
    timer.current = setTimeout(() => latestOnSearch.current(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer.current);
  }, [text, value]);

  const onKeyDown = async (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    clearTimeout(timer.current);
    const code = text.trim();
    if (!code) return onSearch('');
    try {
      const match = await lookupProductCode(code);
      if (match) {
        void navigate(`/admin/products/${match.productId}`);
        return;
      }
    } catch (error) {
      toast.error(t`The code lookup failed`, { description: isApiError(error) ? translateMessage(error.message) : undefined });
    }
    onSearch(code);
  };

  return (
    <IconInput
      icon={SearchIcon}
      type="search"
      aria-label={t`Search products`}
      placeholder={t`Search by name, SKU or barcode`}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => void onKeyDown(event)}
      autoComplete="off"
      enterKeyHint="search"
    />
  );
}

function PrintLabelsButton({ productIds }: { productIds: string[] }) {
  if (productIds.length === 0) {
    return (
      <Button variant="outline" size="sm" disabled>
        <PrinterIcon aria-hidden />
        <Trans>Print labels</Trans>
      </Button>
    );
  }
  return (
    <Button variant="outline" size="sm" asChild>
      <Link to={`/admin/products/labels?${new URLSearchParams({ ids: productIds.join(',') })}`}>
        <PrinterIcon aria-hidden />
        <Trans>Print labels</Trans>
      </Link>
    </Button>
  );
}

function ListEmptyState({ state, canEdit, onClear }: { state: ProductListState; canEdit: boolean; onClear: () => void }) {
  const { t } = useLingui();
  const search = state.search;
  if (isFiltered(state) || state.page > 1) {
    return (
      <EmptyState
        icon={SearchXIcon}
        title={t`No products match`}
        action={
          <Button variant="outline" onClick={onClear}>
            <Trans>Clear search and filters</Trans>
          </Button>
        }
      >
        {search ? (
          <Trans>Nothing in the catalog matches “{search}”. Try another name, SKU or barcode, or clear the filters.</Trans>
        ) : (
          <Trans>Nothing in the catalog matches these filters. Try another name, SKU or barcode, or clear the filters.</Trans>
        )}
      </EmptyState>
    );
  }
  return (
    <EmptyState
      icon={PackageOpenIcon}
      title={t`No products yet`}
      action={
        canEdit ? (
          <Button asChild>
            <Link to="/admin/products/new">
              <PlusIcon aria-hidden />
              <Trans>Add your first product</Trans>
            </Link>
          </Button>
        ) : undefined
      }
    >
      {canEdit
        ? t`Add what you sell: name, price, barcode and opening stock. You can also import a whole catalog from a CSV file.`
        : t`The shop has not added any products yet. A manager or the owner adds them.`}
    </EmptyState>
  );
}
