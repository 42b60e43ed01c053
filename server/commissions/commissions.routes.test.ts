import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommissionReport } from '../../core/commissions/commissions.schemas';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';
import { addStockedProduct, checkoutBody, createSalesShop, type SalesShop, type StockedProduct } from '../sales/sales-test-kit';

// Commissions (issue 20): rates per person, category or product; the report from the sales and
// returns (net of VAT, each document rounded once, returns clawed back, voids left out) checked
// against hand-worked figures; payouts lock a period, once per id; the shop's own; plan-gated.

let testApp: TestApp;
let shop: SalesShop;
let other: SalesShop;
/** KES 1,160.00 a unit with 16% VAT in it: KES 1,000.00 net. */
let radio: StockedProduct;
/** KES 58.00 a unit: a fixed KES 5.00 a unit on this one. */
let soda: StockedProduct;
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Nairobi' });

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createSalesShop(testApp);
  other = await createSalesShop(testApp);
  radio = await addStockedProduct(testApp.database, shop, { priceMinor: 116_000 });
  soda = await addStockedProduct(testApp.database, shop, { priceMinor: 5_800 });
});
afterAll(() => testApp.close());

async function sell(lines: { product: StockedProduct; quantityMilli?: number }[]) {
  const response = await shop.call('POST', '/api/sales', { as: 'cashier', body: checkoutBody(shop, lines) });
  expect(response.status, response.text).toBe(201);
  return response.json().sale;
}

async function report(target = shop, from = today(), to = today()): Promise<CommissionReport> {
  const response = await target.call('GET', `/api/commissions/report?from=${from}&to=${to}`);
  expect(response.status, response.text).toBe(200);
  return response.json();
}

const setRate = (body: Record<string, unknown>, target = shop) => target.call('PUT', '/api/commission-rates', { body });

describe('rates', () => {
  it('sets a rate per person, product or category, one per target, and refuses bad or foreign targets with field messages', async () => {
    expect((await setRate({ userId: shop.users.cashier.id, basis: 'net_sales_bps', rateBps: 300 })).status).toBe(200);
    const replaced = await setRate({ userId: shop.users.cashier.id, basis: 'net_sales_bps', rateBps: 500 });
    expect(replaced.json()).toMatchObject({ userId: shop.users.cashier.id, userName: 'Shop cashier', productId: null, categoryId: null, rateBps: 500, amountMinor: null });
    const perUnit = await setRate({ productId: soda.productId, basis: 'per_unit', amountMinor: 500 });
    expect(perUnit.json()).toMatchObject({ userId: null, productId: soda.productId, productName: soda.name, amountMinor: 500, rateBps: null });
    expect((await shop.call('GET', '/api/commission-rates')).json().items).toHaveLength(2);

    const bad = await setRate({ basis: 'net_sales_bps', rateBps: 10_001, productId: soda.productId, categoryId: randomUUID() });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['productId', 'rateBps']);
    const foreign = await setRate({ productId: soda.productId, basis: 'per_unit', amountMinor: 100 }, other);
    expect(foreign.status).toBe(400);
    expect(foreign.json().error.fields.productId).toEqual(['Product not found']);
    expect((await other.call('GET', '/api/commission-rates')).json().items).toEqual([]);

    const events: { before: unknown; after: unknown; details: { userId: string | null } }[] = (await shop.call('GET', '/api/audit-events?action=commission.rate_set&direction=asc')).json().items;
    expect(events.map(({ before, after }) => [before, after])).toEqual([
      [null, { basis: 'net_sales_bps', rateBps: 300, amountMinor: null }],
      [{ basis: 'net_sales_bps', rateBps: 300, amountMinor: null }, { basis: 'net_sales_bps', rateBps: 500, amountMinor: null }],
      [null, { basis: 'per_unit', rateBps: null, amountMinor: 500 }],
    ]);
  });
});

describe('the report (hand-worked)', () => {
  it('5% of KES 10,000.00 net of VAT, less a return of KES 1,160.00 (KES 1,000.00 net), is KES 450.00; KES 5.00 a soda; a void earns nothing', async () => {
    // Ten radios: KES 11,600.00 with KES 1,600.00 VAT → net KES 10,000.00 → 5% = KES 500.00.
    const sale = await sell([{ product: radio, quantityMilli: 10_000 }]);
    // Three sodas at the product's fixed KES 5.00 a unit = KES 15.00 (its net, KES 150.00, is reported).
    await sell([{ product: soda, quantityMilli: 3000 }]);
    // A voided sale: nothing.
    const voided = await sell([{ product: radio }]);
    expect((await shop.call('POST', `/api/sales/${voided.id}/void`, { as: 'manager', body: { reason: 'Wrong customer' } })).status).toBe(200);
    // One radio back: KES 1,160.00 with KES 160.00 VAT → net KES 1,000.00 → KES 50.00 clawed back.
    const returned = await shop.call('POST', '/api/sale-returns', {
      as: 'cashier',
      body: {
        id: randomUUID(),
        registerId: shop.registerId,
        shiftId: shop.shiftId,
        saleId: sale.id,
        customerId: null,
        lines: [{ saleLineId: sale.lines[0].id, quantityMilli: 1000, disposition: 'restock' }],
        reason: 'defective',
        note: null,
        refunds: null,
        approvalId: null,
      },
    });
    expect(returned.status, returned.text).toBe(201);

    const { rows } = await report();
    expect(rows).toEqual([
      {
        userId: shop.users.cashier.id,
        name: 'Shop cashier',
        saleCount: 2,
        returnCount: 1,
        salesNetMinor: 1_000_000 + 15_000,
        returnsNetMinor: 100_000,
        commissionMinor: 50_000 + 1_500 - 5_000,
        payout: null,
        overlapsPayout: false,
      },
    ]);

    const detail = (await shop.call('GET', `/api/commissions/report/${shop.users.cashier.id}?from=${today()}&to=${today()}`)).json();
    expect(detail.documents.map((document: { kind: string; netMinor: number; commissionMinor: number }) => [document.kind, document.netMinor, document.commissionMinor])).toEqual([
      ['sale', 1_000_000, 50_000],
      ['sale', 15_000, 1_500],
      ['return', 100_000, -5_000],
    ]);
    expect((await report(shop, '2020-01-01', '2020-01-31')).rows).toEqual([]);
    expect((await report(other)).rows).toEqual([]);
  });
});

describe('payouts', () => {
  it('locks the period: the figures stay as paid, a retry answers the same payout, an overlapping one is refused', async () => {
    const body = { id: randomUUID(), userId: shop.users.cashier.id, from: today(), to: today(), note: 'M-Pesa to 0712…' };
    const paid = await shop.call('POST', '/api/commission-payouts', { body });
    expect(paid.status, paid.text).toBe(201);
    expect(paid.json()).toMatchObject({ commissionMinor: 46_500, salesNetMinor: 1_015_000, returnsNetMinor: 100_000, paidBy: shop.users.owner.id, paidByName: 'Shop owner' });
    const again = await shop.call('POST', '/api/commission-payouts', { body });
    expect(again.status).toBe(200);
    expect(again.json().id).toBe(body.id);
    const overlapping = await shop.call('POST', '/api/commission-payouts', { body: { ...body, id: randomUUID(), from: '2026-01-01' } });
    expect(overlapping.status).toBe(409);
    const reused = await shop.call('POST', '/api/commission-payouts', { body: { ...body, from: '2020-01-01', to: '2020-01-02' } });
    expect(reused.status).toBe(409);

    // A rate change after the payout does not move the paid figures.
    expect((await setRate({ userId: shop.users.cashier.id, basis: 'net_sales_bps', rateBps: 1_000 })).status).toBe(200);
    const [row] = (await report()).rows;
    expect(row).toMatchObject({ commissionMinor: 46_500, payout: { id: body.id } });

    const count = await testApp.database.withTenant(shop.tenant.id, (tx) => queryRows<{ n: number }>(tx, sql`select count(*)::int as n from commission_payouts`));
    expect(count[0]!.n).toBe(1);
    const events = (await shop.call('GET', '/api/audit-events?action=commission.payout')).json().items;
    expect(events).toHaveLength(1);
  });

  it('a payout is append-only for the application role', async () => {
    const refusal = (statement: ReturnType<typeof sql>) =>
      testApp.database.withTenant(shop.tenant.id, (tx) => tx.execute(statement)).then(
        () => 'succeeded',
        (error: { message?: string; cause?: { message?: string } }) => error.cause?.message ?? error.message ?? String(error),
      );
    expect(await refusal(sql`update commission_payouts set commission_minor = 0`)).toMatch(/permission denied/);
    expect(await refusal(sql`delete from commission_payouts`)).toMatch(/permission denied/);
  });
});

describe('who may', () => {
  it('the team’s managers (admins) only, and on a plan with commission tracking', async () => {
    expect((await shop.call('GET', '/api/commission-rates', { as: 'cashier' })).status).toBe(403);
    expect((await shop.call('GET', '/api/commission-rates', { as: 'manager' })).status).toBe(403);
    const starter = await createSalesShop(testApp, { plan: 'Starter' });
    expect((await starter.call('GET', `/api/commissions/report?from=${today()}&to=${today()}`)).status).toBe(402);
    const professional = await createSalesShop(testApp, { plan: 'Professional' });
    expect((await professional.call('GET', `/api/commissions/report?from=${today()}&to=${today()}`)).status).toBe(200);
  });
});
