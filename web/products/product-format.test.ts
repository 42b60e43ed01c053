import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatPriceRange, formatStock, packContents, stockLevel } from './product-format';

describe('catalog figures on screen', () => {
  // The texts are in English when no catalog is loaded (the message is its own id).
  beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('shows one price, or the range of the variants', () => {
    expect(formatPriceRange([12_000], 'KSh')).toBe('KSh 120.00');
    expect(formatPriceRange([12_000, 5_050, 12_000], 'KSh')).toBe('KSh 50.50 – KSh 120.00');
    expect(formatPriceRange([], 'KSh')).toBe('—');
  });

  it('shows stock with its unit and up to 3 decimals', () => {
    expect(formatStock(12_000, 'pc')).toBe('12 pc');
    expect(formatStock(1_250, 'kg')).toBe('1.25 kg');
    expect(formatStock(-2_000, null)).toBe('-2');
  });

  it('says out, low or in stock', () => {
    expect(stockLevel({ trackStock: true, onHandMilli: 0, reorderLevelMilli: 5_000 })).toBe('out');
    expect(stockLevel({ trackStock: true, onHandMilli: 5_000, reorderLevelMilli: 5_000 })).toBe('low');
    expect(stockLevel({ trackStock: true, onHandMilli: 6_000, reorderLevelMilli: 5_000 })).toBe('ok');
    expect(stockLevel({ trackStock: true, onHandMilli: 6_000, reorderLevelMilli: null, isLow: true })).toBe('low');
    expect(stockLevel({ trackStock: false, onHandMilli: 0, reorderLevelMilli: null })).toBe('untracked');
  });

  it('describes what a pack holds', () => {
    expect(packContents(12_000, 'pc')).toBe('contains 12 × pc');
    expect(packContents(null, null)).toBeNull();
  });
});
