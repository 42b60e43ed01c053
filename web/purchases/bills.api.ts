import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '../../core/api/api-error.schemas';
import { billListSchema, billSchema, supplierPaymentSchema } from '../../core/purchases/purchases.schemas';
import { PAGE_SIZE } from '../inventory/inventory.api';
import { apiRequest } from '../lib/api-client';
import { purchaseQueryString } from './orders.api';
import type { PurchaseListParams } from './receipts.api';

// Supplier bills and the payments that settle them. Keys start with 'purchases', so
// useRefreshPurchases (orders.api.ts) refreshes them after a payment, a bill or a return.

const BILLS = '/api/supplier-bills';
const keyHeader = (idempotencyKey: string) => ({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKey });

export function useSupplierBills(query: PurchaseListParams, { enabled = true, pageSize = PAGE_SIZE }: { enabled?: boolean; pageSize?: number } = {}) {
  return useQuery({
    queryKey: ['purchases', 'bills', 'list', query, pageSize],
    queryFn: ({ signal }) => apiRequest(`${BILLS}${purchaseQueryString({ pageSize, ...query })}`, { schema: billListSchema, signal }),
    placeholderData: keepPreviousData,
    enabled,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the supplier bills failed' },
  });
}

export function useSupplierBill(billId: string) {
  return useQuery({
    queryKey: ['purchases', 'bills', billId],
    queryFn: () => apiRequest(`${BILLS}/${encodeURIComponent(billId)}`, { schema: billSchema }),
    enabled: billId !== '',
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the supplier bill failed' },
  });
}

/** A bill for services without stock; the key (one per attempt, reused on a retry) records it once. */
export function createServiceBillRequest(body: unknown, idempotencyKey: string) {
  return apiRequest(BILLS, { method: 'POST', body, schema: billSchema, headers: keyHeader(idempotencyKey) });
}

/** One payment to a supplier over several bills; the key (one per attempt) makes a retry count once. */
export function paySupplierRequest(body: unknown, idempotencyKey: string) {
  return apiRequest('/api/supplier-payments', { method: 'POST', body, schema: supplierPaymentSchema, headers: keyHeader(idempotencyKey) });
}
