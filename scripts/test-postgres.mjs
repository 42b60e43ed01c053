// `npm run test:pg`: the integration suite on a PostgreSQL server (each test file gets a fresh
// database there). DATABASE_URL defaults to the local server's postgres database.
import { spawnSync } from 'node:child_process';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const env = { ...process.env, DATABASE_URL: process.env.DATABASE_URL || DEFAULT_URL };
console.log(`Integration suite on PostgreSQL at ${new URL(env.DATABASE_URL).host}`);
const result = spawnSync('npx', ['vitest', 'run', '--project', 'integration-postgres', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env,
});
process.exit(result.status ?? 1);
