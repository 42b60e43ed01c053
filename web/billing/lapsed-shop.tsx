import { Trans } from '@lingui/react/macro';
import { ArrowLeftIcon, LogOutIcon } from 'lucide-react';
import { Link, Outlet, useLocation, useSearchParams } from 'react-router';
import type { EntitlementsResponse } from '../../core/billing/billing.schemas';
import { useAuth, useSignedInUser } from '../auth/auth-provider';
import { mayDo } from '../auth/may-do';
import { Button } from '../components/ui/button';
import { useShopIdentity } from '../admin/use-shop-identity';
import { BillingTab } from './billing-tab';
import { SubscriptionRequiredPage } from './subscription-required-page';

/**
 * A shop whose subscription fails the gate (spec §4). The Subscription Required page, and behind
 * it only what answers without a subscription: the person's profile (/profile), the billing tab
 * (billing.manage), the data export (data.export) and Sign Out. The admin area's own pages are not
 * mounted, so no request goes out that the server would refuse with 402 (issue 10 item 8).
 */
export function LapsedShop({ entitlements }: { entitlements: EntitlementsResponse }) {
  const user = useSignedInUser();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const canManageBilling = mayDo(user, 'billing.manage');
  if (location.pathname === '/profile') {
    return (
      <LapsedFrame>
        <Outlet />
      </LapsedFrame>
    );
  }
  if (canManageBilling && location.pathname === '/admin/settings' && searchParams.get('tab') === 'billing') {
    return (
      <LapsedFrame>
        <div className="grid gap-6">
          <h1 className="text-2xl font-semibold">
            <Trans>Billing</Trans>
          </h1>
          <BillingTab />
        </div>
      </LapsedFrame>
    );
  }
  return (
    <SubscriptionRequiredPage
      entitlements={entitlements}
      canManageBilling={canManageBilling}
      canExportData={mayDo(user, 'data.export')}
    />
  );
}

/** The shop's name, a way back to the Subscription Required page, and Sign Out. */
function LapsedFrame({ children }: { children: React.ReactNode }) {
  const { signOut } = useAuth();
  const shop = useShopIdentity();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-30 border-b bg-background/90 backdrop-blur">
        <div className="flex h-14 items-center gap-2 px-3 sm:px-4">
          <Button variant="ghost" size="sm" asChild>
            <Link to="/admin">
              <ArrowLeftIcon aria-hidden />
              <Trans>Back</Trans>
            </Link>
          </Button>
          <span className="min-w-0 truncate font-semibold">{shop.name}</span>
          <Button variant="ghost" size="sm" className="ml-auto" onClick={() => void signOut()}>
            <LogOutIcon aria-hidden />
            <Trans>Sign Out</Trans>
          </Button>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl min-w-0 flex-1 px-4 py-6 sm:py-10">{children}</main>
    </div>
  );
}
