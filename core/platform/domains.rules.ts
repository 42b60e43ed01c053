// A shop's custom domain (issue 21, docs/platform.md "Custom domains"): which names may be added,
// and the DNS TXT record that proves the shop's owner controls the name.

/** RFC 1035 §2.3.4: a name is at most 255 octets on the wire, so 253 characters as text; a label 63. */
export const DOMAIN_MAX_LENGTH = 253;
export const DOMAIN_LABEL_MAX_LENGTH = 63;

/** The label the verification record sits under: `_dukani-verification.<domain>`. */
export const VERIFICATION_LABEL = '_dukani-verification';
const VERIFICATION_VALUE_PREFIX = 'dukani-verification=';

// RFC 6761 special-use names and mDNS's `local`: nobody can point these at the platform publicly.
const SPECIAL_USE_TLDS = ['localhost', 'local', 'test', 'example', 'invalid', 'internal', 'onion'];
const LABEL_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const IPV4_PATTERN = /^\d{1,3}(?:\.\d{1,3}){3}$/;
const IPV6_PATTERN = /^\[?[0-9a-f]*:[0-9a-f:.]*\]?$/;

/** Trimmed, lowercase, without the trailing dot of a fully qualified name. */
export function normalizeDomain(value: string): string {
  return value.trim().toLowerCase().replace(/\.$/, '');
}

/**
 * Why a (normalised) name cannot be a shop's custom domain, or null when it can: a public host
 * name of at least two labels, letters, digits and inner hyphens, an alphabetic top-level domain,
 * not an IP address, within RFC 1035's lengths.
 */
export function customDomainProblem(domain: string): string | null {
  if (domain === '') return /*i18n*/ 'Enter a domain such as shop.example.co.ke';
  if (IPV4_PATTERN.test(domain) || IPV6_PATTERN.test(domain)) return /*i18n*/ 'Enter a domain name, not an IP address';
  if (domain.length > DOMAIN_MAX_LENGTH) return /*i18n*/ 'A domain is at most 253 characters';
  const labels = domain.split('.');
  if (labels.some((label) => label.length === 0 || label.length > DOMAIN_LABEL_MAX_LENGTH)) {
    return /*i18n*/ 'Each part between the dots must be 1 to 63 characters';
  }
  if (!labels.every((label) => LABEL_PATTERN.test(label))) {
    return /*i18n*/ 'Use letters, digits and hyphens only; a part cannot start or end with a hyphen';
  }
  const tld = labels.at(-1)!;
  if (labels.length < 2 || !/^[a-z]{2,}$/.test(tld)) return /*i18n*/ 'Enter a full domain such as shop.example.co.ke';
  if (SPECIAL_USE_TLDS.includes(tld)) return /*i18n*/ 'This domain cannot be reached on the internet';
  return null;
}

export const UNDER_PLATFORM_DOMAIN_MESSAGE = /*i18n*/ "This is under the platform's own domain: the shop's address there is its subdomain";

/** The platform's own root domains and every name under them: shops have their subdomain there. */
export function isUnderPlatformDomain(domain: string, rootDomains: readonly string[]): boolean {
  return rootDomains.some((root) => domain === root || domain.endsWith(`.${root}`));
}

/** The TXT record the shop's DNS must hold for the domain to be verified. */
export function verificationRecord(domain: string, token: string): { name: string; value: string } {
  return { name: `${VERIFICATION_LABEL}.${domain}`, value: `${VERIFICATION_VALUE_PREFIX}${token}` };
}
