import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { READY_PREFIX, type BenchServerReady } from './bench-tenants';
import {
  BENCH_AUTH_SECRET,
  baseChildEnv,
  createTempDataDir,
  findFreePort,
  startChildServer,
  type ChildServer,
} from './child-server';
import { BENCH_SERVER_ENTRY, REPO_ROOT } from './paths';
import { BenchError } from './suite';

// The processes the suites measure: the bench server (the app plus bench routes, under tsx), the
// production entry (`node dist/server/main.js`, what `npm start` runs), and bare baselines.

export type BenchServer = ChildServer & { ready: BenchServerReady };

export async function startBenchServer(options: {
  label: string;
  tenants: number;
  misses: number;
  /** A PostgreSQL database; PGlite in the temporary DATA_DIR when absent. */
  databaseUrl?: string;
  /** More of the app's variables, e.g. TRUST_PROXY. */
  env?: NodeJS.ProcessEnv;
  /** A DATA_DIR prepared beforehand (e.g. a large catalog); removed when the server stops. */
  dataDir?: string;
}): Promise<BenchServer> {
  const port = await findFreePort();
  const dataDir = options.dataDir ?? createTempDataDir('server');
  const env: NodeJS.ProcessEnv = {
    ...baseChildEnv(),
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    AUTH_SECRET: BENCH_AUTH_SECRET,
    LOG_LEVEL: 'error',
    BENCH_TENANTS: String(options.tenants),
    BENCH_MISSES: String(options.misses),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl, SEED_DEMO: 'true' } : {}),
    ...options.env,
  };
  const server = await startChildServer({
    label: options.label,
    nodeArgs: ['--import', 'tsx', BENCH_SERVER_ENTRY],
    env,
    dataDir,
    port,
    isReadyLine: (line) => line.startsWith(READY_PREFIX),
  });
  const ready = JSON.parse(server.readyLine.slice(READY_PREFIX.length)) as BenchServerReady;
  if (ready.pid !== server.pid) {
    await server.stop();
    throw new BenchError(`${options.label}: expected the server in the spawned process (pid ${server.pid}), got pid ${ready.pid}`);
  }
  return Object.assign(server, { ready });
}

export const PRODUCTION_ENTRY = 'dist/server/main.js';
const SERVER_SOURCES = ['core', 'server', 'package.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stat.mtimeMs);
}

/** Builds dist/server/main.js (npm run build:server) unless it is newer than its sources, as `npm start` does. */
export function ensureProductionBuild(): { rebuilt: boolean; hasWebBuild: boolean } {
  const entry = join(REPO_ROOT, PRODUCTION_ENTRY);
  const sourceTime = Math.max(...SERVER_SOURCES.map((source) => newestMtime(join(REPO_ROOT, source))));
  let rebuilt = false;
  if (!existsSync(entry) || statSync(entry).mtimeMs < sourceTime) {
    const result = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: REPO_ROOT, encoding: 'utf8' });
    if (result.status !== 0) throw new BenchError(`npm run build:server failed:\n${result.stdout}\n${result.stderr}`);
    rebuilt = true;
  }
  return { rebuilt, hasWebBuild: existsSync(join(REPO_ROOT, 'dist/web/index.html')) };
}

/**
 * The production entry as scripts/start.mjs runs it: `main.js --prepare` (migrate and seed in a
 * process of its own), then `main.js` serving, in production mode.
 */
export async function startProductionServer(options: { label: string; dataDir?: string; env?: NodeJS.ProcessEnv }): Promise<ChildServer> {
  const port = await findFreePort();
  const dataDir = options.dataDir ?? createTempDataDir('production');
  const env = {
    ...baseChildEnv(),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    AUTH_SECRET: BENCH_AUTH_SECRET,
    LOG_LEVEL: 'error',
    ...options.env,
  };
  const prepared = spawnSync(process.execPath, ['--enable-source-maps', PRODUCTION_ENTRY, '--prepare'], { cwd: REPO_ROOT, env, encoding: 'utf8' });
  if (prepared.status !== 0) throw new BenchError(`${PRODUCTION_ENTRY} --prepare failed:\n${prepared.stdout}\n${prepared.stderr}`);
  return startChildServer({
    label: options.label,
    nodeArgs: ['--enable-source-maps', PRODUCTION_ENTRY],
    env,
    dataDir,
    port,
    isReadyLine: (line) => line.includes('Dukani is running on'),
  });
}

const BASELINE_READY = 'BASELINE_READY';
const BASELINE_SCRIPTS = {
  // The database alone, opened exactly as server/db/client.ts opens it (data folder, pg_trgm, 16 MB buffers).
  pglite: `
    import { mkdirSync } from 'node:fs';
    import { join } from 'node:path';
    import { PGlite } from '@electric-sql/pglite';
    import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
    mkdirSync(process.env.DATA_DIR, { recursive: true });
    const client = new PGlite(join(process.env.DATA_DIR, 'pglite'), { extensions: { pg_trgm }, postgresqlconf: ['shared_buffers=16MB'] });
    await client.waitReady;
    await client.query('create extension if not exists pg_trgm');
    console.log('${BASELINE_READY}');
    process.on('SIGTERM', () => client.close().finally(() => process.exit(0)));
  `,
  idle: `
    console.log('${BASELINE_READY}');
    setInterval(() => undefined, 60_000);
    process.on('SIGTERM', () => process.exit(0));
  `,
};

/** A minimal process to compare memory with: PGlite alone, or an idle Node (optionally with the tsx loader). */
export async function startBaselineProcess(options: {
  label: string;
  kind: keyof typeof BASELINE_SCRIPTS;
  withTsx?: boolean;
  dataDir?: string;
}): Promise<ChildServer> {
  const dataDir = options.dataDir ?? createTempDataDir('baseline');
  return startChildServer({
    label: options.label,
    nodeArgs: [...(options.withTsx ? ['--import', 'tsx'] : []), '--input-type=module', '-e', BASELINE_SCRIPTS[options.kind]],
    env: { ...baseChildEnv(), DATA_DIR: dataDir },
    dataDir,
    port: 0,
    isReadyLine: (line) => line === BASELINE_READY,
  });
}
