import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { receiptEmailResultSchema, saleActivitySchema } from '../../core/sales/sale-activity.schemas';
import { exchangeResultSchema, returnResultSchema, saleListSchema, saleSchema, type SaleListQuery } from '../../core/sales/sales.schemas';
import { apiRequest } from '../lib/api-client';

// Sales history, one sale, its activity, and what is done to a sale (e-mail, void, return). Every
// key starts with 'sales', so one invalidation after a return or a void refreshes the list and the page.

export const SALE_PAGE_SIZE = 25;
export const salePath = (saleId: string) => `/admin/sales/${encodeURIComponent(saleId)}`;
const apiSalePath = (saleId: string) => `/api/sales/${encodeURIComponent(saleId)}`;

export type SaleFilters = Partial<Omit<SaleListQuery, 'page' | 'pageSize'>>;

/** The list's query string: the filters that are set, the page and its size. */
export function saleListSearch(filters: SaleFilters, page?: number): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value !== undefined && value !== '') search.set(name, String(value));
  if (page !== undefined) {
    search.set('page', String(page));
    search.set('pageSize', String(SALE_PAGE_SIZE));
  }
  return search;
}

export function useSaleList(filters: SaleFilters, page: number) {
  return useQuery({
    queryKey: ['sales', 'list', filters, page],
    queryFn: () => apiRequest(`/api/sales?${saleListSearch(filters, page).toString()}`, { schema: saleListSchema }),
    placeholderData: keepPreviousData,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the sales failed' },
  });
}

export function useSale(saleId: string) {
  return useQuery({
    queryKey: ['sales', 'one', saleId],
    queryFn: () => apiRequest(apiSalePath(saleId), { schema: saleSchema }),
    enabled: saleId !== '',
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the sale failed' },
  });
}

/** The sale a printed receipt code names ('' asks for nothing). */
export function useSaleByReceipt(receiptCode: string) {
  return useQuery({
    queryKey: ['sales', 'by-receipt', receiptCode],
    queryFn: () => apiRequest(`/api/sales/by-receipt/${encodeURIComponent(receiptCode.toUpperCase())}`, { schema: saleSchema }),
    enabled: receiptCode !== '',
    retry: false,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the sale by its receipt failed' },
  });
}

export function useSaleActivity(saleId: string) {
  return useQuery({
    queryKey: ['sales', 'activity', saleId],
    queryFn: () => apiRequest(`${apiSalePath(saleId)}/activity`, { schema: saleActivitySchema }),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log, never shown
    meta: { errorMessage: 'Loading the sale’s activity failed' },
  });
}

export function emailReceipt(saleId: string, email: string) {
  return apiRequest(`${apiSalePath(saleId)}/email`, { method: 'POST', body: { email }, schema: receiptEmailResultSchema });
}

export function voidSale(saleId: string, reason: string) {
  return apiRequest(`${apiSalePath(saleId)}/void`, { method: 'POST', body: { reason, approvalId: null }, schema: saleSchema });
}

/** A return; its id is the return's key, so a retry after a lost answer makes no second return. */
export function createReturn(body: unknown) {
  return apiRequest('/api/sale-returns', { method: 'POST', body, schema: returnResultSchema });
}

/** An exchange (the return and the new sale); the return's id is its key, as for a return. */
export function createExchange(body: unknown, signal?: AbortSignal) {
  return apiRequest('/api/sale-exchanges', { method: 'POST', body, schema: exchangeResultSchema, ...(signal ? { signal } : {}) });
}

/** After a return or a void: the sale, the history, the shift's figures, stock and the customer's account. */
export function useRefreshSales() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(['sales', 'shifts', 'accounts', 'loyalty', 'gift-cards', 'inventory', 'products'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
}
