import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTS } from '../../core/reports/report-catalog';
import type { Sale } from '../../core/sales/sales.schemas';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { upgradeMessage } from '../../core/billing/plan-features.rules';
import { subscribeToBasicDefaults } from '../contacts/contacts-test-kit';
import { recordMovements } from '../inventory/stock-ledger';
import { addStockedProduct, checkoutBody, createSalesShop, type SalesShop, type StockedProduct } from '../sales/sales-test-kit';
import { createReportsWorld, sellAt } from './reports-test-kit';

// The reports' and the dashboard's API (issue 18) on a small fixed day whose figures are worked by
// hand: VAT-inclusive prices with exact 16% VAT (KES 116 = 100 + 16), opening stock at 60% of the
// price (the test kit's cost), so every figure below is arithmetic a person can check.
//
//   sale 1: 2 × A (KES 116.00) + 1 × B (KES 58.00), cash      = 290.00, VAT 40.00, cost 174.00
//   sale 2: 1 × A, card                                        = 116.00, VAT 16.00, cost  69.60
//   sale 3: 1 × B, card, then voided                           (counts nowhere)
//   return: the B of sale 1, to cash                           =  58.00, VAT  8.00, cost  34.80
//
// Net sales 406.00 − 58.00 = 348.00; VAT 56.00 − 8.00 = 48.00; sales excl. VAT 350.00 − 50.00 =
// 300.00; cost 243.60 − 34.80 = 208.80; gross profit 91.20; margin 91.20 / 300.00 = 30.40%.

let testApp: TestApp;
let shop: SalesShop;
let other: SalesShop;
let starter: SalesShop;
let productA: StockedProduct;
let productB: StockedProduct;

type Role = 'owner' | 'manager' | 'cashier';
const get = (path: string, as: Role = 'manager', target: SalesShop = shop) => target.call('GET', path, { as });

const sell = (body: Record<string, unknown>): Promise<Sale> => sellAt(shop, body);

beforeAll(async () => {
  testApp = await createTestApp();
  ({ shop, other, productA, productB } = await createReportsWorld(testApp));
  starter = await createSalesShop(testApp, { plan: 'Starter' });

  const first = await sell(checkoutBody(shop, [{ product: productA, quantityMilli: 2000 }, { product: productB }]));
  const card = (amountMinor: number) => [{ tender: 'card', amountMinor, reference: null, loyaltyPoints: null }];
  await sell(checkoutBody(shop, [{ product: productA }], { payments: card(11_600) }));
  const voided = await sell(checkoutBody(shop, [{ product: productB }], { payments: card(5_800) }));
  const voidResponse = await shop.call('POST', `/api/sales/${voided.id}/void`, { body: { reason: 'Rung up twice' }, as: 'manager' });
  expect(voidResponse.status, voidResponse.text).toBe(200);
  const returnResponse = await shop.call('POST', '/api/sale-returns', {
    as: 'cashier',
    body: {
      id: randomUUID(),
      registerId: shop.registerId,
      shiftId: shop.shiftId,
      saleId: first.id,
      customerId: null,
      lines: [{ saleLineId: first.lines[1]!.id, quantityMilli: 1000, disposition: 'restock' }],
      reason: 'changed_mind',
      note: null,
      refunds: null,
      approvalId: null,
    },
  });
  expect(returnResponse.status, returnResponse.text).toBe(201);
}, 120_000);
afterAll(() => testApp.close());

describe('GET /api/reports/<key>', () => {
  it('sales by day: the day’s figures as worked by hand, and the totals', async () => {
    const response = await get('/api/reports/sales-by-period?groupBy=day');
    expect(response.status, response.text).toBe(200);
    const report = response.json();
    const today = report.to;
    const day = report.rows.find((row: { period: string }) => row.period === today);
    expect(day).toMatchObject({
      saleCount: 2,
      quantity: 3000,
      grossSalesMinor: 40_600,
      discountMinor: 0,
      returnsMinor: 5_800,
      netSalesMinor: 34_800,
      taxMinor: 4_800,
      grossProfitMinor: 9_120,
      marginBp: 3_040,
      averageBasketMinor: 20_300,
    });
    // Every day of the month so far is a row; the totals are the day's (nothing else sold).
    expect(report.totalRows).toBe(Number(today.slice(8, 10)));
    expect(report.totals).toMatchObject({ saleCount: 2, netSalesMinor: 34_800, grossProfitMinor: 9_120, marginBp: 3_040, averageBasketMinor: 20_300 });
  });

  it('by product, by payment method and VAT by band, as worked by hand', async () => {
    const byProduct = (await get('/api/reports/sales-by-product')).json();
    expect(byProduct.rows.map((row: Record<string, unknown>) => [row.productName, row.quantity, row.netSalesMinor, row.grossProfitMinor])).toEqual([
      ['Ajab flour 2 kg', 3000, 34_800, 9_120],
      ['Blue band 500 g', 0, 0, 0],
    ]);
    const byTender = (await get('/api/reports/sales-by-tender')).json();
    expect(byTender.rows).toEqual([
      { tender: 'cash', paymentCount: 1, paidMinor: 29_000, refundedMinor: 5_800, netMinor: 23_200 },
      { tender: 'card', paymentCount: 1, paidMinor: 11_600, refundedMinor: 0, netMinor: 11_600 },
    ]);
    const vat = (await get('/api/reports/vat-by-band')).json();
    expect(vat.rows).toEqual([
      { taxClass: 'standard', rateBp: 1_600, salesExTaxMinor: 35_000, outputTaxMinor: 5_600, returnsExTaxMinor: 5_000, returnsTaxMinor: 800, netTaxMinor: 4_800 },
    ]);
  });

  it('VAT by band reconciles with the accounting VAT return for the same days', async () => {
    const vat = (await get('/api/reports/vat-by-band')).json();
    const ledger = (await get(`/api/accounting/reports/vat-return?from=${vat.from}&to=${vat.to}`)).json();
    // The ledger posts each sale's VAT and takes a return's back out: its net per band is ours.
    const bands = ledger.sales.filter((band: { vatMinor: number; netMinor: number }) => band.vatMinor !== 0 || band.netMinor !== 0);
    expect(bands.map((band: { taxClass: string; netMinor: number; vatMinor: number }) => [band.taxClass, band.netMinor, band.vatMinor])).toEqual(
      vat.rows.map((row: { taxClass: string; salesExTaxMinor: number; returnsExTaxMinor: number; netTaxMinor: number }) => [
        row.taxClass,
        row.salesExTaxMinor - row.returnsExTaxMinor,
        row.netTaxMinor,
      ]),
    );
    expect(ledger.outputVatMinor).toBe(vat.totals.netTaxMinor);
  });

  it('slow movers: stock with no sale in the last N days, dearest first, with the day of its last sale', async () => {
    const cost = (priceMinor: number) => Math.round(priceMinor * 0.6);
    const never = await addStockedProduct(testApp.database, shop, { name: 'Chai masala 100 g', priceMinor: 20_000, onHandMilli: 3000 });
    const longAgo = await addStockedProduct(testApp.database, shop, { name: 'Dettol soap 175 g', priceMinor: 15_000, onHandMilli: 4000 });
    const recently = await addStockedProduct(testApp.database, shop, { name: 'Exe sugar 1 kg', priceMinor: 25_000, onHandMilli: 5000 });
    // Their last sales as the item days keep them: Dettol 120 days ago, Exe sugar 30 days ago.
    await testApp.database.withTenant(shop.tenant.id, async (tx) => {
      for (const [product, daysAgo] of [[longAgo, 120], [recently, 30]] as const) {
        await tx.execute(sql`insert into report_item_days (tenant_id, day, location_id, variant_id, product_id, tax_class, sold_quantity, sales_minor, line_count)
                             values (${shop.tenant.id}, (now() at time zone 'Africa/Nairobi')::date - ${daysAgo}::int, ${shop.defaultLocationId}, ${product.variantId}, ${product.productId}, 'standard', 1, ${product.priceMinor}, 1)`);
      }
    });
    const today = new Date(Date.now() + 3 * 3_600_000); // the shop's day (Nairobi, UTC+3)
    const dayAgo = (days: number) => new Date(today.getTime() - days * 86_400_000).toISOString().slice(0, 10);
    const rows = (days: number) => get(`/api/reports/slow-movers?days=${days}`).then((response) => response.json().rows as Record<string, unknown>[]);
    const mine = (all: Record<string, unknown>[]) => all.filter((row) => [never.name, longAgo.name, recently.name].includes(row.productName as string));
    // 90 days: Exe sugar sold within them; Chai masala and Dettol are both KES 360.00 at cost, the smaller quantity first.
    expect(mine(await rows(90)).map((row) => [row.productName, row.onHand, row.valueMinor, row.lastSaleDay, row.daysSinceSale])).toEqual([
      [never.name, 3000, 3 * cost(20_000), null, null],
      [longAgo.name, 4000, 4 * cost(15_000), dayAgo(120), 120],
    ]);
    // 7 days: Exe sugar too, and it is worth the most (5 × KES 150.00).
    expect(mine(await rows(7)).map((row) => [row.productName, row.lastSaleDay, row.daysSinceSale])).toEqual([
      [recently.name, dayAgo(30), 30],
      [never.name, null, null],
      [longAgo.name, dayAgo(120), 120],
    ]);
    const byLastSale = (await get('/api/reports/slow-movers?days=7&sort=daysSinceSale&dir=desc')).json().rows as Record<string, unknown>[];
    expect(mine(byLastSale).map((row) => row.productName)).toEqual([longAgo.name, recently.name, never.name]);
  });

  it('stock ageing: what is on hand is the newest inflows, each aged from its day', async () => {
    // Opening 10 a hundred days ago, 5 received today, 8 written off: on hand 7 = the 5 of today
    // (0–30 days) and 2 of the opening (over 90 days), KES 60.00 each at cost.
    const aged = await addStockedProduct(testApp.database, shop, { name: 'Fahari maize meal 2 kg', priceMinor: 10_000, onHandMilli: 10_000 });
    // The ledger is append-only for the app: the owner moves the opening back, in the shop's scope (RLS is forced on it too).
    await testApp.database.platform.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.tenant_id', ${shop.tenant.id}, true)`);
      await tx.execute(sql`update stock_movements set created_at = now() - interval '100 days' where tenant_id = ${shop.tenant.id} and variant_id = ${aged.variantId} and kind = 'opening'`);
    });
    await testApp.database.withTenant(shop.tenant.id, (tx) =>
      recordMovements(tx, { tenantId: shop.tenant.id, userId: null, allowNegative: false }, [
        { variantId: aged.variantId, locationId: shop.defaultLocationId, kind: 'purchase_receipt', quantityMilli: 5000, unitCostMinor: 6000, sourceType: 'test', sourceId: null },
        { variantId: aged.variantId, locationId: shop.defaultLocationId, kind: 'adjustment', quantityMilli: -8000, sourceType: 'test', sourceId: null },
      ]),
    );
    const report = (await get('/api/reports/stock-ageing?q=fahari')).json();
    expect(report.rows).toEqual([{ productName: aged.name, sku: aged.sku, onHand: 7000, age0to30: 5000, age31to60: 0, age61to90: 0, age91plus: 2000, valueMinor: 42_000 }]);
  });

  it('lists the return with its reason and the void with who voided it', async () => {
    const returns = (await get('/api/reports/returns')).json();
    expect(returns.rows).toHaveLength(1);
    expect(returns.rows[0]).toMatchObject({ reason: 'changed_mind', cashierName: 'Shop cashier', totalMinor: 5_800 });
    const voids = (await get('/api/reports/voids')).json();
    expect(voids.rows).toHaveLength(1);
    expect(voids.rows[0]).toMatchObject({ voidedByName: 'Shop manager', reason: 'Rung up twice', totalMinor: 5_800 });
  });

  it('sorts, pages and leaves cost columns out for a cashier-free view: every report answers', async () => {
    const sorted = (await get('/api/reports/sales-by-product?sort=productName&dir=desc&pageSize=25')).json();
    expect(sorted.rows.map((row: { productName: string }) => row.productName)).toEqual(['Blue band 500 g', 'Ajab flour 2 kg']);
    const second = (await get('/api/reports/sales-by-product?sort=productName&dir=asc&pageSize=25&page=2')).json();
    expect(second.rows).toEqual([]);
    expect(second.totalRows).toBe(2);
    const searched = (await get('/api/reports/sales-by-product?q=ajab%20FLOUR')).json();
    expect([searched.totalRows, searched.rows.map((row: { productName: string }) => row.productName)]).toEqual([1, ['Ajab flour 2 kg']]);
    const byVariant = (await get('/api/reports/sales-by-variant?sort=netSalesMinor&dir=asc')).json();
    expect(byVariant.rows.map((row: { productName: string; netSalesMinor: number }) => [row.productName, row.netSalesMinor])).toEqual([
      ['Blue band 500 g', 0],
      ['Ajab flour 2 kg', 34_800],
    ]);
    for (const report of REPORTS) {
      const query = 'takesProduct' in report ? `?productId=${productA.productId}` : '';
      const response = await get(`/api/reports/${report.key}${query}`);
      expect(response.status, `${report.key}: ${response.text}`).toBe(200);
    }
  });

  it('answers 400 for inverted dates, a period over three years, an unknown sort; 404 for unknown ids', async () => {
    expect((await get('/api/reports/sales-by-period?from=2026-05-02&to=2026-05-01')).status).toBe(400);
    expect((await get('/api/reports/sales-by-period?from=2020-01-01&to=2026-01-01')).status).toBe(400);
    const badSort = await get('/api/reports/sales-by-product?sort=secret');
    expect(badSort.status).toBe(400);
    expect(badSort.json().error.fields.sort).toBeDefined();
    expect((await get('/api/reports/sales-by-product?pageSize=7')).status).toBe(400);
    expect((await get(`/api/reports/sales-by-period?locationId=${randomUUID()}`)).status).toBe(404);
    expect((await get(`/api/reports/purchase-price-history?productId=${randomUUID()}`)).status).toBe(404);
    expect((await get('/api/reports/purchase-price-history')).status).toBe(400);
  });

  it('exports CSV (every row, plain amounts, a total line) and a PDF', async () => {
    const csv = await get('/api/reports/sales-by-product?format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Product,Category,Quantity sold,Gross sales,Discounts,Returns,Net sales (incl. VAT),VAT,Gross profit,Margin');
    expect(lines[1]).toBe('Ajab flour 2 kg,,3,348.00,0.00,0.00,348.00,48.00,91.20,30.40');
    expect(lines.at(-1)).toBe('Total,,3,406.00,0.00,58.00,348.00,48.00,91.20,30.40');
    const pdf = await shop.call('GET', '/api/reports/sales-by-product?format=pdf', { as: 'manager' });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('is for managers: a cashier gets 403; another shop gets nothing of this one', async () => {
    expect((await get('/api/reports/sales-by-period', 'cashier')).status).toBe(403);
    const theirs = (await get('/api/reports/sales-by-product', 'manager', other)).json();
    expect(theirs.totalRows).toBe(0);
    expect((await get(`/api/reports/purchase-price-history?productId=${productA.productId}`, 'manager', other)).status).toBe(404);
  });

  it('on a plan without reports: every report 402 with the upgrade message; the dashboard still answers', async () => {
    const lite = await createSalesShop(testApp);
    await subscribeToBasicDefaults(testApp, lite.tenant.id);
    for (const path of ['/api/reports/sales-by-period', '/api/reports/vat-by-band', '/api/reports/sales-by-product?format=csv']) {
      const refused = await get(path, 'owner', lite);
      expect([path, refused.status, refused.json().error.message]).toEqual([path, 402, upgradeMessage('advanced_reporting')]);
    }
    const saved = await get('/api/saved-reports', 'owner', lite);
    expect([saved.status, saved.json().error.message]).toEqual([402, upgradeMessage('custom_reports')]);
    expect((await get('/api/dashboard', 'owner', lite)).status).toBe(200);
  });

  it('on Starter: reports yes; the analyses, files and saved reports 402', async () => {
    expect((await get('/api/reports/sales-by-period', 'manager', starter)).status).toBe(200);
    expect((await get('/api/reports/sales-by-hour', 'manager', starter)).status).toBe(402);
    expect((await get('/api/reports/sales-by-period?format=csv', 'manager', starter)).status).toBe(402);
    expect((await get('/api/saved-reports', 'manager', starter)).status).toBe(402);
  });
});

describe('GET /api/dashboard', () => {
  it('the shop’s day for a manager, as worked by hand', async () => {
    const response = await get('/api/dashboard');
    expect(response.status, response.text).toBe(200);
    const dashboard = response.json();
    expect(dashboard.scope).toBe('shop');
    expect(dashboard.figures).toEqual({ netSalesMinor: 34_800, saleCount: 2, averageBasketMinor: 20_300, returnsMinor: 5_800, grossProfitMinor: 9_120, marginBp: 3_040 });
    expect(dashboard.tenders).toEqual([
      { tender: 'cash', amountMinor: 23_200 },
      { tender: 'card', amountMinor: 11_600 },
    ]);
    expect(dashboard.trend).toHaveLength(30);
    expect(dashboard.trend.at(-1)).toEqual({ day: dashboard.to, netSalesMinor: 34_800, saleCount: 2 });
    // A: 3 sold, 348.00; B: 1 sold and 1 returned, nothing (the voided B counts nowhere).
    expect(dashboard.topProducts).toEqual([
      { productId: productA.productId, name: 'Ajab flour 2 kg', quantity: 3000, netSalesMinor: 34_800 },
      { productId: productB.productId, name: 'Blue band 500 g', quantity: 0, netSalesMinor: 0 },
    ]);
    expect(dashboard.topCategories).toEqual([{ categoryId: null, name: null, netSalesMinor: 34_800 }]);
    expect(dashboard.openShifts).toHaveLength(1);
    expect(dashboard.openShifts[0]).toMatchObject({ cashierName: 'Shop cashier', saleCount: 2, netSalesMinor: 40_600 });
    // Float 1,000.00 + cash 290.00 − cash refund 58.00.
    expect(dashboard.openShifts[0].expectedCashMinor).toBe(123_200);
  });

  it('a cashier’s own shift, without costs or the shop’s books', async () => {
    const dashboard = (await get('/api/dashboard', 'cashier')).json();
    expect(dashboard.scope).toBe('shift');
    expect(dashboard.shiftId).toBe(shop.shiftId);
    expect(dashboard.figures).toEqual({ netSalesMinor: 34_800, saleCount: 2, averageBasketMinor: 20_300, returnsMinor: 5_800 });
    expect(dashboard.receivables).toBeNull();
    expect(dashboard.lowStockCount).toBeNull();
  });

  it('another shop’s dashboard is its own (empty), and a bad period is 400', async () => {
    const theirs = (await get('/api/dashboard', 'manager', other)).json();
    expect(theirs.figures.saleCount).toBe(0);
    expect((await get('/api/dashboard?from=2026-05-02&to=2026-05-01')).status).toBe(400);
    expect((await get(`/api/dashboard?locationId=${randomUUID()}`)).status).toBe(404);
  });
});

describe('/api/saved-reports', () => {
  it('saves once per Idempotency-Key, pins to the dashboard, renames, deletes; another shop cannot touch it', async () => {
    const key = randomUUID();
    const body = { name: 'Last month by category', reportKey: 'sales-by-category', params: { preset: 'last_month' }, isPinned: true };
    const created = await shop.call('POST', '/api/saved-reports', { as: 'manager', body, idempotencyKey: key });
    expect(created.status, created.text).toBe(201);
    const again = await shop.call('POST', '/api/saved-reports', { as: 'manager', body, idempotencyKey: key });
    expect(again.json().id).toBe(created.json().id);
    expect((await get('/api/saved-reports')).json().items).toHaveLength(1);
    expect((await get('/api/dashboard')).json().pinned).toEqual([{ id: created.json().id, name: 'Last month by category', reportKey: 'sales-by-category' }]);

    const id = created.json().id;
    expect((await other.call('PATCH', `/api/saved-reports/${id}`, { as: 'manager', body: { name: 'Mine' } })).status).toBe(404);
    expect((await other.call('DELETE', `/api/saved-reports/${id}`, { as: 'manager' })).status).toBe(404);
    const renamed = await shop.call('PATCH', `/api/saved-reports/${id}`, { as: 'manager', body: { name: 'Categories', isPinned: false } });
    expect(renamed.json()).toMatchObject({ name: 'Categories', isPinned: false });
    expect((await shop.call('POST', '/api/saved-reports', { as: 'manager', body: { ...body, reportKey: 'no-such-report' } })).status).toBe(400);
    expect((await shop.call('DELETE', `/api/saved-reports/${id}`, { as: 'manager' })).status).toBe(204);
    expect((await get('/api/saved-reports')).json().items).toEqual([]);
  });
});
