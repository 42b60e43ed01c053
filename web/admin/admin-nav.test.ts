import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_NAV, itemsForRole } from './admin-nav';

const titlesFor = (role: string | null) => ADMIN_NAV.flatMap((group) => itemsForRole(group.items, role)).map((item) => i18n._(item.title));

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

// Issue 10 item 6: each person is led only to what their role can use.
describe('admin navigation by role', () => {
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
    expect(titlesFor('superadmin')).toEqual(every);
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
