import { t } from '@lingui/core/macro';
import { useMutation } from '@tanstack/react-query';
import { toast } from '../lib/toast';
import { translateMessage } from '../i18n/translate-message';
import { ApiError } from '../lib/api-client';
import { logger } from '../lib/logger';
import { startCheckoutRequest } from './billing.api';

/** Spec §9: the popup-blocked fallback redirects after 1 s. */
export const POPUP_FALLBACK_REDIRECT_MS = 1_000;

/**
 * Spec §4 "Checkout": the payment page opens in a new tab; when the popup is blocked a toast
 * shows and this tab goes there after 1 s.
 */
export function useCheckout() {
  return useMutation({
    mutationKey: ['billing', 'checkout'],
    retry: false,
    mutationFn: (planId: string) => startCheckoutRequest(planId),
    onSuccess: ({ authorizationUrl }) => {
      const popup = window.open(authorizationUrl, '_blank');
      if (popup) {
        toast.success(t`Payment Window Opened`, {
          description: t`Complete your payment in the new tab to upgrade your plan.`,
        });
        return;
      }
      toast.info(t`Redirecting to Payment`);
      window.setTimeout(() => window.location.assign(authorizationUrl), POPUP_FALLBACK_REDIRECT_MS);
    },
    onError: (error) => {
      logger.warn('Checkout failed', error);
      const description =
        error instanceof ApiError && error.code === 'payments_not_configured' ? translateMessage(error.message) : t`An error occurred while initiating checkout.`;
      toast.error(t`Failed to initiate checkout`, { description });
    },
  });
}
