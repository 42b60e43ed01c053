import { useLingui } from '@lingui/react/macro';
import { Outlet } from 'react-router';
import { hasTenantRole } from '../../core/auth/roles.rules';
import { useSignedInUser } from '../auth/auth-provider';
import { RoleRefusal } from './inventory-ui';

/**
 * Stock records and documents are for managers and owners, as the server answers: a cashier who
 * types one of these addresses sees why, and the page (and its requests) is never mounted.
 */
export function ManagersOnly() {
  const { t } = useLingui();
  const user = useSignedInUser();
  if (!hasTenantRole(user.role, 'manager')) return <RoleRefusal what={t`stock records and documents`} />;
  return <Outlet />;
}
