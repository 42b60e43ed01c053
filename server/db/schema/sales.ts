import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { timestamps } from './columns';
import { contacts, giftCards } from './contacts';
import { locations } from './inventory';
import { productVariants, units } from './products';
import { quantity } from './quantity';
import { tenantOwnedColumns } from './tenancy';

// The register and sales (issue 15, docs/decisions/0017-sales-exactly-once.md). A sale is one
// document written in one transaction with its lines, payments, stock movements and ledger
// entries; it is never edited: a return is its own document and a void reverses with new entries.
// Money is integer minor units; quantities are numeric(14,3) (thousandths in code).

/** The shop's register rules (one row per shop, created with defaults when first read). */
export const salesSettings = pgTable(
  'sales_settings',
  {
    ...tenantOwnedColumns(),
    /** A line or cart discount above this (basis points of the line) needs a manager's approval. */
    discountLimitBps: integer('discount_limit_bps').notNull().default(1000),
    /** An over/short at close beyond this (either way) needs a manager's approval. */
    overShortToleranceMinor: integer('over_short_tolerance_minor').notNull().default(50_000),
    /** Returns later than this many days after the sale need a manager's approval. */
    returnWindowDays: integer('return_window_days').notNull().default(14),
    /** The cashier closes without seeing the expected figures. */
    blindClose: boolean('blind_close').notNull().default(false),
    /** Receipt paper width in millimetres (80 or 58). */
    receiptWidthMm: integer('receipt_width_mm').notNull().default(80),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('sales_settings_one_per_tenant').on(t.tenantId),
    check('sales_settings_discount_limit_check', sql`${t.discountLimitBps} between 0 and 10000`),
    check('sales_settings_tolerance_check', sql`${t.overShortToleranceMinor} >= 0`),
    check('sales_settings_return_window_check', sql`${t.returnWindowDays} between 0 and 3650`),
    check('sales_settings_receipt_width_check', sql`${t.receiptWidthMm} in (58, 80)`),
  ],
);

/** A till at a location. Its receipt prefix makes the shop-wide receipt number readable ("T1-000123"). */
export const registers = pgTable(
  'registers',
  {
    ...tenantOwnedColumns(),
    locationId: uuid('location_id').notNull(),
    name: text('name').notNull(),
    receiptPrefix: text('receipt_prefix').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** The last Z number issued on this register (0: none yet); taken under the shift's close. */
    lastZNumber: integer('last_z_number').notNull().default(0),
    requestKey: uuid('request_key'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
    uniqueIndex('registers_name_unique').on(t.tenantId, t.locationId, sql`lower(${t.name})`),
    uniqueIndex('registers_prefix_unique').on(t.tenantId, sql`upper(${t.receiptPrefix})`),
    uniqueIndex('registers_request_key_unique').on(t.tenantId, t.requestKey),
    check('registers_prefix_check', sql`${t.receiptPrefix} ~ '^[A-Z0-9]{1,6}$'`),
    check('registers_z_check', sql`${t.lastZNumber} >= 0`),
  ],
);

/**
 * A manager's or admin's approval given at a cashier's register (their password or PIN): who,
 * what and why. It is used once, by the document named in used_by_*; approvals are never removed.
 */
export const approvals = pgTable(
  'approvals',
  {
    ...tenantOwnedColumns(),
    action: text('action').notNull(),
    approverId: uuid('approver_id').references(() => users.id, { onDelete: 'set null' }),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    registerId: uuid('register_id'),
    reason: text('reason'),
    /** What was approved, e.g. { variantId, discountBps } or { overShortMinor }. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    method: text('method').notNull(),
    usedByType: text('used_by_type'),
    usedById: uuid('used_by_id'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.registerId], foreignColumns: [registers.tenantId, registers.id] }),
    index('approvals_created_idx').on(t.tenantId, t.createdAt),
    index('approvals_used_by_idx').on(t.tenantId, t.usedById),
    check(
      'approvals_action_check',
      sql`${t.action} in ('price_override', 'discount', 'return_window', 'return_without_receipt', 'void', 'over_short', 'negative_stock')`,
    ),
    check('approvals_method_check', sql`${t.method} in ('password', 'pin')`),
  ],
);

/** A manager's personal approval PIN in this shop (scrypt hash), with its miss counter and lock. */
export const approvalPins = pgTable(
  'approval_pins',
  {
    ...tenantOwnedColumns(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pinHash: text('pin_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('approval_pins_user_unique').on(t.tenantId, t.userId)],
);

/**
 * A cashier's shift on a register, from the opening float to the close. One open shift per
 * register; the Z report is written once, at close, and never changed.
 */
export const shifts = pgTable(
  'shifts',
  {
    ...tenantOwnedColumns(),
    registerId: uuid('register_id').notNull(),
    locationId: uuid('location_id').notNull(),
    status: text('status').notNull().default('open'),
    openedBy: uuid('opened_by').references(() => users.id, { onDelete: 'set null' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    openingFloatMinor: integer('opening_float_minor').notNull(),
    /** { "100000": 2, "5000": 3 }: count per denomination in minor units, when counted that way. */
    openingDenominations: jsonb('opening_denominations').$type<Record<string, number>>(),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    countedCashMinor: integer('counted_cash_minor'),
    countedDenominations: jsonb('counted_denominations').$type<Record<string, number>>(),
    /** Non-cash totals the cashier checked at close: { card: 120000, mpesa: 560000, … }. */
    declaredTotals: jsonb('declared_totals').$type<Record<string, number>>(),
    expectedCashMinor: integer('expected_cash_minor'),
    overShortMinor: integer('over_short_minor'),
    closeNote: text('close_note'),
    closeApprovalId: uuid('close_approval_id'),
    zNumber: integer('z_number'),
    /** The Z report as printed at close (immutable). */
    zReport: jsonb('z_report'),
    requestKey: uuid('request_key'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.registerId], foreignColumns: [registers.tenantId, registers.id] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
    foreignKey({ columns: [t.tenantId, t.closeApprovalId], foreignColumns: [approvals.tenantId, approvals.id] }),
    uniqueIndex('shifts_one_open_per_register').on(t.tenantId, t.registerId).where(sql`${t.status} = 'open'`),
    uniqueIndex('shifts_z_number_unique').on(t.tenantId, t.registerId, t.zNumber),
    uniqueIndex('shifts_request_key_unique').on(t.tenantId, t.requestKey),
    index('shifts_opened_idx').on(t.tenantId, t.openedAt),
    check('shifts_status_check', sql`${t.status} in ('open', 'closed')`),
    check('shifts_float_check', sql`${t.openingFloatMinor} >= 0`),
    check('shifts_closed_complete', sql`${t.status} = 'open' or (${t.closedAt} is not null and ${t.countedCashMinor} is not null and ${t.zNumber} is not null and ${t.zReport} is not null)`),
  ],
);

/** Cash put into or taken out of the drawer during a shift (append-only). */
export const shiftCashMovements = pgTable(
  'shift_cash_movements',
  {
    ...tenantOwnedColumns(),
    shiftId: uuid('shift_id').notNull(),
    direction: text('direction').notNull(),
    reason: text('reason').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    note: text('note'),
    /** The document the cash paid for: a supplier payment (its ledger entry) or an expense (issue 16). */
    sourceType: text('source_type'),
    sourceId: uuid('source_id'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    requestKey: uuid('request_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.shiftId], foreignColumns: [shifts.tenantId, shifts.id] }),
    index('shift_cash_movements_source_idx').on(t.tenantId, t.sourceType, t.sourceId),
    index('shift_cash_movements_shift_idx').on(t.tenantId, t.shiftId),
    uniqueIndex('shift_cash_movements_request_key_unique').on(t.tenantId, t.requestKey),
    check('shift_cash_movements_direction_check', sql`${t.direction} in ('in', 'out')`),
    check('shift_cash_movements_reason_check', sql`${t.reason} in ('float_top_up', 'bank_deposit', 'supplier_paid', 'expenses', 'other')`),
    check('shift_cash_movements_amount_check', sql`${t.amountMinor} > 0`),
  ],
);

/**
 * A completed sale. Its id is made by the browser before the first attempt and sent with every
 * retry; request_hash is the hash of the first request, so a replay answers the first result and
 * a different body under the same id is refused. status moves only forward through returns and a void.
 */
export const sales = pgTable(
  'sales',
  {
    ...tenantOwnedColumns(),
    requestHash: text('request_hash').notNull(),
    /** Shop-wide, sequential, gap-free (taken inside the transaction). */
    receiptNumber: integer('receipt_number').notNull(),
    /** The register's prefix and the number, as printed: "T1-000123". */
    receiptCode: text('receipt_code').notNull(),
    registerId: uuid('register_id').notNull(),
    shiftId: uuid('shift_id').notNull(),
    locationId: uuid('location_id').notNull(),
    cashierId: uuid('cashier_id').references(() => users.id, { onDelete: 'set null' }),
    customerId: uuid('customer_id'),
    status: text('status').notNull().default('completed'),
    /** Reached the server after its shift closed (a delayed retry): on the supplementary report. */
    isLate: boolean('is_late').notNull().default(false),
    /** Sent from the register's outbox after a failed attempt: stock could not be refused any more. */
    fromOutbox: boolean('from_outbox').notNull().default(false),
    /** Σ line totals (after line discounts, before the cart discount). */
    subtotalMinor: integer('subtotal_minor').notNull(),
    /** Σ line discounts + the cart discount. */
    discountMinor: integer('discount_minor').notNull().default(0),
    cartDiscountMinor: integer('cart_discount_minor').notNull().default(0),
    tipMinor: integer('tip_minor').notNull().default(0),
    /** What the customer owes: subtotal − cart discount + tip (VAT-inclusive). */
    totalMinor: integer('total_minor').notNull(),
    taxMinor: integer('tax_minor').notNull(),
    /** Per band: { B: { taxableMinor, taxMinor, rateBp }, … }. */
    taxBands: jsonb('tax_bands').$type<Record<string, { grossMinor: number; taxMinor: number; rateBp: number }>>().notNull(),
    paidMinor: integer('paid_minor').notNull(),
    changeMinor: integer('change_minor').notNull().default(0),
    loyaltyPointsEarned: integer('loyalty_points_earned').notNull().default(0),
    note: text('note'),
    /** When the register rang it up (the device clock), next to created_at (when it reached us). */
    ringUpAt: timestamp('ring_up_at', { withTimezone: true }).notNull(),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: uuid('voided_by').references(() => users.id, { onDelete: 'set null' }),
    voidReason: text('void_reason'),
    voidApprovalId: uuid('void_approval_id'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.registerId], foreignColumns: [registers.tenantId, registers.id] }),
    foreignKey({ columns: [t.tenantId, t.shiftId], foreignColumns: [shifts.tenantId, shifts.id] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [contacts.tenantId, contacts.id] }),
    foreignKey({ columns: [t.tenantId, t.voidApprovalId], foreignColumns: [approvals.tenantId, approvals.id] }),
    uniqueIndex('sales_receipt_number_unique').on(t.tenantId, t.receiptNumber),
    uniqueIndex('sales_receipt_code_unique').on(t.tenantId, t.receiptCode),
    index('sales_created_idx').on(t.tenantId, t.createdAt, t.id),
    index('sales_shift_idx').on(t.tenantId, t.shiftId),
    index('sales_customer_idx').on(t.tenantId, t.customerId, t.createdAt),
    index('sales_cashier_idx').on(t.tenantId, t.cashierId, t.createdAt),
    check('sales_status_check', sql`${t.status} in ('completed', 'partly_returned', 'returned', 'voided')`),
    check(
      'sales_money_check',
      sql`${t.subtotalMinor} >= 0 and ${t.discountMinor} >= 0 and ${t.cartDiscountMinor} >= 0 and ${t.tipMinor} >= 0 and ${t.totalMinor} >= 0 and ${t.taxMinor} >= 0 and ${t.paidMinor} >= ${t.totalMinor} and ${t.changeMinor} >= 0`,
    ),
    check('sales_void_check', sql`(${t.status} = 'voided') = (${t.voidedAt} is not null)`),
  ],
);

/** A line of a sale: the catalog as it was (names, prices, VAT) and how much of it was returned. */
export const saleLines = pgTable(
  'sale_lines',
  {
    ...tenantOwnedColumns(),
    saleId: uuid('sale_id').notNull(),
    lineNo: integer('line_no').notNull(),
    variantId: uuid('variant_id').notNull(),
    productName: text('product_name').notNull(),
    variantName: text('variant_name').notNull().default(''),
    sku: text('sku').notNull(),
    /** The unit it was sold in (a pack of the product's unit, or null: the product's own unit). */
    unitId: uuid('unit_id'),
    unitName: text('unit_name'),
    /** Quantity in the unit sold, and in the product's stock unit (× the pack's base quantity). */
    quantity: quantity('quantity').notNull(),
    stockQuantity: quantity('stock_quantity').notNull(),
    /** The catalog's price per unit sold (after tiers and the customer's group), and what was charged. */
    listPriceMinor: integer('list_price_minor').notNull(),
    unitPriceMinor: integer('unit_price_minor').notNull(),
    priceOverridden: boolean('price_overridden').notNull().default(false),
    lineDiscountMinor: integer('line_discount_minor').notNull().default(0),
    /** This line's share of the cart discount (so VAT per band stays exact). */
    cartDiscountShareMinor: integer('cart_discount_share_minor').notNull().default(0),
    /** unit price × quantity − line discount − cart discount share (VAT-inclusive). */
    totalMinor: integer('total_minor').notNull(),
    taxClass: text('tax_class').notNull(),
    taxRateBp: integer('tax_rate_bp').notNull(),
    taxMinor: integer('tax_minor').notNull(),
    costMinor: integer('cost_minor').notNull().default(0),
    /** In the unit sold; raised only by returns, never past quantity. */
    returnedQuantity: quantity('returned_quantity').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.saleId], foreignColumns: [sales.tenantId, sales.id] }),
    foreignKey({ columns: [t.tenantId, t.variantId], foreignColumns: [productVariants.tenantId, productVariants.id] }),
    foreignKey({ columns: [t.tenantId, t.unitId], foreignColumns: [units.tenantId, units.id] }),
    uniqueIndex('sale_lines_line_unique').on(t.tenantId, t.saleId, t.lineNo),
    index('sale_lines_variant_idx').on(t.tenantId, t.variantId),
    check('sale_lines_quantity_check', sql`${t.quantity} > 0 and ${t.stockQuantity} > 0`),
    check('sale_lines_returned_check', sql`${t.returnedQuantity} >= 0 and ${t.returnedQuantity} <= ${t.quantity}`),
    check('sale_lines_tax_class_check', sql`${t.taxClass} in ('standard', 'reduced', 'zero_rated', 'exempt')`),
    check(
      'sale_lines_money_check',
      sql`${t.listPriceMinor} >= 0 and ${t.unitPriceMinor} >= 0 and ${t.lineDiscountMinor} >= 0 and ${t.cartDiscountShareMinor} >= 0 and ${t.totalMinor} >= 0 and ${t.taxMinor} >= 0`,
    ),
  ],
);

/** Tenders a sale was paid with (append-only). Only cash gives change. */
export const salePayments = pgTable(
  'sale_payments',
  {
    ...tenantOwnedColumns(),
    saleId: uuid('sale_id').notNull(),
    seq: integer('seq').notNull(),
    tender: text('tender').notNull(),
    /** What this tender paid towards the total. */
    amountMinor: integer('amount_minor').notNull(),
    /** Cash handed over (≥ amount; the difference is change). */
    tenderedMinor: integer('tendered_minor'),
    /** M-Pesa transaction code, card or bank reference, gift card last 4. */
    reference: text('reference'),
    giftCardId: uuid('gift_card_id'),
    loyaltyPoints: integer('loyalty_points'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.saleId], foreignColumns: [sales.tenantId, sales.id] }),
    foreignKey({ columns: [t.tenantId, t.giftCardId], foreignColumns: [giftCards.tenantId, giftCards.id] }),
    uniqueIndex('sale_payments_seq_unique').on(t.tenantId, t.saleId, t.seq),
    check('sale_payments_tender_check', sql`${t.tender} in ('cash', 'mpesa', 'card', 'bank_transfer', 'account', 'deposit', 'gift_card', 'loyalty', 'exchange')`),
    check('sale_payments_amount_check', sql`${t.amountMinor} > 0`),
    check('sale_payments_tendered_check', sql`${t.tenderedMinor} is null or (${t.tender} = 'cash' and ${t.tenderedMinor} >= ${t.amountMinor})`),
  ],
);

/**
 * Every M-Pesa transaction code the shop has accepted, whatever took it (a sale, a payment on
 * account, a refund's reversal): one code is never spent twice.
 */
export const mpesaCodes = pgTable(
  'mpesa_codes',
  {
    ...tenantOwnedColumns(),
    code: text('code').notNull(),
    sourceType: text('source_type').notNull(),
    sourceId: uuid('source_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('mpesa_codes_code_unique').on(t.tenantId, t.code),
    check('mpesa_codes_code_check', sql`${t.code} ~ '^[A-Z0-9]{10}$'`),
  ],
);

/**
 * A return (credit note): its own document and number, against an original sale (or, with a
 * manager, without a receipt: store credit only). Id made by the browser, like a sale's.
 */
export const saleReturns = pgTable(
  'sale_returns',
  {
    ...tenantOwnedColumns(),
    requestHash: text('request_hash').notNull(),
    returnNumber: integer('return_number').notNull(),
    returnCode: text('return_code').notNull(),
    saleId: uuid('sale_id'),
    registerId: uuid('register_id').notNull(),
    shiftId: uuid('shift_id').notNull(),
    locationId: uuid('location_id').notNull(),
    cashierId: uuid('cashier_id').references(() => users.id, { onDelete: 'set null' }),
    customerId: uuid('customer_id'),
    reason: text('reason').notNull(),
    note: text('note'),
    totalMinor: integer('total_minor').notNull(),
    taxMinor: integer('tax_minor').notNull(),
    loyaltyPointsReversed: integer('loyalty_points_reversed').notNull().default(0),
    approvalId: uuid('approval_id'),
    /** The sale of an exchange (return + new sale in one go). */
    exchangeSaleId: uuid('exchange_sale_id'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.saleId], foreignColumns: [sales.tenantId, sales.id] }),
    foreignKey({ columns: [t.tenantId, t.registerId], foreignColumns: [registers.tenantId, registers.id] }),
    foreignKey({ columns: [t.tenantId, t.shiftId], foreignColumns: [shifts.tenantId, shifts.id] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [contacts.tenantId, contacts.id] }),
    foreignKey({ columns: [t.tenantId, t.approvalId], foreignColumns: [approvals.tenantId, approvals.id] }),
    foreignKey({ columns: [t.tenantId, t.exchangeSaleId], foreignColumns: [sales.tenantId, sales.id] }),
    uniqueIndex('sale_returns_number_unique').on(t.tenantId, t.returnNumber),
    index('sale_returns_sale_idx').on(t.tenantId, t.saleId),
    index('sale_returns_shift_idx').on(t.tenantId, t.shiftId),
    index('sale_returns_created_idx').on(t.tenantId, t.createdAt),
    check('sale_returns_reason_check', sql`${t.reason} in ('changed_mind', 'damaged', 'defective', 'wrong_item', 'expired', 'other')`),
    check('sale_returns_money_check', sql`${t.totalMinor} >= 0 and ${t.taxMinor} >= 0`),
  ],
);

/** What came back: a sale line (or, without a receipt, a variant) and whether it went back on the shelf. */
export const saleReturnLines = pgTable(
  'sale_return_lines',
  {
    ...tenantOwnedColumns(),
    returnId: uuid('return_id').notNull(),
    lineNo: integer('line_no').notNull(),
    saleLineId: uuid('sale_line_id'),
    variantId: uuid('variant_id').notNull(),
    productName: text('product_name').notNull(),
    variantName: text('variant_name').notNull().default(''),
    /** In the unit it was sold in, and in stock units. */
    quantity: quantity('quantity').notNull(),
    stockQuantity: quantity('stock_quantity').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    taxClass: text('tax_class').notNull(),
    taxRateBp: integer('tax_rate_bp').notNull(),
    taxMinor: integer('tax_minor').notNull(),
    /** What the goods cost: the sale line's cost in proportion, or (without a receipt) the average cost at the return. */
    costMinor: integer('cost_minor').notNull().default(0),
    /** 'restock' (back on hand) or 'damaged' (returned, then written off with a damage movement). */
    disposition: text('disposition').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.returnId], foreignColumns: [saleReturns.tenantId, saleReturns.id] }),
    foreignKey({ columns: [t.tenantId, t.saleLineId], foreignColumns: [saleLines.tenantId, saleLines.id] }),
    foreignKey({ columns: [t.tenantId, t.variantId], foreignColumns: [productVariants.tenantId, productVariants.id] }),
    uniqueIndex('sale_return_lines_line_unique').on(t.tenantId, t.returnId, t.lineNo),
    index('sale_return_lines_sale_line_idx').on(t.tenantId, t.saleLineId),
    check('sale_return_lines_quantity_check', sql`${t.quantity} > 0 and ${t.stockQuantity} > 0`),
    check('sale_return_lines_disposition_check', sql`${t.disposition} in ('restock', 'damaged')`),
    check('sale_return_lines_money_check', sql`${t.amountMinor} >= 0 and ${t.taxMinor} >= 0`),
  ],
);

/** How a return was paid back (append-only): cash from the drawer, the customer's account, the card… */
export const saleRefunds = pgTable(
  'sale_refunds',
  {
    ...tenantOwnedColumns(),
    returnId: uuid('return_id').notNull(),
    seq: integer('seq').notNull(),
    /** cash, mpesa (reversal code), card, bank_transfer, account (reduces the debt), deposit (store credit), gift_card, loyalty. */
    tender: text('tender').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    reference: text('reference'),
    giftCardId: uuid('gift_card_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.returnId], foreignColumns: [saleReturns.tenantId, saleReturns.id] }),
    foreignKey({ columns: [t.tenantId, t.giftCardId], foreignColumns: [giftCards.tenantId, giftCards.id] }),
    uniqueIndex('sale_refunds_seq_unique').on(t.tenantId, t.returnId, t.seq),
    check('sale_refunds_tender_check', sql`${t.tender} in ('cash', 'mpesa', 'card', 'bank_transfer', 'account', 'deposit', 'gift_card', 'loyalty', 'exchange')`),
    check('sale_refunds_amount_check', sql`${t.amountMinor} > 0`),
  ],
);

/** A held cart, visible to every register of its location; resumed or deleted. Reserves no stock. */
export const parkedCarts = pgTable(
  'parked_carts',
  {
    ...tenantOwnedColumns(),
    locationId: uuid('location_id').notNull(),
    registerId: uuid('register_id'),
    name: text('name').notNull(),
    note: text('note'),
    customerId: uuid('customer_id'),
    /** The cart as the register holds it (core/sales/sales.schemas.ts parkedCartContentSchema). */
    cart: jsonb('cart').$type<Record<string, unknown>>().notNull(),
    lineCount: integer('line_count').notNull(),
    totalMinor: integer('total_minor').notNull(),
    parkedBy: uuid('parked_by').references(() => users.id, { onDelete: 'set null' }),
    requestKey: uuid('request_key'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
    foreignKey({ columns: [t.tenantId, t.registerId], foreignColumns: [registers.tenantId, registers.id] }),
    foreignKey({ columns: [t.tenantId, t.customerId], foreignColumns: [contacts.tenantId, contacts.id] }).onDelete('set null'),
    index('parked_carts_location_idx').on(t.tenantId, t.locationId, t.createdAt),
    uniqueIndex('parked_carts_request_key_unique').on(t.tenantId, t.requestKey),
    check('parked_carts_totals_check', sql`${t.lineCount} >= 0 and ${t.totalMinor} >= 0`),
  ],
);
