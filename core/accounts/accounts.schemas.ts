import { z } from 'zod';
import { safeLine, safeText } from '../api/text.schemas';

// Credit accounts' API contract (issue 14): what a customer owes the shop (receivable) and what
// the shop owes a supplier (payable), kept apart, as an append-only ledger with open items.
// Money is integer minor units; amounts the user types are positive, the ledger signs them.

export const ACCOUNT_SIDES = ['receivable', 'payable'] as const;
export type AccountSide = (typeof ACCOUNT_SIDES)[number];

export const ACCOUNT_ENTRY_KINDS = ['opening', 'charge', 'payment', 'credit_note', 'adjustment', 'write_off', 'refund'] as const;
export type AccountEntryKind = (typeof ACCOUNT_ENTRY_KINDS)[number];

export const ACCOUNT_ENTRY_KIND_LABELS: Record<AccountEntryKind, string> = {
  opening: /*i18n*/ 'Opening balance',
  charge: /*i18n*/ 'Charge',
  payment: /*i18n*/ 'Payment',
  credit_note: /*i18n*/ 'Credit note',
  adjustment: /*i18n*/ 'Adjustment',
  write_off: /*i18n*/ 'Write-off',
  refund: /*i18n*/ 'Refund',
};

export const PAYMENT_METHODS = ['cash', 'mpesa', 'card', 'bank_transfer', 'cheque'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: /*i18n*/ 'Cash',
  mpesa: /*i18n*/ 'M-Pesa',
  card: /*i18n*/ 'Card',
  bank_transfer: /*i18n*/ 'Bank transfer',
  cheque: /*i18n*/ 'Cheque',
};

export const CREDIT_LIMIT_POLICIES = ['block', 'warn'] as const;
export type CreditLimitPolicy = (typeof CREDIT_LIMIT_POLICIES)[number];

/** KSh 100 million: more than any one shop payment; beyond it is a typing mistake. */
export const MAX_ACCOUNT_AMOUNT_MINOR = 10_000_000_000;

/** An M-Pesa transaction code: exactly 10 upper-case letters and digits (e.g. SGH7K2LQ9P). */
export const MPESA_CODE_PATTERN = /^[A-Z0-9]{10}$/;

/** The code as people type it, upper-cased and without spaces; null when it cannot be one. */
export function normalizeMpesaCode(text: string): string | null {
  const code = text.replace(/\s+/g, '').toUpperCase();
  return MPESA_CODE_PATTERN.test(code) ? code : null;
}

/** "PAY-000042". */
export const formatPaymentNumber = (sequence: number) => `PAY-${String(sequence).padStart(6, '0')}`;

const positiveAmount = z
  .int({ message: /*i18n*/ 'Enter a whole number of cents' })
  .min(1, { message: /*i18n*/ 'Enter an amount above zero' })
  .max(MAX_ACCOUNT_AMOUNT_MINOR, { message: /*i18n*/ 'The amount is too large' });

const signedAmount = z
  .int({ message: /*i18n*/ 'Enter a whole number of cents' })
  .min(-MAX_ACCOUNT_AMOUNT_MINOR, { message: /*i18n*/ 'The amount is too large' })
  .max(MAX_ACCOUNT_AMOUNT_MINOR, { message: /*i18n*/ 'The amount is too large' })
  .refine((value) => value !== 0, { message: /*i18n*/ 'Enter an amount other than zero' });

const optionalNote = safeText()
  .max(500, { message: /*i18n*/ 'At most 500 characters' })
  .transform((value) => value.trim() || null)
  .nullable()
  .default(null);

const requiredReason = safeLine()
  .trim()
  .min(3, { message: /*i18n*/ 'Say why (at least 3 characters)' })
  .max(200, { message: /*i18n*/ 'At most 200 characters' });

const referenceSchema = safeLine()
  .max(60, { message: /*i18n*/ 'At most 60 characters' })
  .transform((value) => value.trim() || null)
  .nullable()
  .default(null);

/** Pay named charges: an open charge of the contact and how much of it. */
export const allocationInputSchema = z.object({
  entryId: z.uuid({ message: /*i18n*/ 'Choose a charge' }),
  amountMinor: positiveAmount,
});

const allocationsSchema = z
  .array(allocationInputSchema)
  .min(1, { message: /*i18n*/ 'Pick at least one charge, or pay the oldest first' })
  .max(200, { message: /*i18n*/ 'At most 200 charges at once' })
  .refine((items) => new Set(items.map((item) => item.entryId)).size === items.length, { message: /*i18n*/ 'A charge is picked twice' })
  .nullable()
  .default(null);

/** Payment received from a customer (receivable) or made to a supplier (payable). */
export const paymentInputSchema = z
  .object({
    side: z.enum(ACCOUNT_SIDES).default('receivable'),
    amountMinor: positiveAmount,
    method: z.enum(PAYMENT_METHODS, { message: /*i18n*/ 'Choose how it was paid' }),
    /** M-Pesa code (required for M-Pesa), cheque number or bank reference. */
    reference: referenceSchema,
    /** null: the oldest charges first; otherwise these charges, these amounts (the rest stays as a deposit). */
    allocations: allocationsSchema,
    note: optionalNote,
  })
  .transform((input, context) => {
    if (input.method !== 'mpesa' || input.reference === null) return input;
    const code = normalizeMpesaCode(input.reference);
    if (code === null) {
      context.addIssue({ code: 'custom', path: ['reference'], message: /*i18n*/ 'An M-Pesa code is 10 letters and digits, like SGH7K2LQ9P' });
      return z.NEVER;
    }
    return { ...input, reference: code };
  })
  .superRefine((input, context) => {
    if (input.method === 'mpesa' && input.reference === null) {
      context.addIssue({ code: 'custom', path: ['reference'], message: /*i18n*/ 'Enter the M-Pesa transaction code' });
    }
    const allocated = (input.allocations ?? []).reduce((sum, item) => sum + item.amountMinor, 0);
    if (allocated > input.amountMinor) {
      context.addIssue({ code: 'custom', path: ['allocations'], message: /*i18n*/ 'The amounts picked add up to more than the payment' });
    }
  });
export type PaymentInput = z.output<typeof paymentInputSchema>;

/** A credit note: lowers what is owed (a return, a discount given afterwards). */
export const creditNoteInputSchema = z.object({
  side: z.enum(ACCOUNT_SIDES).default('receivable'),
  amountMinor: positiveAmount,
  reason: requiredReason,
  note: optionalNote,
  allocations: allocationsSchema,
});

/** A correction with a reason: positive raises what is owed, negative lowers it (manager). */
export const adjustmentInputSchema = z.object({
  side: z.enum(ACCOUNT_SIDES).default('receivable'),
  amountMinor: signedAmount,
  reason: requiredReason,
  note: optionalNote,
  /** A raising adjustment: settle it from the contact's deposits at once. */
  applyCredit: z.boolean().default(false),
});

/** Writes off debt that will not be paid (admin); at most what is still open. */
export const writeOffInputSchema = z.object({
  side: z.enum(ACCOUNT_SIDES).default('receivable'),
  amountMinor: positiveAmount,
  reason: requiredReason,
  note: optionalNote,
  allocations: allocationsSchema,
});

export const creditSettingsSchema = z.object({ creditLimitPolicy: z.enum(CREDIT_LIMIT_POLICIES) });
export type CreditSettings = z.infer<typeof creditSettingsSchema>;
export const creditSettingsInputSchema = z.object({
  creditLimitPolicy: z.enum(CREDIT_LIMIT_POLICIES, { message: /*i18n*/ 'Choose block or warn' }),
});

// Answers
const isoDateTime = z.iso.datetime();
const isoDay = z.iso.date();

export const accountEntrySchema = z.object({
  id: z.uuid(),
  side: z.enum(ACCOUNT_SIDES),
  kind: z.enum(ACCOUNT_ENTRY_KINDS),
  /** Signed: positive raises what is owed on its side. */
  amountMinor: z.int(),
  dueDate: isoDay.nullable(),
  method: z.string().nullable(),
  reference: z.string().nullable(),
  number: z.string().nullable(),
  sourceType: z.string().nullable(),
  sourceId: z.uuid().nullable(),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  userName: z.string().nullable(),
  occurredAt: isoDateTime,
});
export type AccountEntry = z.infer<typeof accountEntrySchema>;

export const accountEntryListSchema = z.object({ items: z.array(accountEntrySchema), total: z.int(), page: z.int(), pageSize: z.int() });

export const accountEntryListQuerySchema = z.object({
  side: z.enum(ACCOUNT_SIDES).default('receivable'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const sideQuerySchema = z.object({ side: z.enum(ACCOUNT_SIDES).default('receivable') });

export const openItemSchema = z.object({
  entryId: z.uuid(),
  kind: z.enum(ACCOUNT_ENTRY_KINDS),
  number: z.string().nullable(),
  reference: z.string().nullable(),
  /** 'debit': still owed; 'credit': not yet applied (a deposit). */
  direction: z.enum(['debit', 'credit']),
  amountMinor: z.int(),
  openMinor: z.int(),
  dueDate: isoDay.nullable(),
  daysOverdue: z.int(),
  occurredAt: isoDateTime,
});
export type OpenItem = z.infer<typeof openItemSchema>;

/** core/accounts/aging.rules.ts AgingBuckets. */
export const agingBucketsSchema = z.object({
  currentMinor: z.int(),
  days1to30Minor: z.int(),
  days31to60Minor: z.int(),
  days61to90Minor: z.int(),
  over90Minor: z.int(),
  totalMinor: z.int(),
});

export const contactAccountSchema = z.object({
  contactId: z.uuid(),
  contactName: z.string(),
  contactType: z.enum(['customer', 'supplier', 'both']),
  side: z.enum(ACCOUNT_SIDES),
  creditLimitMinor: z.int(),
  paymentTermsDays: z.int(),
  balanceMinor: z.int(),
  overdueMinor: z.int(),
  /** Unapplied credits (a customer's deposit / an advance to a supplier). */
  depositMinor: z.int(),
  aging: agingBucketsSchema,
  openItems: z.array(openItemSchema),
  /** The other side's balance, for a contact that is both. */
  otherSideBalanceMinor: z.int(),
});
export type ContactAccount = z.infer<typeof contactAccountSchema>;

export const allocationSchema = z.object({
  entryId: z.uuid(),
  kind: z.enum(ACCOUNT_ENTRY_KINDS),
  number: z.string().nullable(),
  dueDate: isoDay.nullable(),
  occurredAt: isoDateTime,
  amountMinor: z.int(),
  /** What is still open on that charge now. */
  openMinor: z.int(),
});

/** What a payment, credit note, adjustment or write-off did. */
export const postedEntrySchema = z.object({
  entry: accountEntrySchema,
  allocations: z.array(allocationSchema),
  /** Left over as a deposit (credit in the contact's favour). */
  unallocatedMinor: z.int(),
  balanceAfterMinor: z.int(),
  creditLimitWarning: z.boolean(),
});
export type PostedEntry = z.infer<typeof postedEntrySchema>;

export const paymentReceiptSchema = z.object({
  shop: z.object({
    name: z.string(),
    receiptHeader: z.string().nullable(),
    receiptFooter: z.string().nullable(),
    kraPin: z.string().nullable(),
    currencySymbol: z.string(),
    currencyDecimals: z.int(),
    timeZone: z.string(),
  }),
  contact: z.object({ id: z.uuid(), name: z.string(), phone: z.string().nullable() }),
  entry: accountEntrySchema,
  allocations: z.array(allocationSchema),
  unallocatedMinor: z.int(),
  balanceAfterMinor: z.int(),
});
export type PaymentReceipt = z.infer<typeof paymentReceiptSchema>;

export const BALANCE_LIST_SORTS = ['balance', 'overdue', 'name', 'oldest'] as const;
export const balanceListQuerySchema = z.object({
  search: safeLine().trim().max(100, { message: /*i18n*/ 'At most 100 characters' }).optional(),
  sort: z.enum(BALANCE_LIST_SORTS).default('balance'),
  order: z.enum(['asc', 'desc']).default('desc'),
  overdueOnly: z.enum(['true', 'false']).transform((value) => value === 'true').default(false),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

export const balanceListItemSchema = z.object({
  contactId: z.uuid(),
  name: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  creditLimitMinor: z.int(),
  balanceMinor: z.int(),
  overdueMinor: z.int(),
  aging: agingBucketsSchema,
  oldestDueDate: isoDay.nullable(),
});
export type BalanceListItem = z.infer<typeof balanceListItemSchema>;

export const balanceListSchema = z.object({
  items: z.array(balanceListItemSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
  /** Over every contact that matches (not just this page). */
  totals: z.object({ balanceMinor: z.int(), overdueMinor: z.int(), aging: agingBucketsSchema, contacts: z.int() }),
  /** The shop's today, the day the aging is at. */
  asOf: isoDay,
});
export type BalanceList = z.infer<typeof balanceListSchema>;
