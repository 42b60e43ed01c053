import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro';
import { Link, Outlet, useLocation } from 'react-router';
import { hasTenantRole } from '../../core/auth/roles.rules';
import { useSignedInUser } from '../auth/auth-provider';
import { RoleRefusal } from '../inventory/inventory-ui';

const BASE = '/admin/purchases';

const TABS = [
  { title: msg`Orders`, to: `${BASE}/orders` },
  { title: msg`Receipts`, to: `${BASE}/receipts` },
  { title: msg`Bills`, to: `${BASE}/bills` },
  { title: msg`Returns`, to: `${BASE}/returns` },
  { title: msg`Expenses`, to: `${BASE}/expenses` },
  { title: msg`Reorder`, to: `${BASE}/reorder` },
] as const;

const isWithin = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/**
 * /admin/purchases: the area's title and tabs (links; they scroll sideways on a phone) above the
 * screen. Buying and receiving are for managers and owners, as the server answers: a cashier who
 * types one of these addresses sees why, and no screen (nor its requests) is mounted.
 */
export function PurchasesLayout() {
  const location = useLocation();
  const { role } = useSignedInUser();
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();
  return (
    <div className="grid min-w-0 gap-6">
      <div className="grid min-w-0 gap-3">
        <h1 className="text-2xl font-semibold sm:text-3xl">
          <Trans>Purchases</Trans>
        </h1>
        {hasTenantRole(role, 'manager') && (
          <nav aria-label={t`Purchases area`} className="-mx-4 min-w-0 overflow-x-auto border-b px-4 sm:mx-0 sm:px-0">
            <ul className="flex w-max gap-1">
              {TABS.map((tab) => (
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
      {hasTenantRole(role, 'manager') ? <Outlet /> : <RoleRefusal what={t`purchases`} />}
    </div>
  );
}
