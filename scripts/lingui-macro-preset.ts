import { defineRolldownBabelPreset } from '@rolldown/plugin-babel';

/**
 * Lingui's macros (`<Trans>`, `t`, `msg`) compiled by Babel, on the files that import them only:
 * the rest of the app keeps Vite's own fast transform (docs/decisions/0015-languages-with-lingui.md).
 * Shared by the app build (vite.config.ts) and the tests (vitest.config.ts).
 */
export const linguiMacroPreset = defineRolldownBabelPreset({
  preset: { plugins: ['@lingui/babel-plugin-lingui-macro'] },
  rolldown: { filter: { code: /@lingui\/(core|react)\/macro/ } },
});
