import { plural, t } from '@lingui/core/macro';
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
      return t`${plural(daysLeftInTrial, { one: '# day left in your trial', other: '# days left in your trial' })}`;
    case 'paid': {
      const renewsOn = phase.renewsOn ? formatDate(phase.renewsOn) : null;
      if (phase.freeUntil) {
        const freeUntil = formatDate(phase.freeUntil);
        return renewsOn ? t`Free trial to ${freeUntil}, then renews on ${renewsOn}` : t`Free trial to ${freeUntil}, then paid`;
      }
      return renewsOn ? t`Renews on ${renewsOn}` : t`Active`;
    }
    case 'ended': {
      if (!phase.endedOn) return t`No active subscription`;
      const endedOn = formatDate(phase.endedOn);
      return phase.what === 'trial' ? t`Trial ended on ${endedOn}` : t`Ended on ${endedOn}`;
    }
    case 'pending':
      return t`Payment pending`;
    case 'cancelled': {
      if (!phase.endedOn) return t`Cancelled`;
      const endsOn = formatDate(phase.endedOn);
      return t`Cancelled, ends on ${endsOn}`;
    }
    case 'none':
      return t`No active subscription`;
  }
}
