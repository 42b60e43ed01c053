import { StoreIcon } from 'lucide-react';
import { Navigate, useSearchParams } from 'react-router';
import { Alert, AlertDescription } from '../components/ui/alert';
import { PRODUCT_NAME, useDocumentTitle } from '../lib/use-document-title';
import { useTenantContext } from '../tenancy/tenancy.api';
import { AuthCard, AuthCardSkeleton } from './auth-card';
import { useAuth } from './auth-provider';
import { FROM_PARAM, safeReturnPath } from './redirect';
import { SignInForm } from './sign-in-form';

/**
 * /auth: the shop's (or Dukani's) sign-in page. A signed-in person goes on at once, replacing
 * this entry (spec §2 "After sign-in"): to the page a guard kept, else their home area.
 */
export function AuthPage() {
  const { isLoading, tenant, isUnknownAddress } = useTenantContext();
  const { auth } = useAuth();
  const [searchParams] = useSearchParams();
  const name = tenant?.name ?? PRODUCT_NAME;
  useDocumentTitle(`Sign in · ${name}`);

  if (auth.status === 'signed-in') {
    return <Navigate to={safeReturnPath(searchParams.get(FROM_PARAM)) ?? auth.user.homePath} replace />;
  }
  if (isLoading || auth.status === 'loading') return <AuthCardSkeleton />;

  return (
    <AuthCard title={name} description={tenant ? 'Staff sign-in' : 'Point of sale for shops'}>
      {isUnknownAddress ? (
        <Alert>
          <StoreIcon aria-hidden />
          <AlertDescription>
            <p>
              This address does not belong to a shop. Check the link your shop gave you, or ask the shop's owner for it.
            </p>
          </AlertDescription>
        </Alert>
      ) : (
        <SignInForm />
      )}
    </AuthCard>
  );
}
