import { z } from 'zod';
import { localeSchema } from '../i18n/locale.rules';
import { TENANT_STATUSES, isValidCustomDomain, isValidSubdomain } from './tenancy.rules';

export const subdomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .refine(isValidSubdomain, {
    message: /*i18n*/ 'Use 3–63 letters, digits or hyphens, not starting or ending with a hyphen',
  });

export const customDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .refine(isValidCustomDomain, { message: /*i18n*/ 'Enter a domain such as shop.example.co.ke' });

export const tenantStatusSchema = z.enum(TENANT_STATUSES);

export const publicTenantSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  subdomain: z.string(),
  status: tenantStatusSchema,
  logoUrl: z.string().nullable(),
  /** The shop's default language (Business settings); null lets each device follow its browser. */
  defaultLanguage: localeSchema.nullable(),
});
export type PublicTenant = z.infer<typeof publicTenantSchema>;

export const tenantContextSchema = z.object({
  tenant: publicTenantSchema.nullable(),
  allowTenantlessAuth: z.boolean(),
});
export type TenantContext = z.infer<typeof tenantContextSchema>;
