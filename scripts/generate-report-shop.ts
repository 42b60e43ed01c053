// `npm run reports:generate [-- --postgres] [-- --data-dir <folder>] [-- --verify]`: builds the reports' shop
// (issue 18) — the demo shop with 100,000 products, three locations and 1,000,000 sale lines over
// the last two years (scripts/bench/support/report-dataset.ts) — into the bench cache, where
// `npm run bench -- reports` finds it: a PGlite data folder (default), or with --postgres (or
// TEST_DB=postgres) a database dukani_reports_<key> on the server of DATABASE_URL. --data-dir
// writes a PGlite folder there instead (DATA_DIR=<folder> npm run dev then serves it). Sizes:
// BENCH_SALE_LINES (1,000,000), BENCH_CATALOG_PRODUCTS (100,000), BENCH_SALE_DAYS (730);
// BENCH_REBUILD=1 builds again even when the cache has it. --verify compares the summaries the
// triggers kept with their recomputation from the documents (server/reports/summaries.ts).
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  buildReportDataset,
  compareSummaries,
  openReportDatabase,
  cachedPgliteReportDataset,
  cachedPostgresReportDataset,
  readReportDatasetSize,
  type ReportDataset,
  type ReportTarget,
} from './bench/support/report-dataset';
import { formatSeconds } from './bench/support/format';

function describe(dataset: ReportDataset, where: string, cached: boolean) {
  const { build } = dataset;
  console.log(
    [
      '',
      `Report shop ${cached ? '(from the cache) ' : ''}at ${where}`,
      `  tenant ${dataset.tenantId} (demo), ${dataset.locationIds.length} locations, ${dataset.firstDay} … ${dataset.lastDay}`,
      `  ${dataset.sales.toLocaleString('en-US')} sales, ${dataset.saleLines.toLocaleString('en-US')} sale lines, ${dataset.returns.toLocaleString('en-US')} returns, ` +
        `${dataset.voids.toLocaleString('en-US')} voids, ${dataset.shifts.toLocaleString('en-US')} shifts`,
      `  summaries by ${dataset.summaries}: ${dataset.summaryRows.itemDays.toLocaleString('en-US')} item-days, ${dataset.summaryRows.saleHours.toLocaleString('en-US')} sale-hours, ` +
        `${dataset.summaryRows.tenderDays.toLocaleString('en-US')} tender-days`,
      `  built in ${formatSeconds(build.totalMs)}: catalog ${formatSeconds(build.catalogMs)}, sales ${formatSeconds(build.salesMs)}, ` +
        `summaries ${formatSeconds(build.summariesMs)}, vacuum analyze ${formatSeconds(build.analyzeMs)}`,
    ].join('\n'),
  );
}

/** --verify: the summaries the triggers kept against their recomputation from the documents. */
async function verify(target: ReportTarget, dataset: ReportDataset) {
  const started = performance.now();
  const database = await openReportDatabase(target);
  try {
    const results = await compareSummaries(database, dataset.tenantId);
    for (const result of results) {
      console.log(`  ${result.table}: ${result.stored.toLocaleString('en-US')} rows; ${result.storedOnly} only as kept, ${result.recomputedOnly} only as recomputed${result.storedOnly + result.recomputedOnly === 0 ? ' — equal' : ' — DIFFERENT'}`);
    }
    console.log(`  compared in ${formatSeconds(performance.now() - started)}`);
    if (results.some((result) => result.storedOnly + result.recomputedOnly > 0)) process.exitCode = 3;
  } finally {
    await database.close();
  }
}

async function main() {
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  const size = readReportDatasetSize();
  const dataDirAt = args.indexOf('--data-dir');
  console.log(`Report shop: ${size.saleLines.toLocaleString('en-US')} sale lines, ${size.products.toLocaleString('en-US')} products, ${size.days} days`);
  if (dataDirAt >= 0) {
    const dataDir = resolve(args[dataDirAt + 1] ?? '');
    if (!args[dataDirAt + 1]) throw new Error('--data-dir needs a folder');
    if (existsSync(dataDir) && readdirSync(dataDir).length > 0) throw new Error(`${dataDir} is not empty`);
    const dataset = await buildReportDataset({ dataDir }, size);
    describe(dataset, dataDir, false);
    if (args.includes('--verify')) await verify({ dataDir }, dataset);
    return;
  }
  if (args.includes('--postgres') || process.env.TEST_DB === 'postgres') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('--postgres needs DATABASE_URL (the server; a database of its own is created there)');
    const built = await cachedPostgresReportDataset(url, size);
    describe(built.dataset, `PostgreSQL ${built.serverVersion}, database ${built.name}`, built.cached);
    if (args.includes('--verify')) await verify({ url: built.url }, built.dataset);
    return;
  }
  const built = await cachedPgliteReportDataset(size, { copy: false });
  describe(built.dataset, built.dataDir, built.cached);
  if (args.includes('--verify')) await verify({ dataDir: built.dataDir }, built.dataset);
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
