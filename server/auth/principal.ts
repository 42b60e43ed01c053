import { eq } from 'drizzle-orm';
import { isPlatformAdminRole } from '../../core/auth/roles.rules';
import type { FeatureKey } from '../../core/billing/plan-features.rules';
import { assertPlanAllows } from '../billing/plan-guard';
import { readSubscriptionRecord, subscriptionStateAt } from '../billing/subscription.service';
import { isUsableTenantStatus } from '../../core/tenancy/tenancy.rules';
import type { FrequentRead, TenantTx } from '../db/client';
import { sessions } from '../db/schema/auth';
import { tenants } from '../db/schema/tenancy';
import type { AppDependencies } from '../http/context';
import { HttpError } from '../http/errors';
import { SESSION_RENEW_AFTER_SECONDS, SESSION_TTL_SECONDS } from './auth';
import { readSignedSessionToken, serializeSessionCookie } from './session-cookie';
import { hasPermission, platformAdminAccess, type MemberAccess, type RoutePermission } from '../../core/team/permissions.rules';
import { readMemberAccess } from '../team/member-access';
import { isShopSuspended, shopSuspendedError } from '../platform/shop-suspension';
import { findMembershipIn, isTenantUsable } from './sign-in-policy';

/** The signed-in person behind a request. */
export interface Principal {
  userId: string;
  email: string;
  sessionId: string;
  role: string | null;
  isPlatformAdmin: boolean;
  /** The tenant the session was signed into; null on a tenantless host. */
  sessionTenantId: string | null;
  /** That tenant's tenants.access_version as read with the session: stamps the access cache. */
  sessionTenantAccessVersion: number | null;
  /** Set when the session is due to be extended (sliding sessions). */
  renewal: { token: string } | null;
  /**
   * The support access grant this session was opened with (a platform admin's read-only view of the
   * session's shop, issue 21); null for every other session. Only a grant still running is read.
   */
  supportGrantId: string | null;
}

export const SESSION_EXPIRED_MESSAGE = /*i18n*/ 'Session expired. Please log in again.';

/**
 * The session, its user, role and shop stamp in one statement, from the signed session cookie.
 * Read on every request, never cached (docs/decisions/0011): signing out, a password change and a
 * deactivation delete sessions and count at once. Plain SQL with one-row subqueries (it plans in a
 * fraction of the four-table join drizzle's builder wrote), prepared once on PGlite
 * (docs/decisions/0011, "What a tenant request costs").
 */
export async function readPrincipal(deps: AppDependencies, headers: Headers, options: { holdTenantId?: string | null } = {}): Promise<Principal | null> {
  const sessionCookieName = (await deps.auth.$context).authCookies.sessionToken.name;
  const token = readSignedSessionToken(headers.get('cookie'), sessionCookieName, deps.config.authSecret);
  if (!token) return null;
  const now = Date.now();
  // Sliding sessions, as better-auth's updateAge: once a day of use, the session gets a full lifetime again.
  const renewBefore = new Date(now + (SESSION_TTL_SECONDS - SESSION_RENEW_AFTER_SECONDS) * 1000).toISOString();
  const params = [token, new Date(now).toISOString(), renewBefore];
  // A read request's session read opens its transaction too (docs/decisions/0018).
  const [row] = options.holdTenantId
    ? await deps.database.readHoldingTenant<SessionRow>(options.holdTenantId, SESSION_READ, params)
    : await deps.database.readFrequent<SessionRow>(SESSION_READ, params);
  // A session whose user is gone (the inner join of before) is no session, nor one whose support access ended.
  if (!row || row.email === null || row.support_grant_id === '') return null;
  const role = row.role ?? null;
  return {
    userId: row.user_id,
    email: row.email,
    sessionId: row.id,
    role,
    isPlatformAdmin: isPlatformAdminRole(role),
    sessionTenantId: row.tenant_id,
    sessionTenantAccessVersion: row.access_version === null ? null : Number(row.access_version),
    // Support access ends when its grant does: its session is never extended.
    renewal: row.renewal_due && row.support_grant_id === null ? { token } : null,
    supportGrantId: row.support_grant_id,
  };
}

const SESSION_READ: FrequentRead = {
  key: 'dukani_session_read',
  statement: `select s.id, s.user_id, s.tenant_id, s.expires_at < $3::timestamptz as renewal_due,
                     (select u.email from users u where u.id = s.user_id) as email,
                     (select p.role from profiles p where p.user_id = s.user_id) as role,
                     (select t.access_version::text from tenants t where t.id = s.tenant_id) as access_version,
                     (select case when g.ended_at is null and g.expires_at > $2::timestamptz then g.id::text else '' end
                        from support_access_grants g where g.session_id = s.id) as support_grant_id
                from sessions s
               where s.token = $1::text and s.expires_at > $2::timestamptz`,
};

interface SessionRow {
  id: string;
  user_id: string;
  tenant_id: string | null;
  renewal_due: boolean;
  email: string | null;
  role: string | null;
  access_version: string | null;
  /** The running grant's id; '' when the session's support access ended; null for other sessions. */
  support_grant_id: string | null;
}

/** Extends a session that is due and returns the renewed cookie, or null. */
export async function renewSessionIfDue(deps: AppDependencies, principal: Principal): Promise<string | null> {
  if (!principal.renewal) return null;
  const now = new Date();
  await deps.database.platform
    .update(sessions)
    .set({ expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000), updatedAt: now })
    .where(eq(sessions.id, principal.sessionId));
  const context = await deps.auth.$context;
  return serializeSessionCookie(
    context.authCookies.sessionToken.name,
    principal.renewal.token,
    deps.config.authSecret,
    SESSION_TTL_SECONDS,
    context.authCookies.sessionToken.attributes.secure ?? false,
  );
}

export async function requirePrincipal(deps: AppDependencies, headers: Headers, options: { holdTenantId?: string | null } = {}): Promise<Principal> {
  const principal = await readPrincipal(deps, headers, options);
  if (!principal) throw new HttpError('unauthorized', SESSION_EXPIRED_MESSAGE);
  return principal;
}

/**
 * The tenant a tenant route acts on, for this principal: the host's tenant, or the session's
 * tenant on a tenantless development host. Anything else is 404, never 403 with data. The shop's
 * status, the membership with its role, and the plan (gate and feature, docs/decisions/0009) are
 * read in one tenant transaction and reused for a few seconds (docs/decisions/0011). The reuse is
 * stamped with the shop's access version, read with the session on every request, so a
 * suspension, a membership change or a payment made through any app server counts on the next
 * request, even while the host's tenant stays cached (spec §9).
 *
 * The role is the one on the person's membership of this shop (issue 11 "Role per membership"):
 * the owner of one shop may be a cashier in another. The route's permission is checked against the
 * member's permission set, their built-in role's or their custom role's (issue 20,
 * docs/decisions/0024-permissions-and-team.md). Platform admins, who have no membership, act with
 * every permission.
 */
export async function requireTenantAccess(
  deps: AppDependencies,
  principal: Principal,
  host: string | undefined,
  access: { permission: RoutePermission; feature?: FeatureKey; checkGate: boolean },
): Promise<{ tenantId: string; role: string | null; memberAccess: MemberAccess }> {
  const tenantId = await requestTenantId(deps, principal, host);
  const isMemberCheck = !principal.isPlatformAdmin;
  // Members, and support access (its grant is for one shop), act only in the shop they signed into.
  if ((isMemberCheck || principal.supportGrantId) && principal.sessionTenantId !== tenantId) throw new HttpError('not_found', /*i18n*/ 'Not found');
  const now = new Date();
  // Platform admins act in shops they are not signed into: no stamp was read, so nothing is reused.
  const accessVersion = principal.sessionTenantId === tenantId ? principal.sessionTenantAccessVersion : null;
  const facts = await deps.tenantAccess.read(tenantId, principal.userId, accessVersion, () =>
    deps.database.withTenant(tenantId, async (tx) => {
      const membership = await findMembershipIn(tx, principal.userId);
      return {
        tenantStatus: await readTenantStatus(tx, tenantId),
        membership: membership && { isActive: membership.isActive, role: membership.role, access: await readMemberAccess(tx, membership) },
        subscription: await readSubscriptionRecord(tx),
      };
    }),
  );
  // What the host resolver answers once its cache expires: an unusable shop is no shop (spec §3).
  if (facts.tenantStatus === null || !isUsableTenantStatus(facts.tenantStatus)) {
    // A suspended shop tells its own people, and support, why (issue 21); anyone else finds no shop.
    if (facts.tenantStatus === 'suspended' && (principal.isPlatformAdmin || facts.membership)) throw shopSuspendedError();
    throw new HttpError('not_found', NO_SHOP_MESSAGE);
  }
  let role = principal.role;
  let memberAccess = platformAdminAccess(role);
  if (isMemberCheck) {
    if (!facts.membership) throw new HttpError('not_found', /*i18n*/ 'Not found');
    if (!facts.membership.isActive) throw new HttpError('unauthorized', SESSION_EXPIRED_MESSAGE);
    role = facts.membership.role;
    memberAccess = facts.membership.access;
  }
  if (!hasPermission(memberAccess, access.permission)) {
    throw new HttpError('forbidden', /*i18n*/ 'Your role does not allow this. Ask your shop owner.');
  }
  if (access.checkGate || access.feature) {
    assertPlanAllows(subscriptionStateAt(facts.subscription, now), { feature: access.feature, checkGate: access.checkGate }, now);
  }
  return { tenantId, role, memberAccess };
}

const NO_SHOP_MESSAGE = /*i18n*/ 'No shop at this address';

// The application role may read the tenants table (server/db/migrations/0001_tenant_isolation.sql).
async function readTenantStatus(tx: TenantTx, tenantId: string): Promise<string | null> {
  const [tenant] = await tx.select({ status: tenants.status }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return tenant?.status ?? null;
}

/** The host's tenant, or on a tenantless development host the session's tenant while it is usable. */
async function requestTenantId(deps: AppDependencies, principal: Principal, host: string | undefined): Promise<string> {
  const context = await deps.tenantResolver.resolve(host);
  if (context.tenant) return context.tenant.id;
  if (context.allowTenantlessAuth && principal.sessionTenantId && (await isTenantUsable(deps.database, principal.sessionTenantId))) {
    return principal.sessionTenantId;
  }
  // The host no longer resolves because the session's own shop was suspended (issue 21).
  if (principal.sessionTenantId && (await isShopSuspended(deps.database, principal.sessionTenantId))) throw shopSuspendedError();
  throw new HttpError('not_found', NO_SHOP_MESSAGE);
}
