import { Link, Outlet, useLocation } from 'react-router';
import { itemsForRole, type RoleNavItem } from '../admin/admin-nav';
import { useSignedInUser } from '../auth/auth-provider';

// The catalog and locations are read by every member; the ledger and stock documents are the
// managers' (server/inventory/inventory.routes.ts), so a cashier is not led to them.
const PRODUCTS_NAV: readonly RoleNavItem[] = [
  { title: 'Products', to: '/admin/products' },
  { title: 'Categories', to: '/admin/products/categories' },
  { title: 'Brands', to: '/admin/products/brands' },
  { title: 'Units', to: '/admin/products/units' },
  { title: 'Locations', to: '/admin/products/locations' },
  { title: 'Stock movements', to: '/admin/products/movements', minRole: 'manager' },
  { title: 'Adjustments', to: '/admin/products/adjustments', minRole: 'manager' },
  { title: 'Transfers', to: '/admin/products/transfers', minRole: 'manager' },
  { title: 'Stock takes', to: '/admin/products/stock-takes', minRole: 'manager' },
  { title: 'Low stock', to: '/admin/products/low-stock', minRole: 'manager' },
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
  const { role } = useSignedInUser();
  return (
    <div className="grid min-w-0 gap-6">
      <div className="grid min-w-0 gap-3">
        <h1 className="text-2xl font-semibold sm:text-3xl">Products</h1>
        <nav aria-label="Products area" className="-mx-4 min-w-0 overflow-x-auto border-b px-4 sm:mx-0 sm:px-0">
          <ul className="flex w-max gap-1">
            {itemsForRole(PRODUCTS_NAV, role).map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  aria-current={isCurrent(item.to, location.pathname) ? 'page' : undefined}
                  className="-mb-px flex h-9 items-center border-b-2 border-transparent px-3 text-sm whitespace-nowrap text-muted-foreground outline-none hover:text-foreground focus-visible:rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/60 aria-[current=page]:border-primary aria-[current=page]:font-medium aria-[current=page]:text-foreground"
                >
                  {item.title}
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
