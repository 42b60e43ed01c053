import type { z } from 'zod';
import { upgradeMessage } from '../../core/billing/plan-features.rules';
import type { InventorySettings, inventorySettingsInputSchema } from '../../core/inventory/inventory.schemas';
import { recordSettingsChange } from '../audit/audit-events.service';
import { readSubscriptionState } from '../billing/subscription.service';
import type { Database, TenantTx } from '../db/client';
import { businessSettings } from '../db/schema/settings';
import { HttpError, notFound } from '../http/errors';

// VAT rates, the negative-stock switch and price rounding (columns of business_settings).

type InventorySettingsInput = z.output<typeof inventorySettingsInputSchema>;

const columns = {
  vatStandardBp: businessSettings.vatStandardBp,
  vatReducedBp: businessSettings.vatReducedBp,
  allowNegativeStock: businessSettings.allowNegativeStock,
  priceRoundingStep: businessSettings.priceRoundingStep,
};

async function readSettings(tx: TenantTx): Promise<InventorySettings> {
  const [row] = await tx.select(columns).from(businessSettings).limit(1);
  if (!row) throw notFound(/*i18n*/ 'Business settings not found');
  return row;
}

export function getInventorySettings(database: Database, tenantId: string): Promise<InventorySettings> {
  return database.withTenant(tenantId, readSettings);
}

/** Allowing negative stock is advanced inventory (402 without it); turning it off is always allowed. */
export function updateInventorySettings(database: Database, tenantId: string, input: InventorySettingsInput, actorUserId: string): Promise<InventorySettings> {
  return database.withTenant(tenantId, async (tx) => {
    if (input.allowNegativeStock) {
      const { entitlements } = await readSubscriptionState(tx, new Date());
      if (!entitlements.features.advanced_inventory) throw new HttpError('payment_required', upgradeMessage('advanced_inventory'));
    }
    const before = await readSettings(tx);
    await tx.update(businessSettings).set({ ...input, updatedAt: new Date() });
    await recordSettingsChange(tx, { tenantId, actorUserId, action: 'settings.inventory', entity: 'inventory_settings', before, after: { ...before, ...input } });
    return readSettings(tx);
  });
}
