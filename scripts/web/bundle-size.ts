// What each entry route downloads before it is usable, from a production build's manifest
// (issue 12: `npm run bench -- web` and the /auth budget guard in npm test).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type InlineConfig } from 'vite';
import type { CatalogName } from '../../web/i18n/catalog-names';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The register's address (spec §2: the new-sale tab of the sales page). */
export const REGISTER_ROUTE = '/admin/sales?tab=new-sale';

/**
 * The entry routes and what each loads beyond the first download: the lazy screen modules of
 * web/app/router.tsx and the catalogs their lazyArea() names. The browser suite checks the /auth
 * figure against what Chromium really fetches (tests/e2e/bundle.e2e.ts).
 */
export const ENTRY_ROUTES: Record<string, { screens: string[]; catalogs: CatalogName[] }> = {
  '/auth': { screens: [], catalogs: [] },
  '/admin/dashboard': { screens: ['admin/admin-screens.ts', 'dashboard/dashboard-screens.ts'], catalogs: ['admin', 'billing', 'dashboard', 'etims'] },
  '/admin/products': { screens: ['admin/admin-screens.ts', 'products/product-list-screens.ts'], catalogs: ['admin', 'billing', 'products', 'inventory'] },
  // The register (issue 15): the sales page lazily loads the register screen before its search field exists.
  [REGISTER_ROUTE]: {
    screens: ['admin/admin-screens.ts', 'sales/sales-page.tsx', 'register/register-screen.tsx'],
    catalogs: ['admin', 'billing', 'sales', 'register', 'shifts', 'inventory'],
  },
  // Purchases (issue 16): the tabs' frame and the orders list, one chunk with the area's screens.
  '/admin/purchases/orders': { screens: ['admin/admin-screens.ts', 'purchases/purchases-screens.ts'], catalogs: ['admin', 'billing', 'purchases', 'inventory', 'products'] },
  // Accounting (issue 17): the area's loaders, then the tabs' frame and the overview, each tab a chunk of its own.
  '/admin/accounting/overview': {
    screens: ['admin/admin-screens.ts', 'accounting/accounting-screens.ts', 'accounting/accounting-layout.tsx', 'accounting/overview-page.tsx'],
    catalogs: ['admin', 'billing', 'accounting', 'inventory'],
  },
  // KRA eTIMS (issue 19): the documents list and the items tab, one chunk.
  '/admin/etims': { screens: ['admin/admin-screens.ts', 'etims/etims-screens.ts'], catalogs: ['admin', 'billing', 'etims', 'inventory'] },
  // The audit log and commissions (issue 20): each page one chunk with its catalog.
  '/admin/audit': { screens: ['admin/admin-screens.ts', 'audit/audit-screens.ts'], catalogs: ['admin', 'billing', 'audit', 'inventory'] },
  '/admin/commissions': { screens: ['admin/admin-screens.ts', 'commissions/commissions-screens.ts'], catalogs: ['admin', 'billing', 'commissions', 'inventory'] },
};

/** Vite's build with NODE_ENV=production: Vitest sets NODE_ENV=test, which would build React's development copy. */
async function buildForProduction(config: InlineConfig): Promise<void> {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build(config);
  } finally {
    process.env.NODE_ENV = previous;
  }
}

/** A production build of the web app (NODE_ENV=production, as `npm start` builds) with its manifest, into `outDir`. */
export async function buildWeb(outDir: string, root = REPO_ROOT): Promise<Manifest> {
  await buildForProduction({
    configFile: join(root, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false },
  });
  return JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** A file with everything it imports statically: what the browser fetches to run it. */
function closure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest: is the route table in scripts/web/bundle-size.ts still true?`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

export interface RouteDownload {
  route: string;
  files: string[];
  /** Each file's gzipped size, for the question of where the bytes go. */
  gzipBytesByFile: Map<string, number>;
  jsGzipBytes: number;
  cssGzipBytes: number;
}

const gzipBytes = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;

/** The JavaScript and CSS a route downloads in English (its language's catalogs included), gzipped. */
export function routeDownload(outDir: string, manifest: Manifest, route: string): RouteDownload {
  const spec = ENTRY_ROUTES[route];
  if (!spec) throw new Error(`No entry route ${route}`);
  // The shell's catalogs are one chunk per language (vite.config.ts); an area's are its own file.
  // English downloads no core or server catalog (web/i18n/catalogs.ts: their ids are the English text).
  const shellCatalogs = Object.keys(manifest).filter((key) => manifest[key]?.name === 'catalogs-en');
  if (shellCatalogs.length !== 1) throw new Error('The build has no catalogs-en chunk: is vite.config.ts still grouping the shell catalogs?');
  const catalogKeys = [...shellCatalogs, ...spec.catalogs.map((name) => `locales/en/${name}.po`).filter((key) => key in manifest)];
  const files = [...closure(manifest, ['index.html', ...spec.screens, ...catalogKeys])].sort();
  const gzipBytesByFile = new Map(files.map((file) => [file, gzipBytes(join(outDir, file))]));
  let jsGzipBytes = 0;
  let cssGzipBytes = 0;
  for (const [file, bytes] of gzipBytesByFile) {
    if (file.endsWith('.css')) cssGzipBytes += bytes;
    else if (file.endsWith('.js')) jsGzipBytes += bytes;
  }
  return { route, files, gzipBytesByFile, jsGzipBytes, cssGzipBytes };
}

/**
 * The floor: React, React DOM, React Router and TanStack Query rendering one route, built with the
 * same Vite in the same run. No page of the app can download less than this.
 */
export async function buildFloor(workDir: string): Promise<{ jsGzipBytes: number }> {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  writeFileSync(join(workDir, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="./main.tsx"></script>');
  writeFileSync(
    join(workDir, 'main.tsx'),
    [
      "import { QueryClient, QueryClientProvider } from '@tanstack/react-query';",
      "import { createRoot } from 'react-dom/client';",
      "import { createBrowserRouter, RouterProvider } from 'react-router';",
      "const router = createBrowserRouter([{ path: '*', element: <p>floor</p> }]);",
      "createRoot(document.getElementById('root')!).render(<QueryClientProvider client={new QueryClient()}><RouterProvider router={router} /></QueryClientProvider>);",
    ].join('\n'),
  );
  const outDir = join(workDir, 'dist');
  await buildForProduction({ root: workDir, configFile: false, plugins: [react()], mode: 'production', logLevel: 'silent', build: { outDir, manifest: true } });
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  let jsGzipBytes = 0;
  for (const file of closure(manifest, ['index.html'])) if (file.endsWith('.js')) jsGzipBytes += gzipBytes(join(outDir, file));
  return { jsGzipBytes };
}
