import { code128, drawingSVG, ean13, ean8, upca, type RenderOptions } from 'bwip-js/generic';
import { barcodeKind, barcodeProblem } from './barcode.rules';

// Barcodes as SVG for shelf labels. The symbols are drawn by bwip-js (a port of Barcode Writer in
// Pure PostScript, maintained against the GS1 and ISO/IEC specifications): EAN-13, EAN-8 and
// UPC-A for GS1 codes, Code 128 (ISO/IEC 15417) for internal codes. Its generic build only makes
// strings, so this stays free of I/O and DOM and serves the web app and the server alike.

export type Symbology = 'ean13' | 'ean8' | 'upca' | 'code128';

export interface BarcodeDrawing {
  symbology: Symbology;
  /** The symbol with its quiet zones and human-readable text. */
  svg: string;
  /** The drawing's size in modules (the narrowest bar's width). */
  widthModules: number;
  heightModules: number;
}

export interface BarcodeDrawingOptions {
  /** Height of the bars, in modules (the human-readable text comes below). */
  barHeightModules: number;
  /** The module's printed width: sets the SVG's width and height in millimetres. */
  moduleMm?: number;
}

/** A GS1 code with a correct check digit prints as EAN/UPC; anything else as Code 128. */
export function symbologyOf(code: string): Symbology {
  const kind = barcodeKind(code);
  return kind !== 'internal' && barcodeProblem(code) === null ? kind : 'code128';
}

const ENCODERS = { ean13, ean8, upca, code128 } as const;
/**
 * SVG units per module. At scale 1 bwip-js's text metrics are coarse and the digits' tops reach
 * into the bars; at 3 they sit below them as they should.
 */
const SCALE = 3;
/** bwip-js's `height` is in millimetres at 72 units per inch, a unit being a module at scale 1. */
const MODULES_PER_MM = 72 / 25.4;
/**
 * Margins added to bwip-js's own, in modules, so the quiet zones are clear: Code 128 asks for 10
 * each side (bwip-js adds none); bwip-js's UPC-A leaves 8⅓ of GS1's 9 beside its outer digits.
 */
const PADDING: Partial<Record<Symbology, number>> = { code128: 10, upca: 1 };

/** The code as an SVG barcode; throws a RangeError for a code no symbology here can print. */
export function drawBarcode(code: string, options: BarcodeDrawingOptions): BarcodeDrawing {
  if (!/^[\x20-\x7e]+$/.test(code)) throw new RangeError(/*i18n*/ 'A barcode holds printable ASCII characters only');
  const symbology = symbologyOf(code);
  const renderOptions: RenderOptions = {
    bcid: symbology,
    text: code,
    scale: SCALE,
    height: options.barHeightModules / MODULES_PER_MM,
    includetext: true,
    backgroundcolor: 'FFFFFF',
    // EAN: the "<" ">" marks keep the quiet zones clear of anything printed beside the symbol.
    ...(symbology === 'ean13' || symbology === 'ean8' ? { guardwhitespace: true } : {}),
    paddingleft: PADDING[symbology] ?? 0,
    paddingright: PADDING[symbology] ?? 0,
  };
  let svg: string;
  try {
    svg = ENCODERS[symbology](renderOptions, drawingSVG());
  } catch (error) {
    throw new RangeError(`Cannot draw ${code} as ${symbology}: ${(error as Error).message}`, { cause: error });
  }
  const [, widthText = '0', heightText = '0'] = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg) ?? [];
  const widthModules = Number(widthText) / SCALE;
  const heightModules = Number(heightText) / SCALE;
  if (options.moduleMm) {
    const size = (modules: number) => `${+(modules * options.moduleMm!).toFixed(3)}mm`;
    svg = svg.replace('<svg ', `<svg width="${size(widthModules)}" height="${size(heightModules)}" `);
  }
  return { symbology, svg, widthModules, heightModules };
}
