import { createRoute } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, TEST_PASSWORD, type TestTenant } from '../../tests/support/factories';
import { createTestApp, signInAs, type TestApp } from '../../tests/support/test-app';
import { createApp } from '../app';
import { queryRows } from '../db/client';
import { billingPlans } from '../db/schema/billing';
import { mountRoutes, tenantRoute, type MountedRoute } from '../http/routes';

// The sandbox provider end to end (no Paystack key): checkout page, pay/decline, fulfilment.
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

async function shopWithOwner(subdomain: string) {
  const tenant = await createTenant(testApp.database, { subdomain, name: `Shop ${subdomain}` });
  const owner = await createUser(testApp.database, testApp.deps.auth, { tenantId: tenant.id, role: 'admin' });
  const cashier = await createUser(testApp.database, testApp.deps.auth, { tenantId: tenant.id, role: 'cashier' });
  const host = `${subdomain}.localhost:3000`;
  const ownerCookie = await signInAs(testApp, host, owner.email, TEST_PASSWORD);
  const cashierCookie = await signInAs(testApp, host, cashier.email, TEST_PASSWORD);
  const call = (path: string, options: { method?: string; body?: unknown; cookie?: string } = {}) =>
    testApp.request(path, { host, method: options.method, body: options.body, headers: { cookie: options.cookie ?? ownerCookie } });
  return { tenant, host, owner, ownerCookie, cashierCookie, call };
}

async function planId(name: string, period = 'monthly') {
  const [plan] = await testApp.database.platform.select({ id: billingPlans.id }).from(billingPlans).where(sql`${billingPlans.name} = ${name} and ${billingPlans.period} = ${period}`);
  return plan!.id;
}

async function expireTrial(tenant: TestTenant) {
  await testApp.database.withTenant(tenant.id, (tx) => tx.execute(sql`update tenant_subscription_details set trial_end = now() - interval '1 day'`));
}

/** Follows the sandbox checkout as a person would: open the page, press Pay or Decline. */
async function payInSandbox(shop: Awaited<ReturnType<typeof shopWithOwner>>, plan: string, outcome: 'pay' | 'decline') {
  const checkout = await shop.call('/api/billing/checkout', { method: 'POST', body: { planId: await planId(plan) } });
  expect(checkout.status).toBe(200);
  const { authorizationUrl, reference } = checkout.json<{ authorizationUrl: string; reference: string }>();
  const url = new URL(authorizationUrl);
  expect(url.host).toBe(shop.host);
  const page = await testApp.request(url.pathname, { host: shop.host });
  expect(page.text).toContain('SANDBOX — no real money moves');
  // The checkout page names the plan and the amount in KES (issue 10 item 16).
  expect(page.text).toContain(`<h1>Dukani subscription: ${plan}, monthly</h1>`);
  expect(page.text).toMatch(/<div class="amount" data-testid="amount">KES \d{1,3}(,\d{3})*\.\d{2}<\/div>/);
  const decided = await testApp.request(`${url.pathname}/${outcome}`, { method: 'POST', host: shop.host, headers: { origin: `http://${shop.host}` } });
  expect(decided.status).toBe(303);
  expect(decided.headers.location).toBe(`http://${shop.host}/admin/settings?tab=billing&reference=${reference}&trxref=${reference}`);
  return reference;
}

describe('trial and entitlements', () => {
  it('a new shop is on a 14-day trial with every feature', async () => {
    const shop = await shopWithOwner('trial-shop');
    const response = await shop.call('/api/billing/entitlements', { cookie: shop.cashierCookie });
    expect(response.status).toBe(200);
    const body = response.json();
    expect(body.subscription).toMatchObject({ status: 'trial', plan: null });
    expect(body.access).toMatchObject({ isTrialActive: true, hasAccess: true, daysLeftInTrial: 14 });
    expect(Object.values(body.entitlements.features).every(Boolean)).toBe(true);
    expect(body.entitlements.limits.max_products).toBe(999999);
    expect(body.passesGate).toBe(true);
  });

  it('an expired trial gets 402 with the spec text on tenant routes, but billing still answers', async () => {
    const shop = await shopWithOwner('expired-shop');
    await expireTrial(shop.tenant);
    const blocked = await shop.call('/api/products');
    expect(blocked.status).toBe(402);
    expect(blocked.json().error.message).toBe('Your trial has expired. Upgrade to continue using the system.');
    expect((await shop.call('/api/billing')).status).toBe(200);
    expect((await shop.call('/api/settings/business', { method: 'PATCH', body: { receiptFooter: 'Karibu' } })).status).toBe(402);
    // The person's own profile and sign-in activity, the shop's name, logo and time zone, and its
    // data export stay open (issue 10 item 8).
    expect((await shop.call('/api/settings/business')).status).toBe(200);
    expect((await shop.call('/api/profile')).status).toBe(200);
    expect((await shop.call('/api/profile/activity')).status).toBe(200);
    const exported = await shop.call('/api/products/export.csv');
    expect(exported.status).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(exported.text.split('\n')[0]).toContain('name');
    // Writing is still closed.
    expect((await shop.call('/api/products/import', { method: 'POST', body: {} })).status).toBe(402);
    const entitlements = (await shop.call('/api/billing/entitlements', { cookie: shop.cashierCookie })).json();
    expect(entitlements).toMatchObject({ passesGate: false, subscriptionRequiredMessage: 'Your trial has expired. Upgrade to continue using the system.' });
  });
});

describe('billing overview', () => {
  it('lists active plans by popularity with this shop’s prices, and honours custom pricing', async () => {
    const shop = await shopWithOwner('pricing-shop');
    const starter = await planId('Starter');
    await testApp.database.withTenant(shop.tenant.id, (tx) =>
      tx.execute(sql`insert into tenant_custom_pricing (tenant_id, billing_plan_id, price_minor, setup_fee_minor) values (${shop.tenant.id}, ${starter}, 120000, 50000)`),
    );
    const overview = (await shop.call('/api/billing')).json();
    const popularity = overview.plans.map((p: { popularity: number }) => p.popularity);
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
    expect(overview.plans).toHaveLength(6);
    expect(overview.provider).toBe('sandbox');
    const starterPlan = overview.plans.find((p: { id: string }) => p.id === starter);
    expect(starterPlan).toMatchObject({ priceMinor: 150000, effectivePriceMinor: 120000, setupFeeMinor: 50000, isCustomPrice: true });
    // The checkout charges the custom price plus the setup fee.
    await shop.call('/api/billing/checkout', { method: 'POST', body: { planId: starter } });
    const [payment] = (await shop.call('/api/billing')).json().payments;
    expect(payment).toMatchObject({ status: 'pending', amountMinor: 170000, currency: 'KES', plan: { name: 'Starter', period: 'monthly' } });
  });

  it('is for the business owner only', async () => {
    const shop = await shopWithOwner('owner-only-shop');
    expect((await shop.call('/api/billing', { cookie: shop.cashierCookie })).status).toBe(403);
    expect((await shop.call('/api/billing/checkout', { method: 'POST', cookie: shop.cashierCookie, body: { planId: await planId('Starter') } })).status).toBe(403);
  });

  it('refuses an unknown plan with a field message', async () => {
    const shop = await shopWithOwner('bad-plan-shop');
    const response = await shop.call('/api/billing/checkout', { method: 'POST', body: { planId: '00000000-0000-4000-8000-000000000000' } });
    expect(response.status).toBe(400);
    expect(response.json().error.fields.planId).toBeDefined();
  });
});

describe('sandbox checkout', () => {
  it('pay: the payment completes, the subscription turns active for a month, the gate opens', async () => {
    const shop = await shopWithOwner('paying-shop');
    await expireTrial(shop.tenant);
    const reference = await payInSandbox(shop, 'Starter', 'pay');
    const overview = (await shop.call('/api/billing')).json();
    expect(overview.subscription).toMatchObject({ status: 'active', plan: { name: 'Starter', period: 'monthly' } });
    expect(overview.access).toMatchObject({ isSubscriptionActive: true, hasAccess: true });
    expect(overview.access.daysUntilExpiry).toBeGreaterThanOrEqual(28);
    expect(overview.payments[0]).toMatchObject({ reference, status: 'completed', paidAt: expect.any(String) });
    expect((await shop.call('/api/products')).status).toBe(200);
    const [notification] = (await shop.call('/api/notifications')).json().notifications;
    expect(notification).toMatchObject({ kind: 'payment_completed', title: 'Payment received', link: '/admin/settings?tab=billing', isRead: false });
    expect(notification.body).toContain('KES 1,500.00 for Starter (monthly)');
    // Starter: defaults plus three features (spec §9).
    expect(overview.entitlements.features).toMatchObject({ advanced_reporting: true, user_roles: true, advanced_inventory: false });
    expect(overview.entitlements.limits).toEqual({ max_locations: 2, max_staff_users: 10, max_products: 1000 });
    // Verifying again on return from checkout changes nothing.
    const verify = await shop.call('/api/billing/verify', { method: 'POST', body: { reference } });
    expect(verify.json().status).toBe('completed');
    const again = (await shop.call('/api/billing')).json();
    expect(again.subscription.currentPeriodEnd).toBe(overview.subscription.currentPeriodEnd);
  });

  it('decline: the payment fails with failed_at, the subscription is unchanged', async () => {
    const shop = await shopWithOwner('declining-shop');
    const reference = await payInSandbox(shop, 'Professional', 'decline');
    const overview = (await shop.call('/api/billing')).json();
    expect(overview.payments[0]).toMatchObject({ reference, status: 'failed', failedAt: expect.any(String), paidAt: null });
    expect(overview.subscription).toMatchObject({ status: 'trial', plan: null });
    expect((await shop.call('/api/notifications')).json().notifications[0]).toMatchObject({ kind: 'payment_failed', title: 'Payment failed' });
  });

  it('paying during the trial keeps the trial days: the paid month starts when the trial ends (issue 10 item 2)', async () => {
    const shop = await shopWithOwner('early-payer');
    // Hand-worked: a trial ending 31 Jan 2099 09:00 UTC; a month paid before then runs to 28 Feb 2099 09:00.
    await testApp.database.withTenant(shop.tenant.id, (tx) =>
      tx.execute(sql`update tenant_subscription_details set trial_end = '2099-01-31T09:00:00Z'`),
    );
    const reference = await payInSandbox(shop, 'Starter', 'pay');
    const overview = (await shop.call('/api/billing')).json();
    expect(overview.subscription).toMatchObject({
      status: 'active',
      trialEnd: '2099-01-31T09:00:00.000Z',
      currentPeriodEnd: '2099-02-28T09:00:00.000Z',
      plan: { name: 'Starter', period: 'monthly' },
    });
    // Still the trial's every feature until it ends.
    expect(overview.access).toMatchObject({ isTrialActive: true, isSubscriptionActive: true });
    expect(overview.entitlements.features.advanced_inventory).toBe(true);
    // The return from checkout, the webhook or a replay apply it once.
    expect((await shop.call('/api/billing/verify', { method: 'POST', body: { reference } })).json().status).toBe('completed');
    expect((await shop.call('/api/billing')).json().subscription.currentPeriodEnd).toBe('2099-02-28T09:00:00.000Z');
    // Sync recomputes the same end from the payments.
    expect((await shop.call('/api/billing/sync', { method: 'POST' })).json()).toEqual({ synced: true });
    expect((await shop.call('/api/billing')).json().subscription).toMatchObject({ status: 'active', currentPeriodEnd: '2099-02-28T09:00:00.000Z' });
  });

  it('a second payment extends from the current period end', async () => {
    const shop = await shopWithOwner('renewing-shop');
    await payInSandbox(shop, 'Starter', 'pay');
    const first = new Date((await shop.call('/api/billing')).json().subscription.currentPeriodEnd);
    await payInSandbox(shop, 'Starter', 'pay');
    const second = new Date((await shop.call('/api/billing')).json().subscription.currentPeriodEnd);
    expect(second.getUTCMonth()).toBe((first.getUTCMonth() + 1) % 12);
    expect((await shop.call('/api/billing/sync', { method: 'POST' })).json()).toEqual({ synced: true });
    const synced = new Date((await shop.call('/api/billing')).json().subscription.currentPeriodEnd);
    expect(Math.abs(synced.getTime() - second.getTime())).toBeLessThan(60_000);
  });
});

describe('plan features on the server', () => {
  it('a route that needs a feature answers 402 with its upgrade message when the plan lacks it', async () => {
    // A fresh app: routes are added before its first request. The path is outside /api so the API's
    // catch-all 404 (registered first) does not answer it.
    const registry: MountedRoute[] = [];
    const app = createApp(testApp.deps, { serveWeb: false });
    mountRoutes(
      app,
      [
        tenantRoute(
          { permission: 'member', feature: 'advanced_inventory' },
          createRoute({ method: 'get', path: '/test-only/brands', responses: { 200: { description: 'ok' } } }),
          (c) => c.json({ ok: true }, 200),
        ),
      ],
      registry,
    );
    const shop = await shopWithOwner('starter-shop');
    const callBrands = () => app.request(new Request(`http://${shop.host}/test-only/brands`, { headers: { host: shop.host, cookie: shop.ownerCookie } }));
    // On the trial: every feature.
    expect((await callBrands()).status).toBe(200);
    await payInSandbox(shop, 'Starter', 'pay');
    await expireTrial(shop.tenant);
    const refused = await callBrands();
    expect(refused.status).toBe(402);
    expect(((await refused.json()) as { error: unknown }).error).toMatchObject({
      code: 'payment_required',
      message: 'Upgrade to Pro for brands, units, warranties, combos, wholesale pricing and camera barcode scanning.',
    });
    expect(registry[0]?.access).toEqual({ level: 'tenant', permission: 'member', feature: 'advanced_inventory' });
  });
});

describe('isolation', () => {
  it("tenant B sees none of tenant A's payments and cannot verify A's reference", async () => {
    const shopA = await shopWithOwner('iso-a');
    const shopB = await shopWithOwner('iso-b');
    const reference = await payInSandbox(shopA, 'Starter', 'pay');
    expect((await shopB.call('/api/billing')).json().payments).toEqual([]);
    const verify = await shopB.call('/api/billing/verify', { method: 'POST', body: { reference } });
    expect(verify.status).toBe(404);
    const rows = await testApp.database.withTenant(shopB.tenant.id, (tx) => queryRows(tx, sql`select * from payment_history`));
    expect(rows).toEqual([]);
    // A's owner on B's host gets 404, not A's or B's data.
    const crossHost = await testApp.request('/api/billing', { host: shopB.host, headers: { cookie: shopA.ownerCookie } });
    expect(crossHost.status).toBe(404);
  });
});
