import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upgradeMessage } from '../../core/billing/plan-features.rules';
import { createTestShop, type TestShop } from '../../tests/support/catalog-shop';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';
import { addContact } from '../statements/statements-test-kit';

// Issue 16: a product names the supplier reorder suggestions order it from (a contact that
// supplies: 400 on preferredSupplierId otherwise), and may track batches and expiry on receipts
// (advanced inventory: 402 on a Starter shop, kept when it already had it).

let testApp: TestApp;
let shop: TestShop;
let supplierId: string;
let customerId: string;
let foreignSupplierId: string;

const product = (body: Record<string, unknown> = {}) => ({ name: 'Maziwa 500 ml', variants: [{ sellingPriceMinor: 6_000 }], ...body });
const productCount = (target: TestShop) =>
  testApp.database.withTenant(target.tenant.id, async (tx) => (await queryRows<{ count: number }>(tx, sql`select count(*)::int as count from products`))[0]!.count);

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createTestShop(testApp);
  const other = await createTestShop(testApp);
  supplierId = await addContact(testApp.database, shop.tenant.id, { name: 'Brookside Dairy', type: 'supplier' });
  customerId = await addContact(testApp.database, shop.tenant.id, { name: 'Wanjiru Kamau', type: 'customer' });
  foreignSupplierId = await addContact(testApp.database, other.tenant.id, { name: 'Elsewhere Ltd', type: 'supplier' });
});
afterAll(() => testApp.close());

describe('a product’s preferred supplier and batch tracking', () => {
  it('stores and reads them back, and clears the supplier', async () => {
    const created = await shop.call('POST', '/api/products', { body: product({ preferredSupplierId: supplierId, tracksBatches: true }), as: 'manager' });
    expect(created.status, created.text).toBe(201);
    expect(created.json()).toMatchObject({ preferredSupplier: { id: supplierId, name: 'Brookside Dairy' }, tracksBatches: true });
    const id = created.json().id;
    const variantId = created.json().variants[0].id;
    const updated = await shop.call('PUT', `/api/products/${id}`, { body: product({ variants: [{ id: variantId, sellingPriceMinor: 6_000 }] }), as: 'manager' });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.json()).toMatchObject({ preferredSupplier: null, tracksBatches: false });
  });

  it('refuses a contact that does not supply, or another shop’s, on preferredSupplierId, writing nothing', async () => {
    const before = await productCount(shop);
    const customer = await shop.call('POST', '/api/products', { body: product({ preferredSupplierId: customerId }), as: 'manager' });
    expect(customer.status).toBe(400);
    expect(customer.json().error.fields).toEqual({ preferredSupplierId: ['Wanjiru Kamau is not a supplier'] });
    const foreign = await shop.call('POST', '/api/products', { body: product({ preferredSupplierId: foreignSupplierId }), as: 'manager' });
    expect(foreign.status).toBe(400);
    expect(foreign.json().error.fields).toEqual({ preferredSupplierId: ['Supplier not found'] });
    expect(await productCount(shop)).toBe(before);
  });

  it('refuses batch tracking without advanced inventory (402), and keeps it on a product that had it', async () => {
    const starter = await createTestShop(testApp, { plan: 'Starter' });
    const message = upgradeMessage('advanced_inventory');
    const refused = await starter.call('POST', '/api/products', { body: product({ tracksBatches: true }) });
    expect(refused.status).toBe(402);
    expect(refused.json().error.fields).toEqual({ tracksBatches: [message] });
    const plain = await starter.call('POST', '/api/products', { body: product() });
    expect(plain.status, plain.text).toBe(201);
    const { id } = plain.json();
    await testApp.database.withTenant(starter.tenant.id, (tx) => tx.execute(sql`update products set tracks_batches = true where id = ${id}`));
    const variantId = plain.json().variants[0].id;
    const kept = await starter.call('PUT', `/api/products/${id}`, { body: product({ tracksBatches: true, variants: [{ id: variantId, sellingPriceMinor: 6_500 }] }) });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.json().tracksBatches).toBe(true);
  });
});
