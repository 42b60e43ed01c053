import { z } from 'zod';
import { localeSchema } from '../i18n/locale.rules';
import { APPROVAL_ACTIONS } from './sales.schemas';

// What a sale's page shows beside the sale itself (issue 15): the stock movements the sale, its
// returns and its void made, and the manager approvals they used.

export const saleActivitySchema = z.object({
  movements: z.array(
    z.object({
      id: z.uuid(),
      at: z.string(),
      /** 'sale', 'sale_return' or 'adjustment' (goods returned damaged, written off). */
      kind: z.string(),
      /** The document that made it: the sale, one of its returns or its void. */
      sourceType: z.enum(['sale', 'sale_return', 'sale_void']),
      documentCode: z.string().nullable(),
      productName: z.string(),
      variantName: z.string(),
      locationName: z.string(),
      quantityMilli: z.int(),
      balanceAfterMilli: z.int(),
    }),
  ),
  approvals: z.array(
    z.object({
      id: z.uuid(),
      action: z.enum(APPROVAL_ACTIONS),
      approverName: z.string().nullable(),
      requestedByName: z.string().nullable(),
      reason: z.string().nullable(),
      method: z.enum(['password', 'pin']),
      usedByType: z.string(),
      documentCode: z.string().nullable(),
      at: z.string(),
    }),
  ),
});
export type SaleActivity = z.infer<typeof saleActivitySchema>;

export const receiptEmailResultSchema = z.object({ sentTo: z.string(), language: localeSchema });
export type ReceiptEmailResult = z.infer<typeof receiptEmailResultSchema>;
