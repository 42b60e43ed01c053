// Products suite (issue "Products and inventory"): one shop with 100,000 products beside 1,000
// other shops of 100 each, every hot catalog read timed through the API next to the same query
// functions (server/products/product-list.query.ts) run directly on the same database, and stock
// decrements by 8 concurrent clients through the stock ledger next to the bare conditional UPDATE
// + INSERT. Figures P1.x on PGlite, P2.x on PostgreSQL when DATABASE_URL is set (a scratch
// database, dropped afterwards): .1 the dataset build, .2 catalog reads, .3 stock decrements.
import { rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { sql, type SQL } from 'drizzle-orm';
import { productListQuerySchema } from '../../../core/products/products.schemas';
import { openDatabase, queryRows, type Database, type TenantTx } from '../../../server/db/client';
import { recordMovements } from '../../../server/inventory/stock-ledger';
import { GENERATED_BRANDS, GENERATED_ITEM_WORDS } from '../../../server/products/catalog-generator';
import { listProducts, lookupCode } from '../../../server/products/product-list.query';
import { DEMO_HOST } from '../support/bench-tenants';
import { buildCatalogDataset, generatedBarcode, type CatalogDataset, type CatalogTarget } from '../support/catalog-dataset';
import { createTempDataDir } from '../support/child-server';
import { envNumber } from '../support/env';
import { formatMs, formatRatio, formatRps, formatSeconds } from '../support/format';
import { createHttpClient } from '../support/http-client';
import { runLoad, type LoadResult } from '../support/load';
import { createScratchDatabase } from '../support/postgres';
import { signInCookie } from '../support/sign-in';
import { startBenchServer, type BenchServer } from '../support/servers';
import { summarize, type LatencySummary } from '../support/stats';
import { BenchError, goalStatus, type BenchSuite, type SummaryLine } from '../support/suite';
import { printTable } from '../support/table';

const GOALS = {
  lookupP95Ms: 5,
  /** What a tenant request adds to its own query (issue 15): the lookup through the API ÷ the same query run directly, at p95. */
  lookupApiOverDirectP95: 1.5,
  searchP95Ms: 30,
  pageP95Ms: 30,
  ledgerShareOfRaw: 0.5,
};

const readSettings = () => ({
  products: envNumber('BENCH_CATALOG_PRODUCTS', 100_000),
  tenants: envNumber('BENCH_CATALOG_TENANTS', 1_000),
  tenantProducts: envNumber('BENCH_CATALOG_TENANT_PRODUCTS', 100),
  /** Sequential requests (and direct calls) timed per read, after a warm-up. */
  samples: envNumber('BENCH_SAMPLES', 400),
  warmUp: 40,
  /**
   * API requests sent before timing each read: a server just started still compiles its hot code
   * and fills its connection pool for its first few hundred requests; a shop's server has done so.
   */
  apiWarmUp: 200,
  connections: envNumber('BENCH_CONNECTIONS', 8),
  loadSeconds: envNumber('BENCH_DURATION_SECONDS', 5),
  writers: 8,
  decrementSeconds: envNumber('BENCH_DECREMENT_SECONDS', 6),
  /** The decrement seconds of each path are split into this many alternating rounds. */
  rounds: 3,
  /** Decrements pick among this many products, like 8 tills selling across a shop's range. */
  hotVariants: 200,
  /**
   * Which catalog reads to time, by name (`lookup,search,page-first,page-any`; all by default), e.g.
   * BENCH_PRODUCTS_READS=lookup BENCH_DECREMENT_SECONDS=0 for the cost of a tenant request alone.
   */
  reads: (process.env.BENCH_PRODUCTS_READS ?? '').split(',').map((name) => name.trim()).filter(Boolean),
});
let settings: ReturnType<typeof readSettings>;

// ---------------------------------------------------------------- P2 catalog reads

type Params = Record<string, string>;

interface ReadFigure {
  /** Its name in BENCH_PRODUCTS_READS. */
  key: 'lookup' | 'search' | 'page-first' | 'page-any';
  label: string;
  /** Its name in the summary. */
  name: string;
  route: '/api/products' | '/api/products/lookup';
  goalP95Ms: number;
  /** A goal on API p95 ÷ direct p95, when the figure has one. */
  goalRatioP95?: number;
  params(): Params;
  /**
   * The same query timed inside the API server between API requests (GET /__bench/direct-lookup):
   * the baseline of the API ÷ direct ratio, taken under the same load as the API figure.
   */
  interleavedDirect?: (tenantId: string, inputs: Params[]) => string;
  /** What the route's handler runs inside its tenant transaction. */
  direct(tx: TenantTx, tenantId: string, params: Params): Promise<unknown>;
}

const randomInt = (max: number) => 1 + Math.floor(Math.random() * max);
/** Words of generated names: item words (each in 1–3% of names) and brands (about 6%). */
const SEARCH_WORDS = [
  ...GENERATED_ITEM_WORDS.filter((_, index) => index % 5 === 0).map((item) => item.split(' ').at(-1)!.toLowerCase()),
  ...GENERATED_BRANDS.slice(0, 3).map((brand) => brand.toLowerCase()),
];

const readFigures = (): ReadFigure[] => allReadFigures().filter((figure) => !settings.reads.length || settings.reads.includes(figure.key));

const allReadFigures = (): ReadFigure[] => [
  {
    key: 'lookup',
    label: 'exact barcode lookup  GET /api/products/lookup?code=…',
    name: 'barcode lookup',
    route: '/api/products/lookup',
    goalP95Ms: GOALS.lookupP95Ms,
    goalRatioP95: GOALS.lookupApiOverDirectP95,
    interleavedDirect: (tenantId, inputs) => `/__bench/direct-lookup?${new URLSearchParams({ tenant: tenantId, codes: inputs.map((input) => input.code!).join(',') }).toString()}`,
    params: () => ({ code: generatedBarcode(randomInt(settings.products)) }),
    direct: (tx, tenantId, params) => lookupCode(tx, tenantId, params.code!),
  },
  {
    key: 'search',
    label: 'name search, page 1  GET /api/products?search=<word>',
    name: 'name search',
    route: '/api/products',
    goalP95Ms: GOALS.searchP95Ms,
    params: () => ({ search: SEARCH_WORDS[randomInt(SEARCH_WORDS.length) - 1]! }),
    direct: (tx, tenantId, params) => listProducts(tx, tenantId, productListQuerySchema.parse(params)),
  },
  {
    key: 'page-first',
    label: 'list page (first 1,000 products)  GET /api/products?page=N&pageSize=25',
    name: 'list page, first 40',
    route: '/api/products',
    goalP95Ms: GOALS.pageP95Ms,
    params: () => ({ page: String(randomInt(40)), pageSize: '25' }),
    direct: (tx, tenantId, params) => listProducts(tx, tenantId, productListQuerySchema.parse(params)),
  },
  {
    key: 'page-any',
    label: 'list page (any of all)  GET /api/products?page=N&pageSize=25',
    name: 'list page, any',
    route: '/api/products',
    goalP95Ms: GOALS.pageP95Ms,
    params: () => ({ page: String(randomInt(Math.ceil(settings.products / 25))), pageSize: '25' }),
    direct: (tx, tenantId, params) => listProducts(tx, tenantId, productListQuerySchema.parse(params)),
  },
];

const pathOf = (figure: ReadFigure, params: Params) => `${figure.route}?${new URLSearchParams(params).toString()}`;

interface DirectFigures {
  latency: LatencySummary;
  perSecond: number;
  /** EXPLAIN (ANALYZE, BUFFERS) of each statement, for one sample input: printed when a goal is missed. */
  plans: string[];
  planInput: Params;
}

async function timeDirect(database: Database, tenantId: string, figure: ReadFigure): Promise<DirectFigures> {
  const once = async () => {
    const params = figure.params();
    const started = performance.now();
    await database.withTenant(tenantId, (tx) => figure.direct(tx, tenantId, params));
    return performance.now() - started;
  };
  for (let i = 0; i < settings.warmUp; i += 1) await once();
  const samples: number[] = [];
  const started = performance.now();
  for (let i = 0; i < settings.samples; i += 1) samples.push(await once());
  const perSecond = (samples.length * 1000) / (performance.now() - started);
  const planInput = figure.params();
  return { latency: summarize(samples), perSecond, plans: await explainStatements(database, tenantId, (tx) => figure.direct(tx, tenantId, planInput)), planInput };
}

/** Runs a query function with its tx.execute calls recorded, then each statement again under EXPLAIN ANALYZE. */
async function explainStatements(database: Database, tenantId: string, run: (tx: TenantTx) => Promise<unknown>): Promise<string[]> {
  return database.withTenant(tenantId, async (tx) => {
    const statements: SQL[] = [];
    const recorder = new Proxy(tx, {
      get: (target, property, receiver) =>
        property === 'execute'
          ? (query: SQL) => {
              statements.push(query);
              return target.execute(query);
            }
          : Reflect.get(target, property, receiver),
    });
    await run(recorder);
    const plans: string[] = [];
    for (const statement of statements) {
      const rows = await queryRows<Record<string, string>>(tx, sql`explain (analyze, buffers) ${statement}`);
      plans.push(rows.map((row) => Object.values(row)[0]).join('\n'));
    }
    return plans;
  });
}

interface ApiFigures {
  latency: LatencySummary;
  load: LoadResult;
  /** The direct query timed in the server between batches of these requests, when the figure has one. */
  interleavedDirect: LatencySummary | null;
}

/** API requests and the direct query alternate in batches of this many. */
const INTERLEAVE_BATCH = 20;

/** A cheap tenant route: what any tenant API request costs (session, membership, plan gate) before its own query. */
const FLOOR_PATH = '/api/settings/business';
/** A JSON route with no session and no query, through the same middleware: what HTTP and the app cost alone. */
const BARE_PATH = '/__bench/bare';

async function timeApi(
  server: BenchServer,
  cookie: string,
  nextPath: () => string,
  interleaved?: { nextParams: () => Params; pathOf: (params: Params) => string; directPath: (inputs: Params[]) => string },
): Promise<ApiFigures> {
  const http = createHttpClient(server.port, { cookie });
  try {
    const once = async () => (await http.getJson<object>(nextPath(), DEMO_HOST)).ms;
    for (let i = 0; i < settings.apiWarmUp; i += 1) await once();
    const samples: number[] = [];
    const directSamples: number[] = [];
    if (interleaved) {
      // The same inputs both ways, batch by batch: a burst of load on the machine lands on both.
      const direct = async (inputs: Params[]) => (await http.getJson<{ durations: number[] }>(interleaved.directPath(inputs), DEMO_HOST)).durations;
      await direct(Array.from({ length: INTERLEAVE_BATCH * 2 }, interleaved.nextParams));
      while (samples.length < settings.samples) {
        const inputs = Array.from({ length: INTERLEAVE_BATCH }, interleaved.nextParams);
        for (const input of inputs) samples.push((await http.getJson<object>(interleaved.pathOf(input), DEMO_HOST)).ms);
        directSamples.push(...(await direct(inputs)));
      }
    } else {
      for (let i = 0; i < settings.samples; i += 1) samples.push(await once());
    }
    const load = await runLoad({
      port: server.port,
      path: nextPath(),
      perRequestPath: nextPath,
      host: DEMO_HOST,
      headers: { cookie },
      connections: settings.connections,
      durationSeconds: settings.loadSeconds,
      serverPid: server.pid,
    });
    server.assertAlive();
    return { latency: summarize(samples), load, interleavedDirect: interleaved ? summarize(directSamples) : null };
  } finally {
    http.close();
  }
}

// ---------------------------------------------------------------- P3 stock decrements

interface WriterRun {
  operations: number;
  seconds: number;
  latencies: number[];
}

interface DecrementFigures {
  ledger: { perSecond: number; latency: LatencySummary };
  raw: { perSecond: number; latency: LatencySummary };
  roundRatios: number[];
}

/** `writers` concurrent clients repeating `operation` for `ms`; every operation's duration. */
async function runWriters(writers: number, ms: number, operation: () => Promise<unknown>): Promise<WriterRun> {
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + ms;
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (performance.now() < deadline) {
        const begun = performance.now();
        await operation();
        latencies.push(performance.now() - begun);
      }
    }),
  );
  return { operations: latencies.length, seconds: (performance.now() - started) / 1000, latencies };
}

async function measureDecrements(database: Database, tenantId: string, locationId: string): Promise<DecrementFigures> {
  const variantIds = await database.withTenant(tenantId, async (tx) => {
    const rows = await queryRows<{ id: string }>(tx, sql`select id from product_variants where sku like 'GEN-%' order by random() limit ${settings.hotVariants}`);
    const ids = rows.map((row) => row.id);
    // Enough stock that no decrement in the run is refused (a receipt, through the ledger).
    await recordMovements(
      tx,
      { tenantId, userId: null, allowNegative: false },
      ids.map((variantId) => ({ variantId, locationId, kind: 'purchase_receipt' as const, quantityMilli: 100_000_000, sourceType: 'purchase', sourceId: null })),
    );
    return ids;
  });
  const pick = () => variantIds[Math.floor(Math.random() * variantIds.length)]!;
  const ledger = () =>
    database.withTenant(tenantId, (tx) =>
      recordMovements(tx, { tenantId, userId: null, allowNegative: false }, [
        { variantId: pick(), locationId, kind: 'sale', quantityMilli: -1000, sourceType: 'sale', sourceId: null },
      ]),
    );
  // The least a correct decrement needs: the guarded UPDATE and its ledger row, in one transaction.
  const raw = () =>
    database.withTenant(tenantId, async (tx) => {
      const variantId = pick();
      const [level] = await queryRows<{ on_hand: string }>(
        tx,
        sql`update stock_levels set on_hand = on_hand - 1, updated_at = now()
            where tenant_id = ${tenantId} and variant_id = ${variantId} and location_id = ${locationId} and on_hand >= 1
            returning on_hand::text`,
      );
      if (!level) throw new BenchError('a raw decrement found no stock');
      await tx.execute(sql`insert into stock_movements (tenant_id, variant_id, location_id, kind, quantity, balance_after, source_type)
        values (${tenantId}, ${variantId}, ${locationId}, 'sale', -1, ${level.on_hand}::numeric, 'sale')`);
    });

  await runWriters(settings.writers, 1000, ledger);
  await runWriters(settings.writers, 1000, raw);
  const runs = { ledger: [] as WriterRun[], raw: [] as WriterRun[] };
  const roundRatios: number[] = [];
  const roundMs = (settings.decrementSeconds * 1000) / settings.rounds;
  for (let round = 0; round < settings.rounds; round += 1) {
    const order = round % 2 === 0 ? (['ledger', 'raw'] as const) : (['raw', 'ledger'] as const);
    for (const path of order) runs[path].push(await runWriters(settings.writers, roundMs, path === 'ledger' ? ledger : raw));
    const rate = (run: WriterRun) => run.operations / run.seconds;
    roundRatios.push(rate(runs.ledger.at(-1)!) / rate(runs.raw.at(-1)!));
  }
  await assertLedgerWhole(database, tenantId, variantIds);
  const total = (list: WriterRun[]) => ({
    perSecond: list.reduce((sum, run) => sum + run.operations, 0) / list.reduce((sum, run) => sum + run.seconds, 0),
    latency: summarize(list.flatMap((run) => run.latencies)),
  });
  return { ledger: total(runs.ledger), raw: total(runs.raw), roundRatios };
}

/** Both paths must leave on hand = Σ movements and nothing below zero, or the figures mean nothing. */
async function assertLedgerWhole(database: Database, tenantId: string, variantIds: string[]) {
  const [check] = await database.withTenant(tenantId, (tx) =>
    queryRows<{ mismatched: number; negative: number }>(
      tx,
      sql`select count(*) filter (where s.on_hand <> m.total)::int as mismatched, count(*) filter (where s.on_hand < 0)::int as negative
          from stock_levels s
          join (select variant_id, location_id, sum(quantity) as total from stock_movements
                where variant_id in (select unnest(${`{${variantIds.join(',')}}`}::uuid[])) group by 1, 2) m
            on m.variant_id = s.variant_id and m.location_id = s.location_id`,
    ),
  );
  if (!check || check.mismatched || check.negative) {
    throw new BenchError(`after the decrements, ${check?.mismatched} stock levels differ from their ledger and ${check?.negative} are negative`);
  }
}

// ---------------------------------------------------------------- a run on one database

interface DriverFigures {
  database: string;
  dataset: CatalogDataset;
  reads: { figure: ReadFigure; api: ApiFigures; direct: DirectFigures }[];
  floor: ApiFigures;
  bare: ApiFigures;
  /** Null when BENCH_DECREMENT_SECONDS=0. */
  decrements: DecrementFigures | null;
  /** The machine's 1-minute load average at the end of each timing phase (the bench shares its CPUs with whatever else runs). */
  loadAverage: { direct: string; api: string };
}

const loadAverageNow = () => loadavg()[0]!.toFixed(2);

async function runOnDatabase(label: string, target: CatalogTarget): Promise<DriverFigures> {
  console.log(`\n  ${label}: building the dataset…`);
  const dataset = await buildCatalogDataset(target, settings);

  // Measured with the app's own database settings (16 MB PGlite buffers, a pool of 10).
  const database = await openDatabase('url' in target ? { driver: 'postgres', url: target.url } : { driver: 'pglite', dataDir: target.dataDir });
  const figures = readFigures();
  const direct: DirectFigures[] = [];
  let decrements: DecrementFigures | null = null;
  let directLoad: string;
  try {
    console.log(`  ${label}: timing the queries directly, then stock decrements…`);
    for (const figure of figures) direct.push(await timeDirect(database, dataset.tenantId, figure));
    directLoad = loadAverageNow();
    if (settings.decrementSeconds > 0) decrements = await measureDecrements(database, dataset.tenantId, dataset.locationIds[0]!);
  } finally {
    await database.close();
  }

  console.log(`  ${label}: timing the API…`);
  const server = await startBenchServer({
    label: `bench server (products, ${label})`,
    tenants: 0,
    misses: 0,
    env: { TRUST_PROXY: 'true' },
    ...('url' in target ? { databaseUrl: target.url } : { dataDir: target.dataDir }),
  });
  try {
    const cookie = await signInCookie(server.port, { host: DEMO_HOST, email: 'owner@demo.test', clientAddress: '198.18.0.5' });
    const reads = [];
    for (const [index, figure] of figures.entries()) {
      const { interleavedDirect } = figure;
      const api = await timeApi(
        server,
        cookie,
        () => pathOf(figure, figure.params()),
        interleavedDirect && {
          nextParams: () => figure.params(),
          pathOf: (params) => pathOf(figure, params),
          directPath: (inputs) => interleavedDirect(dataset.tenantId, inputs),
        },
      );
      reads.push({ figure, api, direct: direct[index]! });
    }
    const floor = await timeApi(server, cookie, () => FLOOR_PATH);
    const bare = await timeApi(server, cookie, () => BARE_PATH);
    return { database: label, dataset, reads, floor, bare, decrements, loadAverage: { direct: directLoad, api: loadAverageNow() } };
  } finally {
    await server.stop();
  }
}

// ---------------------------------------------------------------- report

const perSecond = (rate: number, unit: string) => `${Math.round(rate).toLocaleString('en-US')} ${unit}`;

function report(run: DriverFigures, prefix: string): SummaryLine[] {
  const { dataset } = run;
  printTable({
    title: `Figure ${prefix}.1 — dataset (${run.database}), written by the set-based generator`,
    columns: ['what', 'time'],
    rows: [
      [`${settings.products.toLocaleString('en-US')} products in the demo shop, opening stock at 2 locations as ledger rows`, formatSeconds(dataset.catalogMs)],
      [`${settings.tenants.toLocaleString('en-US')} other shops (createTenant) × ${settings.tenantProducts} products with stock`, formatSeconds(dataset.tenantsMs)],
    ],
    notes: [
      `Then VACUUM ANALYZE, as autovacuum would after a bulk load${run.database.startsWith('PGlite') ? '; PGlite builds in memory and the database is then written to its data folder' : ''}.`,
    ],
  });

  // The baseline beside the API figure: the direct query timed between its requests when the figure has that, else the separate run.
  const directLatency = (api: ApiFigures, direct: DirectFigures) => api.interleavedDirect ?? direct.latency;
  const ratioP95 = (api: ApiFigures, direct: DirectFigures) => api.latency.p95 / directLatency(api, direct).p95;
  const ratioMet = (figure: ReadFigure, ratio: number) => figure.goalRatioP95 === undefined || ratio <= figure.goalRatioP95;
  printTable({
    title: `Figure ${prefix}.2 — catalog reads in the ${settings.products.toLocaleString('en-US')}-product shop (${run.database}): through the API vs the same query function run directly`,
    columns: [
      'read',
      'API p50',
      'API p95',
      'API p99',
      'direct p50',
      'direct p95',
      'direct p99',
      'API ÷ direct (p95)',
      `API req/s (${settings.connections} conn.)`,
      'direct q/s',
      'goal',
      'status',
    ],
    rows: run.reads
      .map(({ figure, api, direct }) => {
        const ratio = ratioP95(api, direct);
        return [
          figure.label,
          formatMs(api.latency.p50),
          formatMs(api.latency.p95),
          formatMs(api.latency.p99),
          formatMs(directLatency(api, direct).p50),
          formatMs(directLatency(api, direct).p95),
          formatMs(directLatency(api, direct).p99),
          formatRatio(ratio),
          formatRps(api.load.requestsPerSecond),
          perSecond(direct.perSecond, 'q/s'),
          `API p95 < ${figure.goalP95Ms} ms${figure.goalRatioP95 === undefined ? '' : `, ≤ ${figure.goalRatioP95}× direct`}`,
          goalStatus(api.latency.p95 < figure.goalP95Ms && ratioMet(figure, ratio)),
        ];
      })
      .concat(
        (
          [
            [`floor: GET ${FLOOR_PATH} (one-row read)`, run.floor],
            [`HTTP floor: GET ${BARE_PATH} (no session, no query)`, run.bare],
          ] as [string, ApiFigures][]
        ).map(([label, figures]) => [
          label,
          formatMs(figures.latency.p50),
          formatMs(figures.latency.p95),
          formatMs(figures.latency.p99),
          '–',
          '–',
          '–',
          '–',
          formatRps(figures.load.requestsPerSecond),
          '–',
          '',
          'INFO',
        ]),
      ),
    align: ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'left', 'left'],
    notes: [
      `p50/p95/p99: ${settings.samples} sequential requests each on one keep-alive connection (signed in as the demo owner), random inputs, after ${settings.apiWarmUp} untimed ones; req/s: autocannon, ${settings.connections} connections, ${settings.loadSeconds} s.`,
      "direct: the route handler's own query function (lookupCode / listProducts) in a withTenant transaction on the same database, same inputs, one client.",
      `The barcode lookup's direct figures are taken inside the API server, in batches of ${INTERLEAVE_BATCH} between batches of API requests with the same codes, so both see the same load; the others' before the server starts.`,
      'API ÷ direct: what the request itself costs (HTTP, session, guard, transaction set-up) beside its query; the barcode lookup\'s goal is ≤ 1.5× (issue 15).',
      'floor: a tenant route with a one-row query — the session, membership and plan checks every tenant request pays before its own query.',
      'HTTP floor: a bench-only JSON route through the same middleware (request id, log line, security headers) with no session and no query: HTTP and the app alone.',
      `Load average (1 min) while timing: direct ${run.loadAverage.direct}, API ${run.loadAverage.api} on ${cpus().length} CPUs.`,
      `Search words (generated names): ${SEARCH_WORDS.join(', ')}. Lookups: random generated barcodes. Pages: uniform over all ${Math.ceil(settings.products / 25).toLocaleString('en-US')}.`,
    ],
  });
  for (const { figure, api, direct } of run.reads) {
    if (api.latency.p95 < figure.goalP95Ms) continue;
    console.log(`\n  ✖ ${figure.label}: API p95 ${formatMs(api.latency.p95)} misses < ${figure.goalP95Ms} ms. Its statements for ${JSON.stringify(direct.planInput)}:`);
    direct.plans.forEach((plan, index) => console.log(`\n  — statement ${index + 1}, EXPLAIN (ANALYZE, BUFFERS):\n${plan.replace(/^/gm, '    ')}`));
  }

  const tag = `[${run.database}]`;
  const summary: SummaryLine[] = run.reads.flatMap(({ figure, api, direct }) => {
    const lines: SummaryLine[] = [
      {
        figure: `${tag} ${figure.name} p95 (API)`,
        value: formatMs(api.latency.p95),
        baseline: `direct ${formatMs(directLatency(api, direct).p95)}; API ${formatRps(api.load.requestsPerSecond)}`,
        goal: `< ${figure.goalP95Ms} ms`,
        status: goalStatus(api.latency.p95 < figure.goalP95Ms),
      },
    ];
    if (figure.goalRatioP95 !== undefined) {
      const ratio = ratioP95(api, direct);
      lines.push({
        figure: `${tag} ${figure.name}, API ÷ direct (p95)`,
        value: formatRatio(ratio),
        baseline: `API ${formatMs(api.latency.p50)}/${formatMs(api.latency.p95)}/${formatMs(api.latency.p99)}, direct ${formatMs(directLatency(api, direct).p50)}/${formatMs(directLatency(api, direct).p95)}/${formatMs(directLatency(api, direct).p99)} (p50/p95/p99)`,
        goal: `≤ ${figure.goalRatioP95}×`,
        status: goalStatus(ratio <= figure.goalRatioP95),
      });
    }
    return lines;
  });
  if (!run.decrements) return summary;

  const { ledger, raw, roundRatios } = run.decrements;
  const share = ledger.perSecond / raw.perSecond;
  printTable({
    title: `Figure ${prefix}.3 — stock decrements, ${settings.writers} concurrent clients, −1 each (${run.database})`,
    columns: ['path', 'decrements/s', 'p50', 'p95'],
    rows: [
      ['ledger: recordMovements (kind sale) in a withTenant transaction', perSecond(ledger.perSecond, '/s'), formatMs(ledger.latency.p50), formatMs(ledger.latency.p95)],
      ['raw: UPDATE stock_levels … WHERE on_hand >= 1 + INSERT stock_movements, one transaction', perSecond(raw.perSecond, '/s'), formatMs(raw.latency.p50), formatMs(raw.latency.p95)],
    ],
    notes: [
      `ledger ÷ raw: ${formatRatio(share)} (goal ≥ ${GOALS.ledgerShareOfRaw}); per round: ${roundRatios.map((ratio) => ratio.toFixed(2)).join(', ')}.`,
      `Random picks among ${settings.hotVariants} products at one location; ${settings.rounds} alternating rounds; afterwards on hand = Σ movements and nothing negative (checked).`,
      run.database.startsWith('PGlite') ? 'PGlite is one connection in one process: the 8 clients take turns, so this is the cost per decrement, not contention.' : 'Both paths run in a withTenant transaction (RLS on), so the difference is what the ledger service adds.',
    ],
  });
  return [
    ...summary,
    {
      figure: `${tag} stock decrements, ledger ÷ raw (${settings.writers} clients)`,
      value: `${Math.round(ledger.perSecond)}/s (${formatRatio(share)})`,
      baseline: `raw ${Math.round(raw.perSecond)}/s`,
      goal: `≥ ${GOALS.ledgerShareOfRaw}×`,
      status: goalStatus(share >= GOALS.ledgerShareOfRaw),
    },
  ];
}

const products: BenchSuite = {
  name: 'products',
  description: '100,000-product catalog + 1,000 shops: barcode lookup, search, list pages (API vs direct SQL); ledger vs raw stock decrements',
  async run() {
    settings = readSettings();
    const summary: SummaryLine[] = [];
    const dataDir = createTempDataDir('products');
    try {
      summary.push(...report(await runOnDatabase('PGlite', { dataDir }), 'P1'));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }

    const adminUrl = process.env.DATABASE_URL;
    if (!adminUrl) {
      console.log(
        '\n■ Figure P2 — PostgreSQL: SKIPPED, DATABASE_URL is not set. To run the suite on PostgreSQL too (a scratch database is\n' +
          '  created there and dropped afterwards): DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- products',
      );
      summary.push({ figure: '[PostgreSQL] products', value: 'skipped', baseline: 'set DATABASE_URL to run', status: 'SKIPPED' });
      return summary;
    }
    const scratch = await createScratchDatabase(adminUrl);
    try {
      const postgres = await runOnDatabase(`PostgreSQL ${scratch.serverVersion}`, { url: scratch.url });
      summary.push(...report(postgres, 'P2'));
    } finally {
      await scratch.drop();
    }
    return summary;
  },
};

export default products;
