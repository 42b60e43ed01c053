import { AsyncLocalStorage } from 'node:async_hooks';
import type { TenantTx } from './client';

/**
 * A tenant transaction a read request's guard opened together with its session read, in one
 * round trip, and holds for the request's first withTenant of that tenant
 * (docs/decisions/0018-session-read-opens-the-transaction.md).
 */
export interface HeldTenantTransaction {
  readonly tenantId: string;
  /** Runs `work` in the transaction, then commits (rolls back if it throws) and gives the connection back. */
  complete<T>(work: (tx: TenantTx) => Promise<T>): Promise<T>;
}

interface RequestHold {
  held: HeldTenantTransaction | null;
}

const requestHolds = new AsyncLocalStorage<RequestHold>();

/**
 * Runs one request's work in a scope that may hold a transaction; whatever is still held when the
 * work ends (a handler that never reached the database, or failed first) is committed and let go.
 */
export async function withHoldingScope<T>(work: () => Promise<T>): Promise<T> {
  return requestHolds.run({ held: null }, async () => {
    try {
      return await work();
    } finally {
      await releaseHeld();
    }
  });
}

/** Whether holding a transaction now would be let go at the end of the request (a holding scope is open). */
export function canHold(): boolean {
  return requestHolds.getStore() !== undefined;
}

export function hold(transaction: HeldTenantTransaction): void {
  const scope = requestHolds.getStore();
  if (!scope || scope.held) throw new Error('A transaction is held only in a holding scope, one at a time');
  scope.held = transaction;
}

/** The held transaction, if it is this tenant's: the caller completes it. */
export function takeHeld(tenantId: string): HeldTenantTransaction | null {
  const scope = requestHolds.getStore();
  const held = scope?.held;
  if (!scope || !held || held.tenantId !== tenantId) return null;
  scope.held = null;
  return held;
}

/**
 * Commits and lets go of this request's held transaction, if any. Every other use of the database
 * calls it first: on PGlite, one transaction at a time, anything else would wait for it forever; on
 * PostgreSQL, a request would hold one pooled connection while waiting for another. Nothing was
 * done in it but the read the request already has, so a failure to commit loses nothing (the
 * connection is rolled back or closed by the transaction's own error path).
 */
export async function releaseHeld(): Promise<void> {
  const scope = requestHolds.getStore();
  const held = scope?.held;
  if (!scope || !held) return;
  scope.held = null;
  await held.complete(async () => undefined).catch(() => undefined);
}
