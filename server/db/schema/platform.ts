import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { tenants } from './tenancy';

// The super-admin console's own tables (issue 21, docs/platform.md). Platform tables: they belong to
// no shop (server/db/platform-tables.ts).

/**
 * Every platform admin's action in the console: who, what, on which shop or person, the fields as
 * they were and became, from where and when. Append-only: a trigger refuses UPDATE, DELETE and
 * TRUNCATE whoever asks (migration 0053). No foreign keys: an event outlives the shop and the
 * accounts it names.
 */
export const platformAuditEvents = pgTable(
  'platform_audit_events',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    actorUserId: uuid('actor_user_id').notNull(),
    /** `<tenant|user>.<verb>` in snake case (core/platform/platform.schemas.ts lists them). */
    action: text('action').notNull(),
    tenantId: uuid('tenant_id'),
    targetUserId: uuid('target_user_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('platform_audit_events_created_idx').on(t.createdAt),
    index('platform_audit_events_tenant_idx').on(t.tenantId, t.createdAt),
    index('platform_audit_events_target_user_idx').on(t.targetUserId, t.createdAt),
  ],
);

/**
 * A suspended shop's reason and whom its people should contact, shown on their "suspended" page;
 * the status it had, which reactivation restores. The row goes with the reactivation (the audit
 * log keeps the history).
 */
export const tenantSuspensions = pgTable(
  'tenant_suspensions',
  {
    tenantId: uuid('tenant_id')
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    contactEmail: text('contact_email').notNull(),
    previousStatus: text('previous_status').notNull(),
    suspendedBy: uuid('suspended_by').notNull(),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('tenant_suspensions_previous_status_check', sql`${t.previousStatus} in ('active', 'trial')`)],
);

/**
 * A person whose account a platform admin deactivated: no shop and no host signs them in. Their
 * memberships keep their own active flags, which the shops' owners decide.
 */
export const userDeactivations = pgTable('user_deactivations', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reason: text('reason'),
  deactivatedBy: uuid('deactivated_by').notNull(),
  deactivatedAt: timestamp('deactivated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** When each platform admin last opened the platform alerts: newer alerts light the bell's dot. */
export const platformAlertReads = pgTable('platform_alert_reads', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
});
