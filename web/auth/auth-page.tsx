import { Trans, useLingui } from '@lingui/react/macro';
import { StoreIcon } from 'lucide-react';
import { Navigate, useSearchParams } from 'react-router';
import { MaintenanceBanner } from '../components/maintenance-banner';
import { Alert, AlertDescription } from '../components/ui/alert';
import { PRODUCT_NAME, useDocumentTitle } from '../lib/use-document-title';
import { useTenantContext } from '../tenancy/tenancy.api';
import { AuthCard, AuthCardSkeleton } from './auth-card';
import { useAuth } from './auth-provider';
import { FROM_PARAM, safeReturnPath } from './redirect';
import { SignInForm } from './sign-in-form';
import { SignupLink } from './signup-link';

/**
 * /auth: the shop's (or Dukani's) sign-in page. A signed-in person goes on at once, replacing
 * this entry (spec §2 "After sign-in"): to the page a guard kept, else their home area.
 */
export function AuthPage() {
  const { t } = useLingui();
  const { isLoading, tenant, isUnknownAddress } = useTenantContext();
  const { auth } = useAuth();
  const [searchParams] = useSearchParams();
  const name = tenant?.name ?? PRODUCT_NAME;
  useDocumentTitle(t`Sign in · ${name}`);

  if (auth.status === 'signed-in') {
    return <Navigate to={safeReturnPath(searchParams.get(FROM_PARAM)) ?? auth.user.homePath} replace />;
  }
  if (isLoading || auth.status === 'loading') return <AuthCardSkeleton />;

  return (
    <AuthCard title={name} description={tenant ? t`Staff sign-in` : t`Point of sale for shops`}>
      <MaintenanceBanner className="mb-4 rounded-md border" />
      {isUnknownAddress ? (
        <Alert>
          <StoreIcon aria-hidden />
          <AlertDescription>
            <p>
              <Trans>
                This address does not belong to a shop. Check the link your shop gave you, or ask the shop's owner for it.
              </Trans>
            </p>
          </AlertDescription>
        </Alert>
      ) : (
        <SignInForm />
      )}
      {!tenant && <SignupLink />}
    </AuthCard>
  );
}
