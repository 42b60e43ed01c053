import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { tenantOwnedColumns } from './tenancy';

/** Subscription plans (platform). Price in KES minor units (cents). */
export const billingPlans = pgTable(
  'billing_plans',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** The tier the features follow (spec §9, by lowercase name): starter, professional, enterprise. */
    name: text('name').notNull(),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull().default('KES'),
    period: text('period').notNull(),
    /** What the plan card lists. Entitlements come from the tier rules in core, not from here. */
    features: jsonb('features').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    isActive: boolean('is_active').notNull().default(true),
    popularity: integer('popularity').notNull().default(0),
    badge: text('badge'),
    ...timestamps(),
  },
  (t) => [
    check('billing_plans_period', sql`${t.period} in ('monthly', 'yearly')`),
    check('billing_plans_price', sql`${t.priceMinor} >= 0`),
    unique('billing_plans_name_period').on(t.name, t.period),
  ],
);

/** Platform-wide settings (trial length, …) as key → JSON value. */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  ...timestamps(),
});

/** Spec §3 tenant_subscription_details: one per tenant. */
export const tenantSubscriptions = pgTable(
  'tenant_subscription_details',
  {
    ...tenantOwnedColumns(),
    status: text('status').notNull(),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    billingPlanId: uuid('billing_plan_id').references(() => billingPlans.id),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), unique('tenant_subscription_one_per_tenant').on(t.tenantId)],
);

/** Spec §3 payment_history. A reference is fulfilled once (unique per tenant, which carries it). */
export const paymentHistory = pgTable(
  'payment_history',
  {
    ...tenantOwnedColumns(),
    paymentReference: text('payment_reference').notNull(),
    billingPlanId: uuid('billing_plan_id')
      .notNull()
      .references(() => billingPlans.id),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull().default('KES'),
    provider: text('provider').notNull(),
    paymentStatus: text('payment_status').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('payment_history_reference').on(t.tenantId, t.paymentReference),
    index('payment_history_newest').on(t.tenantId, t.createdAt),
    check('payment_history_amount', sql`${t.amountMinor} > 0`),
  ],
);

/** Spec §3 tenant_custom_pricing: a negotiated price and setup fee for one tenant and plan. */
export const tenantCustomPricing = pgTable(
  'tenant_custom_pricing',
  {
    ...tenantOwnedColumns(),
    billingPlanId: uuid('billing_plan_id')
      .notNull()
      .references(() => billingPlans.id),
    priceMinor: integer('price_minor'),
    setupFeeMinor: integer('setup_fee_minor').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    effectiveDate: timestamp('effective_date', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    check('tenant_custom_pricing_amounts', sql`coalesce(${t.priceMinor}, 0) >= 0 and ${t.setupFeeMinor} >= 0`),
  ],
);

/**
 * The sandbox provider's own store of transactions (what Paystack keeps on its side), used only
 * when no Paystack key is configured. Platform level, like the provider it stands in for.
 */
export const sandboxTransactions = pgTable('sandbox_transactions', {
  reference: text('reference').primaryKey(),
  accessCode: text('access_code').notNull().unique(),
  email: text('email').notNull(),
  amountMinor: integer('amount_minor').notNull(),
  currency: text('currency').notNull(),
  status: text('status').notNull().default('ongoing'),
  callbackUrl: text('callback_url').notNull(),
  metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  ...timestamps(),
});
