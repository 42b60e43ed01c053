import { sql } from 'drizzle-orm';
import { limitMessage, UNLIMITED, type LimitKey } from '../../core/billing/plan-features.rules';
import type { TenantTx } from '../db/client';
import { HttpError } from '../http/errors';
import { readSubscriptionState } from './subscription.service';

/**
 * A plan limit (locations, staff, products), checked in the transaction of the insert it guards.
 * A per-tenant, per-limit advisory lock held until commit serialises concurrent inserts, so two
 * requests racing for the last free place cannot both take it (docs/decisions/0009).
 */
export async function assertUnderPlanLimit(
  tx: TenantTx,
  tenantId: string,
  limit: LimitKey,
  countExisting: () => Promise<number>,
  options: { adding?: number; now?: Date } = {},
) {
  const adding = options.adding ?? 1;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${tenantId}:${limit}`}, 0))`);
  const { entitlements } = await readSubscriptionState(tx, options.now ?? new Date());
  const maximum = entitlements.limits[limit];
  if (maximum >= UNLIMITED) return;
  const existing = await countExisting();
  if (existing + adding > maximum) throw new HttpError('payment_required', limitMessage(limit, maximum));
}
