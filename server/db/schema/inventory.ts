import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { timestamps } from './columns';
import { productVariants } from './products';
import { quantity } from './quantity';
import { tenantOwnedColumns } from './tenancy';

// Stock (issue "Products and inventory"): per variant per location, changed only together with a
// row in the append-only movement ledger (docs/decisions/0010-stock-ledger.md).

/** Branches and warehouses. Every tenant has exactly one default location. */
export const locations = pgTable(
  'locations',
  {
    ...tenantOwnedColumns(),
    name: text('name').notNull(),
    kind: text('kind').notNull().default('shop'),
    address: text('address'),
    isDefault: boolean('is_default').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    requestKey: uuid('request_key'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('locations_name_unique').on(t.tenantId, sql`lower(${t.name})`),
    uniqueIndex('locations_one_default').on(t.tenantId).where(sql`${t.isDefault}`),
    uniqueIndex('locations_request_key_unique').on(t.tenantId, t.requestKey),
    check('locations_kind_check', sql`${t.kind} in ('shop', 'warehouse')`),
    check('locations_default_active', sql`not ${t.isDefault} or ${t.isActive}`),
  ],
);

/** On hand per variant per location. Changed only in the transaction that appends its movement. */
export const stockLevels = pgTable(
  'stock_levels',
  {
    tenantId: uuid('tenant_id').notNull(),
    variantId: uuid('variant_id').notNull(),
    locationId: uuid('location_id').notNull(),
    onHand: quantity('on_hand').notNull().default(0),
    /** At or below the product's reorder level: set when it crosses, so each crossing notifies once. */
    isLow: boolean('is_low').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.variantId, t.locationId] }),
    foreignKey({ columns: [t.tenantId, t.variantId], foreignColumns: [productVariants.tenantId, productVariants.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
    index('stock_levels_location_idx').on(t.tenantId, t.locationId),
    index('stock_levels_low_idx').on(t.tenantId).where(sql`${t.isLow}`),
  ],
);

export const MOVEMENT_KINDS_SQL = `'opening', 'purchase_receipt', 'sale', 'sale_return', 'adjustment', 'transfer_out', 'transfer_in', 'transfer_loss', 'count_variance', 'supplier_return'`;

/** The append-only ledger: the application role may insert and read, never update or delete. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    ...tenantOwnedColumns(),
    variantId: uuid('variant_id').notNull(),
    locationId: uuid('location_id').notNull(),
    kind: text('kind').notNull(),
    /** Signed: positive into the location, negative out of it. */
    quantity: quantity('quantity').notNull(),
    unitCostMinor: integer('unit_cost_minor').notNull().default(0),
    /** On hand at the location right after this movement. */
    balanceAfter: quantity('balance_after').notNull(),
    /** The source document: adjustment, transfer, stock_take, import, product, sale, purchase… */
    sourceType: text('source_type').notNull(),
    sourceId: uuid('source_id'),
    reason: text('reason'),
    note: text('note'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.variantId], foreignColumns: [productVariants.tenantId, productVariants.id] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
    index('stock_movements_variant_idx').on(t.tenantId, t.variantId, t.createdAt),
    index('stock_movements_source_idx').on(t.tenantId, t.sourceType, t.sourceId),
    index('stock_movements_location_idx').on(t.tenantId, t.locationId, t.createdAt),
    check('stock_movements_kind_check', sql.raw(`kind in (${MOVEMENT_KINDS_SQL})`)),
    check('stock_movements_quantity_nonzero', sql`${t.quantity} <> 0`),
  ],
);

/** A stock adjustment document; its lines are its movements (source_type 'adjustment'). */
export const stockAdjustments = pgTable(
  'stock_adjustments',
  {
    ...tenantOwnedColumns(),
    locationId: uuid('location_id').notNull(),
    reason: text('reason').notNull(),
    note: text('note'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    requestKey: uuid('request_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
    uniqueIndex('stock_adjustments_request_key_unique').on(t.tenantId, t.requestKey),
    index('stock_adjustments_newest').on(t.tenantId, t.createdAt),
    check('stock_adjustments_reason_check', sql`${t.reason} in ('damage', 'theft', 'expiry', 'correction')`),
  ],
);

/**
 * A transfer between two locations: sent (stock left the source) → partly_received (some arrived
 * or was recorded lost, the rest is still in transit) → received (every unit arrived or was lost).
 */
export const stockTransfers = pgTable(
  'stock_transfers',
  {
    ...tenantOwnedColumns(),
    fromLocationId: uuid('from_location_id').notNull(),
    toLocationId: uuid('to_location_id').notNull(),
    status: text('status').notNull().default('sent'),
    note: text('note'),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    receivedBy: uuid('received_by').references(() => users.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    requestKey: uuid('request_key'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.fromLocationId], foreignColumns: [locations.tenantId, locations.id] }),
    foreignKey({ columns: [t.tenantId, t.toLocationId], foreignColumns: [locations.tenantId, locations.id] }),
    uniqueIndex('stock_transfers_request_key_unique').on(t.tenantId, t.requestKey),
    index('stock_transfers_newest').on(t.tenantId, t.sentAt),
    check('stock_transfers_status_check', sql`${t.status} in ('sent', 'partly_received', 'received', 'cancelled')`),
    check('stock_transfers_distinct_locations', sql`${t.fromLocationId} <> ${t.toLocationId}`),
  ],
);

export const stockTransferLines = pgTable(
  'stock_transfer_lines',
  {
    ...tenantOwnedColumns(),
    transferId: uuid('transfer_id').notNull(),
    variantId: uuid('variant_id').notNull(),
    /** Sent. What is neither received nor lost is still in transit. */
    quantity: quantity('quantity').notNull(),
    receivedQuantity: quantity('received_quantity').notNull().default(0),
    lostQuantity: quantity('lost_quantity').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.transferId], foreignColumns: [stockTransfers.tenantId, stockTransfers.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.variantId], foreignColumns: [productVariants.tenantId, productVariants.id] }),
    uniqueIndex('stock_transfer_lines_unique').on(t.tenantId, t.transferId, t.variantId),
    check('stock_transfer_lines_quantity_check', sql`${t.quantity} > 0`),
    // Never more received and lost than was sent, whatever receipts race (the database's last word).
    check(
      'stock_transfer_lines_accounted_check',
      sql`${t.receivedQuantity} >= 0 and ${t.lostQuantity} >= 0 and ${t.receivedQuantity} + ${t.lostQuantity} <= ${t.quantity}`,
    ),
  ],
);

/** One arrival of (part of) a transfer; request_key makes a retried receipt count once. */
export const stockTransferReceipts = pgTable(
  'stock_transfer_receipts',
  {
    ...tenantOwnedColumns(),
    transferId: uuid('transfer_id').notNull(),
    receivedBy: uuid('received_by').references(() => users.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    requestKey: uuid('request_key'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.transferId], foreignColumns: [stockTransfers.tenantId, stockTransfers.id] }).onDelete('cascade'),
    uniqueIndex('stock_transfer_receipts_request_key_unique').on(t.tenantId, t.requestKey),
    index('stock_transfer_receipts_transfer_idx').on(t.tenantId, t.transferId),
  ],
);

/** What one receipt took in (received) and wrote off (lost in transit) of one line. */
export const stockTransferReceiptLines = pgTable(
  'stock_transfer_receipt_lines',
  {
    ...tenantOwnedColumns(),
    receiptId: uuid('receipt_id').notNull(),
    variantId: uuid('variant_id').notNull(),
    receivedQuantity: quantity('received_quantity').notNull(),
    lostQuantity: quantity('lost_quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.receiptId], foreignColumns: [stockTransferReceipts.tenantId, stockTransferReceipts.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.variantId], foreignColumns: [productVariants.tenantId, productVariants.id] }),
    uniqueIndex('stock_transfer_receipt_lines_unique').on(t.tenantId, t.receiptId, t.variantId),
    check(
      'stock_transfer_receipt_lines_quantity_check',
      sql`${t.receivedQuantity} >= 0 and ${t.lostQuantity} >= 0 and ${t.receivedQuantity} + ${t.lostQuantity} > 0`,
    ),
  ],
);

/**
 * A stock take (count) at one location: counting → posted (variances become movements) or cancelled.
 * At most one is counting per location; a blind one keeps its expected figures from the counter.
 */
export const stockTakes = pgTable(
  'stock_takes',
  {
    ...tenantOwnedColumns(),
    locationId: uuid('location_id').notNull(),
    status: text('status').notNull().default('counting'),
    isBlind: boolean('is_blind').notNull().default(false),
    note: text('note'),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    postedBy: uuid('posted_by').references(() => users.id, { onDelete: 'set null' }),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    requestKey: uuid('request_key'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
    uniqueIndex('stock_takes_request_key_unique').on(t.tenantId, t.requestKey),
    uniqueIndex('stock_takes_one_open_per_location').on(t.tenantId, t.locationId).where(sql`${t.status} = 'counting'`),
    index('stock_takes_newest').on(t.tenantId, t.createdAt),
    check('stock_takes_status_check', sql`${t.status} in ('counting', 'posted', 'cancelled')`),
  ],
);

/** One counted variant of a stock take; expected is what the books said when it was posted. */
export const stockTakeLines = pgTable(
  'stock_take_lines',
  {
    ...tenantOwnedColumns(),
    stockTakeId: uuid('stock_take_id').notNull(),
    variantId: uuid('variant_id').notNull(),
    countedQuantity: quantity('counted_quantity').notNull(),
    expectedQuantity: quantity('expected_quantity'),
    countedBy: uuid('counted_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.stockTakeId], foreignColumns: [stockTakes.tenantId, stockTakes.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.variantId], foreignColumns: [productVariants.tenantId, productVariants.id] }),
    uniqueIndex('stock_take_lines_unique').on(t.tenantId, t.stockTakeId, t.variantId),
    check('stock_take_lines_counted_check', sql`${t.countedQuantity} >= 0`),
  ],
);
