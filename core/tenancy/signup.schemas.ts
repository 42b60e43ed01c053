import { z } from 'zod';
import { safeLine } from '../api/text.schemas';
import { emailSchema, newPasswordSchema } from '../auth/auth.schemas';
import { sessionUserSchema } from '../auth/session.schemas';
import { PHONE_MESSAGE } from '../contacts/contacts.schemas';
import { fillMessage } from '../i18n/message.rules';
import {
  BUSINESS_TYPE_KEYS,
  DEFAULT_SIGNUP_COUNTRY,
  FIRST_RUN_STEPS,
  SIGNUP_COUNTRIES,
  SIGNUP_COUNTRY_CODES,
  SUBDOMAIN_RESERVED_MESSAGE,
  isReservedSubdomain,
  normalizeSignupPhone,
} from './signup.rules';
import { subdomainSchema } from './tenancy.schemas';

// Self-serve sign-up on the main host (issue 21, docs/signup.md): the form, the shop address's
// availability, the hand-over to the new shop's own address, and the new shop's first-run checklist.

/** A shop address a new shop may ask for: well formed and not one the platform keeps. Taken is the server's answer. */
export const signupSubdomainSchema = subdomainSchema.refine((value) => !isReservedSubdomain(value), { message: SUBDOMAIN_RESERVED_MESSAGE });

/** Why an address cannot be had before asking the server (format, reserved), or null. */
export function subdomainProblem(value: string): string | null {
  const parsed = signupSubdomainSchema.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

const textField = (empty: string, max: number) =>
  safeLine()
    .trim()
    .min(2, { message: empty })
    .max(max, { message: fillMessage(/*i18n*/ 'At most {max} characters', { max }) });

export const signupSchema = z
  .object({
    shopName: textField(/*i18n*/ "Enter your shop's name", 80),
    subdomain: signupSubdomainSchema,
    fullName: textField(/*i18n*/ 'Enter your full name', 120),
    email: emailSchema,
    phone: safeLine().max(30, { message: PHONE_MESSAGE }),
    password: newPasswordSchema,
    country: z.enum(SIGNUP_COUNTRY_CODES, { message: /*i18n*/ 'Choose a country' }).default(DEFAULT_SIGNUP_COUNTRY),
    businessType: z.enum(BUSINESS_TYPE_KEYS, { message: /*i18n*/ 'Choose what your shop sells' }),
    /** A paid plan to check out right after the shop is made; null starts on the trial alone. */
    planId: z.uuid({ message: /*i18n*/ 'Choose a plan' }).nullable().default(null),
  })
  .superRefine((input, context) => {
    if (normalizeSignupPhone(input.phone, input.country) !== null) return;
    const message =
      input.country === 'KE'
        ? PHONE_MESSAGE
        : fillMessage(/*i18n*/ 'Enter a phone number such as +{code} 712 345 678', { code: SIGNUP_COUNTRIES[input.country].dialingCode });
    context.addIssue({ code: 'custom', path: ['phone'], message });
  }, {
    // Checked alongside the other fields' messages, once the phone and the country are each well formed.
    when: (payload) =>
      !payload.issues.some((issue) => {
        const field = issue.path?.[0];
        return field === undefined || field === 'phone' || field === 'country';
      }),
  });
export type SignupInput = z.input<typeof signupSchema>;
export type ValidSignup = z.output<typeof signupSchema>;

export const subdomainQuerySchema = z.object({ subdomain: signupSubdomainSchema });
export const subdomainAvailabilitySchema = z.object({
  subdomain: z.string(),
  isAvailable: z.boolean(),
  /** Why not, when taken. */
  message: z.string().nullable(),
});
export type SubdomainAvailability = z.infer<typeof subdomainAvailabilitySchema>;

export const signupResultSchema = z.object({
  tenantId: z.uuid(),
  subdomain: z.string(),
  /** The shop's own address, e.g. https://mama-mboga.dukani.co.ke. */
  shopUrl: z.string(),
  /** Signs the owner in at the shop's address: one use, a couple of minutes. */
  handoffUrl: z.string(),
});
export type SignupResult = z.infer<typeof signupResultSchema>;

export const handoffSchema = z.object({ token: safeLine().trim().min(1).max(200) });
export const handoffResultSchema = z.object({
  user: sessionUserSchema,
  /** The paid plan chosen at sign-up, to check out now; null for the trial alone. */
  checkoutPlanId: z.uuid().nullable(),
});
export type HandoffResult = z.infer<typeof handoffResultSchema>;

export const firstRunChecklistSchema = z.object({
  /** A shop made by sign-up whose owner has not put the checklist away. */
  isVisible: z.boolean(),
  steps: z.array(z.object({ step: z.enum(FIRST_RUN_STEPS), isDone: z.boolean() })),
});
export type FirstRunChecklist = z.infer<typeof firstRunChecklistSchema>;
