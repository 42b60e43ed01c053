import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { entitlementsQueryKey } from '../billing/billing-keys';
import { failureLogDetail, isApiError } from './api-client';
import { logger } from './logger';

declare module '@tanstack/react-query' {
  interface Register {
    // The console message for a failed query, when a spec text names it.
    queryMeta: { errorMessage?: string };
  }
}

// Spec §9 "Data cache": fresh 15 s, kept 10 min, one retry, no refetch on focus, mount or
// reconnect; mutations retry once after 1 s.
export const QUERY_STALE_TIME_MS = 15_000;
export const QUERY_GC_TIME_MS = 10 * 60_000;
export const MUTATION_RETRY_DELAY_MS = 1_000;

// Spec §8: the auth service retried on 502, 503 and 504. A 4xx answer will not change on a second
// try, and repeating it can do harm (a wrong verification code counts towards the five allowed).
const RETRYABLE_STATUSES = new Set([0, 502, 503, 504]);

/** A network failure or a gateway error: worth the one retry the cache allows. */
export function isRetryableError(error: unknown): boolean {
  return isApiError(error) && RETRYABLE_STATUSES.has(error.status);
}

const retryOnce = (failureCount: number, error: unknown) => failureCount < 1 && isRetryableError(error);

/** A 402 answer: the subscription failed the gate or the plan lacks the feature. */
export function isPaymentRequired(error: unknown): boolean {
  return isApiError(error) && error.status === 402;
}

export function createQueryClient() {
  // A 402 from any call means the plan or gate changed under us: ask for the entitlements again.
  const refreshEntitlementsOn402 = (error: unknown) => {
    if (isPaymentRequired(error)) void client.invalidateQueries({ queryKey: entitlementsQueryKey });
  };
  const client: QueryClient = new QueryClient({
    // Spec §8: failures are also logged to the console.
    queryCache: new QueryCache({
      onError: (error, query) => {
        logger.warn(query.meta?.errorMessage ?? `Query ${JSON.stringify(query.queryKey)} failed`, failureLogDetail(error));
        refreshEntitlementsOn402(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        logger.warn(`Mutation ${JSON.stringify(mutation.options.mutationKey ?? 'unnamed')} failed`, failureLogDetail(error));
        refreshEntitlementsOn402(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        gcTime: QUERY_GC_TIME_MS,
        retry: retryOnce,
        refetchOnWindowFocus: false,
        refetchOnMount: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: retryOnce, retryDelay: MUTATION_RETRY_DELAY_MS },
    },
  });
  return client;
}
