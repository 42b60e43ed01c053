import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import { customPriceInputSchema, customPriceState, type CustomPrice, type CustomPriceInput } from '../../core/platform/custom-pricing.schemas';
import type { TenantTx } from '../db/client';
import { billingPlans, tenantCustomPricing } from '../db/schema/billing';
import type { AppDependencies } from '../http/context';
import { HttpError } from '../http/errors';
import { recordPlatformAudit } from './platform-audit';
import { requireTenant, type PlatformActor } from './tenants.service';

// A shop's negotiated prices (spec §3 tenant_custom_pricing, issue 21, docs/platform.md "Custom
// pricing"). The shop's checkout and MRR both take the price through get_tenant_effective_pricing
// (migration 0005): the newest active row of the plan whose start has come and whose end has not.
// A new price for a plan replaces the plan's earlier ones from its start, so at most one applies.

const PRICE_NOT_FOUND = /*i18n*/ 'This custom price was not found';
const ALREADY_ENDED = /*i18n*/ 'This custom price has already ended.';

async function readPrices(tx: TenantTx, now: Date): Promise<CustomPrice[]> {
  const rows = await tx
    .select({ price: tenantCustomPricing, plan: { name: billingPlans.name, period: billingPlans.period, priceMinor: billingPlans.priceMinor, currency: billingPlans.currency } })
    .from(tenantCustomPricing)
    .innerJoin(billingPlans, eq(billingPlans.id, tenantCustomPricing.billingPlanId))
    .orderBy(desc(tenantCustomPricing.effectiveDate), desc(tenantCustomPricing.createdAt));
  return rows.map(({ price, plan }) => ({
    id: price.id,
    planId: price.billingPlanId,
    planName: plan.name,
    planPeriod: plan.period as CustomPrice['planPeriod'],
    planPriceMinor: plan.priceMinor,
    currency: plan.currency,
    // A null price row (spec: the plan's price) is shown as the plan's price, as the pricing function applies it.
    priceMinor: price.priceMinor ?? plan.priceMinor,
    setupFeeMinor: price.setupFeeMinor,
    effectiveDate: price.effectiveDate.toISOString(),
    expiresAt: price.expiresAt?.toISOString() ?? null,
    state: customPriceState(price, now),
    createdAt: price.createdAt.toISOString(),
  }));
}

/** The shop's custom prices, newest start first: in force, scheduled and ended. */
export async function listCustomPrices(deps: AppDependencies, tenantId: string): Promise<CustomPrice[]> {
  await requireTenant(deps.database.platform, tenantId);
  return deps.database.withTenant(tenantId, (tx) => readPrices(tx, new Date()));
}

/**
 * Sets the shop's price for a plan from `effectiveDate` (now when absent): the plan's earlier
 * prices that would still run then end at that moment, scheduled ones are withdrawn.
 */
export async function setCustomPrice(deps: AppDependencies, actor: PlatformActor, tenantId: string, raw: CustomPriceInput): Promise<CustomPrice[]> {
  const input = customPriceInputSchema.parse(raw);
  await requireTenant(deps.database.platform, tenantId);
  const [plan] = await deps.database.platform.select({ id: billingPlans.id, name: billingPlans.name, period: billingPlans.period }).from(billingPlans).where(eq(billingPlans.id, input.planId));
  if (!plan) {
    const message = /*i18n*/ 'Choose a plan';
    throw new HttpError('validation_failed', message, { planId: [message] });
  }
  const now = new Date();
  const starts = input.effectiveDate ? new Date(input.effectiveDate) : now;
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  const id = randomUUID();
  return deps.database.withPlatformThenTenant(async (platformTx, enterTenant) => {
    await recordPlatformAudit(platformTx, {
      actorUserId: actor.userId,
      action: 'tenant.custom_price_set',
      tenantId,
      after: { plan: `${plan.name} (${plan.period})`, priceMinor: input.priceMinor, setupFeeMinor: input.setupFeeMinor, effectiveDate: starts.toISOString(), expiresAt: expiresAt?.toISOString() ?? null },
      details: { customPriceId: id, planId: plan.id },
    });
    const tx = await enterTenant(tenantId);
    const ofPlan = and(eq(tenantCustomPricing.billingPlanId, plan.id), eq(tenantCustomPricing.isActive, true));
    const stillRunning = or(isNull(tenantCustomPricing.expiresAt), gt(tenantCustomPricing.expiresAt, starts));
    await tx
      .update(tenantCustomPricing)
      .set({ isActive: false, updatedAt: now })
      .where(and(ofPlan, stillRunning, gt(tenantCustomPricing.effectiveDate, starts)));
    await tx
      .update(tenantCustomPricing)
      .set({ expiresAt: starts, updatedAt: now })
      .where(and(ofPlan, stillRunning, lte(tenantCustomPricing.effectiveDate, starts)));
    await tx.insert(tenantCustomPricing).values({ tenantId, id, billingPlanId: plan.id, priceMinor: input.priceMinor, setupFeeMinor: input.setupFeeMinor, effectiveDate: starts, expiresAt });
    return readPrices(tx, now);
  });
}

/** Ends a custom price now: the shop pays the plan's price from its next payment. */
export async function endCustomPrice(deps: AppDependencies, actor: PlatformActor, tenantId: string, priceId: string): Promise<CustomPrice[]> {
  await requireTenant(deps.database.platform, tenantId);
  const now = new Date();
  // The price is read first (the platform audit goes before the shop's scope, in one transaction).
  const current = await deps.database.withTenant(tenantId, async (tx) => {
    const [row] = await tx.select().from(tenantCustomPricing).where(eq(tenantCustomPricing.id, priceId));
    return row;
  });
  if (!current) throw new HttpError('not_found', PRICE_NOT_FOUND);
  if (customPriceState(current, now) === 'ended') throw new HttpError('conflict', ALREADY_ENDED);
  return deps.database.withPlatformThenTenant(async (platformTx, enterTenant) => {
    await recordPlatformAudit(platformTx, {
      actorUserId: actor.userId,
      action: 'tenant.custom_price_ended',
      tenantId,
      before: { priceMinor: current.priceMinor, setupFeeMinor: current.setupFeeMinor, expiresAt: current.expiresAt?.toISOString() ?? null },
      details: { customPriceId: current.id, planId: current.billingPlanId },
    });
    const tx = await enterTenant(tenantId);
    const [ended] = await tx
      .update(tenantCustomPricing)
      .set({ isActive: false, updatedAt: now })
      .where(and(eq(tenantCustomPricing.id, priceId), eq(tenantCustomPricing.isActive, true), or(isNull(tenantCustomPricing.expiresAt), gt(tenantCustomPricing.expiresAt, now))))
      .returning({ id: tenantCustomPricing.id });
    if (!ended) throw new HttpError('conflict', ALREADY_ENDED);
    return readPrices(tx, now);
  });
}
