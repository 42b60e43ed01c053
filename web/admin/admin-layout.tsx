import { HomeIcon, LogOutIcon, UserCogIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { useAuth, useSignedInUser } from '../auth/auth-provider';
import { AppHeader } from '../components/app-header';
import { ThemeToggle } from '../components/theme-toggle';
import { DropdownMenuItem, DropdownMenuSeparator } from '../components/ui/dropdown-menu';
import { UserMenu } from '../components/user-menu';
import { ProfileDialog } from '../profile/profile-dialog';
import { TenantLogo } from '../tenancy/tenant-logo';
import { useShopIdentity } from './use-shop-identity';

/**
 * The tenant admin area's frame for now: header with the shop and the user menu (spec §2).
 * The sidebar and business pages arrive with the admin-shell release.
 */
export function AdminLayout() {
  const user = useSignedInUser();
  const { signOut } = useAuth();
  const shop = useShopIdentity();
  const [isProfileOpen, setIsProfileOpen] = useState(false);
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

  return (
    <div className="flex min-h-dvh flex-col">
      <AppHeader
        homeTo="/admin/dashboard"
        logo={<TenantLogo logoUrl={shop.logoUrl} name={shop.name} className="size-8 rounded-lg" />}
        title={shop.name}
        subtitle="Dukani"
      >
        <ThemeToggle />
        <UserMenu
          fullName={user.fullName}
          email={user.email}
          triggerRef={menuTriggerRef}
          onCloseAutoFocus={keepFocusInDialog}
        >
          <DropdownMenuItem onSelect={openProfile}>
            <UserCogIcon aria-hidden />
            Profile Settings
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to="/admin/dashboard">
              <HomeIcon aria-hidden />
              Home
            </Link>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => void signOut()}>
            <LogOutIcon aria-hidden />
            Sign Out
          </DropdownMenuItem>
        </UserMenu>
      </AppHeader>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:py-10">
        <Outlet />
      </main>
      <ProfileDialog open={isProfileOpen} onOpenChange={setIsProfileOpen} onCloseAutoFocus={focusMenuButton} />
    </div>
  );
}
