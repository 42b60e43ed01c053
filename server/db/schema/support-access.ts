import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenancy';

/**
 * A platform admin's time-limited, read-only "view as" access to one shop (issue 21, docs/platform.md
 * "Support access"). A platform table: it is read with the session, before any shop scope exists.
 * The hand-over token is kept only as its sha256 and opens one session on the shop's address, whose
 * id is kept here: that session is the support viewer, and only while the grant is neither ended
 * nor expired. The admin is not a foreign key, as in the platform audit log: the record outlives
 * the account.
 */
export const supportAccessGrants = pgTable(
  'support_access_grants',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    reason: text('reason').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedBy: uuid('ended_by'),
    handoffTokenHash: text('handoff_token_hash'),
    handoffExpiresAt: timestamp('handoff_expires_at', { withTimezone: true }),
    sessionId: uuid('session_id'),
  },
  (t) => [
    index('support_access_grants_tenant_idx').on(t.tenantId, t.startedAt),
    uniqueIndex('support_access_grants_session_idx').on(t.sessionId),
    uniqueIndex('support_access_grants_handoff_idx').on(t.handoffTokenHash),
    check('support_access_grants_period_check', sql`${t.expiresAt} > ${t.startedAt}`),
  ],
);
