/** Every screen needs these: the sign-in pages, the shells, shared components and messages. */
export const SHELL_CATALOGS = ['app', 'auth', 'components', 'errors', 'lib', 'core', 'server', 'tenancy', 'i18n'] as const;
/** Loaded with their area's screens (web/i18n/lazy-area.ts). */
export type AreaCatalog =
  | 'admin'
  | 'billing'
  | 'products'
  | 'inventory'
  | 'settings'
  | 'profile'
  | 'superadmin'
  | 'legal'
  | 'dev'
  | 'contacts'
  | 'accounts'
  | 'statements'
  | 'loyalty'
  | 'gift-cards'
  | 'register'
  | 'sales'
  | 'shifts'
  | 'purchases'
  | 'accounting'
  | 'dashboard'
  | 'reports'
  | 'payments'
  | 'etims'
  | 'audit'
  | 'commissions'
  | 'team'
  | 'communications'
  | 'signup';
export type CatalogName = (typeof SHELL_CATALOGS)[number] | AreaCatalog;
/**
 * Catalogs whose messages are keyed by their English text (core's and the server's, marked
 * /*i18n*\/): in English the text is already the message, so they are not downloaded.
 */
export const ENGLISH_KEYED_CATALOGS: readonly CatalogName[] = ['core', 'server'];
