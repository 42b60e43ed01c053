import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-db';
import { MIGRATIONS_DIR, openDatabase, queryRows, type Database } from './client';
import { MIGRATION_LOCK_KEY, migrateInOneTransaction } from './migrate';

const migrationCount = readdirSync(MIGRATIONS_DIR).filter((file) => file.endsWith('.sql')).length;

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

describe(`migrations (${process.env.TEST_DB})`, () => {
  it('records every migration once, and a second run applies nothing', async () => {
    const rows = await queryRows<{ count: number }>(database.platform, sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
    expect(rows[0]?.count).toBe(migrationCount);
    expect(await migrateInOneTransaction(database.platform, MIGRATIONS_DIR)).toEqual({ applied: 0 });
  });

  it.runIf(process.env.TEST_DB === 'postgres')('servers starting together migrate once: the others wait for the lock, then find nothing to do', async () => {
    const url = new URL(process.env.DATABASE_URL ?? '');
    const admin = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 1 });
    const name = `dukani_migrate_race_${Date.now()}`;
    await admin.platform.execute(sql.raw(`create database ${name}`));
    url.pathname = `/${name}`;
    const servers: Database[] = await Promise.all(Array.from({ length: 4 }, () => openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 2 })));
    try {
      const results = await Promise.all(servers.map((server) => migrateInOneTransaction(server.platform, MIGRATIONS_DIR)));
      expect(results.map((result) => result.applied).sort((a, b) => b - a)).toEqual([migrationCount, 0, 0, 0]);
      const [journal] = await queryRows<{ count: number; hashes: number }>(
        servers[0]!.platform,
        sql`select count(*)::int as count, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations`,
      );
      expect(journal).toEqual({ count: migrationCount, hashes: migrationCount });
      // No migration lock outlives its transaction: a connection that holds it while idle (outside
      // any transaction) holds a session-level lock, which behind a transaction-mode pooler is never
      // released and makes the next server wait forever. Cluster-wide, so that under test:scale it
      // also catches a lock left by the servers that migrated the app's database through PgBouncer.
      const leftOver = await queryRows<{ count: number }>(
        servers[0]!.platform,
        sql`select count(*)::int as count from pg_locks l join pg_stat_activity a on a.pid = l.pid
            where l.locktype = 'advisory' and l.classid = 0 and l.objid = ${MIGRATION_LOCK_KEY} and a.state = 'idle'`,
      );
      expect(leftOver[0]?.count).toBe(0);
    } finally {
      await Promise.all(servers.map((server) => server.close()));
      await admin.platform.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await admin.close();
    }
  });

  // Only under `npm run test:scale`, where DATABASE_URL goes through PgBouncer in transaction mode. It
  // shows the failure the migration lock had (the second server waited forever), and that the
  // harness really pools per transaction. PgBouncer hands server connections out last-in first-out,
  // so a transaction opened right after the lock takes the connection that holds it.
  it.runIf(process.env.DATABASE_POOL_MODE === 'transaction')('through the pooler a session-level lock outlives its unlock, which is why migrations lock per transaction', async () => {
    const [current] = await queryRows<{ name: string }>(database.platform, sql`select current_database() as name`);
    const url = new URL(process.env.DATABASE_URL ?? '');
    url.pathname = `/${current?.name}`;
    const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
    const locker = await pool.connect();
    const other = await pool.connect();
    const key = MIGRATION_LOCK_KEY + 1_000_000;
    try {
      await locker.query('select pg_advisory_lock($1)', [key]);
      await other.query('begin');
      await other.query('select 1');
      const unlock = await locker.query<{ unlocked: boolean }>('select pg_advisory_unlock($1) as unlocked', [key]);
      await other.query('commit');
      expect(unlock.rows[0]?.unlocked).toBe(false);
    } finally {
      locker.release();
      other.release();
      await pool.end();
    }
  });
});
