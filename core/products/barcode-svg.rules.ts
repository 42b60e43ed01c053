import { barcodeKind, barcodeProblem } from './barcode.rules';

// Barcodes for shelf labels, drawn as SVG without a DOM: a code is encoded into modules (the
// narrowest bar or space), then into alternating bar/space widths, then into <rect>s. EAN-13,
// EAN-8 and UPC-A follow GS1 General Specifications §5.2; internal codes use Code 128 set B
// (ISO/IEC 15417), which every scanner reads and which holds letters, digits and punctuation.

export type SymbologyFormat = 'ean13' | 'ean8' | 'upca' | 'code128';

export interface BarcodeEncoding {
  format: SymbologyFormat;
  /** The code as printed under the bars. */
  text: string;
  /** '1' bar module, '0' space module, quiet zones excluded. */
  modules: string;
  /** Run lengths of modules, alternating bar, space, bar…, starting with a bar. */
  widths: number[];
  /** Module ranges [start, end) drawn taller (EAN/UPC guard bars). */
  longBars: Array<[number, number]>;
}

/** Number set A (odd parity) of the EAN/UPC digit patterns, 7 modules each. */
const L_CODES = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'];
/** Number set C: set A with bars and spaces swapped. */
const R_CODES = L_CODES.map((code) => code.replace(/[01]/g, (bit) => (bit === '0' ? '1' : '0')));
/** Number set B (even parity): set C reversed. */
const G_CODES = R_CODES.map((code) => [...code].reverse().join(''));
/** The first EAN-13 digit is not drawn: it picks set A or B for each of the six left digits. */
const EAN13_PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLG', 'LGLGLL', 'LGLGGL', 'LGGLGL'];

const NORMAL_GUARD = '101';
const CENTRE_GUARD = '01010';

const digitsOf = (text: string) => [...text].map(Number);

/** EAN-13: start guard, six left digits (A/B by the first digit), centre guard, six right digits (C), end guard: 95 modules. */
export function encodeEan13(code: string): BarcodeEncoding {
  assertGs1(code, 13, 'EAN-13');
  const [first = 0, ...rest] = digitsOf(code);
  const parity = EAN13_PARITY[first]!;
  const left = rest.slice(0, 6).map((digit, index) => (parity[index] === 'L' ? L_CODES : G_CODES)[digit]).join('');
  const right = rest.slice(6).map((digit) => R_CODES[digit]).join('');
  const modules = `${NORMAL_GUARD}${left}${CENTRE_GUARD}${right}${NORMAL_GUARD}`;
  return withWidths('ean13', code, modules, [[0, 3], [45, 50], [92, 95]]);
}

/** EAN-8: start guard, four digits of set A, centre guard, four of set C, end guard: 67 modules. */
export function encodeEan8(code: string): BarcodeEncoding {
  assertGs1(code, 8, 'EAN-8');
  const digits = digitsOf(code);
  const left = digits.slice(0, 4).map((digit) => L_CODES[digit]).join('');
  const right = digits.slice(4).map((digit) => R_CODES[digit]).join('');
  const modules = `${NORMAL_GUARD}${left}${CENTRE_GUARD}${right}${NORMAL_GUARD}`;
  return withWidths('ean8', code, modules, [[0, 3], [31, 36], [64, 67]]);
}

/** UPC-A: an EAN-13 with a leading 0 (all six left digits in set A); the first and last digits' bars are long too. */
export function encodeUpcA(code: string): BarcodeEncoding {
  assertGs1(code, 12, 'UPC-A');
  const { modules } = encodeEan13(`0${code}`);
  return withWidths('upca', code, modules, [[0, 10], [45, 50], [85, 95]]);
}

/** Code 128 symbol patterns by value (bar, space, bar, space, bar, space widths); 106 is the stop (7 elements). */
const CODE128_PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
] as const;
export const CODE128_START_B = 104;
export const CODE128_STOP = 106;

/** Code 128 B values of a text: ASCII 32–126 are values 0–94. */
export function code128BValues(text: string): number[] {
  return [...text].map((character) => {
    const code = character.charCodeAt(0);
    if (character.length !== 1 || code < 32 || code > 126) throw new RangeError(`Code 128 B cannot encode "${character}"`);
    return code - 32;
  });
}

/** The check symbol: start value plus each value times its position, modulo 103. */
export function code128Checksum(values: readonly number[], startValue = CODE128_START_B): number {
  return values.reduce((sum, value, index) => sum + value * (index + 1), startValue) % 103;
}

/** Code 128 set B: start B, the characters, the check symbol, stop. */
export function encodeCode128B(text: string): BarcodeEncoding {
  if (text.length === 0) throw new RangeError('Code 128 needs at least one character');
  const values = code128BValues(text);
  const symbols = [CODE128_START_B, ...values, code128Checksum(values), CODE128_STOP];
  const modules = symbols
    .map((symbol) =>
      [...CODE128_PATTERNS[symbol]!].map((width, index) => (index % 2 === 0 ? '1' : '0').repeat(Number(width))).join(''),
    )
    .join('');
  return withWidths('code128', text, modules, []);
}

/** A GS1 code with a correct check digit as EAN/UPC; anything else printable as Code 128 B. */
export function encodeBarcode(code: string): BarcodeEncoding {
  const kind = barcodeKind(code);
  if (kind !== 'internal' && barcodeProblem(code) === null) {
    if (kind === 'ean13') return encodeEan13(code);
    if (kind === 'ean8') return encodeEan8(code);
    return encodeUpcA(code);
  }
  return encodeCode128B(code);
}

function assertGs1(code: string, length: number, label: string) {
  if (!new RegExp(`^\\d{${length}}$`).test(code)) throw new RangeError(`${label} has ${length} digits`);
  const problem = barcodeProblem(code);
  if (problem) throw new RangeError(problem);
}

function withWidths(format: SymbologyFormat, text: string, modules: string, longBars: Array<[number, number]>): BarcodeEncoding {
  return { format, text, modules, widths: runLengths(modules), longBars };
}

/** "1101" → [2, 1, 1]. */
export function runLengths(modules: string): number[] {
  const widths: number[] = [];
  let run = 0;
  for (let index = 0; index < modules.length; index += 1) {
    run += 1;
    if (modules[index] !== modules[index + 1]) {
      widths.push(run);
      run = 0;
    }
  }
  return widths;
}

export interface BarcodeSvgOptions {
  /** Height of the bars in modules (the text comes below). */
  barHeight?: number;
  /** Print the code under the bars. */
  showText?: boolean;
  /** An accessible name; defaults to "Barcode <code>". */
  title?: string;
}

/** Quiet zones in modules: GS1 asks for 11 left / 7 right on EAN-13, Code 128 for 10 each side. */
const QUIET_ZONES: Record<SymbologyFormat, [number, number]> = { ean13: [11, 7], ean8: [7, 7], upca: [9, 9], code128: [10, 10] };
const TEXT_HEIGHT = 10;
const LONG_BAR_EXTRA = 5;

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[character]!);

/**
 * An SVG of the barcode, one module wide per user unit: it scales to whatever width the label
 * gives it (crispEdges keeps bars sharp). Bars are merged runs of modules.
 */
export function barcodeSvg(encoding: BarcodeEncoding, options: BarcodeSvgOptions = {}): string {
  const barHeight = options.barHeight ?? 50;
  const showText = options.showText ?? true;
  const [quietLeft, quietRight] = QUIET_ZONES[encoding.format];
  const width = quietLeft + encoding.modules.length + quietRight;
  const hasLongBars = showText && encoding.longBars.length > 0;
  const height = barHeight + (showText ? TEXT_HEIGHT + (hasLongBars ? 0 : 2) : 0);
  const isLong = (module: number) => hasLongBars && encoding.longBars.some(([start, end]) => module >= start && module < end);

  const rects: string[] = [];
  let module = 0;
  encoding.widths.forEach((run, index) => {
    if (index % 2 === 0) {
      const barHeightHere = isLong(module) ? barHeight + LONG_BAR_EXTRA : barHeight;
      rects.push(`<rect x="${quietLeft + module}" y="0" width="${run}" height="${barHeightHere}"/>`);
    }
    module += run;
  });
  const title = escapeXml(options.title ?? `Barcode ${encoding.text}`);
  const text = showText
    ? `<text x="${width / 2}" y="${height - 1}" text-anchor="middle" font-family="monospace" font-size="${TEXT_HEIGHT - 1}">${escapeXml(encoding.text)}</text>`
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" role="img" aria-label="${title}" shape-rendering="crispEdges">` +
    `<title>${title}</title><rect width="${width}" height="${height}" fill="#fff"/><g fill="#000">${rects.join('')}</g>${text}</svg>`
  );
}
