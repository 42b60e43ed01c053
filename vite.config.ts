import { resolve } from 'node:path';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompressDirectory } from './scripts/precompress';
import { linguiMacroPreset } from './scripts/lingui-macro-preset';

const apiPort = Number(process.env.API_PORT ?? 3001);

/** Writes brotli and gzip copies of the built files once the build is written (served by server/http/web-app.ts). */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'dukani-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDirectory(outDir);
    },
  };
}

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), babel({ presets: [linguiMacroPreset] }), lingui(), tailwindcss(), precompress()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // Component names stay readable in the error page's component stack.
    rolldownOptions: { output: { keepNames: true } },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    host: true,
    allowedHosts: true,
    // The Host header is kept so tenant resolution works on demo.localhost:3000 in development.
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
});
