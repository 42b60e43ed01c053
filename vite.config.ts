import { resolve } from 'node:path';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompressDirectory } from './scripts/precompress.ts';
import { moveSourceMaps } from './scripts/source-maps.ts';
import { linguiMacroPreset } from './scripts/lingui-macro-preset.ts';
import { LOCALES, SOURCE_LOCALE } from './core/i18n/locale.rules.ts';
import { ENGLISH_KEYED_CATALOGS, SHELL_CATALOGS } from './web/i18n/catalog-names.ts';

const apiPort = Number(process.env.API_PORT ?? 3001);

// The catalogs every page loads, in one chunk per language; English has no core or server catalog to load.
const shellCatalogPattern = (locale: string) => {
  const names = SHELL_CATALOGS.filter((name) => locale !== SOURCE_LOCALE || !ENGLISH_KEYED_CATALOGS.includes(name));
  return new RegExp(`web[\\\\/]locales[\\\\/]${locale}[\\\\/](${names.join('|')})\\.po`);
};

/**
 * Once the build is written: moves the source maps out of the served folder (dist/web's to
 * dist/web-sourcemaps), then writes brotli and gzip copies of the built files (served by
 * server/http/web-app.ts).
 */
function finishBuild(): Plugin {
  let outDir = '';
  return {
    name: 'dukani-finish-build',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle(error) {
      // A failed build has written nothing to finish; its own error is the one to see.
      if (error) return;
      moveSourceMaps(outDir, `${outDir}-sourcemaps`);
      precompressDirectory(outDir);
    },
  };
}

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), babel({ presets: [linguiMacroPreset] }), lingui(), tailwindcss(), finishBuild()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // Built for debugging, never published: no sourceMappingURL comment, moved out by finishBuild.
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        // The libraries every page needs, in a chunk of their own: a release that changes the app
        // keeps them cached. Everything else splits by route (web/app/router.tsx).
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](react-query|query-core)|@lingui|zod)[\\/]/ },
            ...LOCALES.map((locale) => ({ name: `catalogs-${locale}`, test: shellCatalogPattern(locale) })),
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    host: true,
    allowedHosts: true,
    // The Host header is kept so tenant resolution works on demo.localhost:3000 in development.
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
});
