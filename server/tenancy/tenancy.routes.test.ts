import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../db/schema/index';
import { createDomain, createTenant, setTenantStatus, type TestTenant } from '../../tests/support/factories';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

// Real HTTP requests carrying Host headers (Node's fetch would drop them).
let testApp: TestApp;
let demo: TestTenant;
let acme: TestTenant;
let suspended: TestTenant;
let customShop: TestTenant;
let aliasShop: TestTenant;

beforeAll(async () => {
  testApp = await createTestApp();
  const { database } = testApp;
  demo = await createTenant(database, { name: 'Demo Duka', subdomain: 'demo', status: 'trial' });
  acme = await createTenant(database, { name: 'Acme Hardware', subdomain: 'acme', status: 'active' });
  suspended = await createTenant(database, { name: 'Closed Shop', subdomain: 'closed', status: 'active' });
  customShop = await createTenant(database, { name: 'Mama Mboga', subdomain: 'mama-mboga' });
  aliasShop = await createTenant(database, { name: 'Alias Traders', subdomain: 'alias-traders' });
  await setTenantStatus(database, suspended.id, 'suspended');
  await createDomain(database, { domain: 'shop.mamamboga.co.ke', tenantId: customShop.id });
  await createDomain(database, { domain: 'pending.mamamboga.co.ke', tenantId: customShop.id, verified: false });
  await createDomain(database, { domain: 'closed.example.com', tenantId: suspended.id });
  // A subdomain record on one main domain only: reached from the other through the fallback.
  await createDomain(database, { domain: 'alias.dukani.co.ke', tenantId: aliasShop.id, isCustomDomain: false });
  await createDomain(database, { domain: 'admin.dukani-platform.com', tenantId: null, allowTenantlessAuth: true });
});
afterAll(() => testApp.close());

async function contextFor(host: string) {
  const response = await testApp.request('/api/tenant-context', { host });
  expect(response.status).toBe(200);
  return response.json<{ tenant: { id: string; name: string; subdomain: string; status: string; logoUrl: string | null; defaultLanguage: string | null } | null; allowTenantlessAuth: boolean }>();
}

describe('GET /api/tenant-context', () => {
  it("shows a shop's new name and status at once, though its host stays cached (another app server renamed or suspended it)", async () => {
    const shop = await createTenant(testApp.database, { name: 'Old Name Stores', subdomain: 'renamed', status: 'active' });
    expect((await contextFor('renamed.localhost:3000')).tenant?.name).toBe('Old Name Stores');
    // Written straight to the database, as a second server would: this server's cache is not told.
    await testApp.database.platform.update(tenants).set({ name: 'New Name Stores' }).where(eq(tenants.id, shop.id));
    expect((await contextFor('renamed.localhost:3000')).tenant?.name).toBe('New Name Stores');
    await setTenantStatus(testApp.database, shop.id, 'suspended');
    expect((await contextFor('renamed.localhost:3000')).tenant).toBeNull();
  });

  it('resolves a local subdomain to its tenant with public fields only', async () => {
    expect(await contextFor('demo.localhost:3000')).toEqual({
      tenant: { id: demo.id, name: 'Demo Duka', subdomain: 'demo', status: 'trial', logoUrl: null, defaultLanguage: null },
      allowTenantlessAuth: false,
    });
  });

  it('returns null with tenantless sign-in on an unknown local subdomain and on the development host', async () => {
    expect(await contextFor('nosuch.localhost:3000')).toEqual({ tenant: null, allowTenantlessAuth: true });
    expect(await contextFor('localhost:3000')).toEqual({ tenant: null, allowTenantlessAuth: true });
    expect(await contextFor('127.0.0.1:3000')).toEqual({ tenant: null, allowTenantlessAuth: true });
  });

  it('matches a local host by normalised tenant name, then by partial subdomain or name', async () => {
    expect((await contextFor('acme-hardware.localhost')).tenant?.id).toBe(acme.id);
    expect((await contextFor('hardware.localhost')).tenant?.id).toBe(acme.id);
    expect((await contextFor('mboga.localhost')).tenant?.id).toBe(customShop.id);
  });

  it('gives no tenant on the main hosts, with or without www, on both root domains', async () => {
    for (const host of ['dukani.co.ke', 'www.dukani.co.ke', 'dukani.com', 'www.dukani.com']) {
      expect(await contextFor(host)).toEqual({ tenant: null, allowTenantlessAuth: false });
    }
  });

  it('resolves tenant subdomains of both root domains', async () => {
    expect((await contextFor('acme.dukani.co.ke')).tenant?.id).toBe(acme.id);
    expect((await contextFor('acme.dukani.com')).tenant?.id).toBe(acme.id);
  });

  it("falls back to the same subdomain's record on the other main domain", async () => {
    expect((await contextFor('alias.dukani.co.ke')).tenant?.id).toBe(aliasShop.id);
    expect((await contextFor('alias.dukani.com')).tenant?.id).toBe(aliasShop.id);
  });

  it('resolves a verified custom domain through get_tenant_by_domain, never an unverified one', async () => {
    expect((await contextFor('shop.mamamboga.co.ke')).tenant?.id).toBe(customShop.id);
    expect((await contextFor('SHOP.MamaMboga.co.ke:443')).tenant?.id).toBe(customShop.id);
    expect(await contextFor('pending.mamamboga.co.ke')).toEqual({ tenant: null, allowTenantlessAuth: false });
    expect(await contextFor('unknown.example.org')).toEqual({ tenant: null, allowTenantlessAuth: false });
  });

  it('honours a domain record that allows tenantless sign-in', async () => {
    expect(await contextFor('admin.dukani-platform.com')).toEqual({ tenant: null, allowTenantlessAuth: true });
  });

  it('never resolves a suspended tenant, by subdomain or by domain', async () => {
    expect((await contextFor('closed.localhost')).tenant).toBeNull();
    expect((await contextFor('closed.dukani.com')).tenant).toBeNull();
    expect((await contextFor('closed.example.com')).tenant).toBeNull();
  });

  it('answers hostile or malformed hosts with no tenant, never an error', async () => {
    const hosts = ["x'or'1'='1.localhost", `${'a'.repeat(300)}.com`, 'a_b.dukani.com', 'shop.mamamboga.co.ke.evil.com'];
    for (const host of hosts) {
      const response = await testApp.request('/api/tenant-context', { host });
      expect(response.status).toBe(200);
      expect(response.json()).toEqual({ tenant: null, allowTenantlessAuth: false });
    }
  });

  it('refuses a Host header that is not a host name with 400, before any lookup', async () => {
    for (const host of ['%.localhost', 'a b.localhost']) {
      const response = await testApp.request('/api/tenant-context', { host });
      expect(response.status).toBe(400);
    }
  });
});
