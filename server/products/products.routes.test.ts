import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitMessage, upgradeMessage } from '../../core/billing/plan-features.rules';
import { withEan13CheckDigit } from '../../core/products/barcode.rules';
import type { Product, ProductInput } from '../../core/products/products.schemas';
import { createTestShop, type TestShop } from '../../tests/support/catalog-shop';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';
import { units } from '../db/schema/products';

let testApp: TestApp;

/** Rows of every catalog table in the shop: "nothing written" compares two of these. */
function catalogCounts(shop: TestShop) {
  return testApp.database.withTenant(shop.tenant.id, async (tx) => {
    const [row] = await queryRows<Record<string, number>>(
      tx,
      sql`select (select count(*)::int from products) as products, (select count(*)::int from product_variants) as variants,
                 (select count(*)::int from product_barcodes) as barcodes, (select count(*)::int from product_price_tiers) as tiers,
                 (select count(*)::int from stock_movements) as movements`,
    );
    return row!;
  });
}

function unitId(shop: TestShop, name: string) {
  return testApp.database
    .withTenant(shop.tenant.id, (tx) => tx.select({ id: units.id }).from(units).where(eq(units.name, name)))
    .then(([unit]) => unit!.id);
}

const ean = (body: string) => withEan13CheckDigit(body.padStart(12, '0'));

let shop: TestShop;
let other: TestShop;

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createTestShop(testApp);
  other = await createTestShop(testApp);
});
afterAll(() => testApp.close());

describe('creating products', () => {
  it('creates a simple product with a barcode, a generated SKU and opening stock at its cost', async () => {
    const barcode = ean('616100000011');
    const response = await shop.call('POST', '/api/products', {
      body: {
        name: 'Coca-Cola 500 ml',
        variants: [{ sellingPriceMinor: 8_000, costPriceMinor: 6_000, barcodes: [barcode], openingStock: [{ locationId: shop.defaultLocationId, quantityMilli: 24_000 }] }],
        reorderLevelMilli: 6_000,
      } satisfies ProductInput,
    });
    expect(response.status).toBe(201);
    const product = response.json<Product>();
    expect(product).toMatchObject({ name: 'Coca-Cola 500 ml', kind: 'standard', trackStock: true, reorderLevelMilli: 6_000, status: 'active' });
    expect(product.variants).toHaveLength(1);
    expect(product.variants[0]).toMatchObject({ sku: 'COCA-COLA-500-ML', barcodes: [barcode], sellingPriceMinor: 8_000, averageCostMinor: 6_000, onHandMilli: 24_000 });
    expect(product.variants[0]!.stock).toEqual([{ locationId: shop.defaultLocationId, locationName: 'Main shop', onHandMilli: 24_000, isLow: false }]);
    const movements = await testApp.database.withTenant(shop.tenant.id, (tx) =>
      queryRows<{ kind: string; source_type: string; source_id: string; unit_cost_minor: number }>(tx, sql`select kind, source_type, source_id, unit_cost_minor from stock_movements`),
    );
    expect(movements).toEqual([{ kind: 'opening', source_type: 'product', source_id: product.id, unit_cost_minor: 6_000 }]);

    // The same name again gets the next free SKU.
    const again = await shop.call('POST', '/api/products', { body: { name: 'Coca-Cola 500 ml', variants: [{ sellingPriceMinor: 8_000 }] } });
    expect(again.json<Product>().variants[0]!.sku).toBe('COCA-COLA-500-ML-2');
  });

  it('creates a product with variants, each with its own SKU, barcodes and price', async () => {
    const response = await shop.call('POST', '/api/products', {
      body: {
        name: 'T-shirt',
        variants: [
          { name: 'Small / Red', options: { Size: 'Small', Colour: 'Red' }, sku: 'tee-s-red', barcodes: [ean('200000000011'), 'TEE-S-RED'], sellingPriceMinor: 90_000 },
          { name: 'Large / Red', options: { Size: 'Large', Colour: 'Red' }, sellingPriceMinor: 95_000 },
        ],
      } satisfies ProductInput,
    });
    expect(response.status).toBe(201);
    const product = response.json<Product>();
    expect(product.variants.map((variant) => [variant.name, variant.sku, variant.barcodes, variant.sellingPriceMinor])).toEqual([
      ['Small / Red', 'tee-s-red', [ean('200000000011'), 'TEE-S-RED'], 90_000],
      ['Large / Red', 'T-SHIRT-LARGE-RED', [], 95_000],
    ]);
    const fetched = await shop.call('GET', `/api/products/${product.id}`, { as: 'cashier' });
    expect(fetched.status).toBe(200);
    // The same product, without what the shop paid (issue 10 item 5).
    expect(fetched.json()).toEqual({ ...product, variants: product.variants.map(({ costPriceMinor: _cost, averageCostMinor: _averageCost, ...variant }) => variant) });
  });

  it('refuses a SKU or barcode another product has, naming the field, and writes nothing', async () => {
    const before = await catalogCounts(shop);
    const skuTaken = await shop.call('POST', '/api/products', { body: { name: 'Copy', variants: [{ sku: 'TEE-S-RED', sellingPriceMinor: 1 }] } });
    expect(skuTaken.status).toBe(409);
    expect(skuTaken.json().error.fields).toEqual({ 'variants.0.sku': ['SKU TEE-S-RED is already used by T-shirt'] });
    const codeTaken = await shop.call('POST', '/api/products', { body: { name: 'Copy', variants: [{ barcodes: [ean('616100000011')], sellingPriceMinor: 1 }] } });
    expect(codeTaken.status).toBe(409);
    expect(codeTaken.json().error.fields).toEqual({ 'variants.0.barcodes.0': [`Barcode ${ean('616100000011')} is already on Coca-Cola 500 ml`] });
    expect(await catalogCounts(shop)).toEqual(before);
  });

  it('refuses bad input with field messages and writes nothing', async () => {
    const before = await catalogCounts(shop);
    const post = (body: unknown) => shop.call('POST', '/api/products', { body });
    const negative = await post({ name: 'Bad', variants: [{ sellingPriceMinor: -5 }] });
    expect(negative.status).toBe(400);
    expect(negative.json().error.fields['variants.0.sellingPriceMinor']).toEqual(['Selling price cannot be negative']);
    const badEan = await post({ name: 'Bad', variants: [{ sellingPriceMinor: 5, barcodes: ['5000112637923'] }] });
    expect(badEan.status).toBe(400);
    expect(badEan.json().error.fields['variants.0.barcodes.0'][0]).toContain('check digit');
    const unknownCategory = await post({ name: 'Bad', categoryId: randomUUID(), variants: [{ sellingPriceMinor: 5 }] });
    expect(unknownCategory.status).toBe(400);
    expect(unknownCategory.json().error.fields).toEqual({ categoryId: ['Choose a category from the list'] });
    const tooMany = await post({ name: 'Bad', variants: Array.from({ length: 101 }, (_, index) => ({ name: `V${index}`, sellingPriceMinor: 5 })) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json().error.fields.variants).toEqual(['At most 100 variants']);
    const unknownLocation = await post({ name: 'Bad', variants: [{ sellingPriceMinor: 5, openingStock: [{ locationId: randomUUID(), quantityMilli: 1_000 }] }] });
    expect(unknownLocation.json().error.fields).toEqual({ 'variants.0.openingStock.0.locationId': ['Choose a location from the list'] });
    const halfPiece = await post({ name: 'Bad', variants: [{ sellingPriceMinor: 5, openingStock: [{ locationId: shop.defaultLocationId, quantityMilli: 1_500 }] }] });
    expect(halfPiece.json().error.fields).toEqual({ 'variants.0.openingStock.0.quantityMilli': ['Piece is counted in whole numbers'] });
    const otherShopCategory = await other.call('POST', '/api/product-categories', { body: { name: 'Elsewhere' } });
    const foreign = await post({ name: 'Bad', categoryId: otherShopCategory.json().id, variants: [{ sellingPriceMinor: 5 }] });
    expect(foreign.json().error.fields).toEqual({ categoryId: ['Choose a category from the list'] });
    expect(await catalogCounts(shop)).toEqual(before);
  });

  it('takes fractions for weighed goods', async () => {
    const response = await shop.call('POST', '/api/products', {
      body: { name: 'Sukuma wiki', unitId: await unitId(shop, 'Kilogram'), variants: [{ sellingPriceMinor: 6_000, openingStock: [{ locationId: shop.defaultLocationId, quantityMilli: 2_250 }] }] },
    });
    expect(response.status).toBe(201);
    expect(response.json<Product>()).toMatchObject({ unit: { name: 'Kilogram', allowsDecimals: true }, variants: [{ onHandMilli: 2_250 }] });
  });

  it('lets a cashier read but not create', async () => {
    expect((await shop.call('POST', '/api/products', { as: 'cashier', body: { name: 'X', variants: [{ sellingPriceMinor: 1 }] } })).status).toBe(403);
  });
});

describe('idempotent create', () => {
  it('answers a retry with the first product and never stores a second', async () => {
    const key = randomUUID();
    const body = { name: 'Idempotent bread', variants: [{ sellingPriceMinor: 6_500 }] };
    const first = await shop.call('POST', '/api/products', { body, idempotencyKey: key });
    const retry = await shop.call('POST', '/api/products', { body, idempotencyKey: key });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(200);
    expect(retry.json().id).toBe(first.json().id);

    const concurrentKey = randomUUID();
    const racing = await Promise.all([0, 1].map(() => shop.call('POST', '/api/products', { body: { ...body, name: 'Racing bread' }, idempotencyKey: concurrentKey })));
    expect(racing.map((response) => response.status).sort()).toEqual([200, 201]);
    expect(new Set(racing.map((response) => response.json().id)).size).toBe(1);
    const stored = await testApp.database.withTenant(shop.tenant.id, (tx) =>
      queryRows<{ count: number }>(tx, sql`select count(*)::int as count from products where name in ('Idempotent bread', 'Racing bread')`),
    );
    expect(stored[0]!.count).toBe(2);
  });
});

describe('updating products', () => {
  it('updates, adds and removes variants, keeps a blank SKU, and refreshes low-stock flags', async () => {
    const created = (
      await shop.call('POST', '/api/products', {
        body: {
          name: 'Maize flour',
          variants: [
            { name: '1 kg', sku: 'UNGA-1', barcodes: ['UNGA-1KG'], sellingPriceMinor: 15_000, openingStock: [{ locationId: shop.defaultLocationId, quantityMilli: 5_000 }] },
            { name: '2 kg', sku: 'UNGA-2', sellingPriceMinor: 28_000 },
          ],
        },
      })
    ).json<Product>();
    const [kilo, twoKilo] = created.variants;
    const response = await shop.call('PUT', `/api/products/${created.id}`, {
      body: {
        name: 'Maize flour (sifted)',
        reorderLevelMilli: 5_000,
        variants: [
          { id: kilo!.id, name: '1 kg', sku: '', barcodes: ['UNGA-1KG-NEW'], sellingPriceMinor: 16_000, openingStock: [{ locationId: shop.defaultLocationId, quantityMilli: 99_000 }] },
          { name: '5 kg', sellingPriceMinor: 65_000 },
        ],
      },
    });
    expect(response.status).toBe(200);
    const updated = response.json<Product>();
    expect(updated.name).toBe('Maize flour (sifted)');
    expect(updated.variants.map((variant) => [variant.id === kilo!.id, variant.name, variant.sku, variant.barcodes, variant.sellingPriceMinor, variant.onHandMilli])).toEqual([
      [true, '1 kg', 'UNGA-1', ['UNGA-1KG-NEW'], 16_000, 5_000],
      [false, '5 kg', 'MAIZE-FLOUR-SIFTED-5-KG', [], 65_000, 0],
    ]);
    expect(updated.variants.some((variant) => variant.id === twoKilo!.id)).toBe(false);
    // 5 on hand at a reorder level of 5: low now, without any stock movement.
    expect(updated.variants[0]!.stock[0]!.isLow).toBe(true);
  });

  it('refuses to remove a variant with stock history (409) and changes nothing', async () => {
    const created = (
      await shop.call('POST', '/api/products', {
        body: { name: 'Soap', variants: [{ name: 'Bar', sellingPriceMinor: 5_000, openingStock: [{ locationId: shop.defaultLocationId, quantityMilli: 3_000 }] }, { name: 'Liquid', sellingPriceMinor: 9_000 }] },
      })
    ).json<Product>();
    const response = await shop.call('PUT', `/api/products/${created.id}`, {
      body: { name: 'Soap renamed', variants: [{ id: created.variants[1]!.id, name: 'Liquid', sellingPriceMinor: 9_000 }] },
    });
    expect(response.status).toBe(409);
    expect(response.json().error.message).toBe('Bar has stock history and cannot be removed; archive the product instead');
    expect((await shop.call('GET', `/api/products/${created.id}`)).json<Product>()).toEqual(created);
  });

  it('refuses a variant id of another product', async () => {
    const created = (await shop.call('POST', '/api/products', { body: { name: 'Salt', variants: [{ sellingPriceMinor: 3_000 }] } })).json<Product>();
    const response = await shop.call('PUT', `/api/products/${created.id}`, { body: { name: 'Salt', variants: [{ id: randomUUID(), sellingPriceMinor: 3_000 }] } });
    expect(response.status).toBe(400);
    expect(Object.keys(response.json().error.fields)).toEqual(['variants.0.id']);
  });

  it('archives and unarchives through status', async () => {
    const created = (await shop.call('POST', '/api/products', { body: { name: 'Matches', variants: [{ sellingPriceMinor: 500 }] } })).json<Product>();
    const input = { name: 'Matches', variants: [{ id: created.variants[0]!.id, sellingPriceMinor: 500 }] };
    expect((await shop.call('PUT', `/api/products/${created.id}`, { body: { ...input, status: 'archived' } })).json().status).toBe('archived');
    expect((await shop.call('PUT', `/api/products/${created.id}`, { body: { ...input, status: 'active' } })).json().status).toBe('active');
  });
});

describe('advanced inventory fields', () => {
  async function advancedInput(target: TestShop) {
    const component = (await target.call('POST', '/api/products', { body: { name: 'Component', variants: [{ sellingPriceMinor: 100 }] } })).json<Product>();
    const pack = await testApp.database.withTenant(target.tenant.id, async (tx) => {
      const [piece] = await tx.select({ id: units.id }).from(units).where(eq(units.name, 'Piece'));
      const [created] = await tx
        .insert(units)
        .values({ tenantId: target.tenant.id, name: 'Box of 12', shortName: 'box', baseUnitId: piece!.id, baseQuantity: 12_000 })
        .returning({ id: units.id });
      return created!.id;
    });
    return {
      componentVariantId: component.variants[0]!.id,
      packUnitId: pack,
    };
  }

  it('are refused with 402 and the upgrade message on a Starter shop', async () => {
    const starter = await createTestShop(testApp, { plan: 'Starter' });
    const { componentVariantId, packUnitId } = await advancedInput(starter);
    const before = await catalogCounts(starter);
    const message = upgradeMessage('advanced_inventory');
    const post = (body: Record<string, unknown>) => starter.call('POST', '/api/products', { body: { name: 'Advanced', variants: [{ sellingPriceMinor: 1_000 }], ...body } });
    const cases: [Record<string, unknown>, string][] = [
      [{ warrantyDays: 365 }, 'warrantyDays'],
      [{ unitId: packUnitId }, 'unitId'],
      [{ kind: 'combo', components: [{ variantId: componentVariantId, quantityMilli: 2_000 }] }, 'components'],
      [{ variants: [{ sellingPriceMinor: 1_000, priceTiers: [{ minQuantityMilli: 12_000, priceMinor: 900 }] }] }, 'variants.0.priceTiers'],
    ];
    for (const [body, field] of cases) {
      const response = await post(body);
      expect(response.status).toBe(402);
      expect(response.json().error).toMatchObject({ code: 'payment_required', message, fields: { [field]: [message] } });
    }
    expect((await starter.call('POST', '/api/brands', { body: { name: 'Bidco' } })).status).toBe(402);
    expect(await catalogCounts(starter)).toEqual(before);
    expect((await post({ unitId: await unitId(starter, 'Kilogram') })).status).toBe(201);
  });

  it('are stored on a trial shop', async () => {
    const { componentVariantId, packUnitId } = await advancedInput(shop);
    const brand = (await shop.call('POST', '/api/brands', { body: { name: 'Bidco' } })).json();
    const product = await shop.call('POST', '/api/products', {
      body: {
        name: 'Soda crate',
        brandId: brand.id,
        unitId: packUnitId,
        warrantyDays: 30,
        variants: [{ sellingPriceMinor: 96_000, priceTiers: [{ minQuantityMilli: 10_000, priceMinor: 90_000 }] }],
      },
    });
    expect(product.status).toBe(201);
    expect(product.json()).toMatchObject({
      brand: { id: brand.id, name: 'Bidco' },
      unit: { id: packUnitId, baseQuantityMilli: 12_000 },
      warrantyDays: 30,
      variants: [{ priceTiers: [{ minQuantityMilli: 10_000, priceMinor: 90_000 }] }],
    });
    const combo = await shop.call('POST', '/api/products', {
      body: { name: 'Breakfast combo', kind: 'combo', components: [{ variantId: componentVariantId, quantityMilli: 2_000 }], variants: [{ sellingPriceMinor: 250 }] },
    });
    expect(combo.status).toBe(201);
    expect(combo.json()).toMatchObject({ kind: 'combo', trackStock: false, components: [{ variantId: componentVariantId, productName: 'Component', quantityMilli: 2_000 }] });
  });
});

describe('the max_products limit', () => {
  it('lets exactly one of two concurrent creates take the last place on Starter', async () => {
    const starter = await createTestShop(testApp, { plan: 'Starter' });
    await testApp.database.withTenant(starter.tenant.id, (tx) =>
      tx.execute(sql`insert into products (tenant_id, name) select ${starter.tenant.id}, 'Filler ' || n from generate_series(1, 999) as n`),
    );
    const responses = await Promise.all(
      ['Last one A', 'Last one B'].map((name) => starter.call('POST', '/api/products', { body: { name, variants: [{ sellingPriceMinor: 100 }] } })),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([201, 402]);
    expect(responses.find((response) => response.status === 402)!.json().error.message).toBe(limitMessage('max_products', 1000));
    expect((await catalogCounts(starter)).products).toBe(1000);
  });
});

describe('tenant isolation', () => {
  it('gives another shop 404 for this shop’s products and nothing in its list or lookup', async () => {
    const product = (
      await shop.call('POST', '/api/products', { body: { name: 'Private chai', variants: [{ sku: 'CHAI-PRIVATE', barcodes: ['CHAI-CODE'], sellingPriceMinor: 1 }] } })
    ).json<Product>();
    expect((await other.call('GET', `/api/products/${product.id}`)).status).toBe(404);
    const put = await other.call('PUT', `/api/products/${product.id}`, { body: { name: 'Stolen', variants: [{ sellingPriceMinor: 1 }] } });
    expect(put.status).toBe(404);
    expect((await other.call('DELETE', `/api/products/${product.id}/image`)).status).toBe(404);
    expect((await other.call('GET', '/api/products?search=chai')).json().items).toEqual([]);
    expect((await other.call('GET', '/api/products/lookup?code=CHAI-CODE')).status).toBe(404);
    expect((await other.call('GET', '/api/products/lookup?code=chai-private')).status).toBe(404);
    // Its SKU and barcode are free in the other shop.
    const same = await other.call('POST', '/api/products', { body: { name: 'Chai', variants: [{ sku: 'CHAI-PRIVATE', barcodes: ['CHAI-CODE'], sellingPriceMinor: 1 }] } });
    expect(same.status).toBe(201);
    expect((await shop.call('GET', `/api/products/${product.id}`)).json().name).toBe('Private chai');
  });
});
