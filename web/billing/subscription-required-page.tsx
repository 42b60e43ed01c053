import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CreditCardIcon, DownloadIcon, LogOutIcon, UserCogIcon } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import type { EntitlementsResponse } from '../../core/billing/billing.schemas';
import { subscriptionPhase, subscriptionRequiredAction, type SubscriptionPhase } from '../../core/billing/subscription.rules';
import { formatMinorUnits } from '../../core/settings/money.rules';
import { useAuth } from '../auth/auth-provider';
import { Button } from '../components/ui/button';
import { InlineSpinner } from '../components/ui/spinner';
import { useDateFormat } from '../lib/date-format';
import { translateMessage } from '../i18n/translate-message';
import { useDocumentTitle } from '../lib/use-document-title';
import { EXPORT_PATH } from '../products/bulk/bulk.api';
import { subscriptionSnapshot } from './subscription-view';
import { useCheckout } from './use-checkout';

const BILLING_TAB = '/admin/settings?tab=billing';

/** "KES 2,500.00 / month" for a plan's price and period, in the language shown when called. */
export function pricePerPeriod(plan: { priceMinor: number; currency: string; period: 'monthly' | 'yearly' }): string {
  const price = formatMinorUnits(plan.priceMinor, plan.currency);
  return i18n._(plan.period === 'monthly' ? msg`${price} / month` : msg`${price} / year`);
}

/** "Trial ended on 22 Nov 2026", or when a paid plan ran out; null when neither applies. */
function endedLine(phase: SubscriptionPhase, planName: string | null, formatDate: (value: Date) => string): string | null {
  if (phase.kind !== 'ended' || !phase.endedOn) return null;
  const endedOn = formatDate(phase.endedOn);
  if (phase.what === 'trial') return i18n._(msg`Trial ended on ${endedOn}`);
  return i18n._(planName ? msg`Your ${planName} plan ended on ${endedOn}` : msg`Your plan ended on ${endedOn}`);
}

/**
 * Spec §2 "Subscription Required gate page": the plan card, the spec §8 message, Upgrade Now
 * (Complete Payment when pending) and Sign Out. With a plan on record the button starts its
 * checkout; without one it opens the plans list (billing tab, shop admins only). Also what stays
 * the person's and the shop's behind the gate: the profile and the data export (issue 10 item 8).
 */
export function SubscriptionRequiredPage({
  entitlements,
  canManageBilling,
  canExportData,
}: {
  entitlements: EntitlementsResponse;
  canManageBilling: boolean;
  canExportData: boolean;
}) {
  const { t } = useLingui();
  useDocumentTitle(t`Subscription Required`);
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const checkout = useCheckout();
  const { formatDate } = useDateFormat();
  const subscription = entitlements.subscription;
  const plan = subscription?.plan ?? null;
  // Spec §8's texts, from the rules (core.po) and the server.
  const action = translateMessage(subscriptionRequiredAction(subscription?.status));
  const ended = endedLine(subscriptionPhase(subscriptionSnapshot(subscription), new Date()), plan?.name ?? null, formatDate);

  const upgrade = () => {
    if (plan) checkout.mutate(plan.id);
    else void navigate(BILLING_TAB);
  };
  // Signing out sends the guard to /auth.
  const leave = () => void signOut();

  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 px-4 py-10">
      <section aria-labelledby="subscription-required" className="grid w-full max-w-md gap-6 rounded-xl border bg-card p-6 shadow-sm">
        <div className="grid gap-2 text-center">
          <CreditCardIcon aria-hidden className="mx-auto size-10 text-primary" />
          <h1 id="subscription-required" className="text-2xl font-semibold">
            <Trans>Subscription Required</Trans>
          </h1>
          <p className="text-muted-foreground">{translateMessage(entitlements.subscriptionRequiredMessage)}</p>
          {ended && <p className="font-medium">{ended}</p>}
        </div>
        <div aria-label={t`Current plan`} role="group" className="grid gap-1 rounded-lg border p-4">
          <p className="text-xs text-muted-foreground">
            <Trans>Current plan</Trans>
          </p>
          <p className="font-semibold">{plan?.name ?? t`Trial`}</p>
          {plan && <p className="text-sm text-muted-foreground">{pricePerPeriod(plan)}</p>}
        </div>
        {!canManageBilling && (
          <p className="text-sm text-muted-foreground">
            <Trans>Ask the shop owner to renew the subscription.</Trans>
          </p>
        )}
        <div className="grid gap-2 sm:grid-cols-2">
          {canManageBilling && (
            <Button onClick={upgrade} disabled={checkout.isPending}>
              {checkout.isPending && <InlineSpinner />}
              {action}
            </Button>
          )}
          {canManageBilling && plan && (
            <Button variant="outline" asChild>
              <Link to={BILLING_TAB}>
                <Trans>See all plans</Trans>
              </Link>
            </Button>
          )}
          <Button variant="outline" asChild>
            <Link to="/profile">
              <UserCogIcon aria-hidden />
              <Trans>Profile</Trans>
            </Link>
          </Button>
          {canExportData && (
            <Button variant="outline" asChild>
              {/* A plain download: the browser saves the server's attachment. */}
              <a href={EXPORT_PATH} download>
                <DownloadIcon aria-hidden />
                <Trans>Export products (CSV)</Trans>
              </a>
            </Button>
          )}
          <Button variant="outline" onClick={leave}>
            <LogOutIcon aria-hidden />
            <Trans>Sign Out</Trans>
          </Button>
        </div>
      </section>
    </main>
  );
}
