import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { billingPlans } from './billing';
import { timestamps } from './columns';
import { tenantOwnedColumns, tenants } from './tenancy';

// Self-serve sign-up (issue 21, docs/signup.md).

/**
 * A shop made by sign-up on the main host (platform: written before the shop exists and read on
 * its address before anyone is signed in there). The client's Idempotency-Key with a hash of its
 * request (without the password) makes a retry answer the same shop; the hand-over token that
 * signs the owner in at the shop's own address is kept as its sha256, one at a time, for minutes.
 */
export const shopSignups = pgTable(
  'shop_signups',
  {
    tenantId: uuid('tenant_id')
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    requestKey: uuid('request_key').unique(),
    requestHash: text('request_hash'),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** E.164, as the form normalised it. */
    ownerPhone: text('owner_phone').notNull(),
    country: text('country').notNull(),
    businessType: text('business_type').notNull(),
    /** The paid plan chosen at sign-up, checked out after the hand-over; null for the trial alone. */
    planId: uuid('plan_id').references(() => billingPlans.id),
    handoffTokenHash: text('handoff_token_hash').unique(),
    handoffExpiresAt: timestamp('handoff_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('shop_signups_request_key_hash', sql`(${t.requestKey} is null) = (${t.requestHash} is null)`),
    check('shop_signups_handoff_expiry', sql`(${t.handoffTokenHash} is null) = (${t.handoffExpiresAt} is null)`),
  ],
);

/** The new shop's first-run checklist on its dashboard: made with the shop, put away by its owner. */
export const firstRunChecklists = pgTable(
  'first_run_checklists',
  {
    ...tenantOwnedColumns(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    dismissedBy: uuid('dismissed_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), unique('first_run_checklists_one_per_tenant').on(t.tenantId)],
);
