import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { CheckIcon, ClockIcon, RefreshCwIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../lib/toast';
import type { BillingOverview } from '../../core/billing/billing.schemas';
import { subscriptionPhase, type SubscriptionPhase } from '../../core/billing/subscription.rules';
import { planOffer } from '../../core/billing/plan-offer.rules';
import { formatMinorUnits } from '../../core/settings/money.rules';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { InlineSpinner, Spinner } from '../components/ui/spinner';
import { useDateFormat } from '../lib/date-format';
import { translateMessage } from '../i18n/translate-message';
import { logger } from '../lib/logger';
import { syncSubscriptionRequest, useBillingOverview, verifyPaymentRequest } from './billing.api';
import { billingQueryKey } from './billing-keys';
import { pricePerPeriod } from './subscription-required-page';
import { subscriptionSnapshot } from './subscription-view';
import { useCheckout } from './use-checkout';

const PAYMENT_STATUS_LABELS: Record<string, MessageDescriptor> = {
  pending: msg`Pending`,
  completed: msg`Completed`,
  failed: msg`Failed`,
  amount_mismatch: msg`Amount mismatch`,
};
// A status the screen does not know yet shows as the API names it.
const paymentStatusLabel = (status: string) => {
  const label = PAYMENT_STATUS_LABELS[status];
  return label ? i18n._(label) : status.charAt(0).toUpperCase() + status.slice(1);
};
const paymentStatusVariant = (status: string) =>
  status === 'completed' ? 'success' : status === 'failed' || status === 'amount_mismatch' ? 'destructive' : 'secondary';

/**
 * Admin billing: the current plan, plans to upgrade to, the last 10 payments, Sync; and the
 * return from the payment page (?reference=…), which is verified once and then dropped from the URL.
 */
export function BillingTab() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const overview = useBillingOverview();
  const [searchParams, setSearchParams] = useSearchParams();
  const reference = searchParams.get('reference') ?? searchParams.get('trxref');
  const verifiedReference = useRef<string | null>(null);
  const [isSyncing, setIsSyncing] = useState(false);

  useEffect(() => {
    if (!reference || verifiedReference.current === reference) return;
    verifiedReference.current = reference;
    void (async () => {
      try {
        const result = await verifyPaymentRequest(reference);
        // Verified, but not paid: say what happened to the payment, not that checking it failed.
        if (result.status === 'completed') {
          toast.success(i18n._(msg`Payment Verified!`), { description: i18n._(msg`Your subscription has been activated successfully.`) });
        } else if (result.status === 'failed') {
          toast.error(i18n._(msg`Payment declined`), { description: i18n._(msg`No money was taken. You can choose a plan and try again.`) });
        } else {
          toast.error(i18n._(msg`Payment not completed`), {
            description: i18n._(msg`Your subscription is unchanged. You can choose a plan and try again.`),
          });
        }
      } catch (error) {
        logger.warn('Payment verification failed', error);
        toast.error(i18n._(msg`Error`), { description: i18n._(msg`Failed to verify payment`) });
      }
      // The reference leaves the address first: the refreshed subscription may open the gate and
      // mount this tab again, which must not verify the payment a second time.
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          next.delete('reference');
          next.delete('trxref');
          return next;
        },
        { replace: true },
      );
      await queryClient.invalidateQueries({ queryKey: billingQueryKey });
    })();
  }, [reference, queryClient, setSearchParams]);

  useEffect(() => {
    if (overview.isError) toast.error(i18n._(msg`Error`), { description: i18n._(msg`Failed to load billing information.`) });
  }, [overview.isError]);

  const sync = async () => {
    setIsSyncing(true);
    try {
      await syncSubscriptionRequest();
      await queryClient.invalidateQueries({ queryKey: billingQueryKey });
      toast.success(t`Subscription Synced`, { description: t`Subscription status has been updated.` });
    } catch (error) {
      logger.warn('Subscription sync failed', error);
      toast.error(t`Error`, { description: t`Failed to sync subscription status.` });
    } finally {
      setIsSyncing(false);
    }
  };

  if (overview.isPending) return <Spinner label={t`Loading billing information`} />;
  if (overview.isError) {
    return (
      <div className="grid justify-items-start gap-3 rounded-xl border p-4">
        <p>
          <Trans>Failed to load billing information.</Trans>
        </p>
        <Button variant="outline" onClick={() => void overview.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  }
  const data = overview.data;
  return (
    <div className="grid gap-6">
      <CurrentPlan data={data} onSync={() => void sync()} isSyncing={isSyncing} />
      <Plans data={data} />
      <PaymentHistory payments={data.payments} />
    </div>
  );
}

function CurrentPlan({ data, onSync, isSyncing }: { data: BillingOverview; onSync: () => void; isSyncing: boolean }) {
  const { t } = useLingui();
  const { subscription } = data;
  const { formatDate } = useDateFormat();
  const plan = subscription?.plan ?? null;
  const currentPlan = plan ? data.plans.find((candidate) => candidate.id === plan.id) : undefined;
  const phase = subscriptionPhase(subscriptionSnapshot(subscription), new Date());
  const planPrice = currentPlan
    ? pricePerPeriod({ ...currentPlan, priceMinor: currentPlan.effectivePriceMinor })
    : plan
      ? pricePerPeriod(plan)
      : null;
  return (
    <section aria-labelledby="current-plan" className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="current-plan" className="font-semibold">
            <Trans>Current plan</Trans>
          </h2>
          <p className="text-lg font-medium">{plan?.name ?? t`Trial`}</p>
        </div>
        <Button variant="outline" onClick={onSync} disabled={isSyncing}>
          {isSyncing ? <InlineSpinner /> : <RefreshCwIcon aria-hidden />}
          <Trans>Sync</Trans>
        </Button>
      </div>
      <dl className="grid gap-4 sm:grid-cols-3">
        <div className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">
            <Trans>Status</Trans>
          </dt>
          <dd>
            <Badge data-testid="subscription-status" variant={phaseVariant(phase)}>
              {translateMessage(phase.label)}
            </Badge>
          </dd>
        </div>
        <PhaseDate phase={phase} />
        <div className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">
            <Trans>Price</Trans>
          </dt>
          <dd className="font-medium">{phase.kind === 'trial' ? t`Free during the trial` : (planPrice ?? t`Choose a plan below`)}</dd>
        </div>
      </dl>
      {phase.kind === 'paid' && phase.freeUntil && (
        <TrialKept freeUntil={formatDate(phase.freeUntil.toISOString())} planName={plan?.name ?? ''} renewsOn={phase.renewsOn ? formatDate(phase.renewsOn.toISOString()) : null} />
      )}
    </section>
  );
}

/** A plan paid during the trial starts when the trial ends (issue 10 item 2). */
function TrialKept({ freeUntil, planName, renewsOn }: { freeUntil: string; planName: string; renewsOn: string | null }) {
  return (
    <p data-testid="trial-kept" className="text-sm text-muted-foreground">
      {renewsOn ? (
        <Trans>
          Your free trial runs to {freeUntil}; the {planName} plan you paid for starts then and renews on {renewsOn}.
        </Trans>
      ) : (
        <Trans>Your free trial runs to {freeUntil}; the {planName} plan you paid for starts then.</Trans>
      )}
    </p>
  );
}

const daysLeft = (date: Date) => Math.max(0, Math.ceil((date.getTime() - Date.now()) / 86_400_000));

/** The one date that matters for this status: when the trial ends, when the plan renews, when it ended. */
function PhaseDate({ phase }: { phase: SubscriptionPhase }) {
  const { t } = useLingui();
  const { formatDate } = useDateFormat();
  const item = (label: string, value: string) => (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
  switch (phase.kind) {
    case 'trial':
      if (!phase.trialEnd) return item(t`Trial ends`, t`No end date`);
      return item(t`Trial ends on`, trialEndsOn(formatDate(phase.trialEnd.toISOString()), daysLeft(phase.trialEnd)));
    case 'paid':
      return item(t`Next renewal`, phase.renewsOn ? formatDate(phase.renewsOn.toISOString()) : t`No end date`);
    case 'ended':
      return item(phase.what === 'trial' ? t`Trial ended on` : t`Ended on`, phase.endedOn ? formatDate(phase.endedOn.toISOString()) : '—');
    case 'cancelled':
      return item(t`Ends on`, phase.endedOn ? formatDate(phase.endedOn.toISOString()) : '—');
    case 'pending':
      return item(t`Payment`, t`Waiting for your payment`);
    case 'none':
      return item(t`Trial`, '—');
  }
}

/** "24 Nov 2026 (5 days left)". */
const trialEndsOn = (date: string, days: number) =>
  i18n._(msg`${plural(days, { one: `${date} (# day left)`, other: `${date} (# days left)` })}`);

const phaseVariant = (phase: SubscriptionPhase) =>
  phase.kind === 'paid' ? 'success' : phase.kind === 'ended' || phase.kind === 'cancelled' ? 'destructive' : 'secondary';

function Plans({ data }: { data: BillingOverview }) {
  const { t } = useLingui();
  const checkout = useCheckout();
  const isPaid = subscriptionPhase(subscriptionSnapshot(data.subscription), new Date()).kind === 'paid';
  const currentPlanId = isPaid ? data.subscription?.plan?.id : undefined;
  const takesPayments = data.provider !== null;
  return (
    <section aria-labelledby="plans" className="grid gap-3">
      <h2 id="plans" className="font-semibold">
        <Trans>Plans</Trans>
      </h2>
      {!takesPayments && (
        <p role="status" className="rounded-lg border border-dashed p-3 text-sm">
          <Trans>Payments are not configured on this server, so plans cannot be bought here yet.</Trans>
        </p>
      )}
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {data.plans.map((plan) => {
          const planName = plan.name;
          const isMonthly = plan.period === 'monthly';
          const setupFee = formatMinorUnits(plan.setupFeeMinor, plan.currency);
          return (
            <li
              key={plan.id}
              aria-label={isMonthly ? t`${planName} monthly plan` : t`${planName} yearly plan`}
              className="grid content-start gap-3 rounded-xl border bg-card p-4"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold">
                  {plan.name} <span className="font-normal text-muted-foreground">· {isMonthly ? t`Monthly` : t`Yearly`}</span>
                </h3>
                {plan.badge && <Badge variant="accent">{plan.badge}</Badge>}
              </div>
              <p className="text-lg font-medium">
                {pricePerPeriod({ ...plan, priceMinor: plan.effectivePriceMinor })}
                {plan.isCustomPrice && (
                  <span className="ml-2 text-xs text-muted-foreground">
                    <Trans>(your price)</Trans>
                  </span>
                )}
              </p>
              {plan.setupFeeMinor > 0 && (
                <p className="text-xs text-muted-foreground">
                  <Trans>Setup fee {setupFee}</Trans>
                </p>
              )}
              <PlanOffer plan={plan} />
              {plan.id === currentPlanId ? (
                <Button variant="outline" disabled>
                  <Trans>Current plan</Trans>
                </Button>
              ) : (
                <Button
                  onClick={() => checkout.mutate(plan.id)}
                  disabled={checkout.isPending || !takesPayments}
                  aria-label={isMonthly ? t`Upgrade to ${planName} (monthly)` : t`Upgrade to ${planName} (yearly)`}
                >
                  {checkout.isPending && checkout.variables === plan.id && <InlineSpinner />}
                  <Trans>Upgrade</Trans>
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * What the plan includes today, its extras (e.g. "2 months free"), then what it will include once
 * built, marked coming soon: nothing is sold that the product does not do (docs/decisions/0009).
 */
function PlanOffer({ plan }: { plan: BillingOverview['plans'][number] }) {
  const { t } = useLingui();
  const planName = plan.name;
  // The rules' English words, in the language shown (core.po).
  const offer = planOffer(plan.name, plan.entitlements).map((line) => ({ ...line, text: translateMessage(line.text) }));
  const comingSoon = offer.filter((line) => line.availability === 'coming_soon');
  const included = [...offer.filter((line) => line.availability === 'available').map((line) => line.text), ...plan.features];
  return (
    <div className="grid gap-2 text-sm">
      <ul aria-label={t`${planName} includes`} className="grid gap-1">
        {included.map((text) => (
          <li key={text} className="flex gap-2">
            <CheckIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
            <span className="min-w-0 break-words">{text}</span>
          </li>
        ))}
      </ul>
      {comingSoon.length > 0 && (
        <div className="grid gap-1">
          <p className="text-xs font-medium text-muted-foreground">
            <Trans>Coming soon (not built yet)</Trans>
          </p>
          <ul aria-label={t`${planName}: coming soon`} className="grid gap-1 text-muted-foreground">
            {comingSoon.map((line) => (
              <li key={line.text} className="flex gap-2">
                <ClockIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
                <span className="min-w-0 break-words">{line.text}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function PaymentHistory({ payments }: { payments: BillingOverview['payments'] }) {
  const { formatDate } = useDateFormat();
  return (
    <section aria-labelledby="payment-history" className="grid gap-3">
      <h2 id="payment-history" className="font-semibold">
        <Trans>Payment history</Trans>
      </h2>
      {payments.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No payments yet.</Trans>
        </p>
      ) : (
        <div className="overflow-x-auto rounded-xl border">
          <table className="w-full min-w-[36rem] text-sm">
            <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
              <tr>
                <th className="p-3 font-medium">
                  <Trans>Date</Trans>
                </th>
                <th className="p-3 font-medium">
                  <Trans>Plan</Trans>
                </th>
                <th className="p-3 font-medium">
                  <Trans>Amount</Trans>
                </th>
                <th className="p-3 font-medium">
                  <Trans>Status</Trans>
                </th>
                <th className="p-3 font-medium">
                  <Trans>Reference</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {payments.map((payment) => (
                <tr key={payment.id} className="border-t">
                  <td className="p-3 whitespace-nowrap">{formatDate(payment.paidAt ?? payment.failedAt ?? payment.createdAt)}</td>
                  <td className="p-3">{payment.plan.name}</td>
                  <td className="p-3 whitespace-nowrap">{formatMinorUnits(payment.amountMinor, payment.currency)}</td>
                  <td className="p-3">
                    <Badge variant={paymentStatusVariant(payment.status)}>{paymentStatusLabel(payment.status)}</Badge>
                  </td>
                  <td className="p-3 font-mono text-xs break-all">{payment.reference}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
