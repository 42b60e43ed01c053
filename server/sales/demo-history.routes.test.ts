import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../tests/support/catalog-shop';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { seedDemoSales } from '../db/demo-sales';

// GET /api/demo/sales-history: the background history's progress, per shop.

let testApp: TestApp;
let shop: TestShop;
let other: TestShop;

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createTestShop(testApp);
  other = await createTestShop(testApp);
});

afterAll(async () => {
  await testApp.close();
});

describe('GET /api/demo/sales-history', () => {
  it('answers null in a shop with no history being made', async () => {
    const response = await shop.call('GET', '/api/demo/sales-history', { as: 'cashier' });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ progress: null });
  });

  it('shows a queued history to the shop\'s cashier, and to no other shop', async () => {
    await seedDemoSales(
      testApp.database,
      { tenantId: shop.tenant.id, staff: { managerId: shop.users.manager.id, cashierIds: [shop.users.cashier.id] }, days: 30, now: new Date().toISOString(), salesPerDay: 10 },
      async () => {},
    );
    expect((await shop.call('GET', '/api/demo/sales-history', { as: 'cashier' })).json()).toEqual({ progress: { totalDays: 30, preparedDays: 0 } });
    expect((await other.call('GET', '/api/demo/sales-history')).json()).toEqual({ progress: null });
  });
});
