import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro';
import { LockIcon } from 'lucide-react';
import { Link, Outlet, useLocation } from 'react-router';
import { upgradeMessage, type FeatureKey } from '../../core/billing/plan-features.rules';
import { itemsFor, type PermittedNavItem } from '../admin/admin-nav';
import { useSignedInUser } from '../auth/auth-provider';
import { Badge } from '../components/ui/badge';
import { translateMessage } from '../i18n/translate-message';
import { BILLING_PATH } from '../inventory/inventory-ui';
import { useContactsAccess } from './contacts.api';

const BASE = '/admin/customers';

interface SectionItem extends PermittedNavItem {
  /** The plan feature the section needs; 'customer_management' also counts Starter's advanced_customer_management. */
  feature?: FeatureKey;
}

// Who may use each section follows the permission of its list's route (contacts, accounts, gift
// cards, import).
const SECTIONS: readonly SectionItem[] = [
  { title: msg`Contacts`, to: BASE, permission: 'contacts.edit' },
  { title: msg`Groups`, to: `${BASE}/groups`, permission: 'contacts.edit', feature: 'customer_management' },
  { title: msg`Debtors`, to: `${BASE}/debtors`, permission: 'accounts.collect' },
  { title: msg`Creditors`, to: `${BASE}/creditors`, permission: 'accounts.collect' },
  { title: msg`Gift cards`, to: `${BASE}/gift-cards`, permission: 'sales.sell', feature: 'gift_cards' },
  { title: msg`Import`, to: `${BASE}/import`, permission: 'contacts.manage', feature: 'bulk_operations' },
];

const OWN_SECTIONS = SECTIONS.slice(1).map((item) => item.to);
const isWithin = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/** "Contacts" stays current on the list and a contact's own pages. */
function isCurrent(to: string, pathname: string): boolean {
  if (to === BASE) return !OWN_SECTIONS.some((path) => isWithin(pathname, path));
  return isWithin(pathname, to);
}

const linkClass =
  // eslint-disable-next-line lingui/no-unlocalized-strings -- class names, not text
  '-mb-px flex h-9 items-center gap-1.5 border-b-2 border-transparent px-3 text-sm whitespace-nowrap text-muted-foreground outline-none hover:text-foreground focus-visible:rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/60 aria-[current=page]:border-primary aria-[current=page]:font-medium aria-[current=page]:text-foreground';

/** /admin/customers: the area's title and section navigation (scrolls sideways on a phone) above the screen. */
export function ContactsLayout() {
  const location = useLocation();
  const user = useSignedInUser();
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();
  const access = useContactsAccess();
  const isOn = (feature: FeatureKey | undefined) => !feature || (feature === 'customer_management' ? access.hasGroups : access.has(feature));
  const sections = itemsFor(SECTIONS, user);
  return (
    <div className="grid min-w-0 gap-6">
      <div className="grid min-w-0 gap-3">
        <h1 className="text-2xl font-semibold sm:text-3xl">
          <Trans>Contacts</Trans>
        </h1>
        <nav aria-label={t`Contacts area`} className="-mx-4 min-w-0 overflow-x-auto border-b px-4 sm:mx-0 sm:px-0">
          <ul className="flex w-max gap-1">
            {sections.map((item) =>
              isOn(item.feature) ? (
                <li key={item.to}>
                  <Link to={item.to} aria-current={isCurrent(item.to, location.pathname) ? 'page' : undefined} className={linkClass}>
                    {i18n._(item.title)}
                  </Link>
                </li>
              ) : (
                <li key={item.to} data-locked="">
                  <Link to={BILLING_PATH} title={translateMessage(upgradeMessage(item.feature!), i18n)} className={linkClass}>
                    <LockIcon aria-hidden className="size-3.5" />
                    {i18n._(item.title)}
                    <span className="sr-only">{translateMessage(upgradeMessage(item.feature!), i18n)}</span>
                    {access.badge && <Badge variant="accent">{access.badge}</Badge>}
                  </Link>
                </li>
              ),
            )}
          </ul>
        </nav>
      </div>
      <Outlet />
    </div>
  );
}
