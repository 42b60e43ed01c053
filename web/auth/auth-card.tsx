import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { PRODUCT_NAME } from '../lib/use-document-title';
import { useTenantContext } from '../tenancy/tenancy.api';
import { TenantLogo } from '../tenancy/tenant-logo';

/** The card every public auth page uses: the shop's (or Dukani's) logo, a title and the content. */
export function AuthCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  const { tenant } = useTenantContext();
  return (
    <Card className="w-full max-w-sm">
      <CardHeader className="items-center gap-3 text-center">
        <TenantLogo logoUrl={tenant?.logoUrl ?? null} name={tenant?.name ?? PRODUCT_NAME} />
        <div className="flex flex-col gap-1">
          <CardTitle className="text-2xl">{title}</CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </div>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export function AuthCardSkeleton() {
  const { t } = useLingui();
  return (
    <Card className="w-full max-w-sm" aria-busy="true" aria-label={t`Loading`}>
      <CardHeader className="items-center">
        <div className="size-16 animate-pulse rounded-2xl bg-muted" />
        <div className="h-6 w-40 animate-pulse rounded bg-muted" />
        <div className="h-4 w-28 animate-pulse rounded bg-muted" />
      </CardHeader>
    </Card>
  );
}
