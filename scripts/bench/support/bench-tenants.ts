// Names shared by the bench server (which seeds them) and the suites (which request them).

export const benchSubdomain = (index: number) => `bench-${String(index).padStart(4, '0')}`;
export const benchTenantName = (index: number) => `Bench ${String(index).padStart(4, '0')}`;
/** Unknown local hosts: no subdomain, name or partial match, so every lookup runs all three queries. */
export const unknownSubdomain = (index: number) => `nosuch-${String(index).padStart(4, '0')}`;

export const range = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

export const DEMO_HOST = 'demo.localhost';
export const DEMO_SUBDOMAIN = 'demo';

/** The bench server's JSON line on stdout once it listens. */
export const READY_PREFIX = 'BENCH_READY ';

export interface BenchServerReady {
  pid: number;
  port: number;
  driver: 'pglite' | 'postgres';
  /** process.memoryUsage().rss right after bootstrap (open, migrate, seed demo), in MB. */
  rssAfterBootstrapMb: number;
  seededTenants: number;
  seedMs: number;
  bootstrapMs: number;
}
