import { AdminLayout } from '../admin/admin-layout';
import { useSignedInUser } from '../auth/auth-provider';
import { SuperAdminLayout } from '../superadmin/superadmin-layout';

/** /profile sits in the person's own area: the platform frame for platform admins (not in a support session), else the shop's. */
export function ProfileLayout() {
  const user = useSignedInUser();
  return user.homePath === '/superadmin' ? <SuperAdminLayout /> : <AdminLayout />;
}
