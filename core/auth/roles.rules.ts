// Spec §5 "Role normalisation" and §6 "Roles and permissions".

/** Trim, lowercase, spaces and hyphens to underscores. */
export function normalizeRole(role: string | null | undefined): string {
  return (role ?? '').trim().toLowerCase().replace(/[\s-]+/g, '_');
}

export const PLATFORM_ADMIN_ROLES = ['superadmin', 'super_admin', 'platform_admin', 'sysadmin'] as const;

export function isPlatformAdminRole(role: string | null | undefined): boolean {
  return (PLATFORM_ADMIN_ROLES as readonly string[]).includes(normalizeRole(role));
}

/** Tenant roles the server knows, weakest first: a route's minimum role admits every stronger one. */
export const TENANT_ROLES = ['cashier', 'manager', 'admin'] as const;
export type TenantRole = (typeof TENANT_ROLES)[number];

/** Rank of a (normalised) role for tenant routes; 'user' is staff like a cashier; unknown ranks lowest. */
export function tenantRoleRank(role: string | null | undefined): number {
  const normalized = normalizeRole(role);
  if (isPlatformAdminRole(normalized)) return TENANT_ROLES.length;
  if (['admin', 'owner', 'tenant_admin', 'business_owner'].includes(normalized)) return 3;
  if (['manager', 'store_manager'].includes(normalized)) return 2;
  if (['cashier', 'user', 'sales_staff'].includes(normalized)) return 1;
  return 0;
}

const DISPLAY_NAMES: Array<[string, string[]]> = [
  [/*i18n*/ 'Business Owner', ['admin', 'superadmin', 'tenant admin', 'tenant_admin', 'owner', 'business owner']],
  [/*i18n*/ 'Store Manager', ['manager', 'store manager']],
  [/*i18n*/ 'Sales Staff', ['user', 'cashier', 'sales staff']],
];

/** Display mapping of the route guard (§6); other roles are shown as given. */
export function roleDisplayName(role: string | null | undefined): string {
  const raw = (role ?? '').trim();
  const lower = raw.toLowerCase();
  for (const [label, members] of DISPLAY_NAMES) if (members.includes(lower)) return label;
  return raw;
}

/** Badge colours of §6: superadmin destructive, admin primary, manager accent, cashier secondary. */
export type RoleBadgeVariant = 'destructive' | 'default' | 'accent' | 'secondary' | 'outline';
export function roleBadgeVariant(role: string | null | undefined): RoleBadgeVariant {
  switch (normalizeRole(role)) {
    case 'superadmin':
      return 'destructive';
    case 'admin':
      return 'default';
    case 'manager':
      return 'accent';
    case 'cashier':
      return 'secondary';
    default:
      return 'outline';
  }
}

/**
 * The route guard's role check (§6): passes with no allowed roles, when the user has no role
 * yet, when the role is superadmin or admin, or when the mapped or raw role is allowed.
 */
export function isRoleAllowed(role: string | null | undefined, allowedRoles?: readonly string[]): boolean {
  if (!allowedRoles || allowedRoles.length === 0) return true;
  const normalized = normalizeRole(role);
  if (normalized === '') return true;
  if (normalized === 'superadmin' || normalized === 'admin') return true;
  const mapped = roleDisplayName(role);
  return allowedRoles.some((allowed) => allowed === mapped || normalizeRole(allowed) === normalized);
}

/** Where a user lands after sign-in (§2 "After sign-in"). */
export function homePathForRole(role: string | null | undefined): '/superadmin' | '/admin' {
  return isPlatformAdminRole(role) ? '/superadmin' : '/admin';
}
