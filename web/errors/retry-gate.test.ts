import { describe, expect, it } from 'vitest';
import { evaluateRetryGate, MAX_RETRIES, RETRY_COOLDOWN_MS } from './retry-gate';

describe('retry gate', () => {
  const lastErrorAt = 10_000;

  it('waits 1 s after the last error', () => {
    expect(RETRY_COOLDOWN_MS).toBe(1_000);
    expect(evaluateRetryGate({ retryCount: 0, lastErrorAt, now: lastErrorAt })).toEqual({
      canRetry: false,
      isExhausted: false,
      waitMs: 1_000,
    });
    expect(evaluateRetryGate({ retryCount: 0, lastErrorAt, now: lastErrorAt + 999 })).toMatchObject({
      canRetry: false,
      waitMs: 1,
    });
    expect(evaluateRetryGate({ retryCount: 0, lastErrorAt, now: lastErrorAt + 1_000 })).toEqual({
      canRetry: true,
      isExhausted: false,
      waitMs: 0,
    });
  });

  it('allows at most 3 retries', () => {
    expect(MAX_RETRIES).toBe(3);
    const later = lastErrorAt + 5_000;
    expect(evaluateRetryGate({ retryCount: 2, lastErrorAt, now: later }).canRetry).toBe(true);
    expect(evaluateRetryGate({ retryCount: 3, lastErrorAt, now: later })).toEqual({
      canRetry: false,
      isExhausted: true,
      waitMs: 0,
    });
  });
});
