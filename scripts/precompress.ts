// Precompression of the built web app (run by the Vite build, see vite.config.ts): next to each
// text file it writes `<file>.br` and `<file>.gz`, so the server sends compressed bytes without
// compressing on every request (server/http/web-app.ts picks one by the request's Accept-Encoding).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text formats; images and fonts are compressed already, and source maps are fetched only by developer tools. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than the extra headers cost. */
const MIN_BYTES = 1024;

export interface PrecompressedFile {
  path: string;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/** Compresses every compressible file under `dir` (at the highest levels: this runs once per build). */
export function precompressDirectory(dir: string): PrecompressedFile[] {
  const written: PrecompressedFile[] = [];
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const path = join(dir, entry);
    if (!COMPRESSIBLE.test(entry) || !statSync(path).isFile()) continue;
    const content = readFileSync(path);
    if (content.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gzip = gzipSync(content, { level: constants.Z_BEST_COMPRESSION });
    writeFileSync(`${path}.br`, brotli);
    writeFileSync(`${path}.gz`, gzip);
    written.push({ path, bytes: content.length, brotliBytes: brotli.length, gzipBytes: gzip.length });
  }
  return written;
}
