// `npm run test:scale`: two app servers behind PgBouncer in transaction mode, proven with the
// browser suite (docs/decisions/0013-pooler-safe-database-use.md).
//  1. a fresh database on the local PostgreSQL, owned by a non-superuser (README: Production setup);
//  2. PgBouncer (Debian's package) in transaction mode on a free port in front of it;
//  3. two servers started at the same moment through PgBouncer, both migrating and seeding an empty
//     database: both must become healthy (a session-level migration lock hung the second forever);
//  4. a proxy that sends each request to the other server in turn (a sign-in on one, the next page
//     on the other), and the whole browser suite through it (arguments: e2e files to run instead);
//  5. the integration suite's isolation and migration tests with DATABASE_URL through PgBouncer.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort } from './support/free-port';
import { createOwnedDatabase, startPgBouncer } from './support/pgbouncer';

const OWNER = 'dukani_scale_owner';
const HEALTHY_WITHIN_MS = 180_000;
const ISOLATION_TESTS = [
  'server/db/migrate.test.ts',
  'server/db/tenant-isolation.test.ts',
  'server/db/tenant-scope.types.test.ts',
  'server/products/products.routes.test.ts',
  'server/inventory/stock-ledger.test.ts',
];

interface RunningServer {
  name: string;
  child: ChildProcess;
  output: string[];
}

const log = (message: string) => console.log(`[test:scale] ${message}`);

/** Runs a command to its end without blocking this process, which also serves the proxy. */
function runToEnd(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
const cleanups: (() => unknown)[] = [];

function startServer(name: string, env: NodeJS.ProcessEnv): RunningServer {
  // Its own process group, so stopping it stops the start script and the server it runs.
  const child = spawn(process.execPath, ['scripts/start.mjs'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 400) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
  });
  return { name, child, output };
}

async function waitHealthy(server: RunningServer, url: string) {
  const deadline = Date.now() + HEALTHY_WITHIN_MS;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`${server.name} exited (${server.child.exitCode}):\n${server.output.join('')}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${server.name} did not become healthy within ${HEALTHY_WITHIN_MS / 1000} s (a migration lock left held?):\n${server.output.join('')}`);
}

/**
 * Sends each request to the next server in turn; Host and X-Forwarded-For pass through untouched.
 * A kept-alive connection the server closes as the proxy reuses it fails with ECONNRESET before any
 * answer (Node's documented race for `request.reusedSocket`): a GET or HEAD is then sent again on a
 * new connection, as nginx does, so the suite does not fail on the harness's own socket reuse.
 */
function startAlternatingProxy(ports: number[]) {
  const counts = ports.map(() => 0);
  const failures: string[] = [];
  let next = 0;
  const agent = new http.Agent({ keepAlive: true });
  const forward = (request: http.IncomingMessage, response: http.ServerResponse, index: number, retried: boolean) => {
    const upstream = http.request(
      { host: '127.0.0.1', port: ports[index], method: request.method, path: request.url, headers: request.headers, agent },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(response);
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      const idempotent = request.method === 'GET' || request.method === 'HEAD';
      if (!retried && idempotent && upstream.reusedSocket && error.code === 'ECONNRESET') {
        forward(request, response, index, true);
        return;
      }
      failures.push(`${request.method} ${request.url} on server ${index + 1}: ${error.message}`);
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(`proxy: server ${index + 1} failed: ${error.message}`);
    });
    if (retried) upstream.end();
    else request.pipe(upstream);
  };
  const proxy = http.createServer((request, response) => {
    const index = next;
    next = (next + 1) % ports.length;
    counts[index] = (counts[index] ?? 0) + 1;
    forward(request, response, index, false);
  });
  return { proxy, counts, failures };
}

async function main() {
  const database = createOwnedDatabase(`dukani_scale_${process.pid}`, OWNER);
  cleanups.push(() => database.drop());
  log(`database ${database.name}, owned by the non-superuser ${OWNER}`);
  const bouncer = await startPgBouncer(OWNER);
  cleanups.push(() => bouncer.stop());
  log(`PgBouncer in transaction mode on port ${bouncer.port}`);

  // Build once, so the two servers start at the same moment instead of queueing on a build.
  const { NODE_ENV: _testRunnerNodeEnv, ...baseEnv } = process.env;
  const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit', env: baseEnv });
  if (build.status !== 0) throw new Error('npm run build failed');

  const ports = [await findFreePort(), await findFreePort()];
  // One DATA_DIR for both, as uploads would be on a shared volume.
  const dataDir = mkdtempSync(join(tmpdir(), 'dukani-scale-data-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  log(`starting two servers at once on ports ${ports.join(' and ')}`);
  const servers = ports.map((port, index) =>
    startServer(`server ${index + 1}`, {
      ...baseEnv,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: bouncer.url(database.name),
      SEED_DEMO: 'true',
      // As the browser suite's own server (tests/e2e/global-setup.ts): a day of demo sales, not 90.
      DEMO_SALES_DAYS: '1',
      DEMO_SALES_PER_DAY: '40',
      TRUST_PROXY: 'true',
      AUTH_SECRET: 'scale-test-secret-shared-by-both-servers-0123456789abcdef',
      DATA_ENCRYPTION_KEY: 'scale-test-data-key-shared-by-both-servers-0123456789abcdef',
    }),
  );
  await Promise.all(servers.map((server, index) => waitHealthy(server, `http://localhost:${ports[index]}`)));
  log('both servers are healthy');

  const { proxy, counts, failures } = startAlternatingProxy(ports);
  const proxyPort = await findFreePort();
  await new Promise<void>((resolve) => proxy.listen(proxyPort, '127.0.0.1', resolve));
  cleanups.push(() => proxy.close());

  log(`browser suite through the alternating proxy on port ${proxyPort}`);
  const e2eExit = await runToEnd('npm', ['run', '--silent', 'test:e2e', '--', ...process.argv.slice(2)], {
    ...baseEnv,
    E2E_BASE_URL: `http://localhost:${proxyPort}`,
  });
  log(`requests per server: ${counts.join(' / ')}`);
  for (const failure of failures) log(`proxy error: ${failure}`);
  if (e2eExit !== 0) {
    for (const server of servers) log(`${server.name}'s last output:\n${server.output.slice(-40).join('')}`);
    throw new Error(`the browser suite failed through two servers (exit ${e2eExit})`);
  }

  log('isolation and migration tests through PgBouncer');
  const integrationExit = await runToEnd('npx', ['vitest', 'run', '--project', 'integration-postgres', ...ISOLATION_TESTS], {
    ...process.env,
    DATABASE_URL: bouncer.url(database.name),
    DATABASE_POOL_MODE: 'transaction',
  });
  if (integrationExit !== 0) throw new Error(`the isolation tests failed through PgBouncer (exit ${integrationExit})`);
  log('passed: two servers behind PgBouncer in transaction mode');
}

async function cleanUp() {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error(`[test:scale] cleanup: ${(error as Error).message}`);
    }
  }
}

main().then(
  () => cleanUp().then(() => process.exit(0)),
  (error: Error) => {
    console.error(`[test:scale] FAILED: ${error.message}`);
    void cleanUp().then(() => process.exit(1));
  },
);
