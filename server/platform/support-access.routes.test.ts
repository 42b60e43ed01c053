import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestShop, type TestShop } from '../../tests/support/catalog-shop';
import { createUser, TEST_PASSWORD } from '../../tests/support/factories';
import { createTestApp, sendRequest, sessionCookie, signInAs, type TestApp } from '../../tests/support/test-app';
import { platformAuditEvents } from '../db/schema/platform';
import { products } from '../db/schema/products';
import { supportAccessGrants } from '../db/schema/support-access';

// "View as" support access (issue 21, docs/platform.md "Support access"): a platform admin's grant
// opens a read-only session at one shop's address, which ends when the grant expires, is ended or
// is revoked; both the platform audit log and the shop's own (read through its API by its owner)
// record it.

let testApp: TestApp;
let adminHost: string;
let adminCookie: string;
let admin: { id: string; email: string };
let shopA: TestShop;
let shopB: TestShop;

beforeAll(async () => {
  testApp = await createTestApp();
  adminHost = `localhost:${testApp.port}`;
  admin = await createUser(testApp.database, testApp.deps.auth, { tenantId: null, role: 'superadmin', fullName: 'Platform Support' });
  adminCookie = await signInAs(testApp, adminHost, admin.email, TEST_PASSWORD);
  shopA = await createTestShop(testApp);
  shopB = await createTestShop(testApp);
  await shopA.call('POST', '/api/products', { body: { name: 'Maziwa 500 ml', variants: [{ sellingPriceMinor: 6_000 }] } });
});
afterAll(() => testApp.close());
afterEach(() => vi.useRealTimers());

const asAdmin = (path: string, method = 'GET', body?: unknown) =>
  testApp.request(path, { method, host: adminHost, body, headers: { cookie: adminCookie, 'x-forwarded-for': '198.51.100.31' } });
const grantsPath = (shop: TestShop) => `/api/platform/tenants/${shop.tenant.id}/support-access`;
const grantCount = async () => (await testApp.database.platform.select({ n: count() }).from(supportAccessGrants))[0]!.n;
const productCount = (shop: TestShop) => testApp.database.withTenant(shop.tenant.id, async (tx) => (await tx.select({ n: count() }).from(products))[0]!.n);
const platformActions = async (shop: TestShop) =>
  (await testApp.database.platform.select({ action: platformAuditEvents.action, details: platformAuditEvents.details }).from(platformAuditEvents).where(eq(platformAuditEvents.tenantId, shop.tenant.id)).orderBy(platformAuditEvents.createdAt));

interface ShopAuditEvent {
  action: string;
  actorUserId: string;
  actorName: string | null;
  entityId: string | null;
  details: Record<string, unknown>;
}
/** The shop's audit log of support access as its owner reads it, oldest first. */
async function ownerSeesSupportEvents(shop: TestShop) {
  const events: ShopAuditEvent[] = [];
  for (const action of ['support.access_started', 'support.access_ended']) {
    const response = await shop.call('GET', `/api/audit-events?action=${action}&direction=asc`);
    expect(response.status).toBe(200);
    events.push(...response.json<{ items: ShopAuditEvent[] }>().items);
  }
  return events;
}

/** Opens support access to `shop` and follows its one-time address there: the support session's cookie and host. */
async function openSupport(shop: TestShop, minutes = 15, reason = 'The owner asks why a sale is missing') {
  const started = await asAdmin(grantsPath(shop), 'POST', { reason, minutes });
  expect(started.status).toBe(201);
  const { grant, url } = started.json<{ grant: { id: string; expiresAt: string; isActive: boolean }; url: string }>();
  const address = new URL(url);
  // The shop's own address, under the console's host: browsers keep cookies per host.
  expect(address.host).toBe(`${shop.tenant.subdomain}.localhost:${testApp.port}`);
  const handoff = await testApp.request(`${address.pathname}${address.search}`, { host: address.host });
  expect(handoff.status).toBe(303);
  expect(handoff.headers.location).toBe('/admin');
  return { grant, cookie: sessionCookie(handoff), host: address.host, path: `${address.pathname}${address.search}` };
}
const asSupport = (support: { cookie: string; host: string }, path: string, method = 'GET', body?: unknown) =>
  testApp.request(path, { method, host: support.host, body, headers: { cookie: support.cookie } });

describe('who may call', () => {
  it('401 without a session, 404 for a shop owner and for a support session, on every console route; nothing written', async () => {
    const missing = '5b1f0c9e-2d6a-4f3b-9c1e-7a8d6e5f4a3b';
    const routes: [string, string, unknown?][] = [
      ['GET', grantsPath(shopA)],
      ['POST', grantsPath(shopA), { reason: 'x', minutes: 15 }],
      ['POST', `${grantsPath(shopA)}/${missing}/revoke`],
    ];
    for (const [method, path, body] of routes) {
      expect({ path, method, status: (await sendRequest(testApp.port, path, { method, host: adminHost, body })).status }).toEqual({ path, method, status: 401 });
      const owner = await testApp.request(path, { method, host: shopA.host, body, headers: { cookie: shopA.cookies.owner } });
      expect({ path, method, status: owner.status }).toEqual({ path, method, status: 404 });
    }
    expect(await grantCount()).toBe(0);
    const support = await openSupport(shopB);
    for (const [method, path, body] of routes) {
      expect({ path, method, status: (await asSupport(support, path, method, body)).status }).toEqual({ path, method, status: 404 });
    }
    expect(await grantCount()).toBe(1);
    expect((await asSupport(support, '/api/support-access/end', 'POST')).status).toBe(200);
  });

  it('ending is for a support session only: anyone else gets 404 (401 without a session)', async () => {
    expect((await shopA.call('POST', '/api/support-access/end')).status).toBe(404);
    expect((await sendRequest(testApp.port, '/api/support-access/end', { method: 'POST', host: shopA.host })).status).toBe(401);
    expect((await shopA.call('GET', '/api/support-access/session')).json()).toEqual({ grant: null });
  });
});

describe('opening support access', () => {
  it('refuses a missing reason and a length other than 15, 30 or 60 minutes with 400 and field messages, writing nothing', async () => {
    const before = await grantCount();
    const bad: [Record<string, unknown>, string][] = [
      [{ minutes: 15 }, 'reason'],
      [{ reason: '   ', minutes: 15 }, 'reason'],
      [{ reason: 'x'.repeat(501), minutes: 15 }, 'reason'],
      [{ reason: 'Stock check', minutes: 0 }, 'minutes'],
      [{ reason: 'Stock check', minutes: 999 }, 'minutes'],
      [{ reason: 'Stock check', minutes: 20 }, 'minutes'],
      [{ reason: 'Stock check' }, 'minutes'],
    ];
    for (const [body, field] of bad) {
      const response = await asAdmin(grantsPath(shopA), 'POST', body);
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
      expect(Object.keys(response.json<{ error: { fields: Record<string, string[]> } }>().error.fields)).toEqual([field]);
    }
    expect((await asAdmin('/api/platform/tenants/5b1f0c9e-2d6a-4f3b-9c1e-7a8d6e5f4a3b/support-access', 'POST', { reason: 'x', minutes: 15 })).status).toBe(404);
    expect(await grantCount()).toBe(before);
  });
});

describe('a support session', () => {
  it('reads the shop, writes nothing, sees no other shop, and ends on "End now": logged in both audit logs', async () => {
    const reason = 'The owner asks why a sale is missing';
    const support = await openSupport(shopA, 30, reason);
    expect(support.grant.isActive).toBe(true);

    const list = await asSupport(support, '/api/products');
    expect(list.status).toBe(200);
    expect(list.json<{ items: { name: string }[] }>().items.map((item) => item.name)).toEqual(['Maziwa 500 ml']);
    expect((await asSupport(support, '/api/support-access/session')).json()).toEqual({ grant: { id: support.grant.id, expiresAt: support.grant.expiresAt, reason } });

    const productsBefore = await productCount(shopA);
    const write = await asSupport(support, '/api/products', 'POST', { name: 'Not allowed', variants: [{ sellingPriceMinor: 100 }] });
    expect(write.status).toBe(403);
    expect(write.json<{ error: { message: string } }>().error.message).toBe('Support access is read-only.');
    expect((await asSupport(support, '/api/product-categories', 'POST', { name: 'Not allowed' })).status).toBe(403);
    expect(await productCount(shopA)).toBe(productsBefore);

    // The cookie is shop A's; even carried to shop B's address it finds no shop there.
    expect((await testApp.request('/api/products', { host: shopB.host, headers: { cookie: support.cookie } })).status).toBe(404);
    // The one-time address does not open a second session.
    expect((await testApp.request(support.path, { host: support.host })).status).toBe(400);

    const ended = await asSupport(support, '/api/support-access/end', 'POST');
    expect(ended.status).toBe(200);
    expect(ended.json()).toEqual({ consoleUrl: `http://localhost:${testApp.port}/superadmin/tenants/${shopA.tenant.id}` });
    expect((await asSupport(support, '/api/products')).status).toBe(401);

    const shopLog = await ownerSeesSupportEvents(shopA);
    expect(shopLog.map((event) => [event.action, event.actorUserId, event.actorName])).toEqual([
      ['support.access_started', admin.id, 'Platform Support'],
      ['support.access_ended', admin.id, 'Platform Support'],
    ]);
    expect(shopLog[0]!.details).toEqual({ supportName: 'Platform Support', supportEmail: admin.email, reason, until: support.grant.expiresAt });
    expect(shopLog[1]!.details).toEqual({ supportName: 'Platform Support', supportEmail: admin.email, how: 'ended' });
    // Reads by support are in the shop's trail too, as any platform admin's (decision 0014); the refused write is not.
    const trail = (await shopA.call('GET', `/api/audit-events?actorUserId=${admin.id}&pageSize=100`)).json<{ items: { action: string }[] }>().items.map((event) => event.action);
    expect(trail).toContain('GET /api/products');
    expect(trail).not.toContain('POST /api/products');

    const platformLog = (await platformActions(shopA)).filter((event) => event.details.grantId === support.grant.id);
    expect(platformLog.map((event) => event.action)).toEqual(['tenant.support_access_started', 'tenant.support_access_ended']);
    expect(platformLog[0]!.details).toMatchObject({ reason, minutes: 30, expiresAt: support.grant.expiresAt });
    expect(platformLog[1]!.details).toMatchObject({ how: 'ended' });
  });

  it('expires at its end: the next request is refused and the session is not extended', async () => {
    const support = await openSupport(shopB, 15);
    expect((await asSupport(support, '/api/products')).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(support.grant.expiresAt).getTime() - 1_000);
    expect((await asSupport(support, '/api/products')).status).toBe(200);
    vi.setSystemTime(new Date(support.grant.expiresAt).getTime() + 1_000);
    expect((await asSupport(support, '/api/products')).status).toBe(401);
    expect((await asSupport(support, '/api/support-access/session')).status).toBe(401);
    // Expired, it can no longer be revoked; the console lists it as over.
    expect((await asAdmin(`${grantsPath(shopB)}/${support.grant.id}/revoke`, 'POST')).status).toBe(409);
    const listed = (await asAdmin(grantsPath(shopB))).json<{ items: { id: string; isActive: boolean; endedAt: string | null }[] }>().items;
    expect(listed.find((grant) => grant.id === support.grant.id)).toMatchObject({ isActive: false, endedAt: null });
  });

  it('a revoke from the console ends it at once; the list says who ended it', async () => {
    const support = await openSupport(shopA, 60, 'Checking the stock valuation');
    expect((await asSupport(support, '/api/products')).status).toBe(200);
    expect((await asAdmin(`${grantsPath(shopB)}/${support.grant.id}/revoke`, 'POST')).status).toBe(404);
    const revoked = await asAdmin(`${grantsPath(shopA)}/${support.grant.id}/revoke`, 'POST');
    expect(revoked.status).toBe(200);
    expect(revoked.json()).toMatchObject({ id: support.grant.id, isActive: false, endedByEmail: admin.email });
    expect((await asSupport(support, '/api/products')).status).toBe(401);
    expect((await asAdmin(`${grantsPath(shopA)}/${support.grant.id}/revoke`, 'POST')).status).toBe(409);
    const shopLog = await ownerSeesSupportEvents(shopA);
    expect(shopLog.filter((event) => event.entityId === support.grant.id).map((event) => [event.action, event.details.how])).toEqual([
      ['support.access_started', undefined],
      ['support.access_ended', 'revoked'],
    ]);
  });

  it("is the shop's session, not the console's; its admin's own profile is read-only too; signing out ends the grant in both logs", async () => {
    const support = await openSupport(shopA);
    const user = (await asSupport(support, '/api/auth/session')).json<{ user: Record<string, unknown> }>().user;
    expect(user).toMatchObject({ id: admin.id, tenantId: shopA.tenant.id, isPlatformAdmin: true, supportAccess: true, homePath: '/admin' });
    // The same admin signed in at the console keeps the console as home.
    expect((await asAdmin('/api/auth/session')).json<{ user: Record<string, unknown> }>().user).toMatchObject({ supportAccess: false, homePath: '/superadmin' });

    const profileBefore = (await asSupport(support, '/api/profile')).json();
    for (const [method, path, body] of [
      ['PUT', '/api/profile/language', { language: 'sw' }],
      ['PATCH', '/api/profile', { fullName: 'Changed by support' }],
      ['POST', '/api/profile/deactivate', {}],
    ] as const) {
      const refused = await asSupport(support, path, method, body);
      expect({ path, status: refused.status, message: refused.json<{ error: { message: string } }>().error.message }).toEqual({ path, status: 403, message: 'Support access is read-only.' });
    }
    expect((await asSupport(support, '/api/profile')).json()).toEqual(profileBefore);

    const signedOut = await asSupport(support, '/api/auth/sign-out', 'POST');
    expect(signedOut.status).toBe(204);
    expect((await asSupport(support, '/api/products')).status).toBe(401);
    const shopLog = await ownerSeesSupportEvents(shopA);
    expect(shopLog.filter((event) => event.entityId === support.grant.id).map((event) => [event.action, event.details.how])).toEqual([
      ['support.access_started', undefined],
      ['support.access_ended', 'signed_out'],
    ]);
    expect((await platformActions(shopA)).filter((event) => event.details.grantId === support.grant.id).map((event) => [event.action, event.details.how])).toEqual([
      ['tenant.support_access_started', undefined],
      ['tenant.support_access_ended', 'signed_out'],
    ]);
    // The admin's console session is untouched.
    expect((await asAdmin(grantsPath(shopA))).status).toBe(200);
  });

  it('an unused one-time address stops working after two minutes', async () => {
    const started = await asAdmin(grantsPath(shopA), 'POST', { reason: 'Late click', minutes: 15 });
    const address = new URL(started.json<{ url: string }>().url);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 121_000);
    expect((await testApp.request(`${address.pathname}${address.search}`, { host: address.host })).status).toBe(400);
    vi.useRealTimers();
    // Nor does it work at another shop's address.
    expect((await testApp.request(`${address.pathname}${address.search}`, { host: shopB.host })).status).toBe(400);
  });
});
