import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, isRetryableError } from './query-client';

const apiError = (status: number) => new ApiError({ status, code: 'bad_request', message: `status ${status}` });

describe('query client retries', () => {
  it('retries network failures and gateway errors only', () => {
    for (const status of [0, 502, 503, 504]) expect(isRetryableError(apiError(status))).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 422, 429, 500]) expect(isRetryableError(apiError(status))).toBe(false);
    expect(isRetryableError(new Error('boom'))).toBe(false);
  });

  it('allows one retry for queries and mutations (spec §9)', () => {
    const defaults = createQueryClient().getDefaultOptions();
    const queryRetry = defaults.queries?.retry as (count: number, error: unknown) => boolean;
    const mutationRetry = defaults.mutations?.retry as (count: number, error: unknown) => boolean;
    for (const retry of [queryRetry, mutationRetry]) {
      expect(retry(0, apiError(503))).toBe(true);
      expect(retry(1, apiError(503))).toBe(false);
      expect(retry(0, apiError(400))).toBe(false);
    }
    expect(defaults.mutations?.retryDelay).toBe(1_000);
  });
});

describe('a 402 answer', () => {
  it('marks the entitlements stale so the gate is asked again', async () => {
    const client = createQueryClient();
    client.setQueryData(['billing', 'entitlements'], { passesGate: true });
    await client
      .fetchQuery({ queryKey: ['products'], queryFn: () => Promise.reject(apiError(402)), retry: false })
      .catch(() => undefined);
    expect(client.getQueryState(['billing', 'entitlements'])?.isInvalidated).toBe(true);
  });

  it('leaves the entitlements alone on other failures', async () => {
    const client = createQueryClient();
    client.setQueryData(['billing', 'entitlements'], { passesGate: true });
    await client
      .fetchQuery({ queryKey: ['products'], queryFn: () => Promise.reject(apiError(403)), retry: false })
      .catch(() => undefined);
    expect(client.getQueryState(['billing', 'entitlements'])?.isInvalidated).toBe(false);
  });
});
