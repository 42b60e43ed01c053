import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from './context';

/**
 * Serves the built web app: hashed assets cached for a year, every other non-API path gets
 * index.html (client-side routing decides, e.g. unknown paths → /auth).
 * Development-only pages under /dev are not served in production.
 */
export function mountWebApp(app: Hono<AppEnv>, webDistDir: string, isProduction: boolean) {
  const indexFile = join(webDistDir, 'index.html');
  if (!existsSync(indexFile)) return false;
  const root = relative(process.cwd(), webDistDir) || '.';
  const indexHtml = readFileSync(indexFile, 'utf8');

  app.use(
    '/assets/*',
    serveStatic({
      root,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  app.use('*', async (c, next) => {
    if (c.req.path.startsWith('/api/') || c.req.path.includes('.')) return next();
    if (isProduction && (c.req.path === '/dev' || c.req.path.startsWith('/dev/'))) return next();
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
  app.use('*', serveStatic({ root, onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=3600') }));
  return true;
}
