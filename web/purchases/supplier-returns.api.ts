import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '../../core/api/api-error.schemas';
import { supplierReturnListSchema, supplierReturnSchema, type SupplierReturnInput } from '../../core/purchases/purchases.schemas';
import { PAGE_SIZE } from '../inventory/inventory.api';
import { apiRequest } from '../lib/api-client';
import { purchaseQueryString } from './orders.api';
import type { PurchaseListParams } from './receipts.api';

// Returns to suppliers (debit notes). Keys start with 'purchases' (useRefreshPurchases).

const RETURNS = '/api/supplier-returns';

export function useSupplierReturns(query: PurchaseListParams) {
  return useQuery({
    queryKey: ['purchases', 'returns', 'list', query],
    queryFn: ({ signal }) => apiRequest(`${RETURNS}${purchaseQueryString({ pageSize: PAGE_SIZE, ...query })}`, { schema: supplierReturnListSchema, signal }),
    placeholderData: keepPreviousData,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the supplier returns failed' },
  });
}

export function useSupplierReturn(returnId: string) {
  return useQuery({
    queryKey: ['purchases', 'returns', returnId],
    queryFn: () => apiRequest(`${RETURNS}/${encodeURIComponent(returnId)}`, { schema: supplierReturnSchema }),
    enabled: returnId !== '',
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the supplier return failed' },
  });
}

/** Sends goods back; the key (one per attempt, reused on a retry) makes a retry count once. */
export function createSupplierReturnRequest(body: SupplierReturnInput, idempotencyKey: string) {
  return apiRequest(RETURNS, { method: 'POST', body, schema: supplierReturnSchema, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}
