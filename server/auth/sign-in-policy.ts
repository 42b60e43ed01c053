import { and, eq, inArray, sql } from 'drizzle-orm';
import { USABLE_TENANT_STATUSES } from '../../core/tenancy/tenancy.rules';
import { isPlatformAdminRole } from '../../core/auth/roles.rules';
import type { TenantContext } from '../../core/tenancy/tenancy.schemas';
import type { Database, TenantTx } from '../db/client';
import { profiles, tenantUsers } from '../db/schema/auth';
import { userDeactivations } from '../db/schema/platform';
import { tenants } from '../db/schema/tenancy';

export type SignInRefusalCode = 'ACCOUNT_DEACTIVATED' | 'NOT_A_MEMBER' | 'TENANT_REQUIRED' | 'TENANT_INACTIVE';

export class SignInRefused extends Error {
  constructor(
    readonly code: SignInRefusalCode,
    message: string,
  ) {
    super(message);
    this.name = 'SignInRefused';
  }
}

export const DEACTIVATED_MESSAGE = /*i18n*/ 'This account has been deactivated. Contact your administrator.';
export const INACTIVE_TENANT_MESSAGE = /*i18n*/ 'This shop is not active. Contact Dukani support.';

export interface SignInDecision {
  /** The tenant the session belongs to: the host's tenant, or the home tenant on a tenantless host. */
  tenantId: string | null;
  role: string | null;
  isPlatformAdmin: boolean;
}

/**
 * Refusals that depend only on the host, so they are answered before the password is checked and
 * say nothing about it: no shop at this address, or the shop is not active. The status is read
 * live, not from the host-resolution cache: a shop suspended a minute ago signs nobody in.
 */
export async function assertHostAllowsSignIn(database: Database, context: TenantContext): Promise<void> {
  if (context.tenant) {
    if (!(await isTenantUsable(database, context.tenant.id))) throw new SignInRefused('TENANT_INACTIVE', INACTIVE_TENANT_MESSAGE);
    return;
  }
  if (!context.allowTenantlessAuth) {
    throw new SignInRefused('TENANT_REQUIRED', /*i18n*/ "Sign in at your shop's address, for example yourshop.dukani.co.ke.");
  }
}

/**
 * Who may open a session where (spec §2 "Host-based tenant resolution", issue "Accounts"):
 * - on a tenant host: that tenant's active members, and platform admins (audited by the caller);
 * - on a host that allows tenantless sign-in: anyone whose home membership is active;
 * - elsewhere (main marketing host, unknown custom domain): nobody.
 */
export async function decideSignIn(database: Database, userId: string, context: TenantContext): Promise<SignInDecision> {
  await assertHostAllowsSignIn(database, context);
  const [profile] = await database.platform
    .select({ role: profiles.role, tenantId: profiles.tenantId, isDeactivated: sql<boolean>`exists (select 1 from ${userDeactivations} where ${userDeactivations.userId} = ${profiles.userId})` })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  // An account the platform deactivated signs in nowhere (issue 21).
  if (profile?.isDeactivated) throw new SignInRefused('ACCOUNT_DEACTIVATED', DEACTIVATED_MESSAGE);
  const role = profile?.role ?? null;
  const isPlatformAdmin = isPlatformAdminRole(role);

  if (context.tenant) {
    if (isPlatformAdmin) return { tenantId: context.tenant.id, role, isPlatformAdmin };
    const membership = await findMembership(database, context.tenant.id, userId);
    // Answered as a wrong password (toHttpError): anything else would confirm the password was right.
    if (!membership) throw new SignInRefused('NOT_A_MEMBER', /*i18n*/ 'Not a member of this shop');
    if (!membership.isActive) throw new SignInRefused('ACCOUNT_DEACTIVATED', DEACTIVATED_MESSAGE);
    return { tenantId: context.tenant.id, role, isPlatformAdmin };
  }

  if (isPlatformAdmin || !profile?.tenantId) return { tenantId: null, role, isPlatformAdmin };
  if (!(await isTenantUsable(database, profile.tenantId))) {
    throw new SignInRefused('TENANT_INACTIVE', INACTIVE_TENANT_MESSAGE);
  }
  const membership = await findMembership(database, profile.tenantId, userId);
  if (membership && !membership.isActive) throw new SignInRefused('ACCOUNT_DEACTIVATED', DEACTIVATED_MESSAGE);
  return { tenantId: membership ? profile.tenantId : null, role, isPlatformAdmin };
}

export async function findMembership(database: Database, tenantId: string, userId: string) {
  return database.withTenant(tenantId, (tx) => findMembershipIn(tx, userId));
}

/** A person's membership in the transaction's tenant (with their role there), or null. */
export async function findMembershipIn(tx: TenantTx, userId: string) {
  const [membership] = await tx
    .select({ id: tenantUsers.id, role: tenantUsers.role, isActive: tenantUsers.isActive, invitationStatus: tenantUsers.invitationStatus })
    .from(tenantUsers)
    .where(eq(tenantUsers.userId, userId))
    .limit(1);
  return membership ?? null;
}

/** Spec §3: only active and trial tenants are usable. */
export async function isTenantUsable(database: Database, tenantId: string): Promise<boolean> {
  const [tenant] = await database.platform
    .select({ id: tenants.id })
    .from(tenants)
    .where(and(eq(tenants.id, tenantId), inArray(tenants.status, [...USABLE_TENANT_STATUSES])))
    .limit(1);
  return Boolean(tenant);
}
