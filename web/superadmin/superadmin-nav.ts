import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ActivityIcon, BanknoteIcon, DatabaseIcon, LayersIcon, LayoutDashboardIcon, StoreIcon, UsersIcon, type LucideIcon } from 'lucide-react';

export interface PlatformNavItem {
  /** The link's text, translated where it is shown (i18n._). */
  title: MessageDescriptor;
  to: string;
  icon: LucideIcon;
  /** Current only on exactly this address (the overview is every page's prefix). */
  end?: boolean;
}

/**
 * Spec §2's platform sidebar, the pages built so far (issue 21), in the spec's order: Analytics
 * joins Platform Management after User Management, and Security, Communications and Settings join
 * System Administration after Database, as their pages are built.
 */
export const PLATFORM_NAV: ReadonlyArray<{ label: MessageDescriptor; items: readonly PlatformNavItem[] }> = [
  {
    label: msg`Platform Management`,
    items: [
      { title: msg`Overview`, to: '/superadmin', icon: LayoutDashboardIcon, end: true },
      { title: msg`Tenant Management`, to: '/superadmin/tenants', icon: StoreIcon },
      { title: msg`User Management`, to: '/superadmin/users', icon: UsersIcon },
      { title: msg`Revenue`, to: '/superadmin/revenue', icon: BanknoteIcon },
      { title: msg`Plan Management`, to: '/superadmin/plans', icon: LayersIcon },
    ],
  },
  {
    label: msg`System Administration`,
    items: [
      { title: msg`System Health`, to: '/superadmin/system', icon: ActivityIcon },
      { title: msg`Database`, to: '/superadmin/database', icon: DatabaseIcon },
    ],
  },
];
