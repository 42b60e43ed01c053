import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';

/** One thing wrong with the committed catalogs, as a person fixing it needs to read it. */
export interface CatalogProblem {
  catalog: string;
  locale: string;
  message: string;
  problem: 'not in the catalog (run npm run i18n:extract)' | 'not translated' | 'no longer in the code (run npm run i18n:extract)';
}

/**
 * Compares what the code asks for (Lingui's own extractor, as `lingui extract` runs it) with the
 * committed catalogs: every message of the code is in every language's catalog, translated, and no
 * catalog keeps messages the code no longer has. Used by `npm run i18n:check` and the test.
 */
export async function findCatalogProblems(): Promise<CatalogProblem[]> {
  const config = getConfig({ cwd: process.cwd() });
  const problems: CatalogProblem[] = [];
  for (const catalog of await getCatalogs(config)) {
    const extracted = (await catalog.collect()) ?? {};
    const stored = await catalog.readAll();
    for (const locale of config.locales) {
      const messages = stored[locale] ?? {};
      for (const [id, entry] of Object.entries(extracted)) {
        const label = entry.message ?? id;
        const saved = messages[id];
        if (!saved || saved.obsolete) problems.push({ catalog: catalog.name ?? catalog.path, locale, message: label, problem: 'not in the catalog (run npm run i18n:extract)' });
        else if (!saved.translation?.trim()) problems.push({ catalog: catalog.name ?? catalog.path, locale, message: label, problem: 'not translated' });
      }
      for (const [id, saved] of Object.entries(messages)) {
        if (!(id in extracted)) problems.push({ catalog: catalog.name ?? catalog.path, locale, message: saved.message ?? id, problem: 'no longer in the code (run npm run i18n:extract)' });
      }
    }
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = await findCatalogProblems();
  for (const { catalog, locale, message, problem } of problems) console.error(`${locale}/${catalog}: "${message}" ${problem}`);
  console.log(problems.length === 0 ? 'Every message is in every catalog, translated.' : `${problems.length} catalog problem(s).`);
  process.exitCode = problems.length === 0 ? 0 : 1;
}
