import { integer, pgTable, primaryKey, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { timestamps } from './columns';
import { tenantOwnedColumns } from './tenancy';

/**
 * One committed CSV import of products, kept for its Idempotency-Key: a retried upload answers
 * with this result instead of importing the file a second time.
 */
export const productImports = pgTable(
  'product_imports',
  {
    ...tenantOwnedColumns(),
    requestKey: uuid('request_key').notNull(),
    createdCount: integer('created_count').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('product_imports_request_key_unique').on(t.tenantId, t.requestKey)],
);
