import { z } from 'zod';
import { safeLine } from '../api/text.schemas';
import { entitlementsSchema } from '../billing/billing.schemas';
import { FEATURE_KEYS, LIMIT_KEYS, UNLIMITED } from '../billing/plan-features.rules';
import { fillMessage } from '../i18n/message.rules';

// Plan Management (issue 21, docs/platform.md "Plan management"): /api/platform/plans. A plan is a
// row of billing_plans (name, price in KES cents, one period, card lines, popularity, badge,
// offered or retired) plus its own features and limits over exactly the keys of spec §9.

export const PLAN_PERIODS = ['monthly', 'yearly'] as const;
export type PlanPeriod = (typeof PLAN_PERIODS)[number];

/** The highest price a plan may have: KES 10,000,000.00 (a slip of the keyboard, not a real price). */
export const PLAN_PRICE_MAX_MINOR = 1_000_000_000;
export const PLAN_NAME_MAX = 60;
export const PLAN_CARD_LINES_MAX = 12;
export const PLAN_CARD_LINE_MAX = 120;
export const PLAN_POPULARITY_MAX = 1000;

const limitValue = z
  .number({ message: fillMessage(/*i18n*/ 'Enter a whole number from 0 to {max}, or choose unlimited', { max: UNLIMITED }) })
  .int({ message: fillMessage(/*i18n*/ 'Enter a whole number from 0 to {max}, or choose unlimited', { max: UNLIMITED }) })
  .min(0, { message: fillMessage(/*i18n*/ 'Enter a whole number from 0 to {max}, or choose unlimited', { max: UNLIMITED }) })
  .max(UNLIMITED, { message: fillMessage(/*i18n*/ 'Enter a whole number from 0 to {max}, or choose unlimited', { max: UNLIMITED }) });

/**
 * A plan's features (every §9 feature key, on or off) and limits (every §9 limit key; UNLIMITED,
 * 999999, is "unlimited" as core/billing represents it). Strict: an unknown key is refused.
 */
export const planEntitlementsInputSchema = z.object({
  features: z.strictObject(Object.fromEntries(FEATURE_KEYS.map((key) => [key, z.boolean()])) as Record<(typeof FEATURE_KEYS)[number], z.ZodBoolean>),
  limits: z.strictObject(Object.fromEntries(LIMIT_KEYS.map((key) => [key, limitValue])) as Record<(typeof LIMIT_KEYS)[number], typeof limitValue>),
});

export const planInputSchema = z.object({
  name: safeLine()
    .trim()
    .min(2, { message: /*i18n*/ 'Name the plan' })
    .max(PLAN_NAME_MAX, { message: fillMessage(/*i18n*/ 'At most {max} characters', { max: PLAN_NAME_MAX }) }),
  /** In KES minor units (cents); the editor takes shillings. */
  priceMinor: z
    .number({ message: /*i18n*/ 'Enter a price' })
    .int({ message: /*i18n*/ 'Enter the price in whole cents' })
    .min(0, { message: /*i18n*/ 'The price cannot be negative' })
    .max(PLAN_PRICE_MAX_MINOR, { message: /*i18n*/ 'The price is too high' }),
  period: z.enum(PLAN_PERIODS, { message: /*i18n*/ 'Choose monthly or yearly' }),
  /** The plan card's extra lines (what is built shows from the features). */
  cardLines: z
    .array(safeLine().trim().min(1, { message: /*i18n*/ 'Remove empty lines' }).max(PLAN_CARD_LINE_MAX, { message: fillMessage(/*i18n*/ 'At most {max} characters', { max: PLAN_CARD_LINE_MAX }) }))
    .max(PLAN_CARD_LINES_MAX, { message: fillMessage(/*i18n*/ 'At most {max} lines', { max: PLAN_CARD_LINES_MAX }) })
    .default([]),
  /** Higher shows first on the plans page. */
  popularity: z
    .number({ message: fillMessage(/*i18n*/ 'Enter a whole number from 0 to {max}', { max: PLAN_POPULARITY_MAX }) })
    .int({ message: fillMessage(/*i18n*/ 'Enter a whole number from 0 to {max}', { max: PLAN_POPULARITY_MAX }) })
    .min(0, { message: fillMessage(/*i18n*/ 'Enter a whole number from 0 to {max}', { max: PLAN_POPULARITY_MAX }) })
    .max(PLAN_POPULARITY_MAX, { message: fillMessage(/*i18n*/ 'Enter a whole number from 0 to {max}', { max: PLAN_POPULARITY_MAX }) }),
  /** The card's badge, e.g. "Most popular"; empty for none. */
  badge: safeLine()
    .trim()
    .max(30, { message: fillMessage(/*i18n*/ 'At most {max} characters', { max: 30 }) })
    .nullable()
    .default(null)
    .transform((value) => (value ? value : null)),
  isActive: z.boolean().default(true),
  entitlements: planEntitlementsInputSchema,
});
export type PlanInput = z.input<typeof planInputSchema>;
export type PlanInputParsed = z.output<typeof planInputSchema>;

export const planActiveSchema = z.object({ isActive: z.boolean() });

export const platformPlanDetailSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  period: z.enum(PLAN_PERIODS),
  priceMinor: z.number().int(),
  currency: z.string(),
  isActive: z.boolean(),
  cardLines: z.array(z.string()),
  popularity: z.number().int(),
  badge: z.string().nullable(),
  /** What the plan grants a paying shop now: its own set, or its tier's by name when none is stored. */
  entitlements: entitlementsSchema,
  /** Whether the features and limits are the plan's own (edited here) or its tier's (spec §9 by name). */
  hasOwnEntitlements: z.boolean(),
  /** Shops whose subscription names the plan (any status), and of those, paying now. */
  subscriptions: z.number().int(),
  activeSubscriptions: z.number().int(),
  /** Whether anything refers to it (subscriptions, payments, prices, sign-ups): then it can only be retired. */
  isReferenced: z.boolean(),
  updatedAt: z.string(),
});
export type PlatformPlanDetail = z.infer<typeof platformPlanDetailSchema>;

/** Price in shillings as typed (e.g. "1,500.50") to cents; null when it is not a price. */
export function shillingsToMinor(text: string): number | null {
  const cleaned = text.replace(/[,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
