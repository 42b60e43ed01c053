import { describe, expect, it } from 'vitest';
import { formatQuantity, lineAmount, parseQuantity } from './quantity.rules';
import { addTax, divideRounded, ETIMS_TAX_BAND, splitInclusive } from './tax.rules';

describe('VAT on tax-inclusive prices', () => {
  it('splits KSh 116.00 at 16% into 100.00 + 16.00', () => {
    expect(splitInclusive(11600, 1600)).toEqual({ netMinor: 10000, taxMinor: 1600 });
  });
  it('keeps net + tax equal to the price for every amount', () => {
    for (let gross = 0; gross <= 5000; gross += 7) {
      for (const rate of [0, 800, 1600]) {
        const { netMinor, taxMinor } = splitInclusive(gross, rate);
        expect(netMinor + taxMinor).toBe(gross);
        expect(taxMinor).toBeGreaterThanOrEqual(0);
      }
    }
  });
  it('rounds half away from zero, also for refunds', () => {
    expect(splitInclusive(100, 1600).taxMinor).toBe(14); // 13.79…
    expect(splitInclusive(-11600, 1600)).toEqual({ netMinor: -10000, taxMinor: -1600 });
    expect(divideRounded(5, 2)).toBe(3);
    expect(divideRounded(-5, 2)).toBe(-3);
  });
  it('adds tax to a net amount', () => {
    expect(addTax(10000, 800)).toEqual({ grossMinor: 10800, taxMinor: 800 });
  });
  it('refuses fractional minor units', () => {
    expect(() => splitInclusive(10.5, 1600)).toThrow(RangeError);
  });
  it('maps tax classes to eTIMS bands', () => {
    expect(ETIMS_TAX_BAND).toEqual({ exempt: 'A', standard: 'B', zero_rated: 'C', reduced: 'E' });
  });
});

describe('quantities to 3 decimals', () => {
  it.each([
    ['1', 1000],
    ['1.25', 1250],
    ['0.333', 333],
    [' 12.5 ', 12500],
    ['1.2345', null],
    ['-1', null],
    ['abc', null],
    ['', null],
  ])('parses %j as %j', (text, milli) => {
    expect(parseQuantity(text)).toBe(milli);
  });
  it('formats without trailing zeros', () => {
    expect(formatQuantity(1250)).toBe('1.25');
    expect(formatQuantity(1000)).toBe('1');
    expect(formatQuantity(5)).toBe('0.005');
    expect(formatQuantity(-1500)).toBe('-1.5');
  });
  it('computes a weighed line exactly, rounding once', () => {
    expect(lineAmount(12900, 333)).toBe(4296); // 0.333 kg × KSh 129.00 = KSh 42.957
    expect(lineAmount(5000, 3000)).toBe(15000);
  });
});
