import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { createTestContact } from '../accounts/accounts-test-kit';
import { queryRows } from '../db/client';
import { addRegisterWithShift, addStockedProduct, createSalesShop, type SalesShop, type StockedProduct } from './sales-test-kit';

// Parked carts (issue 15): held on the server with a name, seen by every register of the location
// and by no other location's, priced as the checkout would, parked once per Idempotency-Key,
// resumed (read, then deleted) or deleted; no stock is reserved; another shop's are 404.

let testApp: TestApp;
let shop: SalesShop;
let other: SalesShop;
let soap: StockedProduct;
let sameLocation: string;
let otherLocation: string;

const park = (body: Record<string, unknown>, options: { registerId?: string; key?: string; target?: SalesShop } = {}) =>
  (options.target ?? shop).call('POST', '/api/parked-carts', {
    body: { registerId: options.registerId ?? shop.registerId, ...body },
    idempotencyKey: options.key ?? randomUUID(),
    as: 'cashier',
  });

const list = (registerId: string, target = shop) => target.call('GET', `/api/parked-carts?registerId=${registerId}`, { as: 'cashier' });

const cartCount = async (target = shop) => {
  const [row] = await testApp.database.withTenant(target.tenant.id, (tx) => queryRows<{ n: number }>(tx, sql`select count(*)::int as n from parked_carts`));
  return row!.n;
};

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createSalesShop(testApp);
  other = await createSalesShop(testApp);
  soap = await addStockedProduct(testApp.database, shop, { name: 'Geisha soap', priceMinor: 12_000, onHandMilli: 5_000 });
  sameLocation = (await addRegisterWithShift(testApp.database, shop, { prefix: 'T2', openShift: false })).registerId;
  const [location] = await testApp.database.withTenant(shop.tenant.id, (tx) =>
    queryRows<{ id: string }>(tx, sql`insert into locations (tenant_id, name) values (${shop.tenant.id}, 'Westlands branch') returning id`),
  );
  otherLocation = (await addRegisterWithShift(testApp.database, shop, { prefix: 'W1', locationId: location!.id, openShift: false })).registerId;
});
afterAll(() => testApp.close());

describe('parked carts', () => {
  it('parks a cart priced by the server, seen by another register of the location, not by another location’s; resumed by deleting it', async () => {
    const customerId = await createTestContact(testApp.database, shop.tenant.id, { name: 'Mama Njeri' });
    const cart = { customerId, lines: [{ variantId: soap.variantId, quantityMilli: 3000 }] };
    const key = randomUUID();
    const response = await park({ name: 'Mama Njeri', note: 'Back in 10 minutes', cart }, { key });
    expect(response.status, response.text).toBe(201);
    const parked = response.json();
    expect(parked).toMatchObject({
      locationId: shop.defaultLocationId,
      registerId: shop.registerId,
      registerName: expect.any(String),
      name: 'Mama Njeri',
      note: 'Back in 10 minutes',
      customerName: 'Mama Njeri',
      lineCount: 1,
      totalMinor: 36_000,
      parkedByName: expect.any(String),
      cart: { customerId, lines: [{ variantId: soap.variantId, quantityMilli: 3000 }], cartDiscount: null, tipMinor: 0 },
    });
    const retry = await park({ name: 'Mama Njeri', note: 'Back in 10 minutes', cart }, { key });
    expect(retry.status).toBe(201);
    expect(retry.json().id).toBe(parked.id);
    expect(await cartCount()).toBe(1);

    // Parking reserves nothing: all 5 soaps can still be sold.
    const [level] = await testApp.database.withTenant(shop.tenant.id, (tx) =>
      queryRows<{ on_hand: string }>(tx, sql`select on_hand::text from stock_levels where variant_id = ${soap.variantId}`),
    );
    expect(level!.on_hand).toBe('5.000');

    const atT2 = await list(sameLocation);
    expect(atT2.status).toBe(200);
    expect(atT2.json().items.map((item: { id: string }) => item.id)).toEqual([parked.id]);
    expect((await list(otherLocation)).json().items).toEqual([]);

    expect((await shop.call('DELETE', `/api/parked-carts/${parked.id}`, { as: 'cashier' })).status).toBe(204);
    expect((await list(shop.registerId)).json().items).toEqual([]);
    expect((await shop.call('DELETE', `/api/parked-carts/${parked.id}`, { as: 'cashier' })).status).toBe(404);
  });

  it('answers 404 for another shop’s carts and registers', async () => {
    const parked = (await park({ name: 'Kamau', cart: { lines: [{ variantId: soap.variantId, quantityMilli: 1000 }] } })).json();
    expect((await list(shop.registerId, other)).status).toBe(404);
    expect((await other.call('DELETE', `/api/parked-carts/${parked.id}`, { as: 'owner' })).status).toBe(404);
    expect((await park({ name: 'Kamau', cart: { lines: [] } }, { target: other, registerId: shop.registerId })).status).toBe(404);
    expect(await cartCount()).toBe(1);
    expect(await cartCount(other)).toBe(0);
  });

  it('answers 400 with a message per field, for the body and for a product the shop does not sell, and writes nothing', async () => {
    const before = await cartCount();
    const response = await park({ name: '', cart: { lines: [{ variantId: soap.variantId, quantityMilli: 0 }] } });
    expect(response.status).toBe(400);
    expect(Object.keys(response.json().error.fields).sort()).toEqual(['cart.lines.0.quantityMilli', 'name']);
    const unknown = await park({ name: 'Otieno', cart: { lines: [{ variantId: randomUUID(), quantityMilli: 1000 }] } });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.json().error.fields)).toEqual(['cart.lines.0.variantId']);
    expect(await cartCount()).toBe(before);
  });
});
