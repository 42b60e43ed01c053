/**
 * The tables that belong to the platform, not to one tenant; every other table in `public` is
 * tenant-owned (tenant_id first in its keys, forced row-level security, reached through
 * withTenant only). Each entry says why it is global and which code may read it; the schema test
 * (tenant-isolation.test.ts) and the static scan (scripts/check-tenant-access.ts) both use this
 * list, so a new table is tenant-owned unless it is named here with a reason.
 */
export const PLATFORM_TABLES = {
  tenants: {
    why: 'Names the shops themselves; the host resolves to a tenant before any tenant scope exists.',
    readers: 'tenancy (resolver, creation), settings (the shop name), billing, auth (sign-in policy), jobs (the loyalty expiry lists the shops to visit). The app role may read its own row.',
  },
  tenant_domains: {
    why: 'Maps hosts (subdomains, custom domains) to tenants: read before the tenant is known (spec §9).',
    readers: 'tenancy resolver and the trusted-origin check for links in e-mails.',
  },
  users: {
    why: 'A person signs in once and may belong to several shops (better-auth user).',
    readers: 'auth, profile, and display names shown in a tenant (by id, never by listing).',
  },
  sessions: {
    why: 'Read on every request before the tenant is checked; holds the tenant the session was opened on.',
    readers: 'auth (principal), profile (sign-in activity of the signed-in person only).',
  },
  accounts: {
    why: 'Password hashes of a person (better-auth account), independent of shops.',
    readers: 'auth and credentials services only.',
  },
  verifications: {
    why: 'One-time codes and reset tokens of a person (better-auth), looked up by token.',
    readers: 'auth only.',
  },
  profiles: {
    why: 'A person’s spec §3 profile (role shown, invitation, password-change flags); one per person.',
    readers: 'auth, profile; the role that authorises tenant work is on the membership (tenant_users).',
  },
  rate_limits: {
    why: 'Counts requests per address or account before anyone is signed in.',
    readers: 'server/http/rate-limit.ts and the sign-in limits.',
  },
  email_outbox: {
    why: 'Mail to people (codes, links) is sent before and outside any tenant scope.',
    readers: 'the mailer, and the development mailbox (platform admins or loopback only).',
  },
  billing_plans: {
    why: 'The plans every shop chooses from (spec §9).',
    readers: 'billing, the guard (plan features), the super-admin area.',
  },
  platform_settings: {
    why: 'Settings of the platform (trial length and the like).',
    readers: 'tenancy (creation), billing, the super-admin area.',
  },
  sandbox_transactions: {
    why: 'The built-in payment sandbox stands in for the provider, which is outside every tenant.',
    readers: 'server/billing/sandbox.provider.ts only.',
  },
  background_jobs: {
    why: 'The job queue serves every shop; a job that touches a shop enters its scope with withTenant.',
    readers: 'server/jobs/job-queue.ts; the console counts its depths and failures through the platform reader role (server/platform/system.service.ts).',
  },
  shop_signups: {
    why: 'A shop made by sign-up: its request key is checked before the shop exists, its hand-over token on the shop’s address before anyone is signed in there.',
    readers: 'server/tenancy/signup.service.ts only.',
  },
  platform_audit_events: {
    why: 'What platform admins did in the super-admin console, across shops (append-only, docs/platform.md).',
    readers: 'server/platform (the console) only.',
  },
  tenant_suspensions: {
    why: 'Why a shop is suspended and whom to contact: read before the shop is usable, by its members and the console.',
    readers: 'server/platform (the console, the suspended page, the tenant guard).',
  },
  user_deactivations: {
    why: 'A person whose account the platform deactivated: refused on every host, whatever their shops.',
    readers: 'server/platform and the sign-in policy.',
  },
  platform_alert_reads: {
    why: 'When each platform admin last opened the platform alerts.',
    readers: 'server/platform only.',
  },
  platform_announcements: {
    why: 'An announcement from the platform to many shops at once; each shop gets its own notifications row in its scope, this is the message and its audience.',
    readers: 'server/platform (the Communications page and the delivery job) only.',
  },
  security_events: {
    why: 'Sign-ins, rate-limit refusals and refused provider callbacks, mostly before anyone is signed in or any shop scope exists.',
    readers: 'server/platform (the Security page; the recorder and the 90-day retention job in security-events.ts; the recorder is called by sign-in, the error handler and the callbacks).',
  },
  support_access_grants: {
    why: 'A platform admin’s time-limited read-only access to a shop: read with the session on every request, before any shop scope exists.',
    readers: 'server/platform/support-access.service.ts and the session read (server/auth/principal.ts).',
  },
} as const satisfies Record<string, { why: string; readers: string }>;

export type PlatformTableName = keyof typeof PLATFORM_TABLES;

export function isPlatformTable(name: string): name is PlatformTableName {
  return Object.hasOwn(PLATFORM_TABLES, name);
}
