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
  paidPeriodEnd,
  passesSubscriptionGate,
  paymentStatusTimestamps,
  subscriptionAccess,
  subscriptionRequiredAction,
  subscriptionPhase,
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
  const noTrial = (currentPeriodEnd: Date | null) => ({ trialEnd: null, currentPeriodEnd });
  it('extends from the later of the payment and the current end, by the plan period', () => {
    expect(paidPeriodEnd(noTrial(null), 'monthly', NOW).toISOString()).toBe('2026-12-21T12:00:00.000Z');
    expect(paidPeriodEnd(noTrial(PAST), 'monthly', NOW).toISOString()).toBe('2026-12-21T12:00:00.000Z');
    expect(paidPeriodEnd(noTrial(FUTURE), 'monthly', NOW).toISOString()).toBe('2027-01-01T12:00:00.000Z');
    expect(paidPeriodEnd(noTrial(null), 'yearly', NOW).toISOString()).toBe('2027-11-21T12:00:00.000Z');
    expect(paidPeriodEnd(noTrial(null), 'monthly', new Date('2027-01-31T08:00:00Z')).toISOString()).toBe('2027-02-28T08:00:00.000Z');
    expect(paidPeriodEnd(noTrial(null), 'yearly', new Date('2028-02-29T08:00:00Z')).toISOString()).toBe('2029-02-28T08:00:00.000Z');
  });

  // Issue 10 item 2, worked by hand: a trial started 1 Nov 2026 at 09:00 UTC for 14 days ends
  // 15 Nov 2026 09:00. Paying on day 1 keeps those days: the paid month runs 15 Nov → 15 Dec.
  const TRIAL_END = new Date('2026-11-15T09:00:00Z');
  const onTrial = { trialEnd: TRIAL_END, currentPeriodEnd: null };
  it('paying during the trial starts the paid period when the trial ends (the trial days are kept)', () => {
    expect(paidPeriodEnd(onTrial, 'monthly', new Date('2026-11-01T10:00:00Z')).toISOString()).toBe('2026-12-15T09:00:00.000Z');
    expect(paidPeriodEnd(onTrial, 'yearly', new Date('2026-11-01T10:00:00Z')).toISOString()).toBe('2027-11-15T09:00:00.000Z');
    // On the trial's last evening: the same renewal date.
    expect(paidPeriodEnd(onTrial, 'monthly', new Date('2026-11-14T20:00:00Z')).toISOString()).toBe('2026-12-15T09:00:00.000Z');
    // After the trial ended: from the payment.
    expect(paidPeriodEnd(onTrial, 'monthly', new Date('2026-11-20T08:00:00Z')).toISOString()).toBe('2026-12-20T08:00:00.000Z');
    // A second month bought during the trial follows the first.
    const afterFirst = { trialEnd: TRIAL_END, currentPeriodEnd: new Date('2026-12-15T09:00:00Z') };
    expect(paidPeriodEnd(afterFirst, 'monthly', new Date('2026-11-02T10:00:00Z')).toISOString()).toBe('2027-01-15T09:00:00.000Z');
    // A trial ending on 31 January: the paid month ends on the last day of February.
    expect(paidPeriodEnd({ trialEnd: new Date('2027-01-31T09:00:00Z'), currentPeriodEnd: null }, 'monthly', new Date('2027-01-20T09:00:00Z')).toISOString()).toBe(
      '2027-02-28T09:00:00.000Z',
    );
  });
});

describe('one status for the Billing tab and the gate page (issue 10 items 2 and 8)', () => {
  const at = (iso: string) => new Date(iso);
  it('a trial, nothing paid: Trial, ending on its date', () => {
    expect(subscriptionPhase({ status: 'trial', trialEnd: at('2026-11-15T09:00:00Z'), currentPeriodEnd: null }, at('2026-11-01T10:00:00Z'))).toEqual({
      kind: 'trial',
      label: 'Trial',
      trialEnd: at('2026-11-15T09:00:00Z'),
    });
  });
  it('paid during the trial: Active, the trial runs to its end, then the plan renews on the period end', () => {
    expect(
      subscriptionPhase({ status: 'active', trialEnd: at('2026-11-15T09:00:00Z'), currentPeriodEnd: at('2026-12-15T09:00:00Z') }, at('2026-11-01T10:00:00Z')),
    ).toEqual({ kind: 'paid', label: 'Active', freeUntil: at('2026-11-15T09:00:00Z'), renewsOn: at('2026-12-15T09:00:00Z') });
    // Once the trial is over there is nothing free left to mention.
    expect(
      subscriptionPhase({ status: 'active', trialEnd: at('2026-11-15T09:00:00Z'), currentPeriodEnd: at('2026-12-15T09:00:00Z') }, at('2026-11-16T10:00:00Z')),
    ).toEqual({ kind: 'paid', label: 'Active', freeUntil: null, renewsOn: at('2026-12-15T09:00:00Z') });
  });
  it('a trial that ended: Trial ended, on its date (not "Trial" with 0 days)', () => {
    expect(subscriptionPhase({ status: 'trial', trialEnd: at('2026-11-22T09:00:00Z'), currentPeriodEnd: null }, at('2026-11-23T10:00:00Z'))).toEqual({
      kind: 'ended',
      label: 'Trial ended',
      what: 'trial',
      endedOn: at('2026-11-22T09:00:00Z'),
    });
  });
  it('a paid period that ran out, or an expired subscription: Expired, on the period end', () => {
    const ended = { kind: 'ended', label: 'Expired', what: 'plan', endedOn: at('2026-11-20T09:00:00Z') };
    expect(subscriptionPhase({ status: 'active', trialEnd: null, currentPeriodEnd: at('2026-11-20T09:00:00Z') }, at('2026-11-23T10:00:00Z'))).toEqual(ended);
    expect(subscriptionPhase({ status: 'expired', trialEnd: at('2026-10-01T09:00:00Z'), currentPeriodEnd: at('2026-11-20T09:00:00Z') }, at('2026-11-23T10:00:00Z'))).toEqual(ended);
    expect(subscriptionPhase({ status: 'expired', trialEnd: at('2026-10-01T09:00:00Z'), currentPeriodEnd: null }, at('2026-11-23T10:00:00Z'))).toEqual({
      kind: 'ended',
      label: 'Trial ended',
      what: 'trial',
      endedOn: at('2026-10-01T09:00:00Z'),
    });
  });
  it('pending, cancelled and no record', () => {
    expect(subscriptionPhase({ status: 'pending', trialEnd: null, currentPeriodEnd: null }, NOW)).toEqual({ kind: 'pending', label: 'Pending' });
    expect(subscriptionPhase({ status: 'cancelled', trialEnd: null, currentPeriodEnd: PAST }, NOW)).toEqual({ kind: 'cancelled', label: 'Cancelled', endedOn: PAST });
    expect(subscriptionPhase(null, NOW)).toEqual({ kind: 'none', label: 'No subscription' });
  });
});
