import { z } from 'zod';
import { safeLine } from '../api/text.schemas';
import { PAYMENT_STATUS_FILTERS } from './revenue.rules';

// Revenue (issue 21, docs/platform.md "Revenue"): /api/platform/revenue*. Money in minor units.

export const REVENUE_PERIOD_MAX_DAYS = 366;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: /*i18n*/ 'Enter a date' }).refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), {
  message: /*i18n*/ 'Enter a date',
});

/** A period of days in Africa/Nairobi, both ends included; the last 30 days when absent. */
export const revenuePeriodSchema = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((period) => !period.from || !period.to || period.from <= period.to, { message: /*i18n*/ 'The end comes before the start', path: ['to'] })
  .refine(
    (period) => !period.from || !period.to || (Date.parse(period.to) - Date.parse(period.from)) / 86_400_000 < REVENUE_PERIOD_MAX_DAYS,
    { message: /*i18n*/ 'Choose a period of at most a year', path: ['to'] },
  );
export type RevenuePeriodQuery = z.infer<typeof revenuePeriodSchema>;

export const PAYMENT_SORTS = ['createdAt', 'amount', 'tenant', 'status'] as const;

export const paymentListQuerySchema = z.object({
  from: day.optional(),
  to: day.optional(),
  /** A shop's name or subdomain, or a payment reference, in part. */
  search: safeLine().trim().max(120).optional(),
  status: z.enum(PAYMENT_STATUS_FILTERS).optional(),
  sort: z.enum(PAYMENT_SORTS).default('createdAt'),
  direction: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type PaymentListQuery = z.input<typeof paymentListQuerySchema>;

const moneyLine = z.object({ currency: z.string(), amountMinor: z.number().int() });

export const revenueSummarySchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  /** Per currency: MRR (rounded once, half up), ARR (exact), paying shops. */
  recurring: z.array(z.object({ currency: z.string(), mrrMinor: z.number().int(), arrMinor: z.number().int(), subscriptions: z.number().int() })),
  recurringByPlan: z.array(
    z.object({ planId: z.uuid(), name: z.string(), period: z.enum(['monthly', 'yearly']), currency: z.string(), priceMinor: z.number().int(), subscriptions: z.number().int(), mrrMinor: z.number().int() }),
  ),
  totals: z.object({
    completedCount: z.number().int(),
    completed: z.array(moneyLine),
    failedCount: z.number().int(),
    failed: z.array(moneyLine),
    pendingCount: z.number().int(),
    refundedCount: z.number().int(),
    refunded: z.array(moneyLine),
  }),
  /** Every day of the period (empty days too), payments by the day they were made (Africa/Nairobi). */
  byDay: z.array(z.object({ day: z.string(), completedCount: z.number().int(), completedMinor: z.number().int(), failedCount: z.number().int(), failedMinor: z.number().int() })),
  byPlan: z.array(
    z.object({
      planId: z.uuid(),
      name: z.string(),
      period: z.enum(['monthly', 'yearly']),
      completedCount: z.number().int(),
      completedMinor: z.number().int(),
      failedCount: z.number().int(),
      refundedCount: z.number().int(),
    }),
  ),
});
export type RevenueSummary = z.infer<typeof revenueSummarySchema>;

export const platformPaymentSchema = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  tenantName: z.string(),
  subdomain: z.string(),
  planName: z.string(),
  planPeriod: z.enum(['monthly', 'yearly']),
  amountMinor: z.number().int(),
  currency: z.string(),
  status: z.string(),
  provider: z.string(),
  reference: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  failedAt: z.string().nullable(),
});
export type PlatformPayment = z.infer<typeof platformPaymentSchema>;
export const platformPaymentPageSchema = z.object({ items: z.array(platformPaymentSchema), total: z.number().int() });

const reconciliationLineSchema = z.object({
  reference: z.string(),
  ours: z.object({ amountMinor: z.number().int(), status: z.string(), tenantName: z.string().nullable(), createdAt: z.string() }).nullable(),
  theirs: z.object({ amountMinor: z.number().int(), status: z.string(), createdAt: z.string().nullable() }).nullable(),
});

export const reconciliationSchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  /** False when this server has no Paystack key: nothing to compare with (the lists are empty). */
  isConfigured: z.boolean(),
  paystackCount: z.number().int(),
  dukaniCount: z.number().int(),
  matched: z.array(reconciliationLineSchema),
  onlyInPaystack: z.array(reconciliationLineSchema),
  onlyInDukani: z.array(reconciliationLineSchema),
  amountMismatches: z.array(reconciliationLineSchema),
});
export type ReconciliationView = z.infer<typeof reconciliationSchema>;
