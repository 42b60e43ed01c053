import { z } from 'zod';
import { safeLine, safeText } from '../api/text.schemas';
import { PLATFORM_TENANT_STATUSES } from './tenant-status.rules';

// The console's Communications page (issue 21, docs/platform.md "Communications"): announcements
// to shops and the e-mail outbox's deliverability.

export const ANNOUNCEMENT_SEVERITIES = ['info', 'warning'] as const;
export const ANNOUNCEMENT_STATUSES = ['queued', 'delivered', 'withdrawn'] as const;
export const ANNOUNCEMENT_TITLE_MAX = 120;
export const ANNOUNCEMENT_BODY_MAX = 2000;
/** Most shops one announcement may name by hand (the other audiences have no limit). */
export const ANNOUNCEMENT_TENANTS_MAX = 500;

export const announcementAudienceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('plan'), planIds: z.array(z.uuid()).min(1, { message: /*i18n*/ 'Choose at least one plan' }).max(50) }),
  z.object({ kind: z.literal('status'), statuses: z.array(z.enum(PLATFORM_TENANT_STATUSES)).min(1, { message: /*i18n*/ 'Choose at least one status' }) }),
  z.object({
    kind: z.literal('tenants'),
    tenantIds: z.array(z.uuid()).min(1, { message: /*i18n*/ 'Choose at least one shop' }).max(ANNOUNCEMENT_TENANTS_MAX),
  }),
]);
export type AnnouncementAudience = z.infer<typeof announcementAudienceSchema>;

const isoInstant = z.iso.datetime({ offset: true, message: /*i18n*/ 'Enter a date and time' });

export const announcementInputSchema = z
  .object({
    title: safeLine().trim().min(1, { message: /*i18n*/ 'Enter a title' }).max(ANNOUNCEMENT_TITLE_MAX, { message: /*i18n*/ 'The title is too long' }),
    body: safeText().trim().min(1, { message: /*i18n*/ 'Enter the message' }).max(ANNOUNCEMENT_BODY_MAX, { message: /*i18n*/ 'The message is too long' }),
    severity: z.enum(ANNOUNCEMENT_SEVERITIES, { message: /*i18n*/ 'Choose info or warning' }),
    /** A path in the shop's admin area (e.g. /settings/billing) or an https address. */
    link: z
      .string()
      .trim()
      .max(500)
      .regex(/^(\/[^\s]*|https:\/\/[^\s]+)$/, { message: /*i18n*/ 'Enter a path starting with / or an https address' })
      .nullish(),
    audience: announcementAudienceSchema,
    startsAt: isoInstant.nullish(),
    endsAt: isoInstant.nullish(),
    emailOwners: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    if (value.endsAt && Date.parse(value.endsAt) <= Math.max(Date.now(), value.startsAt ? Date.parse(value.startsAt) : 0)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: /*i18n*/ 'The end must be after the start and in the future' });
    }
  });
export type AnnouncementInput = z.input<typeof announcementInputSchema>;
export type ValidAnnouncement = z.output<typeof announcementInputSchema>;

export const announcementSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  severity: z.enum(ANNOUNCEMENT_SEVERITIES),
  link: z.string().nullable(),
  audience: announcementAudienceSchema,
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  emailOwners: z.boolean(),
  status: z.enum(ANNOUNCEMENT_STATUSES),
  shopCount: z.int(),
  emailCount: z.int(),
  createdByEmail: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const announcementListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const announcementPageSchema = z.object({ items: z.array(announcementSchema), total: z.int(), page: z.int(), pageSize: z.int() });
export type AnnouncementPage = z.infer<typeof announcementPageSchema>;

export const emailDeliverabilitySchema = z.object({
  /** The last 7 days of email_outbox: queued (not sent, no error), sent, failed (an error). */
  since: z.string(),
  queued: z.int(),
  sent: z.int(),
  failed: z.int(),
  transport: z.enum(['smtp', 'outbox']),
  latestFailures: z.array(z.object({ id: z.uuid(), kind: z.string(), to: z.string(), subject: z.string(), error: z.string(), createdAt: z.string() })),
});
export type EmailDeliverability = z.infer<typeof emailDeliverabilitySchema>;
