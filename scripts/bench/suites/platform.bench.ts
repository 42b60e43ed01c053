import { sql } from 'drizzle-orm';
import type { TenantListQuery } from '../../../core/platform/platform.schemas';
import { queryRows } from '../../../server/db/client';
import { unsafeReadAcrossTenants } from '../../../server/platform/cross-tenant-read';
import { tenantPageSql } from '../../../server/platform/tenants.service';
import { daysToRead, endingTrialsSql, forgetAnalyticsDays, idleShopsSql, platformToday, readAnalyticsRows } from '../../../server/platform/analytics.service';
import { resolveAnalyticsPeriod } from '../../../core/platform/analytics.rules';
import { endingTrialsQuerySchema, idleShopsQuerySchema, type AnalyticsPeriodQuery } from '../../../core/platform/analytics.schemas';
import { createUser, TEST_PASSWORD } from '../../../tests/support/factories';
import { createTestApp, signInAs } from '../../../tests/support/test-app';
import { formatMs, formatRatio } from '../support/format';
import { summarize } from '../support/stats';
import { BenchError, goalStatus, type BenchSuite, type SummaryLine } from '../support/suite';
import { printTable } from '../support/table';

// Platform suite (issue 21): the super-admin console's tenant list over 10,000 shops (each with
// an owner and a subscription: trials running and ended, paid plans current and overdue, some
// suspended), searched by name, subdomain and owner's e-mail and paged, through the API (session,
// platform guard, validation, the read-only cross-shop transaction, JSON, loopback HTTP) beside
// the same statement run raw in the same kind of transaction, alternating request by request so
// both see the same machine load. In-process app on PGlite, PostgreSQL with TEST_DB=postgres.

const TENANTS = Number(process.env.BENCH_PLATFORM_TENANTS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_SAMPLES ?? 20);
const WARMUP_ROUNDS = 2;
const GOAL_P95_MS = 200;

/** What the console asks: pages of the whole list, searches by each thing a search matches, filters. */
const QUERIES: Array<{ label: string; query: TenantListQuery }> = [
  { label: 'newest first, page 1', query: {} },
  { label: 'newest first, page 200', query: { page: 200 } },
  { label: 'search a subdomain prefix ("bench-04"), page 1', query: { search: 'bench-04' } },
  { label: 'search a subdomain prefix ("bench-04"), page 3', query: { search: 'bench-04', page: 3 } },
  { label: 'search a name ("shop 0123")', query: { search: 'shop 0123' } },
  { label: "search an owner's e-mail (\"owner-0777\")", query: { search: 'owner-0777' } },
  { label: 'search with no match', query: { search: 'no-such-shop' } },
  { label: 'status past due, by name, page 2', query: { status: 'past_due', sort: 'name', direction: 'asc', page: 2 } },
];

/** What the Analytics page asks (issue 21): the summary over three periods, and the two churn lists. */
const DAY_MS = 86_400_000;
const dayBefore = (days: number) => new Date(Date.parse(`${platformToday()}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
type AnalyticsRequest = { label: string } & ({ kind: 'summary'; query: AnalyticsPeriodQuery } | { kind: 'idle'; query: { days?: number; page?: number } } | { kind: 'trials'; query: { page?: number } });
const ANALYTICS_REQUESTS: AnalyticsRequest[] = [
  { label: 'summary, last 30 days (default)', kind: 'summary', query: {} },
  { label: 'summary, last 7 days', kind: 'summary', query: { from: dayBefore(6), to: dayBefore(0) } },
  { label: 'summary, last 366 days', kind: 'summary', query: { from: dayBefore(365), to: dayBefore(0) } },
  { label: 'idle shops (14 days), page 1', kind: 'idle', query: {} },
  { label: 'idle shops (30 days), page 5', kind: 'idle', query: { days: 30, page: 5 } },
  { label: 'trials ending unpaid, page 1', kind: 'trials', query: {} },
];
const ANALYTICS_PATHS = { summary: '/api/platform/analytics', idle: '/api/platform/analytics/idle-shops', trials: '/api/platform/analytics/ending-trials' } as const;

const searchOf = (query: TenantListQuery) => new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)])).toString();

const platform: BenchSuite = {
  name: 'platform',
  description: `the super-admin tenant list (search + page) and analytics over ${TENANTS.toLocaleString('en-US')} shops: API p95 beside the same SQL run raw`,
  async run(): Promise<SummaryLine[]> {
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'test';
    const testApp = await createTestApp();
    try {
      const { database } = testApp;
      const loaded = performance.now();
      // Shop n: every 50th suspended; even ones pay (a plan by n mod 6, every 10th overdue), odd
      // ones on a trial (every 7th ended); signed up over the last year; an owner each.
      await database.platform.execute(sql`
        insert into tenants (name, subdomain, status, created_at)
        select 'Bench Shop ' || lpad(n::text, 5, '0'), 'bench-' || lpad(n::text, 5, '0'),
               case when n % 50 = 0 then 'suspended' when n % 2 = 0 then 'active' else 'trial' end,
               now() - make_interval(days => n % 365, mins => n)
          from generate_series(1, ${TENANTS}::int) n`);
      await database.platform.execute(sql`
        insert into users (email, name)
        select 'owner-' || substr(subdomain, 7) || '@bench.test', 'Owner of ' || name from tenants where subdomain like 'bench-%'`);
      await database.platform.execute(sql`
        insert into profiles (user_id, role, tenant_id, full_name)
        select u.id, 'admin', t.id, u.name from tenants t join users u on u.email = 'owner-' || substr(t.subdomain, 7) || '@bench.test'`);
      // tenant-access: the bench writes every shop's owner in one statement (PGlite's owner, or PostgreSQL's superuser, bypasses RLS)
      await database.platform.execute(sql`
        insert into tenant_users (tenant_id, user_id, role, invitation_status, is_active)
        select t.id, u.id, 'admin', 'accepted', true from tenants t join users u on u.email = 'owner-' || substr(t.subdomain, 7) || '@bench.test'`);
      // tenant-access: the bench writes every shop's subscription in one statement, as above
      await database.platform.execute(sql`
        with plans as (select id, row_number() over (order by price_minor, period) - 1 as k from billing_plans where is_active),
             shops as (select id, substr(subdomain, 7)::int as n from tenants where subdomain like 'bench-%')
        insert into tenant_subscription_details (tenant_id, status, trial_end, current_period_end, billing_plan_id)
        select s.id,
               case when s.n % 2 = 0 then 'active' else 'trial' end,
               case when s.n % 2 = 0 then now() - interval '30 days' when s.n % 7 = 0 then now() - interval '2 days' else now() + interval '10 days' end,
               case when s.n % 2 = 1 then null when s.n % 10 = 0 then now() - interval '3 days' else now() + interval '20 days' end,
               case when s.n % 2 = 0 then (select id from plans where k = s.n % (select count(*) from plans)) end
          from shops s`);
      // Sales for Analytics, as the reports' triggers leave them in report_sale_hours: two shops in
      // three sold over the last 60 days (four days in five), 1–7 sales a day; a location each.
      // tenant-access: the bench writes every shop's location in one statement, as above
      await database.platform.execute(sql`
        insert into locations (tenant_id, name, is_default)
        select id, 'Main', true from tenants where subdomain like 'bench-%'`);
      // tenant-access: the bench writes every shop's sales summary in one statement, as above
      await database.platform.execute(sql`
        insert into report_sale_hours (tenant_id, day, location_id, register_id, cashier_id, hour, sale_count, sales_minor)
        select l.tenant_id, (now() at time zone 'Africa/Nairobi')::date - d, l.id, l.id, '00000000-0000-0000-0000-000000000000'::uuid,
               (8 + s.n % 10)::smallint, 1 + (s.n + d) % 7, (1 + (s.n + d) % 7) * 50000
          from (select id, substr(subdomain, 7)::int as n from tenants where subdomain like 'bench-%') s
          join locations l on l.tenant_id = s.id
          cross join generate_series(0, 59) d
         where s.n % 3 <> 0 and (s.n + d) % 5 <> 0`);
      // What autovacuum does after a bulk load in production: statistics, and the search indexes' new entries out of their GIN pending lists.
      await database.platform.execute(sql`vacuum analyze tenants, users, profiles, tenant_users, tenant_subscription_details, billing_plans, locations, report_sale_hours`);
      const loadSeconds = (performance.now() - loaded) / 1000;

      const adminHost = `localhost:${testApp.port}`;
      const admin = await createUser(database, testApp.deps.auth, { tenantId: null, role: 'superadmin' });
      const cookie = await signInAs(testApp, adminHost, admin.email, TEST_PASSWORD);
      const [counted] = await unsafeReadAcrossTenants(database, (tx) => queryRows<{ tenants: number }>(tx, sql`select count(*)::int as tenants from tenants`));

      const api = async (query: TenantListQuery) => {
        const response = await testApp.request(`/api/platform/tenants?${searchOf(query)}`, { host: adminHost, headers: { cookie } });
        if (response.status !== 200) throw new BenchError(`GET /api/platform/tenants?${searchOf(query)} answered ${response.status}: ${response.text.slice(0, 200)}`);
        return response.json<{ items: unknown[]; total: number }>();
      };
      const raw = (query: TenantListQuery) => unsafeReadAcrossTenants(database, (tx) => queryRows<{ total: number }>(tx, tenantPageSql(query)));

      const totals: Array<[string, number, number]> = [];
      for (const { label, query } of QUERIES) {
        const answer = await api(query);
        const rows = await raw(query);
        if ((rows[0]?.total ?? answer.total) !== answer.total || rows.length !== answer.items.length) throw new BenchError(`${label}: the API and the raw statement disagree`);
        totals.push([label, answer.total, answer.items.length]);
      }
      const apiMs: number[] = [];
      const rawMs: number[] = [];
      const perQuery = new Map<string, { api: number[]; raw: number[] }>(QUERIES.map(({ label }) => [label, { api: [], raw: [] }]));
      for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round += 1) {
        for (const { label, query } of QUERIES) {
          let started = performance.now();
          await api(query);
          const viaApi = performance.now() - started;
          started = performance.now();
          await raw(query);
          const viaRaw = performance.now() - started;
          if (round < WARMUP_ROUNDS) continue;
          apiMs.push(viaApi);
          rawMs.push(viaRaw);
          perQuery.get(label)!.api.push(viaApi);
          perQuery.get(label)!.raw.push(viaRaw);
        }
      }
      const apiSummary = summarize(apiMs);
      const rawSummary = summarize(rawMs);
      const engine = database.driver === 'postgres' ? 'PostgreSQL' : 'PGlite';
      printTable({
        title: `Figure P1 — GET /api/platform/tenants over ${counted!.tenants.toLocaleString('en-US')} shops, ${ROUNDS} rounds of ${QUERIES.length} requests after ${WARMUP_ROUNDS} warm-up rounds (${engine}, in-process)`,
        columns: ['request', 'matches', 'rows', 'API p50', 'API p95', 'raw p50', 'raw p95'],
        rows: [
          ...totals.map(([label, total, rows]) => {
            const times = perQuery.get(label)!;
            const [a, r] = [summarize(times.api), summarize(times.raw)];
            return [label, total.toLocaleString('en-US'), rows, formatMs(a.p50), formatMs(a.p95), formatMs(r.p50), formatMs(r.p95)];
          }),
          ['all requests', '', '', formatMs(apiSummary.p50), formatMs(apiSummary.p95), formatMs(rawSummary.p50), formatMs(rawSummary.p95)],
        ],
        notes: [
          `Shops, owners and subscriptions written set-based in ${loadSeconds.toFixed(1)} s.`,
          'Raw: the list\'s own statement (tenantPageSql) in a read-only cross-shop transaction, no HTTP, session or guard; each API request is followed by its raw twin.',
        ],
      });
      const [summaryRows] = await unsafeReadAcrossTenants(database, (tx) => queryRows<{ rows: number }>(tx, sql`select count(*)::int as rows from report_sale_hours`));
      const analyticsApi = async (request: AnalyticsRequest) => {
        const path = `${ANALYTICS_PATHS[request.kind]}?${new URLSearchParams(Object.entries(request.query).map(([name, value]) => [name, String(value)])).toString()}`;
        const response = await testApp.request(path, { host: adminHost, headers: { cookie } });
        if (response.status !== 200) throw new BenchError(`GET ${path} answered ${response.status}: ${response.text.slice(0, 200)}`);
        return response.json<Record<string, unknown>>();
      };
      const today = platformToday();
      const analyticsRaw = (request: AnalyticsRequest) =>
        unsafeReadAcrossTenants(database, async (tx): Promise<unknown> => {
          if (request.kind === 'summary') {
            // What the API reads once its past days are kept: yesterday and today, and the rest of the statements.
            const period = resolveAnalyticsPeriod(request.query, today);
            return readAnalyticsRows(tx, period, today, daysToRead(database, period, today, Date.now()));
          }
          if (request.kind === 'idle') return queryRows(tx, idleShopsSql(idleShopsQuerySchema.parse(request.query), today));
          return queryRows(tx, endingTrialsSql(endingTrialsQuerySchema.parse(request.query)));
        });
      const analyticsFacts: Array<[string, string, string]> = [];
      forgetAnalyticsDays(database);
      for (const request of ANALYTICS_REQUESTS) {
        const started = performance.now();
        const answer = await analyticsApi(request);
        const first = performance.now() - started;
        await analyticsRaw(request);
        analyticsFacts.push([
          request.label,
          formatMs(first),
          request.kind === 'summary' ? `${String(answer.activeShopsInPeriod)} active shops, ${String(answer.transactions)} sales` : `${String(answer.total)} shops`,
        ]);
      }
      const analyticsApiMs: number[] = [];
      const analyticsRawMs: number[] = [];
      const perRequest = new Map<string, { api: number[]; raw: number[] }>(ANALYTICS_REQUESTS.map(({ label }) => [label, { api: [], raw: [] }]));
      for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round += 1) {
        for (const request of ANALYTICS_REQUESTS) {
          let started = performance.now();
          await analyticsApi(request);
          const viaApi = performance.now() - started;
          started = performance.now();
          await analyticsRaw(request);
          const viaRaw = performance.now() - started;
          if (round < WARMUP_ROUNDS) continue;
          analyticsApiMs.push(viaApi);
          analyticsRawMs.push(viaRaw);
          perRequest.get(request.label)!.api.push(viaApi);
          perRequest.get(request.label)!.raw.push(viaRaw);
        }
      }
      const analyticsApiSummary = summarize(analyticsApiMs);
      const analyticsRawSummary = summarize(analyticsRawMs);
      printTable({
        title: `Figure P2 — GET /api/platform/analytics* over ${counted!.tenants.toLocaleString('en-US')} shops and ${summaryRows!.rows.toLocaleString('en-US')} sales-summary rows, ${ROUNDS} rounds of ${ANALYTICS_REQUESTS.length} requests after ${WARMUP_ROUNDS} warm-up rounds (${engine}, in-process)`,
        columns: ['request', 'first (cold)', 'answer', 'API p50', 'API p95', 'raw p50', 'raw p95'],
        rows: [
          ...analyticsFacts.map(([label, first, answer]) => {
            const times = perRequest.get(label)!;
            const [a, r] = [summarize(times.api), summarize(times.raw)];
            return [label, first, answer, formatMs(a.p50), formatMs(a.p95), formatMs(r.p50), formatMs(r.p95)];
          }),
          ['all requests', '', '', formatMs(analyticsApiSummary.p50), formatMs(analyticsApiSummary.p95), formatMs(analyticsRawSummary.p50), formatMs(analyticsRawSummary.p95)],
        ],
        notes: [
          'Raw: the same statements (readAnalyticsRows, idleShopsSql, endingTrialsSql) in a read-only cross-shop transaction, no HTTP, session, guard or shaping; each API request is followed by its raw twin.',
          'First (cold): the first request, before any past day is kept; afterwards the summary reads yesterday and today per shop and keeps days before that for 10 minutes (docs/platform.md "Analytics").',
        ],
      });
      const ratio = apiSummary.p95 / rawSummary.p95;
      const analyticsRatio = analyticsApiSummary.p95 / analyticsRawSummary.p95;
      return [
        {
          figure: `tenant list (search + page), ${counted!.tenants.toLocaleString('en-US')} shops, p95 via API (${engine})`,
          value: formatMs(apiSummary.p95),
          baseline: `raw SQL ${formatMs(rawSummary.p95)} (${formatRatio(ratio)})`,
          goal: `< ${GOAL_P95_MS} ms`,
          status: goalStatus(apiSummary.p95 < GOAL_P95_MS),
        },
        {
          figure: `analytics (summary, idle shops, ending trials), ${counted!.tenants.toLocaleString('en-US')} shops, p95 via API (${engine})`,
          value: formatMs(analyticsApiSummary.p95),
          baseline: `raw SQL ${formatMs(analyticsRawSummary.p95)} (${formatRatio(analyticsRatio)})`,
          goal: `< ${GOAL_P95_MS} ms`,
          status: goalStatus(analyticsApiSummary.p95 < GOAL_P95_MS),
        },
      ];
    } finally {
      await testApp.close();
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
    }
  },
};

export default platform;
