import type { Logger } from '../logger';

// The fast path of a per-shop outbox (eTIMS documents, customer messages): code that queues work
// for a shop wakes this server's worker, which drains the shop's queue at once; a recurring job is
// the net for other servers' work, retries and restarts. A worker drains one shop at a time; a
// shop woken while it is drained is drained again after, so nothing queued meanwhile waits for
// the job. A drain that says when its next item falls due is woken again then.

export interface ShopWaker {
  wake(tenantId: string): void;
  stop(): Promise<void>;
}

export interface ShopWakers {
  /** Wakes every started worker of this kind on this server for the shop. */
  wake(tenantId: string): void;
  /** Starts a worker: `drain` empties a shop's queue and may answer when its next item is due. */
  start(options: { logger: Logger; failure: string; drain: (tenantId: string) => Promise<Date | null | void> }): ShopWaker;
}

export function shopWakers(): ShopWakers {
  const started = new Set<{ wake(tenantId: string): void }>();
  return {
    wake(tenantId) {
      for (const worker of started) worker.wake(tenantId);
    },
    start({ logger, failure, drain }) {
      const waiting = new Set<string>();
      const timers = new Map<string, NodeJS.Timeout>();
      let running: Promise<void> | null = null;
      let stopped = false;

      const run = async () => {
        while (!stopped && waiting.size > 0) {
          const tenantId = waiting.values().next().value!;
          waiting.delete(tenantId);
          try {
            const nextDueAt = await drain(tenantId);
            if (nextDueAt) schedule(tenantId, nextDueAt);
          } catch (error) {
            logger.warn({ err: error, tenantId }, failure);
          }
        }
        running = null;
      };
      const wake = (tenantId: string) => {
        if (stopped) return;
        waiting.add(tenantId);
        running ??= run();
      };
      const schedule = (tenantId: string, at: Date) => {
        clearTimeout(timers.get(tenantId));
        const timer = setTimeout(() => {
          timers.delete(tenantId);
          wake(tenantId);
        }, Math.max(50, at.getTime() - Date.now()));
        timer.unref();
        timers.set(tenantId, timer);
      };
      const worker = { wake };
      started.add(worker);
      return {
        wake,
        async stop() {
          stopped = true;
          started.delete(worker);
          for (const timer of timers.values()) clearTimeout(timer);
          await running;
        },
      };
    },
  };
}
