// Foundation suite: host-based tenant resolution and server memory, each figure beside a
// baseline measured in the same run (a bare route, raw SQL, a bare process).
//
//   1. GET /api/tenant-context with a warm resolver cache vs GET /__bench/bare, same server, same load
//   2. cold resolution (first request per host) over HTTP vs the same lookups in raw SQL
//   3. server RSS: bench server, production entry (node dist/server/main.js), bare baselines
//   4. 1–2 again on PostgreSQL when DATABASE_URL is set (a scratch database, dropped afterwards)
import type { TenantContext } from '../../../core/tenancy/tenancy.schemas';
import {
  benchSubdomain,
  DEMO_HOST,
  DEMO_SUBDOMAIN,
  range,
  unknownSubdomain,
} from '../support/bench-tenants';
import type { ChildServer } from '../support/child-server';
import { formatMb, formatMs, formatPercent, formatRatio, formatRps, formatSeconds } from '../support/format';
import { createHttpClient, type HttpClient } from '../support/http-client';
import { collectBodies, runAlternatingLoad, runLoad, type LoadResult } from '../support/load';
import { createScratchDatabase } from '../support/postgres';
import type { ProcessMemory } from '../support/process-stats';
import type { ResolutionTimings } from '../support/resolution-timing';
import {
  ensureProductionBuild,
  PRODUCTION_ENTRY,
  startBaselineProcess,
  startBenchServer,
  startProductionServer,
  type BenchServer,
} from '../support/servers';
import { summarize, type LatencySummary } from '../support/stats';
import { BenchError, goalStatus, type BenchSuite, type SummaryLine } from '../support/suite';
import { printTable } from '../support/table';

const TENANT_CONTEXT = '/api/tenant-context';
const BARE = '/__bench/bare';
const BARE_BODY = JSON.stringify({ ok: true });

const GOAL_RATIO = 0.8;
const GOAL_RSS_MB = 250;

function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new BenchError(`${name} must be a non-negative number, got "${raw}"`);
  return value;
}

// Overridable for a quick or a longer run; the defaults keep the suite near 1.5 minutes on 2 cores.
const readSettings = () => ({
  connections: envNumber('BENCH_CONNECTIONS', 10),
  warmUpSeconds: envNumber('BENCH_WARMUP_SECONDS', 2),
  durationSeconds: envNumber('BENCH_DURATION_SECONDS', 10),
  /** The measured seconds of each route are split into this many alternating rounds. */
  rounds: Math.max(1, Math.round(envNumber('BENCH_ROUNDS', 5))),
  tenants: envNumber('BENCH_TENANTS', 300),
  misses: envNumber('BENCH_MISSES', 100),
  sequentialSamples: 300,
  productionLoadSeconds: 3,
  /** Pause before reading a fresh process's RSS, so start-up garbage is not counted by chance. */
  settleMs: 1000,
});
// Read when the suite runs, so a bad variable fails the run and not `--list`.
let settings: ReturnType<typeof readSettings>;

interface ServerFigures {
  database: string;
  server: BenchServer;
  load: { tenant: LoadResult; bare: LoadResult; roundRatios: number[] };
  sequential: { bare: LatencySummary; warmHit: LatencySummary; coldHit: LatencySummary; coldMiss: LatencySummary };
  inProcess: { hit: LatencySummary; miss: LatencySummary };
  raw: { hitTwoStatements: LatencySummary; hitScoped: LatencySummary; miss: LatencySummary };
  memory: { afterStart: ProcessMemory; afterLoad: ProcessMemory };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function getTenantContext(http: HttpClient, host: string) {
  return http.getJson<TenantContext>(TENANT_CONTEXT, host);
}

/**
 * Warms the demo host's cache entry and proves the Host header reaches the server, through
 * node:http and through autocannon; returns the exact body the load run must get every time.
 */
async function verifyHostHeaderDelivery(http: HttpClient, port: number): Promise<string> {
  const first = await http.get(TENANT_CONTEXT, DEMO_HOST);
  const context = JSON.parse(first.body) as TenantContext;
  if (first.status !== 200 || context.tenant?.subdomain !== DEMO_SUBDOMAIN) {
    throw new BenchError(`GET ${TENANT_CONTEXT} with Host ${DEMO_HOST} did not answer the demo tenant: ${first.status} ${first.body}`);
  }
  const viaAutocannon = await collectBodies({ port, path: TENANT_CONTEXT, host: DEMO_HOST, amount: 20 });
  const wrong = viaAutocannon.filter((response) => response.status !== 200 || response.body !== first.body);
  if (viaAutocannon.length !== 20 || wrong.length) {
    throw new BenchError(
      `autocannon did not deliver Host ${DEMO_HOST}: ${wrong.length} of ${viaAutocannon.length} responses were not the demo tenant ` +
        `(first: ${wrong[0]?.body ?? 'none'})`,
    );
  }
  // Control: without our Host header the same request must not answer the demo tenant,
  // otherwise the check above would prove nothing.
  const control = await collectBodies({ port, path: TENANT_CONTEXT, amount: 4 });
  if (control.some((response) => response.body === first.body)) {
    throw new BenchError('Control failed: without a Host header the demo tenant was still answered');
  }
  return first.body;
}

async function measureServer(server: BenchServer, database: string): Promise<ServerFigures> {
  const http = createHttpClient(server.port);
  try {
    await sleep(settings.settleMs);
    const afterStart = server.memory();
    const tenantBody = await verifyHostHeaderDelivery(http, server.port);
    const bareResponse = await http.get(BARE);
    if (bareResponse.body !== BARE_BODY) throw new BenchError(`GET ${BARE} answered ${bareResponse.status} ${bareResponse.body}`);

    // Sequential requests on one keep-alive connection: warm the HTTP path first, then time.
    for (let i = 0; i < 100; i++) {
      await http.get(BARE);
      await getTenantContext(http, DEMO_HOST);
    }
    const bareTimes: number[] = [];
    const warmHitTimes: number[] = [];
    for (let i = 0; i < settings.sequentialSamples; i++) {
      bareTimes.push((await http.get(BARE)).ms);
      warmHitTimes.push((await getTenantContext(http, DEMO_HOST)).ms);
    }
    // Each bench host once: every request is a resolver cache miss.
    const coldHitTimes: number[] = [];
    for (const index of range(settings.tenants)) {
      const subdomain = benchSubdomain(index);
      const context = await getTenantContext(http, `${subdomain}.localhost`);
      if (context.tenant?.subdomain !== subdomain) throw new BenchError(`Host ${subdomain}.localhost resolved to ${JSON.stringify(context.tenant)}`);
      coldHitTimes.push(context.ms);
    }
    const coldMissTimes: number[] = [];
    for (const index of range(settings.misses)) {
      const host = `${unknownSubdomain(index)}.localhost`;
      const context = await getTenantContext(http, host);
      if (context.tenant !== null) throw new BenchError(`Unknown host ${host} resolved to ${context.tenant.subdomain}`);
      coldMissTimes.push(context.ms);
    }
    const inServer = await http.getJson<ResolutionTimings>('/__bench/raw-resolution');

    // Closed-loop load, the same settings for both routes; warm-ups are not counted.
    const common = { port: server.port, connections: settings.connections, serverPid: server.pid };
    const tenantLoad = { ...common, path: TENANT_CONTEXT, host: DEMO_HOST, expectBody: tenantBody };
    const bareLoad = { ...common, path: BARE, expectBody: BARE_BODY };
    await runLoad({ ...tenantLoad, durationSeconds: settings.warmUpSeconds });
    await runLoad({ ...bareLoad, durationSeconds: settings.warmUpSeconds });
    const measured = await runAlternatingLoad(
      { ...tenantLoad, durationSeconds: settings.durationSeconds, title: `${TENANT_CONTEXT} (Host ${DEMO_HOST}, cached)` },
      { ...bareLoad, durationSeconds: settings.durationSeconds, title: `${BARE} (baseline)` },
      settings.rounds,
    );
    server.assertAlive();
    const afterLoad = server.memory();

    return {
      database,
      server,
      load: { tenant: measured.a, bare: measured.b, roundRatios: measured.roundRatios },
      sequential: {
        bare: summarize(bareTimes),
        warmHit: summarize(warmHitTimes),
        coldHit: summarize(coldHitTimes),
        coldMiss: summarize(coldMissTimes),
      },
      inProcess: { hit: summarize(inServer.hits.inProcessResolver), miss: summarize(inServer.misses.inProcessResolver) },
      raw: {
        hitTwoStatements: summarize(inServer.hits.rawTwoStatements),
        hitScoped: summarize(inServer.hits.rawScoped),
        miss: summarize(inServer.misses.raw),
      },
      memory: { afterStart, afterLoad },
    };
  } finally {
    http.close();
  }
}

function printLoadFigure(figures: ServerFigures, number: string): SummaryLine {
  const { tenant, bare, roundRatios } = figures.load;
  const ratio = tenant.requestsPerSecond / bare.requestsPerSecond;
  const row = (load: LoadResult) => [
    load.title,
    formatRps(load.requestsPerSecond),
    formatMs(load.latency.p50),
    formatMs(load.latency.p97_5),
    formatMs(load.latency.p99),
    formatPercent(load.cpu.server),
    `${Math.round(load.serverMicrosecondsPerRequest)} µs`,
    formatPercent(load.cpu.loadGenerator),
  ];
  const status = goalStatus(ratio >= GOAL_RATIO);
  const notes = [
    `${settings.connections} connections; ${settings.warmUpSeconds} s warm-up per route, then ${settings.durationSeconds} s measured per route ` +
      `in ${settings.rounds} alternating rounds; every response body checked (tenant-context = the demo tenant).`,
    `Per-round ratios: ${roundRatios.map((ratio) => ratio.toFixed(2)).join(', ')} (spread shows the machine's noise).`,
    'Latency from each response\'s own timing; server CPU and µs/req from /proc (CPU time ÷ requests); loader = autocannon in this process.',
    `Tenant-context costs ${Math.round(tenant.serverMicrosecondsPerRequest - bare.serverMicrosecondsPerRequest)} µs more server CPU per request than the bare route.`,
  ];
  if (tenant.cpu.server < 0.85 || bare.cpu.server < 0.85) {
    notes.push('Server CPU under 85%: the server was not saturated (the load generator or other work on the machine took CPU); read the ratio with care.');
  }
  notes.push(
    `Bench server RSS: ${formatMb(figures.memory.afterStart.rssMb)} listening, ${formatMb(figures.memory.afterLoad.rssMb)} after this load.`,
  );
  printTable({
    title: `Figure ${number} — tenant context, warm cache, vs a bare JSON route in the same server (${figures.database})`,
    columns: ['route', 'throughput', 'p50', 'p97.5', 'p99', 'server CPU', 'server µs/req', 'loader CPU'],
    rows: [row(tenant), row(bare)],
    notes: [...notes, `GOAL tenant-context ÷ bare ≥ ${GOAL_RATIO.toFixed(2)}: ${formatRatio(ratio)} → ${status}`],
  });
  return {
    figure: `[${figures.database}] tenant-context req/s ÷ bare route`,
    value: `${formatRatio(ratio)} (${formatRps(tenant.requestsPerSecond)})`,
    baseline: `bare ${formatRps(bare.requestsPerSecond)}`,
    goal: `≥ ${GOAL_RATIO.toFixed(2)}×`,
    status,
  };
}

function printColdFigure(figures: ServerFigures, number: string): SummaryLine[] {
  const { sequential, inProcess, raw } = figures;
  const row = (label: string, summary: LatencySummary, statements: string) => [
    label,
    summary.count,
    formatMs(summary.p50),
    formatMs(summary.p95),
    formatMs(summary.max),
    statements,
  ];
  printTable({
    title: `Figure ${number} — cold tenant resolution, each host requested once, sequentially (${figures.database}, ${figures.server.ready.seededTenants + 2} tenants)`,
    columns: ['lookup', 'n', 'p50', 'p95', 'max', 'SQL statements'],
    rows: [
      row('HTTP  cold hit   bench-NNNN.localhost', sequential.coldHit, '5'),
      row('      app resolver in-process, no HTTP', inProcess.hit, '5'),
      row('      raw SQL: tenant + settings in tenant scope', raw.hitScoped, '5'),
      row('      raw SQL: tenant + settings, owner connection', raw.hitTwoStatements, '2'),
      row('HTTP  cold miss  nosuch-NNNN.localhost', sequential.coldMiss, '3'),
      row('      app resolver in-process, no HTTP', inProcess.miss, '3'),
      row('      raw SQL: subdomain, name, partial match', raw.miss, '3'),
      row('HTTP  warm hit   demo.localhost (cached)', sequential.warmHit, '0'),
      row('HTTP  floor      GET /__bench/bare', sequential.bare, '0'),
    ],
    notes: [
      'HTTP rows: node:http on one keep-alive connection. In-process and raw-SQL rows: timed inside the server process before it listened',
      '(PGlite is embedded there), same hosts, interleaved per host, after a warm-up on other hosts. Database pages are warm in all rows.',
      'App statements per lookup (counted on the driver): hit = tenant by subdomain, then begin, set_config, settings, commit;',
      'miss = by subdomain, by normalised name, by partial match.',
      `Cold hit over HTTP is ${formatMs(sequential.coldHit.p50 - raw.hitScoped.p50)} (p50) above raw SQL in tenant scope; the HTTP floor is ${formatMs(sequential.bare.p50)}.`,
    ],
  });
  return [
    {
      figure: `[${figures.database}] cold hit p50 / p95 / max`,
      value: `${formatMs(sequential.coldHit.p50)} / ${formatMs(sequential.coldHit.p95)} / ${formatMs(sequential.coldHit.max)}`,
      baseline: `raw SQL ${formatMs(raw.hitScoped.p50)} / ${formatMs(raw.hitScoped.p95)} / ${formatMs(raw.hitScoped.max)}`,
      status: 'INFO',
    },
    {
      figure: `[${figures.database}] cold miss p50 / p95 / max`,
      value: `${formatMs(sequential.coldMiss.p50)} / ${formatMs(sequential.coldMiss.p95)} / ${formatMs(sequential.coldMiss.max)}`,
      baseline: `raw SQL ${formatMs(raw.miss.p50)} / ${formatMs(raw.miss.p95)} / ${formatMs(raw.miss.max)}`,
      status: 'INFO',
    },
  ];
}

interface MemoryRow {
  label: string;
  afterStartMb: number;
  afterLoadMb?: number;
  peakMb: number;
  isGoalRow: boolean;
}

async function measureProductionAndBaselines(): Promise<{ rows: MemoryRow[]; note: string; production: MemoryRow; pgliteAlone: MemoryRow }> {
  const build = ensureProductionBuild();
  const rows: MemoryRow[] = [];

  const production = await startProductionServer({ label: `production entry (${PRODUCTION_ENTRY})` });
  let productionRow: MemoryRow;
  try {
    await sleep(settings.settleMs);
    const afterStart = production.memory();
    const http = createHttpClient(production.port);
    let expectBody: string;
    try {
      const first = await http.get(TENANT_CONTEXT, DEMO_HOST);
      if ((JSON.parse(first.body) as TenantContext).tenant?.subdomain !== DEMO_SUBDOMAIN) {
        throw new BenchError(`The production entry did not answer the demo tenant: ${first.status} ${first.body}`);
      }
      expectBody = first.body;
    } finally {
      http.close();
    }
    await runLoad({
      port: production.port,
      path: TENANT_CONTEXT,
      host: DEMO_HOST,
      connections: settings.connections,
      durationSeconds: settings.productionLoadSeconds,
      expectBody,
    });
    production.assertAlive();
    const afterLoad = production.memory();
    productionRow = {
      label: 'production entry, fresh DATA_DIR',
      afterStartMb: afterStart.rssMb,
      afterLoadMb: afterLoad.rssMb,
      peakMb: afterLoad.peakRssMb,
      isGoalRow: true,
    };
    rows.push(productionRow);
  } finally {
    await production.stop({ keepDataDir: true });
  }

  const restarted = await startProductionServer({ label: 'production entry (restart)', dataDir: production.dataDir });
  try {
    await sleep(settings.settleMs);
    const memory = restarted.memory();
    rows.push({ label: 'production entry, restart on that DATA_DIR', afterStartMb: memory.rssMb, peakMb: memory.peakRssMb, isGoalRow: true });
  } finally {
    await restarted.stop();
  }

  const measureIdle = async (label: string, start: () => Promise<ChildServer>, keepDataDir = false) => {
    const child = await start();
    try {
      await sleep(settings.settleMs);
      const memory = child.memory();
      const row: MemoryRow = { label, afterStartMb: memory.rssMb, peakMb: memory.peakRssMb, isGoalRow: false };
      rows.push(row);
      return { row, dataDir: child.dataDir };
    } finally {
      await child.stop({ keepDataDir });
    }
  };
  const pglite = await measureIdle('baseline: PGlite alone (data dir + pg_trgm), fresh', () =>
    startBaselineProcess({ label: 'PGlite baseline', kind: 'pglite' }), true);
  await measureIdle('baseline: PGlite alone, reopened', () =>
    startBaselineProcess({ label: 'PGlite baseline (reopened)', kind: 'pglite', dataDir: pglite.dataDir }));
  await measureIdle('baseline: idle node', () => startBaselineProcess({ label: 'idle node', kind: 'idle' }));
  await measureIdle('baseline: idle node + tsx loader', () =>
    startBaselineProcess({ label: 'idle node + tsx', kind: 'idle', withTsx: true }));

  const note =
    `${PRODUCTION_ENTRY} ${build.rebuilt ? 'was rebuilt (npm run build:server)' : 'was up to date'}; ` +
    `web build ${build.hasWebBuild ? 'present' : 'absent (API only; the web app is served from disk, not memory)'}. ` +
    `Production load: ${settings.productionLoadSeconds} s of ${TENANT_CONTEXT}.`;
  return { rows, note, production: productionRow, pgliteAlone: pglite.row };
}

function printMemoryFigure(bench: ServerFigures, production: Awaited<ReturnType<typeof measureProductionAndBaselines>>): SummaryLine[] {
  const benchRows: MemoryRow[] = [
    {
      label: 'bench server (tsx), after bootstrap',
      afterStartMb: bench.server.ready.rssAfterBootstrapMb,
      peakMb: Number.NaN,
      isGoalRow: false,
    },
    {
      label: `bench server (tsx), + ${bench.server.ready.seededTenants} tenants, listening`,
      afterStartMb: bench.memory.afterStart.rssMb,
      afterLoadMb: bench.memory.afterLoad.rssMb,
      peakMb: bench.memory.afterLoad.peakRssMb,
      isGoalRow: false,
    },
  ];
  const rows = [...benchRows, ...production.rows];
  const worst = (row: MemoryRow) => Math.max(row.afterStartMb, row.afterLoadMb ?? 0);
  // Without /proc (not Linux) there is no reading, and so no verdict.
  const rssStatus = (mb: number) => (Number.isFinite(mb) ? goalStatus(mb < GOAL_RSS_MB) : 'INFO');
  printTable({
    title: `Figure 3 — server memory (RSS), PGlite; goal < ${GOAL_RSS_MB} MB`,
    columns: ['process', 'after start', 'after load', 'peak (VmHWM)', `goal < ${GOAL_RSS_MB} MB`],
    rows: rows.map((row) => [
      row.label,
      formatMb(row.afterStartMb),
      row.afterLoadMb === undefined ? '–' : formatMb(row.afterLoadMb),
      Number.isNaN(row.peakMb) ? '–' : formatMb(row.peakMb),
      row.isGoalRow ? rssStatus(worst(row)) : 'baseline',
    ]),
    notes: [
      `RSS from /proc/<pid>/status ${settings.settleMs} ms after the server said it listens ("after bootstrap": process.memoryUsage() inside the bench server).`,
      production.note,
      'The bench server runs under the tsx loader and creates its database in-process (compare the idle-node baselines): for reference only.',
      'The goal applies to the production entry, which is what `npm start` runs (migrate and seed in a process of their own, then serve).',
    ],
  });
  const prod = production.production;
  return [
    {
      figure: 'RSS production entry after start / after load',
      value: `${formatMb(prod.afterStartMb)} / ${formatMb(prod.afterLoadMb ?? Number.NaN)}`,
      baseline: `PGlite alone ${formatMb(production.pgliteAlone.afterStartMb)}`,
      goal: `< ${GOAL_RSS_MB} MB`,
      status: rssStatus(worst(prod)),
    },
  ];
}

async function runOnServer(label: string, databaseUrl?: string): Promise<ServerFigures> {
  const started = performance.now();
  const server = await startBenchServer({ label: `bench server (${label})`, tenants: settings.tenants, misses: settings.misses, databaseUrl });
  console.log(
    `  ${label}: bench server up in ${formatSeconds(performance.now() - started)} ` +
      `(bootstrap ${formatSeconds(server.ready.bootstrapMs)}, ${server.ready.seededTenants} tenants seeded in ${formatSeconds(server.ready.seedMs)})`,
  );
  try {
    return await measureServer(server, label);
  } finally {
    await server.stop();
  }
}

const foundation: BenchSuite = {
  name: 'foundation',
  description: 'tenant resolution (warm and cold) and server memory, beside bare-route, raw-SQL and bare-process baselines',
  async run() {
    settings = readSettings();
    const summary: SummaryLine[] = [];

    const pglite = await runOnServer('PGlite');
    summary.push(printLoadFigure(pglite, '1'));
    summary.push(...printColdFigure(pglite, '2'));

    const memory = await measureProductionAndBaselines();
    summary.push(...printMemoryFigure(pglite, memory));

    const adminUrl = process.env.DATABASE_URL;
    if (!adminUrl) {
      console.log(
        '\n■ Figure 4 — PostgreSQL: SKIPPED, DATABASE_URL is not set. To repeat figures 1–2 on PostgreSQL (a scratch database is\n' +
          '  created there and dropped afterwards): DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- foundation',
      );
      summary.push({ figure: '[PostgreSQL] figures 1–2', value: 'skipped', baseline: 'set DATABASE_URL to run', status: 'SKIPPED' });
      return summary;
    }
    const scratch = await createScratchDatabase(adminUrl);
    try {
      console.log(`\n■ Figure 4 — PostgreSQL ${scratch.serverVersion} at ${scratch.host}, scratch database ${scratch.name} (dropped afterwards)`);
      const postgres = await runOnServer(`PostgreSQL ${scratch.serverVersion}`, scratch.url);
      summary.push(printLoadFigure(postgres, '4.1'));
      summary.push(...printColdFigure(postgres, '4.2'));
    } finally {
      await scratch.drop();
    }
    return summary;
  },
};

export default foundation;
