import { describe, expect, it } from 'vitest';
import { costReceiptLines } from './receipt-costing.rules';

// A delivery worked by hand: 10 crates of soda (24 bottles each) invoiced KES 7,200, 5 bales of
// flour (12 packets each) KES 10,800, a carton of 48 bars of soap KES 2,000; the van charged
// KES 500 transport and KES 100 loading, KES 600 of landed costs in all.
const delivery = [
  { invoicedMinor: 720_000, stockQuantityMilli: 240_000 },
  { invoicedMinor: 1_080_000, stockQuantityMilli: 60_000 },
  { invoicedMinor: 200_000, stockQuantityMilli: 48_000 },
];

describe('costing a received delivery with its landed costs', () => {
  it('by value: KES 600 over KES 20,000 of goods is 3% of each line, and a bar of soap rounds to the cent', () => {
    expect(costReceiptLines(delivery, 60_000, 'value')).toEqual([
      // 7,200 × 3% = 216; (7,200 + 216) ÷ 240 = 30.90 a bottle
      { landedShareMinor: 21_600, totalCostMinor: 741_600, unitCostMinor: 3_090 },
      // 10,800 × 3% = 324; 11,124 ÷ 60 = 185.40 a packet
      { landedShareMinor: 32_400, totalCostMinor: 1_112_400, unitCostMinor: 18_540 },
      // 2,000 × 3% = 60; 2,060 ÷ 48 = 42.9166… → 42.92 a bar
      { landedShareMinor: 6_000, totalCostMinor: 206_000, unitCostMinor: 4_292 },
    ]);
  });

  it('by quantity: 348 units share KES 600; the 2 cents left over go to the largest remainders', () => {
    // 600 × 240/348 = 413.7931, × 60/348 = 103.4483, × 48/348 = 82.7586: floors 413.79 + 103.44 +
    // 82.75 = 599.98, and the two cents go to the soap (.86) and the flour (.83), not the soda (.31).
    expect(costReceiptLines(delivery, 60_000, 'quantity')).toEqual([
      // 761,379 ÷ 240 = 3,172.41 → 31.72 a bottle
      { landedShareMinor: 41_379, totalCostMinor: 761_379, unitCostMinor: 3_172 },
      // 1,090,345 ÷ 60 = 18,172.42 → 181.72 a packet
      { landedShareMinor: 10_345, totalCostMinor: 1_090_345, unitCostMinor: 18_172 },
      // 208,276 ÷ 48 = 4,339.08 → 43.39 a bar
      { landedShareMinor: 8_276, totalCostMinor: 208_276, unitCostMinor: 4_339 },
    ]);
  });

  it('a weighed line: 2.5 kg of sugar for KES 250 is KES 100 a kg, with no landed costs', () => {
    expect(costReceiptLines([{ invoicedMinor: 25_000, stockQuantityMilli: 2_500 }], 0, 'value')).toEqual([
      { landedShareMinor: 0, totalCostMinor: 25_000, unitCostMinor: 10_000 },
    ]);
  });

  it('a free bonus crate takes no landed cost by value; a delivery of nothing but free goods shares it by quantity', () => {
    const withBonus = costReceiptLines([{ invoicedMinor: 720_000, stockQuantityMilli: 240_000 }, { invoicedMinor: 0, stockQuantityMilli: 24_000 }], 10_000, 'value');
    expect(withBonus.map((line) => line.landedShareMinor)).toEqual([10_000, 0]);
    expect(withBonus[1]!.unitCostMinor).toBe(0);
    const allFree = costReceiptLines([{ invoicedMinor: 0, stockQuantityMilli: 30_000 }, { invoicedMinor: 0, stockQuantityMilli: 10_000 }], 4_000, 'value');
    expect(allFree.map((line) => line.landedShareMinor)).toEqual([3_000, 1_000]);
  });

  it('refuses fractions of a cent, negative amounts and empty quantities', () => {
    expect(() => costReceiptLines(delivery, 600.5, 'value')).toThrow(RangeError);
    expect(() => costReceiptLines(delivery, -1, 'value')).toThrow(RangeError);
    expect(() => costReceiptLines([{ invoicedMinor: -5, stockQuantityMilli: 1000 }], 0, 'value')).toThrow(RangeError);
    expect(() => costReceiptLines([{ invoicedMinor: 500, stockQuantityMilli: 0 }], 0, 'value')).toThrow(RangeError);
  });
});
