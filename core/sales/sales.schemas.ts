import { z } from 'zod';
import { safeLine, safeText } from '../api/text.schemas';
import { MPESA_CODE_PATTERN } from '../accounts/accounts.schemas';
import { TAX_CLASSES } from '../products/tax.rules';
import { etimsReceiptBlockSchema } from '../etims/etims.schemas';

// The register and sales API contract (issue 15, docs/decisions/0017-sales-exactly-once.md).
// Money is integer minor units; quantities are whole thousandths ("milli": 1500 = 1.5 kg).

export const TENDERS = ['cash', 'mpesa', 'card', 'bank_transfer', 'account', 'deposit', 'gift_card', 'loyalty'] as const;
export type Tender = (typeof TENDERS)[number];
/** Tenders a refund may go to: the sale's, plus the exchange credit a new sale takes in an exchange. */
export const REFUND_TENDERS = [...TENDERS, 'exchange'] as const;
export type RefundTender = (typeof REFUND_TENDERS)[number];

export const TENDER_LABELS: Record<RefundTender, string> = {
  cash: /*i18n*/ 'Cash',
  mpesa: /*i18n*/ 'M-Pesa',
  card: /*i18n*/ 'Card',
  bank_transfer: /*i18n*/ 'Bank transfer',
  account: /*i18n*/ 'Customer account',
  deposit: /*i18n*/ 'Customer deposit',
  gift_card: /*i18n*/ 'Gift card',
  loyalty: /*i18n*/ 'Loyalty points',
  exchange: /*i18n*/ 'Exchange credit',
};

export const SALE_STATUSES = ['completed', 'partly_returned', 'returned', 'voided'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

export const CASH_MOVEMENT_REASONS = ['float_top_up', 'bank_deposit', 'supplier_paid', 'expenses', 'other'] as const;
export type CashMovementReason = (typeof CASH_MOVEMENT_REASONS)[number];

export const RETURN_REASONS = ['changed_mind', 'damaged', 'defective', 'wrong_item', 'expired', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_DISPOSITIONS = ['restock', 'damaged'] as const;
export type ReturnDisposition = (typeof RETURN_DISPOSITIONS)[number];

export const APPROVAL_ACTIONS = ['price_override', 'discount', 'return_window', 'return_without_receipt', 'void', 'over_short', 'negative_stock'] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

/** Kenyan notes and coins in minor units: 1,000/500/200/100/50 notes, 20/10/5/1 coins. */
export const KES_DENOMINATIONS_MINOR = [100_000, 50_000, 20_000, 10_000, 5_000, 2_000, 1_000, 500, 100] as const;

/** KES 10,000,000: no till sees more at once; stops a slip of the keyboard. */
export const MAX_SALE_MINOR = 1_000_000_000;
/** One million units on a line. */
export const MAX_QUANTITY_MILLI = 1_000_000_000;
export const MAX_SALE_LINES = 200;
/** An approval is used within this time of being given, or not at all. */
export const APPROVAL_VALIDITY_MINUTES = 10;

export const formatReceiptCode = (prefix: string, number: number) => `${prefix}-${String(number).padStart(6, '0')}`;
export const formatReturnCode = (number: number) => `CN-${String(number).padStart(6, '0')}`;

const moneySchema = z
  .int({ message: /*i18n*/ 'Enter a whole amount in cents (minor units)' })
  .min(0, { message: /*i18n*/ 'The amount cannot be negative' })
  .max(MAX_SALE_MINOR, { message: /*i18n*/ 'This amount is too large' });

const positiveMoneySchema = moneySchema.refine((value) => value > 0, { message: /*i18n*/ 'The amount must be more than zero' });

/** A quantity in thousandths, more than zero. */
export const quantityMilliSchema = z
  .int({ message: /*i18n*/ 'Enter the quantity in thousandths (1000 = 1)' })
  .min(1, { message: /*i18n*/ 'The quantity must be more than zero' })
  .max(MAX_QUANTITY_MILLI, { message: /*i18n*/ 'This quantity is too large' });

const optionalNote = safeText()
  .max(500, { message: /*i18n*/ 'At most 500 characters' })
  .transform((value) => value.trim() || null)
  .nullable()
  .default(null);

const requiredReason = safeLine()
  .trim()
  .min(3, { message: /*i18n*/ 'Say why (at least 3 characters)' })
  .max(200, { message: /*i18n*/ 'At most 200 characters' });

/** An M-Pesa transaction code, upper-cased and without spaces: 10 letters and digits. */
export const mpesaCodeSchema = safeLine()
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .refine((value) => MPESA_CODE_PATTERN.test(value), { message: /*i18n*/ 'An M-Pesa code is 10 letters and digits, like SGH7K2LQ9P' });

const referenceSchema = safeLine()
  .max(60, { message: /*i18n*/ 'At most 60 characters' })
  .transform((value) => value.trim() || null)
  .nullable()
  .default(null);

/** A discount: a percentage in basis points (1000 = 10%) or an amount off. */
export const discountSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('percent'),
    bps: z
      .int({ message: /*i18n*/ 'Enter the percentage in basis points (1000 = 10%)' })
      .min(1, { message: /*i18n*/ 'The discount must be more than zero' })
      .max(10_000, { message: /*i18n*/ 'A discount cannot be more than 100%' }),
  }),
  z.object({ type: z.literal('amount'), amountMinor: positiveMoneySchema }),
]);
export type Discount = z.infer<typeof discountSchema>;

/** Denomination counts: { "100000": 3, "5000": 2 } (KES 1,000 × 3 and KES 50 × 2). */
export const denominationCountsSchema = z
  // partialRecord: a record keyed by an enum would demand every note and coin.
  .partialRecord(
    z.enum(KES_DENOMINATIONS_MINOR.map(String) as [string, ...string[]], { message: /*i18n*/ 'Not a Kenyan note or coin' }),
    z.int({ message: /*i18n*/ 'Count whole notes and coins' }).min(0, { message: /*i18n*/ 'A count cannot be negative' }).max(100_000),
    // A key that is no note or coin (zod reports it on the record): say so in our words.
    { error: (issue) => (issue.code === 'invalid_type' ? undefined : /*i18n*/ 'Not a Kenyan note or coin') },
  )
  .nullable()
  .default(null);

// ─── Settings ─────────────────────────────────────────────────────────────────────────────────

export const salesSettingsSchema = z.object({
  discountLimitBps: z.int().min(0).max(10_000),
  overShortToleranceMinor: moneySchema,
  returnWindowDays: z.int().min(0).max(3650),
  blindClose: z.boolean(),
  receiptWidthMm: z.union([z.literal(58), z.literal(80)]),
});
export type SalesSettings = z.infer<typeof salesSettingsSchema>;
export const salesSettingsInputSchema = salesSettingsSchema;

// ─── Registers and shifts ─────────────────────────────────────────────────────────────────────

export const registerInputSchema = z.object({
  locationId: z.uuid({ message: /*i18n*/ 'Choose a location' }),
  name: safeLine().trim().min(1, { message: /*i18n*/ 'Enter a name' }).max(60, { message: /*i18n*/ 'At most 60 characters' }),
  receiptPrefix: safeLine()
    .trim()
    .transform((value) => value.toUpperCase())
    .refine((value) => /^[A-Z0-9]{1,6}$/.test(value), { message: /*i18n*/ 'Use 1 to 6 letters or digits, like T1' }),
});
export const registerUpdateSchema = registerInputSchema.omit({ locationId: true }).partial().extend({ isActive: z.boolean().optional() });

export const registerSchema = z.object({
  id: z.uuid(),
  locationId: z.uuid(),
  locationName: z.string(),
  name: z.string(),
  receiptPrefix: z.string(),
  isActive: z.boolean(),
  lastZNumber: z.int(),
  /** The open shift on it, if any. */
  openShift: z.object({ id: z.uuid(), openedAt: z.string(), openedByName: z.string().nullable() }).nullable(),
});
export type Register = z.infer<typeof registerSchema>;
export const registerListSchema = z.object({ items: z.array(registerSchema) });

export const openShiftInputSchema = z
  .object({
    registerId: z.uuid({ message: /*i18n*/ 'Choose a register' }),
    openingFloatMinor: moneySchema,
    denominations: denominationCountsSchema,
  })
  .superRefine((input, context) => {
    if (input.denominations && countDenominationsMinor(input.denominations) !== input.openingFloatMinor) {
      context.addIssue({ code: 'custom', path: ['openingFloatMinor'], message: /*i18n*/ 'The float does not match the notes and coins counted' });
    }
  });

export const cashMovementInputSchema = z.object({
  direction: z.enum(['in', 'out'], { message: /*i18n*/ 'Choose cash in or cash out' }),
  reason: z.enum(CASH_MOVEMENT_REASONS, { message: /*i18n*/ 'Choose a reason' }),
  amountMinor: positiveMoneySchema,
  note: optionalNote,
});

/** A cash movement as recorded on its shift. */
export const cashMovementSchema = z.object({
  id: z.uuid(),
  shiftId: z.uuid(),
  direction: z.enum(['in', 'out']),
  reason: z.enum(CASH_MOVEMENT_REASONS),
  amountMinor: z.int(),
  note: z.string().nullable(),
  userName: z.string().nullable(),
  at: z.string(),
});
export type CashMovement = z.infer<typeof cashMovementSchema>;

export const DECLARED_TENDERS = ['card', 'mpesa', 'bank_transfer', 'other'] as const;

export const closeShiftInputSchema = z
  .object({
    countedCashMinor: moneySchema,
    denominations: denominationCountsSchema,
    /** Non-cash totals the cashier checked (card slips, the M-Pesa statement). */
    declaredTotals: z.partialRecord(z.enum(DECLARED_TENDERS), moneySchema).default({}),
    note: optionalNote,
    /** A manager's approval (action over_short) when the difference is beyond the shop's tolerance. */
    approvalId: z.uuid().nullable().default(null),
  })
  .superRefine((input, context) => {
    if (input.denominations && countDenominationsMinor(input.denominations) !== input.countedCashMinor) {
      context.addIssue({ code: 'custom', path: ['countedCashMinor'], message: /*i18n*/ 'The total does not match the notes and coins counted' });
    }
  });

/** Σ count × denomination. */
export function countDenominationsMinor(counts: Partial<Record<string, number>>): number {
  return Object.entries(counts).reduce((sum, [denomination, count]) => sum + Number(denomination) * (count ?? 0), 0);
}

const tenderTotalsSchema = z.partialRecord(z.enum(REFUND_TENDERS), z.int());

/** An X report (any time) or the Z report written at close. */
export const shiftReportSchema = z.object({
  kind: z.enum(['x', 'z']),
  shiftId: z.uuid(),
  registerId: z.uuid(),
  registerName: z.string(),
  locationName: z.string(),
  zNumber: z.int().nullable(),
  openedAt: z.string(),
  openedByName: z.string().nullable(),
  closedAt: z.string().nullable(),
  closedByName: z.string().nullable(),
  /** The manager who approved a counted difference beyond the shop's tolerance (a Z report's). */
  overShortApprovedByName: z.string().nullable().default(null),
  printedAt: z.string(),
  openingFloatMinor: z.int(),
  salesCount: z.int(),
  grossSalesMinor: z.int(),
  discountsMinor: z.int(),
  tipsMinor: z.int(),
  returnsCount: z.int(),
  returnsMinor: z.int(),
  voidsCount: z.int(),
  voidsMinor: z.int(),
  netSalesMinor: z.int(),
  /** Takings per tender (sales net of change, minus refunds and voids). */
  tenders: tenderTotalsSchema,
  taxBands: z.record(z.string(), z.object({ grossMinor: z.int(), taxMinor: z.int(), rateBp: z.int() })),
  cashInMinor: z.int(),
  cashOutMinor: z.int(),
  cashMovements: z.array(z.object({ direction: z.enum(['in', 'out']), reason: z.enum(CASH_MOVEMENT_REASONS), amountMinor: z.int(), note: z.string().nullable(), at: z.string() })),
  /** Hidden (null) from a cashier on a blind close until the shift is closed. */
  expectedCashMinor: z.int().nullable(),
  countedCashMinor: z.int().nullable(),
  overShortMinor: z.int().nullable(),
  declaredTotals: z.partialRecord(z.enum(DECLARED_TENDERS), z.int()).nullable(),
  firstReceiptCode: z.string().nullable(),
  lastReceiptCode: z.string().nullable(),
  /** Sales that reached the server after the close (delayed retries): the supplementary report. */
  lateSales: z.object({ count: z.int(), totalMinor: z.int(), tenders: tenderTotalsSchema }),
});
export type ShiftReport = z.infer<typeof shiftReportSchema>;

export const shiftSchema = z.object({
  id: z.uuid(),
  registerId: z.uuid(),
  registerName: z.string(),
  locationId: z.uuid(),
  locationName: z.string(),
  status: z.enum(['open', 'closed']),
  openedAt: z.string(),
  openedBy: z.uuid().nullable(),
  openedByName: z.string().nullable(),
  openingFloatMinor: z.int(),
  closedAt: z.string().nullable(),
  closedByName: z.string().nullable(),
  zNumber: z.int().nullable(),
  countedCashMinor: z.int().nullable(),
  overShortMinor: z.int().nullable(),
  salesCount: z.int(),
  salesTotalMinor: z.int(),
});
export type Shift = z.infer<typeof shiftSchema>;

export const shiftListQuerySchema = z.object({
  status: z.enum(['open', 'closed', 'all']).default('all'),
  registerId: z.uuid().optional(),
  locationId: z.uuid().optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const shiftListSchema = z.object({ items: z.array(shiftSchema), total: z.int(), page: z.int(), pageSize: z.int() });

// ─── Approvals ────────────────────────────────────────────────────────────────────────────────

export const APPROVAL_PIN_PATTERN = /^\d{4,6}$/;

/** A manager approves at the cashier's register with their e-mail and password, or e-mail and PIN. */
export const approvalRequestSchema = z
  .object({
    action: z.enum(APPROVAL_ACTIONS),
    registerId: z.uuid().nullable().default(null),
    email: safeLine().trim().toLowerCase().pipe(z.email({ message: /*i18n*/ 'Enter the manager’s e-mail' })),
    method: z.enum(['password', 'pin']),
    secret: safeLine().min(1, { message: /*i18n*/ 'Enter the password or PIN' }).max(200),
    reason: safeLine().trim().max(200, { message: /*i18n*/ 'At most 200 characters' }).transform((value) => value || null).nullable().default(null),
    /** What is approved, as the register describes it (e.g. { variantId, discountBps }). */
    details: z.record(z.string(), z.union([safeLine().max(200), z.number(), z.boolean(), z.null()])).default({}),
  })
  .superRefine((input, context) => {
    if (input.method === 'pin' && !APPROVAL_PIN_PATTERN.test(input.secret)) {
      context.addIssue({ code: 'custom', path: ['secret'], message: /*i18n*/ 'A PIN is 4 to 6 digits' });
    }
  });

export const approvalSchema = z.object({
  id: z.uuid(),
  action: z.enum(APPROVAL_ACTIONS),
  approverId: z.uuid(),
  approverName: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Approval = z.infer<typeof approvalSchema>;

export const approvalPinInputSchema = z.object({
  pin: z.string().regex(APPROVAL_PIN_PATTERN, { message: /*i18n*/ 'A PIN is 4 to 6 digits' }),
  /** The person's account password, to prove it is them. */
  currentPassword: safeLine().min(1, { message: /*i18n*/ 'Enter your password' }).max(200),
});

/** Whether the signed-in manager has set an approval PIN in this shop. */
export const approvalPinStatusSchema = z.object({ hasPin: z.boolean() });
export type ApprovalPinStatus = z.infer<typeof approvalPinStatusSchema>;

// ─── Checkout ─────────────────────────────────────────────────────────────────────────────────

export const saleLineInputSchema = z.object({
  variantId: z.uuid({ message: /*i18n*/ 'Choose a product' }),
  /** In the unit sold (a pack when unitId names one). */
  quantityMilli: quantityMilliSchema,
  /** A pack unit of the product's unit (a crate of 24); null: the product's own unit. */
  unitId: z.uuid().nullable().default(null),
  /** A price the cashier typed instead of the catalog's (needs approval when lower, see the shop's limit). */
  unitPriceMinor: moneySchema.nullable().default(null),
  discount: discountSchema.nullable().default(null),
});
export type SaleLineInput = z.input<typeof saleLineInputSchema>;

const giftCardCodeText = safeLine().trim().min(1).max(64);

/** One tender of a payment. amountMinor is what it pays towards the total; cash also says what was handed over. */
export const salePaymentInputSchema = z.discriminatedUnion('tender', [
  z.object({ tender: z.literal('cash'), amountMinor: positiveMoneySchema, tenderedMinor: moneySchema.nullable().default(null) }),
  z.object({ tender: z.literal('mpesa'), amountMinor: positiveMoneySchema, reference: mpesaCodeSchema }),
  z.object({ tender: z.literal('card'), amountMinor: positiveMoneySchema, reference: referenceSchema }),
  z.object({ tender: z.literal('bank_transfer'), amountMinor: positiveMoneySchema, reference: referenceSchema }),
  z.object({ tender: z.literal('account'), amountMinor: positiveMoneySchema }),
  z.object({ tender: z.literal('deposit'), amountMinor: positiveMoneySchema }),
  z.object({ tender: z.literal('gift_card'), amountMinor: positiveMoneySchema, code: giftCardCodeText }),
  z.object({ tender: z.literal('loyalty'), amountMinor: positiveMoneySchema, points: z.int().min(1) }),
]);
export type SalePaymentInput = z.infer<typeof salePaymentInputSchema>;

const cartShape = {
  customerId: z.uuid({ message: /*i18n*/ 'Choose a customer from the list' }).nullable().default(null),
  lines: z
    .array(saleLineInputSchema)
    .min(1, { message: /*i18n*/ 'Add at least one item' })
    .max(MAX_SALE_LINES, { message: /*i18n*/ 'At most 200 lines in one sale' }),
  /** advanced_pos */
  cartDiscount: discountSchema.nullable().default(null),
  /** advanced_pos */
  tipMinor: moneySchema.default(0),
};

/** Price a cart as the server would (no side effects): the register shows these figures. */
export const saleQuoteInputSchema = z.object({ registerId: z.uuid(), ...cartShape });

const checkoutShape = {
  id: z.uuid(),
  registerId: z.uuid({ message: /*i18n*/ 'Choose a register' }),
  shiftId: z.uuid({ message: /*i18n*/ 'Open a shift first' }),
  ...cartShape,
  payments: z.array(salePaymentInputSchema).min(1, { message: /*i18n*/ 'Add a payment' }).max(10, { message: /*i18n*/ 'At most 10 payments on one sale' }),
  /** Approvals given at the register for this sale (price overrides, discounts over the limit). */
  approvalIds: z.array(z.uuid()).max(20).default([]),
  expectedTotalMinor: moneySchema,
  /** When the register rang it up (its clock). */
  ringUpAt: z.iso.datetime({ offset: true }),
  /** Resent from the register's outbox after an attempt that got no answer. */
  fromOutbox: z.boolean().default(false),
  note: optionalNote,
};

/** The checks of a checkout body other than what the payments add up to (shared with an exchange's sale). */
function refineCheckout(input: z.output<z.ZodObject<typeof checkoutShape>>, context: z.RefinementCtx) {
  input.payments.forEach((payment, index) => {
    if (payment.tender === 'cash' && payment.tenderedMinor !== null && payment.tenderedMinor < payment.amountMinor) {
      context.addIssue({ code: 'custom', path: ['payments', index, 'tenderedMinor'], message: /*i18n*/ 'The cash handed over is less than the amount' });
    }
  });
  if (input.payments.some((payment) => payment.tender === 'account' || payment.tender === 'deposit' || payment.tender === 'loyalty') && !input.customerId) {
    context.addIssue({ code: 'custom', path: ['customerId'], message: /*i18n*/ 'Choose the customer for a sale on account, deposit or points' });
  }
  const codes = input.payments.flatMap((payment) => (payment.tender === 'mpesa' ? [payment.reference] : []));
  if (new Set(codes).size !== codes.length) {
    context.addIssue({ code: 'custom', path: ['payments'], message: /*i18n*/ 'The same M-Pesa code is entered twice' });
  }
}

/**
 * Complete a sale. `id` is made by the register before the first attempt and sent with every
 * retry (exactly once); `expectedTotalMinor` is the total the cashier showed the customer: if the
 * server prices the cart differently the sale is refused (409 price_changed) rather than charged
 * differently from what was shown.
 */
export const checkoutInputSchema = z.object(checkoutShape).superRefine((input, context) => {
  const paid = input.payments.reduce((sum, payment) => sum + payment.amountMinor, 0);
  if (paid !== input.expectedTotalMinor) {
    context.addIssue({ code: 'custom', path: ['payments'], message: /*i18n*/ 'The payments do not add up to the total' });
  }
  refineCheckout(input, context);
});
export type CheckoutInput = z.output<typeof checkoutInputSchema>;

export const taxBandsSchema = z.record(z.string(), z.object({ grossMinor: z.int(), taxMinor: z.int(), rateBp: z.int() }));

export const quotedLineSchema = z.object({
  variantId: z.uuid(),
  productName: z.string(),
  variantName: z.string(),
  sku: z.string(),
  unitId: z.uuid().nullable(),
  unitName: z.string().nullable(),
  quantityMilli: z.int(),
  stockQuantityMilli: z.int(),
  listPriceMinor: z.int(),
  unitPriceMinor: z.int(),
  priceOverridden: z.boolean(),
  lineDiscountMinor: z.int(),
  cartDiscountShareMinor: z.int(),
  totalMinor: z.int(),
  taxClass: z.enum(TAX_CLASSES),
  taxBand: z.string(),
  taxRateBp: z.int(),
  taxMinor: z.int(),
  /** On hand at the register's location (stock units), null when the product is not tracked. */
  onHandMilli: z.int().nullable(),
  /** What needs a manager: a price below the catalog's, a discount over the shop's limit. */
  needsApproval: z.array(z.enum(['price_override', 'discount'])),
});

/** A priced cart's totals, as a quote and a sale both carry them. */
const cartTotalsShape = {
  subtotalMinor: z.int(),
  discountMinor: z.int(),
  cartDiscountMinor: z.int(),
  tipMinor: z.int(),
  totalMinor: z.int(),
  taxMinor: z.int(),
  taxBands: taxBandsSchema,
};

export const saleQuoteSchema = z.object({
  lines: z.array(quotedLineSchema),
  ...cartTotalsShape,
  cartNeedsApproval: z.boolean(),
  customer: z
    .object({
      id: z.uuid(),
      name: z.string(),
      balanceMinor: z.int(),
      depositMinor: z.int(),
      creditLimitMinor: z.int(),
      loyaltyPoints: z.int(),
      groupName: z.string().nullable(),
    })
    .nullable(),
});
export type SaleQuote = z.infer<typeof saleQuoteSchema>;

export const salePaymentSchema = z.object({
  /** A sale's tenders, and 'exchange': the credit of an exchange's return paying the new sale first. */
  tender: z.enum(REFUND_TENDERS),
  amountMinor: z.int(),
  tenderedMinor: z.int().nullable(),
  reference: z.string().nullable(),
  loyaltyPoints: z.int().nullable(),
});

export const saleLineSchema = quotedLineSchema
  .omit({ onHandMilli: true, needsApproval: true, taxClass: true })
  .extend({ id: z.uuid(), lineNo: z.int(), taxClass: z.string(), returnedQuantityMilli: z.int() });

export const saleSchema = z.object({
  id: z.uuid(),
  receiptCode: z.string(),
  receiptNumber: z.int(),
  status: z.enum(SALE_STATUSES),
  isLate: z.boolean(),
  registerId: z.uuid(),
  registerName: z.string(),
  shiftId: z.uuid(),
  locationId: z.uuid(),
  locationName: z.string(),
  cashierId: z.uuid().nullable(),
  cashierName: z.string().nullable(),
  customer: z.object({ id: z.uuid(), name: z.string(), phone: z.string().nullable(), kraPin: z.string().nullable() }).nullable(),
  lines: z.array(saleLineSchema),
  payments: z.array(salePaymentSchema),
  ...cartTotalsShape,
  paidMinor: z.int(),
  changeMinor: z.int(),
  loyaltyPointsEarned: z.int(),
  /** After this sale, for credit sales: the customer's balance owed. */
  customerBalanceMinor: z.int().nullable(),
  creditLimitWarning: z.boolean(),
  note: z.string().nullable(),
  ringUpAt: z.string(),
  createdAt: z.string(),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  returns: z.array(z.object({ id: z.uuid(), returnCode: z.string(), totalMinor: z.int(), createdAt: z.string() })),
  /** The KRA eTIMS block the receipt prints (issue 19); absent when the shop does not send sales to KRA. */
  etims: etimsReceiptBlockSchema.nullable().optional(),
});
export type Sale = z.infer<typeof saleSchema>;

/** The checkout's answer: the sale, and whether this was a replay of an earlier attempt. */
export const checkoutResultSchema = z.object({ sale: saleSchema, replayed: z.boolean() });

export const SALE_SORTS = ['created', 'total', 'receipt'] as const;
export const saleListQuerySchema = z.object({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  locationId: z.uuid().optional(),
  registerId: z.uuid().optional(),
  shiftId: z.uuid().optional(),
  cashierId: z.uuid().optional(),
  customerId: z.uuid().optional(),
  tender: z.enum(TENDERS).optional(),
  status: z.enum(SALE_STATUSES).optional(),
  q: safeLine().trim().max(100).optional(),
  sort: z.enum(SALE_SORTS).default('created'),
  direction: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type SaleListQuery = z.infer<typeof saleListQuerySchema>;

export const saleListItemSchema = z.object({
  id: z.uuid(),
  receiptCode: z.string(),
  status: z.enum(SALE_STATUSES),
  isLate: z.boolean(),
  createdAt: z.string(),
  registerName: z.string(),
  locationName: z.string(),
  /** Ids for narrowing the list to this cashier or customer. */
  cashierId: z.uuid().nullable(),
  cashierName: z.string().nullable(),
  customerId: z.uuid().nullable(),
  customerName: z.string().nullable(),
  totalMinor: z.int(),
  tenders: z.array(z.enum(TENDERS)),
  lineCount: z.int(),
});
export const saleListSchema = z.object({ items: z.array(saleListItemSchema), total: z.int(), page: z.int(), pageSize: z.int() });

export const voidSaleInputSchema = z.object({ reason: requiredReason, approvalId: z.uuid().nullable().default(null) });

export const emailReceiptInputSchema = z.object({
  email: safeLine().trim().toLowerCase().pipe(z.email({ message: /*i18n*/ 'Enter an e-mail address' })),
});

// ─── Returns ──────────────────────────────────────────────────────────────────────────────────

export const returnLineInputSchema = z.object({
  /** The line of the original sale (with a receipt). */
  saleLineId: z.uuid().nullable().default(null),
  /** Without a receipt: the product, and what it is credited at. */
  variantId: z.uuid().nullable().default(null),
  amountMinor: moneySchema.nullable().default(null),
  /** In the unit it was sold in. */
  quantityMilli: quantityMilliSchema,
  disposition: z.enum(RETURN_DISPOSITIONS).default('restock'),
});

export const refundInputSchema = z.discriminatedUnion('tender', [
  z.object({ tender: z.literal('cash'), amountMinor: positiveMoneySchema }),
  z.object({ tender: z.literal('mpesa'), amountMinor: positiveMoneySchema, reference: mpesaCodeSchema }),
  z.object({ tender: z.literal('card'), amountMinor: positiveMoneySchema, reference: referenceSchema }),
  z.object({ tender: z.literal('bank_transfer'), amountMinor: positiveMoneySchema, reference: referenceSchema }),
  z.object({ tender: z.literal('account'), amountMinor: positiveMoneySchema }),
  z.object({ tender: z.literal('deposit'), amountMinor: positiveMoneySchema }),
  z.object({ tender: z.literal('gift_card'), amountMinor: positiveMoneySchema }),
  z.object({ tender: z.literal('loyalty'), amountMinor: positiveMoneySchema }),
]);

/**
 * A return. With a receipt (saleId): lines of that sale, refunded to its tenders by default
 * (refunds null). Without one: a manager's approval, a customer, and store credit (deposit) only.
 */
export const returnInputSchema = z
  .object({
    id: z.uuid(),
    registerId: z.uuid(),
    shiftId: z.uuid({ message: /*i18n*/ 'Open a shift first' }),
    saleId: z.uuid().nullable().default(null),
    customerId: z.uuid().nullable().default(null),
    lines: z.array(returnLineInputSchema).min(1, { message: /*i18n*/ 'Choose at least one item to return' }).max(MAX_SALE_LINES),
    reason: z.enum(RETURN_REASONS, { message: /*i18n*/ 'Choose a reason' }),
    note: optionalNote,
    refunds: z.array(refundInputSchema).min(1).max(10).nullable().default(null),
    approvalId: z.uuid().nullable().default(null),
  })
  .superRefine((input, context) => {
    input.lines.forEach((line, index) => {
      if (input.saleId !== null && line.saleLineId === null) {
        context.addIssue({ code: 'custom', path: ['lines', index, 'saleLineId'], message: /*i18n*/ 'Choose a line of the sale' });
      }
      if (input.saleId === null && (line.variantId === null || line.amountMinor === null)) {
        context.addIssue({ code: 'custom', path: ['lines', index, 'variantId'], message: /*i18n*/ 'Choose the product and what it is credited at' });
      }
    });
    if (input.saleId === null && input.customerId === null) {
      context.addIssue({ code: 'custom', path: ['customerId'], message: /*i18n*/ 'A return without a receipt is store credit: choose the customer' });
    }
  });
export type ReturnInput = z.output<typeof returnInputSchema>;

export const saleReturnSchema = z.object({
  id: z.uuid(),
  returnCode: z.string(),
  saleId: z.uuid().nullable(),
  receiptCode: z.string().nullable(),
  registerName: z.string(),
  cashierName: z.string().nullable(),
  customer: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  reason: z.enum(RETURN_REASONS),
  note: z.string().nullable(),
  lines: z.array(
    z.object({
      lineNo: z.int(),
      saleLineId: z.uuid().nullable(),
      variantId: z.uuid(),
      productName: z.string(),
      variantName: z.string(),
      quantityMilli: z.int(),
      amountMinor: z.int(),
      taxMinor: z.int(),
      taxBand: z.string(),
      disposition: z.enum(RETURN_DISPOSITIONS),
    }),
  ),
  refunds: z.array(z.object({ tender: z.enum(REFUND_TENDERS), amountMinor: z.int(), reference: z.string().nullable() })),
  totalMinor: z.int(),
  taxMinor: z.int(),
  loyaltyPointsReversed: z.int(),
  exchangeSaleId: z.uuid().nullable(),
  createdAt: z.string(),
});
export type SaleReturn = z.infer<typeof saleReturnSchema>;
export const returnResultSchema = z.object({ saleReturn: saleReturnSchema, replayed: z.boolean() });

/**
 * The new sale of an exchange: a checkout whose payments cover what the exchange credit (the
 * return's total, up to the sale's) leaves to pay, so they may add up to less than the total or
 * be none at all; the server checks them once it knows the return's total.
 */
export const exchangeSaleInputSchema = z
  .object({ ...checkoutShape, payments: z.array(salePaymentInputSchema).max(10, { message: /*i18n*/ 'At most 10 payments on one sale' }) })
  .superRefine((input, context) => {
    const paid = input.payments.reduce((sum, payment) => sum + payment.amountMinor, 0);
    if (paid > input.expectedTotalMinor) {
      context.addIssue({ code: 'custom', path: ['payments'], message: /*i18n*/ 'The payments add up to more than the total' });
    }
    refineCheckout(input, context);
  });

/** An exchange: the return and the new sale in one transaction; the return's refund pays the sale first. */
export const exchangeInputSchema = z.object({
  saleReturn: returnInputSchema,
  sale: exchangeSaleInputSchema,
});
export type ExchangeInput = z.output<typeof exchangeInputSchema>;
export const exchangeResultSchema = z.object({ saleReturn: saleReturnSchema, sale: saleSchema, replayed: z.boolean() });

// ─── Parked carts ─────────────────────────────────────────────────────────────────────────────

/** A cart as held: what the register needs to resume it. */
export const parkedCartContentSchema = z.object({ ...cartShape, lines: z.array(saleLineInputSchema).max(MAX_SALE_LINES) });

export const parkCartInputSchema = z.object({
  registerId: z.uuid(),
  name: safeLine().trim().min(1, { message: /*i18n*/ 'Name the cart, e.g. the customer’s name' }).max(60, { message: /*i18n*/ 'At most 60 characters' }),
  note: optionalNote,
  cart: parkedCartContentSchema,
});

export const parkedCartSchema = z.object({
  id: z.uuid(),
  locationId: z.uuid(),
  registerId: z.uuid().nullable(),
  registerName: z.string().nullable(),
  name: z.string(),
  note: z.string().nullable(),
  customerName: z.string().nullable(),
  lineCount: z.int(),
  totalMinor: z.int(),
  parkedByName: z.string().nullable(),
  createdAt: z.string(),
  cart: parkedCartContentSchema,
});
export const parkedCartListSchema = z.object({ items: z.array(parkedCartSchema) });
export const parkedCartListQuerySchema = z.object({ registerId: z.uuid() });
