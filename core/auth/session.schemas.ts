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
  requirePasswordChange: z.boolean(),
  emailVerified: z.boolean(),
  homePath: z.enum(['/admin', '/superadmin']),
  /** The language the person chose (profiles.language); null until they choose one. */
  language: localeSchema.nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionResponseSchema = z.object({ user: sessionUserSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
