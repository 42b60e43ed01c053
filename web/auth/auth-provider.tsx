import { t } from '@lingui/core/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, use, useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { toast } from '../lib/toast';
import type { SessionUser } from '../../core/auth/session.schemas';
import { failureLogDetail, isUnauthorized } from '../lib/api-client';
import { logger } from '../lib/logger';
import { tenantContextQueryKey } from '../tenancy/tenancy.api';
import { fetchSession, sessionQueryKey, signOutRequest } from './auth.api';
import { createAuthStore, signedIn, signedOut, type AuthSnapshot, type SignedOutReason } from './auth-store';

/** Spec §8's words when a session ends elsewhere, in the current language (English word for word). */
export const sessionExpiredMessage = () => t`Session expired. Please log in again.`;

interface AuthContextValue {
  /** loading, signed-in (with the user) or signed-out (with the reason). */
  auth: AuthSnapshot;
  /** A sign-in succeeded: the state changes at once, so the page can move on. */
  completeSignIn(user: SessionUser): void;
  /** Ends the session on the server, then clears every trace of it here. */
  signOut(): Promise<void>;
  /** The server already ended the session (deactivation): clear it here. */
  clearAuthState(reason: SignedOutReason): void;
  /** Asks the server again (after the user changed something the session shows). */
  refreshSession(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * The signed-in person for the whole app, from GET /api/auth/session. Inside the router, so the
 * guards can redirect; the cached user data is dropped on sign-out or expiry (spec §4).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [store] = useState(() => createAuthStore());
  const auth = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const session = useQuery({
    queryKey: sessionQueryKey,
    queryFn: fetchSession,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a log line for developers (web/lib/query-client.ts), never shown
    meta: { errorMessage: 'Loading the session failed' },
  });

  useEffect(() => {
    if (session.isPending) return;
    // A failed check counts as signed out (logged by the query cache); the sign-in page works.
    store.receive(session.data?.user ? signedIn(session.data.user) : signedOut('no-session'));
  }, [store, session.isPending, session.data]);

  useEffect(() => () => store.dispose(), [store]);

  const clearAuthState = useCallback(
    (reason: SignedOutReason) => {
      store.setNow(signedOut(reason));
      queryClient.setQueryData(sessionQueryKey, { user: null });
      // Everything but the session itself and the address's tenant (not the person's data).
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] && query.queryKey[0] !== tenantContextQueryKey[0],
      });
      queryClient.getMutationCache().clear();
    },
    [queryClient, store],
  );

  // 401 from any call while signed in: the session ended elsewhere (spec §8 'Session expired').
  useEffect(() => {
    const onError = (error: unknown) => {
      if (!isUnauthorized(error) || store.getSnapshot().status !== 'signed-in') return;
      toast.error(sessionExpiredMessage());
      clearAuthState('expired');
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, store, clearAuthState]);

  const value = useMemo<AuthContextValue>(
    () => ({
      auth,
      completeSignIn(user) {
        store.setNow(signedIn(user));
        queryClient.setQueryData(sessionQueryKey, { user });
      },
      async signOut() {
        try {
          await signOutRequest();
        } catch (error) {
          // The cookie may outlive this, but this device forgets the session either way.
          logger.warn('Sign-out request failed', failureLogDetail(error));
        }
        clearAuthState('signed-out');
      },
      clearAuthState,
      async refreshSession() {
        await queryClient.refetchQueries({ queryKey: sessionQueryKey, exact: true });
      },
    }),
    [auth, store, queryClient, clearAuthState],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** The signed-in user, for pages behind <RequireAuth>. */
export function useSignedInUser(): SessionUser {
  const { auth } = useAuth();
  if (auth.status !== 'signed-in') throw new Error('useSignedInUser must be used behind <RequireAuth>');
  return auth.user;
}
