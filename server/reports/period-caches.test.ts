import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sale } from '../../core/sales/sales.schemas';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';
import type { SalesShop, StockedProduct } from '../sales/sales-test-kit';
import { createReportsWorld, sellLines } from './reports-test-kit';
import { rebuildSummaryDaysOf } from './summaries';

// The period cache of the by-product reports (issue 18, docs/decisions/0021-report-summaries.md):
// a period longer than a month reads its settled days' sums from a cache built on the first
// request, and adds today's sales to them. Figures worked by hand, as in reports.routes.test.ts:
// VAT-inclusive prices with exact 16% VAT (KES 116 = 100 + 16), cost at 60% of the price (the
// test kit's opening stock: KES 69.60 for A, 34.80 for B).
//
//   40 days ago: 2 × A (KES 116.00) + 1 × B (KES 58.00)   = 290.00, VAT 40.00, cost 174.00
//   today:       1 × A                                     = 116.00, VAT 16.00, cost  69.60
//
// A over the last 60 days: 3 sold, net 348.00, VAT 48.00, excl. VAT 300.00, cost 208.80, profit
// 91.20, margin 30.40%. B: 1 sold, net 58.00, VAT 8.00, cost 34.80, profit 15.20.

let testApp: TestApp;
let shop: SalesShop;
let other: SalesShop;
let productA: StockedProduct;
let productB: StockedProduct;
let today: string;
let from: string;

const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

const sell = (lines: { product: StockedProduct; quantityMilli?: number }[]) => sellLines(shop, lines);

/**
 * Moves a sale back by whole days and recounts the days it left and reached, as the demo history
 * does (server/db/demo-sales.ts): as the owner, since the app's role may not re-date a sale.
 */
async function moveBack(sale: Sale, days: number): Promise<void> {
  await testApp.database.platform.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.tenant_id', ${shop.tenant.id}, true)`);
    // tenant-access: the test re-dates its own shop's sale, as the demo history does
    const [moved] = await queryRows<{ at: string }>(
      tx,
      sql`update sales set created_at = created_at - ${`${days} days`}::interval, ring_up_at = ring_up_at - ${`${days} days`}::interval
          where tenant_id = ${shop.tenant.id} and id = ${sale.id}::uuid returning created_at::text as at`,
    );
    await rebuildSummaryDaysOf(tx, [moved!.at]);
  });
}

const cacheCount = (target: SalesShop) =>
  testApp.database.withTenant(target.tenant.id, async (tx) => {
    const [row] = await queryRows<{ caches: number; items: number }>(
      tx,
      sql`select (select count(*)::int from report_period_caches) as caches, (select count(*)::int from report_period_cache_items) as items`,
    );
    return row!;
  });

const byProduct = (key: string, target: SalesShop = shop, extra = '') => target.call('GET', `/api/reports/${key}?from=${from}&to=${today}${extra}`, { as: 'manager' });
type Row = Record<string, unknown>;
const rowOf = (rows: Row[], product: StockedProduct) => rows.find((row) => row.productName === product.name);

beforeAll(async () => {
  testApp = await createTestApp();
  ({ shop, other, productA, productB } = await createReportsWorld(testApp));
  const old = await sell([{ product: productA, quantityMilli: 2000 }, { product: productB }]);
  await moveBack(old, 40);
  await sell([{ product: productA }]);
  const report = (await shop.call('GET', '/api/reports/sales-by-product', { as: 'manager' })).json();
  today = report.to;
  from = addDays(today, -59);
}, 120_000);
afterAll(() => testApp.close());

describe('a by-product report over a long period', () => {
  it('builds the period cache on its first request and answers the figures worked by hand, today’s sale added', async () => {
    expect(await cacheCount(shop)).toEqual({ caches: 0, items: 0 });
    const response = await byProduct('sales-by-product');
    expect(response.status, response.text).toBe(200);
    const report = response.json();
    // One cache of the settled days (the two products sold 40 days ago), today read beside it.
    expect(await cacheCount(shop)).toEqual({ caches: 1, items: 2 });
    expect(report.totalRows).toBe(2);
    expect(rowOf(report.rows, productA)).toMatchObject({
      productName: 'Ajab flour 2 kg',
      quantity: 3000,
      grossSalesMinor: 34_800,
      netSalesMinor: 34_800,
      taxMinor: 4_800,
      grossProfitMinor: 9_120,
      marginBp: 3_040,
    });
    expect(rowOf(report.rows, productB)).toMatchObject({ quantity: 1000, netSalesMinor: 5_800, taxMinor: 800, grossProfitMinor: 1_520 });
    expect(report.totals).toMatchObject({ netSalesMinor: 40_600, taxMinor: 5_600, grossProfitMinor: 10_640 });

    const again = (await byProduct('sales-by-product')).json();
    expect(again.rows).toEqual(report.rows);
    expect(await cacheCount(shop)).toEqual({ caches: 1, items: 2 });
  });

  it('reads the same cache for profit by product and by category, and adds a sale made after it was built', async () => {
    const before = await cacheCount(shop);
    await sell([{ product: productB }]);
    const profit = (await byProduct('profit-by-product')).json();
    expect(rowOf(profit.rows, productA)).toMatchObject({ quantity: 3000, salesExTaxMinor: 30_000, costMinor: 20_880, grossProfitMinor: 9_120, marginBp: 3_040 });
    // B: 40 days ago and today, 58.00 each.
    expect(rowOf(profit.rows, productB)).toMatchObject({ quantity: 2000, salesExTaxMinor: 10_000, costMinor: 6_960, grossProfitMinor: 3_040 });
    const categories = (await byProduct('sales-by-category')).json();
    expect(categories.totals).toMatchObject({ netSalesMinor: 46_400, taxMinor: 6_400 });
    expect(await cacheCount(shop)).toEqual(before);
  });

  it('is read no more once a settled day changes, and the next request builds it anew', async () => {
    const old = await sell([{ product: productB }]);
    await moveBack(old, 30);
    const report = (await byProduct('sales-by-product')).json();
    // B: 40 days ago, today, and now 30 days ago.
    expect(rowOf(report.rows, productB)).toMatchObject({ quantity: 3000, netSalesMinor: 17_400 });
    // The stale cache was dropped when its successor was built.
    expect(await cacheCount(shop)).toEqual({ caches: 1, items: 2 });
  });

  it('keeps one cache per grain and location, and a search sums the item days directly', async () => {
    const variants = (await byProduct('sales-by-variant')).json();
    expect(variants.totals).toMatchObject({ netSalesMinor: 40_600 + 5_800 + 5_800 });
    const location = (await byProduct('sales-by-product', shop, `&locationId=${shop.defaultLocationId}`)).json();
    expect(location.totals).toMatchObject({ netSalesMinor: 52_200 });
    expect((await cacheCount(shop)).caches).toBe(3);
    const searched = (await byProduct('sales-by-product', shop, '&q=ajab')).json();
    expect(searched.rows).toHaveLength(1);
    expect(rowOf(searched.rows, productA)).toMatchObject({ quantity: 3000, netSalesMinor: 34_800 });
    expect((await cacheCount(shop)).caches).toBe(3);
  });

  it('the dashboard over the same period reads the product cache for its top products and categories', async () => {
    const response = await shop.call('GET', `/api/dashboard?from=${from}&to=${today}`, { as: 'manager' });
    expect(response.status, response.text).toBe(200);
    const dashboard = response.json();
    // B: 40 and 30 days ago and today, 58.00 each; A: 348.00.
    expect(dashboard.topProducts).toEqual([
      { productId: productA.productId, name: 'Ajab flour 2 kg', quantity: 3000, netSalesMinor: 34_800 },
      { productId: productB.productId, name: 'Blue band 500 g', quantity: 3000, netSalesMinor: 17_400 },
    ]);
    expect(dashboard.topCategories).toEqual([{ categoryId: null, name: null, netSalesMinor: 52_200 }]);
    expect((await cacheCount(shop)).caches).toBe(3);
  });

  it('another shop gets nothing of it: its own report is empty and it sees no cache', async () => {
    const response = await byProduct('sales-by-product', other);
    expect(response.status, response.text).toBe(200);
    expect(response.json().rows).toEqual([]);
    expect(response.json().totals).toMatchObject({ netSalesMinor: 0 });
    const theirs = await cacheCount(other);
    expect(theirs.items).toBe(0);
    // Another shop's location is unknown here.
    expect((await byProduct('sales-by-product', other, `&locationId=${shop.defaultLocationId}`)).status).toBe(404);
  });
});
