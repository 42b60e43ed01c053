import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { expiringSoonSchema, goodsReceiptListSchema, goodsReceiptSchema, type purchaseListQuerySchema } from '../../core/purchases/purchases.schemas';
import { PAGE_SIZE } from '../inventory/inventory.api';
import { apiRequest } from '../lib/api-client';
import { purchaseQueryString } from './orders.api';

// Goods receipts as the Receipts tab reads them (receiving itself is orders.api.ts's
// createReceiptRequest). Keys start with 'purchases', so useRefreshPurchases refreshes them.

const RECEIPTS = '/api/goods-receipts';

/** A purchases tab's filters, sort and page (purchaseListQuerySchema); the server's defaults fill the rest. */
export type PurchaseListParams = Partial<z.output<typeof purchaseListQuerySchema>>;

export function useGoodsReceipts(query: PurchaseListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['purchases', 'receipts', 'list', query],
    queryFn: ({ signal }) => apiRequest(`${RECEIPTS}${purchaseQueryString({ pageSize: PAGE_SIZE, ...query })}`, { schema: goodsReceiptListSchema, signal }),
    placeholderData: keepPreviousData,
    enabled,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the goods receipts failed' },
  });
}

export function useGoodsReceipt(receiptId: string) {
  return useQuery({
    queryKey: ['purchases', 'receipts', receiptId],
    queryFn: () => apiRequest(`${RECEIPTS}/${encodeURIComponent(receiptId)}`, { schema: goodsReceiptSchema }),
    enabled: receiptId !== '',
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the goods receipt failed' },
  });
}

export function useExpiringSoon(query: { days: number; locationId?: string | undefined }) {
  return useQuery({
    queryKey: ['purchases', 'receipts', 'expiring', query],
    queryFn: ({ signal }) => apiRequest(`${RECEIPTS}/expiring-soon${purchaseQueryString(query)}`, { schema: expiringSoonSchema, signal }),
    placeholderData: keepPreviousData,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a line for the developer's log (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the expiring batches failed' },
  });
}
