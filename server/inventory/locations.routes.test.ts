import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitMessage, upgradeMessage } from '../../core/billing/plan-features.rules';
import { addOpeningStock, createTestProduct } from '../../tests/support/catalog-factories';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { createStockShop, newKey, type StockShop } from './inventory-test-kit';

let testApp: TestApp;
let shop: StockShop;

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createStockShop(testApp);
});
afterAll(() => testApp.close());

describe('locations', () => {
  it('starts with the default location, which a cashier can read', async () => {
    const response = await shop.call('GET', '/api/locations', { as: 'cashier' });
    expect(response.status).toBe(200);
    expect(response.json().items).toEqual([
      { id: shop.defaultLocationId, name: 'Main shop', kind: 'shop', address: null, isDefault: true, isActive: true },
    ]);
  });

  it('adds a warehouse once per Idempotency-Key, even when the retry races the first request', async () => {
    const key = newKey();
    const body = { name: '  Westlands store ', kind: 'warehouse', address: ' Ring Road ' };
    const [first, second] = await Promise.all([
      shop.call('POST', '/api/locations', { body, idempotencyKey: key }),
      shop.call('POST', '/api/locations', { body, idempotencyKey: key }),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.json()).toMatchObject({ name: 'Westlands store', kind: 'warehouse', address: 'Ring Road', isDefault: false, isActive: true });
    expect(second.json().id).toBe(first.json().id);
    const names = (await shop.call('GET', '/api/locations')).json().items.map((location: { name: string }) => location.name);
    expect(names).toEqual(['Main shop', 'Westlands store']);
  });

  it('refuses a blank or duplicate name with a field message', async () => {
    const blank = await shop.call('POST', '/api/locations', { body: { name: '  ' } });
    expect(blank.status).toBe(400);
    expect(blank.json().error.fields.name).toEqual(['Enter the location name']);
    const duplicate = await shop.call('POST', '/api/locations', { body: { name: 'WESTLANDS STORE' } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.json().error.fields.name).toEqual(['A location with this name already exists']);
  });

  it('renames and makes default, leaving out fields unchanged; the old default stops being it', async () => {
    const created = (await shop.call('POST', '/api/locations', { body: { name: 'Kisumu', kind: 'warehouse', address: 'Oginga Odinga St' } })).json();
    const renamed = await shop.call('PATCH', `/api/locations/${created.id}`, { body: { name: 'Kisumu depot' } });
    expect(renamed.json()).toMatchObject({ name: 'Kisumu depot', kind: 'warehouse', address: 'Oginga Odinga St' });
    const madeDefault = await shop.call('PATCH', `/api/locations/${created.id}`, { body: { isDefault: true } });
    expect(madeDefault.json().isDefault).toBe(true);
    const items = (await shop.call('GET', '/api/locations')).json().items;
    expect(items[0].id).toBe(created.id);
    expect(items.filter((location: { isDefault: boolean }) => location.isDefault)).toHaveLength(1);
    await shop.call('PATCH', `/api/locations/${shop.defaultLocationId}`, { body: { isDefault: true } });
  });

  it('refuses to close the default location or one that holds stock; closes an empty one', async () => {
    const closeDefault = await shop.call('PATCH', `/api/locations/${shop.defaultLocationId}`, { body: { isActive: false } });
    expect(closeDefault.status).toBe(409);
    expect(closeDefault.json().error.fields.isActive).toEqual(['The default location cannot be closed']);

    const stocked = (await shop.call('POST', '/api/locations', { body: { name: 'Stocked branch' } })).json();
    const product = await createTestProduct(testApp.database, shop.tenant.id);
    await addOpeningStock(testApp.database, shop.tenant.id, { variantId: product.variantId, locationId: stocked.id, quantityMilli: 2000 });
    const closeStocked = await shop.call('PATCH', `/api/locations/${stocked.id}`, { body: { isActive: false } });
    expect(closeStocked.status).toBe(409);
    expect(closeStocked.json().error.message).toContain('still holds stock');

    const empty = (await shop.call('POST', '/api/locations', { body: { name: 'Empty branch' } })).json();
    const closed = await shop.call('PATCH', `/api/locations/${empty.id}`, { body: { isActive: false } });
    expect(closed.status).toBe(200);
    expect(closed.json()).toMatchObject({ isActive: false, name: 'Empty branch' });
    const listed = (await shop.call('GET', '/api/locations')).json().items;
    expect(listed.find((location: { id: string }) => location.id === empty.id).isActive).toBe(false);
  });

  it('lets only the owner add or change locations', async () => {
    expect((await shop.call('POST', '/api/locations', { body: { name: 'Cashier branch' }, as: 'cashier' })).status).toBe(403);
    expect((await shop.call('POST', '/api/locations', { body: { name: 'Manager branch' }, as: 'manager' })).status).toBe(403);
    expect((await shop.call('PATCH', `/api/locations/${shop.defaultLocationId}`, { body: { name: 'Mine' }, as: 'cashier' })).status).toBe(403);
    const names = (await shop.call('GET', '/api/locations')).json().items.map((location: { name: string }) => location.name);
    expect(names).not.toContain('Cashier branch');
    expect(names).toContain('Main shop');
  });
});

describe('max_locations on the Starter plan (2 locations)', () => {
  it('lets exactly one of two concurrent creates take the last place; reopening counts too', async () => {
    const starter = await createStockShop(testApp, { plan: 'Starter' });
    expect((await starter.call('GET', '/api/locations')).json().items).toHaveLength(1);
    const responses = await Promise.all(['Branch A', 'Branch B'].map((name) => starter.call('POST', '/api/locations', { body: { name } })));
    expect(responses.map((response) => response.status).sort()).toEqual([201, 402]);
    const refused = responses.find((response) => response.status === 402)!;
    expect(refused.json().error.message).toBe(limitMessage('max_locations', 2));
    const locations = (await starter.call('GET', '/api/locations')).json().items;
    expect(locations).toHaveLength(2);

    const branch = responses.find((response) => response.status === 201)!.json();
    expect((await starter.call('PATCH', `/api/locations/${branch.id}`, { body: { isActive: false } })).status).toBe(200);
    expect((await starter.call('POST', '/api/locations', { body: { name: 'Branch C' } })).status).toBe(201);
    const reopen = await starter.call('PATCH', `/api/locations/${branch.id}`, { body: { isActive: true } });
    expect(reopen.status).toBe(402);
    expect(reopen.json().error.message).toBe(limitMessage('max_locations', 2));
  });

  it('refuses allowing negative stock without advanced inventory (402), and allows it on a trial', async () => {
    const starter = await createStockShop(testApp, { plan: 'Starter' });
    const refused = await starter.call('PATCH', '/api/settings/inventory', { body: { allowNegativeStock: true } });
    expect(refused.status).toBe(402);
    expect(refused.json().error.message).toBe(upgradeMessage('advanced_inventory'));
    expect((await starter.call('GET', '/api/settings/inventory', { as: 'cashier' })).json()).toEqual({ vatStandardBp: 1600, vatReducedBp: 800, allowNegativeStock: false, priceRoundingStep: 1 });
    expect((await starter.call('PATCH', '/api/settings/inventory', { body: { vatReducedBp: 900 } })).json().vatReducedBp).toBe(900);

    const allowed = await shop.call('PATCH', '/api/settings/inventory', { body: { allowNegativeStock: true } });
    expect(allowed.json()).toMatchObject({ allowNegativeStock: true });
    expect((await shop.call('PATCH', '/api/settings/inventory', { body: { allowNegativeStock: false }, as: 'manager' })).status).toBe(403);
    expect((await shop.call('PATCH', '/api/settings/inventory', { body: {} })).status).toBe(400);
    expect((await shop.call('PATCH', '/api/settings/inventory', { body: { vatStandardBp: -1 } })).json().error.fields.vatStandardBp).toEqual(['A rate cannot be negative']);
    await shop.call('PATCH', '/api/settings/inventory', { body: { allowNegativeStock: false } });
  });
});

describe('tenant isolation', () => {
  it("tenant B neither sees nor changes tenant A's locations", async () => {
    const other = await createStockShop(testApp);
    const items = (await other.call('GET', '/api/locations')).json().items;
    expect(items.map((location: { id: string }) => location.id)).toEqual([other.defaultLocationId]);
    const hijack = await other.call('PATCH', `/api/locations/${shop.defaultLocationId}`, { body: { name: 'Hijacked' } });
    expect(hijack.status).toBe(404);
    const mine = (await shop.call('GET', '/api/locations')).json().items;
    expect(mine.find((location: { id: string }) => location.id === shop.defaultLocationId).name).toBe('Main shop');
  });
});
