import { sql } from 'drizzle-orm';
import { loadConfig } from '../../../server/config';
import { openDatabase, queryRows, type Database } from '../../../server/db/client';
import { seedDatabase } from '../../../server/db/seed';
import { wireDependencies } from '../../../server/dependencies';
import { createLogger } from '../../../server/logger';
import { DEMO_SUBDOMAIN } from './bench-tenants';
import { BENCH_AUTH_SECRET, baseChildEnv } from './child-server';
import { BenchError } from './suite';

/** Where a suite's data goes: a PGlite data folder, or a PostgreSQL database. */
export type BenchTarget = { dataDir: string } | { url: string };

/**
 * A bench database migrated and seeded with the demo data, and the demo shop's id; the caller
 * closes it. No demo sales history: the seed would leave it to a background job that a server
 * started on this data would run while it is measured. `inMemoryPglite`: PGlite builds in memory
 * (a large dataset), to be written to its folder afterwards.
 */
export async function openSeededDemo(target: BenchTarget, options: { inMemoryPglite?: boolean } = {}): Promise<{ database: Database; tenantId: string }> {
  const config = loadConfig({
    ...baseChildEnv(),
    LOG_LEVEL: 'error',
    AUTH_SECRET: BENCH_AUTH_SECRET,
    SEED_DEMO: 'true',
    DEMO_SALES_DAYS: '0',
    ...('url' in target ? { DATABASE_URL: target.url } : { DATA_DIR: target.dataDir }),
  });
  const database = await openDatabase(
    'url' in target
      ? { driver: 'postgres', url: target.url }
      : options.inMemoryPglite
        ? { driver: 'pglite', sharedBuffers: '256MB' }
        : { driver: 'pglite', dataDir: target.dataDir },
  );
  try {
    await database.migrate();
    await seedDatabase(wireDependencies(config, database, createLogger(config.logLevel)));
    const [demo] = await queryRows<{ id: string }>(database.platform, sql`select id from tenants where subdomain = ${DEMO_SUBDOMAIN}`);
    if (!demo) throw new BenchError('the demo shop was not seeded');
    return { database, tenantId: demo.id };
  } catch (error) {
    await database.close();
    throw error;
  }
}
