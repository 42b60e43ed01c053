import { and, asc, gt, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { tenants } from '../db/schema/tenancy';
import type { Logger } from '../logger';

// The walk a job over every shop makes (loyalty expiry, recurring expenses): the active and trial
// shops in id order, a batch at a time, each run on its own so one shop's failure does not stop
// the others.

const SHOPS_PER_BATCH = 200;

export interface EachShopOptions {
  /** What the job does, as its failure lines say: "Loyalty expiry failed for a shop". */
  what: string;
  logger?: Logger;
  /** After each batch (a job extends its lease here). */
  onBatch?: () => Promise<void>;
}

/** Runs `runShop` for every active or trial shop (it opens the shop's own transaction); throws at the end when any shop failed. */
export async function forEachActiveShop(database: Database, { what, logger, onBatch }: EachShopOptions, runShop: (tenantId: string) => Promise<void>): Promise<void> {
  const failures: string[] = [];
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    // Shops are platform rows; each shop's own rows are read in its scope by runShop.
    const batch = await database.platform
      .select({ id: tenants.id })
      .from(tenants)
      .where(and(inArray(tenants.status, ['active', 'trial']), gt(tenants.id, after)))
      .orderBy(asc(tenants.id))
      .limit(SHOPS_PER_BATCH);
    if (batch.length === 0) break;
    for (const { id: tenantId } of batch) {
      try {
        await runShop(tenantId);
      } catch (error) {
        failures.push(tenantId);
        logger?.warn({ err: error, tenantId }, `${what} failed for a shop`);
      }
    }
    after = batch[batch.length - 1]!.id;
    await onBatch?.();
  }
  if (failures.length > 0) throw new Error(`${what} failed in ${failures.length} shop(s); the others are done`);
}
