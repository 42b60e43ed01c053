import { describe, expect, it } from 'vitest';
import { quantityFromNumeric } from './quantity';

describe('quantity column (numeric(14,3) ↔ thousandths)', () => {
  it.each([
    ['0', 0],
    ['0.000', 0],
    ['12.500', 12500],
    ['-0.250', -250],
    ['99999999999.999', 99_999_999_999_999],
    ['7', 7000],
    ['0.1', 100],
  ])('%s → %i thousandths, exactly', (text, milli) => {
    expect(quantityFromNumeric(text)).toBe(milli);
  });
});
