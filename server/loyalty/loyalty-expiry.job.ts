import { asc, gt, and, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { tenants } from '../db/schema/tenancy';
import type { JobDefinition } from '../jobs/job-queue';
import type { Logger } from '../logger';
import { expireLapsedPoints, readLoyaltySettings } from './loyalty-ledger';

// `loyalty.expire-points`, daily: in every shop whose programme is on with an expiry, lapsed
// points are expired first in first out (loyalty-ledger.ts expireLapsedPoints), one shop per
// transaction in that shop's scope. Idempotent: a second run the same day expires nothing more.

export const LOYALTY_EXPIRY_JOB = 'loyalty.expire-points';
const DAY_MS = 24 * 60 * 60_000;
const SHOPS_PER_BATCH = 200;

export interface ExpiryRunSummary {
  shops: number;
  customers: number;
  points: number;
}

/** Runs the expiry for every shop at `now`; one shop's failure does not stop the others. */
export async function expirePointsInAllShops(
  database: Database,
  now: Date,
  { logger, onBatch }: { logger?: Logger; onBatch?: () => Promise<void> } = {},
): Promise<ExpiryRunSummary> {
  const summary: ExpiryRunSummary = { shops: 0, customers: 0, points: 0 };
  const failures: string[] = [];
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    // Shops are platform rows; each shop's loyalty rows are read in its own scope below.
    const batch = await database.platform
      .select({ id: tenants.id })
      .from(tenants)
      .where(and(inArray(tenants.status, ['active', 'trial']), gt(tenants.id, after)))
      .orderBy(asc(tenants.id))
      .limit(SHOPS_PER_BATCH);
    if (batch.length === 0) break;
    for (const { id: tenantId } of batch) {
      try {
        const expired = await database.withTenant(tenantId, async (tx) => {
          const settings = await readLoyaltySettings(tx);
          if (!settings.isEnabled || settings.expiryMonths === 0) return null;
          return expireLapsedPoints(tx, tenantId, now);
        });
        if (!expired) continue;
        summary.shops += 1;
        summary.customers += expired.size;
        for (const points of expired.values()) summary.points += points;
      } catch (error) {
        failures.push(tenantId);
        logger?.warn({ err: error, tenantId }, 'Loyalty expiry failed for a shop');
      }
    }
    after = batch[batch.length - 1]!.id;
    await onBatch?.();
  }
  if (failures.length > 0) throw new Error(`Loyalty expiry failed in ${failures.length} shop(s); the others are done`);
  return summary;
}

export function loyaltyExpiryJob(database: Database, logger: Logger): JobDefinition {
  return {
    name: LOYALTY_EXPIRY_JOB,
    recurring: { nextRunAt: (after) => new Date(after.getTime() + DAY_MS) },
    async handler(context) {
      const summary = await expirePointsInAllShops(database, context.now, { logger, onBatch: context.extendLease });
      logger.info({ ...summary }, 'Loyalty points expired');
    },
  };
}
