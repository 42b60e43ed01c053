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
import type { SessionUser } from '../../core/auth/session.schemas';
import type { FeatureKey } from '../../core/billing/plan-features.rules';
import type { Permission } from '../../core/team/permissions.rules';
import { mayDo } from '../auth/may-do';

/** A link in one of the admin area's navigations. */
export interface PermittedNavItem {
  /** The link's text, translated where it is shown (i18n._). */
  title: MessageDescriptor;
  to: string;
  /**
   * The permission of the API route the page mainly uses (its tenantRoute in server/<area>), or
   * several of which any one will do; every member of the shop when absent.
   */
  permission?: Permission | readonly Permission[];
}

export interface AdminNavItem extends PermittedNavItem {
  icon: LucideIcon;
  /** The plan feature the page needs (spec §2). */
  feature?: FeatureKey;
}

/**
 * Spec §2 sidebar groups. Each person sees only the areas they may use (issue 10 item 6), by the
 * permissions of their role, built-in or custom (issue 20): each entry names the permission of its
 * page's main API, so a cashier sells and serves customers, a manager also buys, keeps the books,
 * reads reports and handles eTIMS, and the team, commissions, messaging and the audit log are the
 * owner's, as before; a custom "stock clerk" gets the stock pages and nothing else.
 */
export const ADMIN_NAV: ReadonlyArray<{ label: MessageDescriptor; items: readonly AdminNavItem[] }> = [
  { label: msg`Main`, items: [{ title: msg`Dashboard`, to: '/admin/dashboard', icon: LayoutDashboardIcon }] },
  {
    label: msg`Business`,
    items: [
      { title: msg`Products`, to: '/admin/products', icon: PackageIcon },
      { title: msg`Sales`, to: '/admin/sales', icon: ShoppingCartIcon, permission: 'sales.sell' },
      { title: msg`Purchases`, to: '/admin/purchases', icon: TruckIcon, permission: 'purchases.manage' },
      { title: msg`Contacts`, to: '/admin/customers', icon: UsersRoundIcon, permission: 'contacts.edit' },
      { title: msg`Accounting`, to: '/admin/accounting', icon: BookOpenIcon, feature: 'advanced_accounting', permission: 'accounting.view' },
      { title: msg`Reports`, to: '/admin/reports', icon: BarChart3Icon, feature: 'advanced_reporting', permission: 'reports.view' },
      { title: msg`Team`, to: '/admin/team', icon: UsersIcon, feature: 'user_roles', permission: 'team.manage' },
      { title: msg`Commissions`, to: '/admin/commissions', icon: HandCoinsIcon, feature: 'commission_tracking', permission: 'team.manage' },
      { title: msg`Communications`, to: '/admin/communications', icon: MegaphoneIcon, feature: 'advanced_notifications', permission: 'communications.manage' },
    ],
  },
  {
    label: msg`System`,
    items: [
      // KRA eTIMS: what was sent to KRA and the products' item details (issue 19).
      { title: msg`eTIMS`, to: '/admin/etims', icon: FileCheck2Icon, permission: 'etims.manage' },
      // Sensitive actions across the shop, with who, when and from where (issue 20).
      { title: msg`Audit log`, to: '/admin/audit', icon: ScrollTextIcon, permission: 'audit.view' },
      // Every member may read the settings, but they are for those who change them or pay for the
      // plan, and for those who sell by them (VAT, receipts, discount limits, credit).
      { title: msg`Settings`, to: '/admin/settings', icon: SettingsIcon, permission: ['settings.manage', 'billing.manage', 'sales.sell'] },
    ],
  },
];

/** Whether the member may use a navigation item's page. */
export function mayOpen(item: PermittedNavItem, user: Pick<SessionUser, 'permissions'>): boolean {
  if (item.permission === undefined) return true;
  const permissions: readonly Permission[] = typeof item.permission === 'string' ? [item.permission] : item.permission;
  return permissions.some((permission) => mayDo(user, permission));
}

/** The items this member may use, in order. */
export function itemsFor<T extends PermittedNavItem>(items: readonly T[], user: Pick<SessionUser, 'permissions'>): T[] {
  return items.filter((item) => mayOpen(item, user));
}
