import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '../../core/api/api-error.schemas';
import { locationSchema, movementListSchema } from '../../core/inventory/inventory.schemas';
import {
  barcodeLookupSchema,
  brandSchema,
  categorySchema,
  productListSchema,
  productSchema,
  unitSchema,
  type ProductInput,
} from '../../core/products/products.schemas';
import { apiRequest, isApiError } from '../lib/api-client';
import { useBusinessSettings } from '../settings/settings.api';
import { productListSearch, type ProductListState } from './product-list-params';

/** Query keys of the catalog; everything under ['products'] is refreshed after a product changes. */
export const productKeys = {
  all: ['products'] as const,
  lists: ['products', 'list'] as const,
  list: (state: ProductListState) => ['products', 'list', state] as const,
  detail: (productId: string) => ['products', 'detail', productId] as const,
  movements: (productId: string, page: number) => ['products', 'movements', productId, page] as const,
  categories: ['product-categories'] as const,
  brands: ['brands'] as const,
  units: ['units'] as const,
  locations: ['locations'] as const,
};

const itemsOf = <Item extends z.ZodType>(item: Item) => z.object({ items: z.array(item) });

/** One page of the catalog; the previous page stays on screen while the next one loads. */
export function useProductList(state: ProductListState, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: productKeys.list(state),
    queryFn: ({ signal }) => apiRequest(`/api/products?${productListSearch(state)}`, { schema: productListSchema, signal }),
    placeholderData: keepPreviousData,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the products failed' },
  });
}

export function useProduct(productId: string) {
  return useQuery({
    queryKey: productKeys.detail(productId),
    queryFn: () => apiRequest(`/api/products/${encodeURIComponent(productId)}`, { schema: productSchema }),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the product failed' },
  });
}

export const MOVEMENTS_PAGE_SIZE = 20;

/** The product's stock ledger, newest first. */
export function useProductMovements(productId: string, page: number) {
  return useQuery({
    queryKey: productKeys.movements(productId, page),
    queryFn: () =>
      apiRequest(`/api/inventory/movements?${new URLSearchParams({ productId, page: String(page), pageSize: String(MOVEMENTS_PAGE_SIZE) })}`, {
        schema: movementListSchema,
      }),
    placeholderData: keepPreviousData,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the stock movements failed' },
  });
}

export function useCategories() {
  return useQuery({
    queryKey: productKeys.categories,
    queryFn: () => apiRequest('/api/product-categories', { schema: itemsOf(categorySchema) }),
    select: (data) => data.items,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the categories failed' },
  });
}

export function useBrands() {
  return useQuery({
    queryKey: productKeys.brands,
    queryFn: () => apiRequest('/api/brands', { schema: itemsOf(brandSchema) }),
    select: (data) => data.items,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the brands failed' },
  });
}

export function useUnits() {
  return useQuery({
    queryKey: productKeys.units,
    queryFn: () => apiRequest('/api/units', { schema: itemsOf(unitSchema) }),
    select: (data) => data.items,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the units failed' },
  });
}

export function useLocations() {
  return useQuery({
    queryKey: productKeys.locations,
    queryFn: () => apiRequest('/api/locations', { schema: itemsOf(locationSchema) }),
    select: (data) => data.items,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the locations failed' },
  });
}

/** The variant a scanned barcode or typed SKU names exactly, or null when none does. */
export async function lookupProductCode(code: string) {
  try {
    return await apiRequest(`/api/products/lookup?${new URLSearchParams({ code })}`, { schema: barcodeLookupSchema });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** Creates a product; the key (one per form submission) makes a retried request answer with the first result. */
export function createProductRequest(input: ProductInput, idempotencyKey: string) {
  return apiRequest('/api/products', {
    method: 'POST',
    body: input,
    schema: productSchema,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

export function updateProductRequest(productId: string, input: ProductInput) {
  return apiRequest(`/api/products/${encodeURIComponent(productId)}`, { method: 'PUT', body: input, schema: productSchema });
}

export function uploadProductImageRequest(productId: string, file: File) {
  const form = new FormData();
  form.append('image', file);
  return apiRequest(`/api/products/${encodeURIComponent(productId)}/image`, { method: 'POST', body: form, schema: productSchema });
}

export function removeProductImageRequest(productId: string) {
  return apiRequest(`/api/products/${encodeURIComponent(productId)}/image`, { method: 'DELETE', schema: productSchema });
}

/** Collections of the catalog's reference data and the path of each. */
export const REFERENCE_PATHS = {
  categories: '/api/product-categories',
  brands: '/api/brands',
  units: '/api/units',
} as const;
export type ReferenceKind = keyof typeof REFERENCE_PATHS;

/** Create (no id), rename/update (id) or delete one category, brand or unit. */
export function saveReferenceRequest(kind: ReferenceKind, body: unknown, id?: string) {
  const path = id ? `${REFERENCE_PATHS[kind]}/${encodeURIComponent(id)}` : REFERENCE_PATHS[kind];
  return apiRequest(path, { method: id ? 'PATCH' : 'POST', body });
}

export function deleteReferenceRequest(kind: ReferenceKind, id: string) {
  return apiRequest(`${REFERENCE_PATHS[kind]}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** The shop's currency symbol for prices ("KSh" until the settings arrive). */
export function useCurrencySymbol(): string {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- the currency symbol, the same in every language
  return useBusinessSettings().data?.currencySymbol ?? 'KSh';
}
