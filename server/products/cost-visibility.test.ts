import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductInput } from '../../core/products/products.schemas';
import { builtInPermissions, hasPermission } from '../../core/team/permissions.rules';
import { createTestShop, type ShopRole, type TestShop } from '../../tests/support/catalog-shop';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

// Issue 10 item 5: what the shop paid for its goods (cost price, average cost, stock valuation,
// margins) is for managers and owners. Every tenant GET route in the registry is called as a
// cashier: none may answer with a cost field, and those it may not open refuse it (403/402).

let testApp: TestApp;
let shop: TestShop;
let product: Product;
let registerId: string;

const COST_KEY = /cost|valuation|margin/i;

/** Every key anywhere in a JSON value, so a cost field nested in variants is found too. */
function keysIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysIn);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, inner]) => [key, ...keysIn(inner)]);
  return [];
}
const costKeysIn = (body: unknown) => [...new Set(keysIn(body).filter((key) => COST_KEY.test(key)))];

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createTestShop(testApp);
  const created = await shop.call('POST', '/api/products', {
    body: {
      name: 'Pembe Maize Flour 2 kg',
      variants: [{ sellingPriceMinor: 21_000, costPriceMinor: 18_500, openingStock: [{ locationId: shop.defaultLocationId, quantityMilli: 10_000 }] }],
    } satisfies ProductInput,
  });
  expect(created.status).toBe(201);
  product = created.json<Product>();
  // Every shop has a register; a shift open on it, so the register's reads answer with data.
  const registers = (await shop.call('GET', '/api/registers', { as: 'cashier' })).json<{ items: Array<{ id: string }> }>();
  registerId = registers.items[0]!.id;
  const opened = await shop.call('POST', '/api/shifts', { as: 'cashier', body: { registerId, openingFloatMinor: 100_000 }, idempotencyKey: randomUUID() });
  expect(opened.status).toBe(201);
});
afterAll(() => testApp.close());

/** A concrete request for each GET route's path template (ids of this shop's things). */
function exampleRequests(): Map<string, string> {
  const variant = product.variants[0]!;
  return new Map([
    ['/api/products/{id}', `/api/products/${product.id}`],
    ['/api/products/lookup', `/api/products/lookup?code=${encodeURIComponent(variant.sku)}`],
    ['/api/inventory/movements', `/api/inventory/movements?productId=${product.id}`],
    ['/api/shifts/current', `/api/shifts/current?registerId=${registerId}`],
    ['/api/parked-carts', `/api/parked-carts?registerId=${registerId}`],
    ['/api/mpesa/mode', `/api/mpesa/mode?registerId=${registerId}`],
    ['/api/register/items', `/api/register/items?registerId=${registerId}&code=${encodeURIComponent(variant.sku)}`],
    ['/api/goods-receipts/invoice-check', `/api/goods-receipts/invoice-check?supplierId=${randomUUID()}&invoiceNumber=INV-1`],
  ]);
}

async function tenantGetResponses(as: ShopRole) {
  const examples = exampleRequests();
  const routes = testApp.app.mountedRoutes.filter((route) => route.access.level === 'tenant' && route.method === 'GET');
  const answers: Array<{ path: string; status: number; body: unknown; opensToCashiers: boolean }> = [];
  for (const route of routes) {
    // Other ids name nothing: a cashier must be refused before any lookup (a 404 fails below).
    const path = examples.get(route.path) ?? route.path.replace(/\{\w+\}/g, () => randomUUID());
    const response = await shop.call('GET', path, { as });
    const isJson = String(response.headers['content-type'] ?? '').includes('json');
    const opensToCashiers = route.access.level === 'tenant' && hasPermission({ permissions: builtInPermissions('cashier') }, route.access.permission);
    answers.push({ path: route.path, status: response.status, body: isJson ? response.json() : response.text, opensToCashiers });
  }
  return answers;
}

describe('costs by role (issue 10 item 5)', () => {
  it('a cashier gets no cost, valuation or margin from any tenant route', async () => {
    const answers = await tenantGetResponses('cashier');
    const leaks = answers
      .filter((answer) => answer.status === 200)
      .map((answer) => ({ path: answer.path, keys: typeof answer.body === 'string' ? (COST_KEY.test(answer.body) ? ['(text)'] : []) : costKeysIn(answer.body) }))
      .filter((leak) => leak.keys.length > 0);
    expect(leaks).toEqual([]);
    // The routes a till uses do answer, without the costs.
    const answered = answers.filter((answer) => answer.status === 200).map((answer) => answer.path);
    expect(answered).toEqual(
      expect.arrayContaining(['/api/products', '/api/products/{id}', '/api/products/lookup', '/api/register/items', '/api/shifts/current', '/api/sales']),
    );
    // Everything else is refused outright, never answered with data; a route open to cashiers
    // (a contact's account, a gift card) answers 404 for an id that names nothing.
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.opensToCashiers && /\{\w+\}/.test(answer.path) ? [404] : [402, 403]).toContain(answer.status);
    }
  });

  it('a cashier sees the product, its prices and stock, without costs', async () => {
    const detail = (await shop.call('GET', `/api/products/${product.id}`, { as: 'cashier' })).json<Product>();
    expect(detail.variants[0]).toMatchObject({ sellingPriceMinor: 21_000, onHandMilli: 10_000 });
    expect(detail.variants[0]).not.toHaveProperty('costPriceMinor');
    expect(detail.variants[0]).not.toHaveProperty('averageCostMinor');
  });

  it.each(['manager', 'owner'] as const)('a %s gets the cost price, average cost and valuation', async (as) => {
    const detail = (await shop.call('GET', `/api/products/${product.id}`, { as })).json<Product>();
    expect(detail.variants[0]).toMatchObject({ costPriceMinor: 18_500, averageCostMinor: 18_500 });
    const list = (await shop.call('GET', '/api/products', { as })).json();
    expect(list.items[0].variants[0].costPriceMinor).toBe(18_500);
    // 10 × KSh 185.00
    expect((await shop.call('GET', '/api/inventory/summary', { as })).json().valuationMinor).toBe(185_000);
    const answers = await tenantGetResponses(as);
    expect(answers.filter((answer) => answer.status === 200 && typeof answer.body !== 'string' && costKeysIn(answer.body).length > 0).map((a) => a.path)).toEqual(
      expect.arrayContaining(['/api/products', '/api/products/{id}', '/api/inventory/summary', '/api/inventory/movements']),
    );
  });
});
