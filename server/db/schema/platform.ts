import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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

/**
 * An announcement from the platform to some or all shops (the console's Communications page,
 * docs/platform.md): shown in each chosen shop's notifications menu (one `notifications` row per
 * shop, kind `platform_announcement`, written in that shop's scope by the delivery job) and,
 * optionally, e-mailed to each shop's owners. The audience is kept as chosen; the counts are what
 * the delivery reached.
 */
export const platformAnnouncements = pgTable(
  'platform_announcements',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    title: text('title').notNull(),
    body: text('body').notNull(),
    severity: text('severity').notNull(),
    link: text('link'),
    /** { kind: 'all' } | { kind: 'plan', planIds } | { kind: 'status', statuses } | { kind: 'tenants', tenantIds } */
    audience: jsonb('audience').$type<Record<string, unknown>>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    emailOwners: boolean('email_owners').notNull().default(false),
    /** queued (waiting for its start or the job), delivered, withdrawn (its end passed). */
    status: text('status').notNull().default('queued'),
    shopCount: integer('shop_count').notNull().default(0),
    emailCount: integer('email_count').notNull().default(0),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    check('platform_announcements_severity_check', sql`${t.severity} in ('info', 'warning')`),
    check('platform_announcements_status_check', sql`${t.status} in ('queued', 'delivered', 'withdrawn')`),
    index('platform_announcements_created_idx').on(t.createdAt),
  ],
);

/**
 * What the console's Security page counts (docs/platform.md "Security"): sign-ins that failed or
 * succeeded, requests a rate limit refused, provider callbacks refused for a wrong signature or
 * token. Written best-effort by server/platform/security-events.ts. No foreign keys: an event
 * outlives the account and the shop, and a refused callback may name a shop that does not exist.
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    kind: text('kind').notNull(),
    /** The address typed at sign-in (lower case), or the signed-in person's. */
    email: text('email'),
    userId: uuid('user_id'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** The shop whose address the request came to, or whose callback it was. */
    tenantId: uuid('tenant_id'),
    /** The reason, the rate limit's rule, the provider and path of a callback. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('security_events_kind_check', sql`${t.kind} in ('sign_in_failed', 'sign_in_succeeded', 'rate_limited', 'webhook_signature_failed')`),
    index('security_events_kind_created_idx').on(t.kind, t.createdAt),
    index('security_events_created_idx').on(t.createdAt),
    index('security_events_email_trgm').using('gin', sql`${t.email} gin_trgm_ops`),
    index('security_events_ip_address_trgm').using('gin', sql`${t.ipAddress} gin_trgm_ops`),
  ],
);
