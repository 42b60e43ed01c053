import { request } from 'node:http';
import { createFakePaystack, type FakePaystack } from '../../../tests/support/fake-paystack';
import { formatMs, formatRatio, formatRps } from '../support/format';
import { runAlternatingLoad } from '../support/load';
import { startBenchServer, type BenchServer } from '../support/servers';
import { signInCookie } from '../support/sign-in';
import { summarize } from '../support/stats';
import { BenchError, type BenchSuite, type SummaryLine } from '../support/suite';
import { printTable } from '../support/table';

// Billing figures: Paystack webhook deliveries (signature check, re-verification with a local fake
// Paystack, fulfilment) beside a bare POST route; and the plan/gate check every tenant route pays.

const HOST = 'demo.localhost';
const settings = { payments: 200, concurrency: 8, connections: 10, seconds: Number(process.env.BENCH_DURATION_SECONDS ?? 10) };

interface Reply {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
  ms: number;
}

function send(port: number, path: string, options: { method?: string; body?: string; headers?: Record<string, string> } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      { hostname: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: { host: HOST, ...(options.body ? { 'content-type': 'application/json' } : {}), ...options.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers, ms: performance.now() - started }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Runs `count` tasks with at most `concurrency` in flight; returns each task's duration. */
async function pool(count: number, concurrency: number, task: (index: number) => Promise<number>): Promise<{ ms: number[]; wallMs: number }> {
  const ms: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) ms.push(await task(next++));
    }),
  );
  return { ms, wallMs: performance.now() - started };
}

async function measureWebhooks(server: BenchServer, fake: FakePaystack, cookie: string) {
  const plans = JSON.parse((await send(server.port, '/api/billing', { headers: { cookie } })).body) as { plans: { id: string; name: string; period: string }[] };
  const starter = plans.plans.find((p) => p.name === 'Starter' && p.period === 'monthly');
  if (!starter) throw new BenchError('no Starter plan');
  const references: string[] = [];
  for (let i = 0; i < settings.payments; i += 1) {
    const reply = await send(server.port, '/api/billing/checkout', { method: 'POST', body: JSON.stringify({ planId: starter.id }), headers: { cookie, origin: `http://${HOST}` } });
    if (reply.status !== 200) throw new BenchError(`checkout answered ${reply.status}: ${reply.body.slice(0, 200)}`);
    const { reference } = JSON.parse(reply.body) as { reference: string };
    fake.completeTransaction(reference, { status: 'success' });
    references.push(reference);
  }
  const url = `http://127.0.0.1:${server.port}/api/webhooks/paystack`;
  const deliver = (index: number, options = {}) => async () => {
    const started = performance.now();
    const delivery = await fake.sendWebhook(url, 'charge.success', references[index]!, { host: HOST, ...options });
    const expected = 'signatureKey' in options ? 401 : 200;
    if (delivery.status !== expected) throw new BenchError(`webhook answered ${delivery.status}, expected ${expected}: ${delivery.body.slice(0, 200)}`);
    return performance.now() - started;
  };
  const fulfil = await pool(settings.payments, settings.concurrency, (i) => deliver(i)());
  const replay = await pool(settings.payments, settings.concurrency, (i) => deliver(i)());
  const forged = await pool(settings.payments, settings.concurrency, (i) => deliver(i, { signatureKey: 'sk_test_forgedforgedforgedforged' })());
  const payload = JSON.stringify(fake.webhookPayload('charge.success', references[0]!));
  const bare = await pool(settings.payments, settings.concurrency, async () => (await send(server.port, '/__bench/bare', { method: 'POST', body: payload })).ms);
  const billing = JSON.parse((await send(server.port, '/api/billing', { headers: { cookie } })).body) as { payments: { status: string }[] };
  const completed = billing.payments.filter((p) => p.status === 'completed').length;
  if (completed !== Math.min(10, settings.payments)) throw new BenchError(`expected the newest payments completed, found ${completed} of ${billing.payments.length}`);
  return { fulfil, replay, forged, bare };
}

const billing: BenchSuite = {
  name: 'billing',
  description: 'Paystack webhook fulfilment beside a bare POST; plan/gate check cost per tenant request beside a bare route',
  async run(): Promise<SummaryLine[]> {
    const fake = await createFakePaystack();
    const server = await startBenchServer({
      label: 'bench server (billing)',
      tenants: 0,
      misses: 0,
      env: { TRUST_PROXY: 'true', PAYSTACK_SECRET_KEY: fake.secretKey, PAYSTACK_BASE_URL: fake.baseUrl },
    });
    try {
      const cookie = await signInCookie(server.port, { host: HOST, email: 'owner@demo.test', clientAddress: '198.18.0.1' });
      const webhooks = await measureWebhooks(server, fake, cookie);
      const rate = (run: { ms: number[]; wallMs: number }) => (run.ms.length * 1000) / run.wallMs;
      const rows = [
        ['charge.success, first delivery: signature, verify with Paystack, fulfil', webhooks.fulfil],
        ['charge.success replayed: signature, verify, already fulfilled', webhooks.replay],
        ['forged signature: refused with 401', webhooks.forged],
        ['POST /__bench/bare with the same payload (baseline)', webhooks.bare],
      ] as const;
      printTable({
        title: `Figure B1 — Paystack webhooks, ${settings.payments} deliveries each, ${settings.concurrency} at a time (PGlite, local fake Paystack)`,
        columns: ['delivery', 'throughput', 'p50', 'p95', 'max'],
        rows: rows.map(([label, run]) => {
          const s = summarize(run.ms);
          return [label, formatRps(rate(run)), formatMs(s.p50), formatMs(s.p95), formatMs(s.max)];
        }),
        notes: [
          'Each delivery is signed over its exact bytes (HMAC-SHA512); valid ones are re-verified with the fake Paystack over HTTP before fulfilment.',
          'Fulfilment locks the payment row, updates it, extends the subscription and adds a notification in one transaction.',
        ],
      });

      const [tenant] = (JSON.parse((await send(server.port, '/api/tenant-context')).body) as { tenant: { id: string } | null }).tenant
        ? [(JSON.parse((await send(server.port, '/api/tenant-context')).body) as { tenant: { id: string } }).tenant]
        : [];
      if (!tenant) throw new BenchError('no demo tenant');
      const inProcess = JSON.parse((await send(server.port, `/__bench/plan-check?tenant=${tenant.id}`)).body) as { microsecondsPerCheck: number };
      const gated = { port: server.port, path: '/api/settings/business', host: HOST, headers: { cookie }, connections: settings.connections, durationSeconds: settings.seconds, serverPid: server.pid, title: 'GET /api/settings/business (session, membership, gate + feature, query)' };
      const profile = { port: server.port, path: '/api/profile', host: HOST, headers: { cookie }, connections: settings.connections, durationSeconds: settings.seconds, serverPid: server.pid, title: 'GET /api/profile (session only, no tenant checks)' };
      const { a: tenantRoute, b: userRoute, roundRatios } = await runAlternatingLoad(gated, profile, 4);
      const bareLoad = await runAlternatingLoad(
        { port: server.port, path: '/__bench/bare', host: HOST, connections: settings.connections, durationSeconds: 4, serverPid: server.pid, title: 'GET /__bench/bare (baseline)' },
        { port: server.port, path: '/__bench/bare', host: HOST, connections: settings.connections, durationSeconds: 4, serverPid: server.pid, title: 'GET /__bench/bare (baseline)' },
        2,
      );
      printTable({
        title: 'Figure B2 — what the plan and gate check costs a tenant request',
        columns: ['measure', 'throughput', 'p50', 'p95', 'server µs/req'],
        rows: [
          ['plan and gate check in its own tenant transaction, in-process', '–', '–', '–', `${Math.round(inProcess.microsecondsPerCheck)} µs`],
          ...[tenantRoute, userRoute, bareLoad.a].map((r) => [r.title, formatRps(r.requestsPerSecond), formatMs(r.latency.p50), formatMs(r.latency.p95), `${Math.round(r.serverMicrosecondsPerRequest)} µs`]),
        ],
        notes: [
          `Alternating rounds; tenant route ÷ user route per round: ${roundRatios.map((x) => x.toFixed(2)).join(', ')}.`,
          `A tenant route adds membership and the plan/gate check to the session read: ${Math.round(tenantRoute.serverMicrosecondsPerRequest - userRoute.serverMicrosecondsPerRequest)} µs more server CPU than the user route.`,
        ],
      });
      const fulfilRate = rate(webhooks.fulfil);
      return [
        {
          figure: 'webhook fulfilment (first delivery) / replay',
          value: `${formatRps(fulfilRate)} / ${formatRps(rate(webhooks.replay))}`,
          baseline: `bare POST ${formatRps(rate(webhooks.bare))} (${formatRatio(fulfilRate / rate(webhooks.bare))})`,
          status: 'INFO',
        },
        {
          figure: 'plan/gate check per tenant request',
          value: `${Math.round(inProcess.microsecondsPerCheck)} µs in-process`,
          baseline: `bare route ${Math.round(bareLoad.a.serverMicrosecondsPerRequest)} µs/req server CPU`,
          status: 'INFO',
        },
      ];
    } finally {
      await server.stop();
      await fake.close();
    }
  },
};

export default billing;
