import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-db';
import { queryRows } from '../db/client';
import { createLogger } from '../logger';
import { backoffMs, createJobQueue, pollJobsNow, startJobRunner, type JobDefinition } from './job-queue';

// The job queue on the embedded database, and on PostgreSQL under `npm run test:pg`, where the
// racing runners claim on separate pooled connections at the same time.

let database: TestDatabase;
let now: Date;
const clock = () => now;
const LEASE_MS = 10 * 60_000;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});
beforeEach(async () => {
  now = new Date('2026-03-01T03:00:00.000Z');
  await database.platform.execute(sql`delete from background_jobs`);
});

interface JobRow {
  id: string;
  name: string;
  run_at: Date | string;
  locked_until: Date | string | null;
  locked_by: string | null;
  attempts: number;
  last_error: string | null;
}

const jobRows = () => queryRows<JobRow>(database.platform, sql`select id, name, run_at, locked_until, locked_by, attempts, last_error from background_jobs order by run_at`);
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** A job that counts its runs per payload n, and touches the database on the way (so runners interleave). */
function countingJob(name: string, runs: Map<number, number>, extra: Partial<JobDefinition> = {}): JobDefinition {
  return {
    name,
    async handler({ payload }) {
      await database.platform.execute(sql`select pg_sleep(0.005)`);
      const n = Number(payload.n ?? 0);
      runs.set(n, (runs.get(n) ?? 0) + 1);
    },
    ...extra,
  };
}

describe('one-off jobs', () => {
  it('runs a due job once and deletes it; a job not yet due waits', async () => {
    const runs = new Map<number, number>();
    const queue = createJobQueue(database, [countingJob('test.one-off', runs)], { clock, leaseMs: LEASE_MS });
    await queue.enqueue('test.one-off', { n: 1 });
    await queue.enqueue('test.one-off', { n: 2 }, new Date(now.getTime() + 60_000));

    const results = await queue.runDue();
    expect(results.map((r) => r.ok)).toEqual([true]);
    expect(Object.fromEntries(runs)).toEqual({ 1: 1 });
    expect((await jobRows()).map((row) => iso(row.run_at))).toEqual(['2026-03-01T03:01:00.000Z']);

    expect(await queue.runDue()).toEqual([]);
    now = new Date('2026-03-01T03:01:00.000Z');
    await queue.runDue();
    expect(Object.fromEntries(runs)).toEqual({ 1: 1, 2: 1 });
    expect(await jobRows()).toEqual([]);
  });

  it('leaves jobs it has no handler for (another server version) alone', async () => {
    const runs = new Map<number, number>();
    await createJobQueue(database, [countingJob('test.newer', runs)], { clock }).enqueue('test.newer', { n: 1 });
    const older = createJobQueue(database, [countingJob('test.other', runs)], { clock });
    expect(await older.runDue()).toEqual([]);
    expect((await jobRows()).map((row) => row.locked_by)).toEqual([null]);
  });
});

describe('recurring jobs', () => {
  it('are registered once by key, run when due and re-armed for the next time', async () => {
    const runs = new Map<number, number>();
    const hourly: JobDefinition = countingJob('test.hourly', runs, { recurring: { nextRunAt: (after) => new Date(after.getTime() + 3_600_000) } });
    const queue = createJobQueue(database, [hourly], { clock });
    await queue.registerRecurring();
    await queue.registerRecurring();
    await createJobQueue(database, [hourly], { clock }).registerRecurring();
    expect(await jobRows()).toHaveLength(1);

    await queue.runDue();
    expect(runs.get(0)).toBe(1);
    const [row] = await jobRows();
    expect({ runAt: iso(row!.run_at), lockedBy: row!.locked_by, lockedUntil: row!.locked_until, attempts: row!.attempts }).toEqual({
      runAt: '2026-03-01T04:00:00.000Z',
      lockedBy: null,
      lockedUntil: null,
      attempts: 0,
    });

    now = new Date('2026-03-01T03:59:59.000Z');
    expect(await queue.runDue()).toEqual([]);
    now = new Date('2026-03-01T04:00:00.000Z');
    await queue.runDue();
    expect(runs.get(0)).toBe(2);
    // A restart keeps the row's schedule.
    await queue.registerRecurring();
    expect((await jobRows()).map((r) => iso(r.run_at))).toEqual(['2026-03-01T05:00:00.000Z']);
  });

  it('a failure is recorded with its attempt and retried after a growing wait; a success clears it', async () => {
    let fail = true;
    const flaky: JobDefinition = {
      name: 'test.flaky',
      recurring: { nextRunAt: (after) => new Date(after.getTime() + 86_400_000) },
      async handler() {
        if (fail) throw new Error('the mail server is down');
      },
    };
    const queue = createJobQueue(database, [flaky], { clock });
    await queue.registerRecurring();
    expect(await queue.runDue()).toEqual([expect.objectContaining({ ok: false, error: 'the mail server is down' })]);
    let [row] = await jobRows();
    expect({ attempts: row!.attempts, lastError: row!.last_error, runAt: iso(row!.run_at), lockedBy: row!.locked_by }).toEqual({
      attempts: 1,
      lastError: 'the mail server is down',
      runAt: '2026-03-01T03:01:00.000Z', // 1 minute
      lockedBy: null,
    });
    now = new Date('2026-03-01T03:01:00.000Z');
    await queue.runDue();
    [row] = await jobRows();
    expect({ attempts: row!.attempts, runAt: iso(row!.run_at) }).toEqual({ attempts: 2, runAt: '2026-03-01T03:03:00.000Z' }); // then 2 minutes
    expect([1, 2, 3, 4, 20].map(backoffMs)).toEqual([60_000, 120_000, 240_000, 480_000, 6 * 3_600_000]);

    fail = false;
    now = new Date('2026-03-01T03:03:00.000Z');
    expect(await queue.runDue()).toEqual([expect.objectContaining({ ok: true })]);
    [row] = await jobRows();
    expect({ attempts: row!.attempts, lastError: row!.last_error, runAt: iso(row!.run_at) }).toEqual({ attempts: 0, lastError: null, runAt: '2026-03-02T03:03:00.000Z' });
  });
});

describe('claims', () => {
  it('a claim whose server died is taken again once its lease has passed, and the dead claim cannot finish it', async () => {
    const runs = new Map<number, number>();
    const job = countingJob('test.lease', runs);
    const dead = createJobQueue(database, [job], { clock, leaseMs: LEASE_MS, workerId: 'dead-server' });
    await dead.enqueue('test.lease', { n: 7 });
    // The dead server claimed it (its claim is what runOne's first statement does) and never finished.
    await database.platform.execute(
      sql`update background_jobs set locked_until = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz, locked_by = 'dead-server', attempts = 1`,
    );
    const alive = createJobQueue(database, [job], { clock, leaseMs: LEASE_MS, workerId: 'alive-server' });
    expect(await alive.runDue()).toEqual([]);
    now = new Date(now.getTime() + LEASE_MS - 1000);
    expect(await alive.runDue()).toEqual([]);
    now = new Date(now.getTime() + 2000);
    expect(await alive.runDue()).toEqual([expect.objectContaining({ name: 'test.lease', ok: true })]);
    expect(Object.fromEntries(runs)).toEqual({ 7: 1 });
    expect(await jobRows()).toEqual([]);
  });

  it('runners racing over the same due jobs run each exactly once', async () => {
    const runs = new Map<number, number>();
    const daily: JobDefinition = countingJob('test.daily', runs, { recurring: { nextRunAt: (after) => new Date(after.getTime() + 86_400_000) } });
    const definitions = [countingJob('test.race', runs), daily];
    const runners = Array.from({ length: 4 }, (_, index) => createJobQueue(database, definitions, { clock, workerId: `server-${index}` }));
    await Promise.all(runners.map((runner) => runner.registerRecurring()));
    for (let n = 1; n <= 24; n += 1) await runners[0]!.enqueue('test.race', { n });

    const perRunner = await Promise.all(runners.map((runner) => runner.runDue()));
    const results = perRunner.flat();
    expect(results).toHaveLength(25);
    // On PostgreSQL the runners claim on their own connections at once, and share the work.
    if (database.driver === 'postgres') expect(perRunner.filter((ran) => ran.length > 0).length).toBeGreaterThan(1);
    expect(results.every((result) => result.ok)).toBe(true);
    expect(new Set(results.map((result) => result.id)).size).toBe(25);
    // n = 0 is the daily job; 1…24 the one-offs.
    expect([...runs.entries()].sort(([a], [b]) => a - b)).toEqual(Array.from({ length: 25 }, (_, n) => [n, 1]));
    expect((await jobRows()).map((row) => [row.name, iso(row.run_at)])).toEqual([['test.daily', '2026-03-02T03:00:00.000Z']]);
    expect((await Promise.all(runners.map((runner) => runner.runDue()))).flat()).toEqual([]);
  });
});

describe('a started runner', () => {
  it('runs a job queued after a poll when polled now (even mid-poll), not an hour later at its next poll', async () => {
    const ran: Record<string, unknown>[] = [];
    let jobRan = () => {};
    const queue = createJobQueue(database, [
      {
        name: 'test.now',
        handler: async ({ payload }) => {
          ran.push(payload);
          jobRan();
        },
      },
    ]);
    // The first poll finds nothing and then waits at a gate, so the job below is queued mid-poll.
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    let firstPollFoundNothing!: () => void;
    const firstPollDone = new Promise<void>((resolve) => (firstPollFoundNothing = resolve));
    let polls = 0;
    const gatedQueue = {
      ...queue,
      async runDue() {
        const results = await queue.runDue();
        polls += 1;
        if (polls === 1) {
          firstPollFoundNothing();
          await gate;
        }
        return results;
      },
    };
    const runner = startJobRunner(gatedQueue, createLogger('error'), { pollMs: 60 * 60_000 });
    try {
      await firstPollDone;
      const nextRun = () => new Promise<void>((resolve) => (jobRan = resolve));

      let done = nextRun();
      await queue.enqueue('test.now', { n: 1 });
      pollJobsNow();
      openGate();
      await done;

      done = nextRun();
      await queue.enqueue('test.now', { n: 2 });
      pollJobsNow();
      await done;
    } finally {
      await runner.stop();
    }
    expect(ran).toEqual([{ n: 1 }, { n: 2 }]);
    expect(await jobRows()).toEqual([]);
  });
});
