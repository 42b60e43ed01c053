import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { OutboxKind, SystemHealth } from '../../core/platform/system.schemas';
import { queryRows, type Database } from '../db/client';
import type { AppDependencies } from '../http/context';
import { metricsOf, type GaugeFamily, type HttpMetrics } from '../http/metrics';
import { unsafeReadAcrossTenants } from './cross-tenant-read';
import { isoOrNull } from './platform-sql';

// The System Health page and the /metrics gauges (issue 21, docs/platform.md): this server's
// request metrics (server/http/metrics.ts), its database connections, and, read across every shop
// in one read-only transaction, the job queue and the outboxes' backlogs.

const RECENT_WINDOW_MINUTES = 5;

export interface PoolState {
  driver: 'pglite' | 'postgres';
  inUse: number | null;
  idle: number | null;
  waiting: number | null;
  poolSize: number;
}

/** This server's connections: node-postgres's pool counts, or PGlite's single in-process session. */
export function poolState(deps: AppDependencies): PoolState {
  const { database, config } = deps;
  if (database.driver === 'pglite') return { driver: 'pglite', inUse: 1, idle: 0, waiting: 0, poolSize: 1 };
  const pool = (database.platform as unknown as { $client?: pg.Pool }).$client;
  if (!pool || typeof pool.totalCount !== 'number') return { driver: 'postgres', inUse: null, idle: null, waiting: null, poolSize: config.databasePoolSize };
  return { driver: 'postgres', inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount, poolSize: config.databasePoolSize };
}

interface QueueAndOutboxes {
  jobs: SystemHealth['jobs'];
  outboxes: SystemHealth['outboxes'];
}

/** The job queue's depths and the jobs whose last run failed; the outboxes' backlogs, every shop. */
export async function readQueues(database: Database): Promise<QueueAndOutboxes> {
  return unsafeReadAcrossTenants(database, async (tx) => {
    const byName = await queryRows<{ name: string; due: number; running: number; scheduled: number; retrying: number }>(
      tx,
      sql`select name,
                 count(*) filter (where run_at <= now() and (locked_until is null or locked_until < now()))::int as due,
                 count(*) filter (where locked_until >= now())::int as running,
                 count(*) filter (where run_at > now() and (locked_until is null or locked_until < now()))::int as scheduled,
                 count(*) filter (where last_error is not null)::int as retrying
            from background_jobs group by name order by name`,
    );
    const failures = await queryRows<{ id: string; name: string; attempts: number; last_error: string; last_run_at: Date | string | null; run_at: Date | string }>(
      tx,
      sql`select id, name, attempts, last_error, last_run_at, run_at from background_jobs
           where last_error is not null order by coalesce(last_run_at, updated_at) desc limit 10`,
    );
    const outboxRows = await queryRows<{ kind: OutboxKind; pending: number; failed: number; shops: number; oldest: Date | string | null }>(
      tx,
      sql`select 'email' as kind,
                 count(*) filter (where sent_at is null and error is null)::int as pending,
                 count(*) filter (where sent_at is null and error is not null and created_at > now() - interval '7 days')::int as failed,
                 count(distinct tenant_id) filter (where sent_at is null and (error is null or created_at > now() - interval '7 days'))::int as shops,
                 min(created_at) filter (where sent_at is null and error is null) as oldest
            from email_outbox
           where sent_at is null
          union all
          select case channel when 'email' then 'message_email' else channel end,
                 count(*) filter (where status in ('queued', 'sending'))::int,
                 count(*) filter (where status = 'failed' and updated_at > now() - interval '7 days')::int,
                 count(distinct tenant_id)::int,
                 min(created_at) filter (where status in ('queued', 'sending'))
            from communication_messages
           where status in ('queued', 'sending') or (status = 'failed' and updated_at > now() - interval '7 days')
           group by channel
          union all
          select 'etims',
                 count(*) filter (where status in ('pending', 'sending'))::int,
                 count(*) filter (where status = 'failed')::int,
                 count(distinct tenant_id)::int,
                 min(created_at) filter (where status in ('pending', 'sending'))
            from etims_documents
           where status in ('pending', 'sending', 'failed')`,
    );
    const sum = (key: 'due' | 'running' | 'scheduled' | 'retrying') => byName.reduce((total, row) => total + row[key], 0);
    const kinds: OutboxKind[] = ['email', 'sms', 'whatsapp', 'message_email', 'etims'];
    return {
      jobs: {
        due: sum('due'),
        running: sum('running'),
        scheduled: sum('scheduled'),
        retrying: sum('retrying'),
        byName,
        recentFailures: failures.map((row) => ({
          id: row.id,
          name: row.name,
          attempts: row.attempts,
          error: row.last_error,
          failedAt: isoOrNull(row.last_run_at),
          retryAt: isoOrNull(row.run_at)!,
        })),
      },
      outboxes: kinds.map((kind) => {
        const row = outboxRows.find((candidate) => candidate.kind === kind);
        return { kind, pending: row?.pending ?? 0, failed: row?.failed ?? 0, shops: row?.shops ?? 0, oldestPendingAt: isoOrNull(row?.oldest ?? null) };
      }),
    };
  });
}

/** Connections to this database from every server, and the server's limit (PostgreSQL only). */
async function serverConnections(database: Database): Promise<{ serverConnections: number | null; maxConnections: number | null }> {
  if (database.driver === 'pglite') return { serverConnections: null, maxConnections: null };
  try {
    const [row] = await queryRows<{ connections: number; max: string }>(
      database.platform,
      sql`select (select count(*)::int from pg_stat_activity where datname = current_database()) as connections, current_setting('max_connections') as max`,
    );
    return { serverConnections: row?.connections ?? null, maxConnections: row ? Number(row.max) : null };
  } catch {
    return { serverConnections: null, maxConnections: null };
  }
}

/** Per-minute counts over the last minutes, and the rates of the last RECENT_WINDOW_MINUTES ones. */
export function recentRates(metrics: HttpMetrics, now: number) {
  const minutes = metrics.recentMinutes(now);
  const window = minutes.slice(-(RECENT_WINDOW_MINUTES + 1));
  const requests = window.reduce((total, minute) => total + minute.requests, 0);
  const serverErrors = window.reduce((total, minute) => total + minute.serverErrors, 0);
  const clientErrors = window.reduce((total, minute) => total + minute.clientErrors, 0);
  // The running minute counts for the part of it that has passed.
  const elapsedMinutes = RECENT_WINDOW_MINUTES + (now % 60_000) / 60_000;
  return {
    recentMinutes: minutes.map((minute) => ({ at: new Date(minute.minute * 60_000).toISOString(), requests: minute.requests, clientErrors: minute.clientErrors, serverErrors: minute.serverErrors })),
    recent: {
      windowMinutes: RECENT_WINDOW_MINUTES,
      requests,
      requestsPerMinute: Math.round((requests / elapsedMinutes) * 100) / 100,
      serverErrorRate: requests ? serverErrors / requests : null,
      clientErrorRate: requests ? clientErrors / requests : null,
    },
  };
}

const toMs = (seconds: number | null) => (seconds === null ? null : Math.round(seconds * 100_000) / 100);

export async function readSystemHealth(deps: AppDependencies, now: number = Date.now()): Promise<SystemHealth> {
  const metrics = metricsOf(deps);
  const [queues, connections] = await Promise.all([readQueues(deps.database), serverConnections(deps.database)]);
  return {
    now: new Date(now).toISOString(),
    startedAt: new Date(metrics.startedAt).toISOString(),
    uptimeSeconds: Math.max(0, Math.round((now - metrics.startedAt) / 1000)),
    version: metrics.version,
    commit: metrics.commit,
    ...recentRates(metrics, now),
    families: metrics.families().map((family) => ({
      family: family.family,
      requests: family.requests,
      clientErrors: family.byClass['4xx'],
      serverErrors: family.byClass['5xx'],
      errorRate: family.requests ? family.byClass['5xx'] / family.requests : null,
      p50Ms: toMs(family.p50Seconds),
      p95Ms: toMs(family.p95Seconds),
      p99Ms: toMs(family.p99Seconds),
    })),
    database: { ...poolState(deps), ...connections },
    jobs: queues.jobs,
    outboxes: queues.outboxes,
  };
}

/** The gauges /metrics adds to the request metrics: the pool, the job queue, the outboxes. */
export async function systemGauges(deps: AppDependencies): Promise<GaugeFamily[]> {
  const pool = poolState(deps);
  const queues = await readQueues(deps.database);
  const poolSamples = (['inUse', 'idle', 'waiting'] as const)
    .filter((key) => pool[key] !== null)
    .map((key) => ({ labels: { state: key === 'inUse' ? 'in_use' : key }, value: pool[key]! }));
  return [
    { name: 'dukani_db_pool_connections', help: "This server's database connections by state (PGlite: its one in-process session).", samples: poolSamples },
    { name: 'dukani_db_pool_size', help: "The most connections this server's pool opens.", samples: [{ value: pool.poolSize }] },
    {
      name: 'dukani_job_queue_jobs',
      help: 'Background jobs by state (due, running, scheduled); retrying counts those whose last run failed.',
      samples: (['due', 'running', 'scheduled', 'retrying'] as const).map((state) => ({ labels: { state }, value: queues.jobs[state] })),
    },
    {
      name: 'dukani_outbox_backlog',
      help: 'Messages waiting to go (state pending) and given up on (state failed), by outbox.',
      samples: queues.outboxes.flatMap((outbox) => [
        { labels: { outbox: outbox.kind, state: 'pending' }, value: outbox.pending },
        { labels: { outbox: outbox.kind, state: 'failed' }, value: outbox.failed },
      ]),
    },
  ];
}
