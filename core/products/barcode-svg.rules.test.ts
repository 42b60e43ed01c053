import { describe, expect, it } from 'vitest';
import { drawBarcode, symbologyOf } from './barcode-svg.rules';

// What the symbols look like is checked by decoding the printed labels with ZBar
// (web/products/labels/label-barcode.test.ts); here, the choices this wrapper makes.

describe('symbologyOf', () => {
  it('prints GS1 codes with a correct check digit as EAN/UPC, anything else as Code 128', () => {
    expect(symbologyOf('5901234123457')).toBe('ean13');
    expect(symbologyOf('96385074')).toBe('ean8');
    expect(symbologyOf('036000291452')).toBe('upca');
    expect(symbologyOf('BREAD/WHITE/400G')).toBe('code128');
    // A 13-digit number with a wrong check digit is still printable, as an internal code.
    expect(symbologyOf('5901234123458')).toBe('code128');
  });
});

describe('drawBarcode', () => {
  it('sizes the SVG from the module width', () => {
    const drawing = drawBarcode('6161300003505', { barHeightModules: 30, moduleMm: 0.3 });
    expect(drawing.symbology).toBe('ean13');
    expect(drawing.svg).toMatch(/viewBox="0 0 [\d.]+ [\d.]+"/);
    expect(drawing.svg).toContain(`width="${+(drawing.widthModules * 0.3).toFixed(3)}mm"`);
    expect(drawing.svg).toContain(`height="${+(drawing.heightModules * 0.3).toFixed(3)}mm"`);
    // 95 modules of symbol and GS1's 11 + 7 of quiet zone at least; the bars, then the digits below them.
    expect(drawing.widthModules).toBeGreaterThanOrEqual(113);
    expect(drawing.heightModules).toBeGreaterThan(30);
  });

  it('draws taller bars when asked', () => {
    const short = drawBarcode('COKE-350', { barHeightModules: 20 });
    const tall = drawBarcode('COKE-350', { barHeightModules: 40 });
    expect(tall.widthModules).toBe(short.widthModules);
    expect(tall.heightModules - short.heightModules).toBeCloseTo(20, 0);
  });

  it('refuses characters no barcode here holds', () => {
    expect(() => drawBarcode('Crème', { barHeightModules: 30 })).toThrow(RangeError);
    expect(() => drawBarcode('', { barHeightModules: 30 })).toThrow(RangeError);
  });
});
