// The server under test for the bench suites, run in a child process with `node --import tsx`.
// It is the real app (loadConfig → bootstrap → createApp) plus bench-only routes:
//   GET /__bench/bare               a bare JSON route through the same middleware: the baseline
//   GET /__bench/raw-resolution     raw-SQL and in-process resolution timings, taken before listening
//   GET /__bench/memory             process.memoryUsage()
//   POST /__bench/bare              a bare route that reads its body: the baseline for webhooks
//   GET /__bench/plan-check?tenant= the plan/gate check timed in-process (its own tenant
//                                   transaction, as a baseline for the guard), µs per call
//   GET /__bench/direct-lookup?tenant=&codes=a,b  the barcode lookup's own query (lookupCode in
//                                   withTenant) timed in-process for each code, ms each: the
//                                   products suite interleaves it with API requests, so both see
//                                   the same machine load
// Environment: the app's own variables, plus BENCH_TENANTS (extra tenants bench-0001…) and
// BENCH_MISSES (unknown hosts timed). On ready it prints one line: BENCH_READY {json}.
import { serve } from '@hono/node-server';
import { createApp } from '../../../server/app';
import { assertPlanAllows } from '../../../server/billing/plan-guard';
import { readSubscriptionState } from '../../../server/billing/subscription.service';
import { bootstrap } from '../../../server/bootstrap';
import { loadConfig } from '../../../server/config';
import { lookupCode } from '../../../server/products/product-list.query';
import { createTenant } from '../../../server/tenancy/tenancy.service';
import { benchSubdomain, benchTenantName, range, READY_PREFIX, unknownSubdomain, type BenchServerReady } from './bench-tenants';
import { measureResolution } from './resolution-timing';

const MB = 1024 * 1024;
const config = loadConfig(process.env);
const tenantCount = Number(process.env.BENCH_TENANTS ?? 0);
const missCount = Number(process.env.BENCH_MISSES ?? 0);

const bootstrapStarted = performance.now();
const deps = await bootstrap(config);
const bootstrapMs = performance.now() - bootstrapStarted;
const rssAfterBootstrapMb = process.memoryUsage().rss / MB;

const seedStarted = performance.now();
for (const index of range(tenantCount)) {
  await createTenant(deps.database, {
    name: benchTenantName(index),
    subdomain: benchSubdomain(index),
    status: index % 2 ? 'active' : 'trial',
    settings: { currencyCode: 'KES', currencySymbol: 'KSh' },
  });
}
const seedMs = performance.now() - seedStarted;

const resolution = await measureResolution(deps, {
  hitSubdomains: range(tenantCount).map(benchSubdomain),
  missSubdomains: range(missCount).map(unknownSubdomain),
  warmUpSubdomains: ['demo', 'acme'],
});

const app = createApp(deps, { serveWeb: false });
app.get('/__bench/bare', (c) => c.json({ ok: true }));
app.get('/__bench/raw-resolution', (c) => c.json(resolution));
app.get('/__bench/memory', (c) => c.json(process.memoryUsage()));
app.post('/__bench/bare', async (c) => {
  await c.req.arrayBuffer();
  return c.json({ ok: true });
});
app.get('/__bench/plan-check', async (c) => {
  const tenantId = c.req.query('tenant') ?? '';
  const iterations = 500;
  const check = async () => {
    const now = new Date();
    const state = await deps.database.withTenant(tenantId, (tx) => readSubscriptionState(tx, now));
    assertPlanAllows(state, { feature: 'advanced_reporting', checkGate: true }, now);
  };
  for (let i = 0; i < 50; i += 1) await check();
  const started = performance.now();
  for (let i = 0; i < iterations; i += 1) await check();
  return c.json({ microsecondsPerCheck: ((performance.now() - started) * 1000) / iterations });
});

app.get('/__bench/direct-lookup', async (c) => {
  const tenantId = c.req.query('tenant') ?? '';
  const durations: number[] = [];
  for (const code of (c.req.query('codes') ?? '').split(',').filter(Boolean)) {
    const started = performance.now();
    await deps.database.withTenant(tenantId, (tx) => lookupCode(tx, tenantId, code));
    durations.push(performance.now() - started);
  }
  return c.json({ durations });
});

const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
  const ready: BenchServerReady = {
    pid: process.pid,
    port: info.port,
    driver: deps.database.driver,
    rssAfterBootstrapMb,
    seededTenants: tenantCount,
    seedMs,
    bootstrapMs,
  };
  console.log(`${READY_PREFIX}${JSON.stringify(ready)}`);
});

const shutdown = () => {
  server.close();
  void deps.database.close().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 3000).unref();
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
