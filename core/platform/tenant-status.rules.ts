import { passesSubscriptionGate, subscriptionPhase, type BillingPeriod, type SubscriptionSnapshot } from '../billing/subscription.rules';

// How the super-admin console sees a shop (issue 21, docs/platform.md): one status from the shop's
// own status and its subscription, as the operator thinks of it. The tenant list filters and the
// overview counts by the same rule in SQL (server/platform/tenant-status.sql.ts), which a test holds
// to this one.

export const PLATFORM_TENANT_STATUSES = ['trial', 'active', 'past_due', 'lapsed', 'suspended'] as const;
export type PlatformTenantStatus = (typeof PLATFORM_TENANT_STATUSES)[number];

/**
 * - suspended: a platform admin suspended the shop;
 * - trial: a free trial running (or open-ended, or no subscription row: the gate lets it in);
 * - active: a paid period running;
 * - past_due: still let in (spec §4 gate) but not paid up: a payment pending, or a paid period over
 *   while the row still says active (no renewal came);
 * - lapsed: the gate shuts it out (trial ended, expired, cancelled) or the shop was cancelled.
 */
export function platformTenantStatus(tenantStatus: string, subscription: SubscriptionSnapshot | null, now: Date): PlatformTenantStatus {
  if (tenantStatus === 'suspended') return 'suspended';
  if (tenantStatus === 'cancelled') return 'lapsed';
  const phase = subscriptionPhase(subscription, now);
  switch (phase.kind) {
    case 'none':
    case 'trial':
      return 'trial';
    case 'paid':
      return 'active';
    case 'pending':
      return 'past_due';
    case 'cancelled':
      return 'lapsed';
    case 'ended':
      return subscription && passesSubscriptionGate({ kind: 'record', subscription }, now) ? 'past_due' : 'lapsed';
  }
}

/** Subscriptions of one plan price and period (what the overview's MRR is summed from). */
export interface RecurringRevenueLine {
  period: BillingPeriod;
  priceMinor: number;
  subscriptions: number;
}

/**
 * Monthly recurring revenue in minor units: monthly plans at their price, yearly ones at a twelfth,
 * summed exactly and rounded once (half up), so many yearly shops do not each lose a fraction.
 */
export function monthlyRecurringRevenue(lines: readonly RecurringRevenueLine[]): number {
  let monthly = 0;
  let yearly = 0;
  for (const line of lines) {
    if (line.period === 'yearly') yearly += line.priceMinor * line.subscriptions;
    else monthly += line.priceMinor * line.subscriptions;
  }
  return monthly + Math.floor((yearly + 6) / 12);
}

export const TRIAL_EXTENSION_MAX_DAYS = 365;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A trial extended by `days`: from its end while it runs, from now once it has ended (or never had one). */
export function extendedTrialEnd(trialEnd: Date | null, days: number, now: Date): Date {
  const from = trialEnd && trialEnd.getTime() > now.getTime() ? trialEnd : now;
  return new Date(from.getTime() + days * DAY_MS);
}

/**
 * A trial is extended for a shop that has not paid: one on a trial (running or ended) or without a
 * subscription. A shop that pays keeps its paid period; its plan is changed instead.
 */
export function mayExtendTrial(subscription: SubscriptionSnapshot | null): boolean {
  if (!subscription) return true;
  if (subscription.status === 'trial' || subscription.status === 'trialing') return true;
  return subscription.status === 'expired' && subscription.currentPeriodEnd === null;
}
