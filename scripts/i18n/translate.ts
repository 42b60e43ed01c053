import { readFileSync } from 'node:fs';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';

/**
 * Writes translations into a catalog: `npm run i18n:translate -- sw products translations.json`,
 * where the JSON maps each English message, exactly as in the code, to its translation. Entries
 * the file does not name keep what they have; a message the catalog lacks is reported (extract first).
 */
async function main() {
  const [locale, name, file] = process.argv.slice(2);
  if (!locale || !name || !file) throw new Error('usage: npm run i18n:translate -- <locale> <catalog> <file.json>');
  const translations = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  const config = getConfig({ cwd: process.cwd() });
  const catalog = (await getCatalogs(config)).find((candidate) => candidate.name === name);
  if (!catalog) throw new Error(`No catalog named ${name}`);
  const messages = (await catalog.read(locale)) ?? {};
  const english = (await catalog.read(config.sourceLocale ?? 'en')) ?? {};
  // An entry's English: its message; for an explicit id (e-mails) the English catalog's text; for
  // a message keyed by its English text (core's and the server's /*i18n*/ strings) the id itself.
  const byMessage = new Map(Object.entries(messages).map(([id, entry]) => [entry.message ?? english[id]?.translation ?? id, entry]));
  const unknown: string[] = [];
  for (const [message, translation] of Object.entries(translations)) {
    const entry = byMessage.get(message);
    if (entry) entry.translation = translation;
    else unknown.push(message);
  }
  await catalog.write(locale, messages);
  for (const message of unknown) console.error(`not in ${locale}/${name}: ${JSON.stringify(message)}`);
  console.log(`${Object.keys(translations).length - unknown.length} translation(s) written to ${catalog.getFilename(locale)}`);
  process.exitCode = unknown.length ? 1 : 0;
}

await main();
