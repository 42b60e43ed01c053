import { eq, inArray, like, sql } from 'drizzle-orm';
import { FEATURE_KEYS, LIMIT_KEYS, storedEntitlements, tierEntitlements, type PlanEntitlements } from '../../core/billing/plan-features.rules';
import type { PlanInputParsed, PlatformPlanDetail } from '../../core/platform/plans.schemas';
import { queryRows, type PlatformDb, type PlatformTx } from '../db/client';
import { isForeignKeyViolation } from '../db/errors';
import { billingPlans, platformSettings } from '../db/schema/billing';
import { tenants } from '../db/schema/tenancy';
import { shopSignups } from '../db/schema/signup';
import { PLAN_ENTITLEMENTS_KEY_PREFIX, planEntitlementsKey } from '../billing/subscription.service';
import type { AppDependencies } from '../http/context';
import { HttpError } from '../http/errors';
import { unsafeReadAcrossTenants } from './cross-tenant-read';
import { recordPlatformAudit } from './platform-audit';
import { PLATFORM_STATUS_SQL } from './tenant-status.sql';
import type { PlatformActor } from './tenants.service';

// Plan Management (issue 21, docs/platform.md "Plan management"): billing plans with their own
// features and limits. How a change reaches the shops on a plan:
// - features and limits count at once: the limit checks read the plan in the insert's own
//   transaction, and the tenant guard's cache of each affected shop is forgotten here and its
//   access version raised (other servers re-read on the next request);
// - a price counts from each shop's next payment (renewal or checkout), never within a period
//   already paid: nothing stores a price on the subscription, and a checkout already begun is
//   fulfilled at the amount it asked for;
// - the period cannot change while anything refers to the plan (a renewal would change length);
// - retiring stops offering it (plans page, sign-up, change plan); its shops keep it;
// - a plan is deleted only while nothing refers to it, else retired.

const PLAN_NOT_FOUND = /*i18n*/ 'No such plan.';

interface PlanRow {
  id: string;
  name: string;
  period: 'monthly' | 'yearly';
  priceMinor: number;
  currency: string;
  isActive: boolean;
  features: string[];
  popularity: number;
  badge: string | null;
  updatedAt: Date;
}

const planColumns = {
  id: billingPlans.id,
  name: billingPlans.name,
  period: billingPlans.period,
  priceMinor: billingPlans.priceMinor,
  currency: billingPlans.currency,
  isActive: billingPlans.isActive,
  features: billingPlans.features,
  popularity: billingPlans.popularity,
  badge: billingPlans.badge,
  updatedAt: billingPlans.updatedAt,
};

/** Shops on each plan (any status, and paying now) and payments naming it, across every shop. */
async function readPlanUsage(deps: AppDependencies) {
  return unsafeReadAcrossTenants(deps.database, async (tx) => {
    const subscriptions = await queryRows<{ plan_id: string; total: number; active: number }>(
      tx,
      sql`select s.billing_plan_id as plan_id, count(*)::int as total, count(*) filter (where ${PLATFORM_STATUS_SQL} = 'active')::int as active
            from tenant_subscription_details s join tenants t on t.id = s.tenant_id
           where s.billing_plan_id is not null group by s.billing_plan_id`,
    );
    const payments = await queryRows<{ plan_id: string; total: number }>(
      tx,
      sql`select billing_plan_id as plan_id, count(*)::int as total from payment_history group by billing_plan_id`,
    );
    return {
      subscriptions: new Map(subscriptions.map((row) => [row.plan_id, row])),
      payments: new Map(payments.map((row) => [row.plan_id, row.total])),
    };
  });
}

async function readStoredEntitlements(db: PlatformDb | PlatformTx, planIds?: string[]): Promise<Map<string, unknown>> {
  const keys = planIds?.map(planEntitlementsKey);
  const rows = await db
    .select({ key: platformSettings.key, value: platformSettings.value })
    .from(platformSettings)
    .where(keys ? inArray(platformSettings.key, keys.length ? keys : ['-']) : like(platformSettings.key, `${PLAN_ENTITLEMENTS_KEY_PREFIX}%`));
  return new Map(rows.map((row) => [row.key.slice(PLAN_ENTITLEMENTS_KEY_PREFIX.length), row.value]));
}

function entitlementsOf(plan: { id: string; name: string }, stored: Map<string, unknown>): { entitlements: PlanEntitlements; hasOwn: boolean } {
  const own = storedEntitlements(plan.name, stored.get(plan.id) ?? null);
  return { entitlements: own ?? tierEntitlements(plan.name), hasOwn: own !== null };
}

/** Every plan, offered first, then by popularity and price, with what it grants and who uses it. */
export async function listPlanDetails(deps: AppDependencies): Promise<PlatformPlanDetail[]> {
  const plans = (await deps.database.platform.select(planColumns).from(billingPlans)) as PlanRow[];
  const stored = await readStoredEntitlements(deps.database.platform);
  const usage = await readPlanUsage(deps);
  const signups = await deps.database.platform
    .select({ planId: shopSignups.planId, total: sql<number>`count(*)::int` })
    .from(shopSignups)
    .groupBy(shopSignups.planId);
  const signupsByPlan = new Map(signups.map((row) => [row.planId, Number(row.total)]));
  return plans
    .map((plan) => {
      const { entitlements, hasOwn } = entitlementsOf(plan, stored);
      const subscriptions = usage.subscriptions.get(plan.id);
      const isReferenced = (subscriptions?.total ?? 0) > 0 || (usage.payments.get(plan.id) ?? 0) > 0 || (signupsByPlan.get(plan.id) ?? 0) > 0;
      return {
        id: plan.id,
        name: plan.name,
        period: plan.period,
        priceMinor: plan.priceMinor,
        currency: plan.currency,
        isActive: plan.isActive,
        cardLines: plan.features,
        popularity: plan.popularity,
        badge: plan.badge,
        entitlements,
        hasOwnEntitlements: hasOwn,
        subscriptions: subscriptions?.total ?? 0,
        activeSubscriptions: subscriptions?.active ?? 0,
        isReferenced,
        updatedAt: plan.updatedAt.toISOString(),
      };
    })
    .sort((left, right) => Number(right.isActive) - Number(left.isActive) || right.popularity - left.popularity || left.priceMinor - right.priceMinor || left.name.localeCompare(right.name));
}

async function readPlanDetail(deps: AppDependencies, planId: string): Promise<PlatformPlanDetail> {
  const plan = (await listPlanDetails(deps)).find((candidate) => candidate.id === planId);
  if (!plan) throw new HttpError('not_found', PLAN_NOT_FOUND);
  return plan;
}

/** The fields of a plan as the audit log records them: one key per feature and limit, so a diff keeps only what changed. */
function auditFields(plan: Pick<PlanRow, 'name' | 'period' | 'priceMinor' | 'isActive' | 'features' | 'popularity' | 'badge'>, entitlements: PlanEntitlements) {
  const fields: Record<string, unknown> = {
    name: plan.name,
    period: plan.period,
    priceMinor: plan.priceMinor,
    isActive: plan.isActive,
    cardLines: plan.features,
    popularity: plan.popularity,
    badge: plan.badge,
  };
  for (const key of FEATURE_KEYS) fields[`feature.${key}`] = entitlements.features[key];
  for (const key of LIMIT_KEYS) fields[`limit.${key}`] = entitlements.limits[key];
  return fields;
}

const NAME_TAKEN = /*i18n*/ 'A plan with this name and period exists';

async function assertNameFree(tx: PlatformTx, input: { name: string; period: string }, exceptId: string | null) {
  const clashes = await queryRows<{ id: string }>(
    tx,
    sql`select id from billing_plans where lower(name) = lower(${input.name}) and period = ${input.period} ${exceptId ? sql`and id <> ${exceptId}` : sql``}`,
  );
  if (clashes.length > 0) throw new HttpError('conflict', NAME_TAKEN, { name: [NAME_TAKEN] });
}

async function storeEntitlements(tx: PlatformTx, planId: string, entitlements: PlanEntitlements) {
  const value = { features: entitlements.features, limits: entitlements.limits };
  await tx
    .insert(platformSettings)
    .values({ key: planEntitlementsKey(planId), value })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value, updatedAt: new Date() } });
}

export async function createPlan(deps: AppDependencies, actor: PlatformActor, input: PlanInputParsed): Promise<PlatformPlanDetail> {
  const planId = await deps.database.platform.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('billing_plans', 0))`);
    await assertNameFree(tx, input, null);
    const [plan] = await tx
      .insert(billingPlans)
      .values({
        name: input.name,
        priceMinor: input.priceMinor,
        currency: 'KES',
        period: input.period,
        features: input.cardLines,
        popularity: input.popularity,
        badge: input.badge,
        isActive: input.isActive,
      })
      .returning({ id: billingPlans.id });
    await storeEntitlements(tx, plan!.id, input.entitlements);
    await recordPlatformAudit(tx, {
      actorUserId: actor.userId,
      action: 'plan.created',
      after: auditFields({ ...input, features: input.cardLines }, input.entitlements),
      details: { planId: plan!.id },
    });
    return plan!.id;
  });
  return readPlanDetail(deps, planId);
}

/** The shops whose subscription names the plan (read across shops). */
async function shopsOnPlan(deps: AppDependencies, planId: string): Promise<string[]> {
  const rows = await unsafeReadAcrossTenants(deps.database, (tx) =>
    queryRows<{ tenant_id: string }>(tx, sql`select tenant_id from tenant_subscription_details where billing_plan_id = ${planId}`),
  );
  return rows.map((row) => row.tenant_id);
}

/**
 * Features and limits count at once: this server forgets what it cached of each shop on the plan,
 * and their access versions rise in the change's transaction, so every server reads them anew.
 */
async function raiseAccessVersions(tx: PlatformTx, tenantIds: string[]) {
  if (tenantIds.length === 0) return;
  await tx.update(tenants).set({ accessVersion: sql`${tenants.accessVersion} + 1` }).where(inArray(tenants.id, tenantIds));
}

function forgetShops(deps: AppDependencies, tenantIds: string[]) {
  for (const tenantId of tenantIds) deps.tenantAccess.forgetTenant(tenantId);
}

async function lockPlan(tx: PlatformTx, planId: string): Promise<PlanRow> {
  const [plan] = (await tx.select(planColumns).from(billingPlans).where(eq(billingPlans.id, planId)).for('update')) as PlanRow[];
  if (!plan) throw new HttpError('not_found', PLAN_NOT_FOUND);
  return plan;
}

export async function updatePlan(deps: AppDependencies, actor: PlatformActor, planId: string, input: PlanInputParsed): Promise<PlatformPlanDetail> {
  // Read across shops before the change's transaction (one connection may serve both on PGlite).
  const affected = await shopsOnPlan(deps, planId);
  const referenced = await isPlanReferenced(deps, planId);
  await deps.database.platform.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('billing_plans', 0))`);
    const plan = await lockPlan(tx, planId);
    await assertNameFree(tx, input, planId);
    if (input.period !== plan.period && referenced) {
      const message = /*i18n*/ 'Shops or payments use this plan: create a new plan for another period';
      throw new HttpError('conflict', message, { period: [message] });
    }
    const before = auditFields(plan, entitlementsOf(plan, await readStoredEntitlements(tx, [planId])).entitlements);
    const after = auditFields({ ...input, features: input.cardLines }, input.entitlements);
    await tx
      .update(billingPlans)
      .set({
        name: input.name,
        priceMinor: input.priceMinor,
        period: input.period,
        features: input.cardLines,
        popularity: input.popularity,
        badge: input.badge,
        isActive: input.isActive,
        updatedAt: new Date(),
      })
      .where(eq(billingPlans.id, planId));
    await storeEntitlements(tx, planId, input.entitlements);
    await raiseAccessVersions(tx, affected);
    await recordPlatformAudit(tx, {
      actorUserId: actor.userId,
      action: 'plan.updated',
      before,
      after,
      details: { planId, shopsOnPlan: affected.length, ...(before.priceMinor !== after.priceMinor ? { priceApplies: 'next_payment' } : {}) },
    });
  });
  forgetShops(deps, affected);
  return readPlanDetail(deps, planId);
}

export async function setPlanActive(deps: AppDependencies, actor: PlatformActor, planId: string, isActive: boolean): Promise<PlatformPlanDetail> {
  await deps.database.platform.transaction(async (tx) => {
    const plan = await lockPlan(tx, planId);
    if (plan.isActive === isActive) {
      throw new HttpError('conflict', isActive ? /*i18n*/ 'The plan is already offered.' : /*i18n*/ 'The plan is already retired.');
    }
    await tx.update(billingPlans).set({ isActive, updatedAt: new Date() }).where(eq(billingPlans.id, planId));
    await recordPlatformAudit(tx, {
      actorUserId: actor.userId,
      action: isActive ? 'plan.reactivated' : 'plan.retired',
      before: { isActive: plan.isActive },
      after: { isActive },
      details: { planId, name: plan.name, period: plan.period },
    });
  });
  return readPlanDetail(deps, planId);
}

async function isPlanReferenced(deps: AppDependencies, planId: string): Promise<boolean> {
  const [signup] = await deps.database.platform.select({ id: shopSignups.tenantId }).from(shopSignups).where(eq(shopSignups.planId, planId)).limit(1);
  if (signup) return true;
  const [row] = await unsafeReadAcrossTenants(deps.database, (reader) =>
    queryRows<{ used: boolean }>(
      reader,
      sql`select exists (select 1 from tenant_subscription_details where billing_plan_id = ${planId})
              or exists (select 1 from payment_history where billing_plan_id = ${planId}) as used`,
    ),
  );
  return Boolean(row?.used);
}

const PLAN_IN_USE = /*i18n*/ 'Shops, payments or prices refer to this plan: retire it instead.';

/** Deletes a plan nothing refers to (no subscription, payment, custom price or sign-up); else 409. */
export async function deletePlan(deps: AppDependencies, actor: PlatformActor, planId: string): Promise<void> {
  const referenced = await isPlanReferenced(deps, planId);
  try {
    await deps.database.platform.transaction(async (tx) => {
      const plan = await lockPlan(tx, planId);
      // A reference made since is caught by the foreign keys below.
      if (referenced) throw new HttpError('conflict', PLAN_IN_USE);
      const entitlements = entitlementsOf(plan, await readStoredEntitlements(tx, [planId])).entitlements;
      await tx.delete(platformSettings).where(eq(platformSettings.key, planEntitlementsKey(planId)));
      // A custom price (tenant_custom_pricing) is not readable here: its foreign key refuses the delete.
      await tx.delete(billingPlans).where(eq(billingPlans.id, planId));
      await recordPlatformAudit(tx, { actorUserId: actor.userId, action: 'plan.deleted', before: auditFields(plan, entitlements), details: { planId } });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new HttpError('conflict', PLAN_IN_USE);
    throw error;
  }
}
