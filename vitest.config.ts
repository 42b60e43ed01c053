import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
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
    projects: [
      { extends: true, test: { name: 'unit', include: ['core/**/*.test.ts', 'web/**/*.test.ts', 'scripts/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'integration',
          include: integrationFiles,
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
