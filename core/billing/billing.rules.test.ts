import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OFF_FEATURES,
  DEFAULT_ON_FEATURES,
  DEFAULT_UPGRADE_MESSAGE,
  FEATURE_KEYS,
  PROFESSIONAL_EXCLUDED,
  resolveEntitlements,
  upgradeBadge,
  upgradeMessage,
} from './plan-features.rules';
import {
  extendPeriod,
  passesSubscriptionGate,
  paymentStatusTimestamps,
  subscriptionAccess,
  subscriptionRequiredAction,
  subscriptionRequiredMessage,
  type SubscriptionSnapshot,
} from './subscription.rules';

const NOW = new Date('2026-11-21T12:00:00Z');
const FUTURE = new Date('2026-12-01T12:00:00Z');
const PAST = new Date('2026-11-01T12:00:00Z');
const onFeatures = (e: ReturnType<typeof resolveEntitlements>) => FEATURE_KEYS.filter((f) => e.features[f]);

describe('plan entitlements (spec §9)', () => {
  it('defaults when there is no plan or no access: six features, 1 location, 3 staff, 500 products', () => {
    for (const input of [
      { planName: null, isTrialActive: false, hasAccess: true },
      { planName: 'Enterprise', isTrialActive: false, hasAccess: false },
      { planName: 'Professional', isTrialActive: false, hasAccess: false },
      { planName: 'mystery', isTrialActive: false, hasAccess: true },
    ]) {
      const e = resolveEntitlements(input);
      expect(onFeatures(e).sort()).toEqual([...DEFAULT_ON_FEATURES].sort());
      expect(e.limits).toEqual({ max_locations: 1, max_staff_users: 3, max_products: 500 });
    }
  });

  it('enterprise, or any active trial: everything, limits 999999', () => {
    for (const input of [
      { planName: 'Enterprise', isTrialActive: false, hasAccess: true },
      { planName: ' ENTERPRISE ', isTrialActive: false, hasAccess: true },
      { planName: 'Starter', isTrialActive: true, hasAccess: true },
      { planName: null, isTrialActive: true, hasAccess: true },
    ]) {
      const e = resolveEntitlements(input);
      expect(onFeatures(e)).toEqual([...FEATURE_KEYS]);
      expect(e.limits).toEqual({ max_locations: 999999, max_staff_users: 999999, max_products: 999999 });
    }
  });

  it('professional: all but white labeling, custom domains, phone support, dedicated account manager', () => {
    const e = resolveEntitlements({ planName: 'Professional', isTrialActive: false, hasAccess: true });
    expect(FEATURE_KEYS.filter((f) => !e.features[f]).sort()).toEqual([...PROFESSIONAL_EXCLUDED].sort());
    expect(e.limits).toEqual({ max_locations: 5, max_staff_users: 999999, max_products: 5000 });
  });

  it.each(['basic', 'Starter'])('%s: defaults plus advanced reporting, user roles, advanced customer management', (planName) => {
    const e = resolveEntitlements({ planName, isTrialActive: false, hasAccess: true });
    expect(onFeatures(e).sort()).toEqual(
      [...DEFAULT_ON_FEATURES, 'advanced_reporting', 'user_roles', 'advanced_customer_management'].sort(),
    );
    expect(e.limits).toEqual({ max_locations: 2, max_staff_users: 10, max_products: 1000 });
  });

  it('lists every default-off feature of §9', () => {
    for (const feature of ['multi_location', 'advanced_inventory', 'loyalty_program', 'gift_cards', 'white_labeling', 'sla', 'backup_restore']) {
      expect(DEFAULT_OFF_FEATURES).toContain(feature);
    }
  });

  it('upgrade messages and badges', () => {
    expect(upgradeMessage('dashboards')).toBe(DEFAULT_UPGRADE_MESSAGE);
    expect(DEFAULT_UPGRADE_MESSAGE).toBe('Upgrade your subscription to access this feature.');
    expect(upgradeMessage('advanced_inventory')).toMatch(/Pro/);
    expect(upgradeBadge('professional')).toBe('Enterprise');
    expect(upgradeBadge('Starter')).toBe('Pro');
    expect(upgradeBadge(null)).toBe('Pro');
  });
});

const record = (status: string, trialEnd: Date | null = null, currentPeriodEnd: Date | null = null) => ({
  kind: 'record' as const,
  subscription: { status, trialEnd, currentPeriodEnd },
});

describe('gate rules (spec §4)', () => {
  it.each([
    ['active', null, true],
    ['active', PAST, true],
    ['trial', null, true],
    ['trial', FUTURE, true],
    ['trial', PAST, false],
    ['trialing', FUTURE, true],
    ['trialing', PAST, false],
    ['pending', PAST, true],
    ['cancelled', FUTURE, false],
    ['expired', null, false],
    ['past_due', null, true],
  ])('%s with trial_end %s → %s', (status, trialEnd, expected) => {
    expect(passesSubscriptionGate(record(status, trialEnd as Date | null), NOW)).toBe(expected);
  });
  it('no record and a fetch error grant access', () => {
    expect(passesSubscriptionGate({ kind: 'none' }, NOW)).toBe(true);
    expect(passesSubscriptionGate({ kind: 'error' }, NOW)).toBe(true);
  });
});

describe('access helper (spec §4)', () => {
  const snapshot = (status: string, trialEnd: Date | null, currentPeriodEnd: Date | null): SubscriptionSnapshot => ({ status, trialEnd, currentPeriodEnd });
  it.each([
    ['active', null, null, { isSubscriptionActive: true, isTrialActive: false, hasAccess: true }],
    ['active', null, FUTURE, { isSubscriptionActive: true, hasAccess: true, daysUntilExpiry: 10 }],
    ['active', null, PAST, { isSubscriptionActive: false, hasAccess: false, daysUntilExpiry: 0 }],
    ['trial', FUTURE, null, { isTrialActive: true, hasAccess: true, daysLeftInTrial: 10 }],
    ['trial', PAST, null, { isTrialActive: false, hasAccess: false, daysLeftInTrial: 0 }],
    ['trialing', PAST, null, { isTrialActive: false, hasAccess: true }],
    ['pending', null, null, { hasAccess: true }],
    ['cancelled', null, FUTURE, { isSubscriptionActive: false, hasAccess: false }],
    ['expired', null, null, { hasAccess: false }],
  ])('%s (trial_end %s, period end %s)', (status, trialEnd, periodEnd, expected) => {
    expect(subscriptionAccess(snapshot(status, trialEnd as Date | null, periodEnd as Date | null), NOW)).toMatchObject(expected);
  });
  it('no record grants access', () => {
    expect(subscriptionAccess(null, NOW).hasAccess).toBe(true);
  });
  it('rounds partial days up', () => {
    expect(subscriptionAccess(snapshot('trial', new Date(NOW.getTime() + 60_000), null), NOW).daysLeftInTrial).toBe(1);
  });
});

describe('Subscription Required page (spec §2, §8)', () => {
  it('texts by status', () => {
    expect(subscriptionRequiredMessage({ status: 'pending', trialEnd: null, currentPeriodEnd: null }, NOW)).toBe(
      'Your payment is pending. Please complete your payment to continue.',
    );
    expect(subscriptionRequiredMessage({ status: 'trial', trialEnd: PAST, currentPeriodEnd: null }, NOW)).toBe(
      'Your trial has expired. Upgrade to continue using the system.',
    );
    expect(subscriptionRequiredMessage({ status: 'cancelled', trialEnd: null, currentPeriodEnd: null }, NOW)).toBe(
      'An active subscription is required to access this system.',
    );
    expect(subscriptionRequiredMessage(null, NOW)).toBe('An active subscription is required to access this system.');
  });
  it('button label', () => {
    expect(subscriptionRequiredAction('pending')).toBe('Complete Payment');
    expect(subscriptionRequiredAction('expired')).toBe('Upgrade Now');
  });
});

describe('payments (spec §4)', () => {
  it('completed sets paid_at, failed sets failed_at, others nothing', () => {
    expect(paymentStatusTimestamps('completed', NOW)).toEqual({ paidAt: NOW });
    expect(paymentStatusTimestamps('failed', NOW)).toEqual({ failedAt: NOW });
    expect(paymentStatusTimestamps('abandoned', NOW)).toEqual({});
  });
  it('extends from the later of now and the current end, by the plan period', () => {
    expect(extendPeriod(null, 'monthly', NOW).toISOString()).toBe('2026-12-21T12:00:00.000Z');
    expect(extendPeriod(PAST, 'monthly', NOW).toISOString()).toBe('2026-12-21T12:00:00.000Z');
    expect(extendPeriod(FUTURE, 'monthly', NOW).toISOString()).toBe('2027-01-01T12:00:00.000Z');
    expect(extendPeriod(null, 'yearly', NOW).toISOString()).toBe('2027-11-21T12:00:00.000Z');
    expect(extendPeriod(null, 'monthly', new Date('2027-01-31T08:00:00Z')).toISOString()).toBe('2027-02-28T08:00:00.000Z');
    expect(extendPeriod(null, 'yearly', new Date('2028-02-29T08:00:00Z')).toISOString()).toBe('2029-02-28T08:00:00.000Z');
  });
});
