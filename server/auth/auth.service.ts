import { and, eq, isNull } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { homePathForRole, isPlatformAdminRole } from '../../core/auth/roles.rules';
import { platformAdminAccess } from '../../core/team/permissions.rules';
import { readMemberAccess } from '../team/member-access';
import type { SessionUser } from '../../core/auth/session.schemas';
import { profiles, sessions, tenantUsers, users } from '../db/schema/auth';
import type { AppDependencies } from '../http/context';
import { HttpError } from '../http/errors';
import { recordActivity } from './activity.service';
import type { Principal } from './principal';
import { findMembership } from './sign-in-policy';
import { SignInRefused, assertHostAllowsSignIn } from './sign-in-policy';

export const INVALID_CREDENTIALS_MESSAGE = /*i18n*/ 'Invalid email or password';

export interface RequestMeta {
  headers: Headers;
  ipAddress: string | null;
  userAgent: string | null;
}

/**
 * Signs in with e-mail and password. better-auth verifies the password and creates the session;
 * its session hook (sign-in-policy.ts) refuses hosts and memberships that may not sign in.
 * Returns the Set-Cookie headers and the signed-in user.
 */
export async function signIn(deps: AppDependencies, input: { email: string; password: string }, meta: RequestMeta) {
  try {
    await assertHostAllowsSignIn(deps.database, await deps.tenantResolver.resolve(meta.headers.get('host') ?? undefined));
  } catch (error) {
    if (error instanceof SignInRefused) throw new HttpError('forbidden', error.message);
    throw error;
  }
  let result;
  try {
    result = await deps.auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers: meta.headers,
      returnHeaders: true,
    });
  } catch (error) {
    throw toHttpError(error);
  }
  const userId = result.response.user.id;
  const [session] = await deps.database.platform
    .select({ tenantId: sessions.tenantId })
    .from(sessions)
    .where(eq(sessions.token, result.response.token))
    .limit(1);
  const tenantId = session?.tenantId ?? null;
  if (tenantId) {
    await acceptPendingInvitation(deps, tenantId, userId);
    await recordActivity(deps.database, tenantId, { userId, actionType: 'login', ...meta, details: { timestamp: new Date().toISOString() } });
  }
  const user = await loadSessionUser(deps, userId, tenantId);
  return { setCookie: result.headers.getSetCookie(), user };
}

/** Sign-in with a pending invitation marks profile and membership accepted and active, once. */
async function acceptPendingInvitation(deps: AppDependencies, tenantId: string, userId: string) {
  const now = new Date();
  // Profile (platform) and membership (tenant) in one transaction: they never disagree.
  await deps.database.withPlatformThenTenant(async (platformTx, enterTenant) => {
    await platformTx
      .update(profiles)
      .set({ invitationStatus: 'accepted', invitationAcceptedAt: now, updatedAt: now })
      .where(and(eq(profiles.userId, userId), eq(profiles.invitationStatus, 'pending'), isNull(profiles.invitationAcceptedAt)));
    const tx = await enterTenant(tenantId);
    await tx
      .update(tenantUsers)
      .set({ invitationStatus: 'accepted', invitationAcceptedAt: now, isActive: true, updatedAt: now })
      .where(and(eq(tenantUsers.userId, userId), eq(tenantUsers.invitationStatus, 'pending')));
  });
  deps.tenantAccess.forgetTenant(tenantId);
}

export async function signOut(deps: AppDependencies, principal: Principal | null, meta: RequestMeta) {
  if (principal?.sessionTenantId) {
    await recordActivity(deps.database, principal.sessionTenantId, {
      userId: principal.userId,
      actionType: 'logout',
      ...meta,
      details: { timestamp: new Date().toISOString() },
    });
  }
  try {
    const result = await deps.auth.api.signOut({ headers: meta.headers, returnHeaders: true });
    return result.headers.getSetCookie();
  } catch {
    return [];
  }
}

export async function loadSessionUser(
  deps: AppDependencies,
  userId: string,
  tenantId: string | null,
  { supportAccess = false }: { supportAccess?: boolean } = {},
): Promise<SessionUser> {
  const [row] = await deps.database.platform
    .select({
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      fullName: profiles.fullName,
      role: profiles.role,
      requirePasswordChange: profiles.requirePasswordChange,
      language: profiles.language,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new HttpError('unauthorized', /*i18n*/ 'Session expired. Please log in again.');
  const isPlatformAdmin = isPlatformAdminRole(row.role);
  // The web app mirrors the role the person has in the session's shop, as the server authorises
  // by it (issue 11 "Role per membership"); a platform admin keeps the platform role.
  const membership = tenantId && !isPlatformAdmin ? await findMembership(deps.database, tenantId, userId) : null;
  const access =
    membership && tenantId
    ? await deps.database.withTenant(tenantId, (tx) => readMemberAccess(tx, membership))
    : isPlatformAdmin && tenantId
      ? platformAdminAccess(row.role)
      : null;
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName ?? null,
    role: membership?.role ?? row.role ?? null,
    tenantId,
    isPlatformAdmin,
    supportAccess,
    requirePasswordChange: row.requirePasswordChange ?? false,
    emailVerified: row.emailVerified,
    homePath: supportAccess ? '/admin' : homePathForRole(row.role),
    language: row.language ?? null,
    permissions: access?.permissions ?? [],
    maxDiscountPercent: access?.maxDiscountPercent ?? 0,
    locationIds: access?.locationIds ?? null,
  };
}

/** better-auth's errors as ours: known codes keep a clear message, nothing internal leaks. */
export function toHttpError(error: unknown): Error {
  if (!(error instanceof APIError)) return error instanceof Error ? error : new Error(String(error));
  const body = (error.body ?? {}) as { code?: string; message?: string };
  switch (body.code) {
    case 'INVALID_EMAIL_OR_PASSWORD':
    case 'INVALID_PASSWORD':
    case 'CREDENTIAL_ACCOUNT_NOT_FOUND':
    case 'NOT_A_MEMBER':
      return new HttpError('unauthorized', INVALID_CREDENTIALS_MESSAGE);
    case 'ACCOUNT_DEACTIVATED':
    case 'TENANT_REQUIRED':
    case 'TENANT_INACTIVE':
      return new HttpError('forbidden', body.message ?? /*i18n*/ 'You cannot sign in here.');
    case 'PASSWORD_TOO_SHORT':
    case 'PASSWORD_TOO_LONG':
      return new HttpError('validation_failed', body.message ?? /*i18n*/ 'Password is not allowed', { newPassword: [body.message ?? /*i18n*/ 'Password is not allowed'] });
    case 'INVALID_TOKEN':
      return new HttpError('bad_request', /*i18n*/ 'This link is invalid or has expired. Ask for a new one.');
    case 'INVALID_OTP':
    case 'OTP_EXPIRED':
    case 'TOO_MANY_ATTEMPTS':
      return new HttpError('bad_request', /*i18n*/ 'Invalid or expired verification code');
    default:
      if (error.statusCode === 401) return new HttpError('unauthorized', /*i18n*/ 'Session expired. Please log in again.');
      return new HttpError('bad_request', body.message ?? /*i18n*/ 'The request could not be completed');
  }
}
