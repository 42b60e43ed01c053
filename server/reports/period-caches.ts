import { queryRows, type TenantTx } from '../db/client';
import { periodCacheExistsSql, periodCacheHeaderSql, periodCacheItemsSql, prunePeriodCachesSql, type PeriodCacheKey } from './report-queries';

/**
 * Makes sure the period cache a by-product report reads is there and current
 * (docs/decisions/0021-report-summaries.md): a look-up when it is, which a read-only transaction
 * can do; otherwise its sums are written once (a read request's transaction is then run again
 * read-write, docs/decisions/0018) and caches no longer read are dropped. Two requests building
 * the same cache at once write it once: the second waits on the first's header and reads its rows.
 */
export async function ensurePeriodCache(tx: TenantTx, key: PeriodCacheKey): Promise<void> {
  const [current] = await queryRows<{ exists: boolean }>(tx, periodCacheExistsSql(key));
  if (current?.exists) return;
  const [header] = await queryRows<{ id: string }>(tx, periodCacheHeaderSql(key));
  if (!header) return;
  await tx.execute(periodCacheItemsSql(key, header.id));
  await tx.execute(prunePeriodCachesSql());
}
