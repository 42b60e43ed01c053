import { z } from 'zod';
import { safeText } from '../api/text.schemas';

// "View as" support access (issue 21, docs/platform.md "Support access"): a platform admin's
// time-limited, read-only view of one shop, given with a reason and logged in both audit logs.

/** The lengths on offer; an hour at most, so a forgotten session closes itself soon. */
export const SUPPORT_ACCESS_MINUTES = [15, 30, 60] as const;
export const SUPPORT_ACCESS_REASON_MAX = 500;
export const SUPPORT_ACCESS_READ_ONLY_MESSAGE = /*i18n*/ 'Support access is read-only.';

export const supportAccessInputSchema = z.object({
  reason: safeText()
    .trim()
    .min(1, { message: /*i18n*/ 'Enter the reason' })
    .max(SUPPORT_ACCESS_REASON_MAX, { message: /*i18n*/ 'The reason is too long' }),
  minutes: z
    .number({ message: /*i18n*/ 'Choose 15, 30 or 60 minutes' })
    .int({ message: /*i18n*/ 'Choose 15, 30 or 60 minutes' })
    .refine((minutes) => (SUPPORT_ACCESS_MINUTES as readonly number[]).includes(minutes), { message: /*i18n*/ 'Choose 15, 30 or 60 minutes' }),
});
export type SupportAccessInput = z.input<typeof supportAccessInputSchema>;

export const supportAccessGrantSchema = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  adminUserId: z.uuid(),
  adminEmail: z.string().nullable(),
  reason: z.string(),
  startedAt: z.string(),
  expiresAt: z.string(),
  endedAt: z.string().nullable(),
  endedByEmail: z.string().nullable(),
  /** Neither ended nor expired. */
  isActive: z.boolean(),
});
export type SupportAccessGrant = z.infer<typeof supportAccessGrantSchema>;

export const supportAccessListSchema = z.object({ items: z.array(supportAccessGrantSchema) });
export type SupportAccessList = z.infer<typeof supportAccessListSchema>;

/** A grant just made, and the one-time address that signs its admin in at the shop (valid two minutes). */
export const supportAccessStartedSchema = z.object({ grant: supportAccessGrantSchema, url: z.string() });
export type SupportAccessStarted = z.infer<typeof supportAccessStartedSchema>;

/** What the shop's admin area asks: the support access this session is, or null for anyone else. */
export const supportSessionSchema = z.object({
  grant: z.object({ id: z.uuid(), expiresAt: z.string(), reason: z.string() }).nullable(),
});
export type SupportSession = z.infer<typeof supportSessionSchema>;

/** Where "End now" takes the admin: the shop's page in the console, when the console's address is known. */
export const supportAccessEndedSchema = z.object({ consoleUrl: z.string().nullable() });
export type SupportAccessEnded = z.infer<typeof supportAccessEndedSchema>;
