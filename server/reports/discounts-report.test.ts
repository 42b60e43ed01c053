import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sale } from '../../core/sales/sales.schemas';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { checkoutBody, type SalesShop, type StockedProduct } from '../sales/sales-test-kit';
import { createReportsWorld, sellAt } from './reports-test-kit';

// The discounts report (issue 18) reads report_sale_discounts, which a trigger on the sale lines
// keeps (migration 0043). Worked by hand, KES 116.00 for A and 58.00 for B:
//
//   sale 1: 2 × A with 5% off the cart     list 232.00, discount 11.60, total 220.40   listed
//   sale 2: 1 × B with 5% off the line     list  58.00, discount  2.90, total  55.10   listed
//   sale 3: 1 × A, no discount                                                        not listed
//   sale 4: 1 × B with 5% off the cart, then voided                                   not listed
//
// Totals: discounts 14.50, sales 275.50.

let testApp: TestApp;
let shop: SalesShop;
let other: SalesShop;
let productA: StockedProduct;
let productB: StockedProduct;
const receipts: Record<string, string> = {};

/** A sale quoted first (its discounts priced by the server), then rung up for the quoted total in cash. */
async function sell(lines: { product: StockedProduct; discountBps?: number }[], cartDiscountBps?: number): Promise<Sale> {
  const percent = (bps: number | undefined) => (bps ? { type: 'percent', bps } : null);
  const priced = {
    lines: lines.map((line) => ({ variantId: line.product.variantId, quantityMilli: 1000, unitId: null, unitPriceMinor: null, discount: percent(line.discountBps) })),
    cartDiscount: percent(cartDiscountBps),
  };
  const quote = await shop.call('POST', '/api/sales/quote', { body: { registerId: shop.registerId, customerId: null, ...priced }, as: 'cashier' });
  expect(quote.status, quote.text).toBe(200);
  const total = quote.json().totalMinor as number;
  const body = checkoutBody(shop, lines, { payments: [{ tender: 'cash', amountMinor: total, tenderedMinor: total }] });
  return sellAt(shop, { ...body, ...priced, expectedTotalMinor: total });
}

beforeAll(async () => {
  testApp = await createTestApp();
  ({ shop, other, productA, productB } = await createReportsWorld(testApp));
  receipts.cart = (await sell([{ product: productA }, { product: productA }], 500)).receiptCode;
  receipts.line = (await sell([{ product: productB, discountBps: 500 }])).receiptCode;
  receipts.plain = (await sell([{ product: productA }])).receiptCode;
  const voided = await sell([{ product: productB }], 500);
  receipts.voided = voided.receiptCode;
  const voidResponse = await shop.call('POST', `/api/sales/${voided.id}/void`, { body: { reason: 'Rung up twice' }, as: 'manager' });
  expect(voidResponse.status, voidResponse.text).toBe(200);
}, 120_000);
afterAll(() => testApp.close());

describe('GET /api/reports/discounts', () => {
  it('lists the sales that gave a discount, as worked by hand; a plain sale and a voided one are not listed', async () => {
    const response = await shop.call('GET', '/api/reports/discounts', { as: 'manager' });
    expect(response.status, response.text).toBe(200);
    const report = response.json();
    const byReceipt = Object.fromEntries(report.rows.map((row: { receiptCode: string }) => [row.receiptCode, row]));
    expect(Object.keys(byReceipt).sort()).toEqual([receipts.cart, receipts.line].sort());
    expect(byReceipt[receipts.cart!]).toMatchObject({ overriddenLines: 0, listMinor: 23_200, discountMinor: 1_160, totalMinor: 22_040 });
    expect(byReceipt[receipts.line!]).toMatchObject({ overriddenLines: 0, listMinor: 5_800, discountMinor: 290, totalMinor: 5_510 });
    expect(report.totals).toMatchObject({ discountMinor: 1_450, totalMinor: 27_550 });
  });

  it('another shop gets none of them', async () => {
    const response = await other.call('GET', '/api/reports/discounts', { as: 'manager' });
    expect(response.status, response.text).toBe(200);
    expect(response.json().rows).toEqual([]);
  });
});
