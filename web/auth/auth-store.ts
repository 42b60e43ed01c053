import type { SessionUser } from '../../core/auth/session.schemas';

// Spec §4 "Auth flow" / §9: auth state changes are debounced by 150 ms.
export const AUTH_STATE_DEBOUNCE_MS = 150;

/** Why the person is signed out: the page decides whether to keep where they were. */
export type SignedOutReason = 'no-session' | 'signed-out' | 'expired' | 'deactivated';

export type AuthSnapshot =
  | { status: 'loading'; user: null }
  | { status: 'signed-in'; user: SessionUser }
  | { status: 'signed-out'; user: null; reason: SignedOutReason };

export const LOADING: AuthSnapshot = { status: 'loading', user: null };

export const signedIn = (user: SessionUser): AuthSnapshot => ({ status: 'signed-in', user });
export const signedOut = (reason: SignedOutReason): AuthSnapshot => ({ status: 'signed-out', user: null, reason });

/** Same person in the same state (the reason of a sign-out is not a change on its own). */
function isSameState(a: AuthSnapshot, b: AuthSnapshot): boolean {
  if (a.status !== b.status) return false;
  return JSON.stringify(a.user) === JSON.stringify(b.user);
}

interface Timers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export interface AuthStore {
  getSnapshot(): AuthSnapshot;
  subscribe(listener: () => void): () => void;
  /**
   * A state reported by the session query. The first answer applies at once (the page is
   * waiting for it); later changes (user updated, session refreshed) settle for 150 ms, so a
   * burst of refetches becomes one change.
   */
  receive(next: AuthSnapshot): void;
  /** An explicit sign-in, sign-out or expiry: applies at once and cancels a pending change. */
  setNow(next: AuthSnapshot): void;
  /** Stops a pending change (the provider unmounts). */
  dispose(): void;
}

export function createAuthStore(
  debounceMs = AUTH_STATE_DEBOUNCE_MS,
  timers: Timers = { setTimeout: (cb, ms) => setTimeout(cb, ms), clearTimeout: (h) => clearTimeout(h as number) },
): AuthStore {
  let snapshot: AuthSnapshot = LOADING;
  let pending: unknown = null;
  const listeners = new Set<() => void>();

  const cancelPending = () => {
    if (pending !== null) timers.clearTimeout(pending);
    pending = null;
  };
  const apply = (next: AuthSnapshot) => {
    cancelPending();
    if (snapshot === next) return;
    snapshot = next;
    for (const listener of listeners) listener();
  };

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    receive(next) {
      if (next.status === 'loading') return;
      if (snapshot.status === 'loading') return apply(next);
      if (isSameState(snapshot, next)) return cancelPending();
      cancelPending();
      pending = timers.setTimeout(() => {
        pending = null;
        apply(next);
      }, debounceMs);
    },
    setNow: apply,
    dispose: cancelPending,
  };
}
