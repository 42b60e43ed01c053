import { z } from 'zod';
import { localeSchema } from '../i18n/locale.rules';

/** What the web app knows about the signed-in person (GET /api/auth/session). */
export const sessionUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  fullName: z.string().nullable(),
  role: z.string().nullable(),
  tenantId: z.uuid().nullable(),
  isPlatformAdmin: z.boolean(),
  /**
   * A platform admin's read-only support access session in this shop (issue 21): its home is the
   * shop's admin area, not the console, and the server refuses its every write.
   */
  supportAccess: z.boolean(),
  requirePasswordChange: z.boolean(),
  emailVerified: z.boolean(),
  homePath: z.enum(['/admin', '/superadmin']),
  /** The language the person chose (profiles.language); null until they choose one. */
  language: localeSchema.nullable(),
  /**
   * What the person may do in the session's shop (issue 20): their role's permissions, so the
   * screens hide what the server would refuse. Empty without a shop; every one for platform admins.
   */
  permissions: z.array(z.string()),
  /** Their role's cap on discounts at the register, in whole percent (100: built-in roles, no cap of their own). */
  maxDiscountPercent: z.int().min(0).max(100),
  /** The locations they may work at; null for all of them. */
  locationIds: z.array(z.uuid()).nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionResponseSchema = z.object({ user: sessionUserSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
