import { useLingui as useLinguiRuntime } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import type { EntitlementsResponse } from '../../core/billing/billing.schemas';
import { Badge } from '../components/ui/badge';
import { TenantLogo } from '../tenancy/tenant-logo';
import { useSignedInUser } from '../auth/auth-provider';
import { ADMIN_NAV, itemsFor, type AdminNavItem } from './admin-nav';
import { SidebarFrame, SidebarHeader, SidebarNav, SidebarNavLink, SidebarSheet } from './sidebar';

const BILLING_PATH = '/admin/settings?tab=billing';

interface SidebarProps {
  shopName: string;
  logoUrl: string | null;
  userName: string;
  entitlements: EntitlementsResponse | undefined;
}

/** Desktop: 16rem open, 3rem of icons collapsed (spec §9). */
export function AdminSidebar({ isOpen, ...props }: SidebarProps & { isOpen: boolean }) {
  return (
    <SidebarFrame isOpen={isOpen}>
      <SidebarBody {...props} isCollapsed={!isOpen} />
    </SidebarFrame>
  );
}

/** Mobile: an 18rem sheet over the page (spec §9). */
export function AdminSidebarSheet({ isOpen, onClose, ...props }: SidebarProps & { isOpen: boolean; onClose: () => void }) {
  return (
    <SidebarSheet isOpen={isOpen} onClose={onClose}>
      <SidebarBody {...props} isCollapsed={false} onNavigate={onClose} />
    </SidebarSheet>
  );
}

function SidebarBody({
  shopName,
  logoUrl,
  userName,
  entitlements,
  isCollapsed,
  onNavigate,
}: SidebarProps & { isCollapsed: boolean; onNavigate?: () => void }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const user = useSignedInUser();
  const groups = ADMIN_NAV.map((group) => ({ label: i18n._(group.label), items: itemsFor(group.items, user) })).filter((group) => group.items.length > 0);
  return (
    <>
      <SidebarHeader logo={<TenantLogo logoUrl={logoUrl} name={shopName} className="size-8 shrink-0 rounded-lg" />} title={shopName} userName={userName} isCollapsed={isCollapsed} />
      <SidebarNav
        label={t`Admin`}
        isCollapsed={isCollapsed}
        groups={groups.map((group) => ({
          label: group.label,
          links: group.items.map((item) => ({
            key: item.to,
            link: <AdminSidebarLink item={item} entitlements={entitlements} isCollapsed={isCollapsed} onNavigate={onNavigate} />,
          })),
        }))}
      />
    </>
  );
}

function AdminSidebarLink({
  item,
  entitlements,
  isCollapsed,
  onNavigate,
}: {
  item: AdminNavItem;
  entitlements: EntitlementsResponse | undefined;
  isCollapsed: boolean;
  onNavigate: (() => void) | undefined;
}) {
  // Spec §2: an unavailable feature dims the item and sends it to billing; outside an active
  // trial it also shows the upgrade badge.
  const isLocked = Boolean(item.feature && entitlements && !entitlements.entitlements.features[item.feature]);
  const badge = isLocked && entitlements && !entitlements.access.isTrialActive ? entitlements.upgradeBadge : null;
  const { i18n } = useLinguiRuntime();
  return (
    <SidebarNavLink
      to={isLocked ? BILLING_PATH : item.to}
      title={i18n._(item.title)}
      icon={item.icon}
      end={item.to === '/admin/dashboard'}
      isCollapsed={isCollapsed}
      onNavigate={onNavigate}
      isLocked={isLocked}
      badge={
        badge && (
          <Badge variant="accent" className="ml-auto">
            {badge}
          </Badge>
        )
      }
    />
  );
}
