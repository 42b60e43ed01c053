import { i18n, type Messages } from '@lingui/core';
import type { Locale } from '../../core/i18n/locale.rules';

/**
 * The compiled catalogs, one per area folder and language (lingui.config.ts), each its own chunk:
 * a page downloads the catalogs of the areas it shows, in its language only.
 */
const CATALOG_IMPORTERS = import.meta.glob<{ messages: Messages }>('../locales/*/*.po');

/** Every screen needs these: the sign-in pages, the shells, shared components and messages. */
export const SHELL_CATALOGS = ['app', 'auth', 'components', 'errors', 'lib', 'core', 'server', 'tenancy', 'i18n'] as const;
/** Loaded with their area's screens (web/i18n/lazy-area.ts). */
export type AreaCatalog = 'admin' | 'billing' | 'products' | 'inventory' | 'settings' | 'profile' | 'superadmin' | 'legal' | 'dev';
export type CatalogName = (typeof SHELL_CATALOGS)[number] | AreaCatalog;

// The catalogs the screens shown so far need; a change of language loads all of them again.
const neededCatalogs = new Set<CatalogName>(SHELL_CATALOGS);
const loadedCatalogs = new Set<string>();

async function loadCatalog(locale: Locale, name: CatalogName): Promise<void> {
  const key = `${locale}/${name}`;
  if (loadedCatalogs.has(key)) return;
  const importer = CATALOG_IMPORTERS[`../locales/${key}.po`];
  // A folder without a single message yet has no catalog file: nothing to load.
  if (!importer) return;
  const { messages } = await importer();
  i18n.load(locale, messages);
  loadedCatalogs.add(key);
}

/** Loads what the screens shown so far need in this language, then switches to it. */
export async function activateLocale(locale: Locale): Promise<void> {
  await Promise.all([...neededCatalogs].map((name) => loadCatalog(locale, name)));
  i18n.activate(locale);
}

/** Loads an area's catalog in the current language before its screens render. */
export async function loadAreaCatalog(name: AreaCatalog): Promise<void> {
  neededCatalogs.add(name);
  await loadCatalog(i18n.locale as Locale, name);
}
