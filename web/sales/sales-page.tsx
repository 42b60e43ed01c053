import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Permission } from '../../core/team/permissions.rules';
import { useSignedInUser } from '../auth/auth-provider';
import { mayDo } from '../auth/may-do';
import { DetailSkeleton, RoleRefusal } from '../inventory/inventory-ui';
import { useDocumentTitle } from '../lib/use-document-title';
import { lazyArea } from '../i18n/lazy-area';

// /admin/sales (spec §2): the register (?tab=new-sale, the sidebar closed), the sales history and
// the shifts. Who sees everyone's sales (reports.view, as the history's API) lands on the history,
// anyone else on the register. The register and the shifts are chunks of their own, fetched when
// their tab is first shown.

const RegisterScreen = lazy(() => import('../register/register-screen').then((module) => ({ default: module.RegisterScreen })));
const SalesHistory = lazy(() => import('./sales-history').then((module) => ({ default: module.SalesHistory })));
const ShiftsTab = lazy(() => import('../shifts/shifts-tab').then((module) => ({ default: module.ShiftsTab })));
const mpesaReconciliation = lazyArea(['payments'], () => import('../payments/mpesa-reconciliation'));
const MpesaReconciliation = lazy(() => mpesaReconciliation.load().then((module) => ({ default: module.MpesaReconciliation })));

const TABS = ['new-sale', 'history', 'shifts', 'mpesa'] as const;
type Tab = (typeof TABS)[number];

const TAB_LABELS: Record<Tab, MessageDescriptor> = {
  'new-sale': msg`New sale`,
  history: msg`History`,
  shifts: msg`Shifts`,
  mpesa: msg`M-Pesa`,
};

/** Each tab's permission: its API's (the register and the history sales.sell). */
const TAB_PERMISSIONS: Record<Tab, Permission> = {
  'new-sale': 'sales.sell',
  history: 'sales.sell',
  shifts: 'shifts.open_close',
  mpesa: 'payments.reconcile',
};

/** What a tab is, in "Your role does not include …" when it is asked for without its permission. */
const TAB_REFUSALS: Record<Tab, MessageDescriptor> = {
  'new-sale': msg`selling at the register`,
  history: msg`the sales history`,
  shifts: msg`shifts`,
  mpesa: msg`M-Pesa reconciliation`,
};

const linkClass =
  // eslint-disable-next-line lingui/no-unlocalized-strings -- class names, not text
  '-mb-px flex h-9 items-center gap-1.5 border-b-2 border-transparent px-3 text-sm whitespace-nowrap text-muted-foreground outline-none hover:text-foreground focus-visible:rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/60 aria-[current=page]:border-primary aria-[current=page]:font-medium aria-[current=page]:text-foreground';

export function SalesPage() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const user = useSignedInUser();
  const [params] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(asked ?? '') ? (asked as Tab) : mayDo(user, 'reports.view') ? 'history' : 'new-sale';
  useDocumentTitle(tab === 'history' ? t`Sales` : i18n._(TAB_LABELS[tab]));
  return (
    <div className="grid min-w-0 gap-4">
      <div className="grid min-w-0 gap-3">
        <h1 className={tab === 'new-sale' ? 'sr-only' : 'text-2xl font-semibold sm:text-3xl'}>{t`Sales`}</h1>
        <nav aria-label={t`Sales area`} className="-mx-4 min-w-0 overflow-x-auto border-b px-4 sm:mx-0 sm:px-0">
          <ul className="flex w-max gap-1">
            {TABS.filter((item) => mayDo(user, TAB_PERMISSIONS[item])).map((item) => (
              <li key={item}>
                <Link to={`/admin/sales?tab=${item}`} aria-current={item === tab ? 'page' : undefined} className={linkClass}>
                  {i18n._(TAB_LABELS[item])}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {mayDo(user, TAB_PERMISSIONS[tab]) ? (
        <Suspense fallback={<DetailSkeleton label={t`Loading`} />}>
          {tab === 'new-sale' && <RegisterScreen />}
          {tab === 'history' && <SalesHistory />}
          {tab === 'shifts' && <ShiftsTab />}
          {tab === 'mpesa' && <MpesaReconciliation />}
        </Suspense>
      ) : (
        <RoleRefusal what={i18n._(TAB_REFUSALS[tab])} />
      )}
    </div>
  );
}
