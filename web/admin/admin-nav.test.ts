import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtInPermissions, platformAdminAccess, type Permission } from '../../core/team/permissions.rules';
import { ADMIN_NAV, itemsFor } from './admin-nav';

const titlesWith = (permissions: Permission[]) => ADMIN_NAV.flatMap((group) => itemsFor(group.items, { permissions })).map((item) => i18n._(item.title));
const titlesFor = (role: string) => titlesWith(builtInPermissions(role));

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

// Issue 10 item 6: each person is led only to what their role can use; issue 20: by the role's
// permissions, built-in or custom.
describe('admin navigation by permission', () => {
  it('a cashier sells and serves customers: no purchasing, books, reports, team or messaging', () => {
    expect(titlesFor('cashier')).toEqual(['Dashboard', 'Products', 'Sales', 'Contacts', 'Settings']);
    expect(titlesFor('user')).toEqual(titlesFor('cashier'));
  });

  it('a manager runs the shop, without the team, commissions, messaging and the audit log (the owner’s)', () => {
    expect(titlesFor('manager')).toEqual(['Dashboard', 'Products', 'Sales', 'Purchases', 'Contacts', 'Accounting', 'Reports', 'eTIMS', 'Settings']);
  });

  it('the owner and a platform admin see every area', () => {
    const every = ADMIN_NAV.flatMap((group) => group.items).map((item) => i18n._(item.title));
    expect(titlesFor('admin')).toEqual(every);
    expect(titlesWith(platformAdminAccess('superadmin').permissions)).toEqual(every);
  });

  it('a custom role sees the areas of its permissions: a stock clerk the products, a bookkeeper the books and reports', () => {
    expect(titlesWith(['products.manage', 'inventory.manage'])).toEqual(['Dashboard', 'Products']);
    expect(titlesWith(['accounting.view', 'reports.view', 'costs.view'])).toEqual(['Dashboard', 'Products', 'Accounting', 'Reports']);
    expect(titlesWith(['audit.view', 'billing.manage'])).toEqual(['Dashboard', 'Products', 'Audit log', 'Settings']);
  });

  it('a permission name the web app does not know opens nothing', () => {
    expect(itemsFor(ADMIN_NAV[1]!.items, { permissions: ['reports.everything'] }).map((item) => i18n._(item.title))).toEqual(['Products']);
  });
});

describe('admin navigation in Kiswahili', () => {
  it('names every area as a Kenyan shop reads it', async () => {
    const catalog = '../locales/sw/admin.po';
    const { messages } = (await import(/* @vite-ignore */ catalog)) as { messages: Record<string, string> };
    i18n.load('sw', messages);
    i18n.activate('sw');
    try {
      expect(titlesFor('admin')).toEqual([
        'Dashibodi',
        'Bidhaa',
        'Mauzo',
        'Ununuzi',
        'Wateja na wasambazaji',
        'Hesabu',
        'Ripoti',
        'Wafanyakazi',
        'Kamisheni',
        'Mawasiliano',
        'eTIMS',
        'Kumbukumbu ya ukaguzi',
        'Mipangilio',
      ]);
    } finally {
      i18n.activate('en');
    }
  });
});
