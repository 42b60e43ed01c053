import { eq, sql } from 'drizzle-orm';
import { resolveEntitlements, type PlanEntitlements } from '../../core/billing/plan-features.rules';
import {
  passesSubscriptionGate,
  subscriptionAccess,
  type SubscriptionAccess,
  type SubscriptionSnapshot,
} from '../../core/billing/subscription.rules';
import type { Database, TenantTx } from '../db/client';
import { billingPlans, platformSettings, tenantSubscriptions } from '../db/schema/billing';

export const DEFAULT_TRIAL_DAYS = 14;

export interface SubscriptionState {
  subscription: (SubscriptionSnapshot & { billingPlanId: string | null }) | null;
  plan: { id: string; name: string; priceMinor: number; currency: string; period: 'monthly' | 'yearly' } | null;
  access: SubscriptionAccess;
  entitlements: PlanEntitlements;
  /** The gate of spec §4: false means the Subscription Required page (and 402 from the API). */
  passesGate: boolean;
}

/** Trial length in days, a platform setting (default 14). */
export async function readTrialDays(database: Database): Promise<number> {
  const [row] = await database.platform.select({ value: platformSettings.value }).from(platformSettings).where(eq(platformSettings.key, 'trial_days'));
  const days = Number(row?.value);
  return Number.isInteger(days) && days > 0 ? days : DEFAULT_TRIAL_DAYS;
}

/** A new tenant's subscription: a trial of the platform's length, from now. */
export async function startTrial(tx: TenantTx, tenantId: string, trialDays: number) {
  await tx.insert(tenantSubscriptions).values({
    tenantId,
    status: 'trial',
    trialEnd: sql`now() + make_interval(days => ${trialDays})`,
  });
}

/** The tenant's subscription row and its plan, as stored: what its state is computed from at any time. */
export interface SubscriptionRecord {
  subscription: (SubscriptionSnapshot & { billingPlanId: string | null }) | null;
  plan: SubscriptionState['plan'];
}

/** The tenant's subscription, plan, access, entitlements and gate, in its scope. */
export async function readSubscriptionState(tx: TenantTx, now: Date): Promise<SubscriptionState> {
  return subscriptionStateAt(await readSubscriptionRecord(tx), now);
}

/** The tenant's subscription row and plan, in its scope (one statement). */
export async function readSubscriptionRecord(tx: TenantTx): Promise<SubscriptionRecord> {
  const [row] = await tx
    .select({
      status: tenantSubscriptions.status,
      trialEnd: tenantSubscriptions.trialEnd,
      currentPeriodEnd: tenantSubscriptions.currentPeriodEnd,
      billingPlanId: tenantSubscriptions.billingPlanId,
      planName: billingPlans.name,
      planPriceMinor: billingPlans.priceMinor,
      planCurrency: billingPlans.currency,
      planPeriod: billingPlans.period,
    })
    .from(tenantSubscriptions)
    .leftJoin(billingPlans, eq(billingPlans.id, tenantSubscriptions.billingPlanId))
    .limit(1);
  const subscription = row
    ? { status: row.status, trialEnd: row.trialEnd, currentPeriodEnd: row.currentPeriodEnd, billingPlanId: row.billingPlanId }
    : null;
  const plan =
    row?.billingPlanId && row.planName
      ? {
          id: row.billingPlanId,
          name: row.planName,
          priceMinor: row.planPriceMinor ?? 0,
          currency: row.planCurrency ?? 'KES',
          period: (row.planPeriod ?? 'monthly') as 'monthly' | 'yearly',
        }
      : null;
  return { subscription, plan };
}

/** A subscription record's access, entitlements and gate at `now` (trials and periods end by the clock). */
export function subscriptionStateAt({ subscription, plan }: SubscriptionRecord, now: Date): SubscriptionState {
  const access = subscriptionAccess(subscription, now);
  return {
    subscription,
    plan,
    access,
    entitlements: resolveEntitlements({ planName: plan?.name, isTrialActive: access.isTrialActive, hasAccess: access.hasAccess }),
    passesGate: passesSubscriptionGate(subscription ? { kind: 'record', subscription } : { kind: 'none' }, now),
  };
}
