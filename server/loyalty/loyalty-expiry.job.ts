import type { Database } from '../db/client';
import { forEachActiveShop } from '../jobs/each-shop';
import type { JobDefinition } from '../jobs/job-queue';
import type { Logger } from '../logger';
import { expireLapsedPoints, readLoyaltySettings } from './loyalty-ledger';

// `loyalty.expire-points`, daily: in every shop whose programme is on with an expiry, lapsed
// points are expired first in first out (loyalty-ledger.ts expireLapsedPoints), one shop per
// transaction in that shop's scope. Idempotent: a second run the same day expires nothing more.

export const LOYALTY_EXPIRY_JOB = 'loyalty.expire-points';
const DAY_MS = 24 * 60 * 60_000;

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
  await forEachActiveShop(database, { what: 'Loyalty expiry', logger, onBatch }, async (tenantId) => {
    const expired = await database.withTenant(tenantId, async (tx) => {
      const settings = await readLoyaltySettings(tx);
      if (!settings.isEnabled || settings.expiryMonths === 0) return null;
      return expireLapsedPoints(tx, tenantId, now);
    });
    if (!expired) return;
    summary.shops += 1;
    summary.customers += expired.size;
    for (const points of expired.values()) summary.points += points;
  });
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
