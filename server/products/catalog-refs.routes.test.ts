import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upgradeMessage } from '../../core/billing/plan-features.rules';
import type { Category, Unit } from '../../core/products/products.schemas';
import { createTestShop, type ShopRole } from '../../tests/support/catalog-shop';
import { createTestApp, type TestApp, type TestResponse } from '../../tests/support/test-app';

let testApp: TestApp;

interface Shop {
  call(method: string, path: string, body?: unknown, as?: ShopRole): Promise<TestResponse>;
}

/** Reference data is the manager's to keep: a shop's requests go as its manager unless told otherwise. */
async function openShop(plan?: 'Starter'): Promise<Shop> {
  const shop = await createTestShop(testApp, { plan });
  return { call: (method, path, body, as = 'manager') => shop.call(method, path, { body, as }) };
}

let shop: Shop;
let other: Shop;

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await openShop();
  other = await openShop();
});
afterAll(() => testApp.close());

describe('categories', () => {
  it('nest, show their path and product count, and list by path', async () => {
    const drinks = (await shop.call('POST', '/api/product-categories', { name: 'Drinks' })).json<Category>();
    const soft = await shop.call('POST', '/api/product-categories', { name: 'Soft drinks', parentId: drinks.id });
    expect(soft.status).toBe(201);
    expect(soft.json()).toMatchObject({ name: 'Soft drinks', parentId: drinks.id, path: 'Drinks › Soft drinks', productCount: 0 });
    await shop.call('POST', '/api/products', { name: 'Sprite 500 ml', categoryId: soft.json().id, variants: [{ sellingPriceMinor: 7_000 }] });
    await shop.call('POST', '/api/product-categories', { name: 'Bakery' });
    const listed = await shop.call('GET', '/api/product-categories', undefined, 'cashier');
    expect(listed.json().items.map((category: Category) => [category.path, category.productCount])).toEqual([
      ['Bakery', 0],
      ['Drinks', 0],
      ['Drinks › Soft drinks', 1],
    ]);
  });

  it('carry a default VAT class that new products in them (and their sub-categories) start with when the request names none', async () => {
    const food = (await shop.call('POST', '/api/product-categories', { name: 'Food', defaultTaxClass: 'exempt' })).json<Category>();
    const unga = await shop.call('POST', '/api/product-categories', { name: 'Unga', parentId: food.id, defaultTaxClass: 'zero_rated' });
    expect(unga.json()).toMatchObject({ path: 'Food › Unga', defaultTaxClass: 'zero_rated', newProductTaxClass: 'zero_rated' });
    const snacks = (await shop.call('POST', '/api/product-categories', { name: 'Snacks', parentId: food.id })).json<Category>();
    expect(snacks).toMatchObject({ defaultTaxClass: null, newProductTaxClass: 'exempt' });
    const plain = (await shop.call('POST', '/api/product-categories', { name: 'Hardware' })).json<Category>();
    expect(plain).toMatchObject({ defaultTaxClass: null, newProductTaxClass: 'standard' });

    const create = (name: string, categoryId: string | null, taxClass?: string) =>
      shop.call('POST', '/api/products', { name, categoryId, ...(taxClass ? { taxClass } : {}), variants: [{ sellingPriceMinor: 15_000 }] });
    const maizeMeal = await create('Jogoo maize meal 2 kg', unga.json().id);
    expect(maizeMeal.status).toBe(201);
    expect(maizeMeal.json().taxClass).toBe('zero_rated');
    expect((await create('Groundnuts', snacks.id)).json().taxClass).toBe('exempt');
    expect((await create('Nails', plain.id)).json().taxClass).toBe('standard');
    expect((await create('No category', null)).json().taxClass).toBe('standard');
    expect((await create('Maize crisps', unga.json().id, 'standard')).json().taxClass).toBe('standard');

    // Saving a product without a VAT class keeps the one it has; the category default is for new products only.
    const product = maizeMeal.json();
    const updated = await shop.call('PUT', `/api/products/${product.id}`, {
      name: product.name,
      categoryId: plain.id,
      variants: [{ id: product.variants[0].id, sellingPriceMinor: 15_500 }],
    });
    expect(updated.status).toBe(200);
    expect(updated.json().taxClass).toBe('zero_rated');

    const changed = await shop.call('PATCH', `/api/product-categories/${snacks.id}`, { defaultTaxClass: 'standard' });
    expect(changed.json()).toMatchObject({ defaultTaxClass: 'standard', newProductTaxClass: 'standard' });
    const cleared = await shop.call('PATCH', `/api/product-categories/${unga.json().id}`, { defaultTaxClass: null });
    expect(cleared.json()).toMatchObject({ defaultTaxClass: null, newProductTaxClass: 'exempt' });
    const wrong = await shop.call('PATCH', `/api/product-categories/${plain.id}`, { defaultTaxClass: '16%' });
    expect(wrong.status).toBe(400);
    expect(wrong.json().error.fields.defaultTaxClass).toEqual(['Choose a VAT class, or none to use the parent category’s']);
  });

  it('refuse a duplicate name under the same parent, an unknown parent and a cycle', async () => {
    const root = (await shop.call('POST', '/api/product-categories', { name: 'Household' })).json<Category>();
    const child = (await shop.call('POST', '/api/product-categories', { name: 'Cleaning', parentId: root.id })).json<Category>();
    const grandchild = (await shop.call('POST', '/api/product-categories', { name: 'Soap', parentId: child.id })).json<Category>();

    const duplicate = await shop.call('POST', '/api/product-categories', { name: 'cleaning', parentId: root.id });
    expect(duplicate.status).toBe(409);
    expect(duplicate.json().error.fields).toEqual({ name: ['There is already a category with this name here'] });
    expect((await shop.call('POST', '/api/product-categories', { name: 'Cleaning' })).status).toBe(201);

    const unknownParent = await shop.call('POST', '/api/product-categories', { name: 'Orphan', parentId: randomUUID() });
    expect(unknownParent.json().error.fields).toEqual({ parentId: ['Choose a parent category from the list'] });

    for (const parentId of [root.id, grandchild.id]) {
      const cycle = await shop.call('PATCH', `/api/product-categories/${root.id}`, { parentId });
      expect(cycle.status).toBe(400);
      expect(cycle.json().error.fields).toEqual({ parentId: ['A category cannot be inside itself or one of its sub-categories'] });
    }
    const moved = await shop.call('PATCH', `/api/product-categories/${grandchild.id}`, { parentId: root.id, name: 'Soaps' });
    expect(moved.json()).toMatchObject({ path: 'Household › Soaps' });
    expect((await shop.call('PATCH', `/api/product-categories/${grandchild.id}`, { parentId: null })).json()).toMatchObject({ path: 'Soaps', parentId: null });
  });

  it('delete only when empty; cashiers cannot change them', async () => {
    const parent = (await shop.call('POST', '/api/product-categories', { name: 'Snacks' })).json<Category>();
    const child = (await shop.call('POST', '/api/product-categories', { name: 'Crisps', parentId: parent.id })).json<Category>();
    await shop.call('POST', '/api/products', { name: 'Tropical crisps', categoryId: child.id, variants: [{ sellingPriceMinor: 5_000 }] });
    expect((await shop.call('DELETE', `/api/product-categories/${parent.id}`)).status).toBe(409);
    expect((await shop.call('DELETE', `/api/product-categories/${child.id}`)).status).toBe(409);
    expect((await shop.call('POST', '/api/product-categories', { name: 'Nope' }, 'cashier')).status).toBe(403);
    const empty = (await shop.call('POST', '/api/product-categories', { name: 'Empty' })).json<Category>();
    expect((await shop.call('DELETE', `/api/product-categories/${empty.id}`)).status).toBe(204);
    expect((await shop.call('GET', '/api/product-categories')).json().items.some((category: Category) => category.id === empty.id)).toBe(false);
  });
});

describe('brands', () => {
  it('are created, renamed, refused when duplicated and deleted when unused', async () => {
    const brand = await shop.call('POST', '/api/brands', { name: 'Bidco' });
    expect(brand.status).toBe(201);
    expect(brand.json()).toMatchObject({ name: 'Bidco', productCount: 0 });
    expect((await shop.call('POST', '/api/brands', { name: 'BIDCO' })).status).toBe(409);
    expect((await shop.call('PATCH', `/api/brands/${brand.json().id}`, { name: 'Bidco Africa' })).json().name).toBe('Bidco Africa');
    const used = (await shop.call('POST', '/api/brands', { name: 'Menengai' })).json();
    await shop.call('POST', '/api/products', { name: 'Menengai bar soap', brandId: used.id, variants: [{ sellingPriceMinor: 9_000 }] });
    expect((await shop.call('GET', '/api/brands', undefined, 'cashier')).json().items).toEqual([
      { id: brand.json().id, name: 'Bidco Africa', productCount: 0 },
      { id: used.id, name: 'Menengai', productCount: 1 },
    ]);
    expect((await shop.call('DELETE', `/api/brands/${used.id}`)).status).toBe(409);
    expect((await shop.call('DELETE', `/api/brands/${brand.json().id}`)).status).toBe(204);
  });
});

describe('units', () => {
  it('start with the four defaults and take packs of a base unit', async () => {
    const defaults = (await shop.call('GET', '/api/units', undefined, 'cashier')).json().items as Unit[];
    expect(defaults.map((unit) => unit.name).sort()).toEqual(['Kilogram', 'Litre', 'Metre', 'Piece']);
    const piece = defaults.find((unit) => unit.name === 'Piece')!;
    const box = await shop.call('POST', '/api/units', { name: 'Box of 12', shortName: 'box', baseUnitId: piece.id, baseQuantityMilli: 12_000 });
    expect(box.status).toBe(201);
    expect(box.json()).toMatchObject({ baseUnitId: piece.id, baseQuantityMilli: 12_000, allowsDecimals: false });
    const carton = (await shop.call('POST', '/api/units', { name: 'Carton', shortName: 'ctn', baseUnitId: box.json().id, baseQuantityMilli: 4_000 })).json<Unit>();

    const cycle = await shop.call('PATCH', `/api/units/${box.json().id}`, { baseUnitId: carton.id });
    expect(cycle.status).toBe(400);
    expect(cycle.json().error.fields).toEqual({ baseUnitId: ['A unit cannot contain itself'] });
    const half = await shop.call('PATCH', `/api/units/${carton.id}`, { baseQuantityMilli: null });
    expect(half.json().error.fields).toEqual({ baseQuantityMilli: ['Say how many of the base unit one of this holds'] });
    expect((await shop.call('POST', '/api/units', { name: 'Crate', shortName: 'cr', baseUnitId: randomUUID(), baseQuantityMilli: 24_000 })).json().error.fields).toEqual({
      baseUnitId: ['Choose the unit this one contains'],
    });
    expect((await shop.call('POST', '/api/units', { name: 'Bag', shortName: 'bag', baseUnitId: piece.id })).status).toBe(400);
    expect((await shop.call('PATCH', `/api/units/${carton.id}`, { shortName: 'CTN' })).json()).toMatchObject({ shortName: 'CTN', baseQuantityMilli: 4_000 });
  });

  it('refuse deletion while products or packs use them', async () => {
    const units = (await shop.call('GET', '/api/units')).json().items as Unit[];
    const box = units.find((unit) => unit.name === 'Box of 12')!;
    const piece = units.find((unit) => unit.name === 'Piece')!;
    expect((await shop.call('DELETE', `/api/units/${piece.id}`)).status).toBe(409);
    const dozen = (await shop.call('POST', '/api/units', { name: 'Dozen', shortName: 'dz', baseUnitId: piece.id, baseQuantityMilli: 12_000 })).json<Unit>();
    await shop.call('POST', '/api/products', { name: 'Eggs', unitId: dozen.id, variants: [{ sellingPriceMinor: 20_000 }] });
    expect((await shop.call('DELETE', `/api/units/${dozen.id}`)).status).toBe(409);
    const carton = units.find((unit) => unit.name === 'Carton')!;
    expect((await shop.call('DELETE', `/api/units/${carton.id}`)).status).toBe(204);
    expect((await shop.call('DELETE', `/api/units/${box.id}`)).status).toBe(204);
  });
});

describe('plans', () => {
  it('let a Starter shop read units and brands and keep categories, but not change brands or units', async () => {
    const starter = await openShop('Starter');
    expect((await starter.call('POST', '/api/product-categories', { name: 'Drinks' })).status).toBe(201);
    expect((await starter.call('GET', '/api/brands')).status).toBe(200);
    const units = (await starter.call('GET', '/api/units')).json().items as Unit[];
    const message = upgradeMessage('advanced_inventory');
    const brand = await starter.call('POST', '/api/brands', { name: 'Bidco' });
    expect(brand.status).toBe(402);
    expect(brand.json().error.message).toBe(message);
    expect((await starter.call('POST', '/api/units', { name: 'Box', shortName: 'box' })).status).toBe(402);
    expect((await starter.call('DELETE', `/api/units/${units[0]!.id}`)).status).toBe(402);
  });
});

describe('tenant isolation', () => {
  it('gives another shop 404 for this shop’s categories, brands and units, and never lists them', async () => {
    const category = (await shop.call('POST', '/api/product-categories', { name: 'Secret category' })).json<Category>();
    const brand = (await shop.call('POST', '/api/brands', { name: 'Secret brand' })).json();
    const unit = (await shop.call('POST', '/api/units', { name: 'Secret unit', shortName: 'sec' })).json<Unit>();

    expect((await other.call('PATCH', `/api/product-categories/${category.id}`, { name: 'Mine' })).status).toBe(404);
    expect((await other.call('PATCH', `/api/product-categories/${category.id}`, { defaultTaxClass: 'exempt' })).status).toBe(404);
    expect((await other.call('DELETE', `/api/product-categories/${category.id}`)).status).toBe(404);
    expect((await other.call('PATCH', `/api/brands/${brand.id}`, { name: 'Mine' })).status).toBe(404);
    expect((await other.call('DELETE', `/api/brands/${brand.id}`)).status).toBe(404);
    expect((await other.call('PATCH', `/api/units/${unit.id}`, { name: 'Mine' })).status).toBe(404);
    expect((await other.call('DELETE', `/api/units/${unit.id}`)).status).toBe(404);
    expect((await other.call('POST', '/api/product-categories', { name: 'Child', parentId: category.id })).status).toBe(400);
    expect((await other.call('POST', '/api/units', { name: 'Pack', shortName: 'pk', baseUnitId: unit.id, baseQuantityMilli: 2_000 })).status).toBe(400);
    const product = await other.call('POST', '/api/products', { name: 'Borrowed', brandId: brand.id, unitId: unit.id, variants: [{ sellingPriceMinor: 1 }] });
    expect(product.status).toBe(400);
    // Another shop's category (with a default VAT class) is refused, never read for its default.
    await shop.call('PATCH', `/api/product-categories/${category.id}`, { defaultTaxClass: 'zero_rated' });
    const inForeignCategory = await other.call('POST', '/api/products', { name: 'Borrowed', categoryId: category.id, variants: [{ sellingPriceMinor: 1 }] });
    expect(inForeignCategory.status).toBe(400);
    expect(inForeignCategory.json().error.fields.categoryId).toEqual(['Choose a category from the list']);

    const lists = await Promise.all(['/api/product-categories', '/api/brands', '/api/units'].map((path) => other.call('GET', path)));
    const listedIds = lists.flatMap((response) => response.json().items.map((item: { id: string }) => item.id));
    expect(listedIds).not.toContain(category.id);
    expect(listedIds).not.toContain(brand.id);
    expect(listedIds).not.toContain(unit.id);
    expect(listedIds.length).toBeGreaterThan(0);
    expect((await shop.call('GET', '/api/product-categories')).json().items.some((item: Category) => item.id === category.id)).toBe(true);
  });
});
