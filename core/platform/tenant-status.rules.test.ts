import { describe, expect, it } from 'vitest';
import { extendedTrialEnd, mayExtendTrial, monthlyRecurringRevenue } from './tenant-status.rules';

describe('monthlyRecurringRevenue', () => {
  it('counts monthly plans at their price and yearly ones at a twelfth, rounded once', () => {
    // 3 × KES 1,500.00 + 2 × KES 35,000.00 / 12 = 450,000 + 583,333.33… cents.
    expect(
      monthlyRecurringRevenue([
        { period: 'monthly', priceMinor: 150_000, subscriptions: 3 },
        { period: 'yearly', priceMinor: 3_500_000, subscriptions: 2 },
      ]),
    ).toBe(450_000 + 583_333);
    // 7 yearly shops at 100 cents: 700 / 12 = 58.33…, not 7 × 8 = 56 after rounding each.
    expect(monthlyRecurringRevenue([{ period: 'yearly', priceMinor: 100, subscriptions: 7 }])).toBe(58);
    // Half a cent rounds up.
    expect(monthlyRecurringRevenue([{ period: 'yearly', priceMinor: 6, subscriptions: 1 }])).toBe(1);
    expect(monthlyRecurringRevenue([])).toBe(0);
  });
});

describe('extendedTrialEnd', () => {
  const now = new Date('2026-11-20T09:00:00Z');
  it('adds to a running trial from its end', () => {
    expect(extendedTrialEnd(new Date('2026-11-25T09:00:00Z'), 7, now).toISOString()).toBe('2026-12-02T09:00:00.000Z');
  });
  it('starts from now once the trial has ended, or without one', () => {
    expect(extendedTrialEnd(new Date('2026-11-01T09:00:00Z'), 7, now).toISOString()).toBe('2026-11-27T09:00:00.000Z');
    expect(extendedTrialEnd(null, 14, now).toISOString()).toBe('2026-12-04T09:00:00.000Z');
  });
});

describe('mayExtendTrial', () => {
  it('is for shops that have not paid', () => {
    expect(mayExtendTrial(null)).toBe(true);
    expect(mayExtendTrial({ status: 'trial', trialEnd: null, currentPeriodEnd: null })).toBe(true);
    expect(mayExtendTrial({ status: 'expired', trialEnd: new Date(), currentPeriodEnd: null })).toBe(true);
    expect(mayExtendTrial({ status: 'expired', trialEnd: null, currentPeriodEnd: new Date() })).toBe(false);
    expect(mayExtendTrial({ status: 'active', trialEnd: new Date(), currentPeriodEnd: new Date() })).toBe(false);
    expect(mayExtendTrial({ status: 'pending', trialEnd: null, currentPeriodEnd: null })).toBe(false);
  });
});
