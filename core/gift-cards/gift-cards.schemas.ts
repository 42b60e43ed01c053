import { z } from 'zod';
import { safeLine } from '../api/text.schemas';
import { GIFT_CARD_CODE_MESSAGES, giftCardCodeProblem, stripGiftCardCode } from './gift-card-code.rules';

// Gift cards' API contract (issue 14, `gift_cards` plan feature). Money is integer minor units;
// dates are ISO calendar days (YYYY-MM-DD) in the shop's time zone.

export const GIFT_CARD_STATUSES = ['active', 'void'] as const;
export type GiftCardStatus = (typeof GIFT_CARD_STATUSES)[number];

export const GIFT_CARD_ENTRY_KINDS = ['issue', 'redeem', 'refund', 'void'] as const;
export type GiftCardEntryKind = (typeof GIFT_CARD_ENTRY_KINDS)[number];

export const GIFT_CARD_ENTRY_KIND_LABELS: Record<GiftCardEntryKind, string> = {
  issue: /*i18n*/ 'Issued',
  redeem: /*i18n*/ 'Redeemed',
  refund: /*i18n*/ 'Refunded to card',
  void: /*i18n*/ 'Voided',
};

/** KES 1,000,000: more than any shop sells on one card; stops a slip of the keyboard. */
export const MAX_GIFT_CARD_MINOR = 100_000_000;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day, YYYY-MM-DD, that exists. */
export function isCalendarDay(value: string): boolean {
  if (!isoDay.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const amountSchema = z
  .int({ message: /*i18n*/ 'Enter a whole amount in cents (minor units)' })
  .min(1, { message: /*i18n*/ 'The amount must be more than zero' })
  .max(MAX_GIFT_CARD_MINOR, { message: /*i18n*/ 'This amount is too large' });

const expiresOnSchema = z
  .string()
  .refine(isCalendarDay, { message: /*i18n*/ 'Enter a date as YYYY-MM-DD' });

/** Issue a card: the value, an optional customer and an optional last day of use (after today). */
export const giftCardIssueSchema = z.object({
  amountMinor: amountSchema,
  contactId: z.uuid({ message: /*i18n*/ 'Choose a customer from the list' }).nullable().default(null),
  expiresOn: expiresOnSchema.nullable().default(null),
});
export type GiftCardIssueInput = z.input<typeof giftCardIssueSchema>;

/** A typed code, normalised (case, spaces, dashes); refused when it cannot be a card's code. */
export const giftCardCodeSchema = safeLine()
  .max(64, { message: GIFT_CARD_CODE_MESSAGES.length })
  .superRefine((value, context) => {
    const problem = giftCardCodeProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: GIFT_CARD_CODE_MESSAGES[problem] });
  })
  .transform(stripGiftCardCode);

export const giftCardBalanceQuerySchema = z.object({ code: giftCardCodeSchema });

export const giftCardVoidSchema = z.object({
  reason: safeLine()
    .trim()
    .min(1, { message: /*i18n*/ 'Say why the card is voided' })
    .max(200, { message: /*i18n*/ 'At most 200 characters' }),
});

export const GIFT_CARD_SORTS = ['createdAt', 'balance', 'expiresOn', 'initial'] as const;
export const GIFT_CARD_PAGE_SIZES = [10, 25, 50, 100] as const;

export const giftCardListQuerySchema = z.object({
  /** The last 4 of a code, or part of a customer's name. */
  search: safeLine().trim().max(100).optional(),
  contactId: z.uuid().optional(),
  status: z.enum([...GIFT_CARD_STATUSES, 'all']).default('all'),
  sort: z.enum(GIFT_CARD_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => (GIFT_CARD_PAGE_SIZES as readonly number[]).includes(size), { message: /*i18n*/ 'Page size is 10, 25, 50 or 100' })
    .default(25),
});
export type GiftCardListQuery = z.input<typeof giftCardListQuerySchema>;

export const giftCardSchema = z.object({
  id: z.uuid(),
  last4: z.string(),
  initialMinor: z.int(),
  balanceMinor: z.int(),
  status: z.enum(GIFT_CARD_STATUSES),
  expiresOn: z.string().nullable(),
  /** Past its last day of use (in the shop's time zone); still shown, no longer redeemable. */
  isExpired: z.boolean(),
  contactId: z.uuid().nullable(),
  contactName: z.string().nullable(),
  issuedByName: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type GiftCard = z.infer<typeof giftCardSchema>;

export const giftCardEntrySchema = z.object({
  id: z.uuid(),
  kind: z.enum(GIFT_CARD_ENTRY_KINDS),
  amountMinor: z.int(),
  balanceAfterMinor: z.int(),
  sourceType: z.string().nullable(),
  sourceRef: z.string().nullable(),
  reason: z.string().nullable(),
  userName: z.string().nullable(),
  occurredAt: z.iso.datetime(),
});
export type GiftCardEntry = z.infer<typeof giftCardEntrySchema>;

export const giftCardDetailSchema = giftCardSchema.extend({ entries: z.array(giftCardEntrySchema) });
export type GiftCardDetail = z.infer<typeof giftCardDetailSchema>;

/**
 * A new card and its code, shown this once (only a hash is kept). A retry with the same
 * Idempotency-Key answers the same card with `code: null` and `replayed: true`: the code cannot
 * be shown again.
 */
export const giftCardIssuedSchema = z.object({
  card: giftCardSchema,
  code: z.string().nullable(),
  replayed: z.boolean(),
});
export type GiftCardIssued = z.infer<typeof giftCardIssuedSchema>;

export const giftCardListSchema = z.object({
  items: z.array(giftCardSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});
export type GiftCardList = z.infer<typeof giftCardListSchema>;

/** A balance check's answer: what the holder of the code may know. */
export const giftCardBalanceSchema = z.object({
  id: z.uuid(),
  last4: z.string(),
  balanceMinor: z.int(),
  status: z.enum(GIFT_CARD_STATUSES),
  expiresOn: z.string().nullable(),
  isExpired: z.boolean(),
});
export type GiftCardBalance = z.infer<typeof giftCardBalanceSchema>;

/**
 * The issue dialog's fields as typed (amount in the currency's major unit, "1,500" or "1500.50";
 * an empty date for no expiry), turned into the API's body. The server checks the rest (the
 * customer exists, the date is after today in the shop's time zone).
 */
export const giftCardIssueFormSchema = z
  .object({
    amount: z.string().trim().min(1, { message: /*i18n*/ 'Enter the value of the card' }),
    contactId: z.string(),
    expiresOn: z.string().trim(),
  })
  .transform((values, context) => {
    const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(values.amount.replace(/,/g, ''));
    const amountMinor = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : null;
    if (amountMinor === null) context.addIssue({ code: 'custom', path: ['amount'], message: /*i18n*/ 'Enter an amount such as 1500 or 1500.50' });
    else if (amountMinor <= 0) context.addIssue({ code: 'custom', path: ['amount'], message: /*i18n*/ 'The amount must be more than zero' });
    else if (amountMinor > MAX_GIFT_CARD_MINOR) context.addIssue({ code: 'custom', path: ['amount'], message: /*i18n*/ 'This amount is too large' });
    if (values.expiresOn !== '' && !isCalendarDay(values.expiresOn)) {
      context.addIssue({ code: 'custom', path: ['expiresOn'], message: /*i18n*/ 'Enter a date as YYYY-MM-DD' });
    }
    return { amountMinor: amountMinor ?? 0, contactId: values.contactId || null, expiresOn: values.expiresOn || null };
  });
export type GiftCardIssueFormValues = z.input<typeof giftCardIssueFormSchema>;
