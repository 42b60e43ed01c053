import type { RouteObject } from 'react-router';
import { lazyArea } from '../i18n/lazy-area';

const catalogs = ['contacts', 'accounts', 'statements', 'loyalty', 'gift-cards'] as const;
const listScreens = lazyArea(catalogs, () => import('./contact-list-screens'));
const contactScreens = lazyArea(catalogs, () => import('./contacts-screens'));

/** The layout of /admin/customers (section navigation), a lazy screen. */
export const contactsLayout: RouteObject['lazy'] = listScreens('ContactsLayout');

/** /admin/customers/*: the list, a contact's pages, groups and the import. */
export const contactRoutes: RouteObject[] = [
  { index: true, lazy: listScreens('ContactListPage') },
  { path: 'new', lazy: contactScreens('ContactFormPage') },
  { path: 'groups', lazy: contactScreens('CustomerGroupsPage') },
  { path: 'import', lazy: contactScreens('ContactImportPage') },
  { path: ':contactId', lazy: contactScreens('ContactPage') },
  { path: ':contactId/edit', lazy: contactScreens('ContactFormPage') },
];
