import { z } from 'zod';

export const businessSettingsSchema = z.object({
  currencyCode: z.string(),
  currencySymbol: z.string(),
  currencyDecimals: z.number().int(),
  companyLogoUrl: z.string().nullable(),
  timeZone: z.string(),
});
export type BusinessSettings = z.infer<typeof businessSettingsSchema>;

export const updateBusinessSettingsSchema = z
  .object({
    currencyCode: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, { message: 'Use a 3-letter ISO currency code, e.g. KES' }),
    currencySymbol: z.string().trim().min(1, { message: 'Enter a currency symbol' }).max(8, { message: 'At most 8 characters' }),
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
      }, { message: 'Choose a valid time zone, e.g. Africa/Nairobi' }),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: 'Nothing to update' });
export type UpdateBusinessSettingsInput = z.infer<typeof updateBusinessSettingsSchema>;
