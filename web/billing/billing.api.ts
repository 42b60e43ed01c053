import { useQuery } from '@tanstack/react-query';
import {
  billingOverviewSchema,
  checkoutResponseSchema,
  entitlementsResponseSchema,
  verifyPaymentResponseSchema,
} from '../../core/billing/billing.schemas';
import { z } from 'zod';
import { apiRequest } from '../lib/api-client';
import { billingOverviewQueryKey, entitlementsQueryKey } from './billing-keys';

/** This shop's plan, access, features and gate (any member; answers also when the subscription lapsed). */
export function useEntitlements({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: entitlementsQueryKey,
    queryFn: () => apiRequest('/api/billing/entitlements', { schema: entitlementsResponseSchema }),
    enabled,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- the console's message (logger), not shown on screen
    meta: { errorMessage: 'Loading the subscription entitlements failed' },
  });
}

/** Plans, payments and the subscription (shop admins). */
export function useBillingOverview({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: billingOverviewQueryKey,
    queryFn: () => apiRequest('/api/billing', { schema: billingOverviewSchema }),
    enabled,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- the console's message (logger), not shown on screen
    meta: { errorMessage: 'Failed to load billing information.' },
  });
}

/** isSignup: the plan chosen at sign-up, paid for right after the hand-over (spec §7). */
export function startCheckoutRequest(planId: string, isSignup = false) {
  return apiRequest('/api/billing/checkout', { method: 'POST', body: { planId, isSignup }, schema: checkoutResponseSchema });
}

export function verifyPaymentRequest(reference: string) {
  return apiRequest('/api/billing/verify', { method: 'POST', body: { reference }, schema: verifyPaymentResponseSchema });
}

export function syncSubscriptionRequest() {
  return apiRequest('/api/billing/sync', { method: 'POST', schema: z.object({ synced: z.boolean() }) });
}
