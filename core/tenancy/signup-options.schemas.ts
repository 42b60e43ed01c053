import { z } from 'zod';

// What the sign-up page asks the host before anything else (issue 21, docs/signup.md). Apart from
// the form's schemas (signup.schemas.ts), so the sign-in page can ask it without their weight.

export const signupPlanSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  priceMinor: z.int(),
  currency: z.string(),
  period: z.enum(['monthly', 'yearly']),
});
export type SignupPlan = z.infer<typeof signupPlanSchema>;

/** What the sign-up page needs from this host. */
export const signupOptionsSchema = z.object({
  /** Whether shops can be made here: the main host and the development host only. */
  isOpen: z.boolean(),
  /** Sign-up turned off by the platform (its Settings): the page says so; POST answers 403. */
  isDisabled: z.boolean().optional(),
  /** Where sign-up is open when this host is not the place: e.g. https://dukani.co.ke/signup. */
  signupUrl: z.string(),
  /** What follows a shop's subdomain in its address, e.g. ".dukani.co.ke". */
  shopAddressSuffix: z.string(),
  trialDays: z.int(),
  plans: z.array(signupPlanSchema),
});
export type SignupOptions = z.infer<typeof signupOptionsSchema>;
