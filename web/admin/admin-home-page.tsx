import { CreditCardIcon } from 'lucide-react';
import { Link } from 'react-router';
import { hasTenantRole } from '../../core/auth/roles.rules';
import { useSignedInUser } from '../auth/auth-provider';
import { roleLabel } from '../auth/role-label';
import { useEntitlements } from '../billing/billing.api';
import { planStatusLine, subscriptionSnapshot } from '../billing/subscription-view';
import { useDateFormat } from '../lib/date-format';
import { useDocumentTitle } from '../lib/use-document-title';
import { useShopIdentity } from './use-shop-identity';
import { Detail } from '../components/detail';

/** /admin and /admin/dashboard: who is signed in, where, and the plan's status. */
export function AdminHomePage() {
  const user = useSignedInUser();
  const shop = useShopIdentity();
  useDocumentTitle(`Home · ${shop.name}`);
  const { settings } = shop;

  // Only a session with a shop reaches this page (RequireShop).
  const currency = settings.isPending
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

      {/* The plan and its billing are the owner's business (issue 10 item 6). */}
      {hasTenantRole(user.role, 'admin') && <PlanStatusCard />}
    </div>
  );
}

/** The subscription's one status with its date (as the Billing tab shows it), and the plan; links to billing. */
function PlanStatusCard() {
  const user = useSignedInUser();
  const entitlements = useEntitlements({ enabled: user.tenantId !== null });
  const { formatDate } = useDateFormat();
  if (!entitlements.data) return null;
  const { subscription, access } = entitlements.data;
  const planName = subscription?.plan?.name ?? 'Trial';
  const status = planStatusLine(subscriptionSnapshot(subscription), access.daysLeftInTrial, new Date(), (date) => formatDate(date.toISOString()));
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
