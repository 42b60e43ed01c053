import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { timestamps } from './columns';
import { products, productVariants } from './products';
import { locations } from './inventory';
import { sales } from './sales';
import { quantity } from './quantity';
import { tenantOwnedColumns, tenants } from './tenancy';

// The reports' summaries (issue 18, docs/decisions/0021-report-summaries.md). Triggers on the sale
// documents keep them current in the statement that writes a sale, a return, its payments or a
// void (migration 0040), so a report over a year reads a few hundred thousand summary rows, never
// millions of sale lines. Days and hours are the shop's (its time zone) at the moment the
// document reached the server (created_at), as the ledger dates its entries. Amounts are minor
// units, VAT included unless the name says otherwise; quantities are in stock units.
// `npm run reports:rebuild` recomputes them from the documents (server/reports/summaries.ts).

const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** A variant's day at a location (per VAT band): what sold and what came back. */
export const reportItemDays = pgTable(
  'report_item_days',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    locationId: uuid('location_id').notNull(),
    variantId: uuid('variant_id').notNull(),
    /** The variant's product (a variant never changes product): the by-product reports group on it without a join. */
    productId: uuid('product_id').notNull(),
    /** The VAT band the lines carried (a product's band may change: each keeps its own). */
    taxClass: text('tax_class').notNull(),
    soldQuantity: quantity('sold_quantity').notNull().default(0),
    /** Σ line totals: after line discounts and the cart discount's share, VAT included. */
    salesMinor: money('sales_minor'),
    taxMinor: money('tax_minor'),
    /** Σ line costs at the average cost when sold. */
    costMinor: money('cost_minor'),
    discountMinor: money('discount_minor'),
    lineCount: integer('line_count').notNull().default(0),
    returnedQuantity: quantity('returned_quantity').notNull().default(0),
    returnedMinor: money('returned_minor'),
    returnedTaxMinor: money('returned_tax_minor'),
    returnedCostMinor: money('returned_cost_minor'),
  },
  (t) => [
    primaryKey({ name: 'report_item_days_pk', columns: [t.tenantId, t.day, t.locationId, t.variantId, t.taxClass] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
    foreignKey({ columns: [t.tenantId, t.variantId], foreignColumns: [productVariants.tenantId, productVariants.id] }),
    foreignKey({ columns: [t.tenantId, t.productId], foreignColumns: [products.tenantId, products.id] }),
    index('report_item_days_variant_idx').on(t.tenantId, t.variantId, t.day),
  ],
);

/**
 * A VAT band's day at a location (the VAT by band report): report_item_days added up, kept by
 * triggers on report_item_days itself (migration 0044), so a year is a thousand rows, not 400,000.
 */
export const reportBandDays = pgTable(
  'report_band_days',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    locationId: uuid('location_id').notNull(),
    taxClass: text('tax_class').notNull(),
    salesMinor: money('sales_minor'),
    taxMinor: money('tax_minor'),
    returnedMinor: money('returned_minor'),
    returnedTaxMinor: money('returned_tax_minor'),
  },
  (t) => [
    primaryKey({ name: 'report_band_days_pk', columns: [t.tenantId, t.day, t.locationId, t.taxClass] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
  ],
);

/**
 * A customer's day at a location (the sales by customer and by customer group reports): the sales
 * (less tips) and the returns, kept by triggers on the sales, their voids and the returns
 * (migration 0045). The nil uuid stands for sales to no customer.
 */
export const reportCustomerDays = pgTable(
  'report_customer_days',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    locationId: uuid('location_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    saleCount: integer('sale_count').notNull().default(0),
    salesMinor: money('sales_minor'),
    returnedMinor: money('returned_minor'),
  },
  (t) => [
    primaryKey({ name: 'report_customer_days_pk', columns: [t.tenantId, t.day, t.locationId, t.customerId] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
  ],
);

/** An hour of a register's day for one cashier: the sales rung up and the returns taken. */
export const reportSaleHours = pgTable(
  'report_sale_hours',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    locationId: uuid('location_id').notNull(),
    registerId: uuid('register_id').notNull(),
    /** The cashier's user id (the nil uuid when the sale has none); not a foreign key, so a removed user's figures stay. */
    cashierId: uuid('cashier_id').notNull(),
    hour: smallint('hour').notNull(),
    saleCount: integer('sale_count').notNull().default(0),
    /** Σ sale totals less tips: the goods sold, after discounts, VAT included. */
    salesMinor: money('sales_minor'),
    taxMinor: money('tax_minor'),
    costMinor: money('cost_minor'),
    discountMinor: money('discount_minor'),
    tipMinor: money('tip_minor'),
    soldQuantity: quantity('sold_quantity').notNull().default(0),
    returnCount: integer('return_count').notNull().default(0),
    returnedMinor: money('returned_minor'),
    returnedTaxMinor: money('returned_tax_minor'),
    returnedCostMinor: money('returned_cost_minor'),
    returnedQuantity: quantity('returned_quantity').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'report_sale_hours_pk', columns: [t.tenantId, t.day, t.locationId, t.registerId, t.cashierId, t.hour] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
    check('report_sale_hours_hour_check', sql`${t.hour} between 0 and 23`),
  ],
);

/**
 * Each shop's first and last day with a sale, and with a sale to a named customer: the days of its
 * summaries with sale_count > 0, read again by triggers whenever they change (migration 0062), so
 * the platform's Analytics tells a shop active in a period from one row (docs/platform.md).
 */
export const reportShopActivity = pgTable(
  'report_shop_activity',
  {
    tenantId: uuid('tenant_id')
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    firstSaleDay: date('first_sale_day'),
    lastSaleDay: date('last_sale_day'),
    firstCustomerSaleDay: date('first_customer_sale_day'),
    lastCustomerSaleDay: date('last_customer_sale_day'),
  },
  (t) => [index('report_shop_activity_last_sale_idx').on(t.lastSaleDay)],
);

/** A tender's day at a location: what was paid with it, and refunded to it. */
export const reportTenderDays = pgTable(
  'report_tender_days',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    locationId: uuid('location_id').notNull(),
    tender: text('tender').notNull(),
    paymentCount: integer('payment_count').notNull().default(0),
    paidMinor: money('paid_minor'),
    refundCount: integer('refund_count').notNull().default(0),
    refundedMinor: money('refunded_minor'),
  },
  (t) => [
    primaryKey({ name: 'report_tender_days_pk', columns: [t.tenantId, t.day, t.locationId, t.tender] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
  ],
);

/**
 * A sale that gave a discount or a changed price (the discounts report): kept by a trigger on its
 * lines (migration 0043) and dropped when the sale is voided, so a year's list is read, not found
 * again among every sale's lines. The sale's own figures are copied: a sale never changes but for
 * its void.
 */
export const reportSaleDiscounts = pgTable(
  'report_sale_discounts',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    saleId: uuid('sale_id').notNull(),
    day: date('day').notNull(),
    locationId: uuid('location_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    receiptCode: text('receipt_code').notNull(),
    cashierId: uuid('cashier_id'),
    /** Lines whose price was overridden. */
    overriddenLines: integer('overridden_lines').notNull(),
    /** Σ list price × quantity: what the sale would have come to at list prices. */
    listMinor: money('list_minor'),
    discountMinor: money('discount_minor'),
    totalMinor: money('total_minor'),
  },
  (t) => [
    primaryKey({ name: 'report_sale_discounts_pk', columns: [t.tenantId, t.saleId] }),
    foreignKey({ columns: [t.tenantId, t.saleId], foreignColumns: [sales.tenantId, sales.id] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
    index('report_sale_discounts_day_idx').on(t.tenantId, t.day),
  ],
);

/** A report saved with its filters and columns under a name (custom_reports); pinned to the dashboard with dashboards. */
export const savedReports = pgTable(
  'saved_reports',
  {
    ...tenantOwnedColumns(),
    name: text('name').notNull(),
    reportKey: text('report_key').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    isPinned: boolean('is_pinned').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The create's Idempotency-Key: a retry answers the report it made. */
    requestKey: uuid('request_key'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('saved_reports_name_idx').on(t.tenantId, t.name),
    uniqueIndex('saved_reports_request_key_unique').on(t.tenantId, t.requestKey),
  ],
);

/** The daily summary e-mail (on or off, the shop's closing time, the last day sent: each day once) and the summaries' last rebuild. */
export const reportSettings = pgTable(
  'report_settings',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    dailySummaryEnabled: boolean('daily_summary_enabled').notNull().default(false),
    closingTime: text('closing_time').notNull().default('20:00'),
    lastSummaryDay: date('last_summary_day'),
    /** When the summaries were last recomputed from the documents (null: never, e.g. a shop from before them). */
    summariesRebuiltAt: timestamp('summaries_rebuilt_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId] }), check('report_settings_closing_time_check', sql`${t.closingTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`)],
);

/**
 * How many statements have changed the summaries of a settled day (one before the shop's today): a
 * void of an old sale, a rebuild, the demo's re-dating. A trigger on report_item_days counts them
 * (migration 0042); a period cache is good only while its count is the current one.
 */
export const reportSummaryVersions = pgTable('report_summary_versions', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  settledVersion: bigint('settled_version', { mode: 'number' }).notNull().default(0),
});

/**
 * A settled stretch of days whose figures per product (or variant) were summed once, so a report
 * over a year re-reads 67,000 totals instead of re-summing 400,000 item days
 * (docs/decisions/0021-report-summaries.md). Good while `settledVersion` is the shop's current one.
 */
export const reportPeriodCaches = pgTable(
  'report_period_caches',
  {
    ...tenantOwnedColumns(),
    grain: text('grain').notNull(),
    fromDay: date('from_day').notNull(),
    throughDay: date('through_day').notNull(),
    /** null: every location. */
    locationId: uuid('location_id'),
    settledVersion: bigint('settled_version', { mode: 'number' }).notNull(),
    builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }).onDelete('cascade'),
    unique('report_period_caches_key_unique').on(t.tenantId, t.grain, t.fromDay, t.throughDay, t.locationId, t.settledVersion).nullsNotDistinct(),
    check('report_period_caches_grain_check', sql`${t.grain} in ('product', 'variant')`),
    check('report_period_caches_days_check', sql`${t.fromDay} <= ${t.throughDay}`),
  ],
);

/** A product's (or variant's) sums over a cached period: report_item_days' figures, added up. */
export const reportPeriodCacheItems = pgTable(
  'report_period_cache_items',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    cacheId: uuid('cache_id').notNull(),
    /** The product's id (grain product) or the variant's (grain variant). */
    itemId: uuid('item_id').notNull(),
    soldQuantity: quantity('sold_quantity').notNull().default(0),
    salesMinor: money('sales_minor'),
    taxMinor: money('tax_minor'),
    costMinor: money('cost_minor'),
    discountMinor: money('discount_minor'),
    returnedQuantity: quantity('returned_quantity').notNull().default(0),
    returnedMinor: money('returned_minor'),
    returnedTaxMinor: money('returned_tax_minor'),
    returnedCostMinor: money('returned_cost_minor'),
  },
  (t) => [
    primaryKey({ name: 'report_period_cache_items_pk', columns: [t.tenantId, t.cacheId, t.itemId] }),
    foreignKey({ columns: [t.tenantId, t.cacheId], foreignColumns: [reportPeriodCaches.tenantId, reportPeriodCaches.id] }).onDelete('cascade'),
  ],
);
