import { Trans, useLingui } from '@lingui/react/macro';
import { CreditCardIcon } from 'lucide-react';
import { Link } from 'react-router';
import { useSignedInUser } from '../auth/auth-provider';
import { useEntitlements } from '../billing/billing.api';
import { planStatusLine, subscriptionSnapshot } from '../billing/subscription-view';
import { useDateFormat } from '../lib/date-format';

/** The subscription's one status with its date (as the Billing tab shows it), and the plan; links to billing. */
export function PlanStatusCard() {
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
