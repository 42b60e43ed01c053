import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_COUNT_CAP, SEARCH_COUNT_CAP, type ProductList } from '../../core/products/products.schemas';
import { createTenant, createUser, TEST_PASSWORD } from '../../tests/support/factories';
import { createTestApp, signInAs, type TestApp } from '../../tests/support/test-app';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import { generateCatalog } from './catalog-generator';

// A large catalog is not counted on every page turn: the count stops past the cap.
let testApp: TestApp;
let host: string;
let cookie: string;
let tenantId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  const subdomain = `big-${randomBytes(4).toString('hex')}`;
  host = `${subdomain}.localhost:3000`;
  const tenant = await createTenant(testApp.database, { subdomain });
  tenantId = tenant.id;
  const owner = await createUser(testApp.database, testApp.deps.auth, { tenantId: tenant.id, role: 'admin' });
  cookie = await signInAs(testApp, host, owner.email, TEST_PASSWORD);
  await testApp.database.withTenant(tenant.id, (tx) => generateCatalog(tx, tenant.id, { count: PRODUCT_COUNT_CAP + 30, locationIds: [] }));
}, 120_000);
afterAll(() => testApp.close());

const list = async (query: Record<string, string>) => {
  const response = await testApp.request(`/api/products?${new URLSearchParams(query)}`, { host, headers: { cookie } });
  expect(response.status).toBe(200);
  return response.json<ProductList>();
};

describe(`counting a large catalog (${process.env.TEST_DB})`, () => {
  it('says "over 10,000" on full pages and the exact total on the last, partly filled page', async () => {
    expect(await list({ pageSize: '25' })).toMatchObject({ total: PRODUCT_COUNT_CAP, totalCapped: true });
    const last = await list({ pageSize: '25', page: String(Math.ceil((PRODUCT_COUNT_CAP + 30) / 25)) });
    expect({ total: last.total, totalCapped: last.totalCapped }).toEqual({ total: PRODUCT_COUNT_CAP + 30, totalCapped: false });
    expect(last.items).toHaveLength((PRODUCT_COUNT_CAP + 30) % 25);
  });

  it(`says "over ${SEARCH_COUNT_CAP}" for a broad search, whose pages are still the first matches in name order`, async () => {
    // Thousands of generated names have an "o"; their SKUs (GEN-…) have none.
    const expected = await testApp.database.withTenant(tenantId, (tx) =>
      queryRows<{ name: string }>(tx, sql`select name from products where status = 'active' and lower(name) like '%o%' order by lower(name), id limit 50`),
    );
    const [first, second] = await Promise.all(['1', '2'].map((page) => list({ search: 'O', pageSize: '25', page })));
    expect({ total: first!.total, totalCapped: first!.totalCapped }).toEqual({ total: SEARCH_COUNT_CAP, totalCapped: true });
    expect([...first!.items, ...second!.items].map((item) => item.name)).toEqual(expected.map((row) => row.name));
    expect(await list({ search: 'gen-', pageSize: '25' })).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true });
  });

  it('counts a search exactly when it matches fewer than the cap', async () => {
    const found = await list({ search: 'GEN-0000001', pageSize: '10' });
    expect(found.totalCapped).toBe(false);
    expect(found.total).toBe(10);
  });
});
