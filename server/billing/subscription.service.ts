import { eq, sql } from 'drizzle-orm';
import { resolveEntitlements, storedEntitlements, type PlanEntitlements } from '../../core/billing/plan-features.rules';
import {
  passesSubscriptionGate,
  subscriptionAccess,
  type SubscriptionAccess,
  type SubscriptionSnapshot,
} from '../../core/billing/subscription.rules';
import type { Database, TenantTx } from '../db/client';
import { billingPlans, platformSettings, tenantSubscriptions } from '../db/schema/billing';

export const DEFAULT_TRIAL_DAYS = 14;

/**
 * Where a plan's own features and limits are kept: platform_settings under
 * `plan_entitlements:<plan id>` (billing_plans has no column for them; docs/platform.md "Plan
 * management"). A platform table every shop's connection may read, like billing_plans.
 */
export const PLAN_ENTITLEMENTS_KEY_PREFIX = 'plan_entitlements:';
export const planEntitlementsKey = (planId: string) => `${PLAN_ENTITLEMENTS_KEY_PREFIX}${planId}`;
const planEntitlementsKeySql = (planId: typeof billingPlans.id) => sql`${PLAN_ENTITLEMENTS_KEY_PREFIX} || ${planId}::text`;

export interface SubscriptionState {
  subscription: (SubscriptionSnapshot & { billingPlanId: string | null }) | null;
  plan: { id: string; name: string; priceMinor: number; currency: string; period: 'monthly' | 'yearly' } | null;
  /** The plan's own features and limits (Plan Management); null: its tier's by name (spec §9). */
  planEntitlements?: PlanEntitlements | null;
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
  /** The plan's own features and limits when a platform admin set them (Plan Management, kept under planEntitlementsKey). */
  planEntitlements?: PlanEntitlements | null;
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
      planEntitlements: platformSettings.value,
    })
    .from(tenantSubscriptions)
    .leftJoin(billingPlans, eq(billingPlans.id, tenantSubscriptions.billingPlanId))
    .leftJoin(platformSettings, eq(platformSettings.key, planEntitlementsKeySql(billingPlans.id)))
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
  return { subscription, plan, planEntitlements: plan ? storedEntitlements(plan.name, row?.planEntitlements ?? null) : null };
}

/** A subscription record's access, entitlements and gate at `now` (trials and periods end by the clock). */
export function subscriptionStateAt({ subscription, plan, planEntitlements }: SubscriptionRecord, now: Date): SubscriptionState {
  const access = subscriptionAccess(subscription, now);
  return {
    subscription,
    plan,
    planEntitlements: planEntitlements ?? null,
    access,
    entitlements: resolveEntitlements({ planName: plan?.name, isTrialActive: access.isTrialActive, hasAccess: access.hasAccess, planEntitlements }),
    passesGate: passesSubscriptionGate(subscription ? { kind: 'record', subscription } : { kind: 'none' }, now),
  };
}
