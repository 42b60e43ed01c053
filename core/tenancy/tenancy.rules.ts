// Host and name rules for tenancy (spec §2 "Host-based tenant resolution", §5, §9).
// Pure functions shared by the server (resolution) and the web (forms).

export const SUBDOMAIN_MIN_LENGTH = 3;
export const SUBDOMAIN_MAX_LENGTH = 63;

const SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
// Each label: letters, digits, inner hyphens; the last label is an alphabetic TLD of ≥ 2 letters.
const CUSTOM_DOMAIN_PATTERN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

export function isValidSubdomain(value: string): boolean {
  return (
    value.length >= SUBDOMAIN_MIN_LENGTH &&
    value.length <= SUBDOMAIN_MAX_LENGTH &&
    SUBDOMAIN_PATTERN.test(value)
  );
}

export function isValidCustomDomain(value: string): boolean {
  return value.length <= 253 && CUSTOM_DOMAIN_PATTERN.test(value);
}

/** Subdomain derived from a tenant name: lowercase, non-alphanumerics to hyphens, runs collapsed, edges trimmed, cut to 63. */
export function generateSubdomain(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, SUBDOMAIN_MAX_LENGTH)
    .replace(/-$/, '');
}

export const DEVELOPMENT_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const;

/** What a request's host is, before any database lookup. */
export type HostKind =
  | { kind: 'main'; host: string }
  | { kind: 'development'; host: string }
  | { kind: 'root-subdomain'; host: string; subdomain: string; rootDomain: string }
  | { kind: 'local-subdomain'; host: string; subdomain: string }
  | { kind: 'custom'; host: string };

/** Lowercases and strips the port and a trailing dot; '' for a missing or malformed host. */
export function normalizeHost(rawHost: string | null | undefined): string {
  if (!rawHost) return '';
  let host = rawHost.trim().toLowerCase();
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return end === -1 ? '' : host.slice(0, end + 1);
  }
  const colon = host.indexOf(':');
  if (colon !== -1) host = host.slice(0, colon);
  return host.replace(/\.$/, '');
}

/** Host names are letters, digits, dots and hyphens (an IPv6 literal is bracketed); ≤ 253 characters. */
export function isWellFormedHost(host: string): boolean {
  return host.length <= 253 && (/^[a-z0-9.-]*$/.test(host) || /^\[[0-9a-f:.]+\]$/.test(host));
}

export function classifyHost(rawHost: string, rootDomains: readonly string[]): HostKind {
  const host = normalizeHost(rawHost);
  if ((DEVELOPMENT_HOSTS as readonly string[]).includes(host) || host === '') {
    return { kind: 'development', host };
  }
  for (const root of rootDomains) {
    if (host === root || host === `www.${root}`) return { kind: 'main', host };
    if (host.endsWith(`.${root}`)) {
      const subdomain = host.slice(0, -(root.length + 1));
      // Only one label deep: a.b.dukani.com is nobody's subdomain, so treat it as a custom domain.
      if (!subdomain.includes('.')) return { kind: 'root-subdomain', host, subdomain, rootDomain: root };
    }
  }
  if (host.endsWith('.localhost')) {
    const subdomain = host.slice(0, -'.localhost'.length);
    if (!subdomain.includes('.')) return { kind: 'local-subdomain', host, subdomain };
  }
  return { kind: 'custom', host };
}

/** The same subdomain on the other main domain(s): the fallback of spec §4 step 4. */
export function fallbackHosts(subdomain: string, rootDomain: string, rootDomains: readonly string[]): string[] {
  return rootDomains.filter((root) => root !== rootDomain).map((root) => `${subdomain}.${root}`);
}

export const TENANT_STATUSES = ['active', 'trial', 'suspended', 'cancelled'] as const;
export type TenantStatus = (typeof TENANT_STATUSES)[number];
/** Spec §3: only active and trial tenants are usable. */
export const USABLE_TENANT_STATUSES = ['active', 'trial'] as const satisfies readonly TenantStatus[];

export function isUsableTenantStatus(status: string): boolean {
  return (USABLE_TENANT_STATUSES as readonly string[]).includes(status);
}
