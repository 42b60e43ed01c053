import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { BanIcon } from 'lucide-react';
import { shopSuspensionSchema } from '../../core/platform/platform.schemas';
import { MyProfileMenuItem, SignOutMenuItem } from '../auth/account-menu-items';
import { useAuth, useSignedInUser } from '../auth/auth-provider';
import { AppHeader } from '../components/app-header';
import { ThemeToggle } from '../components/theme-toggle';
import { Spinner } from '../components/ui/spinner';
import { UserMenu } from '../components/user-menu';
import { apiRequest, isApiError } from '../lib/api-client';
import { useDateFormat } from '../lib/date-format';
import { PRODUCT_NAME, useDocumentTitle } from '../lib/use-document-title';
import { DEFAULT_LOGO_URL } from '../tenancy/tenant-logo';

/** The API's answer for a shop the platform suspended (issue 21): the shop's screens give way to SuspendedShop. */
export function isShopSuspendedError(error: unknown): boolean {
  return isApiError(error) && error.code === 'shop_suspended';
}

/**
 * What a suspended shop's people see instead of the admin area (issue 21): that the shop is
 * suspended, the platform's reason, since when, and whom to contact; their profile and Sign Out
 * still work.
 */
export function SuspendedShop() {
  const { t } = useLingui();
  const user = useSignedInUser();
  const { signOut } = useAuth();
  const { formatDate } = useDateFormat();
  useDocumentTitle(t`This shop is suspended`);
  const suspension = useQuery({
    queryKey: ['shop-suspension'],
    queryFn: () => apiRequest('/api/shop-suspension', { schema: shopSuspensionSchema }),
  });
  const details = suspension.data?.suspension ?? null;
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
        <BanIcon aria-hidden className="size-8 text-destructive" />
        <h1 className="text-2xl font-semibold">
          <Trans>This shop is suspended</Trans>
        </h1>
        {suspension.isPending ? (
          <Spinner label={t`Loading the details`} />
        ) : details ? (
          <>
            <p>
              <Trans>
                Dukani suspended {details.shopName} on {formatDate(details.suspendedAt)}. Nobody can use the shop until it is reactivated; nothing of it has been deleted.
              </Trans>
            </p>
            <section aria-labelledby="suspension-reason" className="grid gap-1 rounded-xl border bg-muted/40 p-4">
              <h2 id="suspension-reason" className="text-sm font-medium text-muted-foreground">
                <Trans>Reason</Trans>
              </h2>
              <p className="break-words whitespace-pre-line">{details.reason}</p>
            </section>
            <p>
              <Trans>
                To have the shop reactivated, contact{' '}
                <a href={`mailto:${details.contactEmail}`} className="font-medium text-primary underline-offset-4 hover:underline">
                  {details.contactEmail}
                </a>
                .
              </Trans>
            </p>
          </>
        ) : (
          <p>
            <Trans>Nobody can use the shop until it is reactivated. Contact Dukani support.</Trans>
          </p>
        )}
        <div>
          <button type="button" onClick={() => void signOut()} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            <Trans>Sign out</Trans>
          </button>
        </div>
      </main>
    </div>
  );
}
