import { Trans, useLingui } from '@lingui/react/macro';
import { StoreIcon } from 'lucide-react';
import { Navigate, Outlet } from 'react-router';
import { MyProfileMenuItem, SignOutMenuItem } from '../auth/account-menu-items';
import { useAuth, useSignedInUser } from '../auth/auth-provider';
import { AppHeader } from '../components/app-header';
import { ThemeToggle } from '../components/theme-toggle';
import { UserMenu } from '../components/user-menu';
import { PRODUCT_NAME, useDocumentTitle } from '../lib/use-document-title';
import { DEFAULT_LOGO_URL } from '../tenancy/tenant-logo';

/**
 * The shop area needs a shop (issue 10 item 7): a session without one (signed in where no shop
 * is) goes to the platform area if it is a platform admin's, else sees that there is no shop
 * here, instead of a shop shell whose every request is refused.
 */
export function RequireShop() {
  const user = useSignedInUser();
  if (user.tenantId !== null) return <Outlet />;
  if (user.isPlatformAdmin) return <Navigate to="/superadmin" replace />;
  return <NoShopPage />;
}

function NoShopPage() {
  const { t } = useLingui();
  const user = useSignedInUser();
  const { signOut } = useAuth();
  useDocumentTitle(t`No shop at this address`);
  return (
    <div className="flex min-h-dvh flex-col">
      <AppHeader homeTo="/admin" logo={<img src={DEFAULT_LOGO_URL} alt="" width={32} height={32} className="size-8 rounded-lg" />} title={PRODUCT_NAME}>
        <ThemeToggle />
        <UserMenu fullName={user.fullName} email={user.email}>
          <MyProfileMenuItem />
          <SignOutMenuItem />
        </UserMenu>
      </AppHeader>
      <main className="mx-auto grid w-full max-w-xl flex-1 content-start gap-4 px-4 py-10">
        <StoreIcon aria-hidden className="size-8 text-muted-foreground" />
        <h1 className="text-2xl font-semibold">
          <Trans>No shop at this address</Trans>
        </h1>
        <p className="text-muted-foreground">
          <Trans>
            You are signed in, but this address does not belong to a shop you work in. Open your shop's own address (for
            example yourshop.dukani.co.ke) and sign in there.
          </Trans>
        </p>
        <div>
          <button type="button" onClick={() => void signOut()} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            <Trans>Sign out</Trans>
          </button>
        </div>
      </main>
    </div>
  );
}
