import { asc, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitMessage, upgradeMessage } from '../../core/billing/plan-features.rules';
import { productInputSchema } from '../../core/products/products.schemas';
import { createTestShop, type ShopRole, type TestShop } from '../../tests/support/catalog-shop';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { products, productVariants } from '../db/schema/products';
import { changedPrice } from './bulk.service';
import { createProduct, readProductWriteContext } from './products.service';

let testApp: TestApp;

/** A product with one variant per price, straight through the product service. */
async function addProduct(shop: TestShop, name: string, pricesMinor: number[]): Promise<string> {
  const data = productInputSchema.parse({
    name,
    variants: pricesMinor.map((sellingPriceMinor, index) => ({ name: pricesMinor.length > 1 ? `Size ${index + 1}` : '', sellingPriceMinor })),
  });
  return testApp.database.withTenant(shop.tenant.id, async (tx) => {
    const context = await readProductWriteContext(tx, { tenantId: shop.tenant.id, userId: null, requestKey: null });
    return (await createProduct(tx, context, data, { checkLimit: false })).id;
  });
}

/** Bulk operations are a manager's: they post as the manager unless told otherwise. */
function post(shop: TestShop, path: string, body: unknown, as: ShopRole = 'manager') {
  return shop.call('POST', path, { body, as });
}

async function pricesOf(shop: TestShop, productIds: string[]) {
  const rows = await testApp.database.withTenant(shop.tenant.id, (tx) =>
    tx
      .select({ productId: productVariants.productId, price: productVariants.sellingPriceMinor })
      .from(productVariants)
      .where(inArray(productVariants.productId, productIds))
      .orderBy(asc(productVariants.position)),
  );
  return productIds.map((id) => rows.filter((row) => row.productId === id).map((row) => row.price));
}

async function statusesOf(shop: TestShop, productIds: string[]) {
  const rows = await testApp.database.withTenant(shop.tenant.id, (tx) =>
    tx.select({ id: products.id, status: products.status }).from(products).where(inArray(products.id, productIds)),
  );
  return productIds.map((id) => rows.find((row) => row.id === id)?.status);
}

let shop: TestShop;

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createTestShop(testApp);
});
afterAll(() => testApp.close());

describe('percent rounding', () => {
  const toTheCent = { step: 0, currencyDecimals: 2 };
  const wholeShillings = { step: 1, currencyDecimals: 2 };

  it('without price rounding, rounds half away from zero to the cent', () => {
    expect(changedPrice(10, 'percent', 500, toTheCent)).toBe(11); // 10.5 → 11
    expect(changedPrice(10, 'percent', -500, toTheCent)).toBe(10); // 9.5 → 10
    expect(changedPrice(12999, 'percent', 1000, toTheCent)).toBe(14299); // 142.989 → 142.99
    expect(changedPrice(5000, 'amount', -1500, toTheCent)).toBe(3500);
    expect(changedPrice(5000, 'set', 7500, toTheCent)).toBe(7500);
  });

  it("rounds a computed price half up to the shop's step; a price set outright stays as typed", () => {
    // By hand: 135.00 × 1.07 = 144.45 → 144 (whole shillings), 145 (nearest 5), 140 (nearest 10).
    expect(changedPrice(135_00, 'percent', 700, wholeShillings)).toBe(144_00);
    expect(changedPrice(135_00, 'percent', 700, { step: 5, currencyDecimals: 2 })).toBe(145_00);
    expect(changedPrice(135_00, 'percent', 700, { step: 10, currencyDecimals: 2 })).toBe(140_00);
    // 150.00 × 1.03 = 154.50, exactly half: up to 155. 60.00 + 2.50 = 62.50 → 63.
    expect(changedPrice(150_00, 'percent', 300, wholeShillings)).toBe(155_00);
    expect(changedPrice(60_00, 'amount', 2_50, wholeShillings)).toBe(63_00);
    expect(changedPrice(60_00, 'set', 62_50, wholeShillings)).toBe(62_50);
  });
});

describe('bulk price update', () => {
  it('sets, changes by percent and by amount every variant of the chosen products', async () => {
    const noRounding = await shop.call('PATCH', '/api/settings/inventory', { body: { priceRoundingStep: 0 } });
    expect(noRounding.json()).toMatchObject({ priceRoundingStep: 0 });
    const shirt = await addProduct(shop, 'T-shirt', [100_00, 150_00]);
    const soda = await addProduct(shop, 'Soda', [60_00]);
    const untouched = await addProduct(shop, 'Bread', [65_00]);

    const percent = await post(shop, '/api/products/bulk/price', { productIds: [shirt, soda], mode: 'percent', value: 1250 });
    expect(percent.status).toBe(200);
    expect(percent.json()).toEqual({ updated: 2 });
    expect(await pricesOf(shop, [shirt, soda, untouched])).toEqual([[112_50, 168_75], [67_50], [65_00]]);

    expect((await post(shop, '/api/products/bulk/price', { productIds: [shirt], mode: 'amount', value: -12_50 })).json()).toEqual({ updated: 1 });
    expect(await pricesOf(shop, [shirt])).toEqual([[100_00, 156_25]]);

    expect((await post(shop, '/api/products/bulk/price', { productIds: [shirt, soda], mode: 'set', value: 99_00 })).status).toBe(200);
    expect(await pricesOf(shop, [shirt, soda, untouched])).toEqual([[99_00, 99_00], [99_00], [65_00]]);
  });

  it("rounds computed prices to the shop's setting: whole shillings by default, as shelf prices are", async () => {
    const roundingShop = await createTestShop(testApp);
    expect((await roundingShop.call('GET', '/api/settings/inventory')).json()).toMatchObject({ priceRoundingStep: 1 });
    const flour = await addProduct(roundingShop, 'Pembe maize flour 2 kg', [135_00, 150_00]);
    expect((await post(roundingShop, '/api/products/bulk/price', { productIds: [flour], mode: 'percent', value: 700 })).status).toBe(200);
    // 135.00 → 144.45 → 144.00; 150.00 → 160.50 (exactly half) → 161.00.
    expect(await pricesOf(roundingShop, [flour])).toEqual([[144_00, 161_00]]);

    const toFive = await roundingShop.call('PATCH', '/api/settings/inventory', { body: { priceRoundingStep: 5 } });
    expect(toFive.status).toBe(200);
    expect((await post(roundingShop, '/api/products/bulk/price', { productIds: [flour], mode: 'amount', value: 3_30 })).status).toBe(200);
    // 147.30 → 145.00; 164.30 → 165.00.
    expect(await pricesOf(roundingShop, [flour])).toEqual([[145_00, 165_00]]);

    const refused = await roundingShop.call('PATCH', '/api/settings/inventory', { body: { priceRoundingStep: 2 } });
    expect(refused.status).toBe(400);
    expect(refused.json().error.fields.priceRoundingStep).toEqual(['Choose no rounding, or 1, 5 or 10']);
    expect((await roundingShop.call('PATCH', '/api/settings/inventory', { body: { priceRoundingStep: 10 }, as: 'cashier' })).status).toBe(403);
  });

  it('refuses a change that takes any price below 0, naming the products, and changes nothing', async () => {
    const cheap = await addProduct(shop, 'Sweets', [5_00]);
    const dear = await addProduct(shop, 'Cooking oil', [350_00]);
    const response = await post(shop, '/api/products/bulk/price', { productIds: [cheap, dear], mode: 'amount', value: -10_00 });
    expect(response.status).toBe(400);
    expect(response.json().error.message).toBe('A price cannot go below 0: Sweets. Nothing was changed.');
    expect((await post(shop, '/api/products/bulk/price', { productIds: [cheap], mode: 'set', value: -1 })).status).toBe(400);
    expect(await pricesOf(shop, [cheap, dear])).toEqual([[5_00], [350_00]]);
  });

  it('checks the body: no products, unknown mode, fractional value → 400', async () => {
    const id = await addProduct(shop, 'Matches', [10_00]);
    for (const body of [{ productIds: [], mode: 'set', value: 1 }, { productIds: [id], mode: 'double', value: 1 }, { productIds: [id], mode: 'set', value: 1.5 }]) {
      expect((await post(shop, '/api/products/bulk/price', body)).status).toBe(400);
    }
  });
});

describe('bulk archive', () => {
  it('archives and restores, counting only products whose status changes', async () => {
    const first = await addProduct(shop, 'Candles', [20_00]);
    const second = await addProduct(shop, 'Soap', [45_00]);
    expect((await post(shop, '/api/products/bulk/archive', { productIds: [first], archived: true })).json()).toEqual({ updated: 1 });
    const both = await post(shop, '/api/products/bulk/archive', { productIds: [first, second], archived: true });
    expect(both.json()).toEqual({ updated: 1 });
    expect(await statusesOf(shop, [first, second])).toEqual(['archived', 'archived']);
    expect((await post(shop, '/api/products/bulk/archive', { productIds: [first, second], archived: false })).json()).toEqual({ updated: 2 });
    expect(await statusesOf(shop, [first, second])).toEqual(['active', 'active']);
  });

  it('refuses to restore past the plan limit (402) and restores nothing', async () => {
    const limited = await createTestShop(testApp, { plan: 'Professional' });
    const archived = [await addProduct(limited, 'Old stock 1', [1_00]), await addProduct(limited, 'Old stock 2', [1_00])];
    expect((await post(limited, '/api/products/bulk/archive', { productIds: archived, archived: true })).status).toBe(200);
    // 4,999 active products of Professional's 5,000: one more fits, two do not.
    await testApp.database.withTenant(limited.tenant.id, (tx) =>
      tx.execute(sql`insert into products (tenant_id, name) select ${limited.tenant.id}::uuid, 'Seeded ' || n from generate_series(1, 4999) n`),
    );
    const response = await post(limited, '/api/products/bulk/archive', { productIds: archived, archived: false });
    expect(response.status).toBe(402);
    expect(response.json().error.message).toBe(limitMessage('max_products', 5000));
    expect(await statusesOf(limited, archived)).toEqual(['archived', 'archived']);
    expect((await post(limited, '/api/products/bulk/archive', { productIds: archived.slice(0, 1), archived: false })).json()).toEqual({ updated: 1 });
  });
});

describe('access and isolation', () => {
  it('refuses cashiers (403) and plans without bulk operations (402)', async () => {
    const id = await addProduct(shop, 'Torch', [300_00]);
    expect((await post(shop, '/api/products/bulk/price', { productIds: [id], mode: 'set', value: 1 }, 'cashier')).status).toBe(403);
    expect((await post(shop, '/api/products/bulk/archive', { productIds: [id], archived: true }, 'cashier')).status).toBe(403);

    const starter = await createTestShop(testApp, { plan: 'Starter' });
    const own = await addProduct(starter, 'Starter soap', [45_00]);
    for (const [path, body] of [
      ['/api/products/bulk/price', { productIds: [own], mode: 'set', value: 1 }],
      ['/api/products/bulk/archive', { productIds: [own], archived: true }],
    ] as const) {
      const response = await post(starter, path, body);
      expect(response.status, path).toBe(402);
      expect(response.json().error.message).toBe(upgradeMessage('bulk_operations'));
    }
    expect(await pricesOf(starter, [own])).toEqual([[45_00]]);
    expect(await statusesOf(starter, [own])).toEqual(['active']);
  });

  it("answers 404 when any id is not the shop's own, and changes nothing in either shop", async () => {
    const shopB = await createTestShop(testApp);
    const ofA = await addProduct(shop, 'Milk', [60_00]);
    const ofB = await addProduct(shopB, 'Eggs', [15_00]);
    for (const productIds of [[ofA], [ofB, ofA]]) {
      const price = await post(shopB, '/api/products/bulk/price', { productIds, mode: 'set', value: 1 });
      expect(price.status).toBe(404);
      expect(price.text).not.toContain('Milk');
      expect((await post(shopB, '/api/products/bulk/archive', { productIds, archived: true })).status).toBe(404);
    }
    expect(await pricesOf(shop, [ofA])).toEqual([[60_00]]);
    expect(await pricesOf(shopB, [ofB])).toEqual([[15_00]]);
    expect(await statusesOf(shop, [ofA])).toEqual(['active']);
    expect(await statusesOf(shopB, [ofB])).toEqual(['active']);
  });
});
