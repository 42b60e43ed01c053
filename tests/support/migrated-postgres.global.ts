import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { runAdmin } from './test-db';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated database on the server in DATABASE_URL, which each test file's database copies. */
    migratedPostgresTemplate?: string;
  }
}

// The integration suite on PostgreSQL (tests/support/test-db.ts): each test file gets a database
// of its own, created as a copy of one migrated once per run rather than migrated again.
export default async function setup(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('The PostgreSQL integration suite needs DATABASE_URL');
  const name = `dukani_template_${randomBytes(6).toString('hex')}`;
  await runAdmin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  // A pooler (PgBouncer under test:scale) keeps its server connections to the template once the
  // migration's client has gone, and a database someone is connected to cannot be copied.
  await runAdmin(adminUrl, `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);
  project.provide('migratedPostgresTemplate', name);
  return () => runAdmin(adminUrl, `drop database if exists ${name} with (force)`);
}
