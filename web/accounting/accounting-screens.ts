// The accounting area's screens, each tab a chunk of its own: the overview downloads neither the
// journal's forms nor the reports' tables. This small module is the only one the route table
// imports, so the first download (the sign-in page's) carries one import for the whole area.
export const ACCOUNTING_SCREENS = {
  AccountingLayout: () => import('./accounting-layout').then((module) => module.AccountingLayout),
  OverviewPage: () => import('./overview-page').then((module) => module.OverviewPage),
  JournalListPage: () => import('./journal-pages').then((module) => module.JournalListPage),
  JournalEntryPage: () => import('./journal-pages').then((module) => module.JournalEntryPage),
  JournalEntryFormPage: () => import('./entry-form-page').then((module) => module.JournalEntryFormPage),
  RecurringEntryFormPage: () => import('./recurring-entries').then((module) => module.RecurringEntryFormPage),
  ChartOfAccountsPage: () => import('./chart-page').then((module) => module.ChartOfAccountsPage),
  ReportsPage: () => import('./reports-page').then((module) => module.ReportsPage),
  VatReturnPage: () => import('./vat-page').then((module) => module.VatReturnPage),
  AccountingSettingsPage: () => import('./settings-page').then((module) => module.AccountingSettingsPage),
};
export type AccountingScreen = keyof typeof ACCOUNTING_SCREENS;
