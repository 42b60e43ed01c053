import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { Context, Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import type { AppEnv } from './context';

/** Content codings the build writes next to a file (scripts/precompress.ts), in the server's order of preference. */
const CODINGS = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;
type ContentCoding = (typeof CODINGS)[number]['coding'];

/** Files under /assets carry a hash of their content in their name, so they never change. */
const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
const OTHER_FILE_CACHE = 'public, max-age=3600';

interface FileVariant {
  path: string;
  size: number;
  etag: string;
}

interface BuiltFile {
  contentType: string;
  identity: FileVariant;
  encoded: Partial<Record<ContentCoding, FileVariant>>;
}

/**
 * Serves the built web app: hashed assets cached for a year, every other non-API path gets
 * index.html (client-side routing decides, e.g. unknown paths → /auth), which browsers
 * revalidate on every visit so a new release is picked up. Text files go out as the brotli or
 * gzip copy the build wrote, chosen by the request's Accept-Encoding.
 * Development-only pages under /dev are not served in production.
 */
export function mountWebApp(app: Hono<AppEnv>, webDistDir: string, isProduction: boolean) {
  const indexFile = join(webDistDir, 'index.html');
  if (!existsSync(indexFile)) return false;
  const indexHtml = readFileSync(indexFile, 'utf8');
  const indexEtag = `"${createHash('sha256').update(indexHtml).digest('base64url').slice(0, 27)}"`;
  // The build does not change under a running server: read the file list once.
  const files = readBuiltFiles(webDistDir);

  app.use('*', async (c, next) => {
    const { path, method } = c.req;
    if (path.startsWith('/api/') || (method !== 'GET' && method !== 'HEAD')) return next();
    const file = files.get(path);
    if (file && path !== '/index.html') return sendFile(c, file, path.startsWith('/assets/') ? HASHED_ASSET_CACHE : OTHER_FILE_CACHE);
    if (path !== '/index.html' && (path.startsWith('/assets/') || path.includes('.'))) return next();
    if (isProduction && (path === '/dev' || path.startsWith('/dev/'))) return next();
    c.header('Cache-Control', 'no-cache');
    c.header('ETag', indexEtag);
    if (etagMatches(c.req.header('if-none-match'), indexEtag)) return c.body(null, 304);
    return c.html(indexHtml);
  });
  return true;
}

/** Every file of the build by its URL path, with its precompressed copies. */
function readBuiltFiles(webDistDir: string): Map<string, BuiltFile> {
  const variant = (path: string, label: string): FileVariant => {
    const stats = statSync(path);
    return { path, size: stats.size, etag: `"${stats.size.toString(36)}-${Math.trunc(stats.mtimeMs).toString(36)}-${label}"` };
  };
  const entries = new Set(readdirSync(webDistDir, { recursive: true, encoding: 'utf8' }));
  const files = new Map<string, BuiltFile>();
  for (const entry of entries) {
    const path = join(webDistDir, entry);
    const isCopy = CODINGS.some(({ suffix }) => entry.endsWith(suffix) && entries.has(entry.slice(0, -suffix.length)));
    if (isCopy || !statSync(path).isFile()) continue;
    const encoded: BuiltFile['encoded'] = {};
    for (const { coding, suffix } of CODINGS) {
      if (entries.has(entry + suffix)) encoded[coding] = variant(path + suffix, coding);
    }
    const urlPath = `/${entry.split(sep).join('/')}`;
    files.set(urlPath, { contentType: getMimeType(entry) ?? 'application/octet-stream', identity: variant(path, 'identity'), encoded });
  }
  return files;
}

async function sendFile(c: Context<AppEnv>, file: BuiltFile, cacheControl: string) {
  const available = CODINGS.map(({ coding }) => coding).filter((coding) => file.encoded[coding]);
  const coding = chooseCoding(c.req.header('accept-encoding'), available);
  const variant = coding ? file.encoded[coding]! : file.identity;
  c.header('Content-Type', file.contentType);
  c.header('Cache-Control', cacheControl);
  c.header('ETag', variant.etag);
  // Caches must key the answer on Accept-Encoding whenever another request could get another copy.
  if (available.length > 0) c.header('Vary', 'Accept-Encoding');
  if (coding) c.header('Content-Encoding', coding);
  if (etagMatches(c.req.header('if-none-match'), variant.etag)) return c.body(null, 304);
  c.header('Content-Length', String(variant.size));
  if (c.req.method === 'HEAD') return c.body(null, 200);
  return c.body(await readFile(variant.path), 200);
}

/**
 * The coding with the highest q-value among those the client accepts (RFC 9110 §12.5.3; `*`
 * stands for codings not named, q=0 refuses one), ties going to the server's order; null when
 * none is acceptable, so the file is sent as it is.
 */
export function chooseCoding(acceptEncoding: string | undefined, available: readonly ContentCoding[]): ContentCoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const item of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...parameters] = item.split(';').map((part) => part.trim());
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = quality === undefined ? 1 : Number(quality.slice(2));
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  let chosen: ContentCoding | null = null;
  let chosenWeight = 0;
  for (const coding of available) {
    const weight = weights.get(coding) ?? weights.get('*') ?? 0;
    if (weight > chosenWeight) [chosen, chosenWeight] = [coding, weight];
  }
  return chosen;
}

/** If-None-Match compares weakly (RFC 9110 §13.1.2): a W/ prefix does not matter. */
function etagMatches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === etag;
  });
}
