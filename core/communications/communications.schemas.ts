import { z } from 'zod';
import { safeLine, safeText } from '../api/text.schemas';
import { contactEmailSchema, contactPhoneSchema } from '../contacts/contacts.schemas';
import { CHANNELS, MESSAGE_KINDS, MESSAGE_LANGUAGES, MESSAGE_STATUSES, TEMPLATE_KINDS, unknownVariables } from './communications.rules';

// The Communications API contract (issue 20, docs/decisions/0026-communications.md). Credentials go
// in and never come back: the API shows only "set" and the last four characters.

export const CONSENT_STATUSES = ['granted', 'opted_out'] as const;
export const CONSENT_SOURCES = ['form', 'verbal', 'sms_stop', 'import'] as const;
export const PROVIDER_ENVIRONMENTS = ['sandbox', 'production'] as const;

const secretInput = safeLine().trim().min(1).max(2000).optional();
const secretHintSchema = z.object({ set: z.boolean(), last4: z.string().nullable() });
const timeOfDay = safeLine().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: /*i18n*/ 'Enter a time as HH:MM, e.g. 20:00' });

export const smsChannelInputSchema = z.object({
  enabled: z.boolean(),
  environment: z.enum(PROVIDER_ENVIRONMENTS),
  /** The Africa's Talking app's username ("sandbox" for its sandbox app). */
  username: safeLine().trim().max(100).nullable(),
  apiKey: secretInput,
  /** An approved alphanumeric sender ID or shortcode; null uses the account's default. */
  senderId: safeLine().trim().max(11, { message: /*i18n*/ 'A sender ID has at most 11 characters' }).nullable(),
  /** Messages per minute at most (the provider's limit on this account). */
  ratePerMinute: z.int().min(1).max(100_000).default(600),
  clearCredentials: z.boolean().default(false),
});
export type SmsChannelInput = z.infer<typeof smsChannelInputSchema>;

export const whatsappChannelInputSchema = z.object({
  enabled: z.boolean(),
  phoneNumberId: safeLine().trim().regex(/^\d{5,20}$/, { message: /*i18n*/ 'The phone number ID is digits' }).nullable(),
  accessToken: secretInput,
  appSecret: secretInput,
  ratePerMinute: z.int().min(1).max(100_000).default(600),
  clearCredentials: z.boolean().default(false),
});
export type WhatsappChannelInput = z.infer<typeof whatsappChannelInputSchema>;

export const emailChannelInputSchema = z.object({ enabled: z.boolean() });

export const channelSchema = z.object({
  channel: z.enum(CHANNELS),
  enabled: z.boolean(),
  /** sandbox: no credentials, messages land in the development outbox. */
  mode: z.enum(['sandbox', 'live']),
  environment: z.enum(PROVIDER_ENVIRONMENTS),
  username: z.string().nullable(),
  senderId: z.string().nullable(),
  phoneNumberId: z.string().nullable(),
  apiKey: secretHintSchema,
  accessToken: secretHintSchema,
  appSecret: secretHintSchema,
  ratePerMinute: z.int(),
  /** Where the provider sends delivery reports, replies and statuses (give these to the provider). */
  callbackUrls: z.object({ delivery: z.string(), inbound: z.string(), whatsapp: z.string() }).nullable(),
  /** The token WhatsApp's webhook verification (hub.verify_token) must present. */
  verifyToken: z.string().nullable(),
});
export type ChannelView = z.infer<typeof channelSchema>;

export const sendTestInputSchema = z.object({
  channel: z.enum(CHANNELS),
  /** A phone for SMS and WhatsApp, an address for e-mail. */
  to: safeLine().trim().min(1).max(254),
  language: z.enum(MESSAGE_LANGUAGES).default('en'),
});

/** Which template: a kind on a channel in a language (the shop has at most one text of its own for each). */
export const templateKeySchema = z.object({
  kind: z.enum(TEMPLATE_KINDS),
  channel: z.enum(CHANNELS),
  language: z.enum(MESSAGE_LANGUAGES),
});
export type TemplateKey = z.infer<typeof templateKeySchema>;

export const templateInputSchema = templateKeySchema.extend({
  body: safeText()
    .trim()
    .min(1, { message: /*i18n*/ 'Write the message' })
    .max(1600, { message: /*i18n*/ 'At most 1600 characters' })
    .refine((body) => unknownVariables(body).length === 0, { message: /*i18n*/ 'Use only the variables listed' }),
  /** The approved WhatsApp template's name (WhatsApp sends only approved templates). */
  whatsappTemplate: safeLine().trim().regex(/^[a-z0-9_]{1,512}$/, { message: /*i18n*/ 'Lower-case letters, digits and underscores' }).nullable().default(null),
});
export type TemplateInput = z.infer<typeof templateInputSchema>;

export const templateSchema = templateKeySchema.extend({
  body: z.string(),
  whatsappTemplate: z.string().nullable(),
  /** false: the built-in text (no row of the shop's own). */
  custom: z.boolean(),
});

export const settingsInputSchema = z.object({
  remindersEnabled: z.boolean(),
  reminderChannel: z.enum(CHANNELS),
  /** A customer past due gets a reminder at most once in this many days. */
  reminderEveryDays: z.int().min(1, { message: /*i18n*/ 'At least 1 day' }).max(90, { message: /*i18n*/ 'At most 90 days' }),
  quietHoursEnabled: z.boolean(),
  quietStart: timeOfDay,
  quietEnd: timeOfDay,
  lowStockAlerts: z.boolean(),
  /** Where low-stock alerts go (the owner's phone). */
  ownerPhone: contactPhoneSchema,
});
export type CommunicationSettingsInput = z.infer<typeof settingsInputSchema>;
export const settingsSchema = settingsInputSchema.extend({ ownerPhone: z.string().nullable() });
export type CommunicationSettings = z.infer<typeof settingsSchema>;

export const consentInputSchema = z.object({
  channel: z.enum(CHANNELS),
  status: z.enum(CONSENT_STATUSES),
  source: z.enum(CONSENT_SOURCES).default('form'),
});
/** A channel's consent as recorded: null status means never recorded (the customer was not asked). */
export const consentSchema = z.object({
  channel: z.enum(CHANNELS),
  status: z.enum(CONSENT_STATUSES).nullable(),
  source: z.enum(CONSENT_SOURCES).nullable(),
  recordedAt: z.string().nullable(),
  /** Who recorded it (null: a STOP reply or an import, or a former member). */
  recordedByName: z.string().nullable(),
});
export type ConsentView = z.infer<typeof consentSchema>;

export const audienceSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('group'), groupId: z.uuid() }),
  z.object({ type: z.literal('tag'), tag: safeLine().trim().min(1).max(50) }),
]);

export const campaignInputSchema = z.object({
  name: safeLine().trim().min(1, { message: /*i18n*/ 'Name the campaign' }).max(120),
  channel: z.enum(CHANNELS),
  language: z.enum(MESSAGE_LANGUAGES),
  body: templateInputSchema.shape.body,
  audience: audienceSchema,
  /** When it goes (quiet hours still apply); null: now. */
  scheduledAt: z.iso.datetime({ offset: true }).nullable().default(null),
});
export type CampaignInput = z.infer<typeof campaignInputSchema>;

export const campaignSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  channel: z.enum(CHANNELS),
  language: z.enum(MESSAGE_LANGUAGES),
  body: z.string(),
  audience: audienceSchema,
  scheduledAt: z.string(),
  status: z.enum(['scheduled', 'queued', 'cancelled']),
  queued: z.int(),
  skipped: z.int(),
  createdAt: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const sendMessageInputSchema = z.object({
  kind: z.enum(['debt_reminder', 'statement', 'loyalty_balance']),
  channel: z.enum(CHANNELS),
  contactId: z.uuid(),
});

/** A sale's receipt by SMS or WhatsApp (e-mail has its own receipt, /api/sales/{id}/email). */
export const RECEIPT_CHANNELS = ['sms', 'whatsapp'] as const;
export const receiptMessageInputSchema = z.object({
  channel: z.enum(RECEIPT_CHANNELS),
  /** A phone typed at the counter; null sends to the sale's customer's phone. */
  phone: contactPhoneSchema,
});
export type ReceiptMessageInput = z.infer<typeof receiptMessageInputSchema>;

export const messageSchema = z.object({
  id: z.uuid(),
  channel: z.enum(CHANNELS),
  kind: z.enum(MESSAGE_KINDS),
  contactId: z.uuid().nullable(),
  contactName: z.string().nullable(),
  campaignId: z.uuid().nullable(),
  recipient: z.string(),
  body: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  sandbox: z.boolean(),
  segments: z.int(),
  failureReason: z.string().nullable(),
  costMinor: z.int().nullable(),
  costCurrency: z.string().nullable(),
  attempts: z.int(),
  sendAfter: z.string(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MessageView = z.infer<typeof messageSchema>;

export const messageListQuerySchema = z.object({
  q: safeLine().trim().max(100).optional(),
  status: z.enum(MESSAGE_STATUSES).optional(),
  channel: z.enum(CHANNELS).optional(),
  kind: z.enum(MESSAGE_KINDS).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const contactMessagesQuerySchema = messageListQuerySchema.pick({ page: true });
export const messageListSchema = z.object({ items: z.array(messageSchema), page: z.int(), pageSize: z.int(), hasMore: z.boolean() });

export const sandboxDeliverInputSchema = z.object({ status: z.enum(['delivered', 'failed']).default('delivered'), failureReason: safeLine().max(200).nullable().default(null) });

/** E-mail recipients: an address; SMS and WhatsApp: a Kenyan phone. */
export const recipientSchemaFor = { email: contactEmailSchema, sms: contactPhoneSchema, whatsapp: contactPhoneSchema } as const;
