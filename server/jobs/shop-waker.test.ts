import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../logger';
import { shopWakers } from './shop-waker';

// The per-shop waker behind the eTIMS signer and the message sender: one drain at a time, a shop
// woken during its drain drained again after, a failure logged without stopping the others, a
// drain's next due time waking it again, and a stopped worker starting nothing more.

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

const silentLogger = () => ({ warn: vi.fn() }) as unknown as Logger & { warn: ReturnType<typeof vi.fn> };

afterEach(() => {
  vi.useRealTimers();
});

describe('shop wakers', () => {
  it('drains one shop at a time, and again a shop woken while it was drained', async () => {
    const wakers = shopWakers();
    const drained: string[] = [];
    const first = deferred();
    const third = deferred();
    const worker = wakers.start({
      logger: silentLogger(),
      failure: 'failed',
      drain: async (tenantId) => {
        drained.push(tenantId);
        if (drained.length === 1) await first.promise;
        if (drained.length === 3) third.resolve();
      },
    });
    wakers.wake('shop-a');
    wakers.wake('shop-b');
    wakers.wake('shop-a');
    expect(drained).toEqual(['shop-a']);
    first.resolve();
    await third.promise;
    await worker.stop();
    expect(drained).toEqual(['shop-a', 'shop-b', 'shop-a']);
  });

  it('logs a failed drain and goes on with the next shop', async () => {
    const wakers = shopWakers();
    const logger = silentLogger();
    const drained: string[] = [];
    const fine = deferred();
    const worker = wakers.start({
      logger,
      failure: 'Sending failed for a shop',
      drain: async (tenantId) => {
        if (tenantId === 'broken') throw new Error('provider down');
        drained.push(tenantId);
        fine.resolve();
      },
    });
    wakers.wake('broken');
    wakers.wake('fine');
    await fine.promise;
    await worker.stop();
    expect(drained).toEqual(['fine']);
    expect(logger.warn).toHaveBeenCalledWith(expect.objectContaining({ tenantId: 'broken' }), 'Sending failed for a shop');
  });

  it('wakes a shop again when its next item falls due; a stopped worker neither drains nor wakes', async () => {
    vi.useFakeTimers();
    const wakers = shopWakers();
    const drains: string[] = [];
    const worker = wakers.start({
      logger: silentLogger(),
      failure: 'failed',
      drain: async (tenantId) => {
        drains.push(tenantId);
        return drains.length === 1 ? new Date(Date.now() + 5_000) : null;
      },
    });
    wakers.wake('shop-a');
    await vi.advanceTimersByTimeAsync(4_999);
    expect(drains).toEqual(['shop-a']);
    await vi.advanceTimersByTimeAsync(1);
    expect(drains).toEqual(['shop-a', 'shop-a']);
    await worker.stop();
    wakers.wake('shop-a');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(drains).toEqual(['shop-a', 'shop-a']);
  });

  it('wakes the workers of its own kind only', async () => {
    const signers = shopWakers();
    const senders = shopWakers();
    const signed: string[] = [];
    const sent: string[] = [];
    const signer = signers.start({ logger: silentLogger(), failure: 'failed', drain: async (tenantId) => void signed.push(tenantId) });
    const sender = senders.start({ logger: silentLogger(), failure: 'failed', drain: async (tenantId) => void sent.push(tenantId) });
    senders.wake('shop-a');
    await Promise.all([signer.stop(), sender.stop()]);
    expect(sent).toEqual(['shop-a']);
    expect(signed).toEqual([]);
  });
});
