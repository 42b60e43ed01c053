import { drawingSVG, qrcode } from 'bwip-js/generic';

// The receipt's QR code of KRA's verification link (issue 19), drawn by bwip-js (Barcode Writer in
// Pure PostScript, ISO/IEC 18004) as an SVG string, so the web receipt and tests share it.

export interface QrDrawing {
  svg: string;
  /** The symbol's side in modules, quiet zone included. */
  sizeModules: number;
}

/** Four modules of quiet zone each side, as ISO/IEC 18004 asks. */
const QUIET_ZONE = 4;
/** At scale 1 bwip-js draws a QR module as 2 SVG units (its padding is in units too). */
const UNITS_PER_MODULE = 2;

/** The encoder's options: level M (15% recovery) survives a smudged thermal print. */
export const qrOptions = (text: string) => ({ bcid: 'qrcode', text, scale: 1, eclevel: 'M', backgroundcolor: 'FFFFFF', padding: QUIET_ZONE * UNITS_PER_MODULE });

export function drawQrCode(text: string, options: { moduleMm?: number } = {}): QrDrawing {
  let svg = qrcode(qrOptions(text), drawingSVG());
  const [, widthText = '0'] = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg) ?? [];
  const sizeModules = Number(widthText) / UNITS_PER_MODULE;
  if (options.moduleMm) {
    const size = `${+(sizeModules * options.moduleMm).toFixed(3)}mm`;
    svg = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
  }
  return { svg, sizeModules };
}
