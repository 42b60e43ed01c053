import { sql } from 'drizzle-orm';
import type { Logger } from '../logger';
import { queryRows, type Database } from './client';

/** How often the embedded database's tables are checked for changes worth a VACUUM ANALYZE. */
export const EMBEDDED_MAINTENANCE_INTERVAL_MS = 10 * 60_000;

/**
 * The tables that changed enough since their last VACUUM or ANALYZE, by PostgreSQL's own
 * autovacuum thresholds (50 rows + 10% to analyze, 50 + 20% of dead rows or 1,000 + 20% of
 * inserted rows to vacuum).
 */
const dueTablesQuery = sql`
  select schemaname as schema, relname as table from pg_stat_user_tables
  where n_mod_since_analyze > 50 + 0.1 * n_live_tup
     or n_dead_tup > 50 + 0.2 * n_live_tup
     or n_ins_since_vacuum > 1000 + 0.2 * n_live_tup
  order by relname`;

export interface EmbeddedMaintenance {
  /** Vacuums and analyzes the tables that are due; answers their names. */
  runOnce(): Promise<string[]>;
  stop(): void;
}

/**
 * Embedded PostgreSQL (PGlite) runs no autovacuum. Without it a shop whose catalog grows while the
 * app runs keeps the planner statistics of its small catalog (and search picks the wrong index),
 * and index-only scans fall back to the table as the visibility map goes stale. This does
 * autovacuum's job on a timer, one table at a time, for the tables that changed enough.
 */
export function startEmbeddedMaintenance(
  database: Database,
  logger: Logger,
  { intervalMs = EMBEDDED_MAINTENANCE_INTERVAL_MS } = {},
): EmbeddedMaintenance {
  let running: Promise<string[]> | null = null;

  async function maintain(): Promise<string[]> {
    const due = await queryRows<{ schema: string; table: string }>(database.platform, dueTablesQuery);
    for (const { schema, table } of due) {
      const started = performance.now();
      await database.platform.execute(sql`vacuum (analyze) ${sql.identifier(schema)}.${sql.identifier(table)}`);
      logger.info({ table, ms: Math.round(performance.now() - started) }, 'Vacuumed and analyzed');
    }
    return due.map((row) => row.table);
  }

  const runOnce = () => {
    running ??= maintain().finally(() => {
      running = null;
    });
    return running;
  };

  const timer = setInterval(() => {
    runOnce().catch((error: unknown) => logger.warn({ err: error }, 'Embedded database maintenance failed'));
  }, intervalMs);
  timer.unref();

  return { runOnce, stop: () => clearInterval(timer) };
}
