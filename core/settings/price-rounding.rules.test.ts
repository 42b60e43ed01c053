import { describe, expect, it } from 'vitest';
import { describePriceRounding, PRICE_ROUNDING_STEPS, roundPrice } from './price-rounding.rules';

// Worked by hand: KSh 135.00 + 7% = 135 × 1.07 = 144.45.
//   whole shillings: 144.45 lies between 144 and 145; .45 is under half → 144.00
//   5 shillings:     between 140 and 145; 4.45 past 140 is at least half of 5 → 145.00
//   10 shillings:    between 140 and 150; 4.45 past 140 is under half of 10 → 140.00
describe('roundPrice (half up to the nearest step, in cents)', () => {
  it('rounds KSh 144.45 to each step as worked by hand', () => {
    expect(roundPrice(14_445, 0, 2)).toBe(14_445);
    expect(roundPrice(14_445, 1, 2)).toBe(14_400);
    expect(roundPrice(14_445, 5, 2)).toBe(14_500);
    expect(roundPrice(14_445, 10, 2)).toBe(14_000);
  });

  it('takes exactly half a step up: 154.50 → 155, 142.50 → 145 (step 5), 145.00 → 150 (step 10)', () => {
    expect(roundPrice(15_450, 1, 2)).toBe(15_500);
    expect(roundPrice(14_250, 5, 2)).toBe(14_500);
    expect(roundPrice(14_500, 10, 2)).toBe(15_000);
    expect(roundPrice(15_449, 1, 2)).toBe(15_400);
  });

  it('leaves prices already on a step, and 0, alone', () => {
    expect(roundPrice(15_000, 5, 2)).toBe(15_000);
    expect(roundPrice(0, 10, 2)).toBe(0);
  });

  it('counts the step in whole units of a currency with other decimals (0 for a currency without cents)', () => {
    expect(roundPrice(1_445, 1, 0)).toBe(1_445);
    expect(roundPrice(1_447, 5, 0)).toBe(1_445);
    expect(roundPrice(14_445, 1, 3)).toBe(14_000);
  });

  it('names each step for the settings and the bulk price dialog', () => {
    expect(PRICE_ROUNDING_STEPS).toEqual([0, 1, 5, 10]);
    expect(describePriceRounding(0, 'KSh')).toBe('to the cent (no rounding)');
    expect(describePriceRounding(1, 'KSh')).toBe('to the nearest KSh 1, halves up');
    expect(describePriceRounding(5, 'KSh')).toBe('to the nearest KSh 5, halves up');
  });
});
