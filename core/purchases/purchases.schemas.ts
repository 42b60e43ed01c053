import { z } from 'zod';
import { safeLine, safeText } from '../api/text.schemas';
import { isCalendarDay } from '../gift-cards/gift-cards.schemas';
import { MPESA_CODE_PATTERN, normalizeMpesaCode } from '../accounts/accounts.schemas';
import { atMostCharacters, quantityMilliSchema } from '../products/products.schemas';
import { TAX_CLASSES } from '../products/tax.rules';
import { BILL_STATUSES } from './bill.rules';
import { PURCHASE_ORDER_STATUSES } from './purchase-order.rules';
import { LANDED_COST_BASES } from './receipt-costing.rules';

// Purchases' and expenses' API contract (issue 16): purchase orders, reorder suggestions, goods
// receipts with landed costs, supplier bills and payments, returns to suppliers, expenses.
// Money is whole minor units; quantities are integer thousandths; days are YYYY-MM-DD in the
// shop's time zone. Unit costs are per purchase unit (a crate) with VAT excluded.

/** KES 100,000,000.00: more than any one purchase of a shop; stops a slip of the keyboard. */
export const MAX_PURCHASE_AMOUNT_MINOR = 10_000_000_000;
/** A delivery of a wholesaler can be long; 500 lines is beyond any delivery note we have seen. */
export const MAX_PURCHASE_LINES = 500;

export const formatOrderNumber = (sequence: number) => `PO-${String(sequence).padStart(6, '0')}`;
export const formatReceiptNumber = (sequence: number) => `GRN-${String(sequence).padStart(6, '0')}`;
export const formatBillNumber = (sequence: number) => `BILL-${String(sequence).padStart(6, '0')}`;
export const formatReturnNumber = (sequence: number) => `DN-${String(sequence).padStart(6, '0')}`;
export const formatExpenseNumber = (sequence: number) => `EXP-${String(sequence).padStart(6, '0')}`;

/** How a supplier is paid: at delivery or later. */
export const PURCHASE_PAYMENT_METHODS = ['cash', 'mpesa', 'bank_transfer', 'cheque'] as const;
export type PurchasePaymentMethod = (typeof PURCHASE_PAYMENT_METHODS)[number];

export const SUPPLIER_RETURN_REASONS = ['damaged', 'expired', 'wrong_item', 'excess', 'other'] as const;
export type SupplierReturnReason = (typeof SUPPLIER_RETURN_REASONS)[number];
export const SUPPLIER_RETURN_REASON_LABELS: Record<SupplierReturnReason, string> = {
  damaged: /*i18n*/ 'Damaged',
  expired: /*i18n*/ 'Expired',
  wrong_item: /*i18n*/ 'Wrong item',
  excess: /*i18n*/ 'Delivered in excess',
  other: /*i18n*/ 'Other',
};

/** Where an expense's money came from: a register's drawer (the open shift), cash in hand, M-Pesa, the bank, the owner's pocket. */
export const EXPENSE_PAID_FROM = ['register_cash', 'cash', 'mpesa', 'bank_transfer', 'owner'] as const;
export type ExpensePaidFrom = (typeof EXPENSE_PAID_FROM)[number];

/** Every new shop starts with these expense categories (editable). */
export const DEFAULT_EXPENSE_CATEGORIES = [
  'Rent',
  'Electricity',
  'Water',
  'Wages',
  'Transport',
  'Airtime and data',
  'Repairs and maintenance',
  'Licences and permits',
  'Bank and M-Pesa charges',
  'Other',
] as const;

/** Receipt photos and PDFs: the phone's camera picture of a paper receipt fits. */
export const EXPENSE_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const EXPENSE_ATTACHMENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;

/** Expiring-soon list: receipts whose batches expire within this many days by default. */
export const DEFAULT_EXPIRY_WINDOW_DAYS = 30;

// --- shared pieces ---

export const calendarDaySchema = z.string({ message: /*i18n*/ 'Enter a date as YYYY-MM-DD' }).refine(isCalendarDay, { message: /*i18n*/ 'Enter a date as YYYY-MM-DD' });

const amountSchema = z
  .int({ message: /*i18n*/ 'Enter a whole number of cents' })
  .min(0, { message: /*i18n*/ 'The amount cannot be negative' })
  .max(MAX_PURCHASE_AMOUNT_MINOR, { message: /*i18n*/ 'The amount is too large' });

const positiveAmountSchema = amountSchema.min(1, { message: /*i18n*/ 'Enter an amount above zero' });

const optionalNote = safeText()
  .max(500, { message: /*i18n*/ 'At most 500 characters' })
  .transform((value) => value.trim() || null)
  .nullable()
  .default(null);

const optionalLine = (max: number) =>
  safeLine()
    .max(max, { message: atMostCharacters(max) })
    .transform((value) => value.trim() || null)
    .nullable()
    .default(null);

const supplierIdSchema = z.uuid({ message: /*i18n*/ 'Choose a supplier' });
const variantIdSchema = z.uuid({ message: /*i18n*/ 'Choose a product' });
const unitCostSchema = z
  .int({ message: /*i18n*/ 'Enter a whole number of cents' })
  .min(0, { message: /*i18n*/ 'A cost cannot be negative' })
  .max(1_000_000_000, { message: /*i18n*/ 'The cost is too large' });
const taxClassSchema = z.enum(TAX_CLASSES, { message: /*i18n*/ 'Choose a VAT band' });

const uniqueVariants = <T extends { variantId: string }>(lines: T[]) => new Set(lines.map((line) => line.variantId)).size === lines.length;

const isoInstant = z.iso.datetime();
const isoDay = z.iso.date();
const pagedList = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.int(), page: z.int(), pageSize: z.int() });
const named = z.object({ id: z.uuid(), name: z.string() });

const mpesaAwareReference = <T extends { method: string | null; reference: string | null }>(input: T, context: z.RefinementCtx): T => {
  if (input.method !== 'mpesa') return input;
  if (input.reference === null) {
    context.addIssue({ code: 'custom', path: ['reference'], message: /*i18n*/ 'Enter the M-Pesa transaction code' });
    return input;
  }
  const code = normalizeMpesaCode(input.reference);
  if (code === null || !MPESA_CODE_PATTERN.test(code)) {
    context.addIssue({ code: 'custom', path: ['reference'], message: /*i18n*/ 'An M-Pesa code is 10 letters and digits, like SGH7K2LQ9P' });
    return input;
  }
  return { ...input, reference: code };
};

/** A line as the screens show it: which item, in which unit. */
const itemColumns = {
  variantId: z.uuid(),
  productId: z.uuid(),
  productName: z.string(),
  variantName: z.string(),
  sku: z.string(),
  /** The pack unit bought in (null: the product's own unit) and stock units per purchase unit ×1000. */
  unitId: z.uuid().nullable(),
  unitName: z.string().nullable(),
  packSizeMilli: z.int(),
};

// --- purchase orders ---

export const purchaseOrderLineInputSchema = z.object({
  variantId: variantIdSchema,
  /** A pack unit of the product's unit (a crate of 24); null: the product's own unit. */
  unitId: z.uuid({ message: /*i18n*/ 'Choose a unit' }).nullable().default(null),
  quantityMilli: quantityMilliSchema(/*i18n*/ 'Quantity').min(1, { message: /*i18n*/ 'Enter a quantity more than 0' }),
  unitCostMinor: unitCostSchema,
  /** null: the product's VAT class. */
  taxClass: taxClassSchema.nullable().default(null),
});

const orderLinesSchema = z
  .array(purchaseOrderLineInputSchema)
  .min(1, { message: /*i18n*/ 'Add at least one product' })
  .max(MAX_PURCHASE_LINES, { message: /*i18n*/ 'At most 500 lines' })
  .refine(uniqueVariants, { message: /*i18n*/ 'A product is listed twice' });

/** A new draft order, or a draft's new contents (PUT replaces the lines). */
export const purchaseOrderInputSchema = z.object({
  supplierId: supplierIdSchema,
  locationId: z.uuid({ message: /*i18n*/ 'Choose where the goods are delivered' }),
  expectedDate: calendarDaySchema.nullable().default(null),
  supplierReference: optionalLine(60),
  note: optionalNote,
  lines: orderLinesSchema,
});
export type PurchaseOrderInput = z.input<typeof purchaseOrderInputSchema>;

/** Send: by e-mail with the PDF attached (to the supplier's address unless another is given), or mark as sent (printed, shared). */
export const purchaseOrderSendSchema = z.object({
  via: z.enum(['email', 'print', 'share'], { message: /*i18n*/ 'Choose how the order is sent' }),
  email: z.email({ message: /*i18n*/ 'Enter a valid e-mail address' }).max(254).nullable().default(null),
  message: optionalNote,
});

export const purchaseOrderLineSchema = z.object({
  id: z.uuid(),
  ...itemColumns,
  quantityMilli: z.int(),
  unitCostMinor: z.int(),
  taxClass: z.enum(TAX_CLASSES),
  /** quantity × unit cost (VAT excluded) and its VAT. */
  lineSubtotalMinor: z.int(),
  vatMinor: z.int(),
  /** Ordered and received so far in stock units; what is still to come (never below 0). */
  orderedStockMilli: z.int(),
  receivedStockMilli: z.int(),
  outstandingStockMilli: z.int(),
});

export const purchaseOrderSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  supplier: named.extend({ email: z.string().nullable(), phone: z.string().nullable() }),
  location: named,
  status: z.enum(PURCHASE_ORDER_STATUSES),
  expectedDate: isoDay.nullable(),
  supplierReference: z.string().nullable(),
  note: z.string().nullable(),
  subtotalMinor: z.int(),
  vatMinor: z.int(),
  totalMinor: z.int(),
  createdByName: z.string().nullable(),
  createdAt: isoInstant,
  orderedAt: isoInstant.nullable(),
  sentAt: isoInstant.nullable(),
  closedAt: isoInstant.nullable(),
  lines: z.array(purchaseOrderLineSchema),
  /** The receipts against it, oldest first. */
  receipts: z.array(z.object({ id: z.uuid(), number: z.string(), receivedAt: isoInstant, totalMinor: z.int() })),
});
export type PurchaseOrder = z.infer<typeof purchaseOrderSchema>;

export const purchaseOrderListItemSchema = purchaseOrderSchema.omit({ lines: true, receipts: true, note: true }).extend({ lineCount: z.int() });
export const purchaseOrderListSchema = pagedList(purchaseOrderListItemSchema);
export type PurchaseOrderListItem = z.infer<typeof purchaseOrderListItemSchema>;

/** Lists: filters shared by the purchases tabs; `search` matches numbers and supplier invoice numbers. */
export const purchaseListQuerySchema = z.object({
  search: safeLine().trim().max(60).optional(),
  supplierId: z.uuid().optional(),
  status: safeLine().max(30).optional(),
  locationId: z.uuid().optional(),
  from: calendarDaySchema.optional(),
  to: calendarDaySchema.optional(),
  sort: z.enum(['newest', 'oldest', 'number', 'total', 'due']).default('newest'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type PurchaseListQuery = z.input<typeof purchaseListQuerySchema>;

/** The order as plain text to paste into WhatsApp or an SMS. */
export const purchaseOrderTextSchema = z.object({ text: z.string() });

// --- reorder suggestions ---

export const reorderQuerySchema = z.object({
  locationId: z.uuid({ message: /*i18n*/ 'Choose a location' }),
  /** Days of sales an order should cover above the reorder level. */
  coverDays: z.coerce.number().int().min(1).max(180).default(14),
  supplierId: z.uuid().optional(),
});

export const reorderSuggestionSchema = z.object({
  ...itemColumns,
  onHandMilli: z.int(),
  onOrderMilli: z.int(),
  reorderLevelMilli: z.int(),
  /** Sold at the location over the last 30 days, less returns. */
  soldLast30DaysMilli: z.int(),
  suggestedPacks: z.int(),
  suggestedQuantityMilli: z.int(),
  /** The last price paid per purchase unit (or the product's cost price), VAT excluded. */
  unitCostMinor: z.int(),
  taxClass: z.enum(TAX_CLASSES),
});

export const reorderSuggestionsSchema = z.object({
  /** One group per preferred supplier; items without one are grouped under supplier null. */
  groups: z.array(z.object({ supplier: named.nullable(), items: z.array(reorderSuggestionSchema) })),
});
export type ReorderSuggestions = z.infer<typeof reorderSuggestionsSchema>;

/** Turn suggestions (as the user edited them) into one draft order per supplier. */
export const reorderDraftsInputSchema = z.object({
  locationId: z.uuid({ message: /*i18n*/ 'Choose a location' }),
  orders: z
    .array(z.object({ supplierId: supplierIdSchema, lines: orderLinesSchema }))
    .min(1, { message: /*i18n*/ 'Choose at least one supplier' })
    .max(50)
    .refine((orders) => new Set(orders.map((order) => order.supplierId)).size === orders.length, { message: /*i18n*/ 'A supplier is listed twice' }),
});
export const reorderDraftsSchema = z.object({ orders: z.array(z.object({ id: z.uuid(), number: z.string(), supplierName: z.string(), lineCount: z.int() })) });

// --- goods receipts ---

export const goodsReceiptLineInputSchema = z.object({
  variantId: variantIdSchema,
  /** The order's line this receives (against an order; the variant must match). */
  orderLineId: z.uuid().nullable().default(null),
  unitId: z.uuid({ message: /*i18n*/ 'Choose a unit' }).nullable().default(null),
  quantityMilli: quantityMilliSchema(/*i18n*/ 'Quantity').min(1, { message: /*i18n*/ 'Enter a quantity more than 0' }),
  /** As invoiced, per purchase unit, VAT excluded. */
  unitCostMinor: unitCostSchema,
  taxClass: taxClassSchema.nullable().default(null),
  /** Products that track batches (advanced inventory). */
  batchNumber: optionalLine(40),
  expiryDate: calendarDaySchema.nullable().default(null),
});

/** How the delivery is paid: now (from a register's open shift for cash from the drawer) or on the supplier's account. */
export const receiptPaymentInputSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('on_account'), dueDate: calendarDaySchema.nullable().default(null) }),
  z
    .object({
      mode: z.literal('paid'),
      method: z.enum(PURCHASE_PAYMENT_METHODS, { message: /*i18n*/ 'Choose how it was paid' }),
      /** Cash out of this open shift's drawer (method cash). */
      shiftId: z.uuid().nullable().default(null),
      reference: optionalLine(60),
    })
    .transform(mpesaAwareReference),
]);

export const goodsReceiptInputSchema = z.object({
  supplierId: supplierIdSchema,
  locationId: z.uuid({ message: /*i18n*/ 'Choose where the goods arrived' }),
  orderId: z.uuid().nullable().default(null),
  supplierInvoiceNumber: optionalLine(40),
  supplierInvoiceDate: calendarDaySchema.nullable().default(null),
  /** The same invoice number was entered before for this supplier: record it again anyway (flagged). */
  confirmDuplicateInvoice: z.boolean().default(false),
  /** Receive more than is still outstanding on the order. */
  confirmOverReceipt: z.boolean().default(false),
  landedCostMinor: amountSchema.default(0),
  landedCostBasis: z.enum(LANDED_COST_BASES).default('value'),
  /** null: claimable when the shop has a KRA PIN. */
  vatClaimable: z.boolean().nullable().default(null),
  note: optionalNote,
  lines: z
    .array(goodsReceiptLineInputSchema)
    .min(1, { message: /*i18n*/ 'Add at least one product' })
    .max(MAX_PURCHASE_LINES, { message: /*i18n*/ 'At most 500 lines' }),
  payment: receiptPaymentInputSchema,
});
export type GoodsReceiptInput = z.input<typeof goodsReceiptInputSchema>;

export const goodsReceiptLineSchema = z.object({
  id: z.uuid(),
  ...itemColumns,
  orderLineId: z.uuid().nullable(),
  quantityMilli: z.int(),
  stockQuantityMilli: z.int(),
  unitCostMinor: z.int(),
  taxClass: z.enum(TAX_CLASSES),
  lineSubtotalMinor: z.int(),
  vatMinor: z.int(),
  landedShareMinor: z.int(),
  /** What one stock unit cost, landed costs included: the stock ledger's average took this. */
  stockUnitCostMinor: z.int(),
  batchNumber: z.string().nullable(),
  expiryDate: isoDay.nullable(),
  returnedQuantityMilli: z.int(),
});

export const goodsReceiptSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  supplier: named,
  location: named,
  order: z.object({ id: z.uuid(), number: z.string() }).nullable(),
  supplierInvoiceNumber: z.string().nullable(),
  supplierInvoiceDate: isoDay.nullable(),
  /** The receipt that first carried this invoice number, when this one repeats it. */
  duplicateOf: z.object({ id: z.uuid(), number: z.string() }).nullable(),
  landedCostMinor: z.int(),
  landedCostBasis: z.enum(LANDED_COST_BASES),
  vatClaimable: z.boolean(),
  subtotalMinor: z.int(),
  vatMinor: z.int(),
  totalMinor: z.int(),
  note: z.string().nullable(),
  receivedByName: z.string().nullable(),
  receivedAt: isoInstant,
  bill: z.object({ id: z.uuid(), number: z.string(), status: z.enum(BILL_STATUSES), openMinor: z.int(), dueDate: isoDay }).nullable(),
  lines: z.array(goodsReceiptLineSchema),
});
export type GoodsReceipt = z.infer<typeof goodsReceiptSchema>;

export const goodsReceiptListItemSchema = goodsReceiptSchema.omit({ lines: true, note: true }).extend({ lineCount: z.int() });
export const goodsReceiptListSchema = pagedList(goodsReceiptListItemSchema);
export type GoodsReceiptListItem = z.infer<typeof goodsReceiptListItemSchema>;

/** Is this supplier invoice number already on a receipt (the form warns as it is typed)? */
export const supplierInvoiceCheckQuerySchema = z.object({ supplierId: z.uuid(), invoiceNumber: safeLine().trim().min(1).max(40) });
export const supplierInvoiceCheckSchema = z.object({ receipt: z.object({ id: z.uuid(), number: z.string(), receivedAt: isoInstant }).nullable() });

export const expiringSoonQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(365).default(DEFAULT_EXPIRY_WINDOW_DAYS),
  locationId: z.uuid().optional(),
});
export const expiringItemSchema = z.object({
  receiptId: z.uuid(),
  receiptNumber: z.string(),
  location: named,
  ...itemColumns,
  batchNumber: z.string().nullable(),
  expiryDate: isoDay,
  /** What the batch may still have: received less returned, at most what is on hand at the location. */
  remainingMilli: z.int(),
});
export const expiringSoonSchema = z.object({ items: z.array(expiringItemSchema) });

// --- supplier bills and payments ---

/** A bill for services without stock (transport by a carrier, repairs, a fundi). */
export const serviceBillInputSchema = z.object({
  supplierId: supplierIdSchema,
  supplierInvoiceNumber: optionalLine(40),
  billDate: calendarDaySchema,
  /** null: the bill date plus the supplier's payment terms. */
  dueDate: calendarDaySchema.nullable().default(null),
  amountMinor: positiveAmountSchema,
  vatMinor: amountSchema.default(0),
  categoryId: z.uuid({ message: /*i18n*/ 'Choose a category' }).nullable().default(null),
  description: safeLine().trim().min(2, { message: /*i18n*/ 'Say what it was for' }).max(200, { message: /*i18n*/ 'At most 200 characters' }),
}).refine((bill) => bill.vatMinor <= bill.amountMinor, { path: ['vatMinor'], message: /*i18n*/ 'VAT cannot be more than the bill' });

export const billSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  kind: z.enum(['goods', 'services']),
  supplier: named,
  receipt: z.object({ id: z.uuid(), number: z.string() }).nullable(),
  supplierInvoiceNumber: z.string().nullable(),
  billDate: isoDay,
  dueDate: isoDay,
  amountMinor: z.int(),
  vatMinor: z.int(),
  /** Still to pay (the ledger's open amount of the bill's charge). */
  openMinor: z.int(),
  status: z.enum(BILL_STATUSES),
  category: named.nullable(),
  description: z.string().nullable(),
  /** The account entry on the supplier's payable ledger: payments allocate to it. */
  entryId: z.uuid(),
  createdAt: isoInstant,
  /** Payments that settled it, oldest first. */
  payments: z.array(z.object({ entryId: z.uuid(), number: z.string().nullable(), method: z.string().nullable(), amountMinor: z.int(), occurredAt: isoInstant })),
});
export type Bill = z.infer<typeof billSchema>;
export const billListItemSchema = billSchema.omit({ payments: true });
export const billListSchema = pagedList(billListItemSchema).extend({
  /** Over the filtered bills: what is still owed, and the part of it overdue. */
  openMinor: z.int(),
  overdueMinor: z.int(),
});
export type BillListItem = z.infer<typeof billListItemSchema>;

/** Pay a supplier: one payment over several bills, oldest first or the bills picked (amount per bill). */
export const supplierPaymentInputSchema = z
  .object({
    supplierId: supplierIdSchema,
    amountMinor: positiveAmountSchema,
    method: z.enum(PURCHASE_PAYMENT_METHODS, { message: /*i18n*/ 'Choose how it was paid' }),
    /** Cash from this open shift's drawer (method cash). */
    shiftId: z.uuid().nullable().default(null),
    reference: optionalLine(60),
    note: optionalNote,
    /** null: the oldest bills first; otherwise these bills and amounts (the rest stays as a credit with the supplier). */
    bills: z
      .array(z.object({ billId: z.uuid({ message: /*i18n*/ 'Choose a bill' }), amountMinor: positiveAmountSchema }))
      .min(1, { message: /*i18n*/ 'Pick at least one bill, or pay the oldest first' })
      .max(200)
      .refine((bills) => new Set(bills.map((bill) => bill.billId)).size === bills.length, { message: /*i18n*/ 'A bill is picked twice' })
      .nullable()
      .default(null),
  })
  .transform(mpesaAwareReference)
  .superRefine((input, context) => {
    const picked = (input.bills ?? []).reduce((sum, bill) => sum + bill.amountMinor, 0);
    if (picked > input.amountMinor) context.addIssue({ code: 'custom', path: ['bills'], message: /*i18n*/ 'The amounts picked add up to more than the payment' });
    if (input.shiftId !== null && input.method !== 'cash') context.addIssue({ code: 'custom', path: ['shiftId'], message: /*i18n*/ 'Only cash comes out of a drawer' });
  });
export type SupplierPaymentInput = z.input<typeof supplierPaymentInputSchema>;

export const supplierPaymentSchema = z.object({
  entryId: z.uuid(),
  number: z.string(),
  supplier: named,
  amountMinor: z.int(),
  method: z.enum(PURCHASE_PAYMENT_METHODS),
  reference: z.string().nullable(),
  shiftId: z.uuid().nullable(),
  occurredAt: isoInstant,
  /** The bills it settled and how much of each. */
  settled: z.array(z.object({ billId: z.uuid(), number: z.string(), amountMinor: z.int() })),
  /** Paid beyond the bills: a credit with the supplier. */
  unallocatedMinor: z.int(),
});
export type SupplierPayment = z.infer<typeof supplierPaymentSchema>;

// --- returns to suppliers ---

export const supplierReturnInputSchema = z
  .object({
    receiptId: z.uuid({ message: /*i18n*/ 'Choose the delivery the goods came in' }),
    reason: z.enum(SUPPLIER_RETURN_REASONS, { message: /*i18n*/ 'Choose a reason' }),
    note: optionalNote,
    /** credit: lowers what the shop owes the supplier; refund: the supplier paid it back now. */
    settlement: z.enum(['credit', 'refund'], { message: /*i18n*/ 'Choose credit or refund' }),
    refundMethod: z.enum(PURCHASE_PAYMENT_METHODS).nullable().default(null),
    refundReference: optionalLine(60),
    lines: z
      .array(z.object({ receiptLineId: z.uuid({ message: /*i18n*/ 'Choose a line' }), quantityMilli: quantityMilliSchema(/*i18n*/ 'Quantity').min(1, { message: /*i18n*/ 'Enter a quantity more than 0' }) }))
      .min(1, { message: /*i18n*/ 'Add at least one product' })
      .max(MAX_PURCHASE_LINES)
      .refine((lines) => new Set(lines.map((line) => line.receiptLineId)).size === lines.length, { message: /*i18n*/ 'A line is listed twice' }),
  })
  .superRefine((input, context) => {
    if (input.settlement === 'refund' && input.refundMethod === null) context.addIssue({ code: 'custom', path: ['refundMethod'], message: /*i18n*/ 'Choose how the supplier refunded it' });
  });
export type SupplierReturnInput = z.input<typeof supplierReturnInputSchema>;

export const supplierReturnSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  supplier: named,
  receipt: z.object({ id: z.uuid(), number: z.string(), supplierInvoiceNumber: z.string().nullable() }),
  location: named,
  reason: z.enum(SUPPLIER_RETURN_REASONS),
  note: z.string().nullable(),
  settlement: z.enum(['credit', 'refund']),
  refundMethod: z.enum(PURCHASE_PAYMENT_METHODS).nullable(),
  refundReference: z.string().nullable(),
  subtotalMinor: z.int(),
  vatMinor: z.int(),
  totalMinor: z.int(),
  createdByName: z.string().nullable(),
  createdAt: isoInstant,
  lines: z.array(
    z.object({
      receiptLineId: z.uuid(),
      variantId: z.uuid(),
      productName: z.string(),
      variantName: z.string(),
      sku: z.string(),
      quantityMilli: z.int(),
      unitCostMinor: z.int(),
      subtotalMinor: z.int(),
      vatMinor: z.int(),
    }),
  ),
});
export type SupplierReturn = z.infer<typeof supplierReturnSchema>;
export const supplierReturnListItemSchema = supplierReturnSchema.omit({ lines: true, note: true }).extend({ lineCount: z.int() });
export const supplierReturnListSchema = pagedList(supplierReturnListItemSchema);

// --- expenses ---

export const expenseCategoryInputSchema = z.object({
  name: safeLine().trim().min(2, { message: /*i18n*/ 'At least 2 characters' }).max(60, { message: /*i18n*/ 'At most 60 characters' }),
  isActive: z.boolean().default(true),
});
/** Rename or (de)activate a category: only what is sent changes. */
export const expenseCategoryUpdateSchema = z.object({
  name: expenseCategoryInputSchema.shape.name.optional(),
  isActive: z.boolean().optional(),
});
export const expenseCategorySchema = z.object({ id: z.uuid(), name: z.string(), isActive: z.boolean(), expenseCount: z.int() });
export const expenseCategoryListSchema = z.object({ items: z.array(expenseCategorySchema) });

/** An uploaded receipt's stored name: its content hash and the type its signature bytes showed. */
export const EXPENSE_ATTACHMENT_FILE_PATTERN = /^expense-[a-f0-9]{32}\.(jpg|png|webp|pdf)$/;
export const expenseAttachmentUploadSchema = z.object({ file: z.string(), type: z.enum(EXPENSE_ATTACHMENT_TYPES) });

export const expenseInputSchema = z
  .object({
    categoryId: z.uuid({ message: /*i18n*/ 'Choose a category' }),
    expenseDate: calendarDaySchema,
    description: safeLine().trim().min(2, { message: /*i18n*/ 'Say what it was for' }).max(200, { message: /*i18n*/ 'At most 200 characters' }),
    amountMinor: positiveAmountSchema,
    vatMinor: amountSchema.default(0),
    vatClaimable: z.boolean().default(false),
    supplierId: z.uuid().nullable().default(null),
    paidFrom: z.enum(EXPENSE_PAID_FROM, { message: /*i18n*/ 'Choose where the money came from' }),
    /** The open shift whose drawer paid it (paid from register cash). */
    shiftId: z.uuid().nullable().default(null),
    reference: optionalLine(60),
    note: optionalNote,
    /** The receipt's photo or PDF, uploaded first (POST /api/expense-attachments): the expense is never changed after. */
    attachmentFile: z.string().regex(EXPENSE_ATTACHMENT_FILE_PATTERN, { message: /*i18n*/ 'Upload the receipt again' }).nullable().default(null),
  })
  .superRefine((input, context) => {
    if (input.vatMinor > input.amountMinor) context.addIssue({ code: 'custom', path: ['vatMinor'], message: /*i18n*/ 'VAT cannot be more than the amount' });
    if (input.paidFrom === 'register_cash' && input.shiftId === null) context.addIssue({ code: 'custom', path: ['shiftId'], message: /*i18n*/ 'Choose the open shift whose drawer paid it' });
    if (input.paidFrom !== 'register_cash' && input.shiftId !== null) context.addIssue({ code: 'custom', path: ['shiftId'], message: /*i18n*/ 'Only cash from a register comes out of a shift' });
  });
export type ExpenseInput = z.input<typeof expenseInputSchema>;

export const expenseVoidInputSchema = z.object({
  reason: safeLine().trim().min(3, { message: /*i18n*/ 'Say why (at least 3 characters)' }).max(200, { message: /*i18n*/ 'At most 200 characters' }),
});

export const expenseSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  category: named,
  expenseDate: isoDay,
  description: z.string(),
  amountMinor: z.int(),
  vatMinor: z.int(),
  vatClaimable: z.boolean(),
  supplier: named.nullable(),
  paidFrom: z.enum(EXPENSE_PAID_FROM),
  shiftId: z.uuid().nullable(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  /** The receipt's photo or PDF, served at GET /api/expenses/{id}/attachment. */
  attachment: z.object({ type: z.string() }).nullable(),
  recurringId: z.uuid().nullable(),
  createdByName: z.string().nullable(),
  createdAt: isoInstant,
  voidedAt: isoInstant.nullable(),
  voidedByName: z.string().nullable(),
  voidReason: z.string().nullable(),
});
export type Expense = z.infer<typeof expenseSchema>;
export const expenseListSchema = pagedList(expenseSchema).extend({ totalMinor: z.int() });

export const expenseListQuerySchema = purchaseListQuerySchema.omit({ status: true, sort: true }).extend({
  categoryId: z.uuid().optional(),
  paidFrom: z.enum(EXPENSE_PAID_FROM).optional(),
  includeVoided: z.enum(['true', 'false']).default('false'),
  sort: z.enum(['newest', 'oldest', 'amount']).default('newest'),
});

const recurringExpenseFields = z.object({
  categoryId: z.uuid({ message: /*i18n*/ 'Choose a category' }),
  description: safeLine().trim().min(2, { message: /*i18n*/ 'Say what it is for' }).max(200, { message: /*i18n*/ 'At most 200 characters' }),
  amountMinor: positiveAmountSchema,
  vatMinor: amountSchema.default(0),
  vatClaimable: z.boolean().default(false),
  supplierId: z.uuid().nullable().default(null),
  paidFrom: z.enum(['cash', 'mpesa', 'bank_transfer', 'owner'], { message: /*i18n*/ 'Choose where the money comes from' }),
  frequency: z.enum(['monthly', 'weekly'], { message: /*i18n*/ 'Choose how often' }),
  /** Monthly: the day of the month (the month's last day when it is shorter). */
  dayOfMonth: z.int().min(1, { message: /*i18n*/ 'A day from 1 to 31' }).max(31, { message: /*i18n*/ 'A day from 1 to 31' }).nullable().default(null),
  /** The first expense's date. */
  startDate: calendarDaySchema,
  isActive: z.boolean().default(true),
});
export const recurringExpenseInputSchema = recurringExpenseFields.superRefine((input, context) => {
  if (input.frequency === 'monthly' && input.dayOfMonth === null) context.addIssue({ code: 'custom', path: ['dayOfMonth'], message: /*i18n*/ 'Choose the day of the month' });
  if (input.vatMinor > input.amountMinor) context.addIssue({ code: 'custom', path: ['vatMinor'], message: /*i18n*/ 'VAT cannot be more than the amount' });
});
/** Change what the next expenses will be, or pause (isActive false) and resume; the schedule stays (make a new one for another). */
export const recurringExpenseUpdateSchema = z.object({
  description: recurringExpenseFields.shape.description.optional(),
  amountMinor: positiveAmountSchema.optional(),
  vatMinor: amountSchema.optional(),
  vatClaimable: z.boolean().optional(),
  categoryId: recurringExpenseFields.shape.categoryId.optional(),
  supplierId: z.uuid().nullable().optional(),
  paidFrom: recurringExpenseFields.shape.paidFrom.optional(),
  isActive: z.boolean().optional(),
});

export const recurringExpenseSchema = z.object({
  id: z.uuid(),
  category: named,
  description: z.string(),
  amountMinor: z.int(),
  vatMinor: z.int(),
  vatClaimable: z.boolean(),
  supplier: named.nullable(),
  paidFrom: z.enum(['cash', 'mpesa', 'bank_transfer', 'owner']),
  frequency: z.enum(['monthly', 'weekly']),
  dayOfMonth: z.int().nullable(),
  nextDate: isoDay,
  isActive: z.boolean(),
});
export const recurringExpenseListSchema = z.object({ items: z.array(recurringExpenseSchema) });

/** Purchases settings: may cashiers record a cash expense or cash purchase from their open shift. */
export const purchaseSettingsSchema = z.object({ cashiersRecordCashPurchases: z.boolean() });
export const purchaseSettingsInputSchema = purchaseSettingsSchema;
