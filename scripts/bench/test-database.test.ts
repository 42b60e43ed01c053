import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// The benches (`npm run bench`) open their databases with the tests' createTestDatabase, outside any
// Vitest run, where Vitest's inject throws: a change meant for the test runs once broke every bench
// that seeds its own database. This opens one the way a bench does, in a plain Node process.
const root = fileURLToPath(new URL('../..', import.meta.url));

const script = `
import { sql } from 'drizzle-orm';
import { createTestDatabase } from './tests/support/test-db.ts';
const database = await createTestDatabase();
const result = await database.platform.execute(sql\`select to_regclass('public.tenants') is not null as migrated\`);
console.log(JSON.stringify(result.rows[0]));
await database.dispose();
`;

it('opens a migrated PGlite database outside Vitest, as the benches do', () => {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'TEST_DB'));
  const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], { cwd: root, env, encoding: 'utf8' });
  expect(JSON.parse(output.trim().split('\n').at(-1)!)).toEqual({ migrated: true });
}, 60_000);
