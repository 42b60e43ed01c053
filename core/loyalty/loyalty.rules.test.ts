import { describe, expect, it } from 'vitest';
import { expiryDate, pointsForAmount, pointsToExpire, pointsValueMinor } from './loyalty.rules';

describe('pointsForAmount', () => {
  it('floors points per KES at the rate in basis points', () => {
    // KES 1,234.50 at 100 bps (1 point per KES 100) = 12.345 → 12
    expect(pointsForAmount(123_450, 100)).toBe(12);
    // KES 1,234.50 at 250 bps = 30.8625 → 30
    expect(pointsForAmount(123_450, 250)).toBe(30);
    // KES 99.99 at 100 bps = 0.9999 → 0
    expect(pointsForAmount(9_999, 100)).toBe(0);
    expect(pointsForAmount(10_000, 100)).toBe(1);
    expect(pointsForAmount(0, 100)).toBe(0);
    expect(pointsForAmount(50_000, 0)).toBe(0);
  });

  it('stays exact beyond what a float multiplication keeps', () => {
    // 9,007,199,254,740,991 minor × 10,000 bps ÷ 1,000,000 = 90,071,992,547,409.91 → …409
    expect(pointsForAmount(Number.MAX_SAFE_INTEGER, 10_000)).toBe(90_071_992_547_409);
  });

  it('refuses fractions', () => {
    expect(() => pointsForAmount(100.5, 100)).toThrow(RangeError);
  });
});

describe('expiryDate', () => {
  it('adds calendar months, falling back to the month’s last day', () => {
    expect(expiryDate(new Date('2026-01-10T09:00:00Z'), 6)!.toISOString()).toBe('2026-07-10T09:00:00.000Z');
    expect(expiryDate(new Date('2026-08-31T10:00:00Z'), 6)!.toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(expiryDate(new Date('2027-11-30T00:00:00Z'), 3)!.toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(expiryDate(new Date('2026-01-10T09:00:00Z'), 0)).toBeNull();
  });
});

describe('pointsToExpire', () => {
  it('expires lapsed points less what was spent first and what already expired, never more than the balance', () => {
    expect(pointsToExpire({ lapsedEarned: 100, consumed: 120, alreadyExpired: 0, balance: 140 })).toBe(0);
    expect(pointsToExpire({ lapsedEarned: 180, consumed: 120, alreadyExpired: 0, balance: 140 })).toBe(60);
    expect(pointsToExpire({ lapsedEarned: 180, consumed: 120, alreadyExpired: 60, balance: 80 })).toBe(0);
    expect(pointsToExpire({ lapsedEarned: 230, consumed: 130, alreadyExpired: 60, balance: 70 })).toBe(40);
    expect(pointsToExpire({ lapsedEarned: 50, consumed: 0, alreadyExpired: 0, balance: 20 })).toBe(20);
  });

  it('values points at the point value', () => {
    expect(pointsValueMinor(75, 50)).toBe(3_750);
  });
});
