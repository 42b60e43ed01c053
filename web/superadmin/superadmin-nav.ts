import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ActivityIcon, BanknoteIcon, ChartColumnIcon, DatabaseIcon, LayersIcon, LayoutDashboardIcon, MegaphoneIcon, SettingsIcon, ShieldIcon, StoreIcon, UsersIcon, type LucideIcon } from 'lucide-react';

export interface PlatformNavItem {
  /** The link's text, translated where it is shown (i18n._). */
  title: MessageDescriptor;
  to: string;
  icon: LucideIcon;
  /** Current only on exactly this address (the overview is every page's prefix). */
  end?: boolean;
}

/** Spec §2's platform sidebar (issue 21): its two groups and eleven pages, in the spec's order. */
export const PLATFORM_NAV: ReadonlyArray<{ label: MessageDescriptor; items: readonly PlatformNavItem[] }> = [
  {
    label: msg`Platform Management`,
    items: [
      { title: msg`Overview`, to: '/superadmin', icon: LayoutDashboardIcon, end: true },
      { title: msg`Tenant Management`, to: '/superadmin/tenants', icon: StoreIcon },
      { title: msg`User Management`, to: '/superadmin/users', icon: UsersIcon },
      { title: msg`Analytics`, to: '/superadmin/analytics', icon: ChartColumnIcon },
      { title: msg`Revenue`, to: '/superadmin/revenue', icon: BanknoteIcon },
      { title: msg`Plan Management`, to: '/superadmin/plans', icon: LayersIcon },
    ],
  },
  {
    label: msg`System Administration`,
    items: [
      { title: msg`System Health`, to: '/superadmin/system', icon: ActivityIcon },
      { title: msg`Database`, to: '/superadmin/database', icon: DatabaseIcon },
      { title: msg`Security`, to: '/superadmin/security', icon: ShieldIcon },
      { title: msg`Communications`, to: '/superadmin/communications', icon: MegaphoneIcon },
      { title: msg`Settings`, to: '/superadmin/settings', icon: SettingsIcon },
    ],
  },
];
