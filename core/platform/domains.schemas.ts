import { z } from 'zod';
import { customDomainProblem, normalizeDomain } from './domains.rules';

// A shop's custom domains on its console page (issue 21, docs/platform.md "Custom domains").

/** Why the last check did not verify the domain: no TXT record, none with the token, no answer in time, another DNS failure. */
export const DOMAIN_CHECK_ERRORS = ['no_record', 'wrong_value', 'timeout', 'dns_error'] as const;
export type DomainCheckError = (typeof DOMAIN_CHECK_ERRORS)[number];

export const addDomainSchema = z.object({
  domain: z
    .string({ message: /*i18n*/ 'Enter a domain such as shop.example.co.ke' })
    .max(300, { message: /*i18n*/ 'A domain is at most 253 characters' })
    .transform(normalizeDomain)
    .superRefine((domain, ctx) => {
      const problem = customDomainProblem(domain);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});
export type AddDomainInput = z.input<typeof addDomainSchema>;

export const tenantDomainSchema = z.object({
  id: z.uuid(),
  domain: z.string(),
  /** False for an extra address under the platform's domains (made by the platform, not verified by DNS). */
  isCustomDomain: z.boolean(),
  verifiedAt: z.string().nullable(),
  /** The TXT record to create; null for a record that needs none (an address under the platform's domains, or one made before verification existed). */
  verification: z.object({ name: z.string(), value: z.string() }).nullable(),
  lastCheckedAt: z.string().nullable(),
  lastCheckError: z.enum(DOMAIN_CHECK_ERRORS).nullable(),
  createdAt: z.string(),
});
export type TenantDomain = z.infer<typeof tenantDomainSchema>;

export const tenantDomainsSchema = z.object({
  domains: z.array(tenantDomainSchema),
  /** The platform's root domains: names under them are not custom domains. */
  rootDomains: z.array(z.string()),
  /** Where a custom domain's CNAME points: the shop's own address on the first root domain. */
  cnameTarget: z.string(),
});
export type TenantDomains = z.infer<typeof tenantDomainsSchema>;
