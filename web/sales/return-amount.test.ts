import { describe, expect, it } from 'vitest';
import { returnAmountMinor } from './return-amount';

describe('returnAmountMinor', () => {
  it('prices a part of a line in proportion, rounding half up', () => {
    // 3 soaps for KSh 100.00 (after a discount): one is 33.33, two are 66.67.
    expect(returnAmountMinor({ totalMinor: 10_000, quantityMilli: 3000, returnedQuantityMilli: 0 }, 1000)).toBe(3333);
    expect(returnAmountMinor({ totalMinor: 10_000, quantityMilli: 3000, returnedQuantityMilli: 0 }, 2000)).toBe(6667);
  });

  it('makes the returns of a line add up to its total, one at a time', () => {
    const line = { totalMinor: 10_000, quantityMilli: 3000 };
    const parts = [0, 1000, 2000].map((returned) => returnAmountMinor({ ...line, returnedQuantityMilli: returned }, 1000));
    expect(parts).toEqual([3333, 3334, 3333]);
    expect(parts.reduce((sum, part) => sum + part, 0)).toBe(10_000);
  });

  it('prices weighed goods by the thousandth', () => {
    // 1.5 kg of sugar for KSh 247.50; 0.25 kg back is 41.25.
    expect(returnAmountMinor({ totalMinor: 24_750, quantityMilli: 1500, returnedQuantityMilli: 0 }, 250)).toBe(4125);
  });
});
