import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';

export type TestDatabase = Database & { dispose(): Promise<void> };

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server in DATABASE_URL when TEST_DB=postgres (dropped again by dispose()). Both
 * start from the run's migrated copy when the suite's global setup made one
 * (tests/support/migrated-*.global.ts); migrate() then finds nothing left to apply.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB !== 'postgres') {
    const dumpPath = fromGlobalSetup('migratedPgliteDump');
    const loadDataDir = dumpPath ? new Blob([await readFile(dumpPath)]) : undefined;
    const database = await openDatabase({ driver: 'pglite', loadDataDir });
    await database.migrate();
    return Object.assign(database, { dispose: () => database.close() });
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const name = `dukani_test_${randomBytes(6).toString('hex')}`;
  const template = fromGlobalSetup('migratedPostgresTemplate');
  await runAdmin(adminUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 8 });
  await database.migrate();
  return Object.assign(database, {
    async dispose() {
      await database.close();
      await runAdmin(adminUrl, `drop database if exists ${name} with (force)`);
    },
  });
}

/**
 * What the suite's global setup provided; nothing outside a Vitest run (the benches open their
 * databases here too, and Vitest's inject throws there).
 */
function fromGlobalSetup<Key extends 'migratedPgliteDump' | 'migratedPostgresTemplate'>(key: Key) {
  return process.env.VITEST ? inject(key) : undefined;
}

export async function runAdmin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
