import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const user = useSignedInUser();
  const shop = useShopIdentity();
  const shopName = shop.name;
  useDocumentTitle(t`Home · ${shopName}`);
  const { settings } = shop;
  const userName = user.fullName?.trim() || t`User`;
  const role = roleLabel(user.role);

  // Only a session with a shop reaches this page (RequireShop).
  const currency = settings.isPending
    ? t`Loading…`
    : settings.isError
      ? t`Not available right now`
      : `${settings.data.currencyCode} (${settings.data.currencySymbol})`;

  return (
    <div className="grid gap-6">
      <section className="grid gap-1">
        <h1 className="text-2xl font-semibold break-words sm:text-3xl">
          <Trans>Welcome, {userName}</Trans>
        </h1>
        <p className="text-muted-foreground">
          <Trans>
            You are signed in to {shopName} as {role}.
          </Trans>
        </p>
      </section>

      <section aria-labelledby="shop-details" className="rounded-xl border bg-card p-4 sm:p-6">
        <h2 id="shop-details" className="mb-4 font-semibold">
          <Trans>Your shop</Trans>
        </h2>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Detail label={t`Shop`}>{shopName}</Detail>
          <Detail label={t`Your role`}>{role}</Detail>
          <Detail label={t`Currency`}>{currency}</Detail>
          <Detail label={t`Time zone`}>{settings.data?.timeZone ?? '—'}</Detail>
        </dl>
      </section>

      {/* The plan and its billing are the owner's business (issue 10 item 6). */}
      {hasTenantRole(user.role, 'admin') && <PlanStatusCard />}
    </div>
  );
}

/** The subscription's one status with its date (as the Billing tab shows it), and the plan; links to billing. */
function PlanStatusCard() {
  const { t } = useLingui();
  const user = useSignedInUser();
  const entitlements = useEntitlements({ enabled: user.tenantId !== null });
  const { formatDate } = useDateFormat();
  if (!entitlements.data) return null;
  const { subscription, access } = entitlements.data;
  const planName = subscription?.plan?.name ?? t`Trial`;
  const status = planStatusLine(subscriptionSnapshot(subscription), access.daysLeftInTrial, new Date(), (date) => formatDate(date.toISOString()));
  return (
    <section aria-labelledby="plan-status" className="flex flex-wrap items-center gap-3 rounded-xl border bg-card p-4 sm:p-6">
      <CreditCardIcon aria-hidden className="size-5 shrink-0 text-primary" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <h2 id="plan-status" className="font-semibold">
          <Trans>Plan: {planName}</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">{status}</p>
      </div>
      <Link to="/admin/settings?tab=billing" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
        <Trans>Billing</Trans>
      </Link>
    </section>
  );
}
