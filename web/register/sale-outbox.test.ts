import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import type { CheckoutBody } from './cart';
import {
  checkoutSender,
  classifySendFailure,
  memoryOutboxStore,
  retryDelayMs,
  SaleOutbox,
  type OutboxLocks,
  type OutboxStore,
  type SendResult,
} from './sale-outbox';

// A fake clock (no real sleeps): timers run when the test advances the time, and the outbox's
// promise chains are let run in between with setImmediate (a turn of the event loop, not a wait).

class FakeClock {
  time = 0;
  private timers: { at: number; callback: () => void; id: number }[] = [];
  private nextId = 1;
  now = () => this.time;
  setTimeout = (callback: () => void, ms: number) => {
    const id = this.nextId++;
    this.timers.push({ at: this.time + ms, callback, id });
    return id;
  };
  clearTimeout = (handle: unknown) => {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  };
  /** Moves the time on, running each timer at its time and letting the work it starts finish. */
  async advance(ms: number) {
    const end = this.time + ms;
    await settle();
    for (;;) {
      const next = this.timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      this.timers = this.timers.filter((timer) => timer !== next);
      this.time = next.at;
      next.callback();
      await settle();
    }
    this.time = end;
  }
}

async function settle() {
  for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

/** A Web Locks stand-in: one holder at a time, the others queue in order. */
function fakeLocks(): OutboxLocks & { requests: number } {
  let tail: Promise<unknown> = Promise.resolve();
  const locks = {
    requests: 0,
    request<T>(_name: string, callback: () => Promise<T>): Promise<T> {
      locks.requests += 1;
      const run = tail.then(callback);
      tail = run.catch(() => undefined);
      return run;
    },
  };
  return locks;
}

/** A controllable server: answers from a script per sale (default 'done'), optionally held until released. */
function fakeServer(script: Record<string, SendResult[]> = {}) {
  const sent: CheckoutBody[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let held: (() => void)[] | null = null;
  const send = async (body: CheckoutBody): Promise<SendResult> => {
    sent.push(body);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    if (held) await new Promise<void>((resolve) => held!.push(resolve));
    inFlight -= 1;
    return script[body.id]?.shift() ?? 'done';
  };
  return {
    send,
    sent,
    get maxInFlight() {
      return maxInFlight;
    },
    hold() {
      held = [];
    },
    release() {
      const waiting = held ?? [];
      held = null;
      waiting.forEach((resolve) => resolve());
    },
  };
}

const saleId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function body(n: number): CheckoutBody {
  return {
    id: saleId(n),
    registerId: '00000000-0000-4000-8000-0000000000a1',
    shiftId: '00000000-0000-4000-8000-0000000000b1',
    customerId: null,
    lines: [{ variantId: '00000000-0000-4000-8000-000000000101', quantityMilli: 1_000, unitId: null, unitPriceMinor: null, discount: null }],
    cartDiscount: null,
    tipMinor: 0,
    payments: [{ tender: 'cash', amountMinor: 6_000, tenderedMinor: 10_000 }],
    approvalIds: [],
    expectedTotalMinor: 6_000,
    ringUpAt: '2026-03-02T09:15:00.000Z',
    fromOutbox: false,
    note: null,
  };
}

function outbox(clock: FakeClock, store: OutboxStore, send: (body: CheckoutBody) => Promise<SendResult>, locks: OutboxLocks | null) {
  return new SaleOutbox({
    store,
    send,
    locks,
    now: clock.now,
    setTimeout: clock.setTimeout,
    clearTimeout: clock.clearTimeout,
    random: () => 0.5,
    onError: (error) => {
      throw error;
    },
  });
}

describe('SaleOutbox', () => {
  it('resends with the same id and fromOutbox until acknowledged, backing off 1 s, 2 s, 4 s', async () => {
    const clock = new FakeClock();
    const server = fakeServer({ [saleId(1)]: ['retry', 'retry', 'done'] });
    const box = outbox(clock, memoryOutboxStore(), server.send, fakeLocks());
    await box.start();
    await box.enqueue(body(1));
    expect(box.getCounts()).toEqual({ waiting: 1, needsAttention: 0 });

    await clock.advance(999);
    expect(server.sent).toHaveLength(0);
    await clock.advance(1);
    expect(server.sent).toHaveLength(1);
    await clock.advance(1_999);
    expect(server.sent).toHaveLength(1);
    await clock.advance(1);
    expect(server.sent).toHaveLength(2);
    await clock.advance(4_000);
    expect(server.sent).toHaveLength(3);

    expect(server.sent.every((sent) => sent.id === saleId(1) && sent.fromOutbox)).toBe(true);
    expect(server.sent.map(({ fromOutbox: _, ...rest }) => rest)).toEqual(Array(3).fill((({ fromOutbox: _, ...rest }) => rest)(body(1))));
    expect(box.getCounts()).toEqual({ waiting: 0, needsAttention: 0 });
    expect(await box.entries()).toEqual([]);
    await clock.advance(600_000);
    expect(server.sent).toHaveLength(3);
    box.stop();
  });

  it('sends one sale at a time, however often it is asked to send (without a lock: the tab’s own rounds)', async () => {
    const clock = new FakeClock();
    const server = fakeServer();
    const box = outbox(clock, memoryOutboxStore(), server.send, null);
    await box.start();
    for (const n of [1, 2, 3]) await box.enqueue(body(n));
    server.hold();
    const rounds = [box.sendNow(), box.sendNow(), box.sendNow()];
    await clock.advance(5_000);
    server.release();
    await settle();
    server.release();
    await settle();
    server.release();
    await Promise.all(rounds);
    await clock.advance(60_000);

    expect(server.maxInFlight).toBe(1);
    expect(server.sent.map((sent) => sent.id).sort()).toEqual([saleId(1), saleId(2), saleId(3)]);
    expect(box.getCounts()).toEqual({ waiting: 0, needsAttention: 0 });
    box.stop();
  });

  it('never double-sends from two tabs sharing the store and the lock', async () => {
    const clock = new FakeClock();
    const store = memoryOutboxStore();
    const locks = fakeLocks();
    const server = fakeServer({ [saleId(2)]: ['retry', 'done'] });
    const tabA = outbox(clock, store, server.send, locks);
    const tabB = outbox(clock, store, server.send, locks);
    await Promise.all([tabA.start(), tabB.start()]);
    await tabA.enqueue(body(1));
    await tabB.enqueue(body(2));
    await tabB.enqueue(body(3));

    server.hold();
    const rounds = [tabA.sendNow(), tabB.sendNow(), tabA.sendNow(), tabB.sendNow()];
    for (let turn = 0; turn < 10; turn += 1) {
      await settle();
      server.release();
      server.hold();
    }
    server.release();
    await Promise.all(rounds);
    await clock.advance(120_000);

    const sends = server.sent.map((sent) => sent.id);
    expect(sends.filter((id) => id === saleId(1))).toHaveLength(1);
    expect(sends.filter((id) => id === saleId(3))).toHaveLength(1);
    // The one the server did not acknowledge the first time: sent once more, by one tab.
    expect(sends.filter((id) => id === saleId(2))).toHaveLength(2);
    expect(server.maxInFlight).toBe(1);
    expect(await store.list()).toEqual([]);
    expect(tabA.getCounts()).toEqual({ waiting: 0, needsAttention: 0 });
    expect(tabB.getCounts()).toEqual({ waiting: 0, needsAttention: 0 });
    tabA.stop();
    tabB.stop();
  });

  it('keeps a refused sale, visible as needing attention, until a person retries or dismisses it', async () => {
    const clock = new FakeClock();
    const refusal = { status: 409, code: 'price_changed', message: 'The prices have changed' };
    const server = fakeServer({ [saleId(1)]: [{ refused: refusal }, { refused: refusal }] });
    const box = outbox(clock, memoryOutboxStore(), server.send, fakeLocks());
    const seen: unknown[] = [];
    box.subscribe(() => seen.push(box.getCounts()));
    await box.start();
    await box.enqueue(body(1));
    await clock.advance(3_600_000);

    expect(server.sent).toHaveLength(1);
    expect(box.getCounts()).toEqual({ waiting: 0, needsAttention: 1 });
    expect(seen).toEqual([
      { waiting: 1, needsAttention: 0 },
      { waiting: 0, needsAttention: 1 },
    ]);
    const [entry] = await box.entries();
    expect(entry).toMatchObject({ saleId: saleId(1), state: 'needs_attention', refusal, attempts: 2 });

    await box.retry(saleId(1));
    expect(server.sent).toHaveLength(2);
    expect(box.getCounts()).toEqual({ waiting: 0, needsAttention: 1 });

    expect(await box.dismiss(saleId(1))).toBe(true);
    expect(box.getCounts()).toEqual({ waiting: 0, needsAttention: 0 });
    box.stop();
  });

  it('does not let a waiting sale be dismissed, nor the same sale be queued twice', async () => {
    const clock = new FakeClock();
    const server = fakeServer();
    const box = outbox(clock, memoryOutboxStore(), server.send, fakeLocks());
    await box.enqueue(body(1));
    await box.enqueue(body(1));
    expect(box.getCounts()).toEqual({ waiting: 1, needsAttention: 0 });
    expect(await box.dismiss(saleId(1))).toBe(false);
    // Not started: it keeps the sale and sends nothing.
    await clock.advance(120_000);
    expect(server.sent).toHaveLength(0);
    await box.start();
    expect(server.sent).toHaveLength(1);
    box.stop();
  });

  it('sends from this tab alone when the browser has no Web Locks', async () => {
    const clock = new FakeClock();
    const server = fakeServer({ [saleId(1)]: ['retry'] });
    const box = outbox(clock, memoryOutboxStore(), server.send, null);
    await box.start();
    await box.enqueue(body(1));
    await box.sendNow();
    await clock.advance(2_000);
    expect(server.sent).toHaveLength(2);
    expect(box.getCounts()).toEqual({ waiting: 0, needsAttention: 0 });
    box.stop();
  });

  it('picks up sales another tab left behind when it next looks at the store', async () => {
    const clock = new FakeClock();
    const store = memoryOutboxStore();
    const server = fakeServer();
    const left = outbox(clock, store, server.send, fakeLocks());
    await left.enqueue(body(1));
    const box = new SaleOutbox({ store, send: server.send, locks: null, now: clock.now, setTimeout: clock.setTimeout, clearTimeout: clock.clearTimeout, pollIntervalMs: 30_000 });
    await box.start();
    await clock.advance(1_000);
    expect(server.sent).toHaveLength(1);
    await box.enqueue(body(2));
    await store.put({ ...(await store.get(saleId(2)))!, nextAttemptAt: clock.time + 3_600_000 });
    await clock.advance(30_000);
    expect(server.sent).toHaveLength(1);
    box.stop();
  });
});

describe('retryDelayMs', () => {
  it('doubles from 1 s up to 60 s, with ±20% jitter', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((attempt) => retryDelayMs(attempt, 0.5))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]);
    expect(retryDelayMs(1, 0)).toBe(800);
    expect(retryDelayMs(1, 0.999_999)).toBe(1_200);
    expect(retryDelayMs(6, 0.999_999)).toBe(38_400);
    expect(retryDelayMs(7, 0.999_999)).toBe(60_000);
  });
});

describe('sending a checkout', () => {
  const apiError = (status: number, code = 'conflict') => new ApiError({ status, code: code as never, message: 'x' });

  it('retries what got no trustworthy answer and refuses what the server refused', () => {
    expect(classifySendFailure(apiError(0, 'network_error'))).toBe('retry');
    expect(classifySendFailure(new DOMException('The operation timed out.', 'TimeoutError'))).toBe('retry');
    expect(classifySendFailure(apiError(500, 'internal_error'))).toBe('retry');
    expect(classifySendFailure(apiError(503, 'service_unavailable'))).toBe('retry');
    expect(classifySendFailure(apiError(401, 'unauthorized'))).toBe('retry');
    expect(classifySendFailure(apiError(429, 'rate_limited'))).toBe('retry');
    expect(classifySendFailure(apiError(201, 'invalid_response'))).toBe('done');
    expect(classifySendFailure(apiError(409, 'conflict'))).toEqual({ refused: { status: 409, code: 'conflict', message: 'x' } });
    expect(classifySendFailure(apiError(400, 'bad_request'))).toEqual({ refused: { status: 400, code: 'bad_request', message: 'x' } });
  });

  it('answers done when the request succeeds and passes a timeout signal', async () => {
    let signal: AbortSignal | null = null;
    const ok = checkoutSender(async (_body, given) => {
      signal = given;
      return { replayed: true };
    });
    expect(await ok(body(1))).toBe('done');
    expect(signal).toBeInstanceOf(AbortSignal);
    const down = checkoutSender(async () => {
      throw apiError(0, 'network_error');
    });
    expect(await down(body(1))).toBe('retry');
  });
});
