import { z } from 'zod';
import { safeLine, safeText } from '../api/text.schemas';
import { fillMessage } from '../i18n/message.rules';
import { isValidKraPin, normalizeKenyanPhone, normalizeKraPin } from './contact.rules';

// The contacts API contract (issue 14): customers and suppliers, customer groups, duplicates and
// merges. Money is integer minor units; blank values are stored as null, except the name.

export const CONTACT_TYPES = ['customer', 'supplier', 'both'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

export const CONTACT_SORTS = ['name', 'balance', 'created'] as const;
export const CONTACT_BALANCE_FILTERS = ['due', 'overdue', 'deposit'] as const;
export const CONTACT_ARCHIVED_FILTERS = ['active', 'archived', 'all'] as const;
export const CONTACT_TYPE_FILTERS = ['all', 'customer', 'supplier'] as const;
export const CONTACT_PAGE_SIZES = [10, 25, 50, 100] as const;
export const MAX_TAGS = 20;
/**
 * Searches read at most this many matches; beyond it the list says "over 200". A common surname is
 * one name in 80: reading 1,000 of them walked 80,000 names of a 200,000-contact shop (60–90 ms);
 * 200 is four pages of 50, and whoever looks past them types another letter.
 */
export const CONTACT_SEARCH_CAP = 200;
/** Lists count matching contacts up to this many; beyond it they say "over 10,000". */
export const CONTACT_COUNT_CAP = 10_000;
export const MAX_MONEY_MINOR = 1_000_000_000_000;
export const MAX_TERMS_DAYS = 3650;

/** Trimmed text, blank → null. */
const blankToNull = (value: string | null | undefined) => (value ?? '').trim() || null;

const optionalLine = (max: number) =>
  safeLine()
    .max(max, { message: fillMessage(/*i18n*/ 'At most {max} characters', { max }) })
    .nullish()
    .transform(blankToNull);

const optionalText = (max: number) =>
  safeText()
    .max(max, { message: fillMessage(/*i18n*/ 'At most {max} characters', { max }) })
    .nullish()
    .transform(blankToNull);

export const PHONE_MESSAGE = /*i18n*/ 'Enter a Kenyan phone number such as 0712 345 678';
export const KRA_PIN_MESSAGE = /*i18n*/ 'A KRA PIN is a letter, nine digits and a letter, e.g. A123456789B';

/** 07…, 01…, 2547…, +254 7… (spaces and dashes allowed) → +2547…; blank → null. */
export const contactPhoneSchema = safeLine()
  .max(30, { message: PHONE_MESSAGE })
  .nullish()
  .transform((value, ctx) => {
    const typed = blankToNull(value);
    if (typed === null) return null;
    const phone = normalizeKenyanPhone(typed);
    if (phone === null) {
      ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE });
      return z.NEVER;
    }
    return phone;
  });

export const contactEmailSchema = safeLine()
  .max(254, { message: fillMessage(/*i18n*/ 'At most {max} characters', { max: 254 }) })
  .nullish()
  .transform((value) => blankToNull(value)?.toLowerCase() ?? null)
  .pipe(z.email({ message: /*i18n*/ 'Enter a valid e-mail address' }).nullable());

export const kraPinSchema = safeLine()
  .max(20, { message: KRA_PIN_MESSAGE })
  .nullish()
  .transform((value, ctx) => {
    const typed = blankToNull(value);
    if (typed === null) return null;
    if (!isValidKraPin(typed)) {
      ctx.addIssue({ code: 'custom', message: KRA_PIN_MESSAGE });
      return z.NEVER;
    }
    return normalizeKraPin(typed);
  });

export const contactNameSchema = safeLine()
  .trim()
  .min(1, { message: /*i18n*/ 'Enter the name' })
  .max(120, { message: fillMessage(/*i18n*/ 'At most {max} characters', { max: 120 }) });

const tagSchema = safeLine()
  .trim()
  .min(1, { message: /*i18n*/ 'A tag cannot be blank' })
  .max(30, { message: fillMessage(/*i18n*/ 'A tag is at most {max} characters', { max: 30 }) });

/** Tags, trimmed, duplicates (any case) dropped. */
export const tagsSchema = z
  .array(tagSchema)
  .max(MAX_TAGS, { message: fillMessage(/*i18n*/ 'At most {max} tags', { max: MAX_TAGS }) })
  .transform((tags) => [...new Map(tags.map((tag) => [tag.toLowerCase(), tag])).values()]);

/** An amount of money in minor units: a whole number, zero or more. */
export const moneyMinorSchema = z
  .int({ message: /*i18n*/ 'Enter a whole amount in cents (minor units)' })
  .min(0, { message: /*i18n*/ 'Cannot be negative' })
  .max(MAX_MONEY_MINOR, { message: /*i18n*/ 'This amount is too large' });

const termsDaysSchema = z
  .int({ message: /*i18n*/ 'Enter a whole number of days' })
  .min(0, { message: /*i18n*/ 'Cannot be negative' })
  .max(MAX_TERMS_DAYS, { message: fillMessage(/*i18n*/ 'At most {max} days', { max: MAX_TERMS_DAYS }) });

/** A contact's fields without defaults: what an update may change. */
const contactFields = {
  name: contactNameSchema,
  type: z.enum(CONTACT_TYPES, { message: /*i18n*/ 'Choose customer, supplier or both' }),
  phone: contactPhoneSchema,
  email: contactEmailSchema,
  company: optionalLine(120),
  kraPin: kraPinSchema,
  address: optionalText(300),
  notes: optionalText(2000),
  tags: tagsSchema,
  customerGroupId: z
    .union([z.literal(''), z.uuid({ message: /*i18n*/ 'Choose a customer group' })])
    .nullish()
    .transform((value) => value || null),
  creditLimitMinor: moneyMinorSchema,
  customerPaymentTermsDays: termsDaysSchema,
  supplierPaymentTermsDays: termsDaysSchema,
};

/** Opening balances on create: what the customer owes the shop, what the shop owes the supplier. */
export const openingBalanceSchema = z.object({
  receivableMinor: moneyMinorSchema.default(0),
  payableMinor: moneyMinorSchema.default(0),
});

/** POST /api/contacts (Idempotency-Key). */
export const contactCreateSchema = z.object({
  ...contactFields,
  type: contactFields.type.default('customer'),
  phone: contactFields.phone.default(null),
  email: contactFields.email.default(null),
  company: contactFields.company.default(null),
  kraPin: contactFields.kraPin.default(null),
  address: contactFields.address.default(null),
  notes: contactFields.notes.default(null),
  tags: contactFields.tags.default([]),
  customerGroupId: contactFields.customerGroupId.default(null),
  creditLimitMinor: contactFields.creditLimitMinor.default(0),
  customerPaymentTermsDays: contactFields.customerPaymentTermsDays.default(0),
  supplierPaymentTermsDays: contactFields.supplierPaymentTermsDays.default(0),
  openingBalance: openingBalanceSchema.default({ receivableMinor: 0, payableMinor: 0 }),
});
export type ContactCreateInput = z.input<typeof contactCreateSchema>;
export type ContactCreate = z.output<typeof contactCreateSchema>;

/** PATCH /api/contacts/:id: a field left out stays as it is. */
export const contactUpdateSchema = z.object(contactFields).partial();
export type ContactUpdateInput = z.input<typeof contactUpdateSchema>;

/** POST /api/contacts/:id/archive */
export const contactArchiveSchema = z.object({ archived: z.boolean() });

export const contactListQuerySchema = z.object({
  q: safeLine().trim().max(100).optional(),
  type: z.enum(CONTACT_TYPE_FILTERS).default('all'),
  groupId: z.uuid().optional(),
  tag: safeLine().trim().max(30).optional(),
  balance: z.enum(CONTACT_BALANCE_FILTERS).optional(),
  archived: z.enum(CONTACT_ARCHIVED_FILTERS).default('active'),
  sort: z.enum(CONTACT_SORTS).default('name'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => (CONTACT_PAGE_SIZES as readonly number[]).includes(size), { message: /*i18n*/ 'Page size is 10, 25, 50 or 100' })
    .default(25),
});
export type ContactListQuery = z.input<typeof contactListQuerySchema>;

export const contactBalancesSchema = z.object({
  /** What the customer owes (negative: the customer has money with the shop). */
  receivableMinor: z.int(),
  /** What the shop owes the supplier. */
  payableMinor: z.int(),
  /** Receivable charges past their due date, still open. */
  overdueMinor: z.int(),
  /** Unapplied customer payments and credit notes (a deposit usable as a tender). */
  depositMinor: z.int(),
});
export type ContactBalances = z.infer<typeof contactBalancesSchema>;

export const contactListItemSchema = z.object({
  id: z.uuid(),
  type: z.enum(CONTACT_TYPES),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  company: z.string().nullable(),
  kraPin: z.string().nullable(),
  tags: z.array(z.string()),
  isArchived: z.boolean(),
  customerGroupName: z.string().nullable(),
  creditLimitMinor: z.int(),
  balances: contactBalancesSchema,
});
export type ContactListItem = z.infer<typeof contactListItemSchema>;

export const contactListSchema = z.object({
  items: z.array(contactListItemSchema),
  total: z.int(),
  /** More than `total` match: counting stopped at the cap. */
  totalCapped: z.boolean(),
  page: z.int(),
  pageSize: z.int(),
});
export type ContactList = z.infer<typeof contactListSchema>;

export const contactSchema = z.object({
  id: z.uuid(),
  type: z.enum(CONTACT_TYPES),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  company: z.string().nullable(),
  kraPin: z.string().nullable(),
  address: z.string().nullable(),
  notes: z.string().nullable(),
  tags: z.array(z.string()),
  isArchived: z.boolean(),
  customerGroupId: z.uuid().nullable(),
  customerGroupName: z.string().nullable(),
  creditLimitMinor: z.int(),
  customerPaymentTermsDays: z.int(),
  supplierPaymentTermsDays: z.int(),
  mergedIntoId: z.uuid().nullable(),
  /** The profile screen's own contact row (a signed-in person's). */
  isProfileContact: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  balances: contactBalancesSchema,
  /** Loyalty points held, or null when the customer has none recorded. */
  loyaltyPoints: z.int().nullable(),
});
export type Contact = z.infer<typeof contactSchema>;

export const duplicateQuerySchema = z.object({
  phone: safeLine().max(30).optional(),
  email: safeLine().max(254).optional(),
  excludeId: z.uuid().optional(),
});

export const duplicateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(CONTACT_TYPES),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  isArchived: z.boolean(),
  matchedOn: z.array(z.enum(['phone', 'email'])),
});
export type Duplicate = z.infer<typeof duplicateSchema>;
export const duplicateListSchema = z.object({ items: z.array(duplicateSchema) });

/** The create's answer: the contact, and other contacts with the same phone or e-mail (a warning). */
export const contactCreatedSchema = contactSchema.extend({ duplicates: z.array(duplicateSchema) });

/** POST /api/contacts/:id/merge: this contact (the duplicate) is merged into intoContactId. */
export const contactMergeSchema = z.object({ intoContactId: z.uuid({ message: /*i18n*/ 'Choose the contact to merge into' }) });

export const contactMergeResultSchema = z.object({
  targetContactId: z.uuid(),
  sourceContactId: z.uuid(),
  moved: z.object({
    accountEntries: z.int(),
    openItems: z.int(),
    loyaltyEntries: z.int(),
    giftCards: z.int(),
  }),
});
export type ContactMergeResult = z.infer<typeof contactMergeResultSchema>;

// Customer groups (customer_management)
export const PRICE_RULES = ['discount', 'price_list'] as const;
export type PriceRule = (typeof PRICE_RULES)[number];

export const groupPriceSchema = z.object({
  variantId: z.uuid({ message: /*i18n*/ 'Choose a product' }),
  priceMinor: moneyMinorSchema,
});

export const customerGroupInputSchema = z
  .object({
    name: safeLine()
      .trim()
      .min(1, { message: /*i18n*/ 'Enter the group name' })
      .max(60, { message: fillMessage(/*i18n*/ 'At most {max} characters', { max: 60 }) }),
    priceRule: z.enum(PRICE_RULES).default('discount'),
    discountBps: z
      .int({ message: /*i18n*/ 'Enter a whole number of basis points' })
      .min(0, { message: /*i18n*/ 'Cannot be negative' })
      .max(10_000, { message: /*i18n*/ 'At most 100%' })
      .default(0),
    prices: z.array(groupPriceSchema).max(1000).default([]),
  })
  .superRefine((group, ctx) => {
    const seen = new Set<string>();
    group.prices.forEach((price, index) => {
      if (seen.has(price.variantId)) ctx.addIssue({ code: 'custom', path: ['prices', index, 'variantId'], message: /*i18n*/ 'This product is listed twice' });
      seen.add(price.variantId);
    });
  });
export type CustomerGroupInput = z.input<typeof customerGroupInputSchema>;

export const customerGroupSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  priceRule: z.enum(PRICE_RULES),
  discountBps: z.int(),
  memberCount: z.int(),
  prices: z.array(
    z.object({
      variantId: z.uuid(),
      productName: z.string(),
      variantName: z.string(),
      sku: z.string(),
      sellingPriceMinor: z.int(),
      priceMinor: z.int(),
    }),
  ),
});
export type CustomerGroup = z.infer<typeof customerGroupSchema>;
export const customerGroupListSchema = z.object({ items: z.array(customerGroupSchema) });
