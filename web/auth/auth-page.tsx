import { StoreIcon } from 'lucide-react';
import { Alert, AlertDescription } from '../components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { PRODUCT_NAME, useDocumentTitle } from '../lib/use-document-title';
import { useTenantContext } from '../tenancy/tenancy.api';
import { TenantLogo } from '../tenancy/tenant-logo';

/** /auth: the shop's (or Dukani's) sign-in page. The sign-in form itself arrives with staff accounts. */
export function AuthPage() {
  const { isLoading, tenant, isUnknownAddress } = useTenantContext();
  const name = tenant?.name ?? PRODUCT_NAME;
  useDocumentTitle(`Sign in · ${name}`);

  if (isLoading) {
    return (
      <Card className="w-full max-w-sm" aria-busy="true" aria-label="Loading">
        <CardHeader className="items-center">
          <div className="size-16 animate-pulse rounded-2xl bg-muted" />
          <div className="h-6 w-40 animate-pulse rounded bg-muted" />
          <div className="h-4 w-28 animate-pulse rounded bg-muted" />
        </CardHeader>
      </Card>
    );
  }

  return (
    <Card className="w-full max-w-sm">
      <CardHeader className="items-center gap-3 text-center">
        <TenantLogo logoUrl={tenant?.logoUrl ?? null} name={name} />
        <div className="flex flex-col gap-1">
          <CardTitle className="text-2xl">{name}</CardTitle>
          <CardDescription>{tenant ? 'Staff sign-in' : 'Point of sale for shops'}</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        {isUnknownAddress ? (
          <Alert>
            <StoreIcon aria-hidden />
            <AlertDescription>
              <p>
                This address does not belong to a shop. Check the link your shop gave you, or ask the shop's owner for
                it.
              </p>
            </AlertDescription>
          </Alert>
        ) : (
          <p className="rounded-lg bg-muted px-4 py-3 text-center text-sm text-muted-foreground">
            {tenant ? 'Sign-in is being set up for this shop.' : 'Sign-in is being set up.'} Staff accounts arrive in
            the next release.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
