import {
  BarChart3Icon,
  BookOpenIcon,
  FileCheck2Icon,
  HandCoinsIcon,
  LayoutDashboardIcon,
  MegaphoneIcon,
  PackageIcon,
  ScrollTextIcon,
  SettingsIcon,
  ShoppingCartIcon,
  TruckIcon,
  UsersIcon,
  UsersRoundIcon,
  type LucideIcon,
} from 'lucide-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { hasTenantRole, type TenantRole } from '../../core/auth/roles.rules';
import type { FeatureKey } from '../../core/billing/plan-features.rules';

/** A link in one of the admin area's navigations. */
export interface RoleNavItem {
  /** The link's text, translated where it is shown (i18n._). */
  title: MessageDescriptor;
  to: string;
  /** The weakest role the page is for (the server's minimum for what the page does); everyone when absent. */
  minRole?: TenantRole;
}

export interface AdminNavItem extends RoleNavItem {
  icon: LucideIcon;
  /** The plan feature the page needs (spec §2). */
  feature?: FeatureKey;
}

/**
 * Spec §2 sidebar groups. Each person sees only the areas their role can use (issue 10 item 6):
 * cashiers sell and serve customers; purchasing, the books, reports and eTIMS are for managers;
 * the team, commissions, messaging and the audit log are the owner's.
 */
export const ADMIN_NAV: ReadonlyArray<{ label: MessageDescriptor; items: readonly AdminNavItem[] }> = [
  { label: msg`Main`, items: [{ title: msg`Dashboard`, to: '/admin/dashboard', icon: LayoutDashboardIcon }] },
  {
    label: msg`Business`,
    items: [
      { title: msg`Products`, to: '/admin/products', icon: PackageIcon },
      { title: msg`Sales`, to: '/admin/sales', icon: ShoppingCartIcon },
      { title: msg`Purchases`, to: '/admin/purchases', icon: TruckIcon, minRole: 'manager' },
      { title: msg`Contacts`, to: '/admin/customers', icon: UsersRoundIcon },
      { title: msg`Accounting`, to: '/admin/accounting', icon: BookOpenIcon, feature: 'advanced_accounting', minRole: 'manager' },
      { title: msg`Reports`, to: '/admin/reports', icon: BarChart3Icon, feature: 'advanced_reporting', minRole: 'manager' },
      { title: msg`Team`, to: '/admin/team', icon: UsersIcon, feature: 'user_roles', minRole: 'admin' },
      { title: msg`Commissions`, to: '/admin/commissions', icon: HandCoinsIcon, feature: 'commission_tracking', minRole: 'admin' },
      { title: msg`Communications`, to: '/admin/communications', icon: MegaphoneIcon, feature: 'advanced_notifications', minRole: 'admin' },
    ],
  },
  {
    label: msg`System`,
    items: [
      // KRA eTIMS: what was sent to KRA and the products' item details (issue 19).
      { title: msg`eTIMS`, to: '/admin/etims', icon: FileCheck2Icon, minRole: 'manager' },
      // Sensitive actions across the shop, with who, when and from where (issue 20).
      { title: msg`Audit log`, to: '/admin/audit', icon: ScrollTextIcon, minRole: 'admin' },
      { title: msg`Settings`, to: '/admin/settings', icon: SettingsIcon },
    ],
  },
];

/** The items this role can use, in order. */
export function itemsForRole<T extends RoleNavItem>(items: readonly T[], role: string | null): T[] {
  return items.filter((item) => !item.minRole || hasTenantRole(role, item.minRole));
}
