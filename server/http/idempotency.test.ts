import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../tests/support/catalog-shop';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';

// An Idempotency-Key is bound to the request that first used it (Stripe's rule, issue 11): the same
// key with the same request replays the first result; with another request it is refused with 422
// and nothing is created. A create that failed binds nothing, so the form may fix and resend.

let testApp: TestApp;
let shop: TestShop;

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createTestShop(testApp, { plan: 'Enterprise' });
});
afterAll(() => testApp.close());

const countRows = async (table: 'products' | 'locations' | 'stock_takes' | 'product_imports') =>
  (await testApp.database.withTenant(shop.tenant.id, (tx) => queryRows<{ n: number }>(tx, sql`select count(*)::int as n from ${sql.identifier(table)}`)))[0]!.n;

function importCsv(csv: string, key: string) {
  const boundary = `----dukani-${randomUUID()}`;
  return testApp.request('/api/products/import', {
    method: 'POST',
    host: shop.host,
    rawBody: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="products.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    headers: { connection: 'close', 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: shop.cookies.owner, 'idempotency-key': key },
  });
}

describe('Idempotency-Key bound to its request', () => {
  it('a product: same body replays (200, same product), another body answers 422 and creates nothing', async () => {
    const key = randomUUID();
    const body = { name: 'Kimbo 1 kg', variants: [{ sellingPriceMinor: 52_000 }] };
    const first = await shop.call('POST', '/api/products', { body, idempotencyKey: key });
    expect(first.status).toBe(201);
    // The same request, its fields in another order: the same request.
    const replay = await shop.call('POST', '/api/products', { body: { variants: [{ sellingPriceMinor: 52_000 }], name: 'Kimbo 1 kg' }, idempotencyKey: key });
    expect(replay.status).toBe(200);
    expect(replay.json().id).toBe(first.json().id);

    const before = await countRows('products');
    const reused = await shop.call('POST', '/api/products', { body: { ...body, name: 'Kimbo 2 kg' }, idempotencyKey: key });
    expect(reused.status).toBe(422);
    expect(reused.json().error).toMatchObject({ code: 'idempotency_key_reused', message: expect.stringMatching(/different request/) });
    expect(await countRows('products')).toBe(before);
  });

  it('a key used on one route cannot create on another', async () => {
    const key = randomUUID();
    expect((await shop.call('POST', '/api/locations', { body: { name: 'Kisumu branch' }, idempotencyKey: key })).status).toBe(201);
    const before = await countRows('stock_takes');
    const elsewhere = await shop.call('POST', '/api/inventory/stock-takes', { body: { locationId: shop.defaultLocationId }, idempotencyKey: key });
    expect(elsewhere.status).toBe(422);
    expect(await countRows('stock_takes')).toBe(before);
  });

  it('a location (a stock document create): same body replays, another body is refused', async () => {
    const key = randomUUID();
    const first = await shop.call('POST', '/api/locations', { body: { name: 'Eldoret store', kind: 'warehouse' }, idempotencyKey: key });
    expect(first.status).toBe(201);
    const replay = await shop.call('POST', '/api/locations', { body: { name: 'Eldoret store', kind: 'warehouse' }, idempotencyKey: key });
    expect(replay.json().id).toBe(first.json().id);
    const before = await countRows('locations');
    expect((await shop.call('POST', '/api/locations', { body: { name: 'Nakuru store' }, idempotencyKey: key })).status).toBe(422);
    expect(await countRows('locations')).toBe(before);
  });

  it('a CSV import: the same file replays its count, another file is refused', async () => {
    const key = randomUUID();
    const header = 'name,sku,barcode,category,brand,unit,cost_price,selling_price,tax_class,prices_include_tax,track_stock,reorder_level,opening_stock,location,description';
    const first = await importCsv(`${header}\r\nOmo 500 g,,,,,,,180,,,,,,,\r\n`, key);
    expect(first.status).toBe(201);
    expect((await importCsv(`${header}\r\nOmo 500 g,,,,,,,180,,,,,,,\r\n`, key)).json()).toEqual({ createdCount: 1 });
    const before = await countRows('products');
    const other = await importCsv(`${header}\r\nOmo 1 kg,,,,,,,340,,,,,,,\r\n`, key);
    expect(other.status).toBe(422);
    expect(await countRows('products')).toBe(before);
  });

  it('a refused create binds nothing: the same key with a corrected body creates', async () => {
    const key = randomUUID();
    const taken = await shop.call('POST', '/api/products', { body: { name: 'Dettol 250 ml', variants: [{ sku: 'DET-250', sellingPriceMinor: 30_000 }] } });
    expect(taken.status).toBe(201);
    const clash = await shop.call('POST', '/api/products', { body: { name: 'Dettol 500 ml', variants: [{ sku: 'DET-250', sellingPriceMinor: 55_000 }] }, idempotencyKey: key });
    expect(clash.status).toBe(409);
    const fixed = await shop.call('POST', '/api/products', { body: { name: 'Dettol 500 ml', variants: [{ sku: 'DET-500', sellingPriceMinor: 55_000 }] }, idempotencyKey: key });
    expect(fixed.status).toBe(201);
  });
});
