import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenancy';

/**
 * Each Idempotency-Key a shop's creates used, bound to the request that first used it (a hash of
 * its method, path and canonical body). Written in the create's own transaction, so a create that
 * failed binds nothing; a later request with the key and another body is refused (422).
 */
export const requestKeys = pgTable(
  'request_keys',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    key: uuid('key').notNull(),
    requestHash: text('request_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] })],
);
