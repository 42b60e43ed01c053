import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListQuerySchema, type Product, type ProductList } from '../../core/products/products.schemas';
import { createTenant, createUser, TEST_PASSWORD, type TestTenant } from '../../tests/support/factories';
import { createTestApp, signInAs, type TestApp } from '../../tests/support/test-app';
import { locations } from '../db/schema/inventory';
import { listProducts } from './product-list.query';

// The catalog list and the scanner lookup, on a small shop whose every product is known.

let testApp: TestApp;
let tenant: TestTenant;
let host: string;
let cookie: string;
let mainShop: string;
let store: string;
const ids: Record<string, string> = {};

const call = (method: string, path: string, body?: unknown) => testApp.request(path, { method, host, body, headers: { cookie } });
const list = async (query: Record<string, string> = {}) => {
  const response = await call('GET', `/api/products?${new URLSearchParams(query)}`);
  expect(response.status).toBe(200);
  return response.json<ProductList>();
};
const names = (page: ProductList) => page.items.map((item) => item.name);

beforeAll(async () => {
  testApp = await createTestApp();
  const subdomain = `list-${randomBytes(4).toString('hex')}`;
  host = `${subdomain}.localhost:3000`;
  tenant = await createTenant(testApp.database, { subdomain });
  const owner = await createUser(testApp.database, testApp.deps.auth, { tenantId: tenant.id, role: 'admin' });
  cookie = await signInAs(testApp, host, owner.email, TEST_PASSWORD);
  [mainShop, store] = await testApp.database.withTenant(tenant.id, async (tx) => {
    const [main] = await tx.select({ id: locations.id }).from(locations).where(eq(locations.isDefault, true));
    const [extra] = await tx.insert(locations).values({ tenantId: tenant.id, name: 'Back store', kind: 'warehouse' }).returning({ id: locations.id });
    return [main!.id, extra!.id];
  });

  const drinks = (await call('POST', '/api/product-categories', { name: 'Drinks' })).json().id;
  const soft = (await call('POST', '/api/product-categories', { name: 'Soft drinks', parentId: drinks })).json().id;
  const food = (await call('POST', '/api/product-categories', { name: 'Food' })).json().id;
  const brand = (await call('POST', '/api/brands', { name: 'Coca-Cola Company' })).json().id;
  ids.drinks = drinks;
  ids.soft = soft;
  ids.brand = brand;
  const products = [
    { name: 'Coca-Cola 500 ml', categoryId: soft, brandId: brand, reorderLevelMilli: 10_000, variants: [{ sku: 'CC-500', barcodes: ['5449000000996'], sellingPriceMinor: 8_000, openingStock: [{ locationId: mainShop, quantityMilli: 5_000 }, { locationId: store, quantityMilli: 48_000 }] }] },
    { name: 'Fanta Orange 500 ml', categoryId: soft, brandId: brand, variants: [{ sku: 'FANTA-500', sellingPriceMinor: 7_500, openingStock: [{ locationId: mainShop, quantityMilli: 20_000 }] }] },
    { name: 'Keringet water 1 l', categoryId: drinks, variants: [{ sku: 'KER-1L', sellingPriceMinor: 6_000 }] },
    { name: 'Brookside milk', categoryId: food, variants: [{ name: '500 ml', sku: 'MILK-500', sellingPriceMinor: 6_500, openingStock: [{ locationId: mainShop, quantityMilli: 12_000 }] }, { name: '1 l', sku: 'MILK-1L', barcodes: ['MILK-1L-CODE'], sellingPriceMinor: 12_000 }] },
    { name: 'Bread white 400 g', categoryId: food, variants: [{ sku: 'BREAD-400', sellingPriceMinor: 6_500, openingStock: [{ locationId: mainShop, quantityMilli: 3_000 }] }] },
    { name: 'Old stock item', status: 'archived', variants: [{ sku: 'OLD-1', barcodes: ['OLD-CODE'], sellingPriceMinor: 100 }] },
  ];
  for (const product of products) {
    const response = await call('POST', '/api/products', product);
    expect(response.status).toBe(201);
    ids[product.name] = response.json<Product>().id;
  }
});
afterAll(() => testApp.close());

describe('the products list', () => {
  it('pages by name by default, with the total and each product’s variants and stock', async () => {
    const first = await list({ pageSize: '10' });
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 10 });
    expect(names(first)).toEqual(['Bread white 400 g', 'Brookside milk', 'Coca-Cola 500 ml', 'Fanta Orange 500 ml', 'Keringet water 1 l']);
    const cola = first.items.find((item) => item.name === 'Coca-Cola 500 ml')!;
    expect(cola).toMatchObject({ categoryName: 'Soft drinks', brandName: 'Coca-Cola Company', onHandMilli: 53_000, isLow: true, reorderLevelMilli: 10_000 });
    expect(cola.variants).toEqual([expect.objectContaining({ sku: 'CC-500', barcodes: ['5449000000996'], sellingPriceMinor: 8_000, onHandMilli: 53_000 })]);
    const milk = first.items.find((item) => item.name === 'Brookside milk')!;
    expect(milk.variants.map((variant) => [variant.name, variant.onHandMilli])).toEqual([['500 ml', 12_000], ['1 l', 0]]);

    const pageTwo = await list({ pageSize: '10', page: '2' });
    expect(pageTwo.items).toEqual([]);
    expect(pageTwo.total).toBe(5);
    expect((await call('GET', '/api/products?pageSize=7')).status).toBe(400);
  });

  it('counts the total when a page is full', async () => {
    await Promise.all(Array.from({ length: 10 }, (_, index) => call('POST', '/api/products', { name: `Zz filler ${index}`, variants: [{ sellingPriceMinor: 1 }] })));
    const page = await list({ pageSize: '10', page: '1' });
    expect(page.total).toBe(15);
    expect(page.items).toHaveLength(10);
    const last = await list({ pageSize: '10', page: '2' });
    expect(last.total).toBe(15);
    expect(last.items).toHaveLength(5);
  });

  it('sorts by name, SKU, price, stock and last change, either way', async () => {
    const scope = { categoryId: ids.drinks! };
    expect(names(await list({ ...scope, order: 'desc' }))).toEqual(['Keringet water 1 l', 'Fanta Orange 500 ml', 'Coca-Cola 500 ml']);
    expect(names(await list({ ...scope, sort: 'sku' }))).toEqual(['Coca-Cola 500 ml', 'Fanta Orange 500 ml', 'Keringet water 1 l']);
    expect(names(await list({ ...scope, sort: 'price' }))).toEqual(['Keringet water 1 l', 'Fanta Orange 500 ml', 'Coca-Cola 500 ml']);
    expect(names(await list({ ...scope, sort: 'onHand', order: 'desc' }))).toEqual(['Coca-Cola 500 ml', 'Fanta Orange 500 ml', 'Keringet water 1 l']);
    expect(names(await list({ ...scope, sort: 'onHand', order: 'desc', locationId: mainShop }))).toEqual(['Fanta Orange 500 ml', 'Coca-Cola 500 ml', 'Keringet water 1 l']);
    const touched = await call('GET', `/api/products/${ids['Keringet water 1 l']}`);
    const { id: variantId, sku, sellingPriceMinor } = touched.json<Product>().variants[0]!;
    await call('PUT', `/api/products/${ids['Keringet water 1 l']}`, { name: 'Keringet water 1 l', categoryId: ids.drinks, variants: [{ id: variantId, sku, sellingPriceMinor: sellingPriceMinor + 1 }] });
    expect(names(await list({ ...scope, sort: 'updatedAt', order: 'desc' }))[0]).toBe('Keringet water 1 l');
  });

  it('searches names by every word, SKUs by any part, and barcodes exactly', async () => {
    expect(names(await list({ search: 'cola 500' }))).toEqual(['Coca-Cola 500 ml']);
    expect(names(await list({ search: '  ORANGE ' }))).toEqual(['Fanta Orange 500 ml']);
    expect(names(await list({ search: 'milk-1' }))).toEqual(['Brookside milk']);
    expect(names(await list({ search: '500' }))).toEqual(['Brookside milk', 'Coca-Cola 500 ml', 'Fanta Orange 500 ml']);
    expect(names(await list({ search: '5449000000996' }))).toEqual(['Coca-Cola 500 ml']);
    expect(names(await list({ search: '544900000099' }))).toEqual([]);
    expect(names(await list({ search: '100%' }))).toEqual([]);
    expect(names(await list({ search: 'old' }))).toEqual([]);
    expect(names(await list({ search: 'old', status: 'archived' }))).toEqual(['Old stock item']);
  });

  it('pages through matches found by name, SKU and barcode in one order, each product once', async () => {
    // One product a page (the API's smallest page is 10): Brookside milk matches '500' by SKU only.
    const page = (query: Record<string, string>, pageNumber: number) =>
      testApp.database.withTenant(tenant.id, (tx) => listProducts(tx, tenant.id, { ...productListQuerySchema.parse(query), page: pageNumber, pageSize: 1 }));
    const pages = await Promise.all([1, 2, 3, 4].map((pageNumber) => page({ search: '500' }, pageNumber)));
    expect(pages.map(names)).toEqual([['Brookside milk'], ['Coca-Cola 500 ml'], ['Fanta Orange 500 ml'], []]);
    expect(pages.map((found) => found.total)).toEqual([3, 3, 3, 3]);
    const descending = await Promise.all([1, 2, 3].map((pageNumber) => page({ search: '500', order: 'desc' }, pageNumber)));
    expect(descending.map(names)).toEqual([['Fanta Orange 500 ml'], ['Coca-Cola 500 ml'], ['Brookside milk']]);
    const byPrice = await Promise.all([1, 2, 3].map((pageNumber) => page({ search: '500', sort: 'price' }, pageNumber)));
    expect(byPrice.map(names)).toEqual([['Brookside milk'], ['Fanta Orange 500 ml'], ['Coca-Cola 500 ml']]);
    expect(names(await page({ search: 'milk-1l-code' }, 1))).toEqual([]);
    expect(names(await page({ search: 'MILK-1L-CODE' }, 1))).toEqual(['Brookside milk']);
  });

  it('filters by category with its sub-categories, brand, stock status and location', async () => {
    expect(names(await list({ categoryId: ids.soft! }))).toEqual(['Coca-Cola 500 ml', 'Fanta Orange 500 ml']);
    expect(names(await list({ categoryId: ids.drinks! }))).toEqual(['Coca-Cola 500 ml', 'Fanta Orange 500 ml', 'Keringet water 1 l']);
    expect(names(await list({ brandId: ids.brand! }))).toEqual(['Coca-Cola 500 ml', 'Fanta Orange 500 ml']);
    expect(names(await list({ stock: 'low' }))).toEqual(['Coca-Cola 500 ml']);
    expect(names(await list({ stock: 'low', locationId: store }))).toEqual([]);
    expect(names(await list({ stock: 'in', locationId: store }))).toEqual(['Coca-Cola 500 ml']);
    expect(names(await list({ stock: 'out', categoryId: ids.drinks! }))).toEqual(['Keringet water 1 l']);
    const atStore = await list({ locationId: store, search: 'cola' });
    expect(atStore.items[0]).toMatchObject({ onHandMilli: 48_000, isLow: false });
    expect(names(await list({ status: 'all', search: 'item' }))).toEqual(['Old stock item']);
  });
});

describe('the barcode lookup', () => {
  const lookup = (code: string) => call('GET', `/api/products/lookup?${new URLSearchParams({ code })}`);

  it('finds an exact barcode, then an exact SKU in any case', async () => {
    const byBarcode = await lookup('5449000000996');
    expect(byBarcode.status).toBe(200);
    expect(byBarcode.json()).toMatchObject({ productName: 'Coca-Cola 500 ml', sku: 'CC-500', sellingPriceMinor: 8_000, taxClass: 'standard', onHandMilli: 53_000 });
    expect((await lookup('MILK-1L-CODE')).json()).toMatchObject({ productName: 'Brookside milk', variantName: '1 l' });
    expect((await lookup('milk-500')).json()).toMatchObject({ productName: 'Brookside milk', variantName: '500 ml', onHandMilli: 12_000 });
  });

  it('answers 404 for unknown codes, partial codes and archived products', async () => {
    expect((await lookup('544900000099')).status).toBe(404);
    expect((await lookup('MILK')).status).toBe(404);
    expect((await lookup('OLD-CODE')).status).toBe(404);
    expect((await call('GET', '/api/products/lookup')).status).toBe(400);
  });
});
