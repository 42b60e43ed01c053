import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  etimsDeviceListSchema,
  etimsDeviceSchema,
  etimsDocumentListSchema,
  etimsDocumentSchema,
  etimsItemClassListSchema,
  etimsItemListSchema,
  etimsItemRowSchema,
  etimsReceiptBlockSchema,
  etimsUnitCodesSchema,
  type EtimsDocumentListQuery,
  type EtimsItemInput,
  type EtimsReceiptBlock,
  type EtimsSettingsInput,
} from '../../core/etims/etims.schemas';
import { apiRequest } from '../lib/api-client';

// KRA eTIMS (issue 19): the devices (settings tab), items, documents (monitoring), the counts the
// dashboard warns on, and a receipt's block while it waits for KRA's signature. Keys start with 'etims'.

export const etimsDevicesQueryKey = ['etims', 'devices'] as const;

export function useEtimsDevices(enabled = true) {
  return useQuery({
    queryKey: etimsDevicesQueryKey,
    queryFn: () => apiRequest('/api/etims/devices', { schema: etimsDeviceListSchema }),
    enabled,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the eTIMS devices failed' },
  });
}

export const saveEtimsDevice = (body: EtimsSettingsInput) => apiRequest('/api/etims/devices', { method: 'PUT', body, schema: etimsDeviceSchema });
export const initialiseEtimsDevice = (id: string) => apiRequest(`/api/etims/devices/${encodeURIComponent(id)}/initialise`, { method: 'POST', schema: etimsDeviceSchema });

export type EtimsItemFilter = 'all' | 'missing' | 'ready' | 'registered';
export const ETIMS_PAGE_SIZE = 25;

export function useEtimsItems(filter: EtimsItemFilter, q: string, page: number) {
  const search = new URLSearchParams({ filter, page: String(page), pageSize: String(ETIMS_PAGE_SIZE) });
  if (q) search.set('q', q);
  return useQuery({
    queryKey: ['etims', 'items', filter, q, page],
    queryFn: () => apiRequest(`/api/etims/items?${search.toString()}`, { schema: etimsItemListSchema }),
    placeholderData: keepPreviousData,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the eTIMS items failed' },
  });
}

export const saveEtimsItem = (variantId: string, body: EtimsItemInput) =>
  apiRequest(`/api/etims/items/${encodeURIComponent(variantId)}`, { method: 'PUT', body, schema: etimsItemRowSchema });
export const registerEtimsItems = (variantIds?: string[]) =>
  apiRequest('/api/etims/items/register', { method: 'POST', body: variantIds ? { variantIds } : {}, schema: z.object({ registered: z.int(), failed: z.int() }) });
export const refreshEtimsItemClasses = () => apiRequest('/api/etims/item-classes/refresh', { method: 'POST', schema: z.object({ classes: z.int(), codes: z.int() }) });

export function useEtimsUnitCodes() {
  return useQuery({
    queryKey: ['etims', 'unit-codes'],
    queryFn: () => apiRequest('/api/etims/unit-codes', { schema: etimsUnitCodesSchema }),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the unit codes failed' },
  });
}

export function useEtimsItemClasses(q: string, enabled: boolean) {
  return useQuery({
    queryKey: ['etims', 'item-classes', q],
    queryFn: () => apiRequest(`/api/etims/item-classes?${new URLSearchParams({ q, limit: '20' }).toString()}`, { schema: etimsItemClassListSchema }),
    enabled,
    placeholderData: keepPreviousData,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the item classes failed' },
  });
}

export type EtimsDocumentFilters = Partial<Pick<EtimsDocumentListQuery, 'status' | 'kind' | 'q' | 'sort' | 'direction'>>;

export function etimsDocumentSearch(filters: EtimsDocumentFilters, page?: number): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value !== undefined && value !== '') search.set(name, String(value));
  if (page !== undefined) {
    search.set('page', String(page));
    search.set('pageSize', String(ETIMS_PAGE_SIZE));
  }
  return search;
}

export function useEtimsDocuments(filters: EtimsDocumentFilters, page: number) {
  return useQuery({
    queryKey: ['etims', 'documents', filters, page],
    queryFn: () => apiRequest(`/api/etims/documents?${etimsDocumentSearch(filters, page).toString()}`, { schema: etimsDocumentListSchema }),
    // The paged table reads `items`.
    select: (data) => ({ ...data, items: data.documents }),
    placeholderData: keepPreviousData,
    // While documents wait for KRA the list follows them.
    refetchInterval: (query) => ((query.state.data?.counts.pending ?? 0) > 0 ? 10_000 : false),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the eTIMS documents failed' },
  });
}

export const resendEtimsDocument = (id: string) => apiRequest(`/api/etims/documents/${encodeURIComponent(id)}/resend`, { method: 'POST', schema: etimsDocumentSchema });

export function useEtimsStatus(enabled = true) {
  return useQuery({
    queryKey: ['etims', 'status'],
    queryFn: () => apiRequest('/api/etims/status', { schema: etimsDocumentListSchema.shape.counts }),
    enabled,
    refetchInterval: 5 * 60_000,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the eTIMS status failed' },
  });
}

/** A receipt's block, asked again every few seconds while KRA has not signed it (up to ten minutes). */
export function useEtimsReceiptBlock(sourceId: string, initial: EtimsReceiptBlock) {
  return useQuery({
    queryKey: ['etims', 'receipt', sourceId],
    queryFn: () => apiRequest(`/api/etims/receipts/${encodeURIComponent(sourceId)}`, { schema: etimsReceiptBlockSchema }),
    initialData: initial,
    initialDataUpdatedAt: 0,
    refetchInterval: (query) => (query.state.data?.status === 'signed' || query.state.dataUpdateCount > 200 ? false : 3_000),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the eTIMS receipt block failed' },
  });
}
