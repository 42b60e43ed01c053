import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOpeningStock, createTestProduct, type TestProduct } from '../../tests/support/catalog-factories';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { createStockShop, newKey, type StockShop } from './inventory-test-kit';

// Issue 10 item 12: one open stock take per location (race-safe), and blind counts whose expected
// figures the server keeps to itself until the take is posted.

let testApp: TestApp;
let shop: StockShop;
let sugar: TestProduct;
let rice: TestProduct;

const start = (locationId: string, options: { isBlind?: boolean; key?: string } = {}) =>
  shop.call('POST', '/api/inventory/stock-takes', { as: 'manager', body: { locationId, isBlind: options.isBlind }, idempotencyKey: options.key });
const count = (takeId: string, variantId: string, countedQuantityMilli: number) =>
  shop.call('PUT', `/api/inventory/stock-takes/${takeId}/counts`, { as: 'manager', body: { variantId, countedQuantityMilli } });
const addLocation = async (name: string): Promise<string> => (await shop.call('POST', '/api/locations', { body: { name } })).json().id;

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createStockShop(testApp);
  sugar = await createTestProduct(testApp.database, shop.tenant.id, { name: 'Sugar 1 kg', unitName: 'Piece' });
  rice = await createTestProduct(testApp.database, shop.tenant.id, { name: 'Rice (loose)', unitName: 'Kilogram' });
  await addOpeningStock(testApp.database, shop.tenant.id, { variantId: sugar.variantId, locationId: shop.defaultLocationId, quantityMilli: 12_000, unitCostMinor: 15_000 });
  await addOpeningStock(testApp.database, shop.tenant.id, { variantId: rice.variantId, locationId: shop.defaultLocationId, quantityMilli: 7_250, unitCostMinor: 18_000 });
});
afterAll(() => testApp.close());

describe('one open stock take per location', () => {
  it('refuses a second open take at the same location with 409, allows other locations, and allows a new one once the first is closed', async () => {
    const branchId = await addLocation('Open-take branch');
    const first = await start(branchId);
    expect(first.status).toBe(201);
    const before = await shop.documentCounts();
    const second = await start(branchId);
    expect(second.status).toBe(409);
    expect(second.json().error.message).toBe('A stock take is already open at Open-take branch: post or cancel it before starting another');
    expect(second.json().error.fields).toEqual({ locationId: [second.json().error.message] });
    expect(await shop.documentCounts()).toEqual(before);

    expect((await start(shop.defaultLocationId)).status).toBe(201);
    const mainTake = (await shop.call('GET', `/api/inventory/stock-takes?status=counting&locationId=${shop.defaultLocationId}`)).json().items[0];
    expect((await shop.call('POST', `/api/inventory/stock-takes/${mainTake.id}/cancel`)).status).toBe(200);

    expect((await shop.call('POST', `/api/inventory/stock-takes/${first.json().id}/cancel`)).status).toBe(200);
    const third = await start(branchId);
    expect(third.status).toBe(201);
    expect((await shop.call('POST', `/api/inventory/stock-takes/${third.json().id}/post`)).status).toBe(200);
    expect((await start(branchId)).status).toBe(201);
  });

  it('lets exactly one of several concurrent starts at one location through', async () => {
    const storeId = await addLocation('Race store');
    const before = await shop.documentCounts();
    const responses = await Promise.all([1, 2, 3, 4].map(() => start(storeId, { key: newKey() })));
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409, 409]);
    for (const refused of responses.filter((response) => response.status === 409)) {
      expect(refused.json().error.message).toBe('A stock take is already open at Race store: post or cancel it before starting another');
    }
    expect((await shop.documentCounts()).stock_takes - before.stock_takes).toBe(1);
  });

  it('answers a retry of the same Idempotency-Key with the take it opened, not a conflict', async () => {
    const kioskId = await addLocation('Retry kiosk');
    const key = newKey();
    const first = await start(kioskId, { key });
    const retry = await start(kioskId, { key });
    expect([first.status, retry.status]).toEqual([201, 201]);
    expect(retry.json().id).toBe(first.json().id);
  });
});

describe('blind counts', () => {
  it('sends no expected figure or variance while counting, and both once posted', async () => {
    const started = await start(shop.defaultLocationId, { isBlind: true });
    expect(started.status).toBe(201);
    const take = started.json();
    expect(take).toMatchObject({ isBlind: true, status: 'counting' });

    await count(take.id, sugar.variantId, 10_000);
    const counted = await count(take.id, rice.variantId, 7_250);
    expect(counted.status).toBe(200);
    const hidden = { expectedQuantityMilli: null, varianceMilli: null };
    expect(counted.json().lines).toEqual([
      expect.objectContaining({ productName: 'Rice (loose)', countedQuantityMilli: 7_250, ...hidden }),
      expect.objectContaining({ productName: 'Sugar 1 kg', countedQuantityMilli: 10_000, ...hidden }),
    ]);
    // The on-hand figures (12 and 7.25) appear nowhere in what the counter receives.
    const read = await shop.call('GET', `/api/inventory/stock-takes/${take.id}`, { as: 'manager' });
    expect(read.json().lines.map((line: { expectedQuantityMilli: unknown; varianceMilli: unknown }) => [line.expectedQuantityMilli, line.varianceMilli])).toEqual([
      [null, null],
      [null, null],
    ]);
    expect(read.text).not.toContain('12000');
    const listed = (await shop.call('GET', '/api/inventory/stock-takes?status=counting', { as: 'manager' })).json().items;
    expect(listed.find((item: { id: string }) => item.id === take.id)).toMatchObject({ isBlind: true, lineCount: 2 });

    const posted = await shop.call('POST', `/api/inventory/stock-takes/${take.id}/post`, { as: 'manager' });
    expect(posted.status).toBe(200);
    expect(posted.json().lines.map((line: { productName: string; expectedQuantityMilli: number; varianceMilli: number }) => [line.productName, line.expectedQuantityMilli, line.varianceMilli])).toEqual([
      ['Rice (loose)', 7_250, 0],
      ['Sugar 1 kg', 12_000, -2_000],
    ]);
    expect((await shop.call('GET', `/api/inventory/stock-takes/${take.id}`)).json().lines[1]).toMatchObject({ expectedQuantityMilli: 12_000, varianceMilli: -2_000 });
  });

  it('shows the expected figures of a take that is not blind, and defaults to not blind', async () => {
    const take = (await start(shop.defaultLocationId)).json();
    expect(take.isBlind).toBe(false);
    const counted = await count(take.id, sugar.variantId, 9_000);
    expect(counted.json().lines[0]).toMatchObject({ expectedQuantityMilli: 10_000, varianceMilli: -1_000 });
    expect((await shop.call('POST', `/api/inventory/stock-takes/${take.id}/cancel`)).status).toBe(200);
  });

  it('refuses a blind flag that is not a boolean', async () => {
    const response = await shop.call('POST', '/api/inventory/stock-takes', { body: { locationId: shop.defaultLocationId, isBlind: 'yes' } });
    expect(response.status).toBe(400);
    expect(Object.keys(response.json().error.fields)).toEqual(['isBlind']);
  });

  it("tenant B gets 404 for A's blind take and its counts", async () => {
    const take = (await start(shop.defaultLocationId, { isBlind: true })).json();
    const other = await createStockShop(testApp);
    expect((await other.call('GET', `/api/inventory/stock-takes/${take.id}`)).status).toBe(404);
    expect((await other.call('PUT', `/api/inventory/stock-takes/${take.id}/counts`, { body: { variantId: sugar.variantId, countedQuantityMilli: 1000 } })).status).toBe(404);
    expect((await other.call('POST', `/api/inventory/stock-takes/${take.id}/post`)).status).toBe(404);
    expect((await shop.call('POST', `/api/inventory/stock-takes/${take.id}/cancel`)).status).toBe(200);
  });
});
