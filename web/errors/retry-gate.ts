// Spec §4/§9 "Error boundary": at most 3 retries, and none within 1 s of the last error.
export const MAX_RETRIES = 3;
export const RETRY_COOLDOWN_MS = 1_000;

export interface RetryGate {
  canRetry: boolean;
  isExhausted: boolean;
  /** How long until the cooldown ends; 0 when it has. */
  waitMs: number;
}

export function evaluateRetryGate(input: { retryCount: number; lastErrorAt: number; now: number }): RetryGate {
  const isExhausted = input.retryCount >= MAX_RETRIES;
  const waitMs = Math.max(0, input.lastErrorAt + RETRY_COOLDOWN_MS - input.now);
  return { canRetry: !isExhausted && waitMs === 0, isExhausted, waitMs };
}
