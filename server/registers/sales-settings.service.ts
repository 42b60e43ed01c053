import type { SalesSettings } from '../../core/sales/sales.schemas';
import { recordSettingsChange } from '../audit/audit-events.service';
import type { Database, TenantTx } from '../db/client';
import { salesSettings } from '../db/schema/sales';

// The shop's register rules (discount limit, over/short tolerance, return window, blind close,
// receipt width): one row per shop, made with the schema's defaults the first time it is read.

const settingsColumns = {
  discountLimitBps: salesSettings.discountLimitBps,
  overShortToleranceMinor: salesSettings.overShortToleranceMinor,
  returnWindowDays: salesSettings.returnWindowDays,
  blindClose: salesSettings.blindClose,
  receiptWidthMm: salesSettings.receiptWidthMm,
};

const toSettings = (row: Omit<SalesSettings, 'receiptWidthMm'> & { receiptWidthMm: number }): SalesSettings => ({
  ...row,
  receiptWidthMm: row.receiptWidthMm === 58 ? 58 : 80,
});

/** The shop's sales settings, inside the caller's transaction (the default row is created on first read). */
export async function readSalesSettings(tx: TenantTx, tenantId: string): Promise<SalesSettings> {
  const [existing] = await tx.select(settingsColumns).from(salesSettings).limit(1);
  if (existing) return toSettings(existing);
  // Two first reads at once: one inserts, the other's insert does nothing; both read the row.
  await tx.insert(salesSettings).values({ tenantId }).onConflictDoNothing();
  const [created] = await tx.select(settingsColumns).from(salesSettings).limit(1);
  return toSettings(created!);
}

export function getSalesSettings(database: Database, tenantId: string): Promise<SalesSettings> {
  return database.withTenant(tenantId, (tx) => readSalesSettings(tx, tenantId));
}

/** Saves the sales settings; what changed goes into the audit log (settings.sales) in the same transaction. */
export function updateSalesSettings(database: Database, tenantId: string, input: SalesSettings, actorUserId: string): Promise<SalesSettings> {
  return database.withTenant(tenantId, async (tx) => {
    const before = await readSalesSettings(tx, tenantId);
    await recordSettingsChange(tx, { tenantId, actorUserId, action: 'settings.sales', entity: 'sales_settings', before, after: input });
    await tx
      .insert(salesSettings)
      .values({ tenantId, ...input })
      .onConflictDoUpdate({ target: salesSettings.tenantId, set: { ...input, updatedAt: new Date() } });
    return readSalesSettings(tx, tenantId);
  });
}
