import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro';
import { Link, Outlet, useLocation } from 'react-router';
import { itemsFor, mayOpen, type PermittedNavItem } from '../admin/admin-nav';
import { useSignedInUser } from '../auth/auth-provider';
import { RoleRefusal } from '../inventory/inventory-ui';

const BASE = '/admin/purchases';

// Each tab needs the permission of its list's route: orders, receipts, returns to suppliers and
// reorder purchases.manage; bills purchases.pay_suppliers; expenses expenses.manage.
const TABS: readonly PermittedNavItem[] = [
  { title: msg`Orders`, to: `${BASE}/orders`, permission: 'purchases.manage' },
  { title: msg`Receipts`, to: `${BASE}/receipts`, permission: 'purchases.manage' },
  { title: msg`Bills`, to: `${BASE}/bills`, permission: 'purchases.pay_suppliers' },
  { title: msg`Returns`, to: `${BASE}/returns`, permission: 'purchases.manage' },
  { title: msg`Expenses`, to: `${BASE}/expenses`, permission: 'expenses.manage' },
  { title: msg`Reorder`, to: `${BASE}/reorder`, permission: 'purchases.manage' },
];

const isWithin = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/**
 * /admin/purchases: the area's title and tabs (links; they scroll sideways on a phone) above the
 * screen. Buying, paying suppliers and expenses are for managers and owners (or a custom role
 * given their permissions), as the server answers: a tab shows to those holding its permission,
 * and anyone else who types its address sees why, with no screen (nor its requests) mounted.
 */
export function PurchasesLayout() {
  const location = useLocation();
  const user = useSignedInUser();
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();
  const tabs = itemsFor(TABS, user);
  const current = TABS.find((tab) => isWithin(location.pathname, tab.to));
  // The area's own address leads to its first tab (purchases-routes.tsx).
  const mayOpenHere = current ? mayOpen(current, user) : tabs.length > 0;
  return (
    <div className="grid min-w-0 gap-6">
      <div className="grid min-w-0 gap-3">
        <h1 className="text-2xl font-semibold sm:text-3xl">
          <Trans>Purchases</Trans>
        </h1>
        {tabs.length > 0 && (
          <nav aria-label={t`Purchases area`} className="-mx-4 min-w-0 overflow-x-auto border-b px-4 sm:mx-0 sm:px-0">
            <ul className="flex w-max gap-1">
              {tabs.map((tab) => (
                <li key={tab.to}>
                  <Link
                    to={tab.to}
                    aria-current={isWithin(location.pathname, tab.to) ? 'page' : undefined}
                    className="-mb-px flex h-9 items-center border-b-2 border-transparent px-3 text-sm whitespace-nowrap text-muted-foreground outline-none hover:text-foreground focus-visible:rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/60 aria-[current=page]:border-primary aria-[current=page]:font-medium aria-[current=page]:text-foreground"
                  >
                    {i18n._(tab.title)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
      {mayOpenHere ? <Outlet /> : <RoleRefusal what={t`purchases`} />}
    </div>
  );
}
