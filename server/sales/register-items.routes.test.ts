import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { createTestContact } from '../accounts/accounts-test-kit';
import { queryRows } from '../db/client';
import { addStockedProduct, createSalesShop, type SalesShop, type StockedProduct } from './sales-test-kit';

// The register's catalog reads (issue 15): a scan by exact barcode or SKU, a typed search for the
// pick list, a parked cart's variants; with tiers, packs, decimals and stock at the register's
// location; a customer's group prices and account figures; another shop's register or customer
// is 404; archived products are not sold.

let testApp: TestApp;
let shop: SalesShop;
let other: SalesShop;
let soda: StockedProduct;
let sugar: StockedProduct;
let archived: StockedProduct;
let crateUnitId: string;
let customerId: string;

const items = (query: string, target = shop) => target.call('GET', `/api/register/items?${query}`, { as: 'cashier' });

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createSalesShop(testApp);
  other = await createSalesShop(testApp);
  soda = await addStockedProduct(testApp.database, shop, { name: 'Coca-Cola 500ml', priceMinor: 8_000, onHandMilli: 48_000, unitName: 'Piece' });
  sugar = await addStockedProduct(testApp.database, shop, { name: 'Mumias sugar loose', priceMinor: 16_000, onHandMilli: 25_500, unitName: 'Kilogram' });
  archived = await addStockedProduct(testApp.database, shop, { name: 'Coca-Cola 300ml old', priceMinor: 5_000 });
  const tenantId = shop.tenant.id;
  customerId = await createTestContact(testApp.database, tenantId, { name: 'Mama Mboga', phone: '+254712345678', creditLimitMinor: 500_000 });
  await testApp.database.withTenant(tenantId, async (tx) => {
    await tx.execute(sql`insert into product_barcodes (tenant_id, variant_id, code) values (${tenantId}, ${soda.variantId}, '5449000000996')`);
    await tx.execute(sql`insert into product_price_tiers (tenant_id, variant_id, min_quantity, price_minor) values (${tenantId}, ${soda.variantId}, 12, 7500), (${tenantId}, ${soda.variantId}, 24, 7000)`);
    const [crate] = await queryRows<{ id: string }>(
      tx,
      sql`insert into units (tenant_id, name, short_name, base_unit_id, base_quantity)
          select ${tenantId}, 'Crate of 24', 'crate', id, 24 from units where name = 'Piece' returning id`,
    );
    crateUnitId = crate!.id;
    await tx.execute(sql`update products set status = 'archived' where id = ${archived.productId}`);
    const [group] = await queryRows<{ id: string }>(
      tx,
      sql`insert into customer_groups (tenant_id, name, price_rule) values (${tenantId}, 'Wholesale', 'price_list') returning id`,
    );
    await tx.execute(sql`update contacts set customer_group_id = ${group!.id} where id = ${customerId}`);
    await tx.execute(sql`insert into customer_group_prices (tenant_id, group_id, variant_id, price_minor) values (${tenantId}, ${group!.id}, ${soda.variantId}, 6800)`);
  });
});
afterAll(() => testApp.close());

describe('GET /api/register/items', () => {
  it('answers a scanned barcode with what the cart prices: tiers, packs of its unit, VAT class, stock at the register’s location', async () => {
    const response = await items(`registerId=${shop.registerId}&code=5449000000996`);
    expect(response.status, response.text).toBe(200);
    expect(response.json()).toEqual({
      items: [
        {
          variantId: soda.variantId,
          productId: soda.productId,
          productName: 'Coca-Cola 500ml',
          variantName: '',
          sku: soda.sku,
          barcodes: ['5449000000996'],
          sellingPriceMinor: 8_000,
          taxClass: 'standard',
          tiers: [
            { minQuantityMilli: 12_000, priceMinor: 7_500 },
            { minQuantityMilli: 24_000, priceMinor: 7_000 },
          ],
          unit: { id: expect.any(String), name: 'Piece', allowsDecimals: false },
          packs: [{ unitId: crateUnitId, name: 'Crate of 24', packSizeMilli: 24_000, allowsDecimals: false }],
          onHandMilli: 48_000,
          imageUrl: null,
        },
      ],
      hasMore: false,
    });
  });

  it('finds a SKU in any case, and a weighed item whose unit takes decimals', async () => {
    const bySku = (await items(`registerId=${shop.registerId}&code=${soda.sku.toLowerCase()}`)).json();
    expect(bySku.items.map((item: { variantId: string }) => item.variantId)).toEqual([soda.variantId]);
    const weighed = (await items(`registerId=${shop.registerId}&code=${sugar.sku}`)).json();
    expect(weighed.items[0]).toMatchObject({ unit: { name: 'Kilogram', allowsDecimals: true }, onHandMilli: 25_500, packs: [] });
  });

  it('answers no items for an unknown code and for an archived product', async () => {
    expect((await items(`registerId=${shop.registerId}&code=0000000000000`)).json()).toEqual({ items: [], hasMore: false });
    expect((await items(`registerId=${shop.registerId}&code=${archived.sku}`)).json()).toEqual({ items: [], hasMore: false });
  });

  it('searches names by every word, SKUs by part, and barcodes exactly, for the pick list', async () => {
    const byWords = (await items(`registerId=${shop.registerId}&q=${encodeURIComponent('coca 500')}`)).json();
    expect(byWords.items.map((item: { productName: string }) => item.productName)).toEqual(['Coca-Cola 500ml']);
    const byName = (await items(`registerId=${shop.registerId}&q=coca`)).json();
    expect(byName.items.map((item: { productName: string }) => item.productName)).toEqual(['Coca-Cola 500ml']);
    const byBarcode = (await items(`registerId=${shop.registerId}&q=5449000000996`)).json();
    expect(byBarcode.items).toHaveLength(1);
    const percent = (await items(`registerId=${shop.registerId}&q=${encodeURIComponent('%')}`)).json();
    expect(percent.items).toEqual([]);
  });

  it('answers a parked cart’s variants by id, leaving out what can no longer be sold', async () => {
    const response = await items(`registerId=${shop.registerId}&variantIds=${[soda.variantId, sugar.variantId, archived.variantId].join(',')}`);
    expect(response.json().items.map((item: { variantId: string }) => item.variantId).sort()).toEqual([soda.variantId, sugar.variantId].sort());
  });

  it('shows stock at the register’s own location only', async () => {
    const tenantId = shop.tenant.id;
    const registerId = await testApp.database.withTenant(tenantId, async (tx) => {
      const [location] = await queryRows<{ id: string }>(tx, sql`insert into locations (tenant_id, name) values (${tenantId}, 'Westlands') returning id`);
      const [register] = await queryRows<{ id: string }>(
        tx,
        sql`insert into registers (tenant_id, location_id, name, receipt_prefix) values (${tenantId}, ${location!.id}, 'Westlands till', 'W9') returning id`,
      );
      return register!.id;
    });
    const response = await items(`registerId=${registerId}&code=5449000000996`);
    expect(response.json().items[0].onHandMilli).toBe(0);
  });

  it('refuses another shop’s register (404), a query asking for nothing or for two things (400), and a bad id list (400)', async () => {
    expect((await items(`registerId=${other.registerId}&code=5449000000996`)).status).toBe(404);
    expect((await items(`registerId=${randomUUID()}&code=5449000000996`)).status).toBe(404);
    expect((await items(`registerId=${shop.registerId}`)).status).toBe(400);
    expect((await items(`registerId=${shop.registerId}&code=x&q=y`)).status).toBe(400);
    expect((await items(`registerId=${shop.registerId}&variantIds=not-an-id`)).status).toBe(400);
    expect((await items(`registerId=not-an-id&code=5449000000996`)).status).toBe(400);
  });

  it('does not show another shop’s products through its own register', async () => {
    const response = await items(`registerId=${other.registerId}&code=${soda.sku}`, other);
    expect(response.json()).toEqual({ items: [], hasMore: false });
  });
});

describe('GET /api/register/customers/{id}', () => {
  it('answers the customer’s group prices, balance, credit limit and points', async () => {
    const response = await shop.call('GET', `/api/register/customers/${customerId}`, { as: 'cashier' });
    expect(response.status, response.text).toBe(200);
    expect(response.json()).toEqual({
      id: customerId,
      name: 'Mama Mboga',
      phone: '+254712345678',
      groupName: 'Wholesale',
      groupDiscountBps: 0,
      groupPrices: [{ variantId: soda.variantId, priceMinor: 6_800 }],
      balanceMinor: 0,
      depositMinor: 0,
      creditLimitMinor: 500_000,
      loyaltyPoints: 0,
    });
  });

  it('is 404 for another shop’s customer, a supplier and an unknown id', async () => {
    expect((await other.call('GET', `/api/register/customers/${customerId}`, { as: 'cashier' })).status).toBe(404);
    const supplierId = await createTestContact(testApp.database, shop.tenant.id, { type: 'supplier' });
    expect((await shop.call('GET', `/api/register/customers/${supplierId}`, { as: 'cashier' })).status).toBe(404);
    expect((await shop.call('GET', `/api/register/customers/${randomUUID()}`, { as: 'cashier' })).status).toBe(404);
  });
});
