import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { Resolver } from 'node:dns/promises';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantDomain, TenantDomains } from '../../core/platform/domains.schemas';
import { createTestShop, type TestShop } from '../../tests/support/catalog-shop';
import { startFakeDnsServer, type FakeDnsServer } from '../../tests/support/fake-dns-server';
import { createUser, TEST_PASSWORD } from '../../tests/support/factories';
import { createTestApp, randomClientAddress, sendRequest, signInAs, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';
import { platformAuditEvents } from '../db/schema/platform';
import { tenantDomains } from '../db/schema/tenancy';

// A shop's custom domains (issue 21, docs/platform.md "Custom domains"): added unverified with a
// token, verified against a real (local) DNS server's TXT record, refused with the reason
// otherwise; only a verified domain reaches the shop, and people sign in there; every change is
// in the platform audit log.

// A short wait per try, so the silent name server's timeout comes within a second or so.
const DNS_TIMEOUT_MS = 150;

let dns: FakeDnsServer;
let testApp: TestApp;
let adminHost: string;
let adminCookie: string;
let shopA: TestShop;
let shopB: TestShop;

beforeAll(async () => {
  dns = await startFakeDnsServer();
  testApp = await createTestApp({ config: { DNS_RESOLVER: `127.0.0.1:${dns.port}`, DNS_TIMEOUT_MS: String(DNS_TIMEOUT_MS) } });
  adminHost = `localhost:${testApp.port}`;
  const admin = await createUser(testApp.database, testApp.deps.auth, { tenantId: null, role: 'superadmin', fullName: 'Platform Admin' });
  adminCookie = await signInAs(testApp, adminHost, admin.email, TEST_PASSWORD);
  shopA = await createTestShop(testApp);
  shopB = await createTestShop(testApp);
});
afterAll(async () => {
  await testApp.close();
  await dns.close();
});

const asAdmin = (path: string, method = 'GET', body?: unknown) =>
  testApp.request(path, { method, host: adminHost, body, headers: { cookie: adminCookie, 'x-forwarded-for': '198.51.100.31' } });
const domainsPath = (shop: TestShop) => `/api/platform/tenants/${shop.tenant.id}/domains`;
const newDomain = () => `shop-${randomBytes(3).toString('hex')}.example.co.ke`;
const domainRows = () => testApp.database.platform.select().from(tenantDomains);
const auditOf = (action: string) => testApp.database.platform.select().from(platformAuditEvents).where(eq(platformAuditEvents.action, action));

async function addDomain(shop: TestShop, domain: string): Promise<TenantDomain> {
  const response = await asAdmin(domainsPath(shop), 'POST', { domain });
  expect(response.status).toBe(201);
  return response.json<TenantDomains>().domains.find((row) => row.domain === domain)!;
}
const verify = async (shop: TestShop, domain: TenantDomain) => {
  const response = await asAdmin(`${domainsPath(shop)}/${domain.id}/verify`, 'POST');
  expect(response.status).toBe(200);
  return response.json<TenantDomain>();
};
const tenantAt = async (host: string) => (await sendRequest(testApp.port, '/api/tenant-context', { host })).json<{ tenant: { id: string; name: string } | null }>().tenant;

describe('the fake DNS server', () => {
  it("answers TXT from its map in RFC 1035 form, as node's resolver reads it, and NXDOMAIN for other names", async () => {
    const name = `_dukani-verification.${newDomain()}`;
    const long = 'v'.repeat(300);
    dns.setTxt(name, ['dukani-verification=abc', long]);
    const resolver = new Resolver({ timeout: 1000, tries: 1 });
    resolver.setServers([`127.0.0.1:${dns.port}`]);
    // Node splits nothing: each record is its character-strings, the long one in 255 + 45.
    expect(await resolver.resolveTxt(name.toUpperCase())).toEqual([['dukani-verification=abc'], ['v'.repeat(255), 'v'.repeat(45)]]);
    await expect(resolver.resolveTxt(`nobody.${newDomain()}`)).rejects.toMatchObject({ code: 'ENOTFOUND' });
    await expect(resolver.resolve4(name)).rejects.toMatchObject({ code: 'ENODATA' });
    dns.remove(name);
  });

  it.skipIf(spawnSync('dig', ['-v']).error !== undefined)('is read alike by dig (an independent decoder)', async () => {
    const name = `_dukani-verification.${newDomain()}`;
    dns.setTxt(name, ['dukani-verification=from-dig']);
    // Asynchronously: the server answers from this process's event loop.
    const dig = async (query: string) => (await promisify(execFile)('dig', ['@127.0.0.1', '-p', String(dns.port), '+tries=1', '+time=2', 'TXT', query])).stdout;
    const found = await dig(name);
    expect(found).toContain('status: NOERROR');
    expect(found).toMatch(new RegExp(`${name.replace(/\./g, '\\.')}\\.\\s+60\\s+IN\\s+TXT\\s+"dukani-verification=from-dig"`));
    expect(await dig(`missing.${newDomain()}`)).toContain('status: NXDOMAIN');
    dns.remove(name);
  });
});

describe('who may call', () => {
  it('401 without a session, 404 for a shop owner, on every route; nothing written', async () => {
    const id = shopA.tenant.id;
    const someDomain = '5b1f0c9e-2d6a-4f3b-9c1e-7a8d6e5f4a3b';
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/platform/tenants/${id}/domains`],
      ['POST', `/api/platform/tenants/${id}/domains`, { domain: newDomain() }],
      ['POST', `/api/platform/tenants/${id}/domains/${someDomain}/verify`],
      ['DELETE', `/api/platform/tenants/${id}/domains/${someDomain}`],
    ];
    for (const [method, path, body] of routes) {
      expect({ path, method, status: (await sendRequest(testApp.port, path, { method, host: adminHost, body })).status }).toEqual({ path, method, status: 401 });
      const owner = await testApp.request(path, { method, host: shopA.host, body, headers: { cookie: shopA.cookies.owner } });
      expect({ path, method, status: owner.status }).toEqual({ path, method, status: 404 });
    }
    expect(await domainRows()).toEqual([]);
  });
});

describe('adding a domain', () => {
  it('refuses bad names with 400 and the field message, writing nothing', async () => {
    const cases: [unknown, string][] = [
      ['', 'Enter a domain such as shop.example.co.ke'],
      ['203.0.113.7', 'Enter a domain name, not an IP address'],
      ['shop_1.example.com', 'Use letters, digits and hyphens only; a part cannot start or end with a hyphen'],
      [`${'a'.repeat(64)}.com`, 'Each part between the dots must be 1 to 63 characters'],
      ['shop.localhost', 'This domain cannot be reached on the internet'],
      ['acme.dukani.co.ke', "This is under the platform's own domain: the shop's address there is its subdomain"],
      ['DUKANI.COM', "This is under the platform's own domain: the shop's address there is its subdomain"],
      [42, 'Enter a domain such as shop.example.co.ke'],
    ];
    for (const [domain, message] of cases) {
      const response = await asAdmin(domainsPath(shopA), 'POST', { domain });
      expect({ domain, status: response.status, fields: response.json<{ error: { fields?: Record<string, string[]> } }>().error.fields }).toEqual({ domain, status: 400, fields: { domain: [message] } });
    }
    expect(await domainRows()).toEqual([]);
    expect(await auditOf('domain.added')).toEqual([]);
  });

  it('adds it lowercase and unverified with a random token, shows the TXT record, and audits it; 409 for the same name again', async () => {
    const domain = newDomain();
    const response = await asAdmin(domainsPath(shopA), 'POST', { domain: ` ${domain.toUpperCase()}. ` });
    expect(response.status).toBe(201);
    const listed = response.json<TenantDomains>();
    expect(listed.cnameTarget).toBe(`${shopA.tenant.subdomain}.dukani.co.ke`);
    expect(listed.rootDomains).toEqual(['dukani.co.ke', 'dukani.com']);
    const added = listed.domains.find((row) => row.domain === domain)!;
    const [row] = await testApp.database.platform.select().from(tenantDomains).where(eq(tenantDomains.domain, domain));
    expect(row).toMatchObject({ tenantId: shopA.tenant.id, isCustomDomain: true, verifiedAt: null, lastCheckError: null });
    expect(row!.verificationToken).toMatch(/^[0-9a-f]{32}$/);
    expect(added).toMatchObject({
      id: row!.id,
      verifiedAt: null,
      verification: { name: `_dukani-verification.${domain}`, value: `dukani-verification=${row!.verificationToken}` },
    });
    expect(await auditOf('domain.added')).toEqual([expect.objectContaining({ tenantId: shopA.tenant.id, details: { domainId: row!.id, domain }, ipAddress: '198.51.100.31' })]);

    for (const [shop, message] of [[shopB, 'Another shop uses this domain'], [shopA, 'This shop has this domain already']] as const) {
      const again = await asAdmin(domainsPath(shop), 'POST', { domain });
      expect(again.status).toBe(409);
      expect(again.json<{ error: { fields: Record<string, string[]> } }>().error.fields).toEqual({ domain: [message] });
    }
    expect((await testApp.database.platform.select().from(tenantDomains).where(eq(tenantDomains.domain, domain))).map((r) => r.tenantId)).toEqual([shopA.tenant.id]);
  });

  it('404 for a shop that does not exist', async () => {
    expect((await asAdmin('/api/platform/tenants/5b1f0c9e-2d6a-4f3b-9c1e-7a8d6e5f4a3b/domains', 'POST', { domain: newDomain() })).status).toBe(404);
  });
});

describe('verifying a domain', () => {
  it('no record (NXDOMAIN), then a wrong value, then no answer in time: each kept with its reason and audited; the host reaches no shop', async () => {
    const domain = await addDomain(shopA, newDomain());
    const host = domain.domain;

    const missing = await verify(shopA, domain);
    expect(missing).toMatchObject({ verifiedAt: null, lastCheckError: 'no_record' });
    expect(missing.lastCheckedAt).not.toBeNull();

    dns.setTxt(domain.verification!.name, ['dukani-verification=someone-elses-token', 'v=spf1 -all']);
    expect(await verify(shopA, domain)).toMatchObject({ verifiedAt: null, lastCheckError: 'wrong_value' });

    dns.silent = true;
    const started = Date.now();
    try {
      expect(await verify(shopA, domain)).toMatchObject({ verifiedAt: null, lastCheckError: 'timeout' });
    } finally {
      dns.silent = false;
    }
    // Two tries, the second waiting twice as long: about 3 × DNS_TIMEOUT_MS, never the system default's seconds.
    expect(Date.now() - started).toBeLessThan(3000);

    const failures = (await auditOf('domain.check_failed')).filter((event) => event.details.domainId === domain.id);
    expect(failures.map((event) => event.details.error)).toEqual(['no_record', 'wrong_value', 'timeout']);
    expect(await tenantAt(host)).toBeNull();
    // Nobody signs in at an unverified domain.
    const signIn = await testApp.request('/api/auth/sign-in', { method: 'POST', host, body: { email: shopA.users.owner.email, password: TEST_PASSWORD }, headers: { 'x-forwarded-for': randomClientAddress() } });
    expect({ status: signIn.status, message: signIn.json<{ error: { message: string } }>().error.message }).toEqual({ status: 403, message: "Sign in at your shop's address, for example yourshop.dukani.co.ke." });
  });

  it('with the right TXT record: verified and audited; the host reaches the shop, its people sign in and work there; removed, it reaches nothing', async () => {
    const domain = await addDomain(shopA, newDomain());
    const host = domain.domain;
    // Asked before verification: the "no shop" answer is cached (10 s), and verifying forgets it.
    expect(await tenantAt(host)).toBeNull();
    dns.setTxt(domain.verification!.name, ['v=spf1 -all', domain.verification!.value]);

    const verified = await verify(shopA, domain);
    expect(verified).toMatchObject({ lastCheckError: null });
    expect(verified.verifiedAt).not.toBeNull();
    const [event] = (await auditOf('domain.verified')).filter((row) => row.details.domainId === domain.id);
    expect(event).toMatchObject({ tenantId: shopA.tenant.id, before: { verifiedAt: null }, after: { verifiedAt: verified.verifiedAt } });
    // Verifying again asks nothing and changes nothing.
    const queries = dns.queries;
    expect(await verify(shopA, domain)).toEqual(verified);
    expect(dns.queries).toBe(queries);

    expect(await tenantAt(host)).toMatchObject({ id: shopA.tenant.id, name: shopA.tenant.name });
    expect(await tenantAt(`${host}:3000`)).toMatchObject({ id: shopA.tenant.id });
    const cookie = await signInAs(testApp, host, shopA.users.cashier.email, TEST_PASSWORD);
    const notifications = await testApp.request('/api/notifications', { host, headers: { cookie } });
    expect(notifications.status).toBe(200);
    // Shop B's people are not let in at shop A's domain (as a wrong password: membership is not told).
    const outsider = await testApp.request('/api/auth/sign-in', { method: 'POST', host, body: { email: shopB.users.owner.email, password: TEST_PASSWORD }, headers: { 'x-forwarded-for': randomClientAddress() } });
    expect(outsider.status).toBe(401);

    const removed = await asAdmin(`${domainsPath(shopA)}/${domain.id}`, 'DELETE');
    expect(removed.status).toBe(200);
    expect(removed.json<TenantDomains>().domains.some((row) => row.id === domain.id)).toBe(false);
    expect((await auditOf('domain.removed')).filter((row) => row.details.domainId === domain.id)).toEqual([
      expect.objectContaining({ tenantId: shopA.tenant.id, details: { domainId: domain.id, domain: host, wasVerified: true } }),
    ]);
    expect(await tenantAt(host)).toBeNull();
    expect((await testApp.request('/api/notifications', { host, headers: { cookie } })).status).not.toBe(200);
  });

  it("404 for another shop's domain, an unknown one, and an address under the platform's domains", async () => {
    const domain = await addDomain(shopA, newDomain());
    expect((await asAdmin(`${domainsPath(shopB)}/${domain.id}/verify`, 'POST')).status).toBe(404);
    expect((await asAdmin(`${domainsPath(shopB)}/${domain.id}`, 'DELETE')).status).toBe(404);
    await testApp.database.platform.insert(tenantDomains).values({ domain: `${shopB.tenant.subdomain}-old.dukani.com`, tenantId: shopB.tenant.id, isCustomDomain: false, verifiedAt: sql`now()` });
    const [extra] = await queryRows<{ id: string }>(testApp.database.platform, sql`select id from tenant_domains where tenant_id = ${shopB.tenant.id} and not is_custom_domain`);
    expect((await asAdmin(`${domainsPath(shopB)}/${extra!.id}`, 'DELETE')).status).toBe(404);
    const listed = (await asAdmin(domainsPath(shopB))).json<TenantDomains>();
    expect(listed.domains).toEqual([expect.objectContaining({ id: extra!.id, isCustomDomain: false, verification: null })]);
  });
});
