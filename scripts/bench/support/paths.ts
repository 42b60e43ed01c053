import { fileURLToPath } from 'node:url';

/** The repository root: child servers run from here (migrations and dist are found relative to it). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const BENCH_SERVER_ENTRY = fileURLToPath(new URL('./bench-server.ts', import.meta.url));
