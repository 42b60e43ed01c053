import { upgradeMessage, type FeatureKey } from '../../core/billing/plan-features.rules';
import { subscriptionRequiredMessage } from '../../core/billing/subscription.rules';
import { HttpError } from '../http/errors';
import type { SubscriptionState } from './subscription.service';

/**
 * The server side of plan gating (house rule: the server is the authority). 402 when the
 * subscription fails the gate, or when the plan lacks the feature, with the message the
 * Subscription Required page or the upgrade badge would show.
 */
export function assertPlanAllows(state: SubscriptionState, options: { feature?: FeatureKey; checkGate: boolean }, now: Date) {
  if (options.checkGate && !state.passesGate) {
    throw new HttpError('payment_required', subscriptionRequiredMessage(state.subscription, now));
  }
  if (options.feature && !state.entitlements.features[options.feature]) {
    throw new HttpError('payment_required', upgradeMessage(options.feature));
  }
}
