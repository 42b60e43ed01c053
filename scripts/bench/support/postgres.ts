import { randomBytes } from 'node:crypto';
import pg from 'pg';

// A fresh database on the PostgreSQL server in DATABASE_URL, dropped afterwards
// (the same approach as tests/support/test-db.ts).

export interface ScratchDatabase {
  name: string;
  url: string;
  host: string;
  serverVersion: string;
  drop(): Promise<void>;
}

export async function createScratchDatabase(adminUrl: string): Promise<ScratchDatabase> {
  const name = `dukani_bench_${randomBytes(6).toString('hex')}`;
  const [version] = await runAdmin(adminUrl, 'show server_version');
  await runAdmin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    host: url.host,
    serverVersion: String(version?.server_version ?? 'unknown').split(' ')[0]!,
    async drop() {
      await runAdmin(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function runAdmin(url: string, statement: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return (await client.query(statement)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}
