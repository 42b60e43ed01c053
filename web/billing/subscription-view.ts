import type { EntitlementsResponse } from '../../core/billing/billing.schemas';
import { subscriptionPhase, type SubscriptionSnapshot } from '../../core/billing/subscription.rules';

/** The API's subscription (ISO dates) as the core rules take it. */
export function subscriptionSnapshot(view: EntitlementsResponse['subscription']): SubscriptionSnapshot | null {
  if (!view) return null;
  const date = (iso: string | null) => (iso ? new Date(iso) : null);
  return { status: view.status, trialEnd: date(view.trialEnd), currentPeriodEnd: date(view.currentPeriodEnd) };
}

/** The dashboard's one line for the subscription: the same phase as the Billing tab, with its date. */
export function planStatusLine(
  subscription: SubscriptionSnapshot | null,
  daysLeftInTrial: number,
  now: Date,
  formatDate: (date: Date) => string,
): string {
  const phase = subscriptionPhase(subscription, now);
  switch (phase.kind) {
    case 'trial':
      return `${daysLeftInTrial} ${daysLeftInTrial === 1 ? 'day' : 'days'} left in your trial`;
    case 'paid':
      if (phase.freeUntil) return `Free trial to ${formatDate(phase.freeUntil)}, then ${phase.renewsOn ? `renews on ${formatDate(phase.renewsOn)}` : 'paid'}`;
      return phase.renewsOn ? `Renews on ${formatDate(phase.renewsOn)}` : 'Active';
    case 'ended':
      return phase.endedOn ? `${phase.what === 'trial' ? 'Trial ended' : 'Ended'} on ${formatDate(phase.endedOn)}` : 'No active subscription';
    case 'pending':
      return 'Payment pending';
    case 'cancelled':
      return phase.endedOn ? `Cancelled, ends on ${formatDate(phase.endedOn)}` : 'Cancelled';
    case 'none':
      return 'No active subscription';
  }
}
