import { describe, expect, it } from 'vitest';
import { bpsToPercent, documentCommission, netOfVat, percentToBps, periodsOverlap, resolveRate, type CommissionRate } from './commission.rules';

const ANN = 'a0000000-0000-4000-8000-000000000001';
const BEN = 'a0000000-0000-4000-8000-000000000002';
const rate = (over: Partial<CommissionRate>): CommissionRate => ({ userId: null, categoryId: null, productId: null, basis: 'net_sales_bps', rateBps: 0, amountMinor: null, ...over });

describe('which rate applies', () => {
  const rates = [
    rate({ rateBps: 100 }), // everyone's default 1%
    rate({ userId: ANN, rateBps: 200 }), // Ann's default 2%
    rate({ categoryId: 'drinks', rateBps: 300 }),
    rate({ userId: ANN, categoryId: 'soda', rateBps: 400 }),
    rate({ productId: 'fanta', basis: 'per_unit', rateBps: null, amountMinor: 500 }),
  ];
  it('product, then the nearest category, then the default; the person’s before everyone’s', () => {
    expect(resolveRate(rates, { userId: ANN, productId: 'fanta', categoryPath: ['soda', 'drinks'] })?.amountMinor).toBe(500);
    expect(resolveRate(rates, { userId: ANN, productId: 'coke', categoryPath: ['soda', 'drinks'] })?.rateBps).toBe(400);
    expect(resolveRate(rates, { userId: BEN, productId: 'coke', categoryPath: ['soda', 'drinks'] })?.rateBps).toBe(300);
    expect(resolveRate(rates, { userId: ANN, productId: 'bread', categoryPath: ['bakery'] })?.rateBps).toBe(200);
    expect(resolveRate(rates, { userId: BEN, productId: 'bread', categoryPath: [] })?.rateBps).toBe(100);
    expect(resolveRate([], { userId: BEN, productId: 'bread', categoryPath: [] })).toBeNull();
  });
});

describe('a document’s commission (hand-worked)', () => {
  it('5% of KES 10,000.00 net of VAT, less a return of KES 1,160.00 with 16% VAT in it, is KES 450.00', () => {
    const fivePercent = { basis: 'net_sales_bps' as const, rateBps: 500, amountMinor: null };
    // The sale: KES 11,600.00 at the till, of which KES 1,600.00 VAT → net KES 10,000.00 → 5% = KES 500.00.
    const sale = documentCommission([{ netMinor: netOfVat(1_160_000, 160_000), stockQuantityMilli: 1000, rate: fivePercent }]);
    expect(sale).toBe(50_000);
    // The return: KES 1,160.00 including KES 160.00 VAT → net KES 1,000.00 → 5% = KES 50.00 clawed back.
    const clawback = documentCommission([{ netMinor: netOfVat(116_000, 16_000), stockQuantityMilli: 1000, rate: fivePercent }]);
    expect(clawback).toBe(5_000);
    expect(sale - clawback).toBe(45_000);
  });

  it('sums the lines exactly and rounds the document once, half up', () => {
    const rate250 = { basis: 'net_sales_bps' as const, rateBps: 250, amountMinor: null };
    // 2.5% of 4,321 cents = 108.025 each; two lines 216.05 → 216 (line by line it would be 108 + 108 = 216 too)…
    expect(documentCommission([{ netMinor: 4_321, stockQuantityMilli: 1000, rate: rate250 }, { netMinor: 4_321, stockQuantityMilli: 1000, rate: rate250 }])).toBe(216);
    // …but three lines of 20 cents at 2.5% are 0.5 each: 1.5 → 2 once, not 1 + 1 + 1 = 3 nor 0 + 0 + 0.
    expect(documentCommission([1, 2, 3].map(() => ({ netMinor: 20, stockQuantityMilli: 1000, rate: rate250 })))).toBe(2);
    // Exactly half a cent rounds up: 2.5% of 20 cents = 0.5 → 1.
    expect(documentCommission([{ netMinor: 20, stockQuantityMilli: 1000, rate: rate250 }])).toBe(1);
  });

  it('a fixed amount per stock unit: KES 5.00 a unit on 2.5 kg is KES 12.50; on a pack of six, KES 30.00', () => {
    const perUnit = { basis: 'per_unit' as const, rateBps: null, amountMinor: 500 };
    expect(documentCommission([{ netMinor: 99_999, stockQuantityMilli: 2_500, rate: perUnit }])).toBe(1_250);
    expect(documentCommission([{ netMinor: 99_999, stockQuantityMilli: 6_000, rate: perUnit }])).toBe(3_000);
  });

  it('a line without a rate earns nothing; large sums stay exact', () => {
    expect(documentCommission([{ netMinor: 1_000_000, stockQuantityMilli: 1000, rate: null }])).toBe(0);
    // 10% of KES 90,000,000.00 = KES 9,000,000.00 (past 2^53 in the exact unit).
    expect(documentCommission([{ netMinor: 9_000_000_000, stockQuantityMilli: 1000, rate: { basis: 'net_sales_bps', rateBps: 1000, amountMinor: null } }])).toBe(900_000_000);
  });
});

describe('periods', () => {
  it('overlap when they share a day', () => {
    expect(periodsOverlap({ from: '2026-11-01', to: '2026-11-15' }, { from: '2026-11-15', to: '2026-11-30' })).toBe(true);
    expect(periodsOverlap({ from: '2026-11-01', to: '2026-11-14' }, { from: '2026-11-15', to: '2026-11-30' })).toBe(false);
  });
});

describe('percent as typed', () => {
  it('reads up to two decimals, at most 100%', () => {
    expect([percentToBps('5'), percentToBps('2.5'), percentToBps(' 12.75 '), percentToBps('100'), percentToBps('0')]).toEqual([500, 250, 1275, 10_000, 0]);
    expect([percentToBps('100.01'), percentToBps('1.234'), percentToBps('-1'), percentToBps('five')]).toEqual([null, null, null, null]);
    expect(bpsToPercent(250)).toBe('2.5');
  });
});
