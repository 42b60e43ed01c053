// Subscription status, the gate and the access helper (spec §4), as pure functions of a clock.

export const SUBSCRIPTION_STATUSES = ['active', 'trial', 'trialing', 'pending', 'cancelled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface SubscriptionSnapshot {
  status: string;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
}

/** What the tenant's subscription lookup produced: a record, none, or an error. */
export type SubscriptionLookup = { kind: 'record'; subscription: SubscriptionSnapshot } | { kind: 'none' } | { kind: 'error' };

const isFuture = (date: Date | null, now: Date) => date !== null && date.getTime() > now.getTime();

/**
 * Spec §4 "Gate rules": active → access; trial/trialing → access if trial_end is missing or in
 * the future; pending → access; any other status → access unless cancelled or expired; no record
 * → access; a fetch error → access. Otherwise the Subscription Required page shows.
 */
export function passesSubscriptionGate(lookup: SubscriptionLookup, now: Date): boolean {
  if (lookup.kind !== 'record') return true;
  const { status, trialEnd } = lookup.subscription;
  switch (status) {
    case 'active':
    case 'pending':
      return true;
    case 'trial':
    case 'trialing':
      return trialEnd === null || isFuture(trialEnd, now);
    default:
      return status !== 'cancelled' && status !== 'expired';
  }
}

export interface SubscriptionAccess {
  isTrialActive: boolean;
  isSubscriptionActive: boolean;
  hasAccess: boolean;
  /** Whole days left, rounded up; 0 when over or unknown. */
  daysLeftInTrial: number;
  daysUntilExpiry: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const daysUntil = (date: Date | null, now: Date) => (date ? Math.max(0, Math.ceil((date.getTime() - now.getTime()) / DAY_MS)) : 0);

/**
 * Spec §4 "Access helper" (separate from the gate): trial active = trial_end in the future;
 * subscription active = status active and period end absent or in the future; access if either,
 * or status pending or trialing; no record grants access.
 */
export function subscriptionAccess(subscription: SubscriptionSnapshot | null, now: Date): SubscriptionAccess {
  if (!subscription) {
    return { isTrialActive: false, isSubscriptionActive: false, hasAccess: true, daysLeftInTrial: 0, daysUntilExpiry: 0 };
  }
  const isTrialActive = isFuture(subscription.trialEnd, now);
  const isSubscriptionActive =
    subscription.status === 'active' && (subscription.currentPeriodEnd === null || isFuture(subscription.currentPeriodEnd, now));
  const hasAccess = isSubscriptionActive || isTrialActive || subscription.status === 'pending' || subscription.status === 'trialing';
  return {
    isTrialActive,
    isSubscriptionActive,
    hasAccess,
    daysLeftInTrial: daysUntil(subscription.trialEnd, now),
    daysUntilExpiry: daysUntil(subscription.currentPeriodEnd, now),
  };
}

/** The Subscription Required page's message (spec §8 "Subscription page texts"). */
export function subscriptionRequiredMessage(subscription: SubscriptionSnapshot | null, now: Date): string {
  if (subscription?.status === 'pending') return /*i18n*/ 'Your payment is pending. Please complete your payment to continue.';
  const isTrialStatus = subscription?.status === 'trial' || subscription?.status === 'trialing';
  if (subscription && isTrialStatus && subscription.trialEnd && !isFuture(subscription.trialEnd, now)) {
    return /*i18n*/ 'Your trial has expired. Upgrade to continue using the system.';
  }
  return /*i18n*/ 'An active subscription is required to access this system.';
}

/** The Subscription Required page's main button: Complete Payment when pending, else Upgrade Now. */
export function subscriptionRequiredAction(status: string | null | undefined): 'Complete Payment' | 'Upgrade Now' {
  return status === 'pending' ? /*i18n*/ 'Complete Payment' : /*i18n*/ 'Upgrade Now';
}

/** Payment status effects (spec §4): completed sets paid_at, failed sets failed_at, others as given. */
export function paymentStatusTimestamps(status: string, now: Date): { paidAt?: Date; failedAt?: Date } {
  if (status === 'completed') return { paidAt: now };
  if (status === 'failed') return { failedAt: now };
  return {};
}

export type BillingPeriod = 'monthly' | 'yearly';

/** `start` plus a month or a year; a day the month lacks clamps to its last day (31 Jan + 1 month = 28 Feb). */
function addPeriod(start: Date, period: BillingPeriod): Date {
  const months = period === 'yearly' ? 12 : 1;
  const end = new Date(start.getTime());
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return end;
}

const latest = (...dates: Array<Date | null>) =>
  dates.reduce<Date | null>((max, date) => (date && (!max || date.getTime() > max.getTime()) ? date : max), null)!;

/**
 * When a period paid at `paidAt` ends. It starts at the latest of the payment, the end of a trial
 * still running (paying early keeps the trial's days, as Stripe's trial_end does) and the end of a
 * period already paid for (docs/decisions/0009).
 */
export function paidPeriodEnd(current: { trialEnd: Date | null; currentPeriodEnd: Date | null }, period: BillingPeriod, paidAt: Date): Date {
  return addPeriod(latest(paidAt, current.trialEnd, current.currentPeriodEnd), period);
}

/** What the subscription is at `now`, as one status (the Billing tab, the Subscription Required page). */
export type SubscriptionPhase =
  | { kind: 'none'; label: 'No subscription' }
  /** A free trial with nothing paid; trialEnd null means open-ended. */
  | { kind: 'trial'; label: 'Trial'; trialEnd: Date | null }
  /** Paid: free until the trial's end when paid during it, then the plan until renewsOn. */
  | { kind: 'paid'; label: 'Active'; freeUntil: Date | null; renewsOn: Date | null }
  | { kind: 'ended'; label: 'Trial ended' | 'Expired'; what: 'trial' | 'plan'; endedOn: Date | null }
  | { kind: 'pending'; label: 'Pending' }
  | { kind: 'cancelled'; label: 'Cancelled'; endedOn: Date | null };

export function subscriptionPhase(subscription: SubscriptionSnapshot | null, now: Date): SubscriptionPhase {
  if (!subscription) return { kind: 'none', label: /*i18n*/ 'No subscription' };
  const { status, trialEnd, currentPeriodEnd } = subscription;
  const trialEnded = { kind: 'ended', label: /*i18n*/ 'Trial ended', what: 'trial', endedOn: trialEnd } as const;
  const planEnded = { kind: 'ended', label: /*i18n*/ 'Expired', what: 'plan', endedOn: currentPeriodEnd } as const;
  switch (status) {
    case 'pending':
      return { kind: 'pending', label: /*i18n*/ 'Pending' };
    case 'cancelled':
      return { kind: 'cancelled', label: /*i18n*/ 'Cancelled', endedOn: currentPeriodEnd };
    case 'trial':
    case 'trialing':
      return trialEnd === null || isFuture(trialEnd, now) ? { kind: 'trial', label: /*i18n*/ 'Trial', trialEnd } : trialEnded;
    case 'expired':
      return currentPeriodEnd === null && trialEnd !== null ? trialEnded : planEnded;
    default:
      if (currentPeriodEnd !== null && !isFuture(currentPeriodEnd, now)) return planEnded;
      return { kind: 'paid', label: /*i18n*/ 'Active', freeUntil: isFuture(trialEnd, now) ? trialEnd : null, renewsOn: currentPeriodEnd };
  }
}
