import { eq } from 'drizzle-orm';
import { hasTenantRole, isPlatformAdminRole, type TenantRole } from '../../core/auth/roles.rules';
import { profiles } from '../db/schema/auth';
import type { AppDependencies } from '../http/context';
import { HttpError } from '../http/errors';
import { findMembership, isTenantUsable } from './sign-in-policy';

/** The signed-in person behind a request. */
export interface Principal {
  userId: string;
  email: string;
  sessionId: string;
  role: string | null;
  isPlatformAdmin: boolean;
  /** The tenant the session was signed into; null on a tenantless host. */
  sessionTenantId: string | null;
}

export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please log in again.';

export async function readPrincipal(deps: AppDependencies, headers: Headers): Promise<Principal | null> {
  const result = await deps.auth.api.getSession({ headers, query: { disableCookieCache: true } });
  if (!result) return null;
  const [profile] = await deps.database.platform
    .select({ role: profiles.role })
    .from(profiles)
    .where(eq(profiles.userId, result.user.id))
    .limit(1);
  const role = profile?.role ?? null;
  return {
    userId: result.user.id,
    email: result.user.email,
    sessionId: result.session.id,
    role,
    isPlatformAdmin: isPlatformAdminRole(role),
    sessionTenantId: (result.session as { tenantId?: string | null }).tenantId ?? null,
  };
}

export async function requirePrincipal(deps: AppDependencies, headers: Headers): Promise<Principal> {
  const principal = await readPrincipal(deps, headers);
  if (!principal) throw new HttpError('unauthorized', SESSION_EXPIRED_MESSAGE);
  return principal;
}

/**
 * The tenant a tenant route acts on, for this principal: the host's tenant, or the session's
 * tenant on a tenantless development host. Anything else is 404, never 403 with data.
 */
export async function requireTenantAccess(
  deps: AppDependencies,
  principal: Principal,
  host: string | undefined,
  minRole: TenantRole,
): Promise<{ tenantId: string }> {
  const context = await deps.tenantResolver.resolve(host);
  let tenantId = context.tenant?.id ?? null;
  // A tenantless development host acts on the session's tenant, while that tenant is usable.
  if (!tenantId && context.allowTenantlessAuth && principal.sessionTenantId) {
    tenantId = (await isTenantUsable(deps.database, principal.sessionTenantId)) ? principal.sessionTenantId : null;
  }
  if (!tenantId) throw new HttpError('not_found', 'No shop at this address');
  if (!principal.isPlatformAdmin) {
    if (principal.sessionTenantId !== tenantId) throw new HttpError('not_found', 'Not found');
    const membership = await findMembership(deps.database, tenantId, principal.userId);
    if (!membership) throw new HttpError('not_found', 'Not found');
    if (!membership.isActive) throw new HttpError('unauthorized', SESSION_EXPIRED_MESSAGE);
  }
  if (!hasTenantRole(principal.role, minRole)) {
    throw new HttpError('forbidden', 'Your role does not allow this. Ask your shop owner.');
  }
  return { tenantId };
}
