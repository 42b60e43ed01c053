import {
  BarChart3Icon,
  BookOpenIcon,
  LayoutDashboardIcon,
  MegaphoneIcon,
  PackageIcon,
  SettingsIcon,
  ShoppingCartIcon,
  TruckIcon,
  UsersIcon,
  UsersRoundIcon,
  type LucideIcon,
} from 'lucide-react';
import type { FeatureKey } from '../../core/billing/plan-features.rules';

export interface AdminNavItem {
  title: string;
  to: string;
  icon: LucideIcon;
  /** The plan feature the page needs (spec §2). */
  feature?: FeatureKey;
}

/** Spec §2 sidebar groups. */
export const ADMIN_NAV: ReadonlyArray<{ label: string; items: readonly AdminNavItem[] }> = [
  { label: 'Main', items: [{ title: 'Dashboard', to: '/admin/dashboard', icon: LayoutDashboardIcon }] },
  {
    label: 'Business',
    items: [
      { title: 'Products', to: '/admin/products', icon: PackageIcon },
      { title: 'Sales', to: '/admin/sales', icon: ShoppingCartIcon },
      { title: 'Purchases', to: '/admin/purchases', icon: TruckIcon },
      { title: 'Contacts', to: '/admin/customers', icon: UsersRoundIcon },
      { title: 'Accounting', to: '/admin/accounting', icon: BookOpenIcon, feature: 'advanced_accounting' },
      { title: 'Reports', to: '/admin/reports', icon: BarChart3Icon, feature: 'advanced_reporting' },
      { title: 'Team', to: '/admin/team', icon: UsersIcon, feature: 'user_roles' },
      { title: 'Communications', to: '/admin/communications', icon: MegaphoneIcon, feature: 'advanced_notifications' },
    ],
  },
  { label: 'System', items: [{ title: 'Settings', to: '/admin/settings', icon: SettingsIcon }] },
];
