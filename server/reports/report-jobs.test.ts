import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';
import { listOutbox } from '../email/email.service';
import { addStockedProduct, checkoutBody, createSalesShop, type SalesShop } from '../sales/sales-test-kit';
import { rebuildMissingSummaries, sendDailySummaries } from './report-jobs';

// The reports' jobs (issue 18): the daily summary goes to the shop's owner once the closing time has
// passed, once a day; a shop whose summaries were never built gets them rebuilt once.

let testApp: TestApp;
let shop: SalesShop;

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createSalesShop(testApp);
  const soap = await addStockedProduct(testApp.database, shop, { name: 'Geisha soap', priceMinor: 11_600 });
  const response = await shop.call('POST', '/api/sales', { body: checkoutBody(shop, [{ product: soap, quantityMilli: 3000 }]), as: 'cashier' });
  expect(response.status, response.text).toBe(201);
}, 120_000);
afterAll(() => testApp.close());

describe('reports.daily-summary', () => {
  it('e-mails the owner the day’s figures after closing time, once a day; not before it is turned on', async () => {
    expect(await sendDailySummaries(testApp.deps)).toBe(0);
    // Closing time 00:00: it has always passed today.
    const set = await shop.call('PUT', '/api/reports/settings', { as: 'owner', body: { dailySummaryEnabled: true, closingTime: '00:00' } });
    expect(set.status, set.text).toBe(200);
    expect((await shop.call('PUT', '/api/reports/settings', { as: 'manager', body: { dailySummaryEnabled: false, closingTime: '00:00' } })).status).toBe(403);
    expect((await shop.call('PUT', '/api/reports/settings', { as: 'owner', body: { dailySummaryEnabled: true, closingTime: '25:00' } })).status).toBe(400);

    expect(await sendDailySummaries(testApp.deps)).toBe(1);
    const [message] = await listOutbox(testApp.database, { to: shop.users.owner.email });
    expect(message).toMatchObject({ kind: 'daily_summary' });
    expect(message!.subject).toContain('the day’s summary');
    // 3 × 116.00 = 348.00 (in the test shop's currency).
    expect(message!.text).toMatch(/^Sales: [A-Z]{3} 348\.00$/m);
    expect(message!.text).toContain('Number of sales: 1');
    expect(await sendDailySummaries(testApp.deps)).toBe(0);
    expect(await listOutbox(testApp.database, { to: shop.users.owner.email })).toHaveLength(1);
    expect(await listOutbox(testApp.database, { to: shop.users.cashier.email })).toHaveLength(0);
  });
});

describe('reports.rebuild-summaries', () => {
  it('rebuilds a shop whose summaries were never built, once', async () => {
    const tenantId = shop.tenant.id;
    const summed = () =>
      testApp.database.withTenant(tenantId, async (tx) => (await queryRows<{ sales: string | null }>(tx, sql`select sum(sales_minor)::text as sales from report_item_days`))[0]!.sales);
    expect(await summed()).toBe('34800');
    await testApp.database.withTenant(tenantId, (tx) => tx.execute(sql`delete from report_item_days`));
    expect(await summed()).toBeNull();
    expect(await rebuildMissingSummaries(testApp.database)).toBeGreaterThanOrEqual(1);
    expect(await summed()).toBe('34800');
    expect(await rebuildMissingSummaries(testApp.database)).toBe(0);
  });
});
