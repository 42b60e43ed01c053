import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../tests/support/factories';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-db';
import { createLogger } from '../logger';
import { generateCatalog } from '../products/catalog-generator';
import { queryRows } from './client';
import { startEmbeddedMaintenance } from './embedded-maintenance';

// The embedded database's stand-in for autovacuum: it finds the tables that changed and brings
// their statistics up to date (on PostgreSQL too, where autovacuum would otherwise do it).
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

const productsStatistics = async () =>
  (await queryRows<{ modified: number; analyzed: boolean }>(
    database.platform,
    sql`select n_mod_since_analyze::int as modified, (last_analyze is not null or last_autoanalyze is not null) as analyzed
        from pg_stat_user_tables where relname = 'products'`,
  ))[0]!;

describe(`embedded database maintenance (${process.env.TEST_DB})`, () => {
  it('vacuums and analyzes the tables that changed enough, and leaves them once done', async () => {
    const maintenance = startEmbeddedMaintenance(database, createLogger('error'), { intervalMs: 60 * 60_000 });
    try {
      await maintenance.runOnce();
      const tenant = await createTenant(database);
      await database.withTenant(tenant.id, (tx) => generateCatalog(tx, tenant.id, { count: 600, locationIds: [] }));
      // Cumulative statistics reach the view when the writing transaction's backend reports them.
      await expect.poll(async () => (await productsStatistics()).modified, { timeout: 5000 }).toBeGreaterThanOrEqual(600);

      expect(await maintenance.runOnce()).toEqual(expect.arrayContaining(['products', 'product_variants']));
      await expect.poll(productsStatistics, { timeout: 5000 }).toMatchObject({ modified: 0, analyzed: true });
      expect(await maintenance.runOnce()).not.toContain('products');
    } finally {
      maintenance.stop();
    }
  });
});
