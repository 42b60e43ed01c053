import { describe, expect, it } from 'vitest';
import { suggestReorder } from './reorder.rules';

describe('reorder suggestions', () => {
  // Soda in crates of 24: 18 bottles left, reorder at 24, 300 sold in 30 days (10 a day).
  const soda = { onHandMilli: 18_000, onOrderMilli: 0, reorderLevelMilli: 24_000, soldMilli: 300_000, packSizeMilli: 24_000 };

  it('orders the reorder level plus two weeks of sales, in whole crates: 24 + 140 − 18 = 146 bottles → 7 crates', () => {
    expect(suggestReorder(soda)).toEqual({ packs: 7, stockQuantityMilli: 168_000 });
  });

  it('a week of cover: 24 + 70 − 18 = 76 bottles → 4 crates', () => {
    expect(suggestReorder(soda, 7)).toEqual({ packs: 4, stockQuantityMilli: 96_000 });
  });

  it('counts what is already on order, and suggests nothing for an item above its reorder level', () => {
    expect(suggestReorder({ ...soda, onOrderMilli: 48_000 })).toBeNull();
    expect(suggestReorder({ ...soda, onOrderMilli: 6_000 })).toEqual({ packs: 6, stockQuantityMilli: 144_000 });
    expect(suggestReorder({ ...soda, onHandMilli: 25_000 })).toBeNull();
  });

  it('an item that did not sell but is at its level gets one pack; oversold stock is made good first', () => {
    expect(suggestReorder({ ...soda, onHandMilli: 24_000, soldMilli: 0 })).toEqual({ packs: 1, stockQuantityMilli: 24_000 });
    // −6 on hand: 24 + 140 + 6 = 170 bottles → 8 crates
    expect(suggestReorder({ ...soda, onHandMilli: -6_000 })).toEqual({ packs: 8, stockQuantityMilli: 192_000 });
  });

  it('weighed goods by the kilo: 3.5 kg of sugar left, reorder at 10 kg, 45 kg sold in 30 days, 50 kg bags', () => {
    // 10 + 21 − 3.5 = 27.5 kg → one 50 kg bag
    expect(suggestReorder({ onHandMilli: 3_500, onOrderMilli: 0, reorderLevelMilli: 10_000, soldMilli: 45_000, packSizeMilli: 50_000 })).toEqual({
      packs: 1,
      stockQuantityMilli: 50_000,
    });
  });
});
