import { AsyncLocalStorage } from 'node:async_hooks';

// The demo seed makes its documents through the services and then moves them back to their days;
// postings made meanwhile would all be dated today. Work run here posts nothing live: the history
// backfill (server/accounting/history.ts) posts those documents afterwards, on their own days.

const deferred = new AsyncLocalStorage<true>();

/** Runs `work` with live postings deferred to the history backfill (the demo seed only). */
export function withPostingsDeferred<T>(work: () => Promise<T>): Promise<T> {
  return deferred.run(true, work);
}

/** True inside withPostingsDeferred. */
export function arePostingsDeferred(): boolean {
  return deferred.getStore() === true;
}
