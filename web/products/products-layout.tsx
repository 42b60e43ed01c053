import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro';
import { Link, Outlet, useLocation } from 'react-router';
import { itemsFor, type PermittedNavItem } from '../admin/admin-nav';
import { useSignedInUser } from '../auth/auth-provider';

// The catalog and locations are read by every member; the ledger and stock documents need
// inventory.manage (server/inventory/inventory.routes.ts), so a cashier is not led to them.
const PRODUCTS_NAV: readonly PermittedNavItem[] = [
  { title: msg`Products`, to: '/admin/products' },
  { title: msg`Categories`, to: '/admin/products/categories' },
  { title: msg`Brands`, to: '/admin/products/brands' },
  { title: msg`Units`, to: '/admin/products/units' },
  { title: msg`Locations`, to: '/admin/products/locations' },
  { title: msg`Stock movements`, to: '/admin/products/movements', permission: 'inventory.manage' },
  { title: msg`Adjustments`, to: '/admin/products/adjustments', permission: 'inventory.manage' },
  { title: msg`Transfers`, to: '/admin/products/transfers', permission: 'inventory.manage' },
  { title: msg`Stock takes`, to: '/admin/products/stock-takes', permission: 'inventory.manage' },
  { title: msg`Low stock`, to: '/admin/products/low-stock', permission: 'inventory.manage' },
];

const SUB_AREAS = PRODUCTS_NAV.slice(1).map((item) => item.to);

const isWithin = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/** "Products" stays current on the list, a product's own pages and catalog screens not in the bar. */
function isCurrent(to: string, pathname: string): boolean {
  if (to === '/admin/products') return !SUB_AREAS.some((path) => isWithin(pathname, path));
  return isWithin(pathname, to);
}

/** The Products area: its title and sub-navigation (scrolls sideways on a phone) above the screen. */
export function ProductsLayout() {
  const location = useLocation();
  const user = useSignedInUser();
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();
  return (
    <div className="grid min-w-0 gap-6">
      <div className="grid min-w-0 gap-3">
        <h1 className="text-2xl font-semibold sm:text-3xl">
          <Trans>Products</Trans>
        </h1>
        <nav aria-label={t`Products area`} className="-mx-4 min-w-0 overflow-x-auto border-b px-4 sm:mx-0 sm:px-0">
          <ul className="flex w-max gap-1">
            {itemsFor(PRODUCTS_NAV, user).map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  aria-current={isCurrent(item.to, location.pathname) ? 'page' : undefined}
                  className="-mb-px flex h-9 items-center border-b-2 border-transparent px-3 text-sm whitespace-nowrap text-muted-foreground outline-none hover:text-foreground focus-visible:rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/60 aria-[current=page]:border-primary aria-[current=page]:font-medium aria-[current=page]:text-foreground"
                >
                  {i18n._(item.title)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <Outlet />
    </div>
  );
}
