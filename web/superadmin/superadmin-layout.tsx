import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { HomeIcon } from 'lucide-react';
import { Link, Outlet } from 'react-router';
import { SidebarFrame, SidebarHeader, SidebarNav, SidebarNavLink, SidebarSheet, SidebarToggleButton, useSidebarToggle } from '../admin/sidebar';
import { MyProfileMenuItem, SignOutMenuItem } from '../auth/account-menu-items';
import { useSignedInUser } from '../auth/auth-provider';
import { ThemeToggle } from '../components/theme-toggle';
import { DropdownMenuItem } from '../components/ui/dropdown-menu';
import { UserMenu } from '../components/user-menu';
import { PRODUCT_NAME } from '../lib/use-document-title';
import { DEFAULT_LOGO_URL } from '../tenancy/tenant-logo';
import { PlatformAlertsMenu } from './platform-alerts-menu';
import { PlatformSearch } from './platform-search';
import { PLATFORM_NAV } from './superadmin-nav';

const logo = <img src={DEFAULT_LOGO_URL} alt="" width={32} height={32} className="size-8 shrink-0 rounded-lg" />;

/**
 * The platform console's shell (spec §2 "Super-admin area"): a sidebar collapsible to icons that
 * starts collapsed, and a header with the logo home, the search for shops and people, the
 * platform alerts and the user menu (Home → /, My Profile, Sign Out).
 */
export function SuperAdminLayout() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const user = useSignedInUser();
  const { isSidebarOpen, isSheetOpen, closeSheet, toggleSidebar } = useSidebarToggle(() => false, { persist: false });
  const userName = user.fullName?.trim() || user.email.split('@')[0] || t`User`;
  const sidebarBody = (isCollapsed: boolean, onNavigate?: () => void) => (
    <>
      <SidebarHeader logo={logo} title={t`Platform administration`} userName={userName} isCollapsed={isCollapsed} />
      <SidebarNav
        label={t`Platform`}
        isCollapsed={isCollapsed}
        groups={PLATFORM_NAV.map((group) => ({
          label: i18n._(group.label),
          links: group.items.map((item) => ({
            key: item.to,
            link: <SidebarNavLink to={item.to} title={i18n._(item.title)} icon={item.icon} end={item.end} isCollapsed={isCollapsed} onNavigate={onNavigate} />,
          })),
        }))}
      />
    </>
  );
  return (
    <div className="flex min-h-dvh">
      <SidebarFrame isOpen={isSidebarOpen}>{sidebarBody(!isSidebarOpen)}</SidebarFrame>
      <SidebarSheet isOpen={isSheetOpen} onClose={closeSheet}>
        {sidebarBody(false, closeSheet)}
      </SidebarSheet>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 border-b bg-background/90 backdrop-blur">
          <div className="flex h-14 items-center gap-2 px-3 sm:px-4">
            <SidebarToggleButton isOpen={isSidebarOpen} onToggle={toggleSidebar} />
            <Link
              to="/superadmin"
              aria-label={t`Platform overview`}
              className="flex shrink-0 items-center gap-2 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
            >
              {logo}
              <span className="hidden font-semibold lg:inline">{PRODUCT_NAME}</span>
            </Link>
            <PlatformSearch />
            <div className="ml-auto flex shrink-0 items-center gap-1">
              <PlatformAlertsMenu />
              <ThemeToggle />
              <UserMenu fullName={user.fullName} email={user.email}>
                <DropdownMenuItem asChild>
                  <Link to="/">
                    <HomeIcon aria-hidden />
                    <Trans>Home</Trans>
                  </Link>
                </DropdownMenuItem>
                <MyProfileMenuItem />
                <SignOutMenuItem />
              </UserMenu>
            </div>
          </div>
        </header>
        <main className="mx-auto w-full max-w-6xl min-w-0 flex-1 px-4 py-6 sm:py-10">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
