import { z } from 'zod';
import { safeText } from '../api/text.schemas';
import { COMMISSION_BASES } from './commission.rules';

const RATE_MESSAGE = /*i18n*/ 'Enter a rate between 0% and 100%';
const AMOUNT_MESSAGE = /*i18n*/ 'Enter an amount of at least 0';

/** A rate for one person or everyone (null), on one product, one category or everything. */
export const commissionRateInputSchema = z
  .object({
    userId: z.uuid().nullable().default(null),
    categoryId: z.uuid().nullable().default(null),
    productId: z.uuid().nullable().default(null),
    basis: z.enum(COMMISSION_BASES),
    rateBps: z.int().min(0, RATE_MESSAGE).max(10_000, RATE_MESSAGE).nullable().default(null),
    amountMinor: z.int().min(0, AMOUNT_MESSAGE).max(100_000_000, AMOUNT_MESSAGE).nullable().default(null),
  })
  .superRefine((input, context) => {
    if (input.categoryId && input.productId) {
      context.addIssue({ code: 'custom', path: ['productId'], message: /*i18n*/ 'Choose a product or a category, not both' });
    }
    if (input.basis === 'net_sales_bps' && input.rateBps === null) context.addIssue({ code: 'custom', path: ['rateBps'], message: RATE_MESSAGE });
    if (input.basis === 'per_unit' && input.amountMinor === null) context.addIssue({ code: 'custom', path: ['amountMinor'], message: AMOUNT_MESSAGE });
  })
  .transform((input) => ({
    ...input,
    rateBps: input.basis === 'net_sales_bps' ? input.rateBps : null,
    amountMinor: input.basis === 'per_unit' ? input.amountMinor : null,
  }));
export type CommissionRateInput = z.output<typeof commissionRateInputSchema>;

export const commissionRateSchema = z.object({
  id: z.uuid(),
  userId: z.uuid().nullable(),
  userName: z.string().nullable(),
  categoryId: z.uuid().nullable(),
  categoryName: z.string().nullable(),
  productId: z.uuid().nullable(),
  productName: z.string().nullable(),
  basis: z.enum(COMMISSION_BASES),
  rateBps: z.int().nullable(),
  amountMinor: z.int().nullable(),
  updatedAt: z.string(),
});
export type CommissionRateView = z.infer<typeof commissionRateSchema>;
export const commissionRateListSchema = z.object({ items: z.array(commissionRateSchema) });

export const commissionStaffSchema = z.object({ items: z.array(z.object({ userId: z.uuid(), name: z.string(), role: z.string() })) });

/** A period of the shop's days, both included. */
export const commissionPeriodSchema = z
  .object({ from: z.iso.date(), to: z.iso.date() })
  .refine((period) => period.from <= period.to, { message: /*i18n*/ 'The end date is before the start date', path: ['to'] });

export const commissionPayoutSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  periodStart: z.string(),
  periodEnd: z.string(),
  salesNetMinor: z.int(),
  returnsNetMinor: z.int(),
  commissionMinor: z.int(),
  note: z.string().nullable(),
  paidBy: z.uuid(),
  paidByName: z.string().nullable(),
  createdAt: z.string(),
});
export type CommissionPayout = z.infer<typeof commissionPayoutSchema>;

export const commissionReportRowSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  saleCount: z.int(),
  returnCount: z.int(),
  /** Net of VAT, in cents; returns are what came back, clawed back in the period of the return. */
  salesNetMinor: z.int(),
  returnsNetMinor: z.int(),
  commissionMinor: z.int(),
  /** The payout for exactly this period: its figures are the ones shown (the period is locked). */
  payout: commissionPayoutSchema.nullable(),
  /** A payout of this person shares days with the period without being it: no payout for it. */
  overlapsPayout: z.boolean(),
});
export type CommissionReportRow = z.infer<typeof commissionReportRowSchema>;
export const commissionReportSchema = z.object({ from: z.string(), to: z.string(), rows: z.array(commissionReportRowSchema) });
export type CommissionReport = z.infer<typeof commissionReportSchema>;

export const commissionDocumentSchema = z.object({
  kind: z.enum(['sale', 'return']),
  id: z.uuid(),
  code: z.string(),
  createdAt: z.string(),
  netMinor: z.int(),
  /** Negative for a return (clawed back). */
  commissionMinor: z.int(),
});
export const commissionDetailSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  from: z.string(),
  to: z.string(),
  documents: z.array(commissionDocumentSchema),
});
export type CommissionDetail = z.infer<typeof commissionDetailSchema>;

export const commissionPayoutInputSchema = z
  .object({
    /** Made by the browser, so a retried request pays once. */
    id: z.uuid(),
    userId: z.uuid(),
    from: z.iso.date(),
    to: z.iso.date(),
    note: safeText().trim().max(500).nullable().default(null),
  })
  .refine((input) => input.from <= input.to, { message: /*i18n*/ 'The end date is before the start date', path: ['to'] });
export type CommissionPayoutInput = z.output<typeof commissionPayoutInputSchema>;
export const commissionPayoutListSchema = z.object({ items: z.array(commissionPayoutSchema) });
