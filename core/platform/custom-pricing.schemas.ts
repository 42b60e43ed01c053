import { z } from 'zod';
import { PLAN_PRICE_MAX_MINOR } from './plans.schemas';

// A shop's negotiated price for a plan (spec §3 tenant_custom_pricing), set by a platform admin on
// the shop's page (issue 21): it applies from its effective date to its end (none: until ended),
// at the shop's next payment for that plan, and in MRR.

const amountMinor = (missing: string) =>
  z
    .number({ message: missing })
    .int({ message: /*i18n*/ 'Enter the amount in whole cents' })
    .min(0, { message: /*i18n*/ 'The amount cannot be negative' })
    .max(PLAN_PRICE_MAX_MINOR, { message: /*i18n*/ 'The amount is too high' });

export const customPriceInputSchema = z
  .object({
    planId: z.uuid({ message: /*i18n*/ 'Choose a plan' }),
    /** KES minor units per the plan's period. */
    priceMinor: amountMinor(/*i18n*/ 'Enter a price'),
    setupFeeMinor: amountMinor(/*i18n*/ 'Enter a setup fee, or 0').default(0),
    /** When it starts; now when absent. */
    effectiveDate: z.iso.datetime({ offset: true, message: /*i18n*/ 'Enter a date' }).optional(),
    /** When it ends; it runs until ended when absent. */
    expiresAt: z.iso.datetime({ offset: true, message: /*i18n*/ 'Enter a date' }).nullable().default(null),
  })
  .refine((input) => input.expiresAt === null || Date.parse(input.expiresAt) > Date.parse(input.effectiveDate ?? new Date().toISOString()), {
    path: ['expiresAt'],
    message: /*i18n*/ 'The end must come after the start',
  });
export type CustomPriceInput = z.input<typeof customPriceInputSchema>;

export const CUSTOM_PRICE_STATES = ['in_force', 'scheduled', 'ended'] as const;
export type CustomPriceState = (typeof CUSTOM_PRICE_STATES)[number];

export const customPriceSchema = z.object({
  id: z.uuid(),
  planId: z.uuid(),
  planName: z.string(),
  planPeriod: z.enum(['monthly', 'yearly']),
  planPriceMinor: z.number().int(),
  currency: z.string(),
  priceMinor: z.number().int(),
  setupFeeMinor: z.number().int(),
  effectiveDate: z.string(),
  expiresAt: z.string().nullable(),
  state: z.enum(CUSTOM_PRICE_STATES),
  createdAt: z.string(),
});
export type CustomPrice = z.infer<typeof customPriceSchema>;
export const customPriceListSchema = z.object({ items: z.array(customPriceSchema) });

/** Whether a price row applies at `now`, starts later, or is over (ended by hand or past its end). */
export function customPriceState(row: { isActive: boolean; effectiveDate: Date; expiresAt: Date | null }, now: Date): CustomPriceState {
  if (!row.isActive || (row.expiresAt !== null && row.expiresAt <= now)) return 'ended';
  return row.effectiveDate > now ? 'scheduled' : 'in_force';
}
