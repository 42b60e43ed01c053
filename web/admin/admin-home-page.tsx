import { CreditCardIcon } from 'lucide-react';
import { Link } from 'react-router';
import { useSignedInUser } from '../auth/auth-provider';
import { roleLabel } from '../auth/role-label';
import { useEntitlements } from '../billing/billing.api';
import { formatDate } from '../lib/format';
import { useDocumentTitle } from '../lib/use-document-title';
import { useShopIdentity } from './use-shop-identity';
import { Detail } from '../components/detail';

/** /admin and /admin/dashboard: who is signed in, where, and the plan's status. */
export function AdminHomePage() {
  const user = useSignedInUser();
  const shop = useShopIdentity();
  useDocumentTitle(`Home · ${shop.name}`);
  const { settings } = shop;

  const currency = !shop.hasShop
    ? 'No shop for this session'
    : settings.isPending
      ? 'Loading…'
      : settings.isError
        ? 'Not available right now'
        : `${settings.data.currencyCode} (${settings.data.currencySymbol})`;

  return (
    <div className="grid gap-6">
      <section className="grid gap-1">
        <h1 className="text-2xl font-semibold break-words sm:text-3xl">Welcome, {user.fullName?.trim() || 'User'}</h1>
        <p className="text-muted-foreground">
          You are signed in to {shop.name} as {roleLabel(user.role)}.
        </p>
      </section>

      <section aria-labelledby="shop-details" className="rounded-xl border bg-card p-4 sm:p-6">
        <h2 id="shop-details" className="mb-4 font-semibold">
          Your shop
        </h2>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Detail label="Shop">{shop.name}</Detail>
          <Detail label="Your role">{roleLabel(user.role)}</Detail>
          <Detail label="Currency">{currency}</Detail>
          <Detail label="Time zone">{settings.data?.timeZone ?? '—'}</Detail>
        </dl>
      </section>

      <PlanStatusCard />
    </div>
  );
}


/** Trial days left, or the renewal date, with the plan; links to billing. */
function PlanStatusCard() {
  const user = useSignedInUser();
  const entitlements = useEntitlements({ enabled: user.tenantId !== null });
  if (!entitlements.data) return null;
  const { subscription, access } = entitlements.data;
  const planName = subscription?.plan?.name ?? 'Trial';
  const status = access.isTrialActive
    ? `${access.daysLeftInTrial} ${access.daysLeftInTrial === 1 ? 'day' : 'days'} left in your trial`
    : access.isSubscriptionActive && subscription?.currentPeriodEnd
      ? `Renews on ${formatDate(subscription.currentPeriodEnd)}`
      : access.hasAccess
        ? 'Active'
        : 'No active subscription';
  return (
    <section aria-labelledby="plan-status" className="flex flex-wrap items-center gap-3 rounded-xl border bg-card p-4 sm:p-6">
      <CreditCardIcon aria-hidden className="size-5 shrink-0 text-primary" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <h2 id="plan-status" className="font-semibold">
          Plan: {planName}
        </h2>
        <p className="text-sm text-muted-foreground">{status}</p>
      </div>
      <Link to="/admin/settings?tab=billing" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
        Billing
      </Link>
    </section>
  );
}
