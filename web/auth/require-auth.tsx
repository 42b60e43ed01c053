import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { isRoleAllowed } from '../../core/auth/roles.rules';
import { Spinner } from '../components/ui/spinner';
import { useAuth } from './auth-provider';
import { isAuthPath, signInPathFor } from './redirect';

// Only a person with a temporary password sees it: the dialog's code is not part of every first page.
const PasswordRequiredDialog = lazy(() => import('./password-required-dialog').then((module) => ({ default: module.PasswordRequiredDialog })));

interface RequireAuthProps {
  /** Spec §6: passes when the mapped or raw role matches, or the role is superadmin or admin. */
  allowedRoles?: readonly string[];
  /**
   * The super-admin area: a platform administrator role, nothing less. (isRoleAllowed lets a
   * shop's admin through any role list, which must not open the platform area.)
   */
  requirePlatformAdmin?: boolean;
}

/**
 * Guard for signed-in areas (spec §6): signed out → /auth keeping where they were going;
 * a role that does not fit → /. Signed in with a temporary password → the mandatory dialog
 * over every page (spec §2, §4).
 */
export function RequireAuth({ allowedRoles, requirePlatformAdmin = false }: RequireAuthProps) {
  const { t } = useLingui();
  const { auth } = useAuth();
  const location = useLocation();

  if (isAuthPath(location.pathname)) return <Outlet />;
  if (auth.status === 'loading') {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <Spinner label={t`Checking your session`} />
      </div>
    );
  }
  if (auth.status === 'signed-out') {
    // An explicit sign-out or deactivation starts over; a lost session comes back here after sign-in.
    const keepLocation = auth.reason === 'no-session' || auth.reason === 'expired';
    return <Navigate to={keepLocation ? signInPathFor(location) : '/auth'} replace />;
  }
  // The console is not for a support access session, whose home is the shop it was opened on.
  const isAllowed = requirePlatformAdmin ? auth.user.homePath === '/superadmin' : isRoleAllowed(auth.user.role, allowedRoles);
  if (!isAllowed) return <Navigate to="/" replace />;
  // Behind the mandatory dialog the page is inert: the admin area may mount after the dialog (it
  // waits for the plan), where the dialog's own hiding of the page behind would miss it.
  return (
    <>
      <div className="contents" inert={auth.user.requirePasswordChange}>
        <Outlet />
      </div>
      {auth.user.requirePasswordChange && (
        <Suspense fallback={null}>
          <PasswordRequiredDialog />
        </Suspense>
      )}
    </>
  );
}
