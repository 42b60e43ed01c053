// `npm run bench [-- <suite>…]`: runs the benchmark suites in scripts/bench/suites/*.bench.ts and
// prints each figure beside a baseline measured in the same run (docs: "performance is measured,
// not guessed"). Exits 0 when goals are missed (they are printed as MISS), non-zero when the bench
// itself breaks. `npm run bench -- --list` lists the suites.
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { formatSeconds } from './support/format';
import { BenchError, type BenchSuite, type SummaryLine } from './support/suite';
import { renderTable } from './support/table';

const SUITES_DIR = fileURLToPath(new URL('./suites/', import.meta.url));

async function loadSuites(): Promise<BenchSuite[]> {
  const files = readdirSync(SUITES_DIR).filter((file) => file.endsWith('.bench.ts')).sort();
  const suites: BenchSuite[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(join(SUITES_DIR, file)).href)) as { default?: BenchSuite };
    if (!module.default?.name || typeof module.default.run !== 'function') {
      throw new BenchError(`${file} must export default a BenchSuite ({ name, description, run })`);
    }
    suites.push(module.default);
  }
  return suites;
}

function usage(suites: BenchSuite[]) {
  return [
    'Usage: npm run bench [-- <suite>…]   (no suite: all of them)',
    '',
    'Suites:',
    ...suites.map((suite) => `  ${suite.name.padEnd(14)} ${suite.description}`),
    '',
    'Environment: DATABASE_URL (adds a PostgreSQL run), BENCH_CONNECTIONS, BENCH_WARMUP_SECONDS,',
    'BENCH_DURATION_SECONDS, BENCH_TENANTS, BENCH_MISSES; products: BENCH_CATALOG_PRODUCTS, BENCH_CATALOG_TENANTS,',
    'BENCH_CATALOG_TENANT_PRODUCTS, BENCH_SAMPLES, BENCH_DECREMENT_SECONDS (0: none), BENCH_PRODUCTS_READS (lookup,search,page-first,page-any); contacts: BENCH_CONTACTS, BENCH_CONTACT_TENANTS,',
    'BENCH_CONTACT_TENANT_CONTACTS, BENCH_STATEMENT_ENTRIES, BENCH_PAYMENT_SECONDS; sales: BENCH_SALES_SECONDS, BENCH_REGISTER_NAVIGATIONS',
    '(0: no browser), BENCH_REGISTER_SCANS, BENCH_CATALOG_PRODUCTS; reports (suites/reports.bench.ts; TEST_DB=postgres for PostgreSQL):',
    'BENCH_SALE_LINES, BENCH_SALE_DAYS, BENCH_SAMPLES, BENCH_REPORTS (key,key…), BENCH_REBUILD=1, BENCH_CACHE_DIR.',
    'mpesa: BENCH_MPESA_DELIVERIES (new callbacks of each kind, 400); etims: BENCH_ETIMS_DOCUMENTS (queued sales, 10,000).',
  ].join('\n');
}

function renderSummary(results: { suite: BenchSuite; lines: SummaryLine[]; ms: number }[]): string {
  const rows = results.flatMap(({ suite, lines }) =>
    lines.map((line) => [`${suite.name}: ${line.figure}`, line.value, line.baseline ?? '', line.goal ?? '', line.status ?? '']),
  );
  const missed = results.flatMap(({ lines }) => lines).filter((line) => line.status === 'MISS').length;
  const timing = results.map(({ suite, ms }) => `${suite.name} ${formatSeconds(ms)}`).join(', ');
  return [
    '',
    '════════════════════════════════════════ SUMMARY ════════════════════════════════════════',
    renderTable({
      title: `Benchmarks (${timing}) on Node ${process.version}`,
      columns: ['figure', 'value', 'baseline (same run)', 'goal', 'status'],
      rows,
      align: ['left', 'right', 'left', 'left', 'left'],
      notes: [missed ? `${missed} goal(s) MISSED — see the tables above.` : 'All goals met.'],
    }),
  ].join('\n');
}

async function main(): Promise<number> {
  const suites = await loadSuites();
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  if (args.includes('--help') || args.includes('-h') || args.includes('--list')) {
    console.log(usage(suites));
    return 0;
  }
  const unknown = args.filter((arg) => !suites.some((suite) => suite.name === arg));
  if (unknown.length) {
    console.error(`Unknown suite(s): ${unknown.join(', ')}\n\n${usage(suites)}`);
    return 2;
  }
  const selected = args.length ? suites.filter((suite) => args.includes(suite.name)) : suites;

  const results: { suite: BenchSuite; lines: SummaryLine[]; ms: number }[] = [];
  for (const suite of selected) {
    console.log(`\n▶ ${suite.name}: ${suite.description}`);
    const started = performance.now();
    const lines = await suite.run();
    results.push({ suite, lines, ms: performance.now() - started });
  }
  console.log(renderSummary(results));
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // A BenchError explains itself; anything else is a bug in the bench or the app: show the stack.
    const text =
      error instanceof BenchError
        ? `The bench failed: ${error.message}`
        : `The bench crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
    console.error(`\n✖ ${text}`);
    process.exit(1);
  },
);
