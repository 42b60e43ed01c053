import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser suite: real Chromium against one real server (started by global-setup.ts, or the one
// in E2E_BASE_URL), so files run one after another.
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
