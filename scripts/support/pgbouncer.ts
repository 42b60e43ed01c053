// A fresh database owned by a non-superuser, and PgBouncer in transaction mode in front of it: what
// `npm run test:scale` and the scale bench run two app servers through (docs/decisions/0013).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort } from './free-port';

export const LOCAL_POSTGRES = { host: '127.0.0.1', port: 5432, superuser: 'postgres' } as const;

function psql(database: string, args: string[]) {
  const result = spawnSync(
    'psql',
    ['-q', '-v', 'ON_ERROR_STOP=1', '-h', LOCAL_POSTGRES.host, '-p', String(LOCAL_POSTGRES.port), '-U', LOCAL_POSTGRES.superuser, '-d', database, ...args],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`psql ${args.join(' ')} failed: ${result.stderr}`);
}

export interface OwnedDatabase {
  name: string;
  owner: string;
  /** A direct connection string, as the owner. */
  directUrl: string;
  drop(): void;
}

/**
 * A new database on the local PostgreSQL, owned by a non-superuser that does not bypass RLS, set up
 * by scripts/postgres/create-owner.sql as the README's production setup does. The owner may also
 * create databases (the integration tests make one per file).
 */
export function createOwnedDatabase(name: string, owner: string): OwnedDatabase {
  psql('postgres', ['-v', `owner=${owner}`, '-v', `database=${name}`, '-f', 'scripts/postgres/create-owner.sql']);
  psql('postgres', ['-c', `alter role ${owner} createdb`]);
  return {
    name,
    owner,
    directUrl: `postgres://${owner}@${LOCAL_POSTGRES.host}:${LOCAL_POSTGRES.port}/${name}`,
    drop: () => psql('postgres', ['-c', `drop database if exists ${name} with (force)`]),
  };
}

export interface PgBouncer {
  port: number;
  /** A connection string through PgBouncer to `database`, as `user`. */
  url(database: string): string;
  output(): string;
  stop(): Promise<void>;
}

export function isPgBouncerInstalled(): boolean {
  return spawnSync('sh', ['-c', 'command -v pgbouncer']).status === 0;
}

/** PgBouncer (Debian's package) in transaction mode on a free port, in front of the local PostgreSQL. */
export async function startPgBouncer(user: string, options: { poolSize?: number } = {}): Promise<PgBouncer> {
  if (!isPgBouncerInstalled()) throw new Error('PgBouncer is not installed: apt-get install -y pgbouncer');
  const work = mkdtempSync(join(tmpdir(), 'dukani-pgbouncer-'));
  chmodSync(work, 0o755);
  const port = await findFreePort();
  writeFileSync(join(work, 'users.txt'), `"${user}" ""\n`);
  writeFileSync(
    join(work, 'pgbouncer.ini'),
    [
      '[databases]',
      // Any database name goes to the same-named database: the tests' per-file databases too.
      `* = host=${LOCAL_POSTGRES.host} port=${LOCAL_POSTGRES.port}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(work, 'users.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 500',
      `default_pool_size = ${options.poolSize ?? 20}`,
      'ignore_startup_parameters = extra_float_digits,options',
      '',
    ].join('\n'),
  );
  // PgBouncer refuses to run as root: it switches to the postgres user then.
  const config = join(work, 'pgbouncer.ini');
  const child: ChildProcess = spawn('pgbouncer', process.getuid?.() === 0 ? ['-u', 'postgres', config] : [config], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(work, { recursive: true, force: true });
  };
  for (let attempt = 0; spawnSync('pg_isready', ['-q', '-h', '127.0.0.1', '-p', String(port)]).status !== 0; attempt += 1) {
    if (child.exitCode !== null || attempt > 100) {
      await stop();
      throw new Error(`PgBouncer did not start:\n${output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { port, url: (database) => `postgres://${user}@127.0.0.1:${port}/${database}`, output: () => output.join(''), stop };
}
