import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../core/auth/session.schemas';
import { AUTH_STATE_DEBOUNCE_MS, createAuthStore, signedIn, signedOut } from './auth-store';

const owner: SessionUser = {
  id: '6f1c2a7e-8a4b-4c1d-9e2f-0a1b2c3d4e5f',
  email: 'owner@demo.test',
  fullName: 'Wanjiku Kamau',
  role: 'admin',
  tenantId: null,
  isPlatformAdmin: false,
  supportAccess: false,
  requirePasswordChange: true,
  emailVerified: false,
  homePath: '/admin',
  language: null,
  permissions: [],
  maxDiscountPercent: 0,
  locationIds: null,
};

describe('auth store (spec §4: changes debounced by 150 ms)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('applies the first answer at once', () => {
    const store = createAuthStore();
    expect(store.getSnapshot().status).toBe('loading');
    store.receive(signedIn(owner));
    expect(store.getSnapshot()).toEqual(signedIn(owner));
  });

  it('settles later changes for 150 ms, keeping only the last of a burst', () => {
    const store = createAuthStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.receive(signedIn(owner));
    expect(listener).toHaveBeenCalledTimes(1);

    const renamed = { ...owner, fullName: 'Wanjiku K.' };
    const changed = { ...owner, requirePasswordChange: false };
    store.receive(signedIn(renamed));
    vi.advanceTimersByTime(AUTH_STATE_DEBOUNCE_MS - 1);
    store.receive(signedIn(changed));
    vi.advanceTimersByTime(AUTH_STATE_DEBOUNCE_MS - 1);
    expect(store.getSnapshot().user).toEqual(owner);

    vi.advanceTimersByTime(1);
    expect(store.getSnapshot().user).toEqual(changed);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('ignores an answer equal to the current state, cancelling a pending change', () => {
    const store = createAuthStore();
    store.receive(signedIn(owner));
    store.receive(signedOut('no-session'));
    store.receive(signedIn({ ...owner }));
    vi.advanceTimersByTime(AUTH_STATE_DEBOUNCE_MS * 2);
    expect(store.getSnapshot()).toEqual(signedIn(owner));
  });

  it('applies explicit sign-in and sign-out at once and drops a pending change', () => {
    const store = createAuthStore();
    store.receive(signedOut('no-session'));
    store.receive(signedIn(owner));
    store.setNow(signedOut('signed-out'));
    expect(store.getSnapshot()).toEqual(signedOut('signed-out'));
    vi.advanceTimersByTime(AUTH_STATE_DEBOUNCE_MS);
    expect(store.getSnapshot()).toEqual(signedOut('signed-out'));

    store.setNow(signedIn(owner));
    expect(store.getSnapshot().status).toBe('signed-in');
  });

  it('a sign-out for another reason is not a change on its own', () => {
    const store = createAuthStore();
    store.receive(signedOut('no-session'));
    store.setNow(signedOut('deactivated'));
    store.receive(signedOut('no-session'));
    vi.advanceTimersByTime(AUTH_STATE_DEBOUNCE_MS);
    expect(store.getSnapshot()).toEqual(signedOut('deactivated'));
  });

  it('unsubscribes and disposes', () => {
    const store = createAuthStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.receive(signedIn(owner));
    unsubscribe();
    store.receive(signedOut('no-session'));
    store.dispose();
    vi.advanceTimersByTime(AUTH_STATE_DEBOUNCE_MS);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().status).toBe('signed-in');
  });
});
