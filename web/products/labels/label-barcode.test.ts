import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { withEan13CheckDigit } from '../../../core/products/barcode.rules';
import { LABEL_SIZES, labelBarcode, type LabelBarcode, type LabelSize } from './label-layout';

// The barcodes on the label sheet, as printed: the SVG a label carries is rasterised at a laser
// printer's 300 dpi at its printed size (sharp, through librsvg), then read by ZBar's zbarimg, a
// decoder that knows nothing of how we drew it. CI installs zbar-tools (.ci/run).

const runFile = promisify(execFile);
const PRINT_DPI = 300;
const SMALLEST = [...LABEL_SIZES].sort((a, b) => a.widthMm * a.heightMm - b.widthMm * b.heightMm)[0]!;

function findZbarimg(): boolean {
  try {
    execFileSync('zbarimg', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const hasZbarimg = findZbarimg();
if (!hasZbarimg && process.env.CI === 'true') {
  throw new Error('zbarimg is missing: install zbar-tools (apt-get install zbar-tools) so the label barcodes can be decoded');
}
if (!hasZbarimg) console.warn('label-barcode.test.ts: zbarimg not found (apt-get install zbar-tools): the decoding tests are skipped');

// Check digits worked by hand (GS1 mod 10: weights 3, 1, 3… from the right), or GS1's and
// ISO's published examples, one code per first digit.
const EAN13_BY_FIRST_DIGIT = [
  '0012345678905',
  '1234567890128',
  '2112345678900',
  '3017620422003',
  '4006381333931',
  '5901234123457', // GS1 General Specifications' example
  '6161300003505', // a demo-catalog code under GS1 Kenya's 616
  '7622210449283',
  '8710398500113',
  '9780306406157', // ISBN 978-0-306-40615-7
];
const EAN8 = ['96385074', '73513537'];
const UPCA = ['036000291452', '042100005264'];
// Demo-catalog SKUs, the longest (BRK-UHT-500) printed near the narrowest module on the small label.
const CODE128 = ['COKE-350', 'EGGS-TRAY', 'BRK-UHT-500', 'SKU-001', 'ab_12.x', '12345', 'A'];
// The demo catalog's 12-digit bodies, read from its source (web/ does not import server/); the
// check digits the seed adds are verified by the decoder, which refuses a wrong one.
const DEMO_CATALOG_EAN13 = [...readFileSync(join(import.meta.dirname, '../../../server/db/demo-catalog.ts'), 'utf8').matchAll(/'(616\d{9})'/g)].map(([, body]) => withEan13CheckDigit(body!));

const EVERY_SYMBOLOGY = ['6161300003505', '96385074', '036000291452', 'COKE-350'];
const printed = [
  ...[...EAN13_BY_FIRST_DIGIT, ...EAN8, ...UPCA, ...CODE128, ...DEMO_CATALOG_EAN13].map((code) => ({ code, size: SMALLEST })),
  ...LABEL_SIZES.flatMap((size) => EVERY_SYMBOLOGY.map((code) => ({ code, size }))),
];
/** What zbarimg read in each printed barcode, as "TYPE:data", by size and code. */
const decoded = new Map<string, string[]>();
const decodedOn = (code: string, size: LabelSize = SMALLEST) => decoded.get(`${size.id} ${code}`) ?? [];

describe.skipIf(!hasZbarimg)(`a real decoder reads every label barcode, at the smallest size (${SMALLEST.id}) printed at ${PRINT_DPI} dpi`, () => {
  beforeAll(async () => {
    const workDir = mkdtempSync(join(tmpdir(), 'dukani-labels-'));
    try {
      const files = await Promise.all(
        printed.map(async ({ code, size }, index) => {
          const barcode = labelBarcode(code, size);
          if (!barcode) throw new Error(`${code} has no barcode on ${size.id}`);
          const file = join(workDir, `${index}.png`);
          writeFileSync(file, await sharp(Buffer.from(barcode.svg), { density: PRINT_DPI }).flatten({ background: '#fff' }).png().toBuffer());
          return file;
        }),
      );
      // One run over every image; UPC-A is reported as such (by default ZBar folds it into EAN-13 with a leading 0).
      const { stdout } = await runFile('zbarimg', ['--quiet', '--nodbus', '--xml', '-Supca.enable', ...files]).catch(
        // zbarimg exits 4 when it finds no symbol in any image.
        (error: { code?: number; stdout?: string }) => (error.code === 4 ? { stdout: error.stdout ?? '' } : Promise.reject(error)),
      );
      for (const [, file, symbols = ''] of stdout.matchAll(/<source href='([^']+)'>([\s\S]*?)<\/source>/g)) {
        const { code, size } = printed[files.indexOf(file!)]!;
        const found = [...symbols.matchAll(/<symbol type='([^']+)'[^>]*><data><!\[CDATA\[([\s\S]*?)\]\]><\/data>/g)];
        decoded.set(`${size.id} ${code}`, found.map(([, type, data]) => `${type}:${data}`));
      }
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }
  }, 120_000);

  it.each(EAN13_BY_FIRST_DIGIT)('EAN-13 %s', (code) => {
    // An EAN-13 starting with 0 is a UPC-A (GS1 General Specifications §5.2.1), and ZBar says so.
    expect(decodedOn(code)).toEqual([code.startsWith('0') ? `UPC-A:${code.slice(1)}` : `EAN-13:${code}`]);
  });

  it.each(EAN8)('EAN-8 %s', (code) => {
    expect(decodedOn(code)).toEqual([`EAN-8:${code}`]);
  });

  it.each(UPCA)('UPC-A %s', (code) => {
    expect(decodedOn(code)).toEqual([`UPC-A:${code}`]);
  });

  it.each(CODE128)('Code 128 %s', (code) => {
    expect(decodedOn(code)).toEqual([`CODE-128:${code}`]);
  });

  it('every EAN-13 of the demo catalog (GS1 Kenya, 616…)', () => {
    expect(DEMO_CATALOG_EAN13.length).toBeGreaterThan(40);
    expect(DEMO_CATALOG_EAN13.map((code) => decodedOn(code))).toEqual(DEMO_CATALOG_EAN13.map((code) => [`EAN-13:${code}`]));
  });

  it.each(LABEL_SIZES.map((size) => [size.id, size] as const))('every symbology on %s', (_title, size) => {
    expect(EVERY_SYMBOLOGY.map((code) => decodedOn(code, size).map((line) => line.split(':')[1]))).toEqual(EVERY_SYMBOLOGY.map((code) => [code]));
  });
});

/** Bars and glyphs (their outlines' extents) of a label's barcode, in modules. */
function geometry(barcode: LabelBarcode) {
  const [, viewBoxWidth = '0'] = /viewBox="0 0 ([\d.]+) /.exec(barcode.svg) ?? [];
  const unitsPerModule = Number(viewBoxWidth) / (barcode.widthMm / barcode.moduleMm);
  // Rounded to a millionth, so 8.999999 modules of quiet zone counts as the 9 it is.
  const modules = (units: string | number) => Math.round((Number(units) / unitsPerModule) * 1e6) / 1e6;
  const bars = [...barcode.svg.matchAll(/<path stroke="[^"]+" stroke-width="([\d.]+)" d="([^"]+)"/g)].flatMap(([, strokeWidth, path]) =>
    [...path!.matchAll(/M([\d.]+) ([\d.]+)L[\d.]+ ([\d.]+)/g)].map(([, x, y1, y2]) => ({
      left: modules(Number(x) - Number(strokeWidth) / 2),
      right: modules(Number(x) + Number(strokeWidth) / 2),
      top: modules(Math.min(Number(y1), Number(y2))),
      bottom: modules(Math.max(Number(y1), Number(y2))),
    })),
  );
  const glyphs = [...barcode.svg.matchAll(/<path d="([^"]+)" fill=/g)].map(([, path]) => {
    const points = [...path!.matchAll(/(-?[\d.]+) (-?[\d.]+)/g)].map(([, x, y]) => [modules(x!), modules(y!)] as const);
    const xs = points.map(([x]) => x);
    const ys = points.map(([, y]) => y);
    return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
  });
  return { width: modules(viewBoxWidth), bars: bars.sort((a, b) => a.left - b.left), glyphs: glyphs.sort((a, b) => a.left - b.left) };
}

describe('the printed symbol follows the standards', () => {
  // Quiet zones in modules: GS1 General Specifications §5.2.3.4.1 (EAN/UPC), ISO/IEC 15417 (Code 128).
  it.each([
    ['EAN-13', '6161300003505', 11, 7],
    ['EAN-8', '96385074', 7, 7],
    ['UPC-A', '036000291452', 9, 9],
    ['Code 128', 'COKE-350', 10, 10],
  ] as const)('%s keeps its quiet zones clear of bars', (_name, code, left, right) => {
    for (const size of LABEL_SIZES) {
      const { bars, width } = geometry(labelBarcode(code, size)!);
      expect(bars[0]!.left).toBeGreaterThanOrEqual(left);
      expect(width - Math.max(...bars.map((bar) => bar.right))).toBeGreaterThanOrEqual(right);
    }
  });

  it('EAN-13 digits: the first left of the start guard, then two groups of six between the guards, none under a guard', () => {
    for (const code of ['6161300003505', '5901234123457', '7622210449283']) {
      const { bars, glyphs } = geometry(labelBarcode(code, SMALLEST)!);
      const guardBottom = Math.max(...bars.map((bar) => bar.bottom));
      const guardBars = bars.filter((bar) => bar.bottom === guardBottom);
      expect(guardBars).toHaveLength(6);
      const guards = [0, 2, 4].map((index) => ({ left: guardBars[index]!.left, right: guardBars[index + 1]!.right }));
      const [start, centre, end] = guards as [(typeof guards)[0], (typeof guards)[0], (typeof guards)[0]];
      const digitsIn = (from: number, to: number) => glyphs.filter((glyph) => glyph.left >= from && glyph.right <= to).length;
      expect(digitsIn(0, start.left)).toBe(1);
      expect(digitsIn(start.right, centre.left)).toBe(6);
      expect(digitsIn(centre.right, end.left)).toBe(6);
      for (const glyph of glyphs) {
        for (const guard of guards) expect(glyph.right <= guard.left || glyph.left >= guard.right).toBe(true);
      }
    }
  });

  it('prints the digits below the bars, touching none', () => {
    for (const size of LABEL_SIZES) {
      for (const code of ['6161300003505', '96385074', '036000291452', 'COKE-350']) {
        const { bars, glyphs } = geometry(labelBarcode(code, size)!);
        expect(glyphs.length).toBeGreaterThan(0);
        for (const glyph of glyphs) {
          for (const bar of bars.filter((candidate) => candidate.right > glyph.left && candidate.left < glyph.right)) {
            expect(glyph.top, `${code}: a digit at ${glyph.left.toFixed(1)} reaches into a bar`).toBeGreaterThan(bar.bottom);
          }
        }
      }
    }
  });

  it('EAN and UPC bars are at least GS1’s smallest module (80% of 0.33 mm) on every label size', () => {
    for (const size of LABEL_SIZES) {
      for (const code of ['6161300003505', '96385074', '036000291452']) {
        const barcode = labelBarcode(code, size)!;
        expect(barcode.moduleMm).toBeGreaterThanOrEqual(0.264);
        expect(barcode.widthMm).toBeCloseTo(geometry(barcode).width * barcode.moduleMm, 3);
        expect(barcode.svg).toContain(`width="${+barcode.widthMm.toFixed(3)}mm"`);
      }
    }
  });

  it('fits each barcode inside its label, beside the name and price lines', () => {
    for (const size of LABEL_SIZES) {
      for (const code of ['6161300003505', '036000291452', 'COKE-350']) {
        const barcode = labelBarcode(code, size)!;
        expect(barcode.widthMm).toBeLessThanOrEqual(size.widthMm - 2 * size.paddingMm);
        expect(barcode.heightMm).toBeLessThanOrEqual(size.barcodeAreaMm);
      }
    }
  });

  it('prints no barcode for a code too long to keep its bars readable on the label, nor for characters a barcode cannot hold', () => {
    expect(labelBarcode('BROOKSIDE/FRESH-MILK/500ML/CRATE-24', SMALLEST)).toBeNull();
    expect(labelBarcode('Crème', SMALLEST)).toBeNull();
  });
});
