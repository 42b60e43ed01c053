import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { linguiMacroPreset } from './scripts/lingui-macro-preset.ts';

// unit: pure rules in core/ · integration: server/ against PGlite, and again against the
// PostgreSQL server in DATABASE_URL when it is set (each test file gets a fresh database).
const integrationFiles = ['server/**/*.test.ts', 'tests/integration/**/*.test.ts'];
const hasPostgres = Boolean(process.env.DATABASE_URL);

export default defineConfig({
  // Web modules under test may use Lingui's macros and import catalogs, as in the app build.
  plugins: [babel({ presets: [linguiMacroPreset] }), lingui()],
  test: {
    // Vitest's default leaves one core to its main process, which only waits: on CI's two cores
    // that ran one test file at a time. Each file's database (PGlite in the worker, or a PostgreSQL
    // server elsewhere) keeps its worker busy on its own.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      { extends: true, test: { name: 'unit', include: ['core/**/*.test.ts', 'web/**/*.test.ts', 'scripts/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'integration',
          include: integrationFiles,
          globalSetup: ['tests/support/migrated-pglite.global.ts'],
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(hasPostgres
        ? [
            {
              test: {
                name: 'integration-postgres',
                include: integrationFiles,
                globalSetup: ['tests/support/migrated-postgres.global.ts'],
                env: { TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
