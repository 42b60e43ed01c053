import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, TEST_PASSWORD } from '../../tests/support/factories';
import { createTestApp, signInAs, type TestApp, type TestRequestOptions } from '../../tests/support/test-app';
import { billingPlans, tenantCustomPricing, tenantSubscriptions } from '../db/schema/billing';
import { platformAuditEvents } from '../db/schema/platform';

// Custom pricing (issue 21, spec §3 tenant_custom_pricing): set on the shop's console page, it is
// what the shop's own billing page then offers and charges, and what MRR counts. Figures worked by
// hand from the seeded plans (migration 0005): Starter monthly KES 1,500, Professional yearly KES
// 35,000.

let testApp: TestApp;
let adminHost: string;
let adminCookie: string;
let ownerCookie: string;
let ownerHost: string;
let starter: string;
let professionalYearly: string;
const shops: Record<'a' | 'b', { id: string; subdomain: string }> = {} as never;

beforeAll(async () => {
  testApp = await createTestApp();
  adminHost = `localhost:${testApp.port}`;
  const admin = await createUser(testApp.database, testApp.deps.auth, { tenantId: null, role: 'superadmin' });
  adminCookie = await signInAs(testApp, adminHost, admin.email, TEST_PASSWORD);
  shops.a = await createTenant(testApp.database, { name: 'Custom Price Duka' });
  shops.b = await createTenant(testApp.database, { name: 'Other Stores' });
  const owner = await createUser(testApp.database, testApp.deps.auth, { tenantId: shops.a.id, role: 'admin' });
  ownerHost = `${shops.a.subdomain}.localhost:3000`;
  ownerCookie = await signInAs(testApp, ownerHost, owner.email, TEST_PASSWORD);
  starter = await planId('Starter', 'monthly');
  professionalYearly = await planId('Professional', 'yearly');
  await subscribe(shops.a.id, starter);
  await subscribe(shops.b.id, professionalYearly);
});
afterAll(async () => {
  await testApp.close();
});

async function planId(name: string, period: 'monthly' | 'yearly') {
  const [plan] = await testApp.database.platform.select({ id: billingPlans.id }).from(billingPlans).where(and(eq(billingPlans.name, name), eq(billingPlans.period, period)));
  return plan!.id;
}

async function subscribe(tenantId: string, plan: string) {
  await testApp.database.withTenant(tenantId, (tx) =>
    tx.update(tenantSubscriptions).set({ status: 'active', billingPlanId: plan, trialEnd: sql`now() - interval '1 day'`, currentPeriodEnd: sql`now() + interval '30 days'` }),
  );
}

const asAdmin = (path: string, options: TestRequestOptions = {}) => testApp.request(path, { ...options, host: adminHost, headers: { cookie: adminCookie, ...options.headers } });
const pricesOf = (shop: 'a' | 'b') => `/api/platform/tenants/${shops[shop].id}/custom-prices`;
type Price = { id: string; planId: string; priceMinor: number; setupFeeMinor: number; state: string; expiresAt: string | null };

async function shopsStarterPrice() {
  const overview = (await testApp.request('/api/billing', { host: ownerHost, headers: { cookie: ownerCookie } })).json<{ plans: Array<{ id: string; effectivePriceMinor: number; setupFeeMinor: number; isCustomPrice: boolean }> }>();
  return overview.plans.find((plan) => plan.id === starter);
}

async function mrrMinor() {
  const summary = (await asAdmin('/api/platform/revenue')).json<{ recurring: Array<{ currency: string; mrrMinor: number; subscriptions: number }> }>();
  return summary.recurring.find((line) => line.currency === 'KES');
}

describe('custom pricing', () => {
  it("sets a shop's price: the shop's own billing offers it, MRR counts it", async () => {
    // Before: KES 1,500 a month (A) + KES 35,000 a year (B) = 150,000 + 3,500,000 / 12 = 441,666.67 → 441,667 cents.
    expect(await mrrMinor()).toMatchObject({ mrrMinor: 441_667, subscriptions: 2 });
    expect((await asAdmin(pricesOf('a'))).json().items).toEqual([]);

    const set = await asAdmin(pricesOf('a'), { method: 'POST', body: { planId: starter, priceMinor: 120_000, setupFeeMinor: 50_000 } });
    expect(set.status).toBe(201);
    expect(set.json<{ items: Price[] }>().items).toMatchObject([{ planId: starter, priceMinor: 120_000, setupFeeMinor: 50_000, state: 'in_force', expiresAt: null }]);
    expect(await shopsStarterPrice()).toMatchObject({ effectivePriceMinor: 120_000, setupFeeMinor: 50_000, isCustomPrice: true });

    // B pays KES 30,000 a year: 120,000 + 3,000,000 / 12 = 370,000.
    await asAdmin(pricesOf('b'), { method: 'POST', body: { planId: professionalYearly, priceMinor: 3_000_000 } });
    expect(await mrrMinor()).toMatchObject({ mrrMinor: 370_000, subscriptions: 2 });
  });

  it('a new price for the plan replaces the one in force; a later one waits for its date', async () => {
    const next = await asAdmin(pricesOf('a'), { method: 'POST', body: { planId: starter, priceMinor: 110_000 } });
    const items = next.json<{ items: Price[] }>().items;
    expect(items.filter((price) => price.state === 'in_force')).toMatchObject([{ priceMinor: 110_000 }]);
    expect(items.find((price) => price.priceMinor === 120_000)).toMatchObject({ state: 'ended' });
    expect(await shopsStarterPrice()).toMatchObject({ effectivePriceMinor: 110_000, setupFeeMinor: 0 });

    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const later = (await asAdmin(pricesOf('a'), { method: 'POST', body: { planId: starter, priceMinor: 100_000, effectiveDate: inAWeek } })).json<{ items: Price[] }>().items;
    expect(later.find((price) => price.priceMinor === 100_000)).toMatchObject({ state: 'scheduled' });
    // The one in force now runs until the new one starts.
    expect(later.find((price) => price.priceMinor === 110_000)).toMatchObject({ state: 'in_force', expiresAt: inAWeek });
    expect(await shopsStarterPrice()).toMatchObject({ effectivePriceMinor: 110_000 });
  });

  it('ends a price: the plan\'s own price applies again; ending it twice is a conflict', async () => {
    const items = (await asAdmin(pricesOf('a'))).json<{ items: Price[] }>().items;
    for (const price of items.filter((item) => item.state !== 'ended')) {
      const ended = await asAdmin(`${pricesOf('a')}/${price.id}/end`, { method: 'POST' });
      expect(ended.status).toBe(200);
      expect(ended.json<{ items: Price[] }>().items.find((item) => item.id === price.id)).toMatchObject({ state: 'ended' });
    }
    expect(await shopsStarterPrice()).toMatchObject({ effectivePriceMinor: 150_000, isCustomPrice: false });
    // A: 150,000 again; B still 3,000,000 / 12.
    expect(await mrrMinor()).toMatchObject({ mrrMinor: 400_000 });
    const again = await asAdmin(`${pricesOf('a')}/${items[0]!.id}/end`, { method: 'POST' });
    expect(again.status).toBe(409);

    const actions = await testApp.database.platform.select({ action: platformAuditEvents.action }).from(platformAuditEvents).where(eq(platformAuditEvents.tenantId, shops.a.id));
    expect(actions.filter((row) => row.action === 'tenant.custom_price_set')).toHaveLength(3);
    expect(actions.filter((row) => row.action === 'tenant.custom_price_ended').length).toBeGreaterThanOrEqual(2);
  });

  it("refuses bad input with field messages and writes nothing", async () => {
    const count = async () => (await testApp.database.withTenant(shops.a.id, (tx) => tx.select({ id: tenantCustomPricing.id }).from(tenantCustomPricing))).length;
    const before = await count();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ planId: starter, priceMinor: -1 }, 'priceMinor'],
      [{ planId: starter, priceMinor: 12.5 }, 'priceMinor'],
      [{ planId: starter }, 'priceMinor'],
      [{ planId: 'not-a-plan', priceMinor: 1000 }, 'planId'],
      [{ planId: '00000000-0000-4000-8000-000000000000', priceMinor: 1000 }, 'planId'],
      [{ planId: starter, priceMinor: 1000, effectiveDate: '2027-02-01T00:00:00Z', expiresAt: '2027-01-01T00:00:00Z' }, 'expiresAt'],
    ];
    for (const [body, field] of cases) {
      const response = await asAdmin(pricesOf('a'), { method: 'POST', body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json().error.fields?.[field]?.[0], JSON.stringify(body)).toEqual(expect.any(String));
    }
    expect(await count()).toBe(before);
  });

  it("keeps shops apart: B's price is not found through A, and only platform admins may call", async () => {
    const [bPrice] = (await asAdmin(pricesOf('b'))).json<{ items: Price[] }>().items;
    expect((await asAdmin(`${pricesOf('a')}/${bPrice!.id}/end`, { method: 'POST' })).status).toBe(404);
    expect((await asAdmin(pricesOf('b'))).json<{ items: Price[] }>().items[0]).toMatchObject({ id: bPrice!.id, state: 'in_force' });
    expect((await asAdmin(`/api/platform/tenants/00000000-0000-4000-8000-000000000000/custom-prices`)).status).toBe(404);

    const asOwner = await testApp.request(pricesOf('a'), { host: ownerHost, headers: { cookie: ownerCookie } });
    expect(asOwner.status).toBe(404);
    expect((await testApp.request(pricesOf('a'), { host: adminHost })).status).toBe(401);
  });
});
