import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { storedEntitlements, upgradeBadge } from '../../core/billing/plan-features.rules';
import type { BillingOverview, EntitlementsResponse } from '../../core/billing/billing.schemas';
import { paidPeriodEnd, paymentStatusTimestamps, subscriptionRequiredMessage, type BillingPeriod } from '../../core/billing/subscription.rules';
import { queryRows, type TenantTx } from '../db/client';
import { billingPlans, paymentHistory, tenantSubscriptions } from '../db/schema/billing';
import type { AppDependencies } from '../http/context';
import { HttpError } from '../http/errors';
import { PaymentProviderError, type PaymentProvider, type VerifiedTransaction } from './payment-provider';
import { notify } from '../notifications/notifications.service';
import { formatMinorUnits } from '../../core/settings/money.rules';
import { PLAN_ENTITLEMENTS_KEY_PREFIX, readSubscriptionState, type SubscriptionState } from './subscription.service';

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const BILLING_LINK = '/admin/settings?tab=billing';
export const PAYMENT_HISTORY_LIMIT = 10;

function toEntitlementsResponse(state: SubscriptionState, now: Date): EntitlementsResponse {
  return {
    subscription: state.subscription
      ? { status: state.subscription.status, trialEnd: iso(state.subscription.trialEnd), currentPeriodEnd: iso(state.subscription.currentPeriodEnd), plan: state.plan }
      : null,
    access: state.access,
    entitlements: state.entitlements,
    passesGate: state.passesGate,
    subscriptionRequiredMessage: subscriptionRequiredMessage(state.subscription, now),
    upgradeBadge: upgradeBadge(state.plan?.name),
  };
}

/** The configured provider; without one (production, no key, no PAYMENTS_SANDBOX) nothing can be paid. */
function requirePaymentProvider(deps: AppDependencies): PaymentProvider {
  if (!deps.paymentProvider) throw new HttpError('payments_not_configured', /*i18n*/ 'Payments are not configured on this server.');
  return deps.paymentProvider;
}

export async function getEntitlements(tx: TenantTx): Promise<EntitlementsResponse> {
  const now = new Date();
  return toEntitlementsResponse(await readSubscriptionState(tx, now), now);
}

/** The Billing tab: plan and status, this tenant's prices, the newest payments (spec §2, §7). */
export async function getBillingOverview(deps: AppDependencies, tenantId: string): Promise<BillingOverview> {
  return deps.database.withTenant(tenantId, async (tx) => {
    const now = new Date();
    const state = await readSubscriptionState(tx, now);
    const plans = await queryRows<{
      id: string; name: string; price_minor: number; currency: string; period: BillingPeriod; features: string[];
      popularity: number; badge: string | null; effective_price_minor: number; setup_fee_minor: number; is_custom: boolean; own_entitlements: unknown;
    }>(
      tx,
      sql`select p.id, p.name, p.price_minor, p.currency, p.period, p.features, p.popularity, p.badge,
                 e.price_minor as effective_price_minor, e.setup_fee_minor, e.is_custom, ps.value as own_entitlements
          from billing_plans p cross join lateral get_tenant_effective_pricing(${tenantId}::uuid, p.id) e
          left join platform_settings ps on ps.key = ${PLAN_ENTITLEMENTS_KEY_PREFIX} || p.id::text
          where p.is_active order by p.popularity desc, p.price_minor`,
    );
    const payments = await tx
      .select({
        id: paymentHistory.id,
        reference: paymentHistory.paymentReference,
        status: paymentHistory.paymentStatus,
        amountMinor: paymentHistory.amountMinor,
        currency: paymentHistory.currency,
        provider: paymentHistory.provider,
        paidAt: paymentHistory.paidAt,
        failedAt: paymentHistory.failedAt,
        createdAt: paymentHistory.createdAt,
        planName: billingPlans.name,
        planPriceMinor: billingPlans.priceMinor,
        planPeriod: billingPlans.period,
      })
      .from(paymentHistory)
      .innerJoin(billingPlans, eq(billingPlans.id, paymentHistory.billingPlanId))
      .orderBy(desc(paymentHistory.createdAt))
      .limit(PAYMENT_HISTORY_LIMIT);
    return {
      ...toEntitlementsResponse(state, now),
      provider: deps.paymentProvider?.name ?? null,
      plans: plans.map((p) => ({
        id: p.id,
        name: p.name,
        priceMinor: p.price_minor,
        currency: p.currency,
        period: p.period,
        features: p.features,
        popularity: p.popularity,
        badge: p.badge,
        effectivePriceMinor: p.effective_price_minor,
        setupFeeMinor: p.setup_fee_minor,
        isCustomPrice: p.is_custom,
        entitlements: storedEntitlements(p.name, p.own_entitlements),
      })),
      payments: payments.map((p) => ({
        id: p.id,
        reference: p.reference,
        status: p.status,
        amountMinor: p.amountMinor,
        currency: p.currency,
        provider: p.provider,
        paidAt: iso(p.paidAt),
        failedAt: iso(p.failedAt),
        createdAt: p.createdAt.toISOString(),
        plan: { name: p.planName, priceMinor: p.planPriceMinor, period: p.planPeriod as BillingPeriod },
      })),
    };
  });
}

/**
 * Starts a checkout: records a pending payment at this tenant's price (plus any setup fee) and
 * asks the provider for its payment page (spec §7 "Checkout creation").
 */
export async function startCheckout(
  deps: AppDependencies,
  input: { tenantId: string; planId: string; isSignup: boolean; email: string; userId: string; origin: string },
): Promise<{ authorizationUrl: string; reference: string }> {
  const provider = requirePaymentProvider(deps);
  // Paystack allows only letters, digits, '-', '.' and '=' in a reference.
  const reference = `dk-${randomBytes(12).toString('hex')}`;
  const payment = await deps.database.withTenant(input.tenantId, async (tx) => {
    const [price] = await queryRows<{ name: string; period: BillingPeriod; price_minor: number; setup_fee_minor: number; is_active: boolean }>(
      tx,
      sql`select p.name, p.period, e.price_minor, e.setup_fee_minor, p.is_active from billing_plans p,
          lateral get_tenant_effective_pricing(${input.tenantId}::uuid, p.id) e where p.id = ${input.planId}`,
    );
    if (!price?.is_active) throw new HttpError('validation_failed', /*i18n*/ 'Choose a plan', { planId: [/*i18n*/ 'That plan is not available'] });
    const amountMinor = price.price_minor + price.setup_fee_minor;
    await tx.insert(paymentHistory).values({
      tenantId: input.tenantId,
      paymentReference: reference,
      billingPlanId: input.planId,
      amountMinor,
      currency: 'KES',
      provider: provider.name,
      paymentStatus: 'pending',
      metadata: { initiated_by: input.userId, setup_fee_minor: price.setup_fee_minor, is_signup: input.isSignup },
    });
    return { amountMinor, plan: `${price.name}, ${price.period}` };
  });
  try {
    const initialized = await provider.initializeTransaction({
      email: input.email,
      amountMinor: payment.amountMinor,
      currency: 'KES',
      reference,
      callbackUrl: `${input.origin}/admin/settings?tab=billing`,
      // The plan is named on the checkout page (the sandbox's) and on Paystack's receipts and dashboard.
      metadata: {
        tenant_id: input.tenantId,
        plan_id: input.planId,
        plan: payment.plan,
        is_signup: input.isSignup,
        reference,
        custom_fields: [{ display_name: 'Plan', variable_name: 'plan', value: payment.plan }],
      },
    });
    return { authorizationUrl: initialized.authorizationUrl, reference };
  } catch (error) {
    deps.logger.error({ err: error, reference }, 'Checkout initialisation failed');
    await recordPaymentStatus(deps, input.tenantId, reference, 'failed', { error: error instanceof Error ? error.message : String(error) });
    throw new HttpError('service_unavailable', /*i18n*/ 'Failed to initiate checkout');
  }
}

async function recordPaymentStatus(deps: AppDependencies, tenantId: string, reference: string, status: string, metadata: Record<string, unknown>) {
  await deps.database.withTenant(tenantId, (tx) =>
    tx
      .update(paymentHistory)
      .set({ paymentStatus: status, ...paymentStatusTimestamps(status, new Date()), metadata: sql`${paymentHistory.metadata} || ${JSON.stringify(metadata)}::jsonb`, updatedAt: new Date() })
      .where(and(eq(paymentHistory.paymentReference, reference), sql`${paymentHistory.paymentStatus} <> 'completed'`)),
  );
}

export type FulfilmentResult = 'completed' | 'already_completed' | 'failed' | 'mismatch' | 'unknown_reference' | string;

/**
 * Applies a provider-verified transaction to its payment, once: the payment row is locked, a
 * completed payment is never applied again (webhook, callback verification and replays race
 * here), amount and currency must match what we asked for. Success activates the subscription and
 * extends it by the plan's period from the latest of now, the trial's end and the current end
 * (spec §4; docs/decisions/0009).
 */
export async function applyVerifiedTransaction(deps: AppDependencies, tenantId: string, verified: VerifiedTransaction): Promise<FulfilmentResult> {
  const result = await deps.database.withTenant(tenantId, async (tx): Promise<FulfilmentResult> => {
    const [payment] = await tx
      .select({
        id: paymentHistory.id,
        status: paymentHistory.paymentStatus,
        amountMinor: paymentHistory.amountMinor,
        currency: paymentHistory.currency,
        billingPlanId: paymentHistory.billingPlanId,
        period: billingPlans.period,
        planName: billingPlans.name,
      })
      .from(paymentHistory)
      .innerJoin(billingPlans, eq(billingPlans.id, paymentHistory.billingPlanId))
      .where(eq(paymentHistory.paymentReference, verified.reference))
      .for('update', { of: paymentHistory });
    if (!payment) return 'unknown_reference';
    if (payment.status === 'completed') return 'already_completed';
    const now = new Date();
    if (verified.status === 'success' && (verified.amountMinor !== payment.amountMinor || verified.currency !== payment.currency)) {
      deps.logger.warn({ reference: verified.reference, expected: payment.amountMinor, paid: verified.amountMinor, currency: verified.currency }, 'Payment amount or currency mismatch');
      await tx
        .update(paymentHistory)
        .set({ paymentStatus: 'amount_mismatch', metadata: sql`${paymentHistory.metadata} || ${JSON.stringify({ paid_amount_minor: verified.amountMinor, paid_currency: verified.currency })}::jsonb`, updatedAt: now })
        .where(eq(paymentHistory.id, payment.id));
      return 'mismatch';
    }
    const status = verified.status === 'success' ? 'completed' : verified.status;
    await tx
      .update(paymentHistory)
      .set({
        paymentStatus: status,
        ...paymentStatusTimestamps(status, verified.paidAt ?? now),
        metadata: sql`${paymentHistory.metadata} || ${JSON.stringify({ provider_transaction_id: verified.providerTransactionId })}::jsonb`,
        updatedAt: now,
      })
      .where(eq(paymentHistory.id, payment.id));
    if (status !== 'completed') {
      if (status === 'failed') {
        await notify(tx, tenantId, {
          kind: 'payment_failed',
          title: 'Payment failed',
          body: `Your ${payment.planName} (${payment.period}) payment did not go through. No money was taken; you can try again.`,
          link: BILLING_LINK,
          permission: 'billing.manage',
        });
      }
      return status;
    }
    const [subscription] = await tx
      .select({ id: tenantSubscriptions.id, trialEnd: tenantSubscriptions.trialEnd, currentPeriodEnd: tenantSubscriptions.currentPeriodEnd })
      .from(tenantSubscriptions)
      .for('update');
    // The trial is kept as it is: paid during it, the plan's period starts when it ends.
    const periodEnd = paidPeriodEnd(subscription ?? { trialEnd: null, currentPeriodEnd: null }, payment.period as BillingPeriod, now);
    if (subscription) {
      await tx
        .update(tenantSubscriptions)
        .set({ status: 'active', billingPlanId: payment.billingPlanId, currentPeriodEnd: periodEnd, updatedAt: now })
        .where(eq(tenantSubscriptions.id, subscription.id));
    } else {
      await tx.insert(tenantSubscriptions).values({ tenantId, status: 'active', billingPlanId: payment.billingPlanId, currentPeriodEnd: periodEnd });
    }
    await notify(tx, tenantId, {
      kind: 'payment_completed',
      title: 'Payment received',
      body: `${formatMinorUnits(payment.amountMinor, payment.currency)} for ${payment.planName} (${payment.period}). Your subscription runs to ${periodEnd.toISOString().slice(0, 10)}.`,
      link: BILLING_LINK,
      permission: 'billing.manage',
    });
    return 'completed';
  });
  // After the commit, so no request reads the old subscription back into the guard's cache.
  if (result === 'completed') deps.tenantAccess.forgetTenant(tenantId);
  return result;
}

/** Asks the provider about a reference and applies the answer (callback return, sandbox, webhook). */
export async function verifyAndApply(deps: AppDependencies, reference: string, expectedTenantId?: string): Promise<{ tenantId: string; result: FulfilmentResult }> {
  const provider = requirePaymentProvider(deps);
  let verified: VerifiedTransaction;
  try {
    verified = await provider.verifyTransaction(reference);
  } catch (error) {
    if (error instanceof PaymentProviderError && error.status === 404) throw new HttpError('not_found', /*i18n*/ 'Payment not found');
    deps.logger.error({ err: error, reference }, 'Payment verification failed');
    throw new HttpError('service_unavailable', /*i18n*/ 'Failed to verify payment');
  }
  const tenantId = typeof verified.metadata.tenant_id === 'string' ? verified.metadata.tenant_id : null;
  // The reference must belong to the tenant asking: nobody verifies another shop's payment.
  if (!tenantId || (expectedTenantId && tenantId !== expectedTenantId) || verified.reference !== reference) {
    throw new HttpError('not_found', /*i18n*/ 'Payment not found');
  }
  return { tenantId, result: await applyVerifiedTransaction(deps, tenantId, verified) };
}

/**
 * Spec §7 manual_sync_subscription_status: recomputes the subscription from the completed
 * payments, oldest first, so the period end is what they paid for. True when a payment exists.
 */
export async function syncSubscription(deps: AppDependencies, tenantId: string): Promise<boolean> {
  const synced = await deps.database.withTenant(tenantId, async (tx) => {
    const payments = await tx
      .select({ paidAt: paymentHistory.paidAt, billingPlanId: paymentHistory.billingPlanId, period: billingPlans.period })
      .from(paymentHistory)
      .innerJoin(billingPlans, eq(billingPlans.id, paymentHistory.billingPlanId))
      .where(eq(paymentHistory.paymentStatus, 'completed'))
      .orderBy(asc(paymentHistory.paidAt));
    if (payments.length === 0) return false;
    const [subscription] = await tx.select({ trialEnd: tenantSubscriptions.trialEnd }).from(tenantSubscriptions);
    const trialEnd = subscription?.trialEnd ?? null;
    let periodEnd: Date | null = null;
    for (const payment of payments) {
      periodEnd = paidPeriodEnd({ trialEnd, currentPeriodEnd: periodEnd }, payment.period as BillingPeriod, payment.paidAt ?? new Date());
    }
    const latest = payments[payments.length - 1]!;
    const isActive = periodEnd !== null && periodEnd.getTime() > Date.now();
    await tx
      .update(tenantSubscriptions)
      .set({ status: isActive ? 'active' : 'expired', billingPlanId: latest.billingPlanId, currentPeriodEnd: periodEnd, updatedAt: new Date() })
      .where(eq(tenantSubscriptions.tenantId, tenantId));
    return true;
  });
  deps.tenantAccess.forgetTenant(tenantId);
  return synced;
}
