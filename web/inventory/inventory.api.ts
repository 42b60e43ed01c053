import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  adjustmentListSchema,
  adjustmentSchema,
  inventorySettingsSchema,
  inventorySummarySchema,
  lowStockListSchema,
  movementListSchema,
  stockTakeListSchema,
  stockTakeSchema,
  transferListSchema,
  transferSchema,
  type MovementKind,
  type TransferReceiptInput,
} from '../../core/inventory/inventory.schemas';
import { IDEMPOTENCY_KEY_HEADER } from '../../core/api/api-error.schemas';
import { productListSchema } from '../../core/products/products.schemas';
import { apiRequest } from '../lib/api-client';
import { productKeys } from '../products/products.api';

// Stock's queries and requests. Every key starts with 'inventory', so one invalidation after a
// stock change refreshes every screen of stock. Locations, products, search and barcode lookup
// come from the catalog's web/products/products.api.ts.

export const inventoryQueryKey = ['inventory'] as const;
export const inventorySettingsQueryKey = ['inventory', 'settings'] as const;

export const PAGE_SIZE = 25;

/** `?a=1&b=…` from the defined values only. */
function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export interface MovementFilters {
  locationId?: string | undefined;
  kind?: MovementKind | undefined;
  variantId?: string | undefined;
  page: number;
}

export function useMovements(filters: MovementFilters) {
  return useQuery({
    queryKey: ['inventory', 'movements', filters],
    queryFn: () => apiRequest(`/api/inventory/movements${queryString({ ...filters, pageSize: PAGE_SIZE })}`, { schema: movementListSchema }),
    placeholderData: keepPreviousData,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the stock movements failed' },
  });
}

export interface DocumentFilters {
  status?: string | undefined;
  locationId?: string | undefined;
  page: number;
}

function useDocumentList<Schema extends z.ZodType>(kind: string, schema: Schema, filters: DocumentFilters) {
  return useQuery({
    queryKey: ['inventory', kind, 'list', filters],
    queryFn: () => apiRequest(`/api/inventory/${kind}${queryString({ ...filters, pageSize: PAGE_SIZE })}`, { schema }),
    placeholderData: keepPreviousData,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: `Loading the ${kind} failed` },
  });
}

function useDocument<Schema extends z.ZodType>(kind: string, schema: Schema, id: string) {
  return useQuery({
    queryKey: ['inventory', kind, id],
    queryFn: () => apiRequest(`/api/inventory/${kind}/${id}`, { schema }),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: `Loading the ${kind} document failed` },
  });
}

export const useAdjustments = (filters: DocumentFilters) => useDocumentList('adjustments', adjustmentListSchema, filters);
export const useAdjustment = (id: string) => useDocument('adjustments', adjustmentSchema, id);
export const useTransfers = (filters: DocumentFilters) => useDocumentList('transfers', transferListSchema, filters);
export const useTransfer = (id: string) => useDocument('transfers', transferSchema, id);
export const useStockTakes = (filters: DocumentFilters) => useDocumentList('stock-takes', stockTakeListSchema, filters);
export const useStockTake = (id: string) => useDocument('stock-takes', stockTakeSchema, id);

export function useLowStock(locationId: string | undefined) {
  return useQuery({
    queryKey: ['inventory', 'low-stock', locationId ?? 'all'],
    queryFn: () => apiRequest(`/api/inventory/low-stock${queryString({ locationId })}`, { schema: lowStockListSchema }),
    select: (data) => data.items,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the low-stock list failed' },
  });
}

export function useInventorySummary(locationId: string | undefined) {
  return useQuery({
    queryKey: ['inventory', 'summary', locationId ?? 'all'],
    queryFn: () => apiRequest(`/api/inventory/summary${queryString({ locationId })}`, { schema: inventorySummarySchema }),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the stock summary failed' },
  });
}

export function useInventorySettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: inventorySettingsQueryKey,
    queryFn: () => apiRequest('/api/settings/inventory', { schema: inventorySettingsSchema }),
    enabled,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the inventory settings failed' },
  });
}

/**
 * Products whose name, SKU or barcode matches, for the pickers of stock forms (nothing until
 * something is typed), with their stock at `locationId` (everywhere together without one).
 */
export function useProductSearch(search: string, locationId: string | undefined) {
  const text = search.trim();
  return useQuery({
    queryKey: ['inventory', 'product-search', text, locationId ?? 'all'],
    queryFn: ({ signal }) => apiRequest(`/api/products${queryString({ search: text, locationId, pageSize: 10 })}`, { schema: productListSchema, signal }),
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Searching products failed' },
  });
}

/** After any change of stock or locations: every stock screen, the locations and the catalog's stock figures. */
export function useRefreshStock() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([inventoryQueryKey, productKeys.all, productKeys.locations].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Creates a stock document; the key (one per form submission, reused on a retry) makes the server answer a retry with the first result. */
export function createDocumentRequest<Schema extends z.ZodType>(kind: 'adjustments' | 'transfers' | 'stock-takes', body: unknown, schema: Schema, idempotencyKey: string) {
  return apiRequest(`/api/inventory/${kind}`, { method: 'POST', body, schema, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}

/** cancel a transfer, post/cancel a stock take. */
export function documentActionRequest<Schema extends z.ZodType>(kind: 'transfers' | 'stock-takes', id: string, action: 'cancel' | 'post', schema: Schema) {
  return apiRequest(`/api/inventory/${kind}/${encodeURIComponent(id)}/${action}`, { method: 'POST', schema });
}

/** Receives (part of) a transfer; the key (one per receipt being entered) makes a retry count once. */
export function receiveTransferRequest(transferId: string, body: TransferReceiptInput, idempotencyKey: string) {
  return apiRequest(`/api/inventory/transfers/${encodeURIComponent(transferId)}/receive`, {
    method: 'POST',
    body,
    schema: transferSchema,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}
