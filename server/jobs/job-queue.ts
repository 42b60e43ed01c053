import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';
import type { Logger } from '../logger';

// The background job queue (docs/decisions/0016-contact-ledgers-and-jobs.md): one platform table,
// background_jobs, polled by every app server. A due job is claimed by one UPDATE whose subquery
// takes the row FOR UPDATE SKIP LOCKED, so of several servers polling at once exactly one gets it;
// the claim is a lease (locked_until), not a held lock or a session, so it works through a
// transaction-mode pooler (docs/decisions/0013) and a server that dies mid-run lets another take
// the job once the lease has passed. No LISTEN, no session advisory locks: servers poll.
// Handlers run at least once per due time; they must be idempotent (a crash after the work and
// before the finish runs them again).

/** What a handler gets: the claim's time and a way to keep its lease while it works. */
export interface JobContext {
  jobId: string;
  name: string;
  payload: Record<string, unknown>;
  /** The time the job was claimed (the queue's clock): handlers compute "now" from it. */
  now: Date;
  /** Extends the lease by another lease length; call between units of long work. */
  extendLease(): Promise<void>;
}

export interface JobDefinition {
  name: string;
  handler: (context: JobContext) => Promise<void>;
  /** A recurring job: one row keyed by its name, upserted at start, re-armed after every run. */
  recurring?: { nextRunAt: (after: Date) => Date };
}

export interface JobQueueOptions {
  /** Who claims (shown in locked_by): host, process and a random suffix by default. */
  workerId?: string;
  /** How long a claim lasts before another server may take the job again. */
  leaseMs?: number;
  /** The queue's clock (tests pass a fixed one). */
  clock?: () => Date;
  /** Most jobs one poll runs before it waits for the next tick. */
  maxJobsPerPoll?: number;
}

export interface JobRunResult {
  id: string;
  name: string;
  ok: boolean;
  error?: string;
}

export interface JobQueue {
  readonly workerId: string;
  /** Inserts the recurring jobs that have no row yet (an existing row keeps its schedule). */
  registerRecurring(): Promise<void>;
  /** Adds a one-off job, due at runAt (now by default). */
  enqueue(name: string, payload?: Record<string, unknown>, runAt?: Date): Promise<string>;
  /** Claims and runs due jobs one at a time until none is due (or maxJobsPerPoll ran). */
  runDue(): Promise<JobRunResult[]>;
  /** Claims and runs one due job, or answers null when none is due. */
  runOne(): Promise<JobRunResult | null>;
}

interface ClaimedRow {
  id: string;
  name: string;
  payload: Record<string, unknown>;
  attempts: number;
  unique_key: string | null;
}

export const DEFAULT_LEASE_MS = 15 * 60_000;
const MAX_BACKOFF_MS = 6 * 60 * 60_000;

/** Waiting time before retry n (1, 2, …) of a failed job: 1 min, 2, 4, … up to 6 hours. */
export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 60_000 * 2 ** Math.max(0, attempts - 1));
}

export function createJobQueue(database: Database, definitions: JobDefinition[], options: JobQueueOptions = {}): JobQueue {
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const clock = options.clock ?? (() => new Date());
  const maxJobsPerPoll = options.maxJobsPerPoll ?? 50;
  // Only jobs this server knows: during a rolling deploy an older server leaves newer jobs alone.
  const knownNames = sql`array[${sql.join([...byName.keys()].map((name) => sql`${name}`), sql`, `)}]::text[]`;

  async function claim(now: Date): Promise<ClaimedRow | null> {
    if (byName.size === 0) return null;
    const lockedUntil = new Date(now.getTime() + leaseMs);
    // One statement, so one transaction: the subquery locks the chosen row and skips rows another
    // server's claim holds at this instant; the outer UPDATE's own re-check (EvalPlanQual) makes a
    // row another server claimed and committed meanwhile no longer match.
    const rows = await queryRows<ClaimedRow>(
      database.platform,
      sql`update background_jobs
          set locked_until = ${lockedUntil.toISOString()}::timestamptz, locked_by = ${workerId},
              attempts = attempts + 1, last_run_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
          where id = (
            select id from background_jobs
            where run_at <= ${now.toISOString()}::timestamptz
              and (locked_until is null or locked_until < ${now.toISOString()}::timestamptz)
              and name = any(${knownNames})
            order by run_at
            for update skip locked
            limit 1)
            and run_at <= ${now.toISOString()}::timestamptz
            and (locked_until is null or locked_until < ${now.toISOString()}::timestamptz)
          returning id, name, payload, attempts, unique_key`,
    );
    return rows[0] ?? null;
  }

  /** Ends a claim this server still holds: re-arms a recurring job, deletes a one-off. */
  async function finish(job: ClaimedRow, now: Date): Promise<void> {
    const definition = byName.get(job.name);
    if (definition?.recurring && job.unique_key) {
      const next = definition.recurring.nextRunAt(now);
      await database.platform.execute(
        sql`update background_jobs
            set run_at = ${next.toISOString()}::timestamptz, locked_until = null, locked_by = null,
                attempts = 0, last_error = null, updated_at = ${now.toISOString()}::timestamptz
            where id = ${job.id} and locked_by = ${workerId}`,
      );
    } else {
      await database.platform.execute(sql`delete from background_jobs where id = ${job.id} and locked_by = ${workerId}`);
    }
  }

  async function fail(job: ClaimedRow, now: Date, error: unknown): Promise<void> {
    const retryAt = new Date(now.getTime() + backoffMs(job.attempts));
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    await database.platform.execute(
      sql`update background_jobs
          set run_at = ${retryAt.toISOString()}::timestamptz, locked_until = null, locked_by = null,
              last_error = ${message}, updated_at = ${now.toISOString()}::timestamptz
          where id = ${job.id} and locked_by = ${workerId}`,
    );
  }

  async function runOne(): Promise<JobRunResult | null> {
    const now = clock();
    const job = await claim(now);
    if (!job) return null;
    const definition = byName.get(job.name)!;
    const context: JobContext = {
      jobId: job.id,
      name: job.name,
      payload: job.payload ?? {},
      now,
      async extendLease() {
        const until = new Date(clock().getTime() + leaseMs);
        await database.platform.execute(
          sql`update background_jobs set locked_until = ${until.toISOString()}::timestamptz where id = ${job.id} and locked_by = ${workerId}`,
        );
      },
    };
    try {
      await definition.handler(context);
    } catch (error) {
      await fail(job, now, error);
      return { id: job.id, name: job.name, ok: false, error: error instanceof Error ? error.message : String(error) };
    }
    await finish(job, now);
    return { id: job.id, name: job.name, ok: true };
  }

  return {
    workerId,
    async registerRecurring() {
      const now = clock();
      for (const definition of definitions) {
        if (!definition.recurring) continue;
        // Due at once when new, so a fresh install runs it on its first poll.
        await database.platform.execute(
          sql`insert into background_jobs (name, unique_key, run_at)
              values (${definition.name}, ${definition.name}, ${now.toISOString()}::timestamptz)
              on conflict (unique_key) do nothing`,
        );
      }
    },
    async enqueue(name, payload = {}, runAt = clock()) {
      if (!byName.has(name)) throw new RangeError(`No job named ${name}`);
      const rows = await queryRows<{ id: string }>(
        database.platform,
        sql`insert into background_jobs (name, payload, run_at) values (${name}, ${JSON.stringify(payload)}::jsonb, ${runAt.toISOString()}::timestamptz) returning id`,
      );
      return rows[0]!.id;
    },
    runOne,
    async runDue() {
      const results: JobRunResult[] = [];
      while (results.length < maxJobsPerPoll) {
        const result = await runOne();
        if (!result) break;
        results.push(result);
      }
      return results;
    },
  };
}

export interface JobRunner {
  queue: JobQueue;
  /** Stops polling and waits for a run in progress. */
  stop(): Promise<void>;
}

const startedPolls = new Set<() => void>();

/**
 * Polls this server's started runners now. Code that queued a job due at once calls it after its
 * commit, so the job runs in moments rather than at the next poll; other servers' jobs, and jobs
 * due later, wait for the poll.
 */
export function pollJobsNow(): void {
  for (const poll of startedPolls) poll();
}

/**
 * Polls every pollMs on this server (each server does; the claim picks one per job). The first
 * poll comes right after start, once the recurring jobs are registered.
 */
export function startJobRunner(queue: JobQueue, logger: Logger, { pollMs }: { pollMs: number }): JobRunner {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  // A poll asked for while one runs comes right after it: that run may have missed the new job.
  let pollAgain = false;
  const poll = () => {
    if (stopped) return;
    if (running) {
      pollAgain = true;
      return;
    }
    pollAgain = false;
    running = queue
      .runDue()
      .then((results) => {
        for (const result of results) {
          if (result.ok) logger.info({ job: result.name, jobId: result.id }, 'Background job done');
          else logger.warn({ job: result.name, jobId: result.id, error: result.error }, 'Background job failed; retried later');
        }
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'Background job poll failed'))
      .finally(() => {
        running = null;
        if (pollAgain) poll();
      });
  };
  const started = queue.registerRecurring().then(poll, (error: unknown) => logger.warn({ err: error }, 'Registering recurring jobs failed'));
  const timer = setInterval(poll, pollMs);
  timer.unref();
  startedPolls.add(poll);
  return {
    queue,
    async stop() {
      stopped = true;
      startedPolls.delete(poll);
      clearInterval(timer);
      await started;
      await running;
    },
  };
}
