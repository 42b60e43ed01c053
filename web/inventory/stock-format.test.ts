import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { reasonLabel } from './inventory-labels';
import { formatBasisPoints, parsePercentToBasisPoints, productLabel } from './stock-format';

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('VAT rates as percentages', () => {
  it('reads up to two decimals into basis points', () => {
    expect(parsePercentToBasisPoints('16')).toBe(1600);
    expect(parsePercentToBasisPoints(' 7.5 ')).toBe(750);
    expect(parsePercentToBasisPoints('0.25%')).toBe(25);
    expect(parsePercentToBasisPoints('0')).toBe(0);
  });

  it('refuses negatives, three decimals and words', () => {
    expect(parsePercentToBasisPoints('-1')).toBeNull();
    expect(parsePercentToBasisPoints('1.125')).toBeNull();
    expect(parsePercentToBasisPoints('sixteen')).toBeNull();
    expect(parsePercentToBasisPoints('')).toBeNull();
  });

  it('writes basis points back without trailing zeros', () => {
    expect(formatBasisPoints(1600)).toBe('16');
    expect(formatBasisPoints(750)).toBe('7.5');
    expect(formatBasisPoints(5)).toBe('0.05');
  });
});

describe('labels', () => {
  it('names a variant after its product', () => {
    expect(productLabel({ productName: 'Soda', variantName: '' })).toBe('Soda');
    expect(productLabel({ productName: 'Soda', variantName: '500 ml' })).toBe('Soda — 500 ml');
  });

  it('words known adjustment reasons and keeps others', () => {
    expect(reasonLabel('theft', i18n)).toBe('Theft or loss');
    expect(reasonLabel('sale', i18n)).toBe('sale');
    expect(reasonLabel('toString', i18n)).toBe('toString');
  });
});
