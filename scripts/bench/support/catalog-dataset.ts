// The large-catalog dataset of the products and sales suites: the demo shop with a generated
// catalog of BENCH_CATALOG_PRODUCTS products (100,000 by default) beside other shops of their own.
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { withEan13CheckDigit } from '../../../core/products/barcode.rules';
import { queryRows, type Database, type TenantTx } from '../../../server/db/client';
import { GENERATED_BARCODE_PREFIX, generateCatalog, refreshPlannerStatistics } from '../../../server/products/catalog-generator';
import { createTenant } from '../../../server/tenancy/tenancy.service';
import { benchSubdomain, benchTenantName, range } from './bench-tenants';
import { formatSeconds } from './format';
import { BenchError } from './suite';
import { openSeededDemo } from './seeded-demo';

/** A PGlite data folder (built in memory, then written there) or a PostgreSQL database. */
export type CatalogTarget = { dataDir: string } | { url: string };

export interface CatalogDatasetSize {
  /** Products generated into the demo shop. */
  products: number;
  /** Other shops (bench-0001…), each with `tenantProducts` products. */
  tenants: number;
  tenantProducts: number;
}

export interface CatalogDataset {
  tenantId: string;
  /** The demo shop's locations, its default (main shop) first. */
  locationIds: string[];
  catalogMs: number;
  tenantsMs: number;
}

/** Generator transactions of this many products: progress shows, memory stays flat. */
const BUILD_BATCH = 20_000;

/** The barcode of the demo shop's `index`-th generated product (1-based), as printed (EAN-13). */
export const generatedBarcode = (index: number) => withEan13CheckDigit(`${GENERATED_BARCODE_PREFIX}${String(index).padStart(8, '0')}`);

/**
 * Seeds the demo data, generates the big catalog into the demo shop (opening stock at both of
 * its branches, as ledger rows) and the other shops, then does what autovacuum would after a bulk
 * load (statistics, visibility maps). PGlite builds in memory, several times faster than through
 * its file system, and is written to DATA_DIR at the end. Servers measure it afterwards with the
 * app's own database settings. No demo sales history: the seed would leave it to a background job
 * that a server started on this data would run while it is measured.
 */
export async function buildCatalogDataset(target: CatalogTarget, size: CatalogDatasetSize): Promise<CatalogDataset> {
  const { database, tenantId } = await openSeededDemo(target, { inMemoryPglite: true });
  try {
    const locationIds = await database.withTenant(tenantId, locationsOf);
    if (locationIds.length < 2) throw new BenchError('the demo shop should have two locations');

    let started = performance.now();
    for (let done = 0; done < size.products; done += BUILD_BATCH) {
      const count = Math.min(BUILD_BATCH, size.products - done);
      await refreshPlannerStatistics(database);
      await database.withTenant(tenantId, (tx) => generateCatalog(tx, tenantId, { count, startIndex: done, locationIds, withStock: true }));
      console.log(`  ${(done + count).toLocaleString('en-US')} products in the demo shop (${formatSeconds(performance.now() - started)})`);
    }
    const catalogMs = performance.now() - started;

    started = performance.now();
    await refreshPlannerStatistics(database);
    for (const index of range(size.tenants)) {
      const { id } = await createTenant(database, {
        name: benchTenantName(index),
        subdomain: benchSubdomain(index),
        status: 'active',
        settings: { currencyCode: 'KES', currencySymbol: 'KSh' },
      });
      await database.withTenant(id, async (tx) => generateCatalog(tx, id, { count: size.tenantProducts, locationIds: await locationsOf(tx), withStock: true }));
      if (index % 200 === 0 || index === size.tenants) console.log(`  ${index.toLocaleString('en-US')} other shops (${formatSeconds(performance.now() - started)})`);
    }
    const tenantsMs = performance.now() - started;
    await database.platform.execute(sql`vacuum analyze`);
    if ('dataDir' in target) await writeDataDir(database, target.dataDir);
    return { tenantId, locationIds, catalogMs, tenantsMs };
  } finally {
    await database.close();
  }
}

/** Writes an in-memory PGlite database into a data folder, where server/db/client.ts opens it. */
async function writeDataDir(database: Database, dataDir: string) {
  const memory = (database.platform as unknown as { $client: PGlite }).$client;
  const files = new PGlite(join(dataDir, 'pglite'), { loadDataDir: await memory.dumpDataDir('none'), extensions: { pg_trgm } });
  await files.waitReady;
  await files.close();
}

async function locationsOf(tx: TenantTx): Promise<string[]> {
  return (await queryRows<{ id: string }>(tx, sql`select id from locations order by is_default desc, name`)).map((row) => row.id);
}
