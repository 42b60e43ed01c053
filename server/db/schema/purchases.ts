import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { timestamps } from './columns';
import { accountEntries, contacts } from './contacts';
import { locations } from './inventory';
import { productVariants, units } from './products';
import { quantity } from './quantity';
import { shifts } from './sales';
import { tenantOwnedColumns } from './tenancy';

// Purchases and expenses (issue 16, docs/decisions/0019). Stock comes in only through the stock
// ledger (purchase_receipt movements) in the receipt's transaction; what the shop owes a supplier
// lives on the contact's payable ledger (account_entries), which a bill names. Quantities are
// thousandths; money is whole minor units.

export const PURCHASE_ORDER_STATUSES_SQL = `'draft', 'ordered', 'partly_received', 'received', 'closed', 'cancelled'`;
export const PURCHASE_PAYMENT_METHODS_SQL = `'cash', 'mpesa', 'bank_transfer', 'cheque'`;
export const VAT_BANDS_SQL = `'standard', 'reduced', 'zero_rated', 'exempt'`;

/** An order to a supplier: draft → ordered → partly_received → received → closed; or cancelled. */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    ...tenantOwnedColumns(),
    /** PO-000001, per shop. */
    number: text('number').notNull(),
    supplierId: uuid('supplier_id').notNull(),
    locationId: uuid('location_id').notNull(),
    status: text('status').notNull().default('draft'),
    expectedDate: date('expected_date'),
    supplierReference: text('supplier_reference'),
    note: text('note'),
    /** Σ lines' quantity × unit cost plus VAT, kept with the lines (the list shows it). */
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    orderedAt: timestamp('ordered_at', { withTimezone: true }),
    /** When it was last sent to the supplier (e-mail or print). */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    requestKey: uuid('request_key'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.supplierId], foreignColumns: [contacts.tenantId, contacts.id] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
    uniqueIndex('purchase_orders_number_unique').on(t.tenantId, t.number),
    uniqueIndex('purchase_orders_request_key_unique').on(t.tenantId, t.requestKey),
    index('purchase_orders_newest').on(t.tenantId, t.createdAt),
    index('purchase_orders_supplier_idx').on(t.tenantId, t.supplierId, t.createdAt),
    index('purchase_orders_open_idx').on(t.tenantId, t.status).where(sql`${t.status} in ('ordered', 'partly_received')`),
    check('purchase_orders_status_check', sql.raw(`status in (${PURCHASE_ORDER_STATUSES_SQL})`)),
  ],
);

/**
 * A line of an order, in purchase units (a crate: pack_size = 24 000 stock-unit thousandths).
 * received_quantity is in stock units, raised by each receipt (over-receipt only when confirmed).
 */
export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    ...tenantOwnedColumns(),
    orderId: uuid('order_id').notNull(),
    position: integer('position').notNull(),
    variantId: uuid('variant_id').notNull(),
    /** The pack unit ordered in (null: the product's own unit). */
    unitId: uuid('unit_id'),
    /** Stock units per purchase unit, thousandths (1000 for the product's own unit). */
    packSize: quantity('pack_size').notNull(),
    /** Ordered, in purchase units. */
    quantity: quantity('quantity').notNull(),
    /** Per purchase unit, VAT excluded. */
    unitCostMinor: integer('unit_cost_minor').notNull(),
    taxClass: text('tax_class').notNull(),
    /** Received so far, in stock units. */
    receivedQuantity: quantity('received_quantity').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.orderId], foreignColumns: [purchaseOrders.tenantId, purchaseOrders.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.variantId], foreignColumns: [productVariants.tenantId, productVariants.id] }),
    foreignKey({ columns: [t.tenantId, t.unitId], foreignColumns: [units.tenantId, units.id] }),
    uniqueIndex('purchase_order_lines_unique').on(t.tenantId, t.orderId, t.variantId),
    index('purchase_order_lines_variant_idx').on(t.tenantId, t.variantId),
    check('purchase_order_lines_quantity_check', sql`${t.quantity} > 0 and ${t.packSize} > 0 and ${t.receivedQuantity} >= 0`),
    check('purchase_order_lines_cost_check', sql`${t.unitCostMinor} >= 0`),
    check('purchase_order_lines_tax_class_check', sql.raw(`tax_class in (${VAT_BANDS_SQL})`)),
  ],
);

/**
 * Goods received from a supplier (GRN-000001), against an order or not (the van at the door).
 * Its lines' stock moves in its transaction; it makes a supplier bill, paid at once or owed.
 */
export const goodsReceipts = pgTable(
  'goods_receipts',
  {
    ...tenantOwnedColumns(),
    number: text('number').notNull(),
    supplierId: uuid('supplier_id').notNull(),
    locationId: uuid('location_id').notNull(),
    orderId: uuid('order_id'),
    supplierInvoiceNumber: text('supplier_invoice_number'),
    supplierInvoiceDate: date('supplier_invoice_date'),
    /** Another receipt of this supplier already carries the invoice number: entered again knowingly. */
    duplicateOfId: uuid('duplicate_of_id'),
    /** Transport, loading… shared over the lines by value or quantity, inside their unit costs. */
    landedCostMinor: bigint('landed_cost_minor', { mode: 'number' }).notNull().default(0),
    landedCostBasis: text('landed_cost_basis').notNull().default('value'),
    /** The shop claims the input VAT back (its stock cost excludes VAT); otherwise VAT is part of the cost. */
    vatClaimable: boolean('vat_claimable').notNull(),
    /** Σ lines VAT excluded, Σ VAT, and what the supplier is owed for it: goods + VAT + landed costs. */
    subtotalMinor: bigint('subtotal_minor', { mode: 'number' }).notNull(),
    vatMinor: bigint('vat_minor', { mode: 'number' }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    note: text('note'),
    receivedBy: uuid('received_by').references(() => users.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    requestKey: uuid('request_key'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.supplierId], foreignColumns: [contacts.tenantId, contacts.id] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
    foreignKey({ columns: [t.tenantId, t.orderId], foreignColumns: [purchaseOrders.tenantId, purchaseOrders.id] }),
    foreignKey({ columns: [t.tenantId, t.duplicateOfId], foreignColumns: [t.tenantId, t.id] }),
    uniqueIndex('goods_receipts_number_unique').on(t.tenantId, t.number),
    uniqueIndex('goods_receipts_request_key_unique').on(t.tenantId, t.requestKey),
    // One receipt per supplier invoice, unless entered again knowingly (flagged with duplicate_of_id).
    uniqueIndex('goods_receipts_supplier_invoice_unique')
      .on(t.tenantId, t.supplierId, sql`upper(${t.supplierInvoiceNumber})`)
      .where(sql`${t.supplierInvoiceNumber} is not null and ${t.duplicateOfId} is null`),
    index('goods_receipts_newest').on(t.tenantId, t.receivedAt),
    index('goods_receipts_supplier_idx').on(t.tenantId, t.supplierId, t.receivedAt),
    index('goods_receipts_order_idx').on(t.tenantId, t.orderId),
    check('goods_receipts_basis_check', sql`${t.landedCostBasis} in ('value', 'quantity')`),
    check('goods_receipts_amounts_check', sql`${t.landedCostMinor} >= 0 and ${t.subtotalMinor} >= 0 and ${t.vatMinor} >= 0 and ${t.totalMinor} = ${t.subtotalMinor} + ${t.vatMinor} + ${t.landedCostMinor}`),
  ],
);

/** What one receipt took in of one item, and what each stock unit of it cost. */
export const goodsReceiptLines = pgTable(
  'goods_receipt_lines',
  {
    ...tenantOwnedColumns(),
    receiptId: uuid('receipt_id').notNull(),
    position: integer('position').notNull(),
    orderLineId: uuid('order_line_id'),
    variantId: uuid('variant_id').notNull(),
    unitId: uuid('unit_id'),
    packSize: quantity('pack_size').notNull(),
    /** Received, in purchase units, and the same in stock units (what the ledger moved). */
    quantity: quantity('quantity').notNull(),
    stockQuantity: quantity('stock_quantity').notNull(),
    /** Per purchase unit as invoiced, VAT excluded. */
    unitCostMinor: integer('unit_cost_minor').notNull(),
    taxClass: text('tax_class').notNull(),
    /** The line as invoiced (VAT excluded), its VAT, and its share of the landed costs. */
    lineSubtotalMinor: bigint('line_subtotal_minor', { mode: 'number' }).notNull(),
    vatMinor: bigint('vat_minor', { mode: 'number' }).notNull(),
    landedShareMinor: bigint('landed_share_minor', { mode: 'number' }).notNull(),
    /** What one stock unit cost the shop: the unit cost the stock ledger's average took. */
    stockUnitCostMinor: integer('stock_unit_cost_minor').notNull(),
    batchNumber: text('batch_number'),
    expiryDate: date('expiry_date'),
    /** Returned to the supplier since, in stock units. */
    returnedQuantity: quantity('returned_quantity').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.receiptId], foreignColumns: [goodsReceipts.tenantId, goodsReceipts.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.orderLineId], foreignColumns: [purchaseOrderLines.tenantId, purchaseOrderLines.id] }),
    foreignKey({ columns: [t.tenantId, t.variantId], foreignColumns: [productVariants.tenantId, productVariants.id] }),
    foreignKey({ columns: [t.tenantId, t.unitId], foreignColumns: [units.tenantId, units.id] }),
    index('goods_receipt_lines_receipt_idx').on(t.tenantId, t.receiptId),
    index('goods_receipt_lines_variant_idx').on(t.tenantId, t.variantId),
    index('goods_receipt_lines_expiry_idx').on(t.tenantId, t.expiryDate).where(sql`${t.expiryDate} is not null`),
    check('goods_receipt_lines_quantity_check', sql`${t.quantity} > 0 and ${t.stockQuantity} > 0 and ${t.packSize} > 0`),
    // Never more returned than was received, whatever returns race (the database's last word).
    check('goods_receipt_lines_returned_check', sql`${t.returnedQuantity} >= 0 and ${t.returnedQuantity} <= ${t.stockQuantity}`),
    check('goods_receipt_lines_cost_check', sql`${t.unitCostMinor} >= 0 and ${t.stockUnitCostMinor} >= 0 and ${t.vatMinor} >= 0 and ${t.landedShareMinor} >= 0`),
    check('goods_receipt_lines_tax_class_check', sql.raw(`tax_class in (${VAT_BANDS_SQL})`)),
  ],
);

/** What a shop spends its money on (rent, electricity, wages…): seeded per shop, editable. */
export const expenseCategories = pgTable(
  'expense_categories',
  {
    ...tenantOwnedColumns(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('expense_categories_name_unique').on(t.tenantId, sql`lower(${t.name})`)],
);

/**
 * What the shop owes a supplier for one receipt or one service (BILL-000001). The amount lives on the
 * supplier's payable ledger as a charge (entry_id); its open part there is what is still to pay, so a
 * payment settles bills through the ledger's allocations and never posts the purchase again.
 */
export const supplierBills = pgTable(
  'supplier_bills',
  {
    ...tenantOwnedColumns(),
    number: text('number').notNull(),
    supplierId: uuid('supplier_id').notNull(),
    /** goods (from a receipt) or services (entered without stock: rent, repairs, transport). */
    kind: text('kind').notNull(),
    receiptId: uuid('receipt_id'),
    entryId: uuid('entry_id').notNull(),
    supplierInvoiceNumber: text('supplier_invoice_number'),
    billDate: date('bill_date').notNull(),
    dueDate: date('due_date').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    vatMinor: bigint('vat_minor', { mode: 'number' }).notNull().default(0),
    /** A services bill's expense category. */
    categoryId: uuid('category_id'),
    description: text('description'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    requestKey: uuid('request_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.supplierId], foreignColumns: [contacts.tenantId, contacts.id] }),
    foreignKey({ columns: [t.tenantId, t.receiptId], foreignColumns: [goodsReceipts.tenantId, goodsReceipts.id] }),
    foreignKey({ columns: [t.tenantId, t.entryId], foreignColumns: [accountEntries.tenantId, accountEntries.id] }),
    foreignKey({ columns: [t.tenantId, t.categoryId], foreignColumns: [expenseCategories.tenantId, expenseCategories.id] }),
    uniqueIndex('supplier_bills_number_unique').on(t.tenantId, t.number),
    uniqueIndex('supplier_bills_entry_unique').on(t.tenantId, t.entryId),
    uniqueIndex('supplier_bills_receipt_unique').on(t.tenantId, t.receiptId),
    uniqueIndex('supplier_bills_request_key_unique').on(t.tenantId, t.requestKey),
    index('supplier_bills_supplier_idx').on(t.tenantId, t.supplierId, t.billDate),
    index('supplier_bills_due_idx').on(t.tenantId, t.dueDate),
    check('supplier_bills_kind_check', sql`${t.kind} in ('goods', 'services')`),
    check('supplier_bills_amount_check', sql`${t.amountMinor} > 0 and ${t.vatMinor} >= 0 and ${t.vatMinor} <= ${t.amountMinor}`),
  ],
);

/** A return to a supplier (debit note DN-000001) against one receipt. */
export const supplierReturns = pgTable(
  'supplier_returns',
  {
    ...tenantOwnedColumns(),
    number: text('number').notNull(),
    supplierId: uuid('supplier_id').notNull(),
    receiptId: uuid('receipt_id').notNull(),
    locationId: uuid('location_id').notNull(),
    reason: text('reason').notNull(),
    note: text('note'),
    /** credit: lowers what the shop owes; refund: the supplier paid the money back. */
    settlement: text('settlement').notNull(),
    refundMethod: text('refund_method'),
    refundReference: text('refund_reference'),
    subtotalMinor: bigint('subtotal_minor', { mode: 'number' }).notNull(),
    vatMinor: bigint('vat_minor', { mode: 'number' }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    /** The credit note on the supplier's payable ledger. */
    entryId: uuid('entry_id').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    requestKey: uuid('request_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.supplierId], foreignColumns: [contacts.tenantId, contacts.id] }),
    foreignKey({ columns: [t.tenantId, t.receiptId], foreignColumns: [goodsReceipts.tenantId, goodsReceipts.id] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
    foreignKey({ columns: [t.tenantId, t.entryId], foreignColumns: [accountEntries.tenantId, accountEntries.id] }),
    uniqueIndex('supplier_returns_number_unique').on(t.tenantId, t.number),
    uniqueIndex('supplier_returns_request_key_unique').on(t.tenantId, t.requestKey),
    index('supplier_returns_newest').on(t.tenantId, t.createdAt),
    index('supplier_returns_receipt_idx').on(t.tenantId, t.receiptId),
    check('supplier_returns_reason_check', sql`${t.reason} in ('damaged', 'expired', 'wrong_item', 'excess', 'other')`),
    check('supplier_returns_settlement_check', sql`${t.settlement} in ('credit', 'refund')`),
    check('supplier_returns_refund_check', sql.raw(`(settlement = 'refund') = (refund_method is not null) and (refund_method is null or refund_method in (${PURCHASE_PAYMENT_METHODS_SQL}))`)),
    check('supplier_returns_amounts_check', sql`${t.totalMinor} > 0 and ${t.totalMinor} = ${t.subtotalMinor} + ${t.vatMinor}`),
  ],
);

export const supplierReturnLines = pgTable(
  'supplier_return_lines',
  {
    ...tenantOwnedColumns(),
    returnId: uuid('return_id').notNull(),
    receiptLineId: uuid('receipt_line_id').notNull(),
    variantId: uuid('variant_id').notNull(),
    /** In stock units. */
    quantity: quantity('quantity').notNull(),
    /** The receipt line's stock unit cost: the stock leaves at what it came in at. */
    unitCostMinor: integer('unit_cost_minor').notNull(),
    subtotalMinor: bigint('subtotal_minor', { mode: 'number' }).notNull(),
    vatMinor: bigint('vat_minor', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.returnId], foreignColumns: [supplierReturns.tenantId, supplierReturns.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.receiptLineId], foreignColumns: [goodsReceiptLines.tenantId, goodsReceiptLines.id] }),
    foreignKey({ columns: [t.tenantId, t.variantId], foreignColumns: [productVariants.tenantId, productVariants.id] }),
    uniqueIndex('supplier_return_lines_unique').on(t.tenantId, t.returnId, t.receiptLineId),
    check('supplier_return_lines_quantity_check', sql`${t.quantity} > 0 and ${t.unitCostMinor} >= 0 and ${t.subtotalMinor} >= 0 and ${t.vatMinor} >= 0`),
  ],
);

export const EXPENSE_PAID_FROM_SQL = `'register_cash', 'cash', 'mpesa', 'bank_transfer', 'owner'`;

/** Rent to be recorded every month: the job queue makes its expense when it falls due. */
export const recurringExpenses = pgTable(
  'recurring_expenses',
  {
    ...tenantOwnedColumns(),
    categoryId: uuid('category_id').notNull(),
    description: text('description').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    vatMinor: bigint('vat_minor', { mode: 'number' }).notNull().default(0),
    vatClaimable: boolean('vat_claimable').notNull().default(false),
    supplierId: uuid('supplier_id'),
    paidFrom: text('paid_from').notNull(),
    /** monthly (on day_of_month, the month's last day when shorter) or weekly. */
    frequency: text('frequency').notNull(),
    dayOfMonth: integer('day_of_month'),
    /** The next expense's date; the job makes every one due up to today, then moves this on. */
    nextDate: date('next_date').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.categoryId], foreignColumns: [expenseCategories.tenantId, expenseCategories.id] }),
    foreignKey({ columns: [t.tenantId, t.supplierId], foreignColumns: [contacts.tenantId, contacts.id] }),
    index('recurring_expenses_due_idx').on(t.nextDate).where(sql`${t.isActive}`),
    check('recurring_expenses_frequency_check', sql`${t.frequency} in ('monthly', 'weekly')`),
    check('recurring_expenses_day_check', sql`(${t.frequency} = 'monthly') = (${t.dayOfMonth} is not null) and (${t.dayOfMonth} is null or ${t.dayOfMonth} between 1 and 31)`),
    // A recurring expense is never paid from a drawer: no shift is open when the job runs.
    check('recurring_expenses_paid_from_check', sql`${t.paidFrom} in ('cash', 'mpesa', 'bank_transfer', 'owner')`),
    check('recurring_expenses_amount_check', sql`${t.amountMinor} > 0 and ${t.vatMinor} >= 0 and ${t.vatMinor} <= ${t.amountMinor}`),
  ],
);

/** Money spent on running the shop (EXP-000001). register_cash comes out of an open shift's drawer. */
export const expenses = pgTable(
  'expenses',
  {
    ...tenantOwnedColumns(),
    number: text('number').notNull(),
    categoryId: uuid('category_id').notNull(),
    expenseDate: date('expense_date').notNull(),
    description: text('description').notNull(),
    /** What was paid, VAT included. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    vatMinor: bigint('vat_minor', { mode: 'number' }).notNull().default(0),
    vatClaimable: boolean('vat_claimable').notNull().default(false),
    supplierId: uuid('supplier_id'),
    paidFrom: text('paid_from').notNull(),
    shiftId: uuid('shift_id'),
    /** M-Pesa code, bank reference. */
    reference: text('reference'),
    note: text('note'),
    /** The receipt's photo or PDF under DATA_DIR/uploads/<tenant>/ (content-hash name). */
    attachmentFile: text('attachment_file'),
    attachmentType: text('attachment_type'),
    recurringId: uuid('recurring_id'),
    locationId: uuid('location_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** A mistaken expense is voided (kept, with who and why), never changed or deleted. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: uuid('voided_by').references(() => users.id, { onDelete: 'set null' }),
    voidReason: text('void_reason'),
    requestKey: uuid('request_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.categoryId], foreignColumns: [expenseCategories.tenantId, expenseCategories.id] }),
    foreignKey({ columns: [t.tenantId, t.supplierId], foreignColumns: [contacts.tenantId, contacts.id] }),
    foreignKey({ columns: [t.tenantId, t.shiftId], foreignColumns: [shifts.tenantId, shifts.id] }),
    foreignKey({ columns: [t.tenantId, t.recurringId], foreignColumns: [recurringExpenses.tenantId, recurringExpenses.id] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
    uniqueIndex('expenses_number_unique').on(t.tenantId, t.number),
    uniqueIndex('expenses_request_key_unique').on(t.tenantId, t.requestKey),
    // A recurring expense is made once per date, whichever server's job gets there.
    uniqueIndex('expenses_recurring_date_unique').on(t.tenantId, t.recurringId, t.expenseDate),
    index('expenses_date_idx').on(t.tenantId, t.expenseDate),
    index('expenses_category_idx').on(t.tenantId, t.categoryId, t.expenseDate),
    check('expenses_paid_from_check', sql.raw(`paid_from in (${EXPENSE_PAID_FROM_SQL})`)),
    check('expenses_shift_check', sql`(${t.paidFrom} = 'register_cash') = (${t.shiftId} is not null)`),
    check('expenses_void_check', sql`(${t.voidedAt} is null) = (${t.voidReason} is null)`),
    check('expenses_amount_check', sql`${t.amountMinor} > 0 and ${t.vatMinor} >= 0 and ${t.vatMinor} <= ${t.amountMinor}`),
  ],
);
