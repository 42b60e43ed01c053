import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { drawBarcode, symbologyOf } from '../../../core/products/barcode-svg.rules';

/**
 * A label sheet: label size, how many across, where the first label sits on the A4 page, and how
 * a label is laid out. The barcode is printed at a fixed size (its module width) whatever the
 * product's name; the name gets the lines left and is cut short, never the bars.
 */
export interface LabelSize {
  id: string;
  /** As the size menu shows it (translated where shown). */
  title: MessageDescriptor;
  widthMm: number;
  heightMm: number;
  columns: number;
  perSheet: number;
  topMm: number;
  leftMm: number;
  columnGapMm: number;
  /** Inner margin left and right (top and bottom: PADDING_Y_MM). */
  paddingMm: number;
  /** Lines of the product name before it is cut short with "…". */
  nameLines: number;
  /** Module width of EAN/UPC symbols: GS1's nominal is 0.33 mm, 80% (0.264 mm) the least. */
  moduleMm: number;
  /** Height of the bars (GS1's nominal 22.85 mm does not fit a shelf label; scanners read shorter bars held square). */
  barHeightMm: number;
  /** Height kept for the barcode with its digits, between the name and the price. */
  barcodeAreaMm: number;
}

export const PADDING_Y_MM = 1;

export const LABEL_SIZES: readonly LabelSize[] = [
  {
    id: 'a4-65',
    title: msg`38 × 21 mm — A4 sheet of 65`,
    widthMm: 38.1,
    heightMm: 21.2,
    columns: 5,
    perSheet: 65,
    topMm: 10.7,
    leftMm: 4.7,
    columnGapMm: 2.5,
    paddingMm: 1.5,
    nameLines: 1,
    // 115 modules of EAN-13 (quiet zones included) at 0.30 mm: 34.5 of the 35.1 mm inside the label.
    moduleMm: 0.3,
    barHeightMm: 8.5,
    barcodeAreaMm: 12,
  },
  {
    id: 'a4-36',
    title: msg`50 × 30 mm — A4 sheet of 36`,
    widthMm: 50,
    heightMm: 30,
    columns: 4,
    perSheet: 36,
    topMm: 13.5,
    leftMm: 5,
    columnGapMm: 0,
    paddingMm: 1.5,
    nameLines: 2,
    moduleMm: 0.33,
    barHeightMm: 13.5,
    barcodeAreaMm: 17.5,
  },
];

/**
 * The narrowest Code 128 module we print (7.5 mil, the usual floor for laser-printed labels):
 * a longer internal code is printed narrower to fit, down to this, and as plain text beyond it.
 */
const MIN_CODE128_MODULE_MM = 0.19;

export interface LabelBarcode {
  /** The SVG, sized in millimetres. */
  svg: string;
  /** The SVG as an image address for <img>. */
  src: string;
  moduleMm: number;
  widthMm: number;
  heightMm: number;
}

/** The barcode a label of this size prints for a code, or null when it cannot be printed readably. */
export function labelBarcode(code: string, size: LabelSize): LabelBarcode | null {
  const innerWidthMm = size.widthMm - 2 * size.paddingMm;
  const draw = (moduleMm: number) => drawBarcode(code, { barHeightModules: size.barHeightMm / moduleMm, moduleMm });
  let drawing;
  try {
    drawing = draw(size.moduleMm);
  } catch {
    return null;
  }
  let moduleMm = size.moduleMm;
  if (drawing.widthModules * moduleMm > innerWidthMm) {
    // EAN/UPC fit every size offered at its module; only an internal code is made narrower.
    moduleMm = innerWidthMm / drawing.widthModules;
    if (symbologyOf(code) !== 'code128' || moduleMm < MIN_CODE128_MODULE_MM) return null;
    drawing = draw(moduleMm);
  }
  return {
    svg: drawing.svg,
    src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(drawing.svg)}`,
    moduleMm,
    widthMm: drawing.widthModules * moduleMm,
    heightMm: drawing.heightModules * moduleMm,
  };
}
