import { describe, expect, it } from 'vitest';
import { resolveEntitlements, storedEntitlements, tierEntitlements, UNLIMITED } from '../billing/plan-features.rules';
import { planOffer } from '../billing/plan-offer.rules';
import { planInputSchema, shillingsToMinor } from './plans.schemas';
import { annualRecurringRevenue, daysBetween, reconcilePayments } from './revenue.rules';
import { revenuePeriodSchema } from './revenue.schemas';
import { monthlyRecurringRevenue } from './tenant-status.rules';

// Revenue and plan rules (issue 21), against figures worked by hand.

describe('recurring revenue', () => {
  it('normalises yearly plans to a month, rounding once half up', () => {
    // 2 × 1,500.00 monthly + 3 × 15,000.00 yearly + 1 × 35,000.00 yearly:
    // MRR = 300,000 + (4,500,000 + 3,500,000) / 12 = 300,000 + 666,666.67 → 966,667.
    // ARR = 300,000 × 12 + 8,000,000 = 11,600,000.
    const lines = [
      { period: 'monthly' as const, priceMinor: 150_000, subscriptions: 2 },
      { period: 'yearly' as const, priceMinor: 1_500_000, subscriptions: 3 },
      { period: 'yearly' as const, priceMinor: 3_500_000, subscriptions: 1 },
    ];
    expect(monthlyRecurringRevenue(lines)).toBe(966_667);
    expect(annualRecurringRevenue(lines)).toBe(11_600_000);
  });

  it('rounds the sum, not each shop: 12 shops at 1 cent a year make 1 cent a month', () => {
    expect(monthlyRecurringRevenue([{ period: 'yearly', priceMinor: 1, subscriptions: 12 }])).toBe(1);
    // 5 cents a year: 0.4166… → 0; 6 cents: 0.5 → 1 (half up); 17 cents: 1.4166… → 1.
    expect(monthlyRecurringRevenue([{ period: 'yearly', priceMinor: 5, subscriptions: 1 }])).toBe(0);
    expect(monthlyRecurringRevenue([{ period: 'yearly', priceMinor: 6, subscriptions: 1 }])).toBe(1);
    expect(monthlyRecurringRevenue([{ period: 'yearly', priceMinor: 17, subscriptions: 1 }])).toBe(1);
    expect(annualRecurringRevenue([])).toBe(0);
  });
});

describe('reconcilePayments', () => {
  it('matches by reference: same amount, only on one side, amounts that differ', () => {
    const result = reconcilePayments(
      [
        { reference: 'r-1', amountMinor: 100, status: 'completed', tenantName: 'A', createdAt: '2026-11-01T00:00:00.000Z' },
        { reference: 'r-2', amountMinor: 200, status: 'completed', tenantName: 'B', createdAt: '2026-11-01T00:00:00.000Z' },
        { reference: 'r-3', amountMinor: 300, status: 'failed', tenantName: 'C', createdAt: '2026-11-01T00:00:00.000Z' },
      ],
      [
        { reference: 'r-2', amountMinor: 250, status: 'success', createdAt: null },
        { reference: 'r-1', amountMinor: 100, status: 'success', createdAt: null },
        { reference: 'x-9', amountMinor: 900, status: 'success', createdAt: null },
      ],
    );
    expect(result.matched.map((line) => line.reference)).toEqual(['r-1']);
    expect(result.amountMismatches).toEqual([
      { reference: 'r-2', ours: { amountMinor: 200, status: 'completed', tenantName: 'B', createdAt: '2026-11-01T00:00:00.000Z' }, theirs: { amountMinor: 250, status: 'success', createdAt: null } },
    ]);
    expect(result.onlyInDukani.map((line) => line.reference)).toEqual(['r-3']);
    expect(result.onlyInPaystack).toEqual([{ reference: 'x-9', ours: null, theirs: { amountMinor: 900, status: 'success', createdAt: null } }]);
  });
});

describe('periods', () => {
  it('lists every day of a period, across a month end', () => {
    expect(daysBetween('2026-10-30', '2026-11-02')).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02']);
  });

  it('refuses a period backwards or longer than a year', () => {
    expect(revenuePeriodSchema.safeParse({ from: '2026-11-02', to: '2026-11-01' }).success).toBe(false);
    // At most 366 days, both ends counted.
    expect(revenuePeriodSchema.safeParse({ from: '2025-10-31', to: '2026-11-01' }).success).toBe(false);
    expect(revenuePeriodSchema.safeParse({ from: '2025-11-01', to: '2026-11-01' }).success).toBe(true);
    expect(revenuePeriodSchema.safeParse({}).success).toBe(true);
  });
});

describe('plan rules', () => {
  it('takes shillings as typed to cents', () => {
    expect(shillingsToMinor('1,500')).toBe(150_000);
    expect(shillingsToMinor('1500.5')).toBe(150_050);
    expect(shillingsToMinor('0.05')).toBe(5);
    expect(shillingsToMinor('12.345')).toBeNull();
    expect(shillingsToMinor('-3')).toBeNull();
    expect(shillingsToMinor('')).toBeNull();
  });

  it("applies a plan's own features and limits only while the shop has access and no trial", () => {
    const own = tierEntitlements('Starter');
    own.limits.max_products = 3;
    own.features.gift_cards = true;
    const paying = resolveEntitlements({ planName: 'Starter', isTrialActive: false, hasAccess: true, planEntitlements: own });
    expect(paying.limits).toEqual({ max_locations: 2, max_staff_users: 10, max_products: 3 });
    expect(paying.features.gift_cards).toBe(true);
    expect(resolveEntitlements({ planName: 'Starter', isTrialActive: true, hasAccess: true, planEntitlements: own }).limits.max_products).toBe(UNLIMITED);
    expect(resolveEntitlements({ planName: 'Starter', isTrialActive: false, hasAccess: false, planEntitlements: own }).limits.max_products).toBe(500);
    // Without its own set, the tier by name as before (spec §9).
    expect(resolveEntitlements({ planName: 'Enterprise', isTrialActive: false, hasAccess: true }).limits.max_products).toBe(UNLIMITED);
    expect(resolveEntitlements({ planName: 'Enterprise', isTrialActive: false, hasAccess: true, planEntitlements: own }).limits.max_products).toBe(3);
  });

  it('reads a stored set over the tier, keeping the tier where a value is missing or wrong', () => {
    expect(storedEntitlements('Professional', null)).toBeNull();
    expect(storedEntitlements('Professional', ['x'])).toBeNull();
    const read = storedEntitlements('Professional', { features: { gift_cards: false, warp_drive: true }, limits: { max_products: 42, max_locations: -1, max_staff_users: 'many' } })!;
    expect(read.features.gift_cards).toBe(false);
    expect(read.features.loyalty_program).toBe(true);
    expect('warp_drive' in read.features).toBe(false);
    expect(read.limits).toEqual({ max_locations: 5, max_staff_users: UNLIMITED, max_products: 42 });
  });

  it("words the plan card from the plan's own limits", () => {
    const own = tierEntitlements('Starter');
    own.limits.max_products = 250;
    expect(planOffer('Starter', own)[0]?.text).toBe('Up to 250 products, with variants, barcodes and label printing');
    expect(planOffer('Starter')[0]?.text).toBe('Up to 1,000 products, with variants, barcodes and label printing');
  });

  it('validates a plan: every §9 key and no other, limits 0…999999, price in whole cents', () => {
    const base = { name: 'Lite', priceMinor: 100, period: 'monthly', popularity: 0, entitlements: tierEntitlements('Starter') };
    expect(planInputSchema.safeParse(base).success).toBe(true);
    expect(planInputSchema.parse({ ...base, badge: '  ' }).badge).toBeNull();
    const { gift_cards: _dropped, ...missingOne } = base.entitlements.features;
    expect(planInputSchema.safeParse({ ...base, entitlements: { ...base.entitlements, features: missingOne } }).success).toBe(false);
    expect(planInputSchema.safeParse({ ...base, entitlements: { ...base.entitlements, limits: { ...base.entitlements.limits, max_products: 1_000_000 } } }).success).toBe(false);
    expect(planInputSchema.safeParse({ ...base, priceMinor: 1.5 }).success).toBe(false);
  });
});
