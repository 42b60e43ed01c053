import { useLingui } from '@lingui/react/macro';
import { Outlet } from 'react-router';
import { useMayDo } from '../auth/may-do';
import { RoleRefusal } from './inventory-ui';

/**
 * Stock records and documents need inventory.manage (managers, owners and any custom role given
 * it), as the server answers: anyone else who types one of these addresses sees why, and the page
 * (and its requests) is never mounted.
 */
export function ManagersOnly() {
  const { t } = useLingui();
  const mayManageStock = useMayDo('inventory.manage');
  if (!mayManageStock) return <RoleRefusal what={t`stock records and documents`} />;
  return <Outlet />;
}
