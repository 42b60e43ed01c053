import { sql } from 'drizzle-orm';
import type { TenantListQuery } from '../../../core/platform/platform.schemas';
import { queryRows } from '../../../server/db/client';
import { unsafeReadAcrossTenants } from '../../../server/platform/cross-tenant-read';
import { tenantPageSql } from '../../../server/platform/tenants.service';
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

const searchOf = (query: TenantListQuery) => new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)])).toString();

const platform: BenchSuite = {
  name: 'platform',
  description: `the super-admin tenant list (search + page) over ${TENANTS.toLocaleString('en-US')} shops: API p95 beside the same SQL run raw`,
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
      // What autovacuum does after a bulk load in production: statistics, and the search indexes' new entries out of their GIN pending lists.
      await database.platform.execute(sql`vacuum analyze tenants, users, profiles, tenant_users, tenant_subscription_details, billing_plans`);
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
      const ratio = apiSummary.p95 / rawSummary.p95;
      return [
        {
          figure: `tenant list (search + page), ${counted!.tenants.toLocaleString('en-US')} shops, p95 via API (${engine})`,
          value: formatMs(apiSummary.p95),
          baseline: `raw SQL ${formatMs(rawSummary.p95)} (${formatRatio(ratio)})`,
          goal: `< ${GOAL_P95_MS} ms`,
          status: goalStatus(apiSummary.p95 < GOAL_P95_MS),
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
