import { describe, expect, it } from 'vitest';
import { findCatalogProblems } from './check-catalogs';

// Issue 12: a message missing from either catalog, untranslated, or left behind fails npm test.
describe('the English and Kiswahili catalogs', () => {
  it('hold every message of the code, translated, and nothing else', async () => {
    const problems = await findCatalogProblems();
    expect(problems.map(({ catalog, locale, message, problem }) => `${locale}/${catalog}: "${message}" ${problem}`)).toEqual([]);
  }, 120_000);
});
