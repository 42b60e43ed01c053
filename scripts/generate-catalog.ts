// `npm run catalog:generate -- --tenant demo --count 100000 [--stock] [--start N]`: writes a large
// generated catalog (server/products/catalog-generator.ts) into one tenant of the app's database:
// DATA_DIR's embedded database (stop the app first: PGlite is opened by one process at a time) or
// DATABASE_URL. Without --start it continues after the tenant's last generated product, so runs add
// up. Plan limits are not applied: this is for benchmarks and load tests, not for shops.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { bootstrap } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { queryRows } from '../server/db/client';
import { GENERATED_SKU_PREFIX, generateCatalog, refreshPlannerStatistics } from '../server/products/catalog-generator';

const BATCH = 20_000;
const USAGE = 'Usage: npm run catalog:generate -- --tenant <subdomain> --count <products> [--stock] [--start <index>]';

const { values } = parseArgs({
  options: {
    tenant: { type: 'string' },
    count: { type: 'string' },
    stock: { type: 'boolean', default: false },
    start: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

if (values.help) {
  console.log(`${USAGE}\nEnvironment: DATA_DIR (embedded database, default ./data) or DATABASE_URL.`);
  process.exit(0);
}
const count = Number(values.count);
if (!values.tenant) fail('Name the tenant by its subdomain (--tenant demo).');
if (!Number.isInteger(count) || count < 1) fail('--count must be a whole number of products.');
const explicitStart = values.start === undefined ? undefined : Number(values.start);
if (explicitStart !== undefined && (!Number.isInteger(explicitStart) || explicitStart < 0)) fail('--start must be a whole number.');

// A larger buffer pool than the app's 16 MB: index pages of a growing catalog stay in memory while
// it is written (several times faster on the embedded database). PGLITE_SHARED_BUFFERS overrides it.
const deps = await bootstrap(loadConfig({ PGLITE_SHARED_BUFFERS: '256MB', ...process.env }));
const { database } = deps;
try {
  const [tenant] = await queryRows<{ id: string; name: string }>(database.platform, sql`select id, name from tenants where subdomain = ${values.tenant}`);
  if (!tenant) fail(`No tenant with the subdomain "${values.tenant}".`);
  const { startIndex, locationIds } = await database.withTenant(tenant.id, async (tx) => {
    const [last] = await queryRows<{ index: number }>(
      tx,
      sql`select coalesce(max(substr(sku, ${GENERATED_SKU_PREFIX.length + 1})::int), 0)::int as index from product_variants
          where sku ~ ${`^${GENERATED_SKU_PREFIX}[0-9]+$`}`,
    );
    const locations = await queryRows<{ id: string }>(tx, sql`select id from locations where is_active order by is_default desc, name`);
    return { startIndex: explicitStart ?? last?.index ?? 0, locationIds: locations.map((row) => row.id) };
  });

  console.log(`Generating ${count.toLocaleString('en-US')} products into ${tenant.name} (${database.driver}), from #${startIndex + 1}${values.stock ? `, with opening stock at ${locationIds.length} location(s)` : ''}…`);
  const started = performance.now();
  for (let done = 0; done < count; done += BATCH) {
    const size = Math.min(BATCH, count - done);
    await refreshPlannerStatistics(database);
    // One transaction per batch: a large run shows progress and never holds one huge transaction.
    await database.withTenant(tenant.id, (tx) => generateCatalog(tx, tenant.id, { count: size, locationIds, startIndex: startIndex + done, withStock: values.stock }));
    console.log(`  ${(done + size).toLocaleString('en-US')} / ${count.toLocaleString('en-US')}  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
  await refreshPlannerStatistics(database);
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} finally {
  await database.close();
}
