import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../scripts/precompress';
import { createTestConfig } from '../../tests/support/test-app';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-db';
import { createApp, type DukaniApp } from '../app';
import { wireDependencies } from '../dependencies';
import { createLogger } from '../logger';

// The built web app as the server sees it: a dist folder precompressed by the build's own step,
// served by the whole app. Bodies are decoded with node:zlib, not with anything of ours.

const SCRIPT_PATH = '/assets/index-Ab12Cd34.js';
const STYLE_PATH = '/assets/index-Ef56Gh78.css';
const script = Array.from({ length: 800 }, (_, index) => `export const label${index} = () => "Product ${index} – KSh ${index * 25}";`).join('\n');
const style = Array.from({ length: 300 }, (_, index) => `.row-${index}{padding:${index % 7}px;color:#14653f}`).join('\n');
const indexHtml = `<!doctype html><html><head><script type="module" src="${SCRIPT_PATH}"></script><link rel="stylesheet" href="${STYLE_PATH}"></head><body><div id="root"></div></body></html>`;

let database: TestDatabase;
let app: DukaniApp;
let distDir: string;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'dukani-dist-'));
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'index.html'), indexHtml);
  writeFileSync(join(distDir, SCRIPT_PATH), script);
  writeFileSync(join(distDir, STYLE_PATH), style);
  writeFileSync(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  precompressDirectory(distDir);

  database = await createTestDatabase();
  const config = createTestConfig({ WEB_DIST_DIR: distDir });
  app = createApp(wireDependencies(config, database, createLogger(config.logLevel)));
});
afterAll(() => database.dispose());

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => app.request(path, { method, headers });
const bodyOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('hashed assets: precompressed, negotiated by Accept-Encoding, cached for good', () => {
  it('answers Accept-Encoding: br with the brotli copy, which decodes to the file', async () => {
    const response = await get(SCRIPT_PATH, { 'accept-encoding': 'br' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = await bodyOf(response);
    expect(Number(response.headers.get('content-length'))).toBe(body.length);
    expect(body.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(body).toString('utf8')).toBe(script);
  });

  it('answers Accept-Encoding: gzip with the gzip copy', async () => {
    const response = await get(SCRIPT_PATH, { 'accept-encoding': 'gzip' });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(gunzipSync(await bodyOf(response)).toString('utf8')).toBe(script);
  });

  it('sends the file as it is without Accept-Encoding, still saying that the answer varies by it', async () => {
    const response = await get(SCRIPT_PATH);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await bodyOf(response)).toString('utf8')).toBe(script);
  });

  it('prefers brotli in a browser’s list, honours q-values and a refused identity', async () => {
    expect((await get(SCRIPT_PATH, { 'accept-encoding': 'gzip, deflate, br, zstd' })).headers.get('content-encoding')).toBe('br');
    expect((await get(SCRIPT_PATH, { 'accept-encoding': 'br;q=0, gzip;q=0.8' })).headers.get('content-encoding')).toBe('gzip');
    expect((await get(SCRIPT_PATH, { 'accept-encoding': 'gzip;q=0.5, br;q=0.9' })).headers.get('content-encoding')).toBe('br');
    expect((await get(SCRIPT_PATH, { 'accept-encoding': '*' })).headers.get('content-encoding')).toBe('br');
    expect((await get(SCRIPT_PATH, { 'accept-encoding': 'deflate' })).headers.get('content-encoding')).toBeNull();
    expect((await get(SCRIPT_PATH, { 'accept-encoding': 'br;q=0, gzip;q=0' })).headers.get('content-encoding')).toBeNull();
  });

  it('serves the stylesheet compressed with its CSS type', async () => {
    const response = await get(STYLE_PATH, { 'accept-encoding': 'br' });
    expect(response.headers.get('content-type')).toMatch(/^text\/css/);
    expect(brotliDecompressSync(await bodyOf(response)).toString('utf8')).toBe(style);
  });

  it('HEAD gives the same headers and length as GET, without a body', async () => {
    const get_ = await get(SCRIPT_PATH, { 'accept-encoding': 'br' });
    const head = await get(SCRIPT_PATH, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    for (const name of ['content-encoding', 'content-type', 'content-length', 'vary', 'cache-control', 'etag']) {
      expect(head.headers.get(name), name).toBe(get_.headers.get(name));
    }
    expect((await bodyOf(head)).length).toBe(0);
  });

  it('gives each encoding its own ETag and answers a matching If-None-Match with 304', async () => {
    const brotli = await get(SCRIPT_PATH, { 'accept-encoding': 'br' });
    const gzip = await get(SCRIPT_PATH, { 'accept-encoding': 'gzip' });
    const plain = await get(SCRIPT_PATH);
    const tags = [brotli, gzip, plain].map((response) => response.headers.get('etag'));
    expect(tags.every((tag) => tag && /^"[^"]+"$/.test(tag))).toBe(true);
    expect(new Set(tags).size).toBe(3);

    const revalidated = await get(SCRIPT_PATH, { 'accept-encoding': 'br', 'if-none-match': tags[0]! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe(tags[0]);
    expect(revalidated.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await bodyOf(revalidated)).length).toBe(0);
    // The gzip copy's tag does not validate the brotli copy.
    expect((await get(SCRIPT_PATH, { 'accept-encoding': 'br', 'if-none-match': tags[1]! })).status).toBe(200);
  });

  it('answers 404 for an asset that does not exist (no index.html under /assets)', async () => {
    expect((await get('/assets/index-missing.js', { 'accept-encoding': 'br' })).status).toBe(404);
  });
});

describe('index.html and other files', () => {
  it('serves index.html for the app’s routes, revalidated on every visit (no-cache)', async () => {
    for (const path of ['/', '/auth', '/admin/products/labels']) {
      const response = await get(path, { 'accept-encoding': 'br, gzip' });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(await response.text()).toBe(indexHtml);
    }
  });

  it('revalidates index.html by its ETag', async () => {
    const first = await get('/auth');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await get('/auth', { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves files outside /assets (not hashed) with a short cache, uncompressed when too small to gain', async () => {
    const response = await get('/favicon.svg', { 'accept-encoding': 'br' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect((await bodyOf(response)).toString('utf8')).toBe(readFileSync(join(distDir, 'favicon.svg'), 'utf8'));
  });
});
