import { ConstructionIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSignedInUser } from '../auth/auth-provider';
import { roleLabel } from '../auth/role-label';
import { useDocumentTitle } from '../lib/use-document-title';
import { useShopIdentity } from './use-shop-identity';

/** /admin and /admin/dashboard until the admin shell arrives: who is signed in, where, and what comes next. */
export function AdminHomePage() {
  const user = useSignedInUser();
  const shop = useShopIdentity();
  useDocumentTitle(`Home · ${shop.name}`);
  const { settings } = shop;

  const currency = !shop.hasShop
    ? 'No shop for this session'
    : settings.isPending
      ? 'Loading…'
      : settings.isError
        ? 'Not available right now'
        : `${settings.data.currencyCode} (${settings.data.currencySymbol})`;

  return (
    <div className="grid gap-6">
      <section className="grid gap-1">
        <h1 className="text-2xl font-semibold break-words sm:text-3xl">Welcome, {user.fullName?.trim() || 'User'}</h1>
        <p className="text-muted-foreground">
          You are signed in to {shop.name} as {roleLabel(user.role)}.
        </p>
      </section>

      <section aria-labelledby="shop-details" className="rounded-xl border bg-card p-4 sm:p-6">
        <h2 id="shop-details" className="mb-4 font-semibold">
          Your shop
        </h2>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Detail label="Shop">{shop.name}</Detail>
          <Detail label="Your role">{roleLabel(user.role)}</Detail>
          <Detail label="Currency">{currency}</Detail>
          <Detail label="Time zone">{settings.data?.timeZone ?? '—'}</Detail>
        </dl>
      </section>

      <section
        aria-labelledby="coming-next"
        className="flex gap-3 rounded-xl border border-dashed bg-muted/40 p-4 text-sm sm:p-6"
      >
        <ConstructionIcon aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="grid gap-1">
          <h2 id="coming-next" className="font-semibold">
            More of Dukani is on its way
          </h2>
          <p className="text-muted-foreground">
            The dashboard, the sidebar and the business areas (products, sales, purchases, contacts, accounting,
            reports, team, communications and settings) arrive with the admin-shell release. Until then you can manage
            your own account from Profile Settings in the menu at the top right.
          </p>
        </div>
      </section>
    </div>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}
