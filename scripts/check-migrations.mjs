// `npm run db:check`: fails when the Drizzle schema has a change no migration covers.
// drizzle-kit generates against a copy of the migrations folder; any new file means drift.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';

// drizzle-kit prefixes "./" to --out, so the copy must live under the repository (dist/ is ignored).
const copy = 'dist/migration-check';
rmSync(copy, { recursive: true, force: true });
mkdirSync(copy, { recursive: true });
cpSync('server/db/migrations', copy, { recursive: true });
const before = new Set(readdirSync(copy));
const result = spawnSync(
  'npx',
  ['drizzle-kit', 'generate', '--dialect', 'postgresql', '--schema', './server/db/schema/index.ts', '--out', copy, '--casing', 'snake_case', '--name', 'drift'],
  { encoding: 'utf8' },
);
const added = readdirSync(copy).filter((file) => !before.has(file));
rmSync(copy, { recursive: true, force: true });
// drizzle-kit can exit 0 after an error, so its output is checked too.
if (result.status !== 0 || /error/i.test(result.stderr) || /Error:/.test(result.stdout)) {
  console.error(result.stdout, result.stderr);
  process.exit(result.status ?? 1);
}
if (added.length > 0) {
  console.error('The schema has changes without a migration. Run `npm run db:generate` and commit the result.');
  process.exit(1);
}
console.log('Migrations match the schema.');
