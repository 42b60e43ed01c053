import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sale } from '../../core/sales/sales.schemas';
import type { Permission } from '../../core/team/permissions.rules';
import { addOpeningStock } from '../../tests/support/catalog-factories';
import { createUser, TEST_PASSWORD } from '../../tests/support/factories';
import { limitMember, type MemberLimits } from '../../tests/support/team-factories';
import { createTestApp, signInAs, type TestApp, type TestResponse } from '../../tests/support/test-app';
import { createTestContact } from '../accounts/accounts-test-kit';
import { queryRows } from '../db/client';
import { addRegisterWithShift, addStockedProduct, checkoutBody, createSalesShop, type SalesShop, type StockedProduct } from '../sales/sales-test-kit';

// Location access and the services' permissions (issue 20, docs/decisions/0024). A manager limited
// to the main shop works there only: another location's stock documents, receipts, orders,
// expenses and shifts are 404 and missing from the lists, documents are not made there (404 on the
// location field), and the reports and the dashboard hold the main shop's figures only. Custom roles
// are judged by their permissions, route by route and inside the services.
//
// Sales, worked by hand (flour KES 116.00, VAT-inclusive):
//   main shop: 2 × flour by the cashier = 232.00        Westlands: 1 × flour by the owner = 116.00
// The shop's net sales 348.00; the main shop's 232.00.

let testApp: TestApp;
let shop: SalesShop;
let mainId: string;
let westlandsId: string;
let kisumuId: string;
let westlands: { registerId: string; shiftId: string };
/** The owner's sale at Westlands. */
let westlandsSale: { sale: Sale };
let flour: StockedProduct;
let supplierId: string;
/** A manager who works at the main shop only. */
let branch: Member;

type Member = (method: string, path: string, body?: unknown) => Promise<TestResponse>;

/** A new member of the shop with a built-in role, limited as told, signed in. */
async function member(role: string, limits: MemberLimits = {}): Promise<Member> {
  const user = await createUser(testApp.database, testApp.deps.auth, { tenantId: shop.tenant.id, role, fullName: `Limited ${role}` });
  await limitMember(testApp.database, shop.tenant.id, user.id, limits);
  const cookie = await signInAs(testApp, shop.host, user.email, TEST_PASSWORD);
  return (method, path, body) =>
    testApp.request(path, { method, host: shop.host, body, headers: { connection: 'close', cookie, 'idempotency-key': randomUUID() } });
}

const owner: Member = (method, path, body) => shop.call(method, path, { body, idempotencyKey: randomUUID() });

async function created(response: Promise<TestResponse>): Promise<{ id: string }> {
  const answer = await response;
  expect(answer.status, answer.text).toBe(201);
  return answer.json();
}

const ids = async (response: Promise<TestResponse>) => (await response).json<{ items: { id: string }[] }>().items.map((item) => item.id);

const countOf = async (table: string) =>
  (await testApp.database.withTenant(shop.tenant.id, (tx) => queryRows<{ n: number }>(tx, sql`select count(*)::int as n from ${sql.identifier(table)}`)))[0]!.n;

const receiptLines = () => [{ variantId: flour.variantId, quantityMilli: 5000, unitCostMinor: 7_000, taxClass: 'standard' }];

function expectLocationRefused(response: TestResponse, field = 'locationId') {
  expect(response.status, response.text).toBe(404);
  expect(response.json().error.fields).toEqual({ [field]: ['Location not found'] });
}

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createSalesShop(testApp);
  mainId = shop.defaultLocationId;
  westlandsId = (await created(owner('POST', '/api/locations', { name: 'Westlands' }))).id;
  kisumuId = (await created(owner('POST', '/api/locations', { name: 'Kisumu' }))).id;
  flour = await addStockedProduct(testApp.database, shop, { name: 'Ajab flour 2 kg', priceMinor: 11_600, onHandMilli: 100_000 });
  await addOpeningStock(testApp.database, shop.tenant.id, { variantId: flour.variantId, locationId: westlandsId, quantityMilli: 50_000, unitCostMinor: 6_960 });
  westlands = await addRegisterWithShift(testApp.database, shop, { prefix: 'W1', locationId: westlandsId, openedBy: 'owner' });
  supplierId = await createTestContact(testApp.database, shop.tenant.id, { type: 'supplier', name: 'Unga Millers' });

  const sold = await shop.call('POST', '/api/sales', { as: 'cashier', body: checkoutBody(shop, [{ product: flour, quantityMilli: 2000 }]) });
  expect(sold.status, sold.text).toBe(201);
  westlandsSale = (await created(owner('POST', '/api/sales', checkoutBody({ ...shop, ...westlands }, [{ product: flour }])))) as unknown as { sale: Sale };

  branch = await member('manager', { locationIds: [mainId] });
}, 180_000);
afterAll(() => testApp.close());

describe('stock documents of a location the member does not work at', () => {
  it('adjustments: 404 and left out of the list; adjusting there is refused on the location and writes nothing', async () => {
    const elsewhere = await created(owner('POST', '/api/inventory/adjustments', { locationId: westlandsId, reason: 'damage', lines: [{ variantId: flour.variantId, quantityChangeMilli: -1000 }] }));
    const here = await created(owner('POST', '/api/inventory/adjustments', { locationId: mainId, reason: 'damage', lines: [{ variantId: flour.variantId, quantityChangeMilli: -1000 }] }));

    expect((await branch('GET', `/api/inventory/adjustments/${elsewhere.id}`)).status).toBe(404);
    expect((await branch('GET', `/api/inventory/adjustments/${here.id}`)).status).toBe(200);
    const listed = await ids(branch('GET', '/api/inventory/adjustments'));
    expect(listed).toContain(here.id);
    expect(listed).not.toContain(elsewhere.id);
    expect(await ids(branch('GET', `/api/inventory/adjustments?locationId=${westlandsId}`))).toEqual([]);

    const before = await countOf('stock_adjustments');
    expectLocationRefused(await branch('POST', '/api/inventory/adjustments', { locationId: westlandsId, reason: 'theft', lines: [{ variantId: flour.variantId, quantityChangeMilli: -1000 }] }));
    expect(await countOf('stock_adjustments')).toBe(before);
  });

  it('transfers: seen when either end is theirs; sent from theirs, received at theirs, called back to theirs (403 otherwise)', async () => {
    const line = [{ variantId: flour.variantId, quantityMilli: 1000 }];
    const farAway = await created(owner('POST', '/api/inventory/transfers', { fromLocationId: westlandsId, toLocationId: kisumuId, lines: line }));
    const outgoing = await created(owner('POST', '/api/inventory/transfers', { fromLocationId: mainId, toLocationId: westlandsId, lines: line }));
    const incoming = await created(owner('POST', '/api/inventory/transfers', { fromLocationId: westlandsId, toLocationId: mainId, lines: line }));

    expect((await branch('GET', `/api/inventory/transfers/${farAway.id}`)).status).toBe(404);
    expect((await branch('POST', `/api/inventory/transfers/${farAway.id}/cancel`)).status).toBe(404);
    const listed = await ids(branch('GET', '/api/inventory/transfers'));
    expect(listed).toEqual(expect.arrayContaining([outgoing.id, incoming.id]));
    expect(listed).not.toContain(farAway.id);

    const receiveOutgoing = await branch('POST', `/api/inventory/transfers/${outgoing.id}/receive`);
    expect(receiveOutgoing.status).toBe(403);
    expect(receiveOutgoing.json().error.message).toBe('Only someone who works at the destination can receive this transfer');
    expect((await branch('POST', `/api/inventory/transfers/${incoming.id}/cancel`)).status).toBe(403);
    expect((await branch('GET', `/api/inventory/transfers/${incoming.id}`)).json().status).toBe('sent');
    expect((await branch('POST', `/api/inventory/transfers/${incoming.id}/receive`)).json().status).toBe('received');
    expect((await branch('POST', `/api/inventory/transfers/${outgoing.id}/cancel`)).json().status).toBe('cancelled');

    const before = await countOf('stock_transfers');
    expectLocationRefused(await branch('POST', '/api/inventory/transfers', { fromLocationId: westlandsId, toLocationId: mainId, lines: line }), 'fromLocationId');
    expect(await countOf('stock_transfers')).toBe(before);
    // Stock goes from theirs to anywhere.
    await created(branch('POST', '/api/inventory/transfers', { fromLocationId: mainId, toLocationId: kisumuId, lines: line }));
  });

  it('stock takes: 404 for reading, counting, posting and cancelling; not listed; not started there', async () => {
    const take = await created(owner('POST', '/api/inventory/stock-takes', { locationId: westlandsId }));
    expect((await branch('GET', `/api/inventory/stock-takes/${take.id}`)).status).toBe(404);
    expect((await branch('PUT', `/api/inventory/stock-takes/${take.id}/counts`, { variantId: flour.variantId, countedQuantityMilli: 1000 })).status).toBe(404);
    expect((await branch('DELETE', `/api/inventory/stock-takes/${take.id}/counts/${flour.variantId}`)).status).toBe(404);
    expect((await branch('POST', `/api/inventory/stock-takes/${take.id}/post`)).status).toBe(404);
    expect((await branch('POST', `/api/inventory/stock-takes/${take.id}/cancel`)).status).toBe(404);
    expect(await ids(branch('GET', '/api/inventory/stock-takes'))).not.toContain(take.id);
    expect((await owner('GET', `/api/inventory/stock-takes/${take.id}`)).json().status).toBe('counting');

    expectLocationRefused(await branch('POST', '/api/inventory/stock-takes', { locationId: kisumuId }));
    const own = await created(branch('POST', '/api/inventory/stock-takes', { locationId: mainId }));
    expect((await branch('POST', `/api/inventory/stock-takes/${own.id}/cancel`)).json().status).toBe('cancelled');
  });

  it('the ledger, low stock and the valuation are of their locations', async () => {
    const movements = (await branch('GET', '/api/inventory/movements?pageSize=100')).json<{ items: { locationId: string }[] }>().items;
    expect(movements.length).toBeGreaterThan(0);
    expect(new Set(movements.map((movement) => movement.locationId))).toEqual(new Set([mainId]));

    const summary = async (as: Member, query = '') => (await as('GET', `/api/inventory/summary${query}`)).json<{ valuationMinor: number }>().valuationMinor;
    expect(await summary(branch)).toBe(await summary(owner, `?locationId=${mainId}`));
    expect(await summary(owner, `?locationId=${westlandsId}`)).toBeGreaterThan(0);
    expect(await summary(branch, `?locationId=${westlandsId}`)).toBe(0);

    // Flour is low everywhere once its reorder level is above all it holds.
    await testApp.database.withTenant(shop.tenant.id, (tx) => tx.execute(sql`update products set reorder_level = 1000000 where id = ${flour.productId}`));
    await testApp.database.withTenant(shop.tenant.id, (tx) => tx.execute(sql`update stock_levels set is_low = true where variant_id = ${flour.variantId}`));
    const low = (await branch('GET', '/api/inventory/low-stock')).json<{ items: { locationId: string }[] }>().items;
    expect(low.map((item) => item.locationId)).toEqual([mainId]);
    expect((await owner('GET', '/api/inventory/low-stock')).json<{ items: unknown[] }>().items.length).toBeGreaterThan(1);
  });
});

describe('purchases and expenses of a location the member does not work at', () => {
  it('goods receipts and returns: 404, not listed, not received there', async () => {
    const elsewhere = await created(owner('POST', '/api/goods-receipts', { supplierId, locationId: westlandsId, payment: { mode: 'on_account' }, lines: receiptLines() }));
    const here = await created(owner('POST', '/api/goods-receipts', { supplierId, locationId: mainId, payment: { mode: 'on_account' }, lines: receiptLines() }));
    expect((await branch('GET', `/api/goods-receipts/${elsewhere.id}`)).status).toBe(404);
    const listed = await ids(branch('GET', '/api/goods-receipts'));
    expect(listed).toEqual([here.id]);

    const before = await countOf('goods_receipts');
    expectLocationRefused(await branch('POST', '/api/goods-receipts', { supplierId, locationId: westlandsId, payment: { mode: 'on_account' }, lines: receiptLines() }));
    expect(await countOf('goods_receipts')).toBe(before);

    const receiptLine = (await owner('GET', `/api/goods-receipts/${elsewhere.id}`)).json<{ lines: { id: string }[] }>().lines[0]!.id;
    const returned = await created(
      owner('POST', '/api/supplier-returns', { receiptId: elsewhere.id, reason: 'damaged', settlement: 'credit', lines: [{ receiptLineId: receiptLine, quantityMilli: 1000 }] }),
    );
    expect((await branch('GET', `/api/supplier-returns/${returned.id}`)).status).toBe(404);
    expect(await ids(branch('GET', '/api/supplier-returns'))).toEqual([]);
    const refused = await branch('POST', '/api/supplier-returns', { receiptId: elsewhere.id, reason: 'damaged', settlement: 'credit', lines: [{ receiptLineId: receiptLine, quantityMilli: 1000 }] });
    expect(refused.status).toBe(400);
    expect(refused.json().error.fields).toEqual({ receiptId: ['Delivery not found'] });
  });

  it('purchase orders delivered elsewhere: 404 to read, print, change or cancel; not listed; not ordered there', async () => {
    const order = { supplierId, locationId: westlandsId, lines: receiptLines() };
    const elsewhere = await created(owner('POST', '/api/purchase-orders', order));
    expect((await branch('GET', `/api/purchase-orders/${elsewhere.id}`)).status).toBe(404);
    expect((await branch('GET', `/api/purchase-orders/${elsewhere.id}/pdf`)).status).toBe(404);
    expect((await branch('PUT', `/api/purchase-orders/${elsewhere.id}`, { ...order, locationId: mainId })).status).toBe(404);
    expect((await branch('POST', `/api/purchase-orders/${elsewhere.id}/cancel`)).status).toBe(404);
    expect(await ids(branch('GET', '/api/purchase-orders'))).not.toContain(elsewhere.id);
    expect((await owner('GET', `/api/purchase-orders/${elsewhere.id}`)).json().status).toBe('draft');

    expectLocationRefused(await branch('POST', '/api/purchase-orders', order));
    expectLocationRefused(await branch('GET', `/api/purchase-orders/reorder-suggestions?locationId=${westlandsId}`));
    await created(branch('POST', '/api/purchase-orders', { ...order, locationId: mainId }));
  });

  it('expenses from a drawer elsewhere: 404 and not listed; the shop’s other expenses are', async () => {
    const categories = (await owner('GET', '/api/expense-categories')).json<{ items: { id: string; name: string }[] }>().items;
    const expense = (overrides: Record<string, unknown>) => ({
      categoryId: categories.find((category) => category.name === 'Rent')!.id,
      expenseDate: '2026-11-24',
      description: 'Watchman',
      amountMinor: 50_000,
      ...overrides,
    });
    const fromWestlands = await created(owner('POST', '/api/expenses', expense({ paidFrom: 'register_cash', shiftId: westlands.shiftId })));
    const byBank = await created(owner('POST', '/api/expenses', expense({ paidFrom: 'bank_transfer' })));
    expect((await branch('GET', `/api/expenses/${fromWestlands.id}`)).status).toBe(404);
    expect((await branch('POST', `/api/expenses/${fromWestlands.id}/void`, { reason: 'Wrong drawer' })).status).toBe(404);
    expect((await branch('GET', `/api/expenses/${byBank.id}`)).status).toBe(200);
    expect(await ids(branch('GET', '/api/expenses'))).toEqual([byBank.id]);
    // Nor is that drawer theirs to pay from.
    const refused = await branch('POST', '/api/expenses', expense({ paidFrom: 'register_cash', shiftId: westlands.shiftId }));
    expect(refused.status).toBe(400);
    expect(refused.json().error.fields).toEqual({ shiftId: ['Shift not found'] });
  });
});

describe('registers and shifts of a location the member does not work at', () => {
  it('are neither listed nor read', async () => {
    expect((await branch('GET', '/api/registers')).json<{ items: { id: string }[] }>().items.map((register) => register.id)).toEqual([shop.registerId]);
    expect(await ids(branch('GET', '/api/shifts?status=all'))).toEqual([shop.shiftId]);
    expect((await branch('GET', `/api/shifts/${westlands.shiftId}`)).status).toBe(404);
    expect((await branch('GET', `/api/shifts/${westlands.shiftId}/report`)).status).toBe(404);
    expect((await branch('GET', `/api/shifts/current?registerId=${westlands.registerId}`)).status).toBe(404);
    expect((await owner('GET', `/api/shifts/current?registerId=${westlands.registerId}`)).status).toBe(200);
  });
});

describe('sales, returns and parked carts of a location the member does not work at', () => {
  it('a sale there is 404 to read, void or return; returning or parking at its register is 404 on the register; nothing is written', async () => {
    const { sale } = westlandsSale;
    const before = { returns: await countOf('sale_returns'), carts: await countOf('parked_carts'), voided: sale.status };
    expect((await branch('GET', `/api/sales/${sale.id}`)).status).toBe(404);
    expect((await branch('POST', `/api/sales/${sale.id}/void`, { reason: 'Rang up twice' })).status).toBe(404);

    const returnLines = [{ saleLineId: sale.lines[0]!.id, quantityMilli: 1000, disposition: 'restock' }];
    const atHome = await branch('POST', '/api/sale-returns', { id: randomUUID(), registerId: shop.registerId, shiftId: shop.shiftId, saleId: sale.id, lines: returnLines, reason: 'changed_mind' });
    expect(atHome.status, atHome.text).toBe(404);
    expect(atHome.json().error.message).toBe('Sale not found');
    const atWestlands = await branch('POST', '/api/sale-returns', { id: randomUUID(), ...westlands, saleId: sale.id, lines: returnLines, reason: 'changed_mind' });
    expect(atWestlands.status, atWestlands.text).toBe(404);
    expect(atWestlands.json().error.fields).toEqual({ registerId: ['Register not found'] });

    const cart = { lines: [{ variantId: flour.variantId, quantityMilli: 1000 }] };
    expect((await branch('POST', '/api/parked-carts', { registerId: westlands.registerId, name: 'Wanjiru', cart })).status).toBe(404);
    expect((await branch('GET', `/api/parked-carts?registerId=${westlands.registerId}`)).status).toBe(404);
    const parkedThere = await created(owner('POST', '/api/parked-carts', { registerId: westlands.registerId, name: 'Otieno', cart }));
    expect((await branch('DELETE', `/api/parked-carts/${parkedThere.id}`)).status).toBe(404);

    expect(await countOf('sale_returns')).toBe(before.returns);
    expect(await countOf('parked_carts')).toBe(before.carts + 1);
    expect((await owner('GET', `/api/sales/${sale.id}`)).json<Sale>().status).toBe(before.voided);
    expect((await owner('DELETE', `/api/parked-carts/${parkedThere.id}`)).status).toBe(204);
  });
});

describe('reports and the dashboard of a member limited to some locations', () => {
  const netSales = async (as: Member, query = '') => {
    const response = await as('GET', `/api/reports/sales-by-location${query}`);
    expect(response.status, response.text).toBe(200);
    return response.json<{ rows: { locationName: string; netSalesMinor: number }[]; totals: { netSalesMinor: number } }>();
  };

  it('hold the figures of their locations only, as worked by hand', async () => {
    const shopWide = await netSales(owner);
    expect(shopWide.rows.map((row) => [row.locationName, row.netSalesMinor]).sort()).toEqual([
      ['Main shop', 23_200],
      ['Westlands', 11_600],
    ]);
    expect(shopWide.totals.netSalesMinor).toBe(34_800);
    const theirs = await netSales(branch);
    expect(theirs.rows.map((row) => [row.locationName, row.netSalesMinor])).toEqual([['Main shop', 23_200]]);
    expect(theirs.totals.netSalesMinor).toBe(23_200);
    expect((await branch('GET', '/api/reports/sales-by-period')).json().totals.netSalesMinor).toBe(23_200);
    expect((await branch('GET', `/api/reports/sales-by-location?locationId=${westlandsId}`)).status).toBe(404);

    // Limited to two locations (no period cache spans them): the same figures.
    const twoPlaces = await member('manager', { locationIds: [mainId, kisumuId] });
    expect((await netSales(twoPlaces)).totals.netSalesMinor).toBe(23_200);
  });

  it('the dashboard: their locations’ sales and open shifts', async () => {
    const dashboard = (await branch('GET', '/api/dashboard')).json();
    expect(dashboard).toMatchObject({ scope: 'shop', locationId: mainId, figures: { netSalesMinor: 23_200, saleCount: 1 } });
    expect(dashboard.openShifts.map((open: { shiftId: string }) => open.shiftId)).toEqual([shop.shiftId]);
    expect((await owner('GET', '/api/dashboard')).json()).toMatchObject({ scope: 'shop', locationId: null, figures: { netSalesMinor: 34_800, saleCount: 2 } });
    expect((await branch('GET', `/api/dashboard?locationId=${westlandsId}`)).status).toBe(404);
  });
});

describe('custom roles, by their permissions', () => {
  const custom = (permissions: Permission[], locationIds?: string[]) => member('cashier', { permissions, locationIds });

  it('a stock clerk (inventory.manage only) manages stock, and is refused reports and purchases (403)', async () => {
    const clerk = await custom(['inventory.manage']);
    expect((await clerk('GET', '/api/inventory/adjustments')).status).toBe(200);
    await created(clerk('POST', '/api/inventory/adjustments', { locationId: mainId, reason: 'correction', lines: [{ variantId: flour.variantId, quantityChangeMilli: 1000 }] }));
    expect((await clerk('GET', '/api/reports/sales-by-period')).status).toBe(403);
    expect((await clerk('GET', '/api/goods-receipts')).status).toBe(403);
    expect((await clerk('GET', '/api/shifts')).status).toBe(403);
    // Without reports.view the dashboard is their own shift's (none), never the shop's figures.
    expect((await clerk('GET', '/api/dashboard')).json()).toMatchObject({ scope: 'shift', shiftId: null, figures: { netSalesMinor: 0 } });
    // Without costs.view the ledger, the valuation and a stock take carry no cost; the owner's do.
    const ledger = (await clerk('GET', '/api/inventory/movements')).json<{ items: { unitCostMinor: number | null }[] }>().items;
    expect(ledger.length).toBeGreaterThan(0);
    expect(ledger.every((movement) => movement.unitCostMinor === null)).toBe(true);
    expect((await owner('GET', '/api/inventory/movements')).json<{ items: { unitCostMinor: number | null }[] }>().items.every((movement) => movement.unitCostMinor !== null)).toBe(true);
    expect((await clerk('GET', '/api/inventory/summary')).json()).toMatchObject({ valuationMinor: null });
    expect((await owner('GET', '/api/inventory/summary')).json<{ valuationMinor: number | null }>().valuationMinor).toBeGreaterThan(0);
    const take = await created(clerk('POST', '/api/inventory/stock-takes', { locationId: mainId, isBlind: false }));
    const counted = await clerk('PUT', `/api/inventory/stock-takes/${take.id}/counts`, { variantId: flour.variantId, countedQuantityMilli: 1000 });
    expect(counted.status, counted.text).toBe(200);
    expect(counted.json<{ lines: { unitCostMinor: number | null }[] }>().lines).toMatchObject([{ unitCostMinor: null }]);
    expect((await owner('GET', `/api/inventory/stock-takes/${take.id}`)).json<{ lines: { unitCostMinor: number | null }[] }>().lines[0]!.unitCostMinor).toBeGreaterThan(0);
    expect((await clerk('POST', `/api/inventory/stock-takes/${take.id}/cancel`)).status).toBe(200);
  });

  it('an analyst (reports.view without costs.view) gets the shop’s dashboard without costs', async () => {
    const analyst = await custom(['reports.view']);
    const dashboard = (await analyst('GET', '/api/dashboard')).json();
    expect(dashboard).toMatchObject({ scope: 'shop', figures: { netSalesMinor: 34_800 } });
    expect(dashboard.figures).not.toHaveProperty('grossProfitMinor');
  });

  it('receiving goods: any delivery with purchases.manage; with purchases.receive alone only a cash one from their shift (403)', async () => {
    const body = { supplierId, locationId: mainId, payment: { mode: 'on_account' }, lines: receiptLines() };
    const receiver = await custom(['purchases.receive']);
    const refused = await receiver('POST', '/api/goods-receipts', body);
    expect(refused.status).toBe(403);
    const buyer = await custom(['purchases.receive', 'purchases.manage']);
    await created(buyer('POST', '/api/goods-receipts', body));
  });

  it('shifts: their own without sales.approve, every one (at their locations) with it', async () => {
    const teller = await custom(['sales.sell', 'shifts.open_close']);
    expect(await ids(teller('GET', '/api/shifts?status=all'))).toEqual([]);
    expect((await teller('GET', `/api/shifts/${shop.shiftId}`)).status).toBe(404);
    const supervisor = await custom(['sales.sell', 'shifts.open_close', 'sales.approve'], [mainId]);
    expect(await ids(supervisor('GET', '/api/shifts?status=all'))).toEqual([shop.shiftId]);
    expect((await supervisor('GET', `/api/shifts/${shop.shiftId}/report`)).status).toBe(200);
  });

  it('expenses: someone else’s is 404 without expenses.manage, read with it', async () => {
    const [byOwner] = await ids(owner('GET', '/api/expenses'));
    expect((await (await custom(['expenses.record']))('GET', `/api/expenses/${byOwner}`)).status).toBe(404);
    expect((await (await custom(['expenses.record', 'expenses.manage']))('GET', `/api/expenses/${byOwner}`)).status).toBe(200);
  });

  it('contacts: suppliers need contacts.manage, credit limits accounts.adjust (403 with the field)', async () => {
    const editor = await custom(['contacts.edit']);
    const supplier = await editor('POST', '/api/contacts', { name: 'Bidco', type: 'supplier' });
    expect(supplier.status).toBe(403);
    expect(Object.keys(supplier.json().error.fields)).toEqual(['type']);
    const limited = await editor('POST', '/api/contacts', { name: 'Achieng', type: 'customer', creditLimitMinor: 500_000 });
    expect(Object.keys(limited.json().error.fields)).toEqual(['creditLimitMinor']);
    const manager = await custom(['contacts.edit', 'contacts.manage', 'accounts.adjust']);
    await created(manager('POST', '/api/contacts', { name: 'Bidco', type: 'supplier' }));
    await created(manager('POST', '/api/contacts', { name: 'Achieng', type: 'customer', creditLimitMinor: 500_000 }));
  });
});
