import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TAX_RATES_BP, ETIMS_TAX_BAND, splitInclusive, TAX_CLASSES, type TaxClass } from '../products/tax.rules';
import {
  basePricePerStockUnit,
  DISCOUNT_ABOVE_LINE_MESSAGE,
  DISCOUNT_ABOVE_SALE_MESSAGE,
  DiscountTooLargeError,
  priceCart,
  shareByLargestRemainder,
  type PricedCart,
  type PricingItem,
  type PricingLineInput,
  type PricingOptions,
} from './pricing.rules';
import type { Discount } from './sales.schemas';

const OPTIONS: PricingOptions = { taxRatesBp: DEFAULT_TAX_RATES_BP, groupDiscountBps: 0, cartDiscount: null, tipMinor: 0, discountLimitBps: 1000, mayChangePrice: true };

const item = (sellingPriceMinor: number, taxClass: TaxClass, extra: Partial<PricingItem> = {}): PricingItem => ({
  sellingPriceMinor,
  tiers: [],
  groupPriceMinor: null,
  taxClass,
  ...extra,
});

const line = (pricingItem: PricingItem, quantityMilli: number, extra: Partial<PricingLineInput> = {}): PricingLineInput => ({
  item: pricingItem,
  quantityMilli,
  packSizeMilli: 1000,
  unitPriceOverrideMinor: null,
  discount: null,
  ...extra,
});

const UNGA_2KG = item(18_900, 'standard');
const SUKUMA_PER_KG = item(8_000, 'exempt');
/** A soda is KSh 60.00, KSh 55.00 each from 24 bottles on the line (stock unit: the bottle). */
const SODA = item(6_000, 'standard', { tiers: [{ minQuantityMilli: 24_000, priceMinor: 5_500 }] });
const CRATE_OF_24 = 24_000;

describe('a Nairobi mini-mart receipt, worked by hand', () => {
  // 2 × Unga 2 kg at KSh 189.00, 16% (band B):   gross = 18,900 × 2,000 / 1,000          = 37,800
  // 1.25 kg sukuma at KSh 80.00/kg, exempt (A):  gross =  8,000 × 1,250 / 1,000          = 10,000
  // 1 crate of 24 sodas, 16% (B): 24 bottles on the line reach the 24-bottle tier, so the bottle
  //   is KSh 55.00 and the crate 5,500 × 24,000 / 1,000                                  = 132,000
  //   5% line discount: 132,000 × 500 / 10,000                                           =   6,600
  //   (5% is within the 10% limit: no approval)
  // subtotal (after line discounts) = 37,800 + 10,000 + 125,400                           = 173,200
  // KSh 20.00 cart discount (2,000 × 10,000 ≤ 1,000 × 173,200: no approval), shared by the
  // largest remainder, 2,000 × line ÷ 173,200:
  //   Unga    75,600,000 ÷ 173,200 = 436 r 84,800
  //   sukuma  20,000,000 ÷ 173,200 = 115 r 82,000
  //   sodas  250,800,000 ÷ 173,200 = 1,448 r 6,400     → 1,999; the last cent goes to the
  //   largest remainder (Unga): shares 437 + 115 + 1,448 = 2,000
  // line totals: 37,800 − 437 = 37,363;  10,000 − 115 = 9,885;  125,400 − 1,448 = 123,952
  // VAT per line = round(total × 1,600 / 11,600), half away from zero:
  //   Unga   37,363 × 1,600 / 11,600 =  5,153.52 →  5,154
  //   sodas 123,952 × 1,600 / 11,600 = 17,096.83 → 17,097
  //   sukuma exempt → 0
  // band B: gross 37,363 + 123,952 = 161,315, VAT 5,154 + 17,097 = 22,251 (the sum of the lines:
  //   splitting the band's gross at once would give 22,250; the receipt's lines must add up)
  // band A: gross 9,885, VAT 0.   Total = 171,200 = 37,363 + 9,885 + 123,952.
  const receipt = priceCart(
    [
      line(UNGA_2KG, 2_000),
      line(SUKUMA_PER_KG, 1_250),
      line(SODA, 1_000, { packSizeMilli: CRATE_OF_24, discount: { type: 'percent', bps: 500 } }),
    ],
    { ...OPTIONS, cartDiscount: { type: 'amount', amountMinor: 2_000 } },
  );

  it('prices each line', () => {
    expect(receipt.lines.map((priced) => [priced.listPriceMinor, priced.grossMinor, priced.lineDiscountMinor, priced.cartDiscountShareMinor, priced.totalMinor, priced.taxMinor])).toEqual([
      [18_900, 37_800, 0, 437, 37_363, 5_154],
      [8_000, 10_000, 0, 115, 9_885, 0],
      [132_000, 132_000, 6_600, 1_448, 123_952, 17_097],
    ]);
    expect(receipt.lines.map((priced) => [priced.taxBand, priced.taxRateBp, priced.stockQuantityMilli])).toEqual([
      ['B', 1600, 2_000],
      ['A', 0, 1_250],
      ['B', 1600, 24_000],
    ]);
    expect(receipt.lines.every((priced) => priced.needsApproval.length === 0 && !priced.priceOverridden)).toBe(true);
  });

  it('totals the receipt and its VAT per band', () => {
    expect(receipt).toMatchObject({
      subtotalMinor: 173_200,
      discountMinor: 8_600, // 6,600 line + 2,000 cart
      cartDiscountMinor: 2_000,
      tipMinor: 0,
      totalMinor: 171_200,
      taxMinor: 22_251,
      cartNeedsApproval: false,
      taxBands: { B: { grossMinor: 161_315, taxMinor: 22_251, rateBp: 1600 }, A: { grossMinor: 9_885, taxMinor: 0, rateBp: 0 } },
    });
  });

  it('adds a tip to the total without VAT', () => {
    // KSh 50.00 tip: total 171,200 + 5,000 = 176,200; VAT still 22,251.
    const tipped = priceCart([line(UNGA_2KG, 2_000), line(SUKUMA_PER_KG, 1_250), line(SODA, 1_000, { packSizeMilli: CRATE_OF_24, discount: { type: 'percent', bps: 500 } })], {
      ...OPTIONS,
      cartDiscount: { type: 'amount', amountMinor: 2_000 },
      tipMinor: 5_000,
    });
    expect([tipped.totalMinor, tipped.tipMinor, tipped.taxMinor, tipped.subtotalMinor]).toEqual([176_200, 5_000, 22_251, 173_200]);
  });
});

describe('list prices', () => {
  it('applies the tier by the stock quantity on the line, whatever the unit sold', () => {
    // Six-packs of soda (6 bottles each). 3 six-packs = 18 bottles: no tier, 6,000 × 6 = 36,000 a pack.
    // 4 six-packs = 24 bottles: the tier, 5,500 × 6 = 33,000 a pack; gross 33,000 × 4 = 132,000.
    const [three, four] = priceCart([line(SODA, 3_000, { packSizeMilli: 6_000 }), line(SODA, 4_000, { packSizeMilli: 6_000 })], OPTIONS).lines;
    expect([three?.stockQuantityMilli, three?.listPriceMinor, three?.grossMinor]).toEqual([18_000, 36_000, 108_000]);
    expect([four?.stockQuantityMilli, four?.listPriceMinor, four?.grossMinor]).toEqual([24_000, 33_000, 132_000]);
  });

  it('takes the tier with the greatest minimum the line reaches', () => {
    const tiered = item(6_000, 'standard', {
      tiers: [
        { minQuantityMilli: 48_000, priceMinor: 5_000 },
        { minQuantityMilli: 12_000, priceMinor: 5_800 },
        { minQuantityMilli: 24_000, priceMinor: 5_500 },
      ],
    });
    expect([11_999, 12_000, 30_000, 48_000].map((quantity) => basePricePerStockUnit(tiered, quantity))).toEqual([6_000, 5_800, 5_500, 5_000]);
  });

  it('lets the group price win over tiers, then takes the group discount off', () => {
    // Group price KSh 175.00 for Unga even on 24 bags; 2.5% group discount: 17,500 × 250 / 10,000
    // = 437.5 → 438 (half away from zero); list 17,500 − 438 = 17,062.
    const unga = item(18_900, 'standard', { tiers: [{ minQuantityMilli: 10_000, priceMinor: 18_000 }], groupPriceMinor: 17_500 });
    const [priced] = priceCart([line(unga, 24_000)], { ...OPTIONS, groupDiscountBps: 250 }).lines;
    expect([priced?.listPriceMinor, priced?.grossMinor]).toEqual([17_062, 409_488]); // 17,062 × 24
  });

  it('rounds a weighed line once: 0.333 kg at KSh 129.00 = 42.957 → KSh 42.96', () => {
    const [priced] = priceCart([line(item(12_900, 'zero_rated'), 333)], OPTIONS).lines;
    expect([priced?.grossMinor, priced?.taxBand, priced?.taxMinor]).toEqual([4_296, 'C', 0]);
  });

  it('puts reduced-rate goods in band E at 8%', () => {
    // KSh 108.00 at 8%: 10,800 × 800 / 10,800 = 800.
    const cart = priceCart([line(item(10_800, 'reduced'), 1_000)], OPTIONS);
    expect(cart.taxBands).toEqual({ E: { grossMinor: 10_800, taxMinor: 800, rateBp: 800 } });
  });
});

describe('what needs a manager', () => {
  it('flags a price override below the list price, not one above it or equal to it', () => {
    const cart = priceCart(
      [line(UNGA_2KG, 1_000, { unitPriceOverrideMinor: 18_000 }), line(UNGA_2KG, 1_000, { unitPriceOverrideMinor: 19_500 }), line(UNGA_2KG, 1_000, { unitPriceOverrideMinor: 18_900 })],
      OPTIONS,
    );
    expect(cart.lines.map((priced) => [priced.unitPriceMinor, priced.priceOverridden, priced.needsApproval])).toEqual([
      [18_000, true, ['price_override']],
      [19_500, true, []],
      [18_900, false, []],
    ]);
  });

  it('flags any change of price, up or down, for a seller who may not change prices; the list price typed is no change', () => {
    const cart = priceCart(
      [line(UNGA_2KG, 1_000, { unitPriceOverrideMinor: 18_000 }), line(UNGA_2KG, 1_000, { unitPriceOverrideMinor: 19_500 }), line(UNGA_2KG, 1_000, { unitPriceOverrideMinor: 18_900 })],
      { ...OPTIONS, mayChangePrice: false },
    );
    expect(cart.lines.map((priced) => priced.needsApproval)).toEqual([['price_override'], ['price_override'], []]);
  });

  it('flags every discount under a limit of 0 (a seller without the discount permission)', () => {
    const cart = priceCart([line(UNGA_2KG, 1_000, { discount: { type: 'amount', amountMinor: 1 } })], { ...OPTIONS, discountLimitBps: 0, cartDiscount: { type: 'percent', bps: 1 } });
    expect(cart.lines[0]?.needsApproval).toEqual(['discount']);
    expect(cart.cartNeedsApproval).toBe(true);
  });

  it('flags a line discount above the limit of the line, exactly at the boundary', () => {
    // Limit 10% of 18,900 = 1,890: 1,890 off is allowed, 1,891 needs a manager; 10.00% is
    // allowed, 10.01% needs one.
    const cart = priceCart(
      [
        line(UNGA_2KG, 1_000, { discount: { type: 'amount', amountMinor: 1_890 } }),
        line(UNGA_2KG, 1_000, { discount: { type: 'amount', amountMinor: 1_891 } }),
        line(UNGA_2KG, 1_000, { discount: { type: 'percent', bps: 1_000 } }),
        line(UNGA_2KG, 1_000, { discount: { type: 'percent', bps: 1_001 } }),
      ],
      OPTIONS,
    );
    expect(cart.lines.map((priced) => priced.needsApproval)).toEqual([[], ['discount'], [], ['discount']]);
  });

  it('flags both on one line: an override below list and a discount over the limit', () => {
    // Override 18,000 (< 18,900); KSh 20.00 off 18,000: 2,000 × 10,000 > 1,000 × 18,000.
    const [priced] = priceCart([line(UNGA_2KG, 1_000, { unitPriceOverrideMinor: 18_000, discount: { type: 'amount', amountMinor: 2_000 } })], OPTIONS).lines;
    expect(priced?.needsApproval).toEqual(['price_override', 'discount']);
    expect(priced?.totalMinor).toBe(16_000);
  });

  it('flags a cart discount above the limit of the subtotal', () => {
    // Subtotal 37,800; 10% = 3,780.
    const within = priceCart([line(UNGA_2KG, 2_000)], { ...OPTIONS, cartDiscount: { type: 'amount', amountMinor: 3_780 } });
    const over = priceCart([line(UNGA_2KG, 2_000)], { ...OPTIONS, cartDiscount: { type: 'amount', amountMinor: 3_781 } });
    const overPercent = priceCart([line(UNGA_2KG, 2_000)], { ...OPTIONS, cartDiscount: { type: 'percent', bps: 1_500 } });
    expect([within.cartNeedsApproval, over.cartNeedsApproval, overPercent.cartNeedsApproval]).toEqual([false, true, true]);
    expect(overPercent.cartDiscountMinor).toBe(5_670); // 37,800 × 1,500 / 10,000
  });
});

describe('bad input is refused, never clamped', () => {
  it('refuses a discount above the line gross with the message the server shows', () => {
    const attempt = () => priceCart([line(UNGA_2KG, 1_000), line(UNGA_2KG, 1_000, { discount: { type: 'amount', amountMinor: 18_901 } })], OPTIONS);
    expect(attempt).toThrow(RangeError);
    expect(attempt).toThrow(DISCOUNT_ABOVE_LINE_MESSAGE);
    try {
      attempt();
    } catch (error) {
      expect(error).toBeInstanceOf(DiscountTooLargeError);
      expect((error as DiscountTooLargeError).lineIndex).toBe(1);
    }
  });

  it('refuses a cart discount above the subtotal', () => {
    const attempt = () => priceCart([line(UNGA_2KG, 1_000, { discount: { type: 'amount', amountMinor: 900 } })], { ...OPTIONS, cartDiscount: { type: 'amount', amountMinor: 18_001 } });
    expect(attempt).toThrow(DISCOUNT_ABOVE_SALE_MESSAGE);
    expect(attempt).toThrow(RangeError);
    // Exactly the subtotal is a free sale, allowed (and over any limit below 100%).
    const free = priceCart([line(UNGA_2KG, 1_000, { discount: { type: 'amount', amountMinor: 900 } })], { ...OPTIONS, cartDiscount: { type: 'amount', amountMinor: 18_000 } });
    expect([free.totalMinor, free.taxMinor, free.cartNeedsApproval]).toEqual([0, 0, true]);
  });

  const bad: [string, PricingLineInput[], PricingOptions][] = [
    ['a negative catalog price', [line(item(-1, 'standard'), 1_000)], OPTIONS],
    ['a fractional catalog price', [line(item(189.5, 'standard'), 1_000)], OPTIONS],
    ['a negative group price', [line(item(100, 'standard', { groupPriceMinor: -5 }), 1_000)], OPTIONS],
    ['a fractional tier price', [line(item(100, 'standard', { tiers: [{ minQuantityMilli: 1_000, priceMinor: 0.5 }] }), 1_000)], OPTIONS],
    ['a negative tier minimum', [line(item(100, 'standard', { tiers: [{ minQuantityMilli: -1, priceMinor: 50 }] }), 1_000)], OPTIONS],
    ['a negative quantity', [line(UNGA_2KG, -1_000)], OPTIONS],
    ['a zero quantity', [line(UNGA_2KG, 0)], OPTIONS],
    ['a fractional quantity', [line(UNGA_2KG, 1.5)], OPTIONS],
    ['a zero pack size', [line(UNGA_2KG, 1_000, { packSizeMilli: 0 })], OPTIONS],
    ['a negative override', [line(UNGA_2KG, 1_000, { unitPriceOverrideMinor: -100 })], OPTIONS],
    ['a NaN override', [line(UNGA_2KG, 1_000, { unitPriceOverrideMinor: Number.NaN })], OPTIONS],
    ['a negative amount discount', [line(UNGA_2KG, 1_000, { discount: { type: 'amount', amountMinor: -1 } })], OPTIONS],
    ['a fractional amount discount', [line(UNGA_2KG, 1_000, { discount: { type: 'amount', amountMinor: 10.5 } })], OPTIONS],
    ['a percentage over 100%', [line(UNGA_2KG, 1_000, { discount: { type: 'percent', bps: 10_001 } })], OPTIONS],
    ['a zero percentage', [line(UNGA_2KG, 1_000, { discount: { type: 'percent', bps: 0 } })], OPTIONS],
    ['a negative tip', [line(UNGA_2KG, 1_000)], { ...OPTIONS, tipMinor: -1 }],
    ['a fractional tip', [line(UNGA_2KG, 1_000)], { ...OPTIONS, tipMinor: 0.01 }],
    ['a negative group discount', [line(UNGA_2KG, 1_000)], { ...OPTIONS, groupDiscountBps: -1 }],
    ['a limit over 100%', [line(UNGA_2KG, 1_000)], { ...OPTIONS, discountLimitBps: 10_001 }],
    ['a negative tax rate', [line(UNGA_2KG, 1_000)], { ...OPTIONS, taxRatesBp: { ...DEFAULT_TAX_RATES_BP, standard: -1600 } }],
    ['a fractional tax rate', [line(UNGA_2KG, 1_000)], { ...OPTIONS, taxRatesBp: { ...DEFAULT_TAX_RATES_BP, standard: 16.5 } }],
    ['a negative cart discount', [line(UNGA_2KG, 1_000)], { ...OPTIONS, cartDiscount: { type: 'amount', amountMinor: -1 } }],
    ['amounts too large to compute exactly', [line(item(1_000_000_000, 'standard'), 1_000_000_000, { packSizeMilli: 1_000_000 })], OPTIONS],
  ];
  it.each(bad)('refuses %s with a RangeError', (_name, lines, options) => {
    expect(() => priceCart(lines, options)).toThrow(RangeError);
  });
});

describe('sharing by the largest remainder', () => {
  it('gives the leftover cents to the largest remainders, earlier lines first on ties', () => {
    // 100 over three equal lines: 33 each r 1 → the first line takes the last cent.
    expect(shareByLargestRemainder(100, [500, 500, 500])).toEqual([34, 33, 33]);
    expect(shareByLargestRemainder(0, [0, 0])).toEqual([0, 0]);
    expect(shareByLargestRemainder(5, [0, 10])).toEqual([0, 5]);
  });
  it('refuses to share money over nothing', () => {
    expect(() => shareByLargestRemainder(1, [0, 0])).toThrow(RangeError);
  });
  it('sums to the amount and stays within one cent of the exact share', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 30 }), fc.double({ min: 0, max: 1, noNaN: true }), (weights, fraction) => {
        const total = weights.reduce((a, b) => a + b, 0);
        fc.pre(total > 0);
        const amount = Math.floor(total * fraction);
        const shares = shareByLargestRemainder(amount, weights);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
        shares.forEach((share, index) => {
          const exact = (amount * (weights[index] ?? 0)) / total;
          expect(share).toBeGreaterThanOrEqual(Math.floor(exact) - 1e-9);
          expect(share).toBeLessThanOrEqual(Math.floor(exact) + 1);
          expect(share).toBeLessThanOrEqual(weights[index] ?? 0);
        });
      }),
    );
  });
});

// ─── Properties ──────────────────────────────────────────────────────────────────────────────

/** A discount described relative to what it applies to, so a generated amount never exceeds it. */
type DiscountSpec = { type: 'percent'; bps: number } | { type: 'amount'; permille: number } | null;

const discountSpec: fc.Arbitrary<DiscountSpec> = fc.oneof(
  fc.constant(null),
  fc.record({ type: fc.constant('percent' as const), bps: fc.integer({ min: 1, max: 10_000 }) }),
  fc.record({ type: fc.constant('amount' as const), permille: fc.integer({ min: 0, max: 1_000 }) }),
);

const moneyArb = fc.integer({ min: 0, max: 2_000_000 });

const itemArb: fc.Arbitrary<PricingItem> = fc.record({
  sellingPriceMinor: moneyArb,
  tiers: fc.array(fc.record({ minQuantityMilli: fc.integer({ min: 0, max: 100_000 }), priceMinor: moneyArb }), { maxLength: 3 }),
  groupPriceMinor: fc.option(moneyArb, { nil: null }),
  taxClass: fc.constantFrom(...TAX_CLASSES),
});

const lineSpecArb = fc.record({
  item: itemArb,
  quantityMilli: fc.integer({ min: 1, max: 100_000 }),
  packSizeMilli: fc.oneof(fc.constantFrom(1_000, 6_000, 24_000, 500), fc.integer({ min: 1, max: 50_000 })),
  unitPriceOverrideMinor: fc.option(moneyArb, { nil: null }),
  discount: discountSpec,
});
type LineSpec = typeof lineSpecArb extends fc.Arbitrary<infer T> ? T : never;

const optionsSpecArb = fc.record({
  groupDiscountBps: fc.integer({ min: 0, max: 10_000 }),
  cartDiscount: discountSpec,
  tipMinor: fc.integer({ min: 0, max: 100_000 }),
  discountLimitBps: fc.integer({ min: 0, max: 10_000 }),
  mayChangePrice: fc.boolean(),
  taxRatesBp: fc.record({ standard: fc.integer({ min: 0, max: 3_000 }), reduced: fc.integer({ min: 0, max: 3_000 }), zero_rated: fc.constant(0), exempt: fc.constant(0) }),
});
type OptionsSpec = typeof optionsSpecArb extends fc.Arbitrary<infer T> ? T : never;

function resolve(spec: DiscountSpec, baseMinor: number): Discount | null {
  if (spec === null || spec.type === 'percent') return spec;
  return { type: 'amount', amountMinor: Math.floor((baseMinor * spec.permille) / 1_000) };
}

/** Builds a valid cart from specs: amounts off are resolved against the gross/subtotal priced first without them. */
function buildCart(lineSpecs: LineSpec[], optionSpec: OptionsSpec): { lines: PricingLineInput[]; options: PricingOptions; cart: PricedCart } {
  const baseOptions: PricingOptions = { ...optionSpec, cartDiscount: null };
  const plainLines = lineSpecs.map((spec) => ({ ...spec, discount: null }));
  const plain = priceCart(plainLines, baseOptions).lines;
  const lines = lineSpecs.map((spec, index) => ({ ...spec, discount: resolve(spec.discount, plain[index]?.grossMinor ?? 0) }));
  const subtotal = priceCart(lines, baseOptions).subtotalMinor;
  const options = { ...baseOptions, cartDiscount: resolve(optionSpec.cartDiscount, subtotal) };
  return { lines, options, cart: priceCart(lines, options) };
}

const cartArb = fc.tuple(fc.array(lineSpecArb, { minLength: 1, maxLength: 12 }), optionsSpecArb).map(([lineSpecs, optionSpec]) => buildCart(lineSpecs, optionSpec));

const sumOf = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('cart properties', () => {
  it('Σ line totals + tip = total; subtotal − cart discount + tip = total', () => {
    fc.assert(
      fc.property(cartArb, ({ cart }) => {
        expect(sumOf(cart.lines.map((priced) => priced.totalMinor)) + cart.tipMinor).toBe(cart.totalMinor);
        expect(cart.subtotalMinor - cart.cartDiscountMinor + cart.tipMinor).toBe(cart.totalMinor);
        expect(cart.discountMinor).toBe(sumOf(cart.lines.map((priced) => priced.lineDiscountMinor)) + cart.cartDiscountMinor);
      }),
    );
  });

  it('Σ cart discount shares = the cart discount, no share above its line', () => {
    fc.assert(
      fc.property(cartArb, ({ cart }) => {
        expect(sumOf(cart.lines.map((priced) => priced.cartDiscountShareMinor))).toBe(cart.cartDiscountMinor);
        for (const priced of cart.lines) expect(priced.cartDiscountShareMinor).toBeLessThanOrEqual(priced.grossMinor - priced.lineDiscountMinor);
      }),
    );
  });

  it('per band, Σ line VAT = the band VAT and Σ line totals = the band gross; Σ bands = the cart VAT', () => {
    fc.assert(
      fc.property(cartArb, ({ cart }) => {
        const bands = new Set(cart.lines.map((priced) => priced.taxBand));
        expect(Object.keys(cart.taxBands).sort()).toEqual([...bands].sort());
        for (const band of bands) {
          const inBand = cart.lines.filter((priced) => priced.taxBand === band);
          expect(cart.taxBands[band]).toEqual({
            grossMinor: sumOf(inBand.map((priced) => priced.totalMinor)),
            taxMinor: sumOf(inBand.map((priced) => priced.taxMinor)),
            rateBp: inBand[0]?.taxRateBp,
          });
        }
        expect(sumOf(Object.values(cart.taxBands).map((band) => band.taxMinor))).toBe(cart.taxMinor);
      }),
    );
  });

  it('each line: net + tax = its total, VAT from its class and rate', () => {
    fc.assert(
      fc.property(cartArb, ({ cart, options }) => {
        for (const priced of cart.lines) {
          const { netMinor, taxMinor } = splitInclusive(priced.totalMinor, priced.taxRateBp);
          expect(taxMinor).toBe(priced.taxMinor);
          expect(netMinor + priced.taxMinor).toBe(priced.totalMinor);
          expect(priced.taxBand).toBe(ETIMS_TAX_BAND[priced.taxClass]);
          expect(priced.taxRateBp).toBe(options.taxRatesBp[priced.taxClass]);
          expect(priced.totalMinor).toBe(priced.grossMinor - priced.lineDiscountMinor - priced.cartDiscountShareMinor);
        }
      }),
    );
  });

  it('every amount is a non-negative safe integer', () => {
    const numbersIn = (value: unknown): number[] =>
      typeof value === 'number' ? [value] : value !== null && typeof value === 'object' ? Object.values(value).flatMap(numbersIn) : [];
    fc.assert(
      fc.property(cartArb, ({ cart }) => {
        for (const amount of numbersIn(cart)) {
          expect(Number.isSafeInteger(amount)).toBe(true);
          expect(amount).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('flags a discount exactly when it is over the limit, and an override exactly when below list (any change without mayChangePrice)', () => {
    fc.assert(
      fc.property(cartArb, ({ cart, lines, options }) => {
        cart.lines.forEach((priced, index) => {
          const discount = lines[index]?.discount ?? null;
          const over =
            discount !== null && (discount.type === 'percent' ? discount.bps > options.discountLimitBps : priced.lineDiscountMinor * 10_000 > options.discountLimitBps * priced.grossMinor);
          expect(priced.needsApproval.includes('discount')).toBe(over);
          expect(priced.needsApproval.includes('price_override')).toBe(options.mayChangePrice ? priced.unitPriceMinor < priced.listPriceMinor : priced.priceOverridden);
        });
        const cartDiscount = options.cartDiscount;
        const cartOver =
          cartDiscount !== null &&
          (cartDiscount.type === 'percent' ? cartDiscount.bps > options.discountLimitBps : cart.cartDiscountMinor * 10_000 > options.discountLimitBps * cart.subtotalMinor);
        expect(cart.cartNeedsApproval).toBe(cartOver);
      }),
    );
  });

  it('the list price is the group price, else the best tier reached, else the catalog price, less the group discount', () => {
    fc.assert(
      fc.property(cartArb, ({ cart, lines, options }) => {
        cart.lines.forEach((priced, index) => {
          const input = lines[index];
          if (!input) throw new Error('a line per input');
          const reached = input.item.tiers.filter((tier) => tier.minQuantityMilli <= priced.stockQuantityMilli);
          const best = reached.reduce<(typeof reached)[number] | null>((found, tier) => (found === null || tier.minQuantityMilli > found.minQuantityMilli ? tier : found), null);
          const base = input.item.groupPriceMinor ?? best?.priceMinor ?? input.item.sellingPriceMinor;
          expect(basePricePerStockUnit(input.item, priced.stockQuantityMilli)).toBe(base);
          expect(priced.listPriceMinor).toBeLessThanOrEqual(Math.round((base * input.packSizeMilli) / 1_000) + 1);
          if (options.groupDiscountBps === 0) expect(priced.listPriceMinor).toBe(Math.round((base * input.packSizeMilli) / 1_000));
        });
      }),
    );
  });

  it('refuses any amount off that is more than its line', () => {
    fc.assert(
      fc.property(lineSpecArb, fc.integer({ min: 1, max: 1_000_000 }), (spec, excess) => {
        const gross = priceCart([{ ...spec, discount: null }], OPTIONS).lines[0]?.grossMinor ?? 0;
        expect(() => priceCart([{ ...spec, discount: { type: 'amount', amountMinor: gross + excess } }], OPTIONS)).toThrow(DiscountTooLargeError);
      }),
    );
  });
});
