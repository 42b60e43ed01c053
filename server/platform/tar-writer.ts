import { Readable, pipeline } from 'node:stream';
import { createGzip } from 'node:zlib';

// A streaming POSIX ustar writer (IEEE 1003.1-1988 "ustar", as GNU tar, bsdtar and 7-Zip read it),
// gzipped: the per-shop export archive (docs/platform.md "Per-shop export"). Each file is a 512-byte
// header, its bytes, zeros to the next 512-byte boundary; two zero blocks end the archive. The
// header states the size first, so a file's size must be known before its bytes are written.

const BLOCK = 512;
/** The size field holds 11 octal digits: 8 GiB less a byte. */
const MAX_SIZE = 0o77777777777;
const NAME_BYTES = 100;
const PREFIX_BYTES = 155;

export interface TarEntry {
  /** A relative path, `/` between folders; up to 100 bytes, or 255 split at a `/` (ustar's prefix). */
  name: string;
  size: number;
  mtime: Date;
  /** Exactly `size` bytes. */
  body: Uint8Array | AsyncIterable<Uint8Array>;
}

/** The entry's 512-byte ustar header (a regular file, mode 0644, owned by uid/gid 0). */
export function ustarHeader(entry: Pick<TarEntry, 'name' | 'size' | 'mtime'>): Buffer {
  if (!Number.isSafeInteger(entry.size) || entry.size < 0 || entry.size > MAX_SIZE) {
    throw new RangeError(`tar: ${entry.name} is ${entry.size} bytes; a ustar entry holds 0 to ${MAX_SIZE}`);
  }
  const { name, prefix } = splitName(entry.name);
  const header = Buffer.alloc(BLOCK);
  header.write(name, 0, NAME_BYTES, 'utf8');
  writeOctal(header, 100, 8, 0o644);
  writeOctal(header, 108, 8, 0);
  writeOctal(header, 116, 8, 0);
  writeOctal(header, 124, 12, entry.size);
  writeOctal(header, 136, 12, Math.floor(entry.mtime.getTime() / 1000));
  header.write('        ', 148, 8, 'ascii'); // the checksum counts its own field as spaces
  header.write('0', 156, 1, 'ascii');
  header.write('ustar\u000000', 257, 8, 'ascii');
  header.write(prefix, 345, PREFIX_BYTES, 'utf8');
  let checksum = 0;
  for (const byte of header) checksum += byte;
  header.write(`${checksum.toString(8).padStart(6, '0')}\u0000 `, 148, 8, 'ascii');
  return header;
}

/** A name over 100 bytes goes into prefix + name, split at a `/` so each part fits. */
function splitName(path: string): { name: string; prefix: string } {
  if (path.length === 0 || path.startsWith('/') || path.split('/').includes('..')) throw new RangeError(`tar: not a relative path: ${path}`);
  if (Buffer.byteLength(path) <= NAME_BYTES) return { name: path, prefix: '' };
  for (let slash = path.indexOf('/'); slash !== -1; slash = path.indexOf('/', slash + 1)) {
    const prefix = path.slice(0, slash);
    const name = path.slice(slash + 1);
    if (Buffer.byteLength(prefix) <= PREFIX_BYTES && Buffer.byteLength(name) <= NAME_BYTES && name.length > 0) return { name, prefix };
  }
  throw new RangeError(`tar: ${path} does not fit a ustar name (100 bytes, or 155 + 100 split at a /)`);
}

function writeOctal(header: Buffer, offset: number, width: number, value: number) {
  header.write(`${value.toString(8).padStart(width - 1, '0')}\u0000`, offset, width, 'ascii');
}

/** The archive's bytes: each entry's header, body and padding, then the two closing zero blocks. */
export async function* tarBlocks(entries: AsyncIterable<TarEntry> | Iterable<TarEntry>): AsyncGenerator<Uint8Array> {
  for await (const entry of entries) {
    yield ustarHeader(entry);
    let written = 0;
    const chunks = entry.body instanceof Uint8Array ? [entry.body] : entry.body;
    for await (const chunk of chunks) {
      written += chunk.byteLength;
      if (written > entry.size) throw new Error(`tar: ${entry.name} is longer than the ${entry.size} bytes its header states`);
      yield chunk;
    }
    if (written !== entry.size) throw new Error(`tar: ${entry.name} ended after ${written} of ${entry.size} bytes`);
    const padding = (BLOCK - (entry.size % BLOCK)) % BLOCK;
    if (padding) yield Buffer.alloc(padding);
  }
  yield Buffer.alloc(BLOCK * 2);
}

/**
 * The entries as a .tar.gz stream, read as it is consumed (a slow download slows the reading). A
 * failure destroys the stream with the error; destroying it (a download abandoned) stops the entries'
 * iteration, so their own clean-up runs.
 */
export function tarGzStream(entries: AsyncIterable<TarEntry> | Iterable<TarEntry>): Readable {
  const gzip = createGzip();
  pipeline(Readable.from(tarBlocks(entries)), gzip, () => undefined);
  return gzip;
}
