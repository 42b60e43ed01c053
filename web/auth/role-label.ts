import { t } from '@lingui/core/macro';
import { isPlatformAdminRole, roleDisplayName } from '../../core/auth/roles.rules';

/**
 * The role as people read it, in the current language: the guard's display mapping (spec §6),
 * except that platform administrators are not called "Business Owner" (the mapping groups
 * superadmin with admin). A role outside the mapping is shown as given.
 */
export function roleLabel(role: string | null | undefined): string {
  if (isPlatformAdminRole(role)) return t`Platform Administrator`;
  const name = roleDisplayName(role);
  switch (name) {
    case 'Business Owner':
      return t`Business Owner`;
    case 'Store Manager':
      return t`Store Manager`;
    case 'Sales Staff':
      return t`Sales Staff`;
    default:
      return name || t`No role yet`;
  }
}
