import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_KEYS, limitMessage, tierEntitlements, UNLIMITED } from '../../core/billing/plan-features.rules';
import { createTestShop, type TestShop } from '../../tests/support/catalog-shop';
import { createUser, TEST_PASSWORD } from '../../tests/support/factories';
import { createTestApp, sendRequest, signInAs, type TestApp, type TestResponse } from '../../tests/support/test-app';
import { billingPlans, platformSettings, tenantSubscriptions } from '../db/schema/billing';
import { platformAuditEvents } from '../db/schema/platform';
import { tenants } from '../db/schema/tenancy';

// Plan Management (issue 21): platform admins only, every change in the platform audit log with
// before and after, bad input refused with nothing written, and a limit edited here enforced on the
// shop's very next insert.

const SOME_UUID = '5b1f0c9e-2d6a-4f3b-9c1e-7a8d6e5f4a3b';

let testApp: TestApp;
let adminHost: string;
let admin: { id: string; cookie: string };
let shop: TestShop;

beforeAll(async () => {
  testApp = await createTestApp();
  adminHost = `localhost:${testApp.port}`;
  const user = await createUser(testApp.database, testApp.deps.auth, { tenantId: null, role: 'superadmin', fullName: 'Plan Admin' });
  admin = { id: user.id, cookie: await signInAs(testApp, adminHost, user.email, TEST_PASSWORD) };
  shop = await createTestShop(testApp);
});
afterAll(() => testApp.close());

const asAdmin = (method: string, path: string, body?: unknown): Promise<TestResponse> =>
  testApp.request(path, { method, host: adminHost, body, headers: { cookie: admin.cookie, connection: 'close' } });

const planAudit = () => testApp.database.platform.select().from(platformAuditEvents).where(sql`${platformAuditEvents.action} like 'plan.%'`).orderBy(platformAuditEvents.createdAt);
const countPlans = async () => (await testApp.database.platform.select({ n: sql<number>`count(*)::int` }).from(billingPlans))[0]!.n;
const countSettings = async () => (await testApp.database.platform.select({ n: sql<number>`count(*)::int` }).from(platformSettings))[0]!.n;

function planBody(overrides: Record<string, unknown> = {}) {
  const starter = tierEntitlements('Starter');
  return {
    name: 'Duka Lite',
    priceMinor: 99_900,
    period: 'monthly',
    cardLines: ['For one counter'],
    popularity: 7,
    badge: '',
    isActive: true,
    entitlements: { features: starter.features, limits: { ...starter.limits, max_products: 3 } },
    ...overrides,
  };
}

const addProduct = (name: string) => shop.call('POST', '/api/products', { body: { name, variants: [{ sellingPriceMinor: 10_000 }] } });

describe('who may call Plan Management', () => {
  it('answers 401 without a session and 404 to a shop owner on every plan route', async () => {
    const routes: Array<[string, string]> = [
      ['GET', '/api/platform/plans'],
      ['POST', '/api/platform/plans'],
      ['PUT', `/api/platform/plans/${SOME_UUID}`],
      ['POST', `/api/platform/plans/${SOME_UUID}/active`],
      ['DELETE', `/api/platform/plans/${SOME_UUID}`],
    ];
    for (const [method, path] of routes) {
      expect({ method, path, status: (await sendRequest(testApp.port, path, { method, host: adminHost })).status }).toEqual({ method, path, status: 401 });
      for (const host of [shop.host, adminHost]) {
        const owner = await testApp.request(path, { method, host, body: method === 'GET' || method === 'DELETE' ? undefined : planBody(), headers: { cookie: shop.cookies.owner, connection: 'close' } });
        expect({ method, path, host, status: owner.status }).toEqual({ method, path, host, status: 404 });
      }
    }
    expect(await planAudit()).toHaveLength(0);
  });
});

describe('plans', () => {
  it('lists the seeded plans, offered and retired, with their tier features and limits', async () => {
    const response = await asAdmin('GET', '/api/platform/plans');
    expect(response.status).toBe(200);
    const plans = response.json<Array<{ name: string; period: string; priceMinor: number; hasOwnEntitlements: boolean; entitlements: { limits: Record<string, number> } }>>();
    const professional = plans.find((plan) => plan.name === 'Professional' && plan.period === 'monthly');
    // Migration 0005: Professional monthly is KES 3,500.00; spec §9: 5 locations, unlimited staff, 5,000 products.
    expect(professional).toMatchObject({ priceMinor: 350_000, hasOwnEntitlements: false, entitlements: { limits: { max_locations: 5, max_staff_users: 999_999, max_products: 5000 } } });
  });

  it('refuses bad input with field messages and writes nothing', async () => {
    const plansBefore = await countPlans();
    const settingsBefore = await countSettings();
    const starter = tierEntitlements('Starter');
    const bad: Array<[string, Record<string, unknown>]> = [
      ['name', { name: '' }],
      ['priceMinor', { priceMinor: -1 }],
      ['priceMinor', { priceMinor: 10.5 }],
      ['period', { period: 'weekly' }],
      ['entitlements', { entitlements: { features: { ...starter.features, teleportation: true }, limits: starter.limits } }],
      ['entitlements', { entitlements: { features: starter.features, limits: { ...starter.limits, max_products: UNLIMITED + 1 } } }],
      ['entitlements', { entitlements: { features: { ...starter.features, gift_cards: 'yes' }, limits: starter.limits } }],
      ['entitlements', { entitlements: { features: starter.features, limits: { max_products: 10 } } }],
      ['popularity', { popularity: 1.5 }],
    ];
    for (const [field, overrides] of bad) {
      const response = await asAdmin('POST', '/api/platform/plans', planBody(overrides));
      expect({ overrides, status: response.status }).toEqual({ overrides, status: 400 });
      expect(Object.keys(response.json<{ error: { fields?: Record<string, string[]> } }>().error.fields ?? {}).some((key) => key.startsWith(field))).toBe(true);
    }
    const seeded = (await asAdmin('GET', '/api/platform/plans')).json<Array<{ id: string }>>()[0]!;
    expect((await asAdmin('PUT', `/api/platform/plans/${seeded.id}`, planBody({ priceMinor: 'free' }))).status).toBe(400);
    expect((await asAdmin('PUT', `/api/platform/plans/${SOME_UUID}`, planBody())).status).toBe(404);
    expect((await asAdmin('PUT', '/api/platform/plans/not-a-uuid', planBody())).status).toBe(400);
    // Same name and period as a seeded plan (any case): 409 on the name.
    const clash = await asAdmin('POST', '/api/platform/plans', planBody({ name: 'starter' }));
    expect(clash.status).toBe(409);
    expect(clash.json<{ error: { fields: Record<string, string[]> } }>().error.fields.name).toBeDefined();
    expect(await countPlans()).toBe(plansBefore);
    expect(await countSettings()).toBe(settingsBefore);
    expect(await planAudit()).toHaveLength(0);
  });

  it('creates, edits, retires and reactivates a plan, each in the audit log with before and after', async () => {
    const created = await asAdmin('POST', '/api/platform/plans', planBody());
    expect(created.status).toBe(201);
    const plan = created.json<{ id: string; badge: string | null; hasOwnEntitlements: boolean; entitlements: { limits: Record<string, number> } }>();
    expect(plan).toMatchObject({ badge: null, hasOwnEntitlements: true, entitlements: { limits: { max_products: 3, max_locations: 2 } } });

    const edited = await asAdmin('PUT', `/api/platform/plans/${plan.id}`, planBody({ priceMinor: 120_000, entitlements: { features: { ...tierEntitlements('Starter').features, gift_cards: true }, limits: { ...tierEntitlements('Starter').limits, max_products: 3 } } }));
    expect(edited.status).toBe(200);
    expect(edited.json()).toMatchObject({ priceMinor: 120_000, entitlements: { features: { gift_cards: true } } });

    expect((await asAdmin('POST', `/api/platform/plans/${plan.id}/active`, { isActive: false })).json()).toMatchObject({ isActive: false });
    expect((await asAdmin('POST', `/api/platform/plans/${plan.id}/active`, { isActive: false })).status).toBe(409);
    expect((await asAdmin('POST', `/api/platform/plans/${plan.id}/active`, { isActive: true })).json()).toMatchObject({ isActive: true });

    const events = (await planAudit()).filter((event) => (event.details as { planId?: string }).planId === plan.id);
    expect(events.map((event) => event.action)).toEqual(['plan.created', 'plan.updated', 'plan.retired', 'plan.reactivated']);
    expect(events.every((event) => event.actorUserId === admin.id)).toBe(true);
    expect(events[0]!.after).toMatchObject({ name: 'Duka Lite', priceMinor: 99_900, period: 'monthly', 'limit.max_products': 3 });
    // Only what changed: the price and one feature.
    expect(events[1]!.before).toEqual({ priceMinor: 99_900, 'feature.gift_cards': false });
    expect(events[1]!.after).toEqual({ priceMinor: 120_000, 'feature.gift_cards': true });
    expect(events[2]).toMatchObject({ before: { isActive: true }, after: { isActive: false } });

    // Nothing refers to it: it can be deleted (and that is recorded too).
    expect((await asAdmin('DELETE', `/api/platform/plans/${plan.id}`)).status).toBe(204);
    expect((await testApp.database.platform.select().from(billingPlans).where(eq(billingPlans.id, plan.id)))).toHaveLength(0);
    expect((await planAudit()).at(-1)).toMatchObject({ action: 'plan.deleted', details: { planId: plan.id } });
  });

  it("enforces a limit edited here on the shop's next insert, and a shop's plan cannot be deleted", async () => {
    const plan = (await asAdmin('POST', '/api/platform/plans', planBody({ name: 'Counter Plan' }))).json<{ id: string }>();
    await testApp.database.withTenant(shop.tenant.id, (tx) =>
      tx.update(tenantSubscriptions).set({ status: 'active', billingPlanId: plan.id, trialEnd: sql`now() - interval '1 day'`, currentPeriodEnd: sql`now() + interval '30 days'` }),
    );
    // The catalog shop starts with products of its own: count what it has.
    const used = (await asAdmin('GET', `/api/platform/tenants/${shop.tenant.id}`)).json<{ usage: Array<{ limit: string; used: number; maximum: number }> }>().usage.find((line) => line.limit === 'max_products')!;
    expect(used.maximum).toBe(3);

    const limits = (maxProducts: number) => ({ ...tierEntitlements('Starter').limits, max_products: maxProducts });
    const versionBefore = (await testApp.database.platform.select({ v: tenants.accessVersion }).from(tenants).where(eq(tenants.id, shop.tenant.id)))[0]!.v;

    // Lower it to what the shop has: its next product is refused (402) at once.
    expect((await asAdmin('PUT', `/api/platform/plans/${plan.id}`, planBody({ name: 'Counter Plan', entitlements: { features: tierEntitlements('Starter').features, limits: limits(used.used) } }))).status).toBe(200);
    const refused = await addProduct('One too many');
    expect(refused.status).toBe(402);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(limitMessage('max_products', used.used));
    const versionAfter = (await testApp.database.platform.select({ v: tenants.accessVersion }).from(tenants).where(eq(tenants.id, shop.tenant.id)))[0]!.v;
    expect(versionAfter).toBeGreaterThan(versionBefore);

    // Raise it by one: allowed once, then refused again.
    await asAdmin('PUT', `/api/platform/plans/${plan.id}`, planBody({ name: 'Counter Plan', entitlements: { features: tierEntitlements('Starter').features, limits: limits(used.used + 1) } }));
    // The plan card (the Billing tab's plans) words the plan's own limit.
    const card = (await shop.call('GET', '/api/billing')).json<{ plans: Array<{ id: string; entitlements: { limits: Record<string, number> } | null }> }>().plans.find((row) => row.id === plan.id);
    expect(card?.entitlements?.limits.max_products).toBe(used.used + 1);
    expect((await addProduct('Just fits')).status).toBe(201);
    expect((await addProduct('Over again')).status).toBe(402);

    // A feature switched off here is refused at once too (gift cards need gift_cards).
    const features = { ...tierEntitlements('Starter').features, gift_cards: true };
    await asAdmin('PUT', `/api/platform/plans/${plan.id}`, planBody({ name: 'Counter Plan', entitlements: { features, limits: limits(UNLIMITED) } }));
    expect((await shop.call('GET', '/api/gift-cards')).status).toBe(200);
    await asAdmin('PUT', `/api/platform/plans/${plan.id}`, planBody({ name: 'Counter Plan', entitlements: { features: { ...features, gift_cards: false }, limits: limits(UNLIMITED) } }));
    expect((await shop.call('GET', '/api/gift-cards')).status).toBe(402);

    // A shop is on it: no delete, and no change of period.
    const listed = (await asAdmin('GET', '/api/platform/plans')).json<Array<{ id: string; subscriptions: number; activeSubscriptions: number; isReferenced: boolean }>>().find((row) => row.id === plan.id);
    expect(listed).toMatchObject({ subscriptions: 1, activeSubscriptions: 1, isReferenced: true });
    expect((await asAdmin('DELETE', `/api/platform/plans/${plan.id}`)).status).toBe(409);
    expect((await asAdmin('PUT', `/api/platform/plans/${plan.id}`, planBody({ name: 'Counter Plan', period: 'yearly' }))).status).toBe(409);
    // Retired, the shop keeps it.
    expect((await asAdmin('POST', `/api/platform/plans/${plan.id}/active`, { isActive: false })).status).toBe(200);
    expect((await shop.call('GET', '/api/billing/entitlements')).json()).toMatchObject({ subscription: { plan: { id: plan.id } } });
  });

  it('describes the plan and revenue routes in the OpenAPI document', async () => {
    const document = (await testApp.request('/api/openapi.json')).json<{ paths: Record<string, unknown> }>();
    for (const path of ['/api/platform/plans', '/api/platform/plans/{id}', '/api/platform/plans/{id}/active', '/api/platform/revenue', '/api/platform/revenue/payments', '/api/platform/revenue/payments.csv', '/api/platform/revenue/reconciliation']) {
      expect(Object.keys(document.paths)).toContain(path);
    }
  });

  it('keeps every spec §9 key and only those', () => {
    expect(Object.keys(tierEntitlements('Professional').features).sort()).toEqual([...FEATURE_KEYS].sort());
  });
});
