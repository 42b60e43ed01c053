import { useQueryClient } from '@tanstack/react-query';
import { CheckIcon, RefreshCwIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { BillingOverview } from '../../core/billing/billing.schemas';
import { formatMinorUnits } from '../../core/settings/money.rules';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { InlineSpinner, Spinner } from '../components/ui/spinner';
import { formatDate } from '../lib/format';
import { logger } from '../lib/logger';
import { syncSubscriptionRequest, useBillingOverview, verifyPaymentRequest } from './billing.api';
import { billingQueryKey } from './billing-keys';
import { pricePerPeriod } from './subscription-required-page';
import { useCheckout } from './use-checkout';

const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  trial: 'Trial',
  trialing: 'Trial',
  pending: 'Pending',
  cancelled: 'Cancelled',
  expired: 'Expired',
  completed: 'Completed',
  failed: 'Failed',
};
const statusLabel = (status: string) => STATUS_LABELS[status] ?? status.charAt(0).toUpperCase() + status.slice(1);
const statusVariant = (status: string) =>
  status === 'active' || status === 'completed' ? 'success' : status === 'failed' || status === 'expired' || status === 'cancelled' ? 'destructive' : 'secondary';

/**
 * Admin billing: the current plan, plans to upgrade to, the last 10 payments, Sync; and the
 * return from the payment page (?reference=…), which is verified once and then dropped from the URL.
 */
export function BillingTab() {
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
        if (result.status !== 'completed') throw new Error(`Payment verification failed: ${result.status}`);
        toast.success('Payment Verified!', { description: 'Your subscription has been activated successfully.' });
      } catch (error) {
        logger.warn('Payment verification failed', error);
        toast.error('Error', { description: 'Failed to verify payment' });
      }
      await queryClient.invalidateQueries({ queryKey: billingQueryKey });
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          next.delete('reference');
          next.delete('trxref');
          return next;
        },
        { replace: true },
      );
    })();
  }, [reference, queryClient, setSearchParams]);

  useEffect(() => {
    if (overview.isError) toast.error('Error', { description: 'Failed to load billing information.' });
  }, [overview.isError]);

  const sync = async () => {
    setIsSyncing(true);
    try {
      await syncSubscriptionRequest();
      await queryClient.invalidateQueries({ queryKey: billingQueryKey });
      toast.success('Subscription Synced', { description: 'Subscription status has been updated.' });
    } catch (error) {
      logger.warn('Subscription sync failed', error);
      toast.error('Error', { description: 'Failed to sync subscription status.' });
    } finally {
      setIsSyncing(false);
    }
  };

  if (overview.isPending) return <Spinner label="Loading billing information" />;
  if (overview.isError) {
    return (
      <div className="grid justify-items-start gap-3 rounded-xl border p-4">
        <p>Failed to load billing information.</p>
        <Button variant="outline" onClick={() => void overview.refetch()}>
          Try again
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
  const { subscription, access } = data;
  const status = subscription?.status ?? null;
  const plan = subscription?.plan ?? null;
  const currentPlan = plan ? data.plans.find((candidate) => candidate.id === plan.id) : undefined;
  return (
    <section aria-labelledby="current-plan" className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="current-plan" className="font-semibold">
            Current plan
          </h2>
          <p className="text-lg font-medium">{plan?.name ?? 'Trial'}</p>
        </div>
        <Button variant="outline" onClick={onSync} disabled={isSyncing}>
          {isSyncing ? <InlineSpinner /> : <RefreshCwIcon aria-hidden />}
          Sync
        </Button>
      </div>
      <dl className="grid gap-4 sm:grid-cols-3">
        <div className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">Status</dt>
          <dd>
            {status ? (
              <Badge data-testid="subscription-status" variant={statusVariant(status)}>
                {statusLabel(status)}
              </Badge>
            ) : (
              'No subscription'
            )}
          </dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">{access.isTrialActive ? 'Trial days left' : 'Days until expiry'}</dt>
          <dd className="font-medium">{access.isTrialActive ? access.daysLeftInTrial : Math.max(0, access.daysUntilExpiry)}</dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">Price</dt>
          <dd className="font-medium">
            {currentPlan
              ? pricePerPeriod({ ...currentPlan, priceMinor: currentPlan.effectivePriceMinor })
              : plan
                ? pricePerPeriod(plan)
                : 'Free during the trial'}
          </dd>
        </div>
      </dl>
    </section>
  );
}

function Plans({ data }: { data: BillingOverview }) {
  const checkout = useCheckout();
  const currentPlanId = data.subscription?.status === 'active' ? data.subscription.plan?.id : undefined;
  return (
    <section aria-labelledby="plans" className="grid gap-3">
      <h2 id="plans" className="font-semibold">
        Plans
      </h2>
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {data.plans.map((plan) => (
          <li key={plan.id} aria-label={`${plan.name} ${plan.period} plan`} className="grid content-start gap-3 rounded-xl border bg-card p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold">
                {plan.name} <span className="font-normal text-muted-foreground">· {plan.period === 'monthly' ? 'Monthly' : 'Yearly'}</span>
              </h3>
              {plan.badge && <Badge variant="accent">{plan.badge}</Badge>}
            </div>
            <p className="text-lg font-medium">
              {pricePerPeriod({ ...plan, priceMinor: plan.effectivePriceMinor })}
              {plan.isCustomPrice && <span className="ml-2 text-xs text-muted-foreground">(your price)</span>}
            </p>
            {plan.setupFeeMinor > 0 && (
              <p className="text-xs text-muted-foreground">Setup fee {formatMinorUnits(plan.setupFeeMinor, plan.currency)}</p>
            )}
            <ul className="grid gap-1 text-sm">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <CheckIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
                  <span className="min-w-0 break-words">{feature}</span>
                </li>
              ))}
            </ul>
            {plan.id === currentPlanId ? (
              <Button variant="outline" disabled>
                Current plan
              </Button>
            ) : (
              <Button
                onClick={() => checkout.mutate(plan.id)}
                disabled={checkout.isPending}
                aria-label={`Upgrade to ${plan.name} (${plan.period})`}
              >
                {checkout.isPending && checkout.variables === plan.id && <InlineSpinner />}
                Upgrade
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function PaymentHistory({ payments }: { payments: BillingOverview['payments'] }) {
  return (
    <section aria-labelledby="payment-history" className="grid gap-3">
      <h2 id="payment-history" className="font-semibold">
        Payment history
      </h2>
      {payments.length === 0 ? (
        <p className="text-sm text-muted-foreground">No payments yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border">
          <table className="w-full min-w-[36rem] text-sm">
            <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
              <tr>
                <th className="p-3 font-medium">Date</th>
                <th className="p-3 font-medium">Plan</th>
                <th className="p-3 font-medium">Amount</th>
                <th className="p-3 font-medium">Status</th>
                <th className="p-3 font-medium">Reference</th>
              </tr>
            </thead>
            <tbody>
              {payments.map((payment) => (
                <tr key={payment.id} className="border-t">
                  <td className="p-3 whitespace-nowrap">{formatDate(payment.paidAt ?? payment.failedAt ?? payment.createdAt)}</td>
                  <td className="p-3">{payment.plan.name}</td>
                  <td className="p-3 whitespace-nowrap">{formatMinorUnits(payment.amountMinor, payment.currency)}</td>
                  <td className="p-3">
                    <Badge variant={statusVariant(payment.status)}>{statusLabel(payment.status)}</Badge>
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
