import { describe, expect, it } from 'vitest';
import {
  barcodeSvg,
  code128BValues,
  code128Checksum,
  encodeBarcode,
  encodeCode128B,
  encodeEan13,
  encodeEan8,
  encodeUpcA,
  runLengths,
} from './barcode-svg.rules';

// Expected patterns are written out from the GS1 tables (set A "L", set B "G", set C "R").
const START = '101';
const CENTRE = '01010';
const END = '101';

describe('EAN-13', () => {
  it('encodes 5901234123457 with guards and the LGGLLG parity of its first digit', () => {
    const left = ['0001011', '0100111', '0110011', '0010011', '0111101', '0011101']; // 9L 0G 1G 2L 3L 4G
    const right = ['1100110', '1101100', '1000010', '1011100', '1001110', '1000100']; // 1 2 3 4 5 7 in set C
    const encoding = encodeEan13('5901234123457');
    expect(encoding.modules).toBe(`${START}${left.join('')}${CENTRE}${right.join('')}${END}`);
    expect(encoding.modules).toHaveLength(95);
    expect(encoding.modules.slice(0, 3)).toBe('101');
    expect(encoding.modules.slice(45, 50)).toBe('01010');
    expect(encoding.modules.slice(92)).toBe('101');
    expect(encoding.longBars).toEqual([[0, 3], [45, 50], [92, 95]]);
  });

  it('uses set A only for a leading 0', () => {
    const { modules } = encodeEan13('0012345678905');
    const leftDigits = modules.slice(3, 45).match(/.{7}/g);
    expect(leftDigits).toEqual(['0001101', '0011001', '0010011', '0111101', '0100011', '0110001']); // 0 1 2 3 4 5 in set A
  });

  it('refuses a wrong check digit or length', () => {
    expect(() => encodeEan13('5901234123458')).toThrow(/check digit/);
    expect(() => encodeEan13('590123412345')).toThrow(RangeError);
  });
});

describe('EAN-8 and UPC-A', () => {
  it('encodes EAN-8 96385074 in 67 modules', () => {
    const left = ['0001011', '0101111', '0111101', '0110111']; // 9 6 3 8 in set A
    const right = ['1001110', '1110010', '1000100', '1011100']; // 5 0 7 4 in set C
    const encoding = encodeEan8('96385074');
    expect(encoding.modules).toBe(`${START}${left.join('')}${CENTRE}${right.join('')}${END}`);
    expect(encoding.modules).toHaveLength(67);
  });

  it('encodes UPC-A 036000291452 with all left digits in set A and long outer digits', () => {
    const left = ['0001101', '0111101', '0101111', '0001101', '0001101', '0001101']; // 0 3 6 0 0 0
    const right = ['1101100', '1110100', '1100110', '1011100', '1001110', '1101100']; // 2 9 1 4 5 2
    const encoding = encodeUpcA('036000291452');
    expect(encoding.modules).toBe(`${START}${left.join('')}${CENTRE}${right.join('')}${END}`);
    expect(encoding.longBars).toContainEqual([0, 10]);
  });
});

describe('Code 128 B', () => {
  it('starts with Start B and ends with the stop pattern', () => {
    const { modules } = encodeCode128B('A');
    expect(modules.startsWith('11010010000')).toBe(true);
    expect(modules.endsWith('1100011101011')).toBe(true);
  });

  it('computes the check symbol of PJJ123C: (104 + 48·1 + 42·2 + 42·3 + 17·4 + 18·5 + 19·6 + 35·7) mod 103 = 55', () => {
    const values = code128BValues('PJJ123C');
    expect(values).toEqual([48, 42, 42, 17, 18, 19, 35]);
    expect(code128Checksum(values)).toBe(55);
  });

  it('encodes each symbol in 11 modules of 3 bars and 3 spaces, the stop in 13', () => {
    const { modules, widths } = encodeCode128B('SKU-001');
    // start + 7 characters + check = 9 symbols of 11 modules, then the 13-module stop.
    expect(modules).toHaveLength(9 * 11 + 13);
    expect(widths).toHaveLength(9 * 6 + 7);
    expect(widths.every((width) => width >= 1 && width <= 4)).toBe(true);
    // "S" is value 51: pattern 213113 → 11 0 111 0 1 000
    expect(modules.slice(11, 22)).toBe('11011101000');
  });

  it('refuses characters outside printable ASCII', () => {
    expect(() => encodeCode128B('Crème')).toThrow(/cannot encode/);
    expect(() => encodeCode128B('')).toThrow(RangeError);
  });
});

describe('encodeBarcode', () => {
  it('picks the symbology from the code', () => {
    expect(encodeBarcode('5901234123457').format).toBe('ean13');
    expect(encodeBarcode('96385074').format).toBe('ean8');
    expect(encodeBarcode('036000291452').format).toBe('upca');
    expect(encodeBarcode('BREAD/WHITE/400G').format).toBe('code128');
    // A 13-digit number with a wrong check digit is still printable, as an internal code.
    expect(encodeBarcode('5901234123458').format).toBe('code128');
  });
});

describe('runLengths and the SVG', () => {
  it('turns modules into alternating widths', () => {
    expect(runLengths('1101000111')).toEqual([2, 1, 1, 3, 3]);
  });

  it('draws one rect per bar, with quiet zones, the text and an accessible name', () => {
    const encoding = encodeEan13('5901234123457');
    const svg = barcodeSvg(encoding);
    const bars = svg.match(/<rect x=/g) ?? [];
    expect(bars).toHaveLength(Math.ceil(encoding.widths.length / 2));
    expect(svg).toContain('viewBox="0 0 113 60"'); // 11 + 95 + 7 modules wide
    expect(svg).toContain('<rect x="11" y="0" width="1" height="55"/>'); // the start guard, drawn long
    expect(svg).toContain('>5901234123457</text>');
    expect(svg).toContain('aria-label="Barcode 5901234123457"');
  });

  it('escapes the text', () => {
    const svg = barcodeSvg(encodeCode128B('A<B&"C'));
    expect(svg).toContain('A&lt;B&amp;&quot;C');
    expect(svg).not.toContain('A<B');
  });
});
