import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '../../core/api/api-error.schemas';
import { contactListSchema } from '../../core/contacts/contacts.schemas';
import { shiftListSchema } from '../../core/sales/sales.schemas';
import {
  goodsReceiptSchema,
  purchaseOrderListSchema,
  purchaseOrderSchema,
  purchaseOrderTextSchema,
  reorderDraftsSchema,
  reorderSuggestionsSchema,
  supplierInvoiceCheckSchema,
  type GoodsReceiptInput,
  type PurchaseListQuery,
  type PurchaseOrderInput,
} from '../../core/purchases/purchases.schemas';
import { inventoryQueryKey, PAGE_SIZE } from '../inventory/inventory.api';
import { apiRequest } from '../lib/api-client';
import { productKeys } from '../products/products.api';

// Purchase orders, reorder suggestions and receiving goods. Every key starts with 'purchases', so
// one invalidation after a change refreshes every purchases tab.

export const purchasesQueryKey = ['purchases'] as const;

const ORDERS = '/api/purchase-orders';
const orderPath = (orderId: string) => `${ORDERS}/${encodeURIComponent(orderId)}`;
const keyHeader = (idempotencyKey: string) => ({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKey });

/** `?a=1&b=…` from the defined values only. */
export function purchaseQueryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** A list's filters as the screens hold them: the page a number. */
export type PurchaseListFilters = Omit<PurchaseListQuery, 'page' | 'pageSize'> & { page: number };

export function usePurchaseOrders(query: PurchaseListFilters) {
  return useQuery({
    queryKey: ['purchases', 'orders', 'list', query],
    queryFn: ({ signal }) => apiRequest(`${ORDERS}${purchaseQueryString({ ...query, pageSize: PAGE_SIZE })}`, { schema: purchaseOrderListSchema, signal }),
    placeholderData: keepPreviousData,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the purchase orders failed' },
  });
}

export function usePurchaseOrder(orderId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['purchases', 'orders', orderId],
    queryFn: () => apiRequest(orderPath(orderId), { schema: purchaseOrderSchema }),
    enabled: enabled && orderId !== '',
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the purchase order failed' },
  });
}

/** A new draft (with its key, one per form until saved) or a draft's new contents. */
export function saveOrderRequest(body: PurchaseOrderInput, target: { orderId: string } | { idempotencyKey: string }) {
  if ('orderId' in target) return apiRequest(orderPath(target.orderId), { method: 'PUT', body, schema: purchaseOrderSchema });
  return apiRequest(ORDERS, { method: 'POST', body, schema: purchaseOrderSchema, headers: keyHeader(target.idempotencyKey) });
}

export type OrderAction = 'order' | 'cancel' | 'close';

export function orderActionRequest(orderId: string, action: OrderAction) {
  return apiRequest(`${orderPath(orderId)}/${action}`, { method: 'POST', schema: purchaseOrderSchema });
}

export function sendOrderRequest(orderId: string, body: { via: 'email' | 'print' | 'share'; email?: string | null; message?: string | null }) {
  return apiRequest(`${orderPath(orderId)}/send`, { method: 'POST', body, schema: purchaseOrderSchema });
}

export async function fetchOrderText(orderId: string): Promise<string> {
  return (await apiRequest(`${orderPath(orderId)}/text`, { schema: purchaseOrderTextSchema })).text;
}

/** The order's PDF, opened by the browser (the session cookie goes with it). */
export const orderPdfPath = (orderId: string) => `${orderPath(orderId)}/pdf`;

export interface ReorderQuery {
  locationId: string;
  coverDays: number;
}

export function useReorderSuggestions(query: ReorderQuery | null) {
  return useQuery({
    queryKey: ['purchases', 'reorder', query],
    queryFn: () => apiRequest(`${ORDERS}/reorder-suggestions${purchaseQueryString({ ...query })}`, { schema: reorderSuggestionsSchema }),
    enabled: query !== null,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the reorder suggestions failed' },
  });
}

export function createReorderDraftsRequest(body: unknown, idempotencyKey: string) {
  return apiRequest(`${ORDERS}/reorder-drafts`, { method: 'POST', body, schema: reorderDraftsSchema, headers: keyHeader(idempotencyKey) });
}

/** Receives goods; the key (one per attempt being entered, reused on a retry) makes a retry count once. */
export function createReceiptRequest(body: GoodsReceiptInput, idempotencyKey: string) {
  return apiRequest('/api/goods-receipts', { method: 'POST', body, schema: goodsReceiptSchema, headers: keyHeader(idempotencyKey) });
}

/** The receipt already carrying this supplier's invoice number, if any (the form warns as it is typed). */
export function useInvoiceCheck(supplierId: string, invoiceNumber: string) {
  const text = invoiceNumber.trim();
  return useQuery({
    queryKey: ['purchases', 'invoice-check', supplierId, text],
    queryFn: ({ signal }) =>
      apiRequest(`/api/goods-receipts/invoice-check${purchaseQueryString({ supplierId, invoiceNumber: text })}`, { schema: supplierInvoiceCheckSchema, signal }),
    enabled: supplierId !== '' && text !== '',
    select: (data) => data.receipt,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Checking the supplier invoice number failed' },
  });
}

/** Suppliers (and contacts that are both) by name, the first 100 matching `search`. */
export function useSuppliers(search: string) {
  const q = search.trim();
  return useQuery({
    queryKey: ['contacts', 'suppliers', q],
    queryFn: ({ signal }) => apiRequest(`/api/contacts${purchaseQueryString({ type: 'supplier', sort: 'name', pageSize: 100, q })}`, { schema: contactListSchema, signal }),
    placeholderData: keepPreviousData,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the suppliers failed' },
  });
}

/** The open shifts at a location: cash paid at the door comes out of one of their drawers. */
export function useOpenShifts(locationId: string) {
  return useQuery({
    queryKey: ['shifts', 'list', { status: 'open', locationId }],
    queryFn: () => apiRequest(`/api/shifts${purchaseQueryString({ status: 'open', locationId, pageSize: 100 })}`, { schema: shiftListSchema }),
    enabled: locationId !== '',
    select: (data) => data.items.filter((shift) => shift.locationId === locationId),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the open shifts failed' },
  });
}

/** After an order or a receipt: the purchases tabs, and after goods arrived the stock screens and the catalog's figures. */
export function useRefreshPurchases() {
  const queryClient = useQueryClient();
  return () => Promise.all([purchasesQueryKey, inventoryQueryKey, productKeys.all, ['contacts'], ['shifts']].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
