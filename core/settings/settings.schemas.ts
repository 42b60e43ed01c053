import { z } from 'zod';
import { safeLine, safeText } from '../api/text.schemas';
import { localeSchema } from '../i18n/locale.rules';
import { fillMessage } from '../i18n/message.rules';

export const businessSettingsSchema = z.object({
  businessName: z.string(),
  currencyCode: z.string(),
  currencySymbol: z.string(),
  currencyDecimals: z.number().int(),
  companyLogoUrl: z.string().nullable(),
  timeZone: z.string(),
  receiptHeader: z.string().nullable(),
  receiptFooter: z.string().nullable(),
  kraPin: z.string().nullable(),
  /** The language a new device shows in this shop until someone chooses; null follows the browser. */
  defaultLanguage: localeSchema.nullable(),
});
export type BusinessSettings = z.infer<typeof businessSettingsSchema>;

/** KRA PIN: a letter, nine digits, a letter (e.g. P051234567X). */
export const KRA_PIN_PATTERN = /^[A-Z]\d{9}[A-Z]$/;

const optionalText = (max: number, label: string) =>
  safeText()
    .max(max, { message: fillMessage(/*i18n*/ '{label} must be at most {max} characters', { label, max }) })
    .transform((v) => v.trim() || null);

export const updateBusinessSettingsSchema = z
  .object({
    businessName: safeLine().trim().min(2, { message: /*i18n*/ 'Enter the business name' }).max(80, { message: /*i18n*/ 'At most 80 characters' }),
    currencyCode: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, { message: /*i18n*/ 'Use a 3-letter ISO currency code, e.g. KES' }),
    currencySymbol: safeLine().trim().min(1, { message: /*i18n*/ 'Enter a currency symbol' }).max(8, { message: /*i18n*/ 'At most 8 characters' }),
    timeZone: z
      .string()
      .trim()
      .refine((zone) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      }, { message: /*i18n*/ 'Choose a valid time zone, e.g. Africa/Nairobi' }),
    receiptHeader: optionalText(300, /*i18n*/ 'Receipt header'),
    receiptFooter: optionalText(300, /*i18n*/ 'Receipt footer'),
    kraPin: z
      .string()
      .trim()
      .toUpperCase()
      .transform((v) => v || null)
      .refine((v) => v === null || KRA_PIN_PATTERN.test(v), { message: /*i18n*/ 'A KRA PIN is a letter, 9 digits and a letter, e.g. P051234567X' }),
    defaultLanguage: localeSchema.nullable(),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: /*i18n*/ 'Nothing to update' });
export type UpdateBusinessSettingsInput = z.infer<typeof updateBusinessSettingsSchema>;

/** Logo uploads: raster images only (an SVG can carry script), at most 512 KB. */
export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_CONTENT_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;
