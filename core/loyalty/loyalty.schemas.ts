import { z } from 'zod';
import { safeLine } from '../api/text.schemas';

// Loyalty's API contract (issue 14, `loyalty_program`): the shop's programme settings, a customer's
// points balance and ledger, and manual adjustments. Points are whole numbers; money minor units.

export const LOYALTY_ENTRY_KINDS = ['earn', 'redeem', 'expire', 'adjust', 'reverse'] as const;
export type LoyaltyEntryKind = (typeof LOYALTY_ENTRY_KINDS)[number];

/** The largest points figure one entry may carry (keeps sums far inside a 32-bit integer column). */
export const MAX_POINTS_PER_ENTRY = 10_000_000;

const wholeNumber = (message: string) => z.number({ message }).int({ message: /*i18n*/ 'Enter a whole number' });

export const loyaltySettingsSchema = z.object({
  isEnabled: z.boolean(),
  earnRateBps: z.int(),
  pointValueMinor: z.int(),
  minRedeemPoints: z.int(),
  expiryMonths: z.int(),
});
export type LoyaltySettings = z.infer<typeof loyaltySettingsSchema>;

/** A shop without a settings row has the programme off, with these figures ready to switch on. */
export const DEFAULT_LOYALTY_SETTINGS: LoyaltySettings = {
  isEnabled: false,
  earnRateBps: 100,
  pointValueMinor: 100,
  minRedeemPoints: 0,
  expiryMonths: 0,
};

export const loyaltySettingsInputSchema = z.object({
  isEnabled: z.boolean({ message: /*i18n*/ 'Choose on or off' }),
  earnRateBps: wholeNumber(/*i18n*/ 'Enter the points earned per KES 100')
    .min(0, { message: /*i18n*/ 'Enter 0 or more' })
    .max(10_000, { message: /*i18n*/ 'At most 100 points per KES 100' }),
  pointValueMinor: wholeNumber(/*i18n*/ 'Enter what a point is worth')
    .min(0, { message: /*i18n*/ 'Enter 0 or more' })
    .max(1_000_000, { message: /*i18n*/ 'At most KES 10,000 per point' }),
  minRedeemPoints: wholeNumber(/*i18n*/ 'Enter the minimum balance to redeem')
    .min(0, { message: /*i18n*/ 'Enter 0 or more' })
    .max(MAX_POINTS_PER_ENTRY, { message: /*i18n*/ 'That number is too large' }),
  expiryMonths: wholeNumber(/*i18n*/ 'Enter the months until points expire')
    .min(0, { message: /*i18n*/ 'Enter 0 or more' })
    .max(120, { message: /*i18n*/ 'At most 120 months' }),
});
export type LoyaltySettingsInput = z.infer<typeof loyaltySettingsInputSchema>;

export const loyaltyEntrySchema = z.object({
  id: z.uuid(),
  kind: z.enum(LOYALTY_ENTRY_KINDS),
  points: z.int(),
  expiresAt: z.string().nullable(),
  sourceType: z.string().nullable(),
  sourceRef: z.string().nullable(),
  reason: z.string().nullable(),
  userName: z.string().nullable(),
  occurredAt: z.string(),
});
export type LoyaltyEntry = z.infer<typeof loyaltyEntrySchema>;

export const contactLoyaltySchema = z.object({
  contactId: z.uuid(),
  points: z.int(),
  /** What the balance is worth when redeemed, in minor units. */
  valueMinor: z.int(),
  programme: loyaltySettingsSchema,
  entries: z.object({ items: z.array(loyaltyEntrySchema), total: z.int(), page: z.int(), pageSize: z.int() }),
});
export type ContactLoyalty = z.infer<typeof contactLoyaltySchema>;

export const contactLoyaltyQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const loyaltyAdjustmentInputSchema = z.object({
  points: wholeNumber(/*i18n*/ 'Enter the points to add or take away')
    .refine((points) => points !== 0, { message: /*i18n*/ 'Enter a change other than 0' })
    .refine((points) => Math.abs(points) <= MAX_POINTS_PER_ENTRY, { message: /*i18n*/ 'That number is too large' }),
  reason: safeLine()
    .trim()
    .min(1, { message: /*i18n*/ 'Enter the reason for the adjustment' })
    .max(200, { message: /*i18n*/ 'At most 200 characters' }),
});
export type LoyaltyAdjustmentInput = z.infer<typeof loyaltyAdjustmentInputSchema>;

export const loyaltyAdjustmentSchema = z.object({ entry: loyaltyEntrySchema, points: z.int(), valueMinor: z.int() });
