import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthCard, AuthCardSkeleton } from '../auth/auth-card';
import { startCheckoutRequest } from '../billing/billing.api';
import { failureMessage } from '../lib/form-errors';
import { logger } from '../lib/logger';
import { PRODUCT_NAME, useDocumentTitle } from '../lib/use-document-title';
import { useHandoff } from './signup.api';

const HOME = '/admin';
const BILLING = '/admin/settings?tab=billing';

/**
 * /auth/handoff?token=… on a new shop's own address: the sign-up's one-time token becomes the
 * owner's session here, then the dashboard (or first the payment page of the plan chosen at
 * sign-up). Full loads that replace this entry: the app starts signed in, and Back never returns
 * to a spent token.
 */
export function HandoffPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Signing you in · ${PRODUCT_NAME}`);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const handoff = useHandoff();
  const { mutate } = handoff;
  const isSent = useRef(false);

  useEffect(() => {
    // Once per page, as the token works once (React runs effects twice in development).
    if (isSent.current || !token) return;
    isSent.current = true;
    mutate(token, {
      onSuccess: async ({ checkoutPlanId }) => {
        if (!checkoutPlanId) return window.location.replace(HOME);
        try {
          const { authorizationUrl } = await startCheckoutRequest(checkoutPlanId, true);
          window.location.replace(authorizationUrl);
        } catch (error) {
          // The shop is open on its trial: the Billing tab offers the plan again.
          logger.warn('Checkout after sign-up failed', error);
          window.location.replace(BILLING);
        }
      },
    });
  }, [mutate, token]);

  if (token && !handoff.isError) return <AuthCardSkeleton />;
  return (
    <AuthCard title={t`Sign in`}>
      <div className="grid gap-4 text-sm">
        <p role="alert" className="text-destructive">
          {failureMessage(handoff.error, t`This sign-in link is invalid, used or expired. Sign in with your e-mail and password.`)}
        </p>
        <Link to="/auth" className="font-medium text-primary underline-offset-4 hover:underline">
          <Trans>Go to sign-in</Trans>
        </Link>
      </div>
    </AuthCard>
  );
}
