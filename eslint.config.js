import js from '@eslint/js';
import lingui from 'eslint-plugin-lingui';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'coverage/**', 'server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // House rule 1: imports go one way. core is pure; web never imports server.
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**', '**/web/**', 'node:*', 'react', 'react-dom'], message: 'core/ is pure: no I/O, no DOM, no server or web imports.' }] },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/server/**'], message: 'web/ never imports server/.' }],
          // Sonner arrives after the first page (web/lib/toast.tsx); importing it here would put it back.
          paths: [{ name: 'sonner', importNames: ['toast'], message: "Import toast from web/lib/toast: it loads Sonner after the page." }],
        },
      ],
    },
  },
  {
    // Issue 12: every text a person reads goes through Lingui (docs/languages.md). Strings that are
    // not prose (class names, keys, paths, ids, API values) are recognised by shape and by where
    // they are used; a real exception carries `// eslint-disable-next-line lingui/no-unlocalized-strings -- why`.
    files: ['web/**/*.tsx', 'web/**/*.ts'],
    ignores: ['web/**/*.test.ts', 'web/**/*.test.tsx', 'web/test-support/**', 'web/dev/**'],
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: [
            // No capital letter and no space: keys, class names, paths, ids, units, MIME types.
            '^(?![A-Z])[^\\s]+$',
            // Constants and codes: KES, P051234567X, HH:mm.
            '^[A-Z0-9_:.+/-]+$',
            // Tailwind class lists and CSS values.
            '^[a-z0-9:[\\]()%/.#!_-]+(\\s+[a-z0-9:[\\]()%/.#!_-]+)+$',
          ],
          ignoreNames: [
            { regex: { pattern: 'className', flags: 'i' } },
            { regex: { pattern: '^[A-Z0-9_-]+$' } },
            'style', 'href', 'to', 'src', 'type', 'id', 'name', 'key', 'role', 'rel', 'target', 'method', 'autoComplete',
            'inputMode', 'pattern', 'accept', 'lang', 'dir', 'variant', 'size', 'side', 'align', 'mode', 'path',
            'queryKey', 'mutationKey', 'displayName', 'htmlFor', 'form', 'value', 'defaultValue', 'data-testid', 'sizes',
          ],
          ignoreFunctions: [
            'cn', 'cva', 'clsx', 'twMerge', 'console.*', 'logger.*', 'Error', 'TypeError', 'URL', 'URLSearchParams',
            'JSON.parse', 'document.querySelector', 'document.getElementById', '*.addEventListener', '*.removeEventListener',
            'new Intl.*', '*.startsWith', '*.endsWith', '*.includes', '*.split', '*.replace', '*.get', '*.set', '*.has',
            '*.delete', '*.append', 'apiRequest', 'fetch', 'navigate', 'useSearchParams', '*.getItem', '*.setItem',
            'readItem', 'writeItem', 'removeItem', 'matchMedia', 'createElement', 'Symbol', 'ApiError', 'import.meta.glob',
            // Lazy screens by export name (web/i18n/lazy-area.ts).
            '*Screens',
          ],
          ignoreMethodsOnTypes: ['Map.get', 'Map.has', 'Set.has', 'URLSearchParams.get'],
        },
      ],
    },
  },
);
