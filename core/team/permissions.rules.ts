import { normalizeRole, tenantRoleRank, type TenantRole } from '../auth/roles.rules';

// What a member of a shop may do (issue 20, docs/decisions/0024-permissions-and-team.md). Every
// tenant route names one permission (or `member`: anyone in the shop); a built-in role holds the
// permissions of its level, which is exactly what its minimum role used to admit, so nothing
// changes for shops without custom roles.

/** Each permission with the weakest built-in role that holds it. */
const CATALOGUE = {
  'sales.sell': 'cashier',
  'sales.discount': 'cashier',
  'sales.refund': 'cashier',
  'shifts.open_close': 'cashier',
  'contacts.edit': 'cashier',
  'accounts.collect': 'cashier',
  'expenses.record': 'cashier',
  'purchases.receive': 'cashier',
  'sales.override_price': 'manager',
  'sales.void': 'manager',
  'sales.approve': 'manager',
  'costs.view': 'manager',
  'products.manage': 'manager',
  'inventory.manage': 'manager',
  'purchases.manage': 'manager',
  'purchases.pay_suppliers': 'manager',
  'contacts.manage': 'manager',
  'accounts.adjust': 'manager',
  'expenses.manage': 'manager',
  'payments.reconcile': 'manager',
  'loyalty.manage': 'manager',
  'gift_cards.manage': 'manager',
  'etims.manage': 'manager',
  'reports.view': 'manager',
  'accounting.view': 'manager',
  'data.export': 'manager',
  'accounts.write_off': 'admin',
  'accounting.manage': 'admin',
  'settings.manage': 'admin',
  'billing.manage': 'admin',
  'team.manage': 'admin',
  'audit.view': 'admin',
  'communications.manage': 'admin',
} as const satisfies Record<string, TenantRole>;

export type Permission = keyof typeof CATALOGUE;
export const PERMISSIONS = Object.keys(CATALOGUE) as Permission[];

/** A route's requirement: a permission, or `member` for what every member of the shop may read. */
export type RoutePermission = Permission | 'member';

export function isPermission(value: string): value is Permission {
  return Object.hasOwn(CATALOGUE, value);
}

/** The permissions a built-in role holds; a role the server does not know holds none. */
export function builtInPermissions(role: string | null | undefined): Permission[] {
  const rank = tenantRoleRank(role);
  return PERMISSIONS.filter((permission) => rank >= tenantRoleRank(CATALOGUE[permission]));
}

/** The built-in role a permission belongs to (the matrix's column a permission first appears in). */
export function permissionLevel(permission: Permission): TenantRole {
  return CATALOGUE[permission];
}

/** Built-in roles give discounts without a limit of their own (the sales settings' caps still apply). */
export const UNLIMITED_DISCOUNT_PERCENT = 100;

/** What a member may do in their shop: their role's permissions and where they may work. */
export interface MemberAccess {
  role: string;
  /** A custom role's id; null for a built-in role. */
  customRoleId: string | null;
  permissions: Permission[];
  maxDiscountPercent: number;
  /** The locations they may work at; null for every location. */
  locationIds: string[] | null;
}

export function hasPermission(access: Pick<MemberAccess, 'permissions'> | null | undefined, permission: RoutePermission): boolean {
  if (!access) return false;
  return permission === 'member' || access.permissions.includes(permission);
}

/**
 * Whether a member may work at a location (their locations, or all when none are set). The one
 * check of location access: services filter what they list and refuse (404) what they are asked
 * about by it.
 */
export function mayWorkAt(locationIds: readonly string[] | null | undefined, locationId: string): boolean {
  return !locationIds || locationIds.includes(locationId);
}

/** A platform administrator in a shop: every permission, every location (their requests are audited). */
export function platformAdminAccess(role: string | null): MemberAccess {
  return { role: normalizeRole(role), customRoleId: null, permissions: [...PERMISSIONS], maxDiscountPercent: UNLIMITED_DISCOUNT_PERCENT, locationIds: null };
}

export const PERMISSION_LABELS: Record<Permission, string> = {
  'sales.sell': /*i18n*/ 'Sell at the register',
  'sales.discount': /*i18n*/ 'Give discounts',
  'sales.refund': /*i18n*/ 'Refund and exchange',
  'shifts.open_close': /*i18n*/ 'Open and close shifts',
  'contacts.edit': /*i18n*/ 'Add and edit customers',
  'accounts.collect': /*i18n*/ 'Take customer account payments',
  'expenses.record': /*i18n*/ 'Record expenses',
  'purchases.receive': /*i18n*/ 'Receive goods',
  'sales.override_price': /*i18n*/ 'Override prices',
  'sales.void': /*i18n*/ 'Void sales',
  'sales.approve': /*i18n*/ 'Approve with a PIN',
  'costs.view': /*i18n*/ 'See cost prices and profit',
  'products.manage': /*i18n*/ 'Manage products',
  'inventory.manage': /*i18n*/ 'Manage stock',
  'purchases.manage': /*i18n*/ 'Manage purchase orders',
  'purchases.pay_suppliers': /*i18n*/ 'Pay suppliers',
  'contacts.manage': /*i18n*/ 'Merge and archive contacts',
  'accounts.adjust': /*i18n*/ 'Adjust customer accounts',
  'expenses.manage': /*i18n*/ 'Manage expenses',
  'payments.reconcile': /*i18n*/ 'Reconcile M-Pesa payments',
  'loyalty.manage': /*i18n*/ 'Manage loyalty points',
  'gift_cards.manage': /*i18n*/ 'Issue and void gift cards',
  'etims.manage': /*i18n*/ 'Manage eTIMS items and documents',
  'reports.view': /*i18n*/ 'See reports',
  'accounting.view': /*i18n*/ 'See the books',
  'data.export': /*i18n*/ 'Export data',
  'accounts.write_off': /*i18n*/ 'Write off debts',
  'accounting.manage': /*i18n*/ 'Post journal entries',
  'settings.manage': /*i18n*/ 'Manage settings',
  'billing.manage': /*i18n*/ 'Manage the subscription',
  'team.manage': /*i18n*/ 'Manage the team',
  'audit.view': /*i18n*/ 'See the audit log',
  'communications.manage': /*i18n*/ 'Manage customer messages',
};
