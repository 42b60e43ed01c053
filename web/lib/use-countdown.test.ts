import { describe, expect, it } from 'vitest';
import { secondsUntil } from './use-countdown';

describe('secondsUntil', () => {
  it('rounds up to whole seconds and stops at zero', () => {
    expect(secondsUntil(60_000, 0)).toBe(60);
    expect(secondsUntil(60_000, 1)).toBe(60);
    expect(secondsUntil(60_000, 59_001)).toBe(1);
    expect(secondsUntil(60_000, 60_000)).toBe(0);
    expect(secondsUntil(60_000, 90_000)).toBe(0);
  });
});
