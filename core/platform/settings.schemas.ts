import { z } from 'zod';
import { safeLine } from '../api/text.schemas';

// The console's Settings page (issue 21, docs/platform.md "Settings"). The editable ones are
// platform_settings rows under PLATFORM_SETTING_KEYS; the rest are facts of the configuration.

export const PLATFORM_SETTING_KEYS = {
  trialDays: 'trial_days',
  defaultPlanId: 'signup_default_plan_id',
  signupEnabled: 'signup_enabled',
  maintenanceBanner: 'maintenance_banner',
} as const;

export const TRIAL_DAYS_MAX = 365;
export const MAINTENANCE_BANNER_MAX = 300;

export const platformSettingsInputSchema = z.object({
  trialDays: z
    .number({ message: /*i18n*/ 'Enter a number of days' })
    .int({ message: /*i18n*/ 'Enter whole days' })
    .min(1, { message: /*i18n*/ 'At least 1 day' })
    .max(TRIAL_DAYS_MAX, { message: /*i18n*/ 'At most 365 days' }),
  /** The plan a new shop's trial is on when sign-up chooses none; null: no plan (the trial alone). */
  defaultPlanId: z.uuid({ message: /*i18n*/ 'Choose a plan' }).nullable(),
  signupEnabled: z.boolean(),
  /** Shown at the top of every shop's admin area and the sign-in page while not empty. */
  maintenanceBanner: safeLine().trim().max(MAINTENANCE_BANNER_MAX, { message: /*i18n*/ 'At most 300 characters' }),
});
export type PlatformSettingsInput = z.infer<typeof platformSettingsInputSchema>;

export const platformSettingsSchema = platformSettingsInputSchema.extend({
  rootDomains: z.array(z.string()),
  smtp: z.object({ configured: z.boolean(), transport: z.enum(['smtp', 'outbox']), from: z.string() }),
  paystack: z.object({ configured: z.boolean(), mode: z.enum(['test', 'live', 'unknown']).nullable() }),
  /** How long rows are kept: facts of the code, no job purges yet. */
  retention: z.array(z.object({ what: z.enum(['sessions', 'security_events', 'platform_audit', 'shop_audit', 'email_outbox']), days: z.int().nullable() })),
  plans: z.array(z.object({ id: z.uuid(), name: z.string(), period: z.string(), isActive: z.boolean() })),
});
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;

export const maintenanceBannerSchema = z.object({ message: z.string().nullable() });
export type MaintenanceBanner = z.infer<typeof maintenanceBannerSchema>;

export const testEmailResultSchema = z.object({ to: z.string(), transport: z.enum(['smtp', 'outbox']), ok: z.boolean(), error: z.string().nullable() });
export type TestEmailResult = z.infer<typeof testEmailResultSchema>;

/** The sign-up closed by the platform (Settings): POST /api/signup answers 403 with it. */
export const SIGNUP_DISABLED_MESSAGE = /*i18n*/ 'Sign-up of new shops is closed for now. Please try again later.';
