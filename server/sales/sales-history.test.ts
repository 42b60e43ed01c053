import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upgradeMessage } from '../../core/billing/plan-features.rules';
import { parseCsv } from '../../core/products/csv.rules';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { createTestContact } from '../accounts/accounts-test-kit';
import { queryRows } from '../db/client';
import { addStockedProduct, checkoutBody, createSalesShop, type SalesShop, type StockedProduct } from './sales-test-kit';

// Sales history (issue 15): the list (a cashier's own sales, a manager's all; filters in the
// shop's days; search by receipt code or customer; pages and sorts), one sale by id or receipt
// code, the CSV export (data_export), and another shop seeing none of it.

let testApp: TestApp;
let shop: SalesShop;
let other: SalesShop;
let soap: StockedProduct;
let customerId: string;
const receipts: Record<'cashier' | 'manager' | 'voided', { id: string; receiptCode: string }> = {} as never;

/** Today in Nairobi (the shops' time zone), offset by days, as YYYY-MM-DD. */
const nairobiDay = (offsetDays = 0) => new Date(Date.now() + 3 * 3600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function sell(as: 'cashier' | 'manager', body: ReturnType<typeof checkoutBody>) {
  const response = await shop.call('POST', '/api/sales', { body, as });
  expect(response.status).toBe(201);
  return response.json().sale as { id: string; receiptCode: string };
}

const list = (query: string, as: 'owner' | 'manager' | 'cashier' = 'manager', target = shop) => target.call('GET', `/api/sales?${query}`, { as });
const codes = (response: Awaited<ReturnType<typeof list>>) => response.json().items.map((item: { receiptCode: string }) => item.receiptCode).sort();

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createSalesShop(testApp);
  other = await createSalesShop(testApp);
  soap = await addStockedProduct(testApp.database, shop, { priceMinor: 12_000 });
  customerId = await createTestContact(testApp.database, shop.tenant.id, { name: 'Achieng Otieno' });
  receipts.cashier = await sell('cashier', checkoutBody(shop, [{ product: soap }]));
  receipts.manager = await sell(
    'manager',
    checkoutBody(shop, [{ product: soap, quantityMilli: 3000 }], { customerId, payments: [{ tender: 'mpesa', amountMinor: 36_000, reference: 'HIS1234567' }] }),
  );
  receipts.voided = await sell('cashier', checkoutBody(shop, [{ product: soap, quantityMilli: 2000 }]));
  await testApp.database.withTenant(shop.tenant.id, (tx) =>
    tx.execute(sql`update sales set status = 'voided', voided_at = now(), void_reason = 'Rang up twice' where id = ${receipts.voided.id}`),
  );
  await sell('cashier', checkoutBody(shop, [{ product: soap }]));
});
afterAll(() => testApp.close());

describe('GET /api/sales', () => {
  it('shows a cashier their own sales and a manager everyone’s, newest first', async () => {
    const mine = await list('', 'cashier');
    expect(mine.status).toBe(200);
    expect(mine.json().items.every((item: { cashierName: string | null }) => item.cashierName !== null)).toBe(true);
    expect(codes(mine)).not.toContain(receipts.manager.receiptCode);
    expect(codes(mine)).toContain(receipts.cashier.receiptCode);
    const all = await list('');
    expect(all.json().total).toBe(4);
    const created = all.json().items.map((item: { createdAt: string }) => item.createdAt);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('filters by tender, status, customer, cashier, register and the shop’s days', async () => {
    expect(codes(await list('tender=mpesa'))).toEqual([receipts.manager.receiptCode]);
    expect(codes(await list('status=voided'))).toEqual([receipts.voided.receiptCode]);
    expect(codes(await list(`customerId=${customerId}`))).toEqual([receipts.manager.receiptCode]);
    expect((await list(`cashierId=${shop.users.cashier.id}`)).json().total).toBe(3);
    expect((await list(`registerId=${shop.registerId}&shiftId=${shop.shiftId}&locationId=${shop.defaultLocationId}`)).json().total).toBe(4);
    expect((await list(`from=${nairobiDay()}&to=${nairobiDay()}`)).json().total).toBe(4);
    expect((await list(`to=${nairobiDay(-1)}`)).json().total).toBe(0);
    expect((await list(`from=${nairobiDay(1)}`)).json().total).toBe(0);
  });

  it('searches a receipt code by its start in any case, or a customer by name', async () => {
    const prefix = receipts.manager.receiptCode.toLowerCase();
    expect(codes(await list(`q=${encodeURIComponent(prefix)}`))).toEqual([receipts.manager.receiptCode]);
    expect((await list('q=t1-')).json().total).toBe(4);
    expect(codes(await list('q=achieng'))).toEqual([receipts.manager.receiptCode]);
    expect((await list('q=nobody')).json().total).toBe(0);
  });

  it('sorts and pages on the server', async () => {
    const byTotal = await list('sort=total&direction=asc');
    const totals = byTotal.json().items.map((item: { totalMinor: number }) => item.totalMinor);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    const page = await list('sort=receipt&direction=asc&page=2&pageSize=1');
    expect(page.json()).toMatchObject({ total: 4, page: 2, pageSize: 1, items: [{ receiptCode: receipts.manager.receiptCode, tenders: ['mpesa'], lineCount: 1, customerName: 'Achieng Otieno' }] });
  });
});

describe('one sale', () => {
  it('opens any sale of the shop for a cashier, by id or by receipt code', async () => {
    const byId = await shop.call('GET', `/api/sales/${receipts.manager.id}`, { as: 'cashier' });
    expect(byId.status).toBe(200);
    expect(byId.json()).toMatchObject({ receiptCode: receipts.manager.receiptCode, customer: { id: customerId, name: 'Achieng Otieno' }, cashierName: expect.any(String) });
    const byReceipt = await shop.call('GET', `/api/sales/by-receipt/${receipts.voided.receiptCode.toLowerCase()}`, { as: 'cashier' });
    expect(byReceipt.status).toBe(200);
    expect(byReceipt.json()).toMatchObject({ id: receipts.voided.id, status: 'voided', voidReason: 'Rang up twice' });
    expect((await shop.call('GET', '/api/sales/by-receipt/T1-999999', { as: 'cashier' })).status).toBe(404);
  });
});

describe('GET /api/sales/export.csv', () => {
  it('exports the list’s sales as CSV for a manager, oldest first, with the shop’s day and time', async () => {
    const response = await shop.call('GET', '/api/sales/export.csv?status=completed', { as: 'manager' });
    expect(response.status).toBe(200);
    expect(String(response.headers['content-type'])).toContain('text/csv');
    const parsed = parseCsv(response.text.replace(/^\uFEFF/, ''));
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.records.map((record) => record.fields[0])).toEqual([
      'receipt',
      ...[receipts.cashier.receiptCode, receipts.manager.receiptCode].sort(),
      expect.stringMatching(/^T1-/),
    ]);
    const managerRow = parsed.records.find((record) => record.fields[0] === receipts.manager.receiptCode)!.fields;
    expect(managerRow.slice(1, 2)).toEqual([nairobiDay()]);
    expect(managerRow.slice(6)).toEqual(['Achieng Otieno', 'completed', '360.00', '0.00', '0.00', '360.00', '49.66', 'M-Pesa 360.00']);
  });

  it('is for managers, on plans with data export', async () => {
    expect((await shop.call('GET', '/api/sales/export.csv', { as: 'cashier' })).status).toBe(403);
    const starter = await createSalesShop(testApp, { plan: 'Starter' });
    const refused = await starter.call('GET', '/api/sales/export.csv', { as: 'owner' });
    expect(refused.status).toBe(402);
    expect(refused.json().error.message).toBe(upgradeMessage('data_export'));
  });
});

describe('tenant isolation', () => {
  it('another shop lists, finds and exports none of this shop’s sales', async () => {
    expect((await list('', 'owner', other)).json().total).toBe(0);
    expect((await other.call('GET', `/api/sales/by-receipt/${receipts.cashier.receiptCode}`, { as: 'owner' })).status).toBe(404);
    expect((await other.call('GET', `/api/sales/${receipts.cashier.id}`, { as: 'owner' })).status).toBe(404);
    const csv = await other.call('GET', '/api/sales/export.csv', { as: 'owner' });
    expect(csv.text.replace(/^\uFEFF/, '').trim().split('\r\n')).toHaveLength(1);
    const [count] = await testApp.database.withTenant(other.tenant.id, (tx) => queryRows<{ n: number }>(tx, sql`select count(*)::int as n from sales`));
    expect(count!.n).toBe(0);
  });
});
