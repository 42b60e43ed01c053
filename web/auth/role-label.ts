import { isPlatformAdminRole, roleDisplayName } from '../../core/auth/roles.rules';

/**
 * The role as people read it: the guard's display mapping (spec §6), except that platform
 * administrators are not called "Business Owner" (the mapping groups superadmin with admin).
 */
export function roleLabel(role: string | null | undefined): string {
  if (isPlatformAdminRole(role)) return 'Platform Administrator';
  return roleDisplayName(role) || 'No role yet';
}
