import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { LOCALES } from '../../../core/i18n/locale.rules';
import { timestamps } from './columns';
import { tenantOwnedColumns, tenants } from './tenancy';

// Identity tables used by better-auth (platform level: a person exists once, across tenants).
// Column names follow better-auth's core schema; timestamps are timestamptz (stack.md gotcha).
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    name: text('name').notNull().default(''),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    ...timestamps(),
  },
  // The platform console's search by e-mail, in part (issue 21, docs/platform.md).
  (t) => [index('users_email_trgm').using('gin', sql`${t.email} gin_trgm_ops`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    token: text('token').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The tenant the session was signed into (null on a tenantless host). */
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...timestamps(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/**
 * Spec §3 profiles: one per person. A user-level table like users (a platform admin has no
 * tenant), so it is not tenant-owned; tenant_id is the person's home tenant
 * (docs/decisions/0007-accounts-data-model.md).
 */
export const profiles = pgTable('profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  role: text('role'),
  tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'set null' }),
  fullName: text('full_name'),
  avatarUrl: text('avatar_url'),
  emailVerified: boolean('email_verified').notNull().default(false),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  requirePasswordChange: boolean('require_password_change').notNull().default(false),
  tempPasswordCreatedAt: timestamp('temp_password_created_at', { withTimezone: true }),
  invitationStatus: text('invitation_status'),
  invitationAcceptedAt: timestamp('invitation_accepted_at', { withTimezone: true }),
  /** The language the person chose (issue 12): the web app's and their e-mails'; null until they choose. */
  language: text('language', { enum: LOCALES }),
  ...timestamps(),
}, (t) => [check('profiles_language_check', sql`${t.language} in ('en', 'sw')`)]);

/** Membership of a person in a tenant (spec §3 tenant_users). */
export const tenantUsers = pgTable(
  'tenant_users',
  {
    ...tenantOwnedColumns(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The person's role in this shop, which tenant routes authorise by (issue 11 "Role per
     * membership"): the owner of one shop may be a cashier in another. profiles.role stays what
     * the profile screen shows (spec §6).
     */
    role: text('role').notNull(),
    invitationStatus: text('invitation_status'),
    invitationAcceptedAt: timestamp('invitation_accepted_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('tenant_users_user_idx').on(t.tenantId, t.userId),
    // A person's shops, across the platform (the console's people and owner search, issue 21).
    index('tenant_users_person_idx').on(t.userId),
  ],
);

/** Spec §3 user_activity_logs (login, logout, account_deactivation, …). Append-only. */
export const userActivityLogs = pgTable(
  'user_activity_logs',
  {
    ...tenantOwnedColumns(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actionType: text('action_type').notNull(),
    resourceType: text('resource_type'),
    resourceId: text('resource_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('user_activity_logs_user_idx').on(t.tenantId, t.userId, t.actionType, t.createdAt),
  ],
);

/** Fixed-window counters for rate limits, shared by every app server. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});
