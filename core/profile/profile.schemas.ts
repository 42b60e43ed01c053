import { z } from 'zod';
import { safeLine, safeText } from '../api/text.schemas';
import { localeSchema } from '../i18n/locale.rules';
import { fillMessage } from '../i18n/message.rules';

/** Full name is trimmed; empty is stored as null (§5). */
export const updateProfileSchema = z.object({
  fullName: safeLine()
    .max(120, { message: /*i18n*/ 'Full name must be at most 120 characters' })
    .transform((v) => v.trim() || null),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

/** PUT /api/profile/language: the person's language, kept across devices. */
export const updateLanguageSchema = z.object({ language: localeSchema });
export type UpdateLanguageInput = z.infer<typeof updateLanguageSchema>;

const optionalText = (max: number, label: string) =>
  safeText()
    .max(max, { message: fillMessage(/*i18n*/ '{label} must be at most {max} characters', { label, max }) })
    .optional()
    .transform((v) => (v ?? '').trim() || null);

/** Contact profile (§2, §5): display name required, all values trimmed, blanks stored as null. */
export const contactProfileSchema = z.object({
  name: safeLine()
    .trim()
    .min(1, { message: /*i18n*/ 'Display name is required' })
    .max(120, { message: /*i18n*/ 'Display name must be at most 120 characters' }),
  email: z
    .string()
    .optional()
    .transform((v) => (v ?? '').trim().toLowerCase() || null)
    .pipe(z.email({ message: /*i18n*/ 'Enter a valid e-mail address' }).nullable()),
  phone: optionalText(40, /*i18n*/ 'Phone number'),
  company: optionalText(120, /*i18n*/ 'Company/Department'),
  address: optionalText(300, /*i18n*/ 'Address'),
  notes: optionalText(2000, /*i18n*/ 'Notes'),
});
export type ContactProfileInput = z.input<typeof contactProfileSchema>;

/** E-mail change (§5): not blank, and different from the current one. */
export function checkEmailChange(newEmail: string, currentEmail: string | null | undefined): string | null {
  const next = newEmail.trim().toLowerCase();
  if (!next) return /*i18n*/ 'Please enter a new email address';
  if (next === (currentEmail ?? '').trim().toLowerCase()) return /*i18n*/ 'New email is the same as current email';
  return null;
}
export const changeEmailSchema = z.object({
  newEmail: z.string().trim().toLowerCase().min(1, { message: /*i18n*/ 'Please enter a new email address' }).pipe(z.email({ message: /*i18n*/ 'Enter a valid e-mail address' })),
});
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

export const LOGIN_HISTORY_LIMIT = 10;

export const profileViewSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  fullName: z.string().nullable(),
  role: z.string().nullable(),
  tenantId: z.uuid().nullable(),
  tenantName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  language: localeSchema.nullable(),
  emailVerified: z.boolean(),
  emailVerifiedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ProfileView = z.infer<typeof profileViewSchema>;

export const contactViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  address: z.string().nullable(),
  notes: z.string().nullable(),
  type: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ContactView = z.infer<typeof contactViewSchema>;

/** A contact profile belongs to a shop: a person without a tenant (platform admin) has none. */
export const contactProfileResponseSchema = z.object({ contact: contactViewSchema.nullable(), canHaveContact: z.boolean() });

export const loginEntrySchema = z.object({
  id: z.uuid(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export const activityResponseSchema = z.object({
  logins: z.array(loginEntrySchema),
  currentSession: z.object({
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
  }),
});
export type ActivityResponse = z.infer<typeof activityResponseSchema>;
