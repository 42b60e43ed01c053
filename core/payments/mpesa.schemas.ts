import { z } from 'zod';
import { safeLine, safeText } from '../api/text.schemas';
import { mpesaCodeSchema } from '../sales/sales.schemas';
import { normalizeMpesaPhone, STK_STATUSES } from './mpesa.rules';

// The M-Pesa API contract (issue 19, docs/decisions/0022-mpesa-daraja.md). Money is integer minor
// units; M-Pesa itself moves whole shillings.

export const MPESA_SHORTCODE_TYPES = ['till', 'paybill'] as const;
export const MPESA_ENVIRONMENTS = ['sandbox', 'production'] as const;
export const MPESA_PAYMENT_STATUSES = ['unallocated', 'allocated', 'disputed'] as const;
export const MPESA_PAYMENT_SOURCES = ['stk', 'c2b', 'status_query'] as const;
/** M-Pesa's largest single payment: KES 250,000. */
export const MPESA_MAX_MINOR = 25_000_000;

export const mpesaPhoneSchema = safeLine()
  .max(20, { message: /*i18n*/ 'Enter a Safaricom number like 0712 345 678' })
  .transform((value, context) => {
    const phone = normalizeMpesaPhone(value);
    if (!phone) {
      context.addIssue({ code: 'custom', message: /*i18n*/ 'Enter a Safaricom number like 0712 345 678' });
      return z.NEVER;
    }
    return phone;
  });

const wholeShillings = z
  .int({ message: /*i18n*/ 'Enter a whole amount in cents (minor units)' })
  .min(100, { message: /*i18n*/ 'M-Pesa takes at least KES 1' })
  .max(MPESA_MAX_MINOR, { message: /*i18n*/ 'M-Pesa takes at most KES 250,000 at once' })
  .refine((value) => value % 100 === 0, { message: /*i18n*/ 'M-Pesa takes whole shillings' });

const shortcodeSchema = safeLine()
  .trim()
  .regex(/^\d{5,7}$/, { message: /*i18n*/ 'A shortcode is 5 to 7 digits' });

/** A secret typed into the settings: absent keeps what is stored. */
const secretInput = safeLine().trim().min(1).max(2000).optional();

export const mpesaSettingsInputSchema = z
  .object({
    locationId: z.uuid().nullable().default(null),
    shortcodeType: z.enum(MPESA_SHORTCODE_TYPES),
    shortcode: shortcodeSchema.nullable(),
    tillNumber: shortcodeSchema.nullable().default(null),
    environment: z.enum(MPESA_ENVIRONMENTS),
    consumerKey: secretInput,
    consumerSecret: secretInput,
    passkey: secretInput,
    initiatorName: safeLine().trim().max(60).nullable().default(null),
    securityCredential: secretInput,
    /** Removes every stored credential: the shop goes back to the simulated phone. */
    clearCredentials: z.boolean().default(false),
  })
  .superRefine((value, context) => {
    if (value.shortcodeType === 'till' && value.shortcode && !value.tillNumber) {
      context.addIssue({ code: 'custom', path: ['tillNumber'], message: /*i18n*/ 'Enter the till number customers pay' });
    }
  });
export type MpesaSettingsInput = z.infer<typeof mpesaSettingsInputSchema>;

const secretHintSchema = z.object({ set: z.boolean(), last4: z.string().nullable() });

export const mpesaCallbackUrlsSchema = z.object({
  stk: z.string(),
  validation: z.string(),
  confirmation: z.string(),
  statusResult: z.string(),
  statusTimeout: z.string(),
});

export const mpesaSettingsSchema = z.object({
  id: z.uuid().nullable(),
  locationId: z.uuid().nullable(),
  /** simulated: no Daraja credentials, the register shows the simulated phone. */
  mode: z.enum(['simulated', 'live']),
  shortcodeType: z.enum(MPESA_SHORTCODE_TYPES),
  shortcode: z.string().nullable(),
  tillNumber: z.string().nullable(),
  environment: z.enum(MPESA_ENVIRONMENTS),
  initiatorName: z.string().nullable(),
  consumerKey: secretHintSchema,
  consumerSecret: secretHintSchema,
  passkey: secretHintSchema,
  securityCredential: secretHintSchema,
  c2bRegisteredAt: z.string().nullable(),
  /** What to give Safaricom; null until the settings are saved once. */
  callbackUrls: mpesaCallbackUrlsSchema.nullable(),
});
export type MpesaSettings = z.infer<typeof mpesaSettingsSchema>;

export const mpesaSettingsQuerySchema = z.object({ locationId: z.uuid().optional() });

export const stkRequestInputSchema = z.object({
  id: z.uuid(),
  registerId: z.uuid(),
  shiftId: z.uuid().nullable().default(null),
  phone: mpesaPhoneSchema,
  amountMinor: wholeShillings,
  /** What the customer's prompt shows (≤ 12 characters are sent); the receipt-to-be by default. */
  accountReference: safeLine().trim().max(40).optional(),
});
export type StkRequestInput = z.infer<typeof stkRequestInputSchema>;

export const stkRequestSchema = z.object({
  id: z.uuid(),
  status: z.enum(STK_STATUSES),
  phone: z.string(),
  amountMinor: z.int(),
  simulated: z.boolean(),
  resultCode: z.int().nullable(),
  /** The cashier's sentence for the state (English; translated where shown). */
  message: z.string(),
  receiptNumber: z.string().nullable(),
  createdAt: z.string(),
  pushedAt: z.string().nullable(),
});
export type StkRequest = z.infer<typeof stkRequestSchema>;

export const mpesaPaymentSchema = z.object({
  id: z.uuid(),
  transId: z.string(),
  source: z.enum(MPESA_PAYMENT_SOURCES),
  simulated: z.boolean(),
  amountMinor: z.int(),
  msisdn: z.string().nullable(),
  payerName: z.string().nullable(),
  transTime: z.string(),
  billRef: z.string().nullable(),
  status: z.enum(MPESA_PAYMENT_STATUSES),
  allocatedType: z.string().nullable(),
  allocatedId: z.uuid().nullable(),
  allocatedAt: z.string().nullable(),
  depositMinor: z.int(),
  disputeNote: z.string().nullable(),
});
export type MpesaPayment = z.infer<typeof mpesaPaymentSchema>;

export const MPESA_PAYMENT_SORTS = ['time', 'amount'] as const;
export const mpesaPaymentListQuerySchema = z.object({
  status: z.enum(MPESA_PAYMENT_STATUSES).optional(),
  amountMinor: z.coerce.number().int().min(1).max(MPESA_MAX_MINOR).optional(),
  /** Only payments received in the last N minutes (the register's inbox). */
  sinceMinutes: z.coerce.number().int().min(1).max(60 * 24 * 31).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  q: safeLine().trim().max(100).optional(),
  sort: z.enum(MPESA_PAYMENT_SORTS).default('time'),
  direction: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type MpesaPaymentListQuery = z.infer<typeof mpesaPaymentListQuerySchema>;
export const mpesaPaymentListSchema = z.object({ items: z.array(mpesaPaymentSchema), total: z.int(), page: z.int(), pageSize: z.int() });

export const mpesaLookupInputSchema = z.object({ code: mpesaCodeSchema });
export const mpesaStatusQuerySchema = z.object({
  id: z.uuid(),
  transId: z.string(),
  status: z.enum(['pending', 'found', 'not_found', 'failed']),
  message: z.string(),
  payment: mpesaPaymentSchema.nullable(),
});
export type MpesaStatusQuery = z.infer<typeof mpesaStatusQuerySchema>;
/** A typed code: found (unallocated, ready to take) or being checked with Safaricom. */
export const mpesaLookupResultSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('found'), payment: mpesaPaymentSchema }),
  z.object({ state: z.literal('checking'), query: mpesaStatusQuerySchema }),
]);
export type MpesaLookupResult = z.infer<typeof mpesaLookupResultSchema>;

export const mpesaDisputeInputSchema = z.object({
  disputed: z.boolean(),
  note: safeText().trim().max(500).nullable().default(null),
});

export const simulatedStkOutcomes = ['approve', 'cancel', 'timeout', 'insufficient', 'wrong_pin'] as const;
export const simulatedStkInputSchema = z.object({ outcome: z.enum(simulatedStkOutcomes) });
export const simulatedTillPaymentInputSchema = z.object({
  amountMinor: wholeShillings,
  phone: mpesaPhoneSchema.optional(),
  billRef: safeLine().trim().max(20).optional(),
});

export const mpesaReconciliationQuerySchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  by: z.enum(['day', 'shift']).default('day'),
});
export const mpesaReconciliationRowSchema = z.object({
  /** The day (YYYY-MM-DD) or the shift's id. */
  key: z.string(),
  label: z.string(),
  receivedCount: z.int(),
  receivedMinor: z.int(),
  /** M-Pesa tenders on the sales (by day: and the M-Pesa payments on accounts). */
  tenderedMinor: z.int(),
  accountMinor: z.int(),
  /** Tenders whose code Safaricom never told us about (typed by hand, unconfirmed). */
  unconfirmedCount: z.int(),
  unconfirmedMinor: z.int(),
  unallocatedMinor: z.int(),
  disputedMinor: z.int(),
});
export const mpesaReconciliationSchema = z.object({ rows: z.array(mpesaReconciliationRowSchema) });
export type MpesaReconciliation = z.infer<typeof mpesaReconciliationSchema>;
