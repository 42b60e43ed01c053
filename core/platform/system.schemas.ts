import { z } from 'zod';

// The console's System Health and Database pages (issue 21, docs/platform.md):
// GET /api/platform/system, GET /api/platform/database, GET /api/platform/database/tenants.

// ── System health ──────────────────────────────────────────────────────────

export const routeFamilySchema = z.object({
  /** The first path segment after /api of the routes counted (`sales`, `products`), `web` or `metrics`. */
  family: z.string(),
  requests: z.number().int(),
  clientErrors: z.number().int(),
  serverErrors: z.number().int(),
  /** 5xx answers over all answers, 0–1 (null without requests). */
  errorRate: z.number().nullable(),
  /** Estimated from the latency histogram's buckets, milliseconds. */
  p50Ms: z.number().nullable(),
  p95Ms: z.number().nullable(),
  p99Ms: z.number().nullable(),
});
export type RouteFamily = z.infer<typeof routeFamilySchema>;

export const OUTBOX_KINDS = ['email', 'sms', 'whatsapp', 'message_email', 'etims'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export const systemHealthSchema = z.object({
  now: z.string(),
  startedAt: z.string(),
  uptimeSeconds: z.number(),
  version: z.string(),
  commit: z.string().nullable(),
  /** Requests answered per minute, the last minutes (oldest first; the last one still running). */
  recentMinutes: z.array(z.object({ at: z.string(), requests: z.number().int(), clientErrors: z.number().int(), serverErrors: z.number().int() })),
  /** Over the last five whole minutes and the running one. */
  recent: z.object({
    windowMinutes: z.number().int(),
    requests: z.number().int(),
    requestsPerMinute: z.number(),
    serverErrorRate: z.number().nullable(),
    clientErrorRate: z.number().nullable(),
  }),
  families: z.array(routeFamilySchema),
  database: z.object({
    driver: z.enum(['pglite', 'postgres']),
    /** This server's pool: connections open and busy, idle, requests waiting for one; PGlite has exactly one. */
    inUse: z.number().int().nullable(),
    idle: z.number().int().nullable(),
    waiting: z.number().int().nullable(),
    poolSize: z.number().int(),
    /** Connections to this database from every server (pg_stat_activity), and the server's max_connections. */
    serverConnections: z.number().int().nullable(),
    maxConnections: z.number().int().nullable(),
  }),
  jobs: z.object({
    due: z.number().int(),
    running: z.number().int(),
    scheduled: z.number().int(),
    retrying: z.number().int(),
    byName: z.array(z.object({ name: z.string(), due: z.number().int(), running: z.number().int(), scheduled: z.number().int(), retrying: z.number().int() })),
    recentFailures: z.array(
      z.object({ id: z.string(), name: z.string(), attempts: z.number().int(), error: z.string(), failedAt: z.string().nullable(), retryAt: z.string() }),
    ),
  }),
  outboxes: z.array(
    z.object({
      kind: z.enum(OUTBOX_KINDS),
      /** Waiting to go (or going). */
      pending: z.number().int(),
      /** Given up on: in the last 7 days for messages and e-mails; every refused eTIMS document. */
      failed: z.number().int(),
      shops: z.number().int(),
      oldestPendingAt: z.string().nullable(),
    }),
  ),
});
export type SystemHealth = z.infer<typeof systemHealthSchema>;

// ── Database ───────────────────────────────────────────────────────────────

export const databaseTableSchema = z.object({
  name: z.string(),
  totalBytes: z.number(),
  tableBytes: z.number(),
  indexBytes: z.number(),
  /** pg_class.reltuples: the planner's estimate, null before the table was first analysed. */
  estimatedRows: z.number().nullable(),
});
export type DatabaseTable = z.infer<typeof databaseTableSchema>;

export const databaseOverviewSchema = z.object({
  driver: z.enum(['pglite', 'postgres']),
  serverVersion: z.string(),
  sizeBytes: z.number(),
  tableCount: z.number().int(),
  /** The largest tables by total size (data, indexes, TOAST), at most 50. */
  tables: z.array(databaseTableSchema),
  migrations: z.object({
    /** Migrations in server/db/migrations/meta/_journal.json (this release). */
    known: z.number().int(),
    appliedCount: z.number().int(),
    /** Newest first: the tag from the journal where it matches, the hash drizzle recorded, the migration's own date. */
    applied: z.array(z.object({ tag: z.string().nullable(), hash: z.string(), createdAt: z.string() })),
    pending: z.array(z.object({ tag: z.string(), createdAt: z.string() })),
  }),
  slowQueries: z.object({
    /** 'available', or why not: the extension is not installed in this database, or not preloaded by the server, or not readable. */
    status: z.enum(['available', 'not_installed', 'not_loaded', 'unsupported']),
    queries: z.array(z.object({ query: z.string(), calls: z.number(), totalMs: z.number(), meanMs: z.number(), rows: z.number() })),
  }),
  backups: z.object({
    /** Shell commands, in order, for this server's database. */
    commands: z.array(z.object({ purpose: z.enum(['backup', 'restore', 'note']), command: z.string() })),
    dataDir: z.string().nullable(),
  }),
});
export type DatabaseOverview = z.infer<typeof databaseOverviewSchema>;

export const TENANT_ROW_SORTS = ['total', 'sales', 'products', 'stockMovements'] as const;
export const tenantRowsQuerySchema = z.object({
  sort: z.enum(TENANT_ROW_SORTS).default('total'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type TenantRowsQuery = z.input<typeof tenantRowsQuerySchema>;
export type TenantRowsParams = z.output<typeof tenantRowsQuerySchema>;

export const tenantRowsPageSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      subdomain: z.string(),
      sales: z.number().int(),
      products: z.number().int(),
      stockMovements: z.number().int(),
      total: z.number().int(),
    }),
  ),
  total: z.number().int(),
});
export type TenantRowsPage = z.infer<typeof tenantRowsPageSchema>;
