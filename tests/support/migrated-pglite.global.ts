import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_DIR } from '../../server/db/client';
import { migrateInOneTransaction } from '../../server/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated embedded database's data folder, which each test file starts from. */
    migratedPgliteDump?: string;
  }
}

// The integration suite's embedded databases (tests/support/test-db.ts): a fresh PGlite costs an
// initdb and every migration, a few seconds per test file; one migrated once per run and loaded
// from its dump costs half a second.
export default async function setup(project: TestProject) {
  const client = new PGlite({ extensions: { pg_trgm } });
  await migrateInOneTransaction(drizzle(client), MIGRATIONS_DIR);
  const dump = await client.dumpDataDir('none');
  await client.close();
  const path = join(tmpdir(), `dukani-migrated-pglite-${process.pid}.tar`);
  await writeFile(path, Buffer.from(await dump.arrayBuffer()));
  project.provide('migratedPgliteDump', path);
  return () => rm(path, { force: true });
}
