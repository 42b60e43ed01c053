// Reports suite (issue 18): the reports and the dashboard of a shop with 1,000,000 sale lines over
// two years (support/report-dataset.ts: 100,000 products, three locations, returns, voids; built
// once into the bench cache by `npm run reports:generate` or by this suite). Each report for the
// last 365 days through the API — a signed-in owner over loopback HTTP: session, tenant guard,
// plan check, the report's SQL, JSON — beside the same SQL (server/reports/report-queries.ts
// reportSql) run raw in a tenant transaction, interleaved one request at a time in the same run;
// the dashboard for the last day and the last 30 days likewise (its raw queries when exported).
// In-process app on PGlite (default), on PostgreSQL with TEST_DB=postgres and DATABASE_URL (the
// dataset kept in a database dukani_reports_<key> there). What the summaries' upkeep costs the
// checkout is the sales suite's figure S1.upkeep / S2.upkeep (`npm run bench -- sales`).
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { sql, type SQL } from 'drizzle-orm';
import { REPORTS, type ReportDefinition, type ReportKey } from '../../../core/reports/report-catalog';
import { reportQuerySchema, type ReportQuery } from '../../../core/reports/reports.schemas';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { openDatabase, queryRows, type Database, type TenantTx } from '../../../server/db/client';
import { wireDependencies } from '../../../server/dependencies';
import { createLogger } from '../../../server/logger';
import { FILLED_IN_CODE, periodCacheOf, reportSql, type ReportPage, type ReportParams } from '../../../server/reports/report-queries';
import { shopDays } from '../../../server/reports/reports.service';
import { DEMO_HOST } from '../support/bench-tenants';
import { BENCH_AUTH_SECRET, baseChildEnv, createTempDataDir } from '../support/child-server';
import { envNumber } from '../support/env';
import { formatMs, formatRatio, formatSeconds } from '../support/format';
import { createHttpClient } from '../support/http-client';
import { REPO_ROOT } from '../support/paths';
import { cachedPgliteReportDataset, cachedPostgresReportDataset, readReportDatasetSize, type ReportDataset, type ReportTarget } from '../support/report-dataset';
import { signInCookie } from '../support/sign-in';
import { summarize, type LatencySummary } from '../support/stats';
import { BenchError, goalStatus, type BenchSuite, type SummaryLine } from '../support/suite';
import { printTable } from '../support/table';

const GOALS = { p95Ms: 300, ratio: 1.3 };
const WARMUP = 3;
const DAY_MS = 86_400_000;

const readSettings = () => ({
  samples: envNumber('BENCH_SAMPLES', 30),
  size: readReportDatasetSize(),
  /** BENCH_REPORTS=key,key…: only these reports (and the dashboard). */
  only: (process.env.BENCH_REPORTS ?? '').split(',').filter(Boolean),
});
let settings: ReturnType<typeof readSettings>;

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

// ---------------------------------------------------------------- the report's SQL, as the service makes it

type DashboardSqlFn = (query: { from: string; to: string }, context: { tenantId: string; today: string }) => Record<string, SQL> | SQL[] | Promise<Record<string, SQL> | SQL[]>;

/** The dashboard's queries, when server/reports exports them (dashboardSql from report-queries.ts or dashboard-queries.ts). */
async function importDashboardSql(): Promise<DashboardSqlFn | null> {
  for (const file of ['server/reports/dashboard-queries.ts', 'server/reports/report-queries.ts']) {
    const path = join(REPO_ROOT, file);
    if (!existsSync(path)) continue;
    const module = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
    if (typeof module.dashboardSql === 'function') return module.dashboardSql as DashboardSqlFn;
  }
  return null;
}

/**
 * The SQL GET /api/reports/<key> runs for the first page (server/reports/reports.service.ts
 * prepare + readRows): the report's days and parameters, its default sort (a sort by a person's
 * name goes by their id in SQL), 50 rows.
 */
function apiReportSql(definition: ReportDefinition, query: ReportQuery, { today, settledThrough }: { today: string; settledThrough: string }): { sql: SQL; params: ReportParams } {
  const from = definition.period === 'range' ? query.from! : today;
  const to = definition.period === 'range' ? query.to! : today;
  const params: ReportParams = {
    from,
    to,
    date: definition.period === 'date' ? (query.date ?? today) : today,
    today,
    locationId: query.locationId ?? null,
    groupBy: query.groupBy,
    days: query.days,
    productId: query.productId ?? null,
    q: query.q || null,
    settledThrough,
  };
  const sort = definition.defaultSort;
  const byName = sort.key in FILLED_IN_CODE;
  const page: ReportPage = byName ? { sort: { key: FILLED_IN_CODE[sort.key]!, dir: sort.dir }, limit: null, offset: 0 } : { sort, limit: query.pageSize, offset: 0 };
  return { sql: reportSql(definition.key as ReportKey, params, page), params };
}

// ---------------------------------------------------------------- the app in this process

interface InProcessApp {
  database: Database;
  port: number;
  close(): Promise<void>;
}

/** The app as server/main.ts wires it (no jobs), on loopback; its database is the raw path's too. */
async function startApp(target: ReportTarget): Promise<InProcessApp> {
  const env = {
    ...baseChildEnv(),
    LOG_LEVEL: 'error',
    AUTH_SECRET: BENCH_AUTH_SECRET,
    TRUST_PROXY: 'true',
    DEMO_SALES_DAYS: '0',
    ...('url' in target ? { DATABASE_URL: target.url, DATA_DIR: createTempDataDir('reports-pg') } : { DATA_DIR: target.dataDir }),
  };
  const config = loadConfig(env);
  const database = await openDatabase('url' in target ? { driver: 'postgres', url: target.url } : { driver: 'pglite', dataDir: target.dataDir });
  const deps = wireDependencies(config, database, createLogger(config.logLevel));
  const app = createApp(deps, { serveWeb: false });
  const server: ServerType = await new Promise((resolve) => {
    const listening = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(listening));
  });
  return {
    database,
    port: (server.address() as AddressInfo).port,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
    },
  };
}

// ---------------------------------------------------------------- sampling

/** API and raw interleaved, one request at a time: both see the same machine and the same caches. */
async function samplePair(count: number, api: () => Promise<unknown>, raw: (() => Promise<unknown>) | null) {
  for (let i = 0; i < WARMUP; i += 1) {
    await api();
    if (raw) await raw();
  }
  const apiMs: number[] = [];
  const rawMs: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const order = i % 2 === 0 ? ([api, raw] as const) : ([raw, api] as const);
    for (const run of order) {
      if (!run) continue;
      const started = performance.now();
      await run();
      (run === api ? apiMs : rawMs).push(performance.now() - started);
    }
  }
  return { api: summarize(apiMs), raw: raw ? summarize(rawMs) : null };
}

interface ReportFigure {
  key: string;
  label: string;
  rows: number | null;
  api: LatencySummary | null;
  raw: LatencySummary | null;
  note: string;
}

// ---------------------------------------------------------------- a run on one database

async function runOn(engine: string, target: ReportTarget, dataset: ReportDataset, buildNote: string): Promise<{ reports: ReportFigure[]; dashboards: ReportFigure[] }> {
  const dashboardSql = await importDashboardSql();
  const app = await startApp(target);
  try {
    const cookie = await signInCookie(app.port, { host: DEMO_HOST, email: 'owner@demo.test', clientAddress: '198.18.0.40' });
    const client = createHttpClient(app.port, { cookie, 'x-forwarded-for': '198.18.0.40' });
    // The reports cover the last 365 days up to the shop's today, as an owner picks them: a long
    // period's settled days come from its period cache, today's are added to them.
    const lastDay = dataset.lastDay;
    const shop = await app.database.withTenant(dataset.tenantId, (tx) => shopDays(tx));
    const { today } = shop;
    const to = today;
    const from = addDays(to, -364);
    const raw = (query: SQL) => () => app.database.withTenant(dataset.tenantId, (tx: TenantTx) => queryRows(tx, query));
    const [top] = await app.database.withTenant(dataset.tenantId, (tx) =>
      queryRows<{ product_id: string }>(
        tx,
        sql`select v.product_id from report_item_days d join product_variants v on v.tenant_id = d.tenant_id and v.id = d.variant_id
            where d.day between ${from}::date and ${to}::date group by v.product_id order by sum(d.sales_minor) desc limit 1`,
      ),
    );
    const reports: ReportFigure[] = [];
    console.log(`  ${engine}: ${REPORTS.length} reports, ${settings.samples} requests each (API and raw interleaved)…`);
    for (const report of (REPORTS as readonly ReportDefinition[]).filter((candidate) => settings.only.length === 0 || settings.only.includes(candidate.key))) {
      const params: Record<string, string> = {};
      if (report.period === 'range') Object.assign(params, { from, to });
      if (report.period === 'date') params.date = lastDay;
      if (report.grouped) params.groupBy = 'day';
      if (report.takesProduct && top) params.productId = top.product_id;
      const path = `/api/reports/${report.key}?${new URLSearchParams(params).toString()}`;
      const label = `${report.key}${report.grouped ? ' (groupBy=day)' : ''}`;
      if (process.env.BENCH_DEBUG) console.log(`    GET ${path}`);
      const firstStarted = performance.now();
      const first = await client.get(path, DEMO_HOST);
      const firstMs = performance.now() - firstStarted;
      if (first.status !== 200) {
        reports.push({ key: report.key, label, rows: null, api: null, raw: null, note: `API answered ${first.status}: ${first.body.slice(0, 80)}` });
        continue;
      }
      const body = JSON.parse(first.body) as { totalRows?: number };
      const query = apiReportSql(report, reportQuerySchema.parse(params), shop);
      const cached = periodCacheOf(report.key as ReportKey, query.params);
      const note = cached ? `first request ${formatMs(firstMs)}: it built the period cache of ${cached.from} … ${cached.through}` : '';
      const call = async () => {
        const response = await client.get(path, DEMO_HOST);
        if (response.status !== 200) throw new BenchError(`${path} answered ${response.status}`);
      };
      const figures = await samplePair(settings.samples, call, raw(query.sql));
      reports.push({ key: report.key, label, rows: body.totalRows ?? null, api: figures.api, raw: figures.raw, note });
      console.log(`    ${label}: API p50 ${formatMs(figures.api.p50)} p95 ${formatMs(figures.api.p95)}${figures.raw ? `, raw p50 ${formatMs(figures.raw.p50)} p95 ${formatMs(figures.raw.p95)}` : ''}`);
    }

    const dashboards: ReportFigure[] = [];
    for (const [label, period] of [
      [`dashboard, the shop's last day of sales (${lastDay})`, { from: lastDay, to: lastDay }],
      [`dashboard, 30 days (${addDays(lastDay, -29)} … ${lastDay})`, { from: addDays(lastDay, -29), to: lastDay }],
    ] as const) {
      const path = `/api/dashboard?${new URLSearchParams(period).toString()}`;
      const first = await client.get(path, DEMO_HOST);
      if (first.status !== 200) {
        dashboards.push({ key: 'dashboard', label, rows: null, api: null, raw: null, note: `API answered ${first.status}: ${first.body.slice(0, 80)}` });
        continue;
      }
      let rawRun: (() => Promise<unknown>) | null = null;
      if (dashboardSql) {
        const queries = await dashboardSql(period, { tenantId: dataset.tenantId, today });
        const list = Array.isArray(queries) ? queries : Object.values(queries);
        rawRun = () => app.database.withTenant(dataset.tenantId, async (tx) => Promise.all(list.map((query) => queryRows(tx, query))));
      }
      const call = async () => {
        const response = await client.get(path, DEMO_HOST);
        if (response.status !== 200) throw new BenchError(`${path} answered ${response.status}`);
      };
      const figures = await samplePair(settings.samples, call, rawRun);
      dashboards.push({ key: 'dashboard', label, rows: null, api: figures.api, raw: figures.raw, note: rawRun ? '' : 'no raw dashboard queries exported: API only' });
      console.log(`    ${label}: API p50 ${formatMs(figures.api.p50)} p95 ${formatMs(figures.api.p95)}${figures.raw ? `, raw p50 ${formatMs(figures.raw.p50)} p95 ${formatMs(figures.raw.p95)}` : ''}`);
    }
    client.close();
    printResults(engine, dataset, reports, dashboards, buildNote, { from, to });
    return { reports, dashboards };
  } finally {
    await app.close();
  }
}

const passes = (figure: ReportFigure) => figure.api !== null && figure.api.p95 < GOALS.p95Ms && (!figure.raw || figure.api.p95 <= GOALS.ratio * figure.raw.p95);

function printResults(engine: string, dataset: ReportDataset, reports: ReportFigure[], dashboards: ReportFigure[], buildNote: string, period: { from: string; to: string }) {
  const row = (figure: ReportFigure) => [
    figure.label,
    figure.rows === null ? '' : figure.rows.toLocaleString('en-US'),
    figure.api ? formatMs(figure.api.p50) : '—',
    figure.api ? formatMs(figure.api.p95) : '—',
    figure.raw ? formatMs(figure.raw.p50) : '—',
    figure.raw ? formatMs(figure.raw.p95) : '—',
    figure.api && figure.raw ? formatRatio(figure.api.p95 / figure.raw.p95) : '',
    figure.api ? (passes(figure) ? 'PASS' : 'FAIL') : 'n/a',
    figure.note,
  ];
  printTable({
    title: `Figure R1 — reports for ${period.from} … ${period.to} over ${dataset.saleLines.toLocaleString('en-US')} sale lines, ${settings.samples} requests each after ${WARMUP} warm-up (${engine}, in-process)`,
    columns: ['report', 'rows', 'API p50', 'API p95', 'raw p50', 'raw p95', 'API÷raw p95', 'goal', 'note'],
    rows: [...reports.map(row), ...dashboards.map(row)],
    align: ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'left', 'left'],
    notes: [
      `Goal: API p95 < ${GOALS.p95Ms} ms and ≤ ${GOALS.ratio}× the same SQL run raw (reportSql in a tenant transaction, rows read, no JSON); API: owner@demo.test over loopback HTTP, one keep-alive connection.`,
      `Shop: ${dataset.sales.toLocaleString('en-US')} sales, ${dataset.saleLines.toLocaleString('en-US')} lines, ${dataset.returns.toLocaleString('en-US')} returns, ${dataset.voids.toLocaleString('en-US')} voids, ` +
        `3 locations, ${dataset.firstDay} … ${dataset.lastDay}; summaries (${dataset.summaries}): ${dataset.summaryRows.itemDays.toLocaleString('en-US')} item-days, ` +
        `${dataset.summaryRows.saleHours.toLocaleString('en-US')} sale-hours, ${dataset.summaryRows.tenderDays.toLocaleString('en-US')} tender-days.`,
      buildNote,
    ],
  });
}

function summaryLines(engine: string, dataset: ReportDataset, run: { reports: ReportFigure[]; dashboards: ReportFigure[] }): SummaryLine[] {
  const tag = `[${engine}]`;
  const measured = run.reports.filter((figure) => figure.api);
  const lines: SummaryLine[] = [];
  const worst = [...measured].sort((a, b) => b.api!.p95 - a.api!.p95)[0];
  const failed = measured.filter((figure) => !passes(figure));
  lines.push({
    figure: `${tag} reports for a year, ${dataset.saleLines.toLocaleString('en-US')} lines: ${measured.length} of ${run.reports.length} measured, slowest API p95`,
    value: worst ? `${formatMs(worst.api!.p95)} (${worst.key})` : 'n/a',
    baseline: worst?.raw ? `raw ${formatMs(worst.raw.p95)} (${formatRatio(worst.api!.p95 / worst.raw.p95)})` : 'no raw SQL',
    goal: `each < ${GOALS.p95Ms} ms and ≤ ${GOALS.ratio}× raw`,
    status: measured.length === 0 ? 'SKIPPED' : goalStatus(failed.length === 0),
  });
  if (failed.length) {
    const slow = failed.filter((figure) => figure.api!.p95 >= GOALS.p95Ms);
    lines.push({
      figure: `${tag} reports missing the goal: ${failed.length} (${slow.length} over ${GOALS.p95Ms} ms)`,
      value: slow.map((figure) => figure.key).join(', ') || 'none over the time goal',
      baseline: `over ${GOALS.ratio}× raw only: ${failed.length - slow.length} (see R1)`,
      status: 'INFO',
    });
  }
  const unmeasured = run.reports.filter((figure) => !figure.api);
  if (unmeasured.length) lines.push({ figure: `${tag} reports not measured: ${unmeasured.length}`, value: unmeasured.map((figure) => figure.key).join(', '), baseline: 'see the notes of R1', status: 'INFO' });
  for (const key of ['sales-by-period', 'sales-by-product', 'profit-by-product']) {
    const figure = run.reports.find((candidate) => candidate.key === key && candidate.api);
    if (figure) {
      lines.push({
        figure: `${tag} ${figure.label} for a year, p95 via API`,
        value: formatMs(figure.api!.p95),
        baseline: figure.raw ? `raw ${formatMs(figure.raw.p95)} (${formatRatio(figure.api!.p95 / figure.raw.p95)})` : 'no raw SQL',
        goal: `< ${GOALS.p95Ms} ms and ≤ ${GOALS.ratio}× raw`,
        status: goalStatus(passes(figure)),
      });
    }
  }
  for (const figure of run.dashboards) {
    lines.push({
      figure: `${tag} ${figure.label}, p95`,
      value: figure.api ? formatMs(figure.api.p95) : 'n/a',
      baseline: figure.raw ? `raw ${formatMs(figure.raw.p95)} (${formatRatio(figure.api!.p95 / figure.raw.p95)})` : figure.note,
      goal: `< ${GOALS.p95Ms} ms`,
      status: figure.api ? goalStatus(passes(figure)) : 'SKIPPED',
    });
  }
  return lines;
}

const buildNoteOf = (dataset: ReportDataset, cached: boolean, extra = '') =>
  `Dataset ${cached ? 'from the cache (built earlier in' : 'built now (in'} ${formatSeconds(dataset.build.totalMs)}: catalog ${formatSeconds(dataset.build.catalogMs)}, ` +
  `sales ${formatSeconds(dataset.build.salesMs)} with the summary triggers on, vacuum analyze ${formatSeconds(dataset.build.analyzeMs)})${extra}.`;

const reportsSuite: BenchSuite = {
  name: 'reports',
  description: 'reports and the dashboard for a year over 1,000,000 sale lines: API p95 beside the same SQL run raw (PGlite; PostgreSQL with TEST_DB=postgres)',
  async run(): Promise<SummaryLine[]> {
    settings = readSettings();
    if (process.env.TEST_DB === 'postgres') {
      const adminUrl = process.env.DATABASE_URL;
      if (!adminUrl) throw new BenchError('TEST_DB=postgres needs DATABASE_URL');
      const built = await cachedPostgresReportDataset(adminUrl, settings.size);
      const engine = `PostgreSQL ${built.serverVersion}`;
      return summaryLines(engine, built.dataset, await runOn(engine, { url: built.url }, built.dataset, buildNoteOf(built.dataset, built.cached, `; kept as database ${built.name}`)));
    }
    const built = await cachedPgliteReportDataset(settings.size, { copy: true });
    try {
      return summaryLines('PGlite', built.dataset, await runOn('PGlite', { dataDir: built.dataDir }, built.dataset, buildNoteOf(built.dataset, built.cached, `; copied from the cache in ${formatSeconds(built.copyMs)}`)));
    } finally {
      rmSync(built.dataDir, { recursive: true, force: true });
    }
  },
};

export default reportsSuite;
