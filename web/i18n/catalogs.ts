import { i18n, type Messages } from '@lingui/core';
import { SOURCE_LOCALE, type Locale } from '../../core/i18n/locale.rules';
import { ENGLISH_KEYED_CATALOGS, SHELL_CATALOGS, type AreaCatalog, type CatalogName } from './catalog-names';

/**
 * The compiled catalogs, one per area folder and language (lingui.config.ts), each its own chunk:
 * a page downloads the catalogs of the areas it shows, in its language only.
 */
const CATALOG_IMPORTERS = import.meta.glob<{ messages: Messages }>('../locales/*/*.po');


// The catalogs the screens shown so far need; a change of language loads all of them again.
const neededCatalogs = new Set<CatalogName>(SHELL_CATALOGS);
const loadedCatalogs = new Set<string>();

async function loadCatalog(locale: Locale, name: CatalogName): Promise<void> {
  const key = `${locale}/${name}`;
  if (loadedCatalogs.has(key) || (locale === SOURCE_LOCALE && ENGLISH_KEYED_CATALOGS.includes(name))) return;
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
