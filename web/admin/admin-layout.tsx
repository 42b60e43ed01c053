import { Trans, useLingui } from '@lingui/react/macro';
import { HomeIcon, UserCogIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { MaintenanceBanner } from '../components/maintenance-banner';
import { SupportAccessBanner } from '../components/support-access-banner';
import { SignOutMenuItem } from '../auth/account-menu-items';
import { useSignedInUser } from '../auth/auth-provider';
import type { EntitlementsResponse } from '../../core/billing/billing.schemas';
import { useEntitlements } from '../billing/billing.api';
import { LapsedShop } from '../billing/lapsed-shop';
import { ThemeToggle } from '../components/theme-toggle';
import { Spinner } from '../components/ui/spinner';
import { DropdownMenuItem } from '../components/ui/dropdown-menu';
import { UserMenu } from '../components/user-menu';
import { ProfileDialog } from '../profile/profile-dialog';
import { AdminSidebar, AdminSidebarSheet } from './admin-sidebar';
import { NotificationsMenu } from './notifications-menu';
import { isShopSuspendedError, SuspendedShop } from './suspended-shop';
import { SidebarToggleButton, useSidebarToggle } from './sidebar';
import { initialSidebarOpen, readSidebarCookie } from './sidebar-state';
import { useShopIdentity } from './use-shop-identity';

/**
 * The Subscription Required gate (spec §4) in front of the tenant admin shell: while the shop's
 * subscription fails it, only what answers without one is mounted (web/billing/lapsed-shop.tsx).
 * A shop the platform suspended shows why instead (issue 21).
 */
export function AdminLayout() {
  const { t } = useLingui();
  const user = useSignedInUser();
  const hasShop = user.tenantId !== null;
  const entitlements = useEntitlements({ enabled: hasShop });
  if (hasShop && entitlements.isPending) {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <Spinner label={t`Checking your subscription`} />
      </div>
    );
  }
  if (isShopSuspendedError(entitlements.error)) return <SuspendedShop />;
  if (entitlements.data && !entitlements.data.passesGate) return <LapsedShop entitlements={entitlements.data} />;
  return <AdminShell entitlements={entitlements.data} />;
}

/** The tenant admin shell (spec §2): collapsible sidebar, header with notifications and the user menu. */
function AdminShell({ entitlements }: { entitlements: EntitlementsResponse | undefined }) {
  const { t } = useLingui();
  const user = useSignedInUser();
  const shop = useShopIdentity();
  const location = useLocation();
  const [isProfileOpen, setIsProfileOpen] = useState(false);
  // Spec §2: Ctrl/Cmd+B toggles; the choice is kept in a cookie for 7 days (the sheet on phones).
  const { isSidebarOpen, isSheetOpen, closeSheet, toggleSidebar } = useSidebarToggle(
    () => initialSidebarOpen(location.pathname, location.search, readSidebarCookie(document.cookie)),
    { persist: true },
  );
  const menuTriggerRef = useRef<HTMLButtonElement>(null);
  const isOpeningProfile = useRef(false);

  // The menu closes as the dialog opens: the focus must stay in the dialog, not go back to the
  // menu button (which would count as leaving the dialog), and return to that button afterwards.
  const openProfile = () => {
    isOpeningProfile.current = true;
    setIsProfileOpen(true);
  };
  const keepFocusInDialog = (event: Event) => {
    if (!isOpeningProfile.current) return;
    isOpeningProfile.current = false;
    event.preventDefault();
  };
  const focusMenuButton = (event: Event) => {
    event.preventDefault();
    menuTriggerRef.current?.focus();
  };

  const userName = user.fullName?.trim() || user.email.split('@')[0] || t`User`;
  const sidebarProps = { shopName: shop.name, logoUrl: shop.logoUrl, userName, entitlements };
  return (
    <div className="flex min-h-dvh">
      <AdminSidebar isOpen={isSidebarOpen} {...sidebarProps} />
      <AdminSidebarSheet isOpen={isSheetOpen} onClose={closeSheet} {...sidebarProps} />
      <div className="flex min-w-0 flex-1 flex-col">
        <SupportAccessBanner />
        <MaintenanceBanner />
        <header className="sticky top-0 z-30 border-b bg-background/90 backdrop-blur">
          <div className="flex h-14 items-center gap-2 px-3 sm:px-4">
            <SidebarToggleButton isOpen={isSidebarOpen} onToggle={toggleSidebar} />
            <span className="min-w-0 truncate font-semibold">{shop.name}</span>
            <div className="ml-auto flex shrink-0 items-center gap-1">
              {shop.hasShop && <NotificationsMenu />}
              <ThemeToggle />
              <UserMenu
                fullName={user.fullName}
                email={user.email}
                triggerRef={menuTriggerRef}
                onCloseAutoFocus={keepFocusInDialog}
              >
                <DropdownMenuItem onSelect={openProfile}>
                  <UserCogIcon aria-hidden />
                  <Trans>Profile Settings</Trans>
                </DropdownMenuItem>
                <DropdownMenuItem asChild>
                  <Link to={user.homePath === '/superadmin' ? '/superadmin' : '/admin/dashboard'}>
                    <HomeIcon aria-hidden />
                    <Trans>Home</Trans>
                  </Link>
                </DropdownMenuItem>
                <SignOutMenuItem />
              </UserMenu>
            </div>
          </div>
        </header>
        <main className="mx-auto w-full max-w-6xl min-w-0 flex-1 px-4 py-6 sm:py-10">
          <Outlet />
        </main>
      </div>
      <ProfileDialog open={isProfileOpen} onOpenChange={setIsProfileOpen} onCloseAutoFocus={focusMenuButton} />
    </div>
  );
}
