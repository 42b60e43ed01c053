import { z } from 'zod';
import { safeLine, safeText } from '../api/text.schemas';
import { emailSchema } from '../auth/auth.schemas';
import { PLATFORM_ADMIN_ROLES } from '../auth/roles.rules';
import { LIMIT_KEYS } from '../billing/plan-features.rules';
import { fillMessage } from '../i18n/message.rules';
import { PLATFORM_TENANT_STATUSES, TRIAL_EXTENSION_MAX_DAYS } from './tenant-status.rules';

// The super-admin console's API (issue 21, docs/platform.md): /api/platform/*, platform admins only.

/** What the platform audit log records, `<tenant|user|plan>.<verb>` (a plan's id in details.planId). */
export const PLATFORM_AUDIT_ACTIONS = [
  'tenant.trial_extended',
  'tenant.plan_changed',
  'tenant.suspended',
  'tenant.reactivated',
  'tenant.exported',
  'tenant.support_access_started',
  'tenant.support_access_ended',
  'tenant.custom_price_set',
  'tenant.custom_price_ended',
  'user.platform_role_changed',
  'user.deactivated',
  'user.reactivated',
  'user.password_reset',
  'user.sessions_revoked',
  'user.session_revoked',
  'plan.created',
  'plan.updated',
  'plan.retired',
  'plan.reactivated',
  'plan.deleted',
  'domain.added',
  'domain.verified',
  'domain.check_failed',
  'domain.removed',
  'announcement.created',
  'settings.updated',
  'security.sign_in_unlocked',
] as const;
export type PlatformAuditAction = (typeof PLATFORM_AUDIT_ACTIONS)[number];

const pageFields = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
};
const searchText = safeLine().trim().max(120).optional();

// ── Tenants ────────────────────────────────────────────────────────────────

export const platformTenantStatusSchema = z.enum(PLATFORM_TENANT_STATUSES);
export const TENANT_SORTS = ['name', 'subdomain', 'createdAt'] as const;

export const tenantListQuerySchema = z.object({
  /** A shop's name, subdomain or owner's e-mail, in part. */
  search: searchText,
  status: platformTenantStatusSchema.optional(),
  planId: z.uuid().optional(),
  sort: z.enum(TENANT_SORTS).default('createdAt'),
  direction: z.enum(['asc', 'desc']).default('desc'),
  ...pageFields,
});
export type TenantListQuery = z.input<typeof tenantListQuerySchema>;

const planSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  period: z.enum(['monthly', 'yearly']),
  priceMinor: z.number().int(),
  currency: z.string(),
});

export const platformTenantRowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  subdomain: z.string(),
  status: platformTenantStatusSchema,
  plan: planSummarySchema.nullable(),
  ownerEmail: z.string().nullable(),
  trialEnd: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  createdAt: z.string(),
});
export type PlatformTenantRow = z.infer<typeof platformTenantRowSchema>;

export const platformTenantPageSchema = z.object({ items: z.array(platformTenantRowSchema), total: z.number().int() });
export type PlatformTenantPage = z.infer<typeof platformTenantPageSchema>;

export const platformAuditEventSchema = z.object({
  id: z.uuid(),
  action: z.string(),
  actorUserId: z.uuid(),
  actorEmail: z.string().nullable(),
  tenantId: z.uuid().nullable(),
  targetUserId: z.uuid().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  details: z.record(z.string(), z.unknown()),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
});
export type PlatformAuditEventView = z.infer<typeof platformAuditEventSchema>;

export const platformTenantSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  subdomain: z.string(),
  status: platformTenantStatusSchema,
  createdAt: z.string(),
  suspension: z.object({ reason: z.string(), contactEmail: z.string(), suspendedAt: z.string() }).nullable(),
  subscription: z
    .object({
      status: z.string(),
      trialEnd: z.string().nullable(),
      currentPeriodEnd: z.string().nullable(),
      plan: planSummarySchema.nullable(),
    })
    .nullable(),
  /** Each plan limit with what the shop uses of it; the maximum as the plan (or trial) grants it. */
  usage: z.array(z.object({ limit: z.enum(LIMIT_KEYS), used: z.number().int(), maximum: z.number().int().nullable() })),
  /** The addresses the shop answers on under the platform's root domains (its custom domains: GET /api/platform/tenants/{id}/domains). */
  addresses: z.array(z.string()),
  staff: z.array(z.object({ userId: z.uuid(), name: z.string().nullable(), email: z.string(), role: z.string(), isActive: z.boolean() })),
  lastSignInAt: z.string().nullable(),
  lastSaleAt: z.string().nullable(),
  /** The latest of a sign-in, a sale and a session's use in the shop. */
  lastActivityAt: z.string().nullable(),
  /** The platform audit log for this shop, newest first. */
  history: z.array(platformAuditEventSchema),
});
export type PlatformTenant = z.infer<typeof platformTenantSchema>;

export const extendTrialSchema = z.object({
  days: z
    .number({ message: fillMessage(/*i18n*/ 'Enter a whole number of days from 1 to {max}', { max: TRIAL_EXTENSION_MAX_DAYS }) })
    .int({ message: fillMessage(/*i18n*/ 'Enter a whole number of days from 1 to {max}', { max: TRIAL_EXTENSION_MAX_DAYS }) })
    .min(1, { message: fillMessage(/*i18n*/ 'Enter a whole number of days from 1 to {max}', { max: TRIAL_EXTENSION_MAX_DAYS }) })
    .max(TRIAL_EXTENSION_MAX_DAYS, { message: fillMessage(/*i18n*/ 'Enter a whole number of days from 1 to {max}', { max: TRIAL_EXTENSION_MAX_DAYS }) }),
});
export type ExtendTrialInput = z.infer<typeof extendTrialSchema>;

export const changePlanSchema = z.object({ planId: z.uuid({ message: /*i18n*/ 'Choose a plan' }) });
export type ChangePlanInput = z.infer<typeof changePlanSchema>;

export const SUSPENSION_REASON_MAX = 500;

export const suspendTenantSchema = z.object({
  reason: safeText()
    .trim()
    .min(3, { message: /*i18n*/ 'Say why the shop is suspended' })
    .max(SUSPENSION_REASON_MAX, { message: fillMessage(/*i18n*/ 'At most {max} characters', { max: SUSPENSION_REASON_MAX }) }),
  /** Whom the shop's people should contact; the suspending admin's own address when absent. */
  contactEmail: emailSchema.optional(),
});
export type SuspendTenantInput = z.input<typeof suspendTenantSchema>;

export const platformPlanSchema = planSummarySchema.extend({ isActive: z.boolean() });
export type PlatformPlan = z.infer<typeof platformPlanSchema>;

// ── Users ──────────────────────────────────────────────────────────────────

export const platformRoleSchema = z.enum(PLATFORM_ADMIN_ROLES);
export type PlatformRole = z.infer<typeof platformRoleSchema>;

export const userListQuerySchema = z.object({
  /** A name or e-mail, in part. */
  search: searchText,
  /** `any`: every platform admin; `none`: shop people only; else that platform role. */
  platformRole: z.union([platformRoleSchema, z.enum(['any', 'none'])]).optional(),
  tenantId: z.uuid().optional(),
  status: z.enum(['active', 'deactivated']).optional(),
  ...pageFields,
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

export const platformUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  fullName: z.string().nullable(),
  /** The profile's role (spec §6): a platform role, or what the person's home shop made them. */
  role: z.string().nullable(),
  platformRole: platformRoleSchema.nullable(),
  isDeactivated: z.boolean(),
  createdAt: z.string(),
  memberships: z.array(z.object({ tenantId: z.uuid(), tenantName: z.string(), subdomain: z.string(), role: z.string(), isActive: z.boolean() })),
});
export type PlatformUser = z.infer<typeof platformUserSchema>;

export const platformUserPageSchema = z.object({ items: z.array(platformUserSchema), total: z.number().int() });
export type PlatformUserPage = z.infer<typeof platformUserPageSchema>;

export const setPlatformRoleSchema = z.object({ platformRole: platformRoleSchema.nullable() });
export type SetPlatformRoleInput = z.infer<typeof setPlatformRoleSchema>;

export const passwordResetSchema = z.object({
  /** temporary_password: shown once here, changed at the next sign-in; email: a reset link, as "Forgot password" sends. */
  method: z.enum(['temporary_password', 'email']),
});
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;
export const passwordResetResultSchema = z.object({ temporaryPassword: z.string().nullable() });

// ── Overview, alerts, search ───────────────────────────────────────────────

const moneyByCurrency = z.array(z.object({ currency: z.string(), amountMinor: z.number().int(), count: z.number().int() }));

export const PLATFORM_ALERT_KINDS = ['failed_payments', 'etims_backlog', 'email_failures'] as const;
export type PlatformAlertKind = (typeof PLATFORM_ALERT_KINDS)[number];

export const platformAlertSchema = z.object({
  kind: z.enum(PLATFORM_ALERT_KINDS),
  /** Failed payments or e-mails (last 7 days), eTIMS documents failed or waiting over an hour. */
  count: z.number().int(),
  shops: z.number().int(),
  latestAt: z.string().nullable(),
});
export type PlatformAlert = z.infer<typeof platformAlertSchema>;

export const platformAlertsSchema = z.object({
  alerts: z.array(platformAlertSchema),
  /** Something new since this admin last opened the alerts. */
  hasUnread: z.boolean(),
});
export type PlatformAlerts = z.infer<typeof platformAlertsSchema>;

export const platformOverviewSchema = z.object({
  tenantsByStatus: z.record(platformTenantStatusSchema, z.number().int()),
  tenantCount: z.number().int(),
  /** Shops created since Monday 00:00 on the platform's clock (Africa/Nairobi). */
  signupsThisWeek: z.number().int(),
  /** Active paid subscriptions' plan prices, yearly ones a twelfth, by the plans' currency. */
  mrr: z.array(z.object({ currency: z.string(), amountMinor: z.number().int(), subscriptions: z.number().int() })),
  /** Today's sales (Africa/Nairobi) across every shop, voids left out, by the shops' currency. */
  salesToday: moneyByCurrency,
  alerts: z.array(platformAlertSchema),
});
export type PlatformOverview = z.infer<typeof platformOverviewSchema>;

export const platformSearchQuerySchema = z.object({
  q: safeLine()
    .trim()
    .min(2, { message: /*i18n*/ 'Type at least 2 characters' })
    .max(120),
});
export const platformSearchSchema = z.object({
  tenants: z.array(z.object({ id: z.uuid(), name: z.string(), subdomain: z.string(), status: platformTenantStatusSchema })),
  users: z.array(z.object({ id: z.uuid(), email: z.string(), fullName: z.string().nullable() })),
});
export type PlatformSearchResult = z.infer<typeof platformSearchSchema>;

/** GET /api/shop-suspension: the session's shop, when a platform admin suspended it. */
export const shopSuspensionSchema = z.object({
  suspension: z.object({ shopName: z.string(), reason: z.string(), contactEmail: z.string(), suspendedAt: z.string() }).nullable(),
});
export type ShopSuspension = z.infer<typeof shopSuspensionSchema>;
