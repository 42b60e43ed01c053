// `npm run reports:rebuild -- [--tenant <subdomain>]`: recomputes the report summaries (issue 18,
// server/reports/summaries.ts) from the sale documents, for one shop or every active one, in the
// app's database: DATA_DIR's embedded database (stop the app first: PGlite is opened by one process
// at a time) or DATABASE_URL. Sales keep flowing meanwhile on a server database: each shop's
// rebuild takes the summary lock, so a sale waits for it and then adds itself.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { bootstrap } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { queryRows } from '../server/db/client';
import { forEachActiveShop } from '../server/jobs/each-shop';
import { rebuildReportSummaries } from '../server/reports/summaries';

const USAGE = 'Usage: npm run reports:rebuild -- [--tenant <subdomain>]';
const { values } = parseArgs({ options: { tenant: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } } });
if (values.help) {
  console.log(`${USAGE}\nEnvironment: DATA_DIR (embedded database, default ./data) or DATABASE_URL.`);
  process.exit(0);
}

const { database } = await bootstrap(loadConfig(process.env));
try {
  const started = performance.now();
  const rebuild = async (tenantId: string) => {
    const shopStarted = performance.now();
    await database.withTenant(tenantId, async (tx) => {
      await rebuildReportSummaries(tx);
      await tx.execute(sql`insert into report_settings (tenant_id, summaries_rebuilt_at) values (${tenantId}, now())
                           on conflict (tenant_id) do update set summaries_rebuilt_at = now(), updated_at = now()`);
    });
    console.log(`  ${tenantId}: ${((performance.now() - shopStarted) / 1000).toFixed(1)} s`);
  };
  if (values.tenant) {
    const [tenant] = await queryRows<{ id: string }>(database.platform, sql`select id from tenants where subdomain = ${values.tenant}`);
    if (!tenant) {
      console.error(`No tenant with the subdomain "${values.tenant}".\n${USAGE}`);
      process.exit(2);
    }
    await rebuild(tenant.id);
  } else {
    await forEachActiveShop(database, { what: 'Report summaries rebuild' }, rebuild);
  }
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} finally {
  await database.close();
}
