import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import PO from 'pofile';
import { LOCALES, type Locale } from '../../core/i18n/locale.rules';

// What the server writes in a person's language (its e-mails) is translated with Lingui, from the
// same catalogs as the web app: web/locales/{locale}/server.po, extracted from server/ by
// `npm run i18n:extract` (lingui.config.ts). The server has no bundler step for catalogs, so it reads
// the .po files when it starts and compiles each message with Lingui's own compiler. Messages are
// written as `i18n._({ id: 'email.…', message: 'English text' }, values)`: the extractor picks up
// those calls, and a message missing from a catalog falls back to its English text.
//
// The path is relative to the repository root, where the server runs in development, in tests and
// under `npm start` (dist/server/main.js), as server/db/client.ts finds the migrations.
export const CATALOGS_DIR = resolve('web/locales');
const CATALOG_NAME = 'server';

// @lingui/format-po marks a message whose id was written in the code; others are keyed by a hash.
const EXPLICIT_ID_FLAG = 'js-lingui-explicit-id';

/** One language's translated messages of a catalog, compiled for Lingui. Untranslated ones are left out. */
function readCatalogMessages(locale: Locale, catalogName: string, directory: string): Messages {
  const catalog = PO.parse(readFileSync(join(directory, locale, `${catalogName}.po`), 'utf8'));
  const messages: Messages = {};
  for (const item of catalog.items) {
    const translation = item.msgstr[0];
    if (item.obsolete || item.flags.obsolete || !item.msgid || !translation) continue;
    const id = item.extractedComments.includes(EXPLICIT_ID_FLAG) ? item.msgid : generateMessageId(item.msgid, item.msgctxt ?? undefined);
    messages[id] = compileMessage(translation);
  }
  return messages;
}

/** One language's translated messages of the server catalog. */
export function readServerMessages(locale: Locale, directory: string = CATALOGS_DIR): Messages {
  return readCatalogMessages(locale, CATALOG_NAME, directory);
}

/** A Lingui instance per language, each loaded with its catalog and set to that language. */
export interface ServerI18n {
  of(locale: Locale): I18n;
}

/**
 * Reads every language's server catalog once (at start-up: a missing catalog stops the server there,
 * not in a request), with core's beside it: the files the server writes (reports) carry core's
 * texts (column labels, tender names), looked up by their English text.
 */
export function createServerI18n(directory: string = CATALOGS_DIR): ServerI18n {
  const instances = Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      setupI18n({ locale, messages: { [locale]: { ...readCatalogMessages(locale, 'core', directory), ...readServerMessages(locale, directory) } } }),
    ]),
  ) as Record<Locale, I18n>;
  return { of: (locale) => instances[locale] };
}
