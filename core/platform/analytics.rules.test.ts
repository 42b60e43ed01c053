import { describe, expect, it } from 'vitest';
import { DEFAULT_ON_FEATURES, FEATURE_KEYS } from '../billing/plan-features.rules';
import { analyticsPeriodSchema, idleShopsQuerySchema } from './analytics.schemas';
import { daysFrom, entitledShopsByFeature, featureSignal, lastMonths, resolveAnalyticsPeriod } from './analytics.rules';

describe('analytics period', () => {
  it('is the last 30 days up to today by default, both ends included', () => {
    // 2026-12-05 back 29 days: November has 30 days, so 5 Dec - 29 = 6 Nov.
    expect(resolveAnalyticsPeriod({}, '2026-12-05')).toEqual({ from: '2026-11-06', to: '2026-12-05' });
    expect(resolveAnalyticsPeriod({ from: '2026-12-01' }, '2026-12-05')).toEqual({ from: '2026-12-01', to: '2026-12-05' });
    expect(resolveAnalyticsPeriod({ to: '2026-03-01' }, '2026-12-05')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });

  it('accepts up to 366 days and refuses more, reversed ends and non-dates', () => {
    expect(analyticsPeriodSchema.safeParse({ from: '2024-01-01', to: '2024-12-31' }).success).toBe(true); // 366 days (leap year)
    expect(analyticsPeriodSchema.safeParse({ from: '2024-01-01', to: '2025-01-01' }).success).toBe(false); // 367 days
    expect(analyticsPeriodSchema.safeParse({ from: '2026-02-02', to: '2026-02-01' }).success).toBe(false);
    expect(analyticsPeriodSchema.safeParse({ from: '2026-02-30' }).success).toBe(false);
    expect(analyticsPeriodSchema.safeParse({ from: 'yesterday' }).success).toBe(false);
  });

  it('idle days default to 14 and stay within 1…365', () => {
    expect(idleShopsQuerySchema.parse({}).days).toBe(14);
    expect(idleShopsQuerySchema.safeParse({ days: '0' }).success).toBe(false);
    expect(idleShopsQuerySchema.safeParse({ days: '366' }).success).toBe(false);
    expect(idleShopsQuerySchema.safeParse({ days: '2.5' }).success).toBe(false);
  });
});

describe('cohort months and days', () => {
  it('lists the 12 months up to this one, across a year end', () => {
    expect(lastMonths('2026-03-15', 12)).toEqual([
      '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03',
    ]);
    expect(lastMonths('2026-01-01', 2)).toEqual(['2025-12', '2026-01']);
  });

  it('counts whole days between two dates', () => {
    expect(daysFrom('2026-02-27', '2026-03-01')).toBe(2);
    expect(daysFrom('2026-12-05', '2026-12-05')).toBe(0);
  });
});

describe('features granted and measured', () => {
  it('counts a trial as everything, a plan by its tier, a lapsed shop the defaults, a suspended one nothing', () => {
    const counts = entitledShopsByFeature([
      { status: 'trial', planName: null, planEntitlements: null, shops: 3 },
      { status: 'active', planName: 'Professional', planEntitlements: null, shops: 2 },
      { status: 'past_due', planName: 'Starter', planEntitlements: null, shops: 1 },
      { status: 'lapsed', planName: 'Enterprise', planEntitlements: null, shops: 4 },
      { status: 'suspended', planName: 'Enterprise', planEntitlements: null, shops: 5 },
    ]);
    // Default-on features: 3 trial + 2 professional + 1 starter + 4 lapsed = 10.
    for (const key of DEFAULT_ON_FEATURES) expect(counts[key]).toBe(10);
    // gift_cards: trial 3 + professional 2 (not excluded) = 5; starter lacks it; lapsed has defaults only.
    expect(counts.gift_cards).toBe(5);
    // advanced_reporting: trial 3 + professional 2 + starter 1 = 6.
    expect(counts.advanced_reporting).toBe(6);
    // white_labeling: professional excludes it: trial 3 only.
    expect(counts.white_labeling).toBe(3);
  });

  it('uses the plan’s own stored entitlements over its tier', () => {
    const features = Object.fromEntries(FEATURE_KEYS.map((key) => [key, key === 'loyalty_program'])) as never;
    const counts = entitledShopsByFeature([{ status: 'active', planName: 'Starter', planEntitlements: { features, limits: { max_locations: 1, max_staff_users: 1, max_products: 1 } }, shops: 7 }]);
    expect(counts.loyalty_program).toBe(7);
    expect(counts.basic_pos).toBe(0);
  });

  it('names a signal only where rows show use', () => {
    expect(featureSignal('gift_cards')).toBe('gift_cards');
    expect(featureSignal('multi_location')).toBe('locations');
    expect(featureSignal('api_access')).toBeNull();
    expect(featureSignal('phone_support')).toBeNull();
  });
});
