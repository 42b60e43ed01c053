import { z } from 'zod';
import { safeLine } from '../api/text.schemas';
import { PLATFORM_AUDIT_ACTIONS, platformAuditEventSchema } from './platform.schemas';

// The console's Security page (issue 21, docs/platform.md "Security"): sign-ins and their failures,
// rate-limit refusals, refused provider callbacks, sign-in locks, sessions across the platform and
// the platform audit log.

export const SECURITY_EVENT_KINDS = ['sign_in_failed', 'sign_in_succeeded', 'rate_limited', 'webhook_signature_failed'] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/** How many addresses and accounts the "most failures" lists show. */
export const SECURITY_TOP_COUNT = 10;

const pageFields = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
};
/** An e-mail address or a client address, in part. */
const searchText = safeLine().trim().max(120).optional();
const direction = z.enum(['asc', 'desc']).default('desc');

const securityFiguresSchema = z.object({
  /** Sign-ins that succeeded or failed (a rate limit's refusal is counted apart). */
  signInAttempts: z.int(),
  signInFailures: z.int(),
  rateLimitHits: z.int(),
  webhookSignatureFailures: z.int(),
});
export type SecurityFigures = z.infer<typeof securityFiguresSchema>;

export const securityEventSchema = z.object({
  id: z.uuid(),
  kind: z.enum(SECURITY_EVENT_KINDS),
  email: z.string().nullable(),
  userId: z.uuid().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  tenantId: z.uuid().nullable(),
  tenantName: z.string().nullable(),
  /** reason (sign-in), rule (rate limit), provider, path and reason (callbacks). */
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

export const securitySummarySchema = z.object({
  last24Hours: securityFiguresSchema,
  last7Days: securityFiguresSchema,
  /** Failed sign-ins of the last 7 days by client address, most first. */
  failuresByAddress: z.array(z.object({ ipAddress: z.string(), failures: z.int(), accounts: z.int(), lastAt: z.string() })),
  /** Failed sign-ins of the last 7 days by the e-mail typed, most first. */
  failuresByAccount: z.array(z.object({ email: z.string(), failures: z.int(), addresses: z.int(), lastAt: z.string() })),
  /** The ten latest refused provider callbacks. */
  webhookFailures: z.array(securityEventSchema),
});
export type SecuritySummary = z.infer<typeof securitySummarySchema>;

export const SECURITY_EVENT_SORTS = ['createdAt', 'email', 'ipAddress'] as const;
export const securityEventListQuerySchema = z.object({
  kind: z.enum(SECURITY_EVENT_KINDS, { message: /*i18n*/ 'Choose a kind of event' }).optional(),
  search: searchText,
  sort: z.enum(SECURITY_EVENT_SORTS).default('createdAt'),
  direction,
  ...pageFields,
});
export type SecurityEventListQuery = z.input<typeof securityEventListQuerySchema>;
export type ValidSecurityEventListQuery = z.output<typeof securityEventListQuerySchema>;
export const securityEventPageSchema = z.object({ items: z.array(securityEventSchema), total: z.int() });
export type SecurityEventPage = z.infer<typeof securityEventPageSchema>;

/** The two sign-in limits a person can be locked out by (server/auth/rate-limits.ts). */
const SIGN_IN_LOCK_RULES = ['account_address', 'address'] as const;
export type SignInLockRule = (typeof SIGN_IN_LOCK_RULES)[number];

export const signInLockSchema = z.object({
  /** The rate_limits row's key: what "Unlock" deletes. */
  key: z.string(),
  rule: z.enum(SIGN_IN_LOCK_RULES),
  /** The account locked from that address (null for a whole address's lock). */
  email: z.string().nullable(),
  ipAddress: z.string(),
  failures: z.int(),
  max: z.int(),
  lockedUntil: z.string(),
});
export type SignInLock = z.infer<typeof signInLockSchema>;

export const signInLockListQuerySchema = z.object({ search: searchText, ...pageFields });
export type SignInLockListQuery = z.input<typeof signInLockListQuerySchema>;
export type ValidSignInLockListQuery = z.output<typeof signInLockListQuerySchema>;
export const signInLockPageSchema = z.object({ items: z.array(signInLockSchema), total: z.int() });

const SIGN_IN_LOCK_KEY = /^failed-sign-in:(account-address|ip):[^\s]+$/;
export const unlockInputSchema = z.object({
  key: safeLine().max(400).regex(SIGN_IN_LOCK_KEY, { message: /*i18n*/ 'Choose a sign-in lock' }),
});

export const SESSION_SORTS = ['createdAt', 'expiresAt', 'email'] as const;
export const sessionListQuerySchema = z.object({ search: searchText, sort: z.enum(SESSION_SORTS).default('createdAt'), direction, ...pageFields });
export type SessionListQuery = z.input<typeof sessionListQuerySchema>;
export type ValidSessionListQuery = z.output<typeof sessionListQuerySchema>;

export const platformSessionSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  email: z.string(),
  fullName: z.string().nullable(),
  /** The shop whose address it was opened on (null on the platform's own address). */
  tenantId: z.uuid().nullable(),
  tenantName: z.string().nullable(),
  tenantSubdomain: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** The session of the admin asking: ended by signing out, not revoked here. */
  isCurrent: z.boolean(),
});
export type PlatformSession = z.infer<typeof platformSessionSchema>;
export const platformSessionPageSchema = z.object({ items: z.array(platformSessionSchema), total: z.int() });

export const auditLogQuerySchema = z.object({
  action: z.enum(PLATFORM_AUDIT_ACTIONS, { message: /*i18n*/ 'Choose an action' }).optional(),
  ...pageFields,
});
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;
export const auditLogPageSchema = z.object({ items: z.array(platformAuditEventSchema), total: z.int() });
