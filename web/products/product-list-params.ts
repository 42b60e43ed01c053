import {
  PAGE_SIZES,
  PRODUCT_SORTS,
  PRODUCT_STATUSES,
  STOCK_FILTERS,
} from '../../core/products/products.schemas';

// The products list keeps its state in the address (search, filters, sort, page), so Back and a
// shared link show the same page. Defaults are left out of the address.

export type ProductSort = (typeof PRODUCT_SORTS)[number];
export type StockFilter = (typeof STOCK_FILTERS)[number];
export type StatusFilter = (typeof PRODUCT_STATUSES)[number] | 'all';
export type PageSize = (typeof PAGE_SIZES)[number];

export interface ProductListState {
  search: string;
  categoryId: string;
  brandId: string;
  locationId: string;
  stock: StockFilter;
  status: StatusFilter;
  sort: ProductSort;
  order: 'asc' | 'desc';
  page: number;
  pageSize: PageSize;
}

export const DEFAULT_LIST_STATE: ProductListState = {
  search: '',
  categoryId: '',
  brandId: '',
  locationId: '',
  stock: 'all',
  status: 'active',
  sort: 'name',
  order: 'asc',
  page: 1,
  pageSize: 25,
};

const STATUS_FILTERS: readonly StatusFilter[] = [...PRODUCT_STATUSES, 'all'];
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function oneOf<Value extends string | number>(allowed: readonly Value[], raw: unknown, fallback: Value): Value {
  return (allowed as readonly unknown[]).includes(raw) ? (raw as Value) : fallback;
}

/** The list state an address describes; anything unknown falls back to its default. */
export function readListState(params: URLSearchParams): ProductListState {
  const uuidOrBlank = (name: string) => {
    const value = params.get(name) ?? '';
    return UUID_PATTERN.test(value) ? value : '';
  };
  const page = Number(params.get('page'));
  return {
    search: (params.get('search') ?? '').slice(0, 100),
    categoryId: uuidOrBlank('categoryId'),
    brandId: uuidOrBlank('brandId'),
    locationId: uuidOrBlank('locationId'),
    stock: oneOf(STOCK_FILTERS, params.get('stock'), DEFAULT_LIST_STATE.stock),
    status: oneOf(STATUS_FILTERS, params.get('status'), DEFAULT_LIST_STATE.status),
    sort: oneOf(PRODUCT_SORTS, params.get('sort'), DEFAULT_LIST_STATE.sort),
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    pageSize: oneOf(PAGE_SIZES, Number(params.get('pageSize')), DEFAULT_LIST_STATE.pageSize),
  };
}

/** The address's search part for a list state: only what differs from the defaults. */
export function writeListState(state: ProductListState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(DEFAULT_LIST_STATE) as (keyof ProductListState)[]) {
    const value = key === 'search' ? state.search.trim() : state[key];
    if (value !== DEFAULT_LIST_STATE[key]) params.set(key, String(value));
  }
  return params;
}

/** A change of search, filter or sort starts again from page 1; a page change keeps the rest. */
export function changeListState(state: ProductListState, change: Partial<ProductListState>): ProductListState {
  const next = { ...state, ...change };
  if (change.page === undefined) next.page = 1;
  return next;
}

/** The API's query string for a list state (GET /api/products). */
export function productListSearch(state: ProductListState): string {
  const params = new URLSearchParams({
    stock: state.stock,
    status: state.status,
    sort: state.sort,
    order: state.order,
    page: String(state.page),
    pageSize: String(state.pageSize),
  });
  if (state.search.trim()) params.set('search', state.search.trim());
  if (state.categoryId) params.set('categoryId', state.categoryId);
  if (state.brandId) params.set('brandId', state.brandId);
  if (state.locationId) params.set('locationId', state.locationId);
  return params.toString();
}

/** Whether anything narrows the list (for "no matches" versus "no products yet"). */
export function isFiltered(state: ProductListState): boolean {
  return Boolean(state.search.trim() || state.categoryId || state.brandId || state.stock !== 'all' || state.status !== 'active');
}
