import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import type { SalesShop, StockedProduct } from '../sales/sales-test-kit';
import { createReportsWorld, sellLines } from './reports-test-kit';

// Sales by customer and by customer group (issue 18) read report_customer_days, which triggers on
// the sales, their voids and the returns keep (migration 0045). Worked by hand, KES 116.00 for A
// and 58.00 for B:
//
//   Amina (group Wholesale): 2 × A = 232.00, then 1 × B = 58.00, then the B returned   2 sales, net 232.00
//   Brian (no group):        1 × A = 116.00, and 1 × B voided                           1 sale,  net 116.00
//   no customer:             1 × B = 58.00                                              (not a customer row)
//
// Amina's average sale (before returns) 290.00 / 2 = 145.00.

let testApp: TestApp;
let shop: SalesShop;
let other: SalesShop;
let productA: StockedProduct;
let productB: StockedProduct;
const ids: Record<string, string> = {};

const sell = (lines: { product: StockedProduct; quantityMilli?: number }[], customerId: string | null) => sellLines(shop, lines, customerId);

beforeAll(async () => {
  testApp = await createTestApp();
  ({ shop, other, productA, productB } = await createReportsWorld(testApp));
  const group = (await shop.call('POST', '/api/customer-groups', { body: { name: 'Wholesale', discountBps: 0 } })).json();
  ids.group = group.id;
  for (const person of [
    { name: 'Amina Hassan', phone: '0712 345 678', customerGroupId: group.id },
    { name: 'Brian Otieno', phone: '0722 000 111' },
  ]) {
    const created = await shop.call('POST', '/api/contacts', { body: person });
    expect(created.status, created.text).toBe(201);
    ids[person.name] = created.json().id;
  }
  await sell([{ product: productA, quantityMilli: 2000 }], ids['Amina Hassan']!);
  const returned = await sell([{ product: productB }], ids['Amina Hassan']!);
  const returnResponse = await shop.call('POST', '/api/sale-returns', {
    as: 'cashier',
    body: {
      id: randomUUID(),
      registerId: shop.registerId,
      shiftId: shop.shiftId,
      saleId: returned.id,
      customerId: ids['Amina Hassan'],
      lines: [{ saleLineId: returned.lines[0]!.id, quantityMilli: 1000, disposition: 'restock' }],
      reason: 'changed_mind',
      note: null,
      refunds: null,
      approvalId: null,
    },
  });
  expect(returnResponse.status, returnResponse.text).toBe(201);
  await sell([{ product: productA }], ids['Brian Otieno']!);
  const voided = await sell([{ product: productB }], ids['Brian Otieno']!);
  const voidResponse = await shop.call('POST', `/api/sales/${voided.id}/void`, { body: { reason: 'Rung up twice' }, as: 'manager' });
  expect(voidResponse.status, voidResponse.text).toBe(200);
  await sell([{ product: productB }], null);
}, 120_000);
afterAll(() => testApp.close());

describe('sales by customer and by customer group', () => {
  it('gives each customer their sales, net of returns, voids left out, as worked by hand', async () => {
    const response = await shop.call('GET', '/api/reports/sales-by-customer', { as: 'manager' });
    expect(response.status, response.text).toBe(200);
    const report = response.json();
    const today = report.to;
    const byName = Object.fromEntries(report.rows.map((row: { customerName: string }) => [row.customerName, row]));
    expect(Object.keys(byName).sort()).toEqual(['Amina Hassan', 'Brian Otieno']);
    expect(byName['Amina Hassan']).toMatchObject({ groupName: 'Wholesale', saleCount: 2, netSalesMinor: 23_200, averageBasketMinor: 14_500, lastSaleDay: today });
    expect(byName['Brian Otieno']).toMatchObject({ groupName: null, saleCount: 1, netSalesMinor: 11_600, averageBasketMinor: 11_600, lastSaleDay: today });
  });

  it('adds them up by group, the sales to no customer beside the customers with no group', async () => {
    const report = (await shop.call('GET', '/api/reports/sales-by-customer-group', { as: 'manager' })).json();
    const byGroup = Object.fromEntries(report.rows.map((row: { groupName: string | null }) => [row.groupName ?? 'none', row]));
    expect(byGroup.Wholesale).toMatchObject({ saleCount: 2, customerCount: 1, netSalesMinor: 23_200 });
    // Brian and the sale to no customer: 116.00 + 58.00.
    expect(byGroup.none).toMatchObject({ saleCount: 2, customerCount: 1, netSalesMinor: 17_400 });
  });

  it('another shop gets none of them', async () => {
    const response = await other.call('GET', '/api/reports/sales-by-customer', { as: 'manager' });
    expect(response.status, response.text).toBe(200);
    expect(response.json().rows).toEqual([]);
  });
});
