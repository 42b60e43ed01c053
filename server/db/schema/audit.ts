import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantOwnedColumns } from './tenancy';

/**
 * A shop's audit trail: who did what, when (issue 11; the Team area's audit log builds on it).
 * Append-only like stock_movements: the application role may add and read, never change or
 * remove. No foreign key to users: an event outlives the account that caused it.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    ...tenantOwnedColumns(),
    actorUserId: uuid('actor_user_id').notNull(),
    /** What was done, e.g. "POST /api/products/{id}" for a request, or a domain verb. */
    action: text('action').notNull(),
    /** The kind of thing acted on and its id, when the event is about one thing. */
    entity: text('entity'),
    entityId: text('entity_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    requestId: text('request_id'),
    /** Where from: the client address the server trusts (request-meta.ts) and the device's user agent. */
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** The manager or admin whose approval the action spent (a price override, a discount over the limit). */
    approvedByUserId: uuid('approved_by_user_id'),
    /** What changed: the fields as they were and as they became (settings, rates, roles). */
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('audit_events_created_idx').on(t.tenantId, t.createdAt),
    // The log's searches: by person, by action, each newest first.
    index('audit_events_actor_idx').on(t.tenantId, t.actorUserId, t.createdAt),
    index('audit_events_action_idx').on(t.tenantId, t.action, t.createdAt),
  ],
);
