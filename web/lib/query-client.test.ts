import { describe, expect, it, vi } from 'vitest';
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

describe('failed queries and mutations in the console (issue 10 item 17)', () => {
  const failWith = async (error: unknown) => {
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: ['thing'], queryFn: () => Promise.reject(error), retry: false }).catch(() => undefined);
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(error), retry: false })
      .execute(undefined)
      .catch(() => undefined);
  };

  it('logs an expected refusal (4xx) as one line, without a stack trace', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      await failWith(new ApiError({ status: 403, code: 'forbidden', message: 'Your role does not allow this.', requestId: 'req-1' }));
      expect(warn).toHaveBeenCalledTimes(2);
      for (const call of warn.mock.calls) {
        expect(call.some((part) => part instanceof Error)).toBe(false);
        expect(call.join(' ')).toContain('403 forbidden: Your role does not allow this. (request req-1)');
      }
    } finally {
      warn.mockRestore();
    }
  });

  it('keeps the error itself, stack and all, for server faults, network failures and bugs', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const faults = [apiError(500), apiError(0), new TypeError('x is undefined')];
      for (const fault of faults) await failWith(fault);
      expect(warn.mock.calls.map((call) => call[1])).toEqual(faults.flatMap((fault) => [fault, fault]));
    } finally {
      warn.mockRestore();
    }
  });
});
