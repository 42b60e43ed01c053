import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { timestamps } from './columns';
import { productCategories, products } from './products';
import { tenantOwnedColumns } from './tenancy';

/**
 * A commission rate (issue 20, docs/decisions/0025): for one staff member or everyone (user null),
 * on one product, one category or everything (both null). The rate is basis points of the net sale
 * excluding VAT, or a fixed amount per unit sold; the most specific rate applies (product, then
 * category, then the default), a person's own before everyone's.
 */
export const commissionRates = pgTable(
  'commission_rates',
  {
    ...tenantOwnedColumns(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id'),
    productId: uuid('product_id'),
    basis: text('basis').notNull(),
    rateBps: integer('rate_bps'),
    amountMinor: integer('amount_minor'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.categoryId], foreignColumns: [productCategories.tenantId, productCategories.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.productId], foreignColumns: [products.tenantId, products.id] }).onDelete('cascade'),
    uniqueIndex('commission_rates_scope_unique').on(
      t.tenantId,
      sql`coalesce(${t.userId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`coalesce(${t.categoryId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`coalesce(${t.productId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
    check('commission_rates_target_check', sql`${t.categoryId} is null or ${t.productId} is null`),
    check(
      'commission_rates_basis_check',
      sql`(${t.basis} = 'net_sales_bps' and ${t.rateBps} between 0 and 10000 and ${t.amountMinor} is null) or (${t.basis} = 'per_unit' and ${t.amountMinor} >= 0 and ${t.rateBps} is null)`,
    ),
  ],
);

/**
 * A commission paid (append-only): a person's figures for a period as they were when paid. A paid
 * period is locked: the report shows these figures for it, and no other payout may overlap it.
 * No foreign key to users: the record outlives the account.
 */
export const commissionPayouts = pgTable(
  'commission_payouts',
  {
    ...tenantOwnedColumns(),
    userId: uuid('user_id').notNull(),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    salesNetMinor: integer('sales_net_minor').notNull(),
    returnsNetMinor: integer('returns_net_minor').notNull(),
    commissionMinor: integer('commission_minor').notNull(),
    note: text('note'),
    paidBy: uuid('paid_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('commission_payouts_user_idx').on(t.tenantId, t.userId, t.periodStart),
    check('commission_payouts_period_check', sql`${t.periodStart} <= ${t.periodEnd}`),
  ],
);
