import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, setTenantStatus, subscribeToPlan, TEST_PASSWORD, type TestTenant } from '../../tests/support/factories';
import { createTestApp, signInAs, type TestApp } from '../../tests/support/test-app';
import { auditEvents } from '../db/schema/audit';
import { tenantUsers } from '../db/schema/auth';
import { tenantSubscriptions } from '../db/schema/billing';
import { tenants } from '../db/schema/tenancy';
import { createTenantAccessCache } from './tenant-access-cache';

// The tenant-route guard (server/auth/principal.ts requireTenantAccess, server/http/routes.ts):
// the role is the membership's in the request's shop (issue 11 "Role per membership"), the shop's
// status, the membership and the subscription count on the next request (issue 11 item 11), and a
// platform admin's requests in a shop land in its audit trail (issue 11).

let testApp: TestApp;
const clock = Date.now();
const host = (tenant: TestTenant) => `${tenant.subdomain}.localhost:3000`;
// A manager-only route and a cashier one.
const MANAGER_ROUTE = '/api/inventory/movements';
const CASHIER_ROUTE = '/api/locations';

beforeAll(async () => {
  testApp = await createTestApp();
  // A clock that never moves: whatever counts here counts without the cache expiring.
  testApp.deps.tenantAccess = createTenantAccessCache({ now: () => clock });
});
afterAll(() => testApp.close());

const get = (path: string, tenant: TestTenant, cookie: string) => testApp.request(path, { host: host(tenant), headers: { cookie } });

async function addMembership(tenantId: string, userId: string, role: string) {
  await testApp.database.withTenant(tenantId, (tx) =>
    tx.insert(tenantUsers).values({ tenantId, userId, role, invitationStatus: 'accepted', isActive: true }),
  );
}

async function setMembership(tenantId: string, userId: string, values: Partial<typeof tenantUsers.$inferInsert>) {
  await testApp.database.withTenant(tenantId, (tx) => tx.update(tenantUsers).set(values).where(eq(tenantUsers.userId, userId)));
}

const readEvents = (tenantId: string) =>
  testApp.database.withTenant(tenantId, (tx) => tx.select().from(auditEvents).orderBy(auditEvents.createdAt));

describe('role per membership', () => {
  it("the owner of shop A is a cashier in shop B: a manager-only route answers 200 on A's host and 403 on B's", async () => {
    const shopA = await createTenant(testApp.database);
    const shopB = await createTenant(testApp.database);
    const person = await createUser(testApp.database, testApp.deps.auth, { tenantId: shopA.id, role: 'admin' });
    await addMembership(shopB.id, person.id, 'cashier');

    const cookieA = await signInAs(testApp, host(shopA), person.email, TEST_PASSWORD);
    const cookieB = await signInAs(testApp, host(shopB), person.email, TEST_PASSWORD);
    expect((await get(MANAGER_ROUTE, shopA, cookieA)).status).toBe(200);
    expect((await get(MANAGER_ROUTE, shopB, cookieB)).status).toBe(403);
    expect((await get(CASHIER_ROUTE, shopB, cookieB)).status).toBe(200);

    // The session the web app mirrors carries the role in the session's shop.
    const sessionA = await get('/api/auth/session', shopA, cookieA);
    const sessionB = await get('/api/auth/session', shopB, cookieB);
    expect(sessionA.json().user.role).toBe('admin');
    expect(sessionB.json().user.role).toBe('cashier');
  });

  it('a new account writes its role on the profile and on the membership', async () => {
    const shop = await createTenant(testApp.database);
    const manager = await createUser(testApp.database, testApp.deps.auth, { tenantId: shop.id, role: 'manager' });
    const [membership] = await testApp.database.withTenant(shop.id, (tx) =>
      tx.select({ role: tenantUsers.role }).from(tenantUsers).where(eq(tenantUsers.userId, manager.id)),
    );
    expect(membership?.role).toBe('manager');
  });
});

// Each change is made straight in the database, as another app server or a platform operator
// would: no cache here is told, and the clock never moves. The access version read with the
// session (server/db/migrations/0026_tenant_access_triggers.sql) is what makes it count at once.
describe('status, membership and subscription count on the next request, whichever server changed them', () => {
  it('a suspended shop refuses its members at once, though the host stays cached', async () => {
    const shop = await createTenant(testApp.database);
    const owner = await createUser(testApp.database, testApp.deps.auth, { tenantId: shop.id, role: 'admin' });
    const cookie = await signInAs(testApp, host(shop), owner.email, TEST_PASSWORD);
    expect((await get(CASHIER_ROUTE, shop, cookie)).status).toBe(200);

    await setTenantStatus(testApp.database, shop.id, 'suspended');
    // Its own people are told it is suspended (issue 21), not that there is no shop.
    const refused = await get(CASHIER_ROUTE, shop, cookie);
    expect(refused.status).toBe(403);
    expect(refused.json().error.code).toBe('shop_suspended');
    const write = await testApp.request('/api/product-categories', { method: 'POST', host: host(shop), headers: { cookie }, body: { name: 'Drinks' } });
    expect(write.status).toBe(403);

    await setTenantStatus(testApp.database, shop.id, 'active');
    expect((await get(CASHIER_ROUTE, shop, cookie)).status).toBe(200);
  });

  it("a membership's role, deactivation and removal apply at once", async () => {
    const shop = await createTenant(testApp.database);
    const manager = await createUser(testApp.database, testApp.deps.auth, { tenantId: shop.id, role: 'manager' });
    const cookie = await signInAs(testApp, host(shop), manager.email, TEST_PASSWORD);
    expect((await get(MANAGER_ROUTE, shop, cookie)).status).toBe(200);

    await setMembership(shop.id, manager.id, { role: 'cashier' });
    expect((await get(MANAGER_ROUTE, shop, cookie)).status).toBe(403);

    await setMembership(shop.id, manager.id, { isActive: false });
    expect((await get(CASHIER_ROUTE, shop, cookie)).status).toBe(401);

    await testApp.database.withTenant(shop.id, (tx) => tx.delete(tenantUsers).where(eq(tenantUsers.userId, manager.id)));
    expect((await get(CASHIER_ROUTE, shop, cookie)).status).toBe(404);
  });

  it('a payment recorded by another server opens a lapsed shop on the next request', async () => {
    const shop = await createTenant(testApp.database);
    const owner = await createUser(testApp.database, testApp.deps.auth, { tenantId: shop.id, role: 'admin' });
    const cookie = await signInAs(testApp, host(shop), owner.email, TEST_PASSWORD);
    await testApp.database.withTenant(shop.id, (tx) =>
      tx.update(tenantSubscriptions).set({ status: 'trial', trialEnd: sql`now() - interval '1 day'`, currentPeriodEnd: null }),
    );
    expect((await get(CASHIER_ROUTE, shop, cookie)).status).toBe(402);

    await subscribeToPlan(testApp.database, shop.id, 'Starter');
    expect((await get(CASHIER_ROUTE, shop, cookie)).status).toBe(200);
  });

  it('a member\'s last-seen time does not change the stamp, so a till\'s burst of requests reads the facts once', async () => {
    const shop = await createTenant(testApp.database);
    const readVersion = async () =>
      (await testApp.database.platform.select({ version: tenants.accessVersion }).from(tenants).where(eq(tenants.id, shop.id)))[0]?.version;
    const before = await readVersion();
    await testApp.database.withTenant(shop.id, (tx) => tx.update(tenantUsers).set({ updatedAt: new Date() }));
    expect(await readVersion()).toBe(before);
  });
});

describe("platform admins in a shop's audit trail", () => {
  let shopA: TestTenant;
  let shopB: TestTenant;
  let superAdmin: { id: string; email: string };

  beforeAll(async () => {
    shopA = await createTenant(testApp.database);
    shopB = await createTenant(testApp.database);
    superAdmin = await createUser(testApp.database, testApp.deps.auth, { tenantId: null, role: 'superadmin' });
  });

  it("a platform admin's write in a shop leaves one event: actor, method and route, request id, time", async () => {
    const cookie = await signInAs(testApp, host(shopA), superAdmin.email, TEST_PASSWORD);
    const before = new Date();
    const created = await testApp.request('/api/product-categories', { method: 'POST', host: host(shopA), headers: { cookie }, body: { name: 'Unga' } });
    expect(created.status).toBe(201);

    const events = await readEvents(shopA.id);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event).toMatchObject({
      tenantId: shopA.id,
      actorUserId: superAdmin.id,
      action: 'POST /api/product-categories',
      requestId: created.headers['x-request-id'],
    });
    expect(event?.details).toEqual({ path: '/api/product-categories', actorRole: 'superadmin' });
    expect(event!.createdAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(await readEvents(shopB.id)).toEqual([]);
  });

  it("reads are recorded too (looking into a shop's data is access to it); members' requests are not", async () => {
    const cookie = await signInAs(testApp, host(shopB), superAdmin.email, TEST_PASSWORD);
    const read = await get(CASHIER_ROUTE, shopB, cookie);
    expect(read.status).toBe(200);
    expect((await readEvents(shopB.id)).map((event) => event.action)).toEqual(['GET /api/locations']);

    const owner = await createUser(testApp.database, testApp.deps.auth, { tenantId: shopB.id, role: 'admin' });
    const ownerCookie = await signInAs(testApp, host(shopB), owner.email, TEST_PASSWORD);
    await get(CASHIER_ROUTE, shopB, ownerCookie);
    await testApp.request('/api/product-categories', { method: 'POST', host: host(shopB), headers: { cookie: ownerCookie }, body: { name: 'Soap' } });
    expect(await readEvents(shopB.id)).toHaveLength(1);
  });

  it("is isolated: shop B reads none of shop A's events, even by naming A", async () => {
    const leaked = await testApp.database.withTenant(shopB.id, (tx) =>
      tx.select().from(auditEvents).where(eq(auditEvents.tenantId, shopA.id)),
    );
    expect(leaked).toEqual([]);
    await expect(
      testApp.database.withTenant(shopB.id, (tx) =>
        tx.insert(auditEvents).values({ tenantId: shopA.id, actorUserId: superAdmin.id, action: 'forged' }),
      ),
    ).rejects.toThrow();
  });

  it('is append-only: the application can neither change nor remove an event', async () => {
    const failure = (work: () => Promise<unknown>) =>
      work().then(
        () => 'succeeded',
        (error: { message?: string; cause?: { message?: string } }) => error.cause?.message ?? error.message ?? String(error),
      );
    const update = await failure(() =>
      testApp.database.withTenant(shopA.id, (tx) => tx.update(auditEvents).set({ action: 'changed' }).where(eq(auditEvents.tenantId, shopA.id))),
    );
    const remove = await failure(() => testApp.database.withTenant(shopA.id, (tx) => tx.delete(auditEvents).where(eq(auditEvents.tenantId, shopA.id))));
    expect(update).toMatch(/permission denied/);
    expect(remove).toMatch(/permission denied/);
    expect(await readEvents(shopA.id)).toHaveLength(1);
  });
});
