import { and, eq } from 'drizzle-orm';
import type { ShopSuspension } from '../../core/platform/platform.schemas';
import type { Database } from '../db/client';
import { tenantSuspensions } from '../db/schema/platform';
import { tenants } from '../db/schema/tenancy';
import { HttpError } from '../http/errors';

// A suspended shop (issue 21, docs/platform.md): its members' requests answer `shop_suspended`
// (403) instead of "No shop at this address", and the web app shows the suspended page with the
// reason and whom to contact (GET /api/shop-suspension).

export const SHOP_SUSPENDED_MESSAGE = /*i18n*/ 'This shop has been suspended. See the reason and whom to contact on the suspended page.';

export function shopSuspendedError(): HttpError {
  return new HttpError('shop_suspended', SHOP_SUSPENDED_MESSAGE);
}

/** Whether the shop is suspended now (read live, not from the host cache). */
export async function isShopSuspended(database: Database, tenantId: string): Promise<boolean> {
  const [row] = await database.platform.select({ id: tenants.id }).from(tenants).where(and(eq(tenants.id, tenantId), eq(tenants.status, 'suspended'))).limit(1);
  return Boolean(row);
}

/** The shop's suspension as its people see it, or null while it is not suspended. */
export async function readShopSuspension(database: Database, tenantId: string): Promise<ShopSuspension['suspension']> {
  const [row] = await database.platform
    .select({ shopName: tenants.name, reason: tenantSuspensions.reason, contactEmail: tenantSuspensions.contactEmail, suspendedAt: tenantSuspensions.suspendedAt })
    .from(tenants)
    .innerJoin(tenantSuspensions, eq(tenantSuspensions.tenantId, tenants.id))
    .where(and(eq(tenants.id, tenantId), eq(tenants.status, 'suspended')))
    .limit(1);
  return row ? { ...row, suspendedAt: row.suspendedAt.toISOString() } : null;
}
