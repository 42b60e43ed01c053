import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * English and Kiswahili (docs/decisions/0015-languages-with-lingui.md, docs/languages.md).
 * One catalog per area folder of web/ (web/locales/{locale}/{area}.po), loaded with the area. The
 * shared zod schemas' messages (core.po) and the server's messages and e-mails (server.po) are
 * marked with a /*i18n*\/ comment and translated where they are shown.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'sw'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      path: '<rootDir>/web/locales/{locale}/{name}',
      include: ['<rootDir>/web/{name}/'],
      exclude: ['<rootDir>/web/locales/', '<rootDir>/web/public/', '<rootDir>/web/test-support/', '**/*.test.ts', '**/*.test.tsx'],
    },
    { path: '<rootDir>/web/locales/{locale}/core', include: ['<rootDir>/core/'], exclude: ['**/*.test.ts'] },
    { path: '<rootDir>/web/locales/{locale}/server', include: ['<rootDir>/server/'], exclude: ['**/*.test.ts', '<rootDir>/server/db/migrations/'] },
  ],
  orderBy: 'message',
});
