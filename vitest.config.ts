import { defineConfig } from 'vitest/config';

// unit: pure rules in core/ · integration: server/ against PGlite, and again against the
// PostgreSQL server in DATABASE_URL when it is set (each test file gets a fresh database).
const integrationFiles = ['server/**/*.test.ts', 'tests/integration/**/*.test.ts'];
const hasPostgres = Boolean(process.env.DATABASE_URL);

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['core/**/*.test.ts', 'web/**/*.test.ts', 'scripts/**/*.test.ts'], environment: 'node' } },
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
