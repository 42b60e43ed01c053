import { Navigate, type RouteObject } from 'react-router';
import { lazyArea } from '../i18n/lazy-area';
import type { AccountingScreen } from './accounting-screens';

// The screens use the stock screens' shared pieces (tables, pages, loading and error states): the
// inventory catalog comes along. The area's loaders arrive with its catalogs, then each tab's chunk.
const accountingScreens = lazyArea(['accounting', 'inventory'], () => import('./accounting-screens'));
const tabScreens = (name: AccountingScreen) => async () => ({ Component: await (await accountingScreens.load()).ACCOUNTING_SCREENS[name]() });

/** /admin/accounting: the tabs' frame (managers and owners, on a plan with advanced_accounting). */
export const accountingLayout: RouteObject['lazy'] = tabScreens('AccountingLayout');

/** /admin/accounting/*: overview, journal (entries, manual and recurring ones), chart of accounts, reports, VAT, settings. */
export const accountingRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="overview" replace /> },
  { path: 'overview', lazy: tabScreens('OverviewPage') },
  { path: 'journal', lazy: tabScreens('JournalListPage') },
  { path: 'journal/new', lazy: tabScreens('JournalEntryFormPage') },
  { path: 'journal/recurring/new', lazy: tabScreens('RecurringEntryFormPage') },
  { path: 'journal/recurring/:recurringId', lazy: tabScreens('RecurringEntryFormPage') },
  { path: 'journal/:entryId', lazy: tabScreens('JournalEntryPage') },
  { path: 'accounts', lazy: tabScreens('ChartOfAccountsPage') },
  { path: 'reports', lazy: tabScreens('ReportsPage') },
  { path: 'vat', lazy: tabScreens('VatReturnPage') },
  { path: 'settings', lazy: tabScreens('AccountingSettingsPage') },
];
