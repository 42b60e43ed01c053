import { describe, expect, it } from 'vitest';
import { barcodeKind, barcodeProblem, gs1CheckDigit, withEan13CheckDigit } from './barcode.rules';

describe('GS1 check digits', () => {
  it.each([
    ['400638133393', 1], // EAN-13 4006381333931
    ['616100110016', 9], // a Kenyan (616) prefix code
    ['9638507', 4], // EAN-8 96385074
    ['03600029145', 2], // UPC-A 036000291452
  ])('%s → %i', (body, digit) => {
    expect(gs1CheckDigit(body)).toBe(digit);
  });
});

describe('barcodeProblem', () => {
  it.each(['4006381333931', '96385074', '036000291452', '6161001100169', 'SKU-001', 'BREAD/WHITE/400G', 'a'])('accepts %s', (code) => {
    expect(barcodeProblem(code)).toBeNull();
  });
  it('refuses a wrong check digit for each GS1 length', () => {
    expect(barcodeProblem('4006381333932')).toMatch(/EAN-13 barcode's check digit is wrong/);
    expect(barcodeProblem('96385075')).toMatch(/EAN-8/);
    expect(barcodeProblem('036000291453')).toMatch(/UPC-A/);
  });
  it('refuses digit strings one short or long of a GS1 length, and bad characters', () => {
    // 12 digits are read as UPC-A, so an EAN-13 missing its last digit is caught by the check digit.
    expect(barcodeProblem('400638133393')).toMatch(/UPC-A/);
    expect(barcodeProblem('40063813339')).toMatch(/missing or extra digit/);
    expect(barcodeProblem('40063813339311')).toMatch(/missing or extra digit/);
    expect(barcodeProblem('bad code')).toMatch(/letters, digits/);
    expect(barcodeProblem('-lead')).toMatch(/letters, digits/);
    expect(barcodeProblem('x'.repeat(49))).toMatch(/letters, digits/);
  });
  it('classifies by length', () => {
    expect(barcodeKind('4006381333931')).toBe('ean13');
    expect(barcodeKind('036000291452')).toBe('upca');
    expect(barcodeKind('96385074')).toBe('ean8');
    expect(barcodeKind('ABC123')).toBe('internal');
  });
  it('completes an EAN-13 body', () => {
    expect(withEan13CheckDigit('400638133393')).toBe('4006381333931');
    expect(() => withEan13CheckDigit('123')).toThrow(RangeError);
  });
});
