import { Trans, useLingui } from '@lingui/react/macro';
import { HomeIcon } from 'lucide-react';
import { Link, Outlet } from 'react-router';
import { MyProfileMenuItem, SignOutMenuItem } from '../auth/account-menu-items';
import { useSignedInUser } from '../auth/auth-provider';
import { AppHeader } from '../components/app-header';
import { ThemeToggle } from '../components/theme-toggle';
import { DropdownMenuItem } from '../components/ui/dropdown-menu';
import { UserMenu } from '../components/user-menu';
import { DEFAULT_LOGO_URL } from '../tenancy/tenant-logo';

/** The platform area's frame for now: header with the user menu (spec §2 "Super-admin area"). */
export function SuperAdminLayout() {
  const { t } = useLingui();
  const user = useSignedInUser();
  return (
    <div className="flex min-h-dvh flex-col">
      <AppHeader
        homeTo="/superadmin"
        logo={<img src={DEFAULT_LOGO_URL} alt="" width={32} height={32} className="size-8 rounded-lg" />}
        // eslint-disable-next-line lingui/no-unlocalized-strings -- the brand name, the same in every language
        title="Dukani"
        subtitle={t`Platform administration`}
      >
        <ThemeToggle />
        <UserMenu fullName={user.fullName} email={user.email}>
          <DropdownMenuItem asChild>
            <Link to="/superadmin">
              <HomeIcon aria-hidden />
              <Trans>Home</Trans>
            </Link>
          </DropdownMenuItem>
          <MyProfileMenuItem />
          <SignOutMenuItem />
        </UserMenu>
      </AppHeader>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:py-10">
        <Outlet />
      </main>
    </div>
  );
}
