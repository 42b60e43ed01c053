import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro';
import { Link, Outlet, useLocation } from 'react-router';
import { itemsFor, type PermittedNavItem } from '../admin/admin-nav';
import { useSignedInUser } from '../auth/auth-provider';
import { mayDo } from '../auth/may-do';
import { LockedFeature, RoleRefusal, useFeature } from '../inventory/inventory-ui';
import { useDocumentTitle } from '../lib/use-document-title';
import { ACCOUNTING } from './accounting-ui';

// The books are read with accounting.view; their settings are changed with accounting.manage.
const TABS: readonly PermittedNavItem[] = [
  { title: msg`Overview`, to: `${ACCOUNTING}/overview` },
  { title: msg`Journal`, to: `${ACCOUNTING}/journal` },
  { title: msg`Chart of accounts`, to: `${ACCOUNTING}/accounts` },
  { title: msg`Reports`, to: `${ACCOUNTING}/reports` },
  { title: msg`VAT`, to: `${ACCOUNTING}/vat` },
  { title: msg`Settings`, to: `${ACCOUNTING}/settings`, permission: 'accounting.manage' },
];

const isWithin = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/**
 * /admin/accounting: the area's title and tabs (links; they scroll sideways on a phone) above the
 * screen. The books are for those holding accounting.view (managers, owners, a custom role given
 * it), and need the plan's advanced_accounting (the API answers 402 without it): anyone else sees
 * why, a Starter shop sees the lock and the way to upgrade, and neither mounts a screen nor its
 * requests. Until the entitlements arrive nothing shows as locked (the server still refuses).
 */
export function AccountingLayout() {
  const location = useLocation();
  const user = useSignedInUser();
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();
  const feature = useFeature('advanced_accounting');
  const mayRead = mayDo(user, 'accounting.view');
  const tabs = itemsFor(TABS, user);
  return (
    <div className="grid min-w-0 gap-6">
      <div className="grid min-w-0 gap-3">
        <h1 className="text-2xl font-semibold sm:text-3xl">
          <Trans>Accounting</Trans>
        </h1>
        {mayRead && feature.isEnabled !== false && (
          <nav aria-label={t`Accounting area`} className="-mx-4 min-w-0 overflow-x-auto border-b px-4 sm:mx-0 sm:px-0 print:hidden">
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
      {!mayRead ? (
        <RoleRefusal what={t`the books`} />
      ) : feature.isEnabled === false ? (
        <AccountingLocked badge={feature.badge} />
      ) : (
        <Outlet />
      )}
    </div>
  );
}

function AccountingLocked({ badge }: { badge: string }) {
  const { t } = useLinguiMacro();
  useDocumentTitle(t`Accounting`);
  return <LockedFeature feature="advanced_accounting" title={t`Accounting`} badge={badge} />;
}
