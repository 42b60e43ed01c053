import { expect } from 'vitest';
import type { Sale } from '../../core/sales/sales.schemas';
import type { TestApp } from '../../tests/support/test-app';
import { addStockedProduct, checkoutBody, createSalesShop, type SalesShop, type StockedProduct } from '../sales/sales-test-kit';

// The reports' hand-worked shop (issue 18): two products whose figures a person can check,
// VAT-inclusive prices with exact 16% VAT (KES 116.00 = 100 + 16 for A, 58.00 for B), opening stock
// at 60% of the price (the sales test kit's cost: 69.60 and 34.80), and another shop beside it for
// the isolation checks.

export interface ReportsWorld {
  shop: SalesShop;
  other: SalesShop;
  productA: StockedProduct;
  productB: StockedProduct;
}

export async function createReportsWorld(testApp: TestApp): Promise<ReportsWorld> {
  const shop = await createSalesShop(testApp);
  const other = await createSalesShop(testApp);
  const productA = await addStockedProduct(testApp.database, shop, { name: 'Ajab flour 2 kg', priceMinor: 11_600 });
  const productB = await addStockedProduct(testApp.database, shop, { name: 'Blue band 500 g', priceMinor: 5_800 });
  return { shop, other, productA, productB };
}

/** A sale rung up by the shop's cashier (the sales test kit's body, cash for the exact total unless told). */
export async function sellAt(shop: SalesShop, body: Record<string, unknown>): Promise<Sale> {
  const response = await shop.call('POST', '/api/sales', { body, as: 'cashier' });
  expect(response.status, response.text).toBe(201);
  return response.json().sale;
}

/** A sale of these lines, to this customer. */
export const sellLines = (shop: SalesShop, lines: { product: StockedProduct; quantityMilli?: number }[], customerId: string | null = null) =>
  sellAt(shop, checkoutBody(shop, lines, { customerId }));
