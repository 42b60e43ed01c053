import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { purchaseSettingsSchema } from '../../core/purchases/purchases.schemas';
import { recordSettingsChange } from '../audit/audit-events.service';
import type { Database, TenantTx } from '../db/client';
import { businessSettings } from '../db/schema/settings';

// The purchases settings live on the shop's business settings row (made with the shop): may a
// cashier record a cash expense or a cash purchase from their open shift (docs/decisions/0019).

export type PurchaseSettings = z.infer<typeof purchaseSettingsSchema>;

/** Inside the caller's transaction, so a create checks the setting as it is when it writes. */
export async function readPurchaseSettings(tx: TenantTx): Promise<PurchaseSettings> {
  const [row] = await tx.select({ cashiersRecordCashPurchases: businessSettings.cashiersRecordCashPurchases }).from(businessSettings).limit(1);
  return { cashiersRecordCashPurchases: row?.cashiersRecordCashPurchases ?? false };
}

export function getPurchaseSettings(database: Database, tenantId: string): Promise<PurchaseSettings> {
  return database.withTenant(tenantId, readPurchaseSettings);
}

export function updatePurchaseSettings(database: Database, tenantId: string, input: PurchaseSettings, actorUserId: string): Promise<PurchaseSettings> {
  return database.withTenant(tenantId, async (tx) => {
    const before = await readPurchaseSettings(tx);
    await recordSettingsChange(tx, { tenantId, actorUserId, action: 'settings.purchases', entity: 'purchase_settings', before, after: input });
    await tx
      .update(businessSettings)
      .set({ cashiersRecordCashPurchases: input.cashiersRecordCashPurchases, updatedAt: new Date() })
      .where(eq(businessSettings.tenantId, tenantId));
    return readPurchaseSettings(tx);
  });
}
