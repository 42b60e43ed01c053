import { createOwnedDatabase, isPgBouncerInstalled, startPgBouncer } from '../../support/pgbouncer';
import { formatMs, formatRatio, formatRps } from '../support/format';
import { runLoad, type LoadResult } from '../support/load';
import { ensureProductionBuild, startProductionServer } from '../support/servers';
import { signInCookie } from '../support/sign-in';
import type { ChildServer } from '../support/child-server';
import type { BenchSuite, SummaryLine } from '../support/suite';
import { printTable } from '../support/table';

// Scale-out figure (docs/decisions/0013): tenant-route throughput of two production servers that
// reach PostgreSQL through PgBouncer in transaction mode, beside one server connected directly, in
// the same run, on the same database. On this machine's two cores the servers, PgBouncer,
// PostgreSQL and the load generator share the same CPUs, so the ratio shows what the pooler and
// the second process cost, not what a second machine would add.

const HOST = 'demo.localhost';
const OWNER = 'dukani_bench_owner';
const ROUTE = '/api/settings/business';
const settings = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  seconds: Number(process.env.BENCH_DURATION_SECONDS ?? 10),
  rounds: 3,
};

let addressCounter = 0;
const nextClientAddress = () => {
  addressCounter += 1;
  return `198.18.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

/** Both servers loaded at once, half the connections each; requests per second added up. */
async function loadBoth(servers: ChildServer[], cookie: string, seconds: number): Promise<LoadResult[]> {
  return Promise.all(
    servers.map((server) =>
      runLoad({
        title: `GET ${ROUTE} on ${server.label}`,
        port: server.port,
        path: ROUTE,
        host: HOST,
        headers: { cookie },
        connections: Math.max(1, Math.round(settings.connections / servers.length)),
        durationSeconds: seconds,
        serverPid: server.pid,
      }),
    ),
  );
}

const scale: BenchSuite = {
  name: 'scale',
  description: 'tenant-route requests per second: two servers through PgBouncer (transaction mode) beside one server direct',
  async run(): Promise<SummaryLine[]> {
    if (!isPgBouncerInstalled()) {
      console.log('\n■ Scale: SKIPPED, PgBouncer is not installed (apt-get install -y pgbouncer).');
      return [{ figure: 'two servers via PgBouncer ÷ one direct', value: 'skipped', baseline: 'needs pgbouncer and local PostgreSQL', status: 'SKIPPED' }];
    }
    ensureProductionBuild();
    const database = createOwnedDatabase(`dukani_bench_scale_${process.pid}`, OWNER);
    const bouncer = await startPgBouncer(OWNER);
    const servers: ChildServer[] = [];
    try {
      const env = (url: string) => ({ DATABASE_URL: url, SEED_DEMO: 'true', TRUST_PROXY: 'true' });
      // The first start migrates and seeds through the pooler; the others find it done.
      const direct = await startProductionServer({ label: 'one server, direct', env: env(database.directUrl) });
      servers.push(direct);
      const pooled = [
        await startProductionServer({ label: 'server 1 via PgBouncer', env: env(bouncer.url(database.name)) }),
        await startProductionServer({ label: 'server 2 via PgBouncer', env: env(bouncer.url(database.name)) }),
      ];
      servers.push(...pooled);
      const cookie = await signInCookie(direct.port, { host: HOST, email: 'owner@demo.test', clientAddress: nextClientAddress() });

      // Warm-up, then alternating rounds so drift on the shared machine falls on both alike.
      await loadBoth([direct], cookie, 2);
      await loadBoth(pooled, cookie, 2);
      const directRuns: LoadResult[] = [];
      const pooledRuns: LoadResult[][] = [];
      for (let round = 0; round < settings.rounds; round += 1) {
        const seconds = settings.seconds / settings.rounds;
        if (round % 2 === 0) {
          directRuns.push(...(await loadBoth([direct], cookie, seconds)));
          pooledRuns.push(await loadBoth(pooled, cookie, seconds));
        } else {
          pooledRuns.push(await loadBoth(pooled, cookie, seconds));
          directRuns.push(...(await loadBoth([direct], cookie, seconds)));
        }
      }
      const directRps = directRuns.reduce((sum, run) => sum + run.requestsPerSecond, 0) / directRuns.length;
      const pooledRps = pooledRuns.reduce((sum, pair) => sum + pair.reduce((total, run) => total + run.requestsPerSecond, 0), 0) / pooledRuns.length;
      const p95 = (runs: LoadResult[]) => Math.max(...runs.map((run) => run.latency.p95));
      printTable({
        title: `Scale — GET ${ROUTE} as the demo owner (${settings.connections} connections in all, ${settings.seconds} s each in ${settings.rounds} alternating rounds)`,
        columns: ['setup', 'req/s', 'worst p95'],
        rows: [
          ['one server, PostgreSQL direct', formatRps(directRps), formatMs(p95(directRuns))],
          ['two servers, PgBouncer transaction mode', formatRps(pooledRps), formatMs(p95(pooledRuns.flat()))],
        ],
        notes: [
          `ratio ${formatRatio(pooledRps / directRps)}; all on two cores shared with PostgreSQL, PgBouncer and the load generator.`,
          'The route reads the session, the shop and its business settings: a tenant request with a one-row query.',
        ],
      });
      return [
        {
          figure: `two servers via PgBouncer ÷ one direct (GET ${ROUTE})`,
          value: `${formatRps(pooledRps)} (${formatRatio(pooledRps / directRps)})`,
          baseline: `one server direct: ${formatRps(directRps)}`,
          status: 'INFO',
        },
      ];
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await bouncer.stop();
      database.drop();
    }
  },
};

export default scale;
