import { z } from 'zod';
import { safeLine } from '../api/text.schemas';
import { FEATURE_KEYS, LIMIT_KEYS } from './plan-features.rules';

const isoDate = z.iso.datetime();

export const entitlementsSchema = z.object({
  features: z.record(z.enum(FEATURE_KEYS), z.boolean()),
  limits: z.record(z.enum(LIMIT_KEYS), z.int()),
});

export const planSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  priceMinor: z.int(),
  currency: z.string(),
  period: z.enum(['monthly', 'yearly']),
  features: z.array(z.string()),
  popularity: z.int(),
  badge: z.string().nullable(),
  /** This tenant's price: a custom price when one is in force (spec §3 tenant_custom_pricing). */
  effectivePriceMinor: z.int(),
  setupFeeMinor: z.int(),
  isCustomPrice: z.boolean(),
  /** The plan's own features and limits (set in Plan Management); absent or null: its tier's by name (spec §9). */
  entitlements: entitlementsSchema.nullable().optional(),
});
export type Plan = z.infer<typeof planSchema>;

export const accessSchema = z.object({
  isTrialActive: z.boolean(),
  isSubscriptionActive: z.boolean(),
  hasAccess: z.boolean(),
  daysLeftInTrial: z.int(),
  daysUntilExpiry: z.int(),
});

export const subscriptionViewSchema = z.object({
  status: z.string(),
  trialEnd: isoDate.nullable(),
  currentPeriodEnd: isoDate.nullable(),
  plan: z.object({ id: z.uuid(), name: z.string(), priceMinor: z.int(), currency: z.string(), period: z.enum(['monthly', 'yearly']) }).nullable(),
});

/** What every member's app needs to mirror the server: features, limits, gate. */
export const entitlementsResponseSchema = z.object({
  subscription: subscriptionViewSchema.nullable(),
  access: accessSchema,
  entitlements: entitlementsSchema,
  passesGate: z.boolean(),
  /** Spec §8 subscription page text for this state. */
  subscriptionRequiredMessage: z.string(),
  upgradeBadge: z.enum(['Pro', 'Enterprise']),
});
export type EntitlementsResponse = z.infer<typeof entitlementsResponseSchema>;

export const paymentSchema = z.object({
  id: z.uuid(),
  reference: z.string(),
  status: z.string(),
  amountMinor: z.int(),
  currency: z.string(),
  provider: z.string(),
  paidAt: isoDate.nullable(),
  failedAt: isoDate.nullable(),
  createdAt: isoDate,
  plan: z.object({ name: z.string(), priceMinor: z.int(), period: z.enum(['monthly', 'yearly']) }),
});

export const billingOverviewSchema = entitlementsResponseSchema.extend({
  plans: z.array(planSchema),
  payments: z.array(paymentSchema),
  /** Null when this server takes no payments (production without Paystack or PAYMENTS_SANDBOX). */
  provider: z.enum(['paystack', 'sandbox']).nullable(),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

export const startCheckoutSchema = z.object({
  planId: z.uuid({ message: /*i18n*/ 'Choose a plan' }),
  /** Spec §7: the plan chosen at sign-up, paid for right after the shop is made (recorded with the payment). */
  isSignup: z.boolean().default(false),
});
export const checkoutResponseSchema = z.object({ authorizationUrl: z.url(), reference: z.string() });
export const verifyPaymentSchema = z.object({ reference: safeLine().trim().min(1).max(100) });
export const verifyPaymentResponseSchema = z.object({ status: z.string(), subscription: subscriptionViewSchema.nullable() });
