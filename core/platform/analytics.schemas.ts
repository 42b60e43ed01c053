import { z } from 'zod';
import { FEATURE_KEYS } from '../billing/plan-features.rules';
import { PLATFORM_TENANT_STATUSES } from './tenant-status.rules';

// Analytics (issue 21, docs/platform.md "Analytics"): /api/platform/analytics*. Money in minor units.

export const ANALYTICS_PERIOD_MAX_DAYS = 366;
export const ANALYTICS_DEFAULT_DAYS = 30;
export const IDLE_DAYS_DEFAULT = 14;
export const TRIAL_ENDING_WITHIN_DAYS = 7;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: /*i18n*/ 'Enter a date' })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
    message: /*i18n*/ 'Enter a date',
  });

/** A period of days (both ends included), at most a year; the last 30 days when absent. */
export const analyticsPeriodSchema = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((period) => !period.from || !period.to || period.from <= period.to, { message: /*i18n*/ 'The end comes before the start', path: ['to'] })
  .refine(
    (period) => !period.from || !period.to || (Date.parse(period.to) - Date.parse(period.from)) / 86_400_000 < ANALYTICS_PERIOD_MAX_DAYS,
    { message: /*i18n*/ 'Choose a period of at most a year', path: ['to'] },
  );
export type AnalyticsPeriodQuery = z.infer<typeof analyticsPeriodSchema>;

const page = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
};

/** Trial and active shops with no sale in the last `days` days (sign-up day counts as the start). */
export const idleShopsQuerySchema = z.object({
  days: z.coerce.number().int({ message: /*i18n*/ 'Enter a whole number of days' }).min(1, { message: /*i18n*/ 'At least 1 day' }).max(365, { message: /*i18n*/ 'At most 365 days' }).default(IDLE_DAYS_DEFAULT),
  ...page,
});
export type IdleShopsQuery = z.input<typeof idleShopsQuerySchema>;

export const endingTrialsQuerySchema = z.object(page);
export type EndingTrialsQuery = z.input<typeof endingTrialsQuerySchema>;

/** Areas whose use shows in a shop's own rows but that no plan key gates (spec §9 has no key for them). */
export const USAGE_SIGNAL_KEYS = ['etims', 'mpesa', 'purchases', 'expenses', 'communications'] as const;
export type UsageSignalKey = (typeof USAGE_SIGNAL_KEYS)[number];

const statusCounts = z.object(Object.fromEntries(PLATFORM_TENANT_STATUSES.map((status) => [status, z.number().int()])) as Record<(typeof PLATFORM_TENANT_STATUSES)[number], z.ZodNumber>);

export const analyticsSummarySchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  today: z.string(),
  /** Shops with at least one sale (not voided) today, and on any day of the period. */
  activeShopsToday: z.number().int(),
  activeShopsInPeriod: z.number().int(),
  transactions: z.number().int(),
  /** Σ sale totals less tips of the period's sales (not voided), per the shops' currency. */
  sales: z.array(z.object({ currency: z.string(), amountMinor: z.number().int(), transactions: z.number().int() })),
  /** The currency most of the period's sales were made in (KES when none): byDay's salesMinor counts its shops only. */
  chartCurrency: z.string(),
  /** Every day of the period (empty days too). */
  byDay: z.array(z.object({ day: z.string(), activeShops: z.number().int(), transactions: z.number().int(), salesMinor: z.number().int() })),
  /** Every spec §9 feature: shops whose plan (or running trial) grants it now; shops that used it in the period, null when not measured. */
  features: z.array(z.object({ key: z.enum(FEATURE_KEYS), entitledShops: z.number().int(), usedShops: z.number().int().nullable() })),
  /** Areas with no plan key, used in the period. */
  usage: z.array(z.object({ key: z.enum(USAGE_SIGNAL_KEYS), usedShops: z.number().int() })),
  /** Sign-ups by month (Africa/Nairobi), the last 12 months oldest first, and where each cohort is now. */
  cohorts: z.array(z.object({ month: z.string(), signups: z.number().int(), byStatus: statusCounts })),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;

export const idleShopSchema = z.object({
  tenantId: z.uuid(),
  name: z.string(),
  subdomain: z.string(),
  status: z.enum(PLATFORM_TENANT_STATUSES),
  /** The shop's last day with a sale, null when it never sold. */
  lastSaleDay: z.string().nullable(),
  createdAt: z.string(),
  /** Whole days since the last sale (or since sign-up when it never sold). */
  idleDays: z.number().int(),
});
export type IdleShop = z.infer<typeof idleShopSchema>;
export const idleShopPageSchema = z.object({ items: z.array(idleShopSchema), total: z.number().int() });

export const endingTrialSchema = z.object({
  tenantId: z.uuid(),
  name: z.string(),
  subdomain: z.string(),
  trialEnd: z.string(),
  ownerEmail: z.string().nullable(),
});
export type EndingTrial = z.infer<typeof endingTrialSchema>;
export const endingTrialPageSchema = z.object({ items: z.array(endingTrialSchema), total: z.number().int() });
