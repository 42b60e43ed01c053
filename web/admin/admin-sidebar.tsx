import { useLingui as useLinguiRuntime } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { XIcon } from 'lucide-react';
import { NavLink } from 'react-router';
import type { EntitlementsResponse } from '../../core/billing/billing.schemas';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { cn } from '../lib/cn';
import { TenantLogo } from '../tenancy/tenant-logo';
import { useSignedInUser } from '../auth/auth-provider';
import { ADMIN_NAV, itemsForRole, type AdminNavItem } from './admin-nav';
import { SIDEBAR_WIDTH, SIDEBAR_WIDTH_ICON, SIDEBAR_WIDTH_MOBILE } from './sidebar-state';

const BILLING_PATH = '/admin/settings?tab=billing';

interface SidebarProps {
  shopName: string;
  logoUrl: string | null;
  userName: string;
  entitlements: EntitlementsResponse | undefined;
}

/** Desktop: 16rem open, 3rem of icons collapsed (spec §9). */
export function AdminSidebar({ isOpen, ...props }: SidebarProps & { isOpen: boolean }) {
  const { t } = useLingui();
  return (
    <aside
      aria-label={t`Sidebar`}
      data-state={isOpen ? 'expanded' : 'collapsed'}
      style={{ width: isOpen ? SIDEBAR_WIDTH : SIDEBAR_WIDTH_ICON }}
      className="sticky top-0 hidden h-dvh shrink-0 flex-col overflow-x-hidden overflow-y-auto border-r bg-sidebar transition-[width] duration-200 md:flex"
    >
      <SidebarBody {...props} isCollapsed={!isOpen} />
    </aside>
  );
}

/** Mobile: an 18rem sheet over the page (spec §9). */
export function AdminSidebarSheet({ isOpen, onClose, ...props }: SidebarProps & { isOpen: boolean; onClose: () => void }) {
  const { t } = useLingui();
  if (!isOpen) return null;
  return (
    <div className="fixed inset-0 z-40 md:hidden">
      <div aria-hidden className="absolute inset-0 bg-black/50" onClick={onClose} />
      <aside
        aria-label={t`Sidebar`}
        data-state="expanded"
        style={{ width: SIDEBAR_WIDTH_MOBILE, maxWidth: '85vw' }}
        className="relative flex h-full flex-col overflow-y-auto border-r bg-background shadow-lg"
      >
        <Button variant="ghost" size="icon" className="absolute top-2 right-2" aria-label={t`Close sidebar`} onClick={onClose}>
          <XIcon aria-hidden />
        </Button>
        <SidebarBody {...props} isCollapsed={false} onNavigate={onClose} />
      </aside>
    </div>
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
  const { role } = useSignedInUser();
  const groups = ADMIN_NAV.map((group) => ({ label: i18n._(group.label), items: itemsForRole(group.items, role) })).filter((group) => group.items.length > 0);
  return (
    <>
      <div className={cn('flex items-center gap-2.5 border-b p-3', isCollapsed && 'justify-center px-1.5')}>
        <TenantLogo logoUrl={logoUrl} name={shopName} className="size-8 shrink-0 rounded-lg" />
        {!isCollapsed && (
          <span className="grid min-w-0">
            <span className="truncate text-sm font-semibold">{shopName}</span>
            <span data-testid="sidebar-user" className="truncate text-xs text-muted-foreground">
              {userName}
            </span>
          </span>
        )}
      </div>
      <nav aria-label={t`Admin`} className="grid gap-4 p-2">
        {groups.map((group) => (
          <div key={group.label} className="grid gap-1">
            {!isCollapsed && <p className="px-2 text-xs font-medium text-muted-foreground">{group.label}</p>}
            <ul className="grid gap-0.5">
              {group.items.map((item) => (
                <li key={item.to}>
                  <SidebarLink item={item} entitlements={entitlements} isCollapsed={isCollapsed} onNavigate={onNavigate} />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
    </>
  );
}

function SidebarLink({
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
  const title = i18n._(item.title);
  const Icon = item.icon;
  return (
    <NavLink
      to={isLocked ? BILLING_PATH : item.to}
      end={item.to === '/admin/dashboard'}
      onClick={onNavigate}
      title={isCollapsed ? title : undefined}
      aria-label={isCollapsed ? title : undefined}
      data-locked={isLocked ? '' : undefined}
      className={({ isActive }) =>
        cn(
          'flex h-9 items-center gap-2 rounded-md px-2 text-sm outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/60',
          isActive && !isLocked && 'bg-muted font-medium',
          isLocked && 'opacity-50',
          isCollapsed && 'justify-center px-0',
        )
      }
    >
      <Icon aria-hidden className="size-4 shrink-0" />
      {!isCollapsed && <span className="min-w-0 flex-1 truncate">{title}</span>}
      {!isCollapsed && badge && (
        <Badge variant="accent" className="ml-auto">
          {badge}
        </Badge>
      )}
    </NavLink>
  );
}
