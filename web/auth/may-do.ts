import type { SessionUser } from '../../core/auth/session.schemas';
import { hasPermission, isPermission, type Permission } from '../../core/team/permissions.rules';
import { useSignedInUser } from './auth-provider';

/**
 * Whether the signed-in member holds a permission (issue 20, docs/decisions/0024): their built-in
 * or custom role's set, from the session. The screens ask this with the permission of the API
 * route behind what they offer, so they hide exactly what the server would refuse. A name the
 * web app does not know (a newer server's) grants nothing here.
 */
export function mayDo(user: Pick<SessionUser, 'permissions'>, permission: Permission): boolean {
  return hasPermission({ permissions: user.permissions.filter(isPermission) }, permission);
}

/** mayDo for the signed-in member, in a component behind <RequireAuth>. */
export function useMayDo(permission: Permission): boolean {
  return mayDo(useSignedInUser(), permission);
}
