import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, TEST_PASSWORD } from '../../tests/support/factories';
import { createTestApp, sendRequest, signInAs, type TestApp, type TestResponse } from '../../tests/support/test-app';
import { billingPlans, paymentHistory, tenantSubscriptions } from '../db/schema/billing';
import { locations } from '../db/schema/inventory';
import { platformAuditEvents } from '../db/schema/platform';
import { registers, sales, shifts } from '../db/schema/sales';
import { businessSettings } from '../db/schema/settings';
import { queryRows } from '../db/client';
import { forgetAnalyticsDays, platformToday } from './analytics.service';

// Analytics (issue 21): figures across shops, worked by hand. Days are Nairobi's (the shops' own
// zone, UTC+3): a sale written at 09:00Z of a date lands on that date at noon in Nairobi.
//
// Today is T (the test's own day). Three shops, all signed up today, each with one location:
// - A "Alpha Duka": pays Starter monthly (active). Sales: T−1 two sales of 100,000 and 25,050 and a
//   third of 9,999 later voided; T one sale of 5,000 (written now). A second location.
// - B "Beta Stores": on a trial ending in 3 days, never paid. One sale of 300,000 on T−20.
// - C "Gamma Mart": on a trial ending in 5 days, but it paid once (completed): not "ending unpaid".
//   Never sold; signed up today, so idle 0 days.
//
// Expected, the default period (T−29…T):
// - T−1: 1 active shop, 2 transactions, 125,050. T: 1 shop, 1 transaction, 5,000. T−20: 1 shop (B),
//   1 transaction, 300,000. Other days 0.
// - Active shops today 1 (A); in the period 2 (A, B). Transactions 2 + 1 + 1 = 4; sales
//   125,050 + 5,000 + 300,000 = 430,050 KES.
// - Entitled now: A Starter = defaults + advanced_reporting, user_roles, advanced_customer_management;
//   B and C trials = everything. basic_pos 3, gift_cards 2 (B, C), advanced_reporting 3,
//   white_labeling 2. Used: basic_pos and sales 2 (A, B), multi_location 1 (A), gift_cards 0;
//   api_access not measured (null).
// - Cohort of this month: 3 sign-ups, 1 active, 2 trial.
// - Idle ≥ 14 days: B only (last sale T−20, idle 20). ≥ 21 days: none.
// - Trials ending within 7 days unpaid: B only.

let testApp: TestApp;
let adminHost: string;
let adminCookie: string;
let ownerHost: string;
let ownerCookie: string;
const shops: Record<'a' | 'b' | 'c', { id: string; name: string; subdomain: string }> = {} as never;
const today = platformToday();
const dayBefore = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
let receipt = 0;

beforeAll(async () => {
  testApp = await createTestApp();
  adminHost = `localhost:${testApp.port}`;
  const admin = await createUser(testApp.database, testApp.deps.auth, { tenantId: null, role: 'superadmin' });
  adminCookie = await signInAs(testApp, adminHost, admin.email, TEST_PASSWORD);
  shops.a = await createTenant(testApp.database, { name: 'Alpha Duka' });
  shops.b = await createTenant(testApp.database, { name: 'Beta Stores' });
  shops.c = await createTenant(testApp.database, { name: 'Gamma Mart' });
  const owner = await createUser(testApp.database, testApp.deps.auth, { tenantId: shops.a.id, role: 'admin' });
  ownerHost = `${shops.a.subdomain}.localhost:3000`;
  ownerCookie = await signInAs(testApp, ownerHost, owner.email, TEST_PASSWORD);
  for (const shop of Object.values(shops)) {
    await testApp.database.withTenant(shop.id, (tx) => tx.update(businessSettings).set({ currencyCode: 'KES', timeZone: 'Africa/Nairobi' }));
  }

  const [starter] = await testApp.database.platform.select({ id: billingPlans.id }).from(billingPlans).where(and(eq(billingPlans.name, 'Starter'), eq(billingPlans.period, 'monthly')));
  await testApp.database.withTenant(shops.a.id, (tx) =>
    tx.update(tenantSubscriptions).set({ status: 'active', billingPlanId: starter!.id, trialEnd: sql`now() - interval '1 day'`, currentPeriodEnd: sql`now() + interval '30 days'` }),
  );
  await testApp.database.withTenant(shops.a.id, (tx) => tx.insert(locations).values({ tenantId: shops.a.id, name: 'Second branch' }));
  await testApp.database.withTenant(shops.b.id, (tx) => tx.update(tenantSubscriptions).set({ trialEnd: sql`now() + interval '3 days'` }));
  await testApp.database.withTenant(shops.c.id, (tx) => tx.update(tenantSubscriptions).set({ trialEnd: sql`now() + interval '5 days'` }));
  await testApp.database.withTenant(shops.c.id, (tx) =>
    tx.insert(paymentHistory).values({ tenantId: shops.c.id, paymentReference: 'dk-c-1', billingPlanId: starter!.id, amountMinor: 150_000, provider: 'paystack', paymentStatus: 'completed', paidAt: new Date() }),
  );

  await sell(shops.a.id, 100_000, `${dayBefore(1)}T09:00:00Z`);
  await sell(shops.a.id, 25_050, `${dayBefore(1)}T09:30:00Z`);
  const voided = await sell(shops.a.id, 9_999, `${dayBefore(1)}T10:00:00Z`);
  await testApp.database.withTenant(shops.a.id, (tx) => tx.update(sales).set({ status: 'voided', voidedAt: new Date(), voidReason: 'Mistake' }).where(eq(sales.id, voided)));
  await sell(shops.a.id, 5_000, null);
  await sell(shops.b.id, 300_000, `${dayBefore(20)}T09:00:00Z`);
});
afterAll(async () => {
  await testApp.close();
});

/** A cash sale of `totalMinor` written at `at` (now when null), through the shop's register and a shift. */
async function sell(tenantId: string, totalMinor: number, at: string | null): Promise<string> {
  return testApp.database.withTenant(tenantId, async (tx) => {
    const [register] = await tx.select({ id: registers.id, locationId: registers.locationId }).from(registers).limit(1);
    let [shift] = await tx.select({ id: shifts.id }).from(shifts).where(eq(shifts.status, 'open')).limit(1);
    if (!shift) [shift] = await tx.insert(shifts).values({ tenantId, registerId: register!.id, locationId: register!.locationId, openingFloatMinor: 0 }).returning({ id: shifts.id });
    receipt += 1;
    const when = at ? new Date(at) : new Date();
    const [sale] = await tx
      .insert(sales)
      .values({
        tenantId,
        requestHash: `hash-${receipt}`,
        receiptNumber: receipt,
        receiptCode: `T1-${String(receipt).padStart(6, '0')}`,
        registerId: register!.id,
        shiftId: shift!.id,
        locationId: register!.locationId,
        subtotalMinor: totalMinor,
        totalMinor,
        taxMinor: 0,
        taxBands: {},
        paidMinor: totalMinor,
        ringUpAt: when,
        createdAt: when,
        updatedAt: when,
      })
      .returning({ id: sales.id });
    return sale!.id;
  });
}

const asAdmin = (path: string): Promise<TestResponse> => testApp.request(path, { host: adminHost, headers: { cookie: adminCookie, connection: 'close' } });
const ROUTES = ['/api/platform/analytics', '/api/platform/analytics/idle-shops', '/api/platform/analytics/ending-trials'];

describe('who may call Analytics', () => {
  it('answers 401 without a session and 404 to a shop owner', async () => {
    for (const path of ROUTES) {
      expect({ path, status: (await sendRequest(testApp.port, path, { host: adminHost })).status }).toEqual({ path, status: 401 });
      for (const host of [ownerHost, adminHost]) {
        const response = await testApp.request(path, { host, headers: { cookie: ownerCookie, connection: 'close' } });
        expect({ path, host, status: response.status }).toEqual({ path, host, status: 404 });
      }
    }
  });

  it('refuses a bad period, days or page with 400 and writes nothing', async () => {
    const before = await testApp.database.platform.select({ count: sql<number>`count(*)::int` }).from(platformAuditEvents);
    for (const bad of ['from=2026-13-01', 'from=2026-11-05&to=2026-11-01', 'from=2025-01-01&to=2026-11-01', 'to=yesterday', 'from=2026-02-30']) {
      const response = await asAdmin(`/api/platform/analytics?${bad}`);
      expect({ bad, status: response.status }).toEqual({ bad, status: 400 });
    }
    for (const bad of ['days=0', 'days=366', 'days=abc', 'page=0', 'pageSize=1000']) {
      expect({ bad, status: (await asAdmin(`/api/platform/analytics/idle-shops?${bad}`)).status }).toEqual({ bad, status: 400 });
    }
    expect((await asAdmin('/api/platform/analytics/ending-trials?pageSize=0')).status).toBe(400);
    const after = await testApp.database.platform.select({ count: sql<number>`count(*)::int` }).from(platformAuditEvents);
    expect(after).toEqual(before);
  });
});

describe('analytics', () => {
  it('counts active shops, transactions and sales by day over the default 30 days', async () => {
    const response = await asAdmin('/api/platform/analytics');
    expect(response.status).toBe(200);
    const summary = response.json();
    expect(summary.period).toEqual({ from: dayBefore(29), to: today });
    expect(summary.byDay).toHaveLength(30);
    expect(summary.activeShopsToday).toBe(1);
    expect(summary.activeShopsInPeriod).toBe(2);
    expect(summary.transactions).toBe(4);
    expect(summary.chartCurrency).toBe('KES');
    expect(summary.sales).toEqual([{ currency: 'KES', amountMinor: 430_050, transactions: 4 }]);
    const day = (d: string) => summary.byDay.find((line: { day: string }) => line.day === d);
    expect(day(dayBefore(1))).toEqual({ day: dayBefore(1), activeShops: 1, transactions: 2, salesMinor: 125_050 });
    expect(day(today)).toEqual({ day: today, activeShops: 1, transactions: 1, salesMinor: 5_000 });
    expect(day(dayBefore(20))).toEqual({ day: dayBefore(20), activeShops: 1, transactions: 1, salesMinor: 300_000 });
    expect(day(dayBefore(2))).toEqual({ day: dayBefore(2), activeShops: 0, transactions: 0, salesMinor: 0 });
  });

  it('keeps to the period asked for', async () => {
    // Only T−1: A's two sales.
    const summary = (await asAdmin(`/api/platform/analytics?from=${dayBefore(1)}&to=${dayBefore(1)}`)).json();
    expect(summary.byDay).toEqual([{ day: dayBefore(1), activeShops: 1, transactions: 2, salesMinor: 125_050 }]);
    expect(summary.activeShopsInPeriod).toBe(1);
    expect(summary.sales).toEqual([{ currency: 'KES', amountMinor: 125_050, transactions: 2 }]);
    // Today is outside this period, and still counted: A sold today.
    expect(summary.activeShopsToday).toBe(1);
  });

  it('says which shops have each feature and which used it, and what is not measured', async () => {
    const summary = (await asAdmin('/api/platform/analytics')).json();
    const feature = (key: string) => summary.features.find((line: { key: string }) => line.key === key);
    expect(feature('basic_pos')).toEqual({ key: 'basic_pos', entitledShops: 3, usedShops: 2 });
    expect(feature('sales')).toEqual({ key: 'sales', entitledShops: 3, usedShops: 2 });
    expect(feature('gift_cards')).toEqual({ key: 'gift_cards', entitledShops: 2, usedShops: 0 });
    expect(feature('advanced_reporting')).toEqual({ key: 'advanced_reporting', entitledShops: 3, usedShops: null });
    expect(feature('white_labeling')).toEqual({ key: 'white_labeling', entitledShops: 2, usedShops: null });
    expect(feature('multi_location')).toEqual({ key: 'multi_location', entitledShops: 2, usedShops: 1 });
    expect(feature('api_access').usedShops).toBeNull();
    expect(summary.usage).toEqual([
      { key: 'etims', usedShops: 0 },
      { key: 'mpesa', usedShops: 0 },
      { key: 'purchases', usedShops: 0 },
      { key: 'expenses', usedShops: 0 },
      { key: 'communications', usedShops: 0 },
    ]);
  });

  it('groups sign-ups by month, with where each cohort is now', async () => {
    const summary = (await asAdmin('/api/platform/analytics')).json();
    expect(summary.cohorts).toHaveLength(12);
    expect(summary.cohorts.at(-1)).toEqual({ month: today.slice(0, 7), signups: 3, byStatus: { trial: 2, active: 1, past_due: 0, lapsed: 0, suspended: 0 } });
    expect(summary.cohorts.slice(0, 11).every((cohort: { signups: number }) => cohort.signups === 0)).toBe(true);
  });
});

describe('churn signals', () => {
  it('lists shops with no sale for N days, longest idle first, paged on the server', async () => {
    const idle = (await asAdmin('/api/platform/analytics/idle-shops')).json();
    expect(idle.total).toBe(1);
    expect(idle.items).toEqual([
      expect.objectContaining({ tenantId: shops.b.id, name: 'Beta Stores', status: 'trial', lastSaleDay: dayBefore(20), idleDays: 20 }),
    ]);
    expect((await asAdmin('/api/platform/analytics/idle-shops?days=20')).json().total).toBe(1);
    expect((await asAdmin('/api/platform/analytics/idle-shops?days=21')).json()).toEqual({ items: [], total: 0 });
    // A day idle: A sold today (0 days), C signed up today (0 days): still only B.
    expect((await asAdmin('/api/platform/analytics/idle-shops?days=1')).json().total).toBe(1);
    // Past the last page: no rows, the total still told.
    expect((await asAdmin('/api/platform/analytics/idle-shops?page=2&pageSize=1')).json()).toEqual({ items: [], total: 1 });
  });

  it('lists trials ending within 7 days that never paid', async () => {
    const trials = (await asAdmin('/api/platform/analytics/ending-trials')).json();
    expect(trials.total).toBe(1);
    expect(trials.items).toEqual([expect.objectContaining({ tenantId: shops.b.id, name: 'Beta Stores', ownerEmail: null })]);
    const endsIn = (Date.parse(trials.items[0].trialEnd) - Date.now()) / 86_400_000;
    expect(endsIn).toBeGreaterThan(2.9);
    expect(endsIn).toBeLessThanOrEqual(3);
  });
});

// Shops added after the figures above: activity read from each shop's first and last day with a
// sale (report_shop_activity), and the probe for a shop that sold before and after the period.
// Period T−10…T−5. D sold T−25, T−7 and T−2: active (the probe finds T−7). E sold T−25 and T−2:
// not active. F's only sale (T−3) was voided: never active, no last sale day. A (T−1, T) and B
// (T−20) are outside it. Then E's T−2 sale is voided: its last sale day goes back to T−25.
describe('shops that sold around a period', () => {
  const more: Record<'d' | 'e' | 'f', { id: string }> = {} as never;
  let eLast = '';

  beforeAll(async () => {
    more.d = await createTenant(testApp.database, { name: 'Delta Kiosk' });
    more.e = await createTenant(testApp.database, { name: 'Echo Mart' });
    more.f = await createTenant(testApp.database, { name: 'Foxtrot Shop' });
    for (const days of [25, 7, 2]) await sell(more.d.id, 1_000, `${dayBefore(days)}T09:00:00Z`);
    await sell(more.e.id, 2_000, `${dayBefore(25)}T09:00:00Z`);
    eLast = await sell(more.e.id, 2_000, `${dayBefore(2)}T09:00:00Z`);
    const fOnly = await sell(more.f.id, 3_000, `${dayBefore(3)}T09:00:00Z`);
    await testApp.database.withTenant(more.f.id, (tx) => tx.update(sales).set({ status: 'voided', voidedAt: new Date(), voidReason: 'Mistake' }).where(eq(sales.id, fOnly)));
    // Past days' figures are kept for 10 minutes; these sales reach days read above.
    forgetAnalyticsDays(testApp.database);
  });

  const bounds = (tenantId: string) =>
    testApp.database.withTenant(tenantId, async (tx) => (await queryRows<{ first: string | null; last: string | null }>(tx, sql`select to_char(first_sale_day, 'YYYY-MM-DD') as first, to_char(last_sale_day, 'YYYY-MM-DD') as last from report_shop_activity`))[0]);

  it('counts a shop that sold within the period, not one that only sold before and after it, nor a voided sale', async () => {
    expect(await bounds(more.d.id)).toEqual({ first: dayBefore(25), last: dayBefore(2) });
    expect(await bounds(more.f.id)).toEqual({ first: null, last: null });
    const summary = (await asAdmin(`/api/platform/analytics?from=${dayBefore(10)}&to=${dayBefore(5)}`)).json();
    expect(summary.activeShopsInPeriod).toBe(1);
    expect(summary.transactions).toBe(1);
    expect(summary.byDay.find((line: { day: string }) => line.day === dayBefore(7))).toEqual({ day: dayBefore(7), activeShops: 1, transactions: 1, salesMinor: 1_000 });
  });

  it("moves a shop's last sale day back when that day's sales are voided", async () => {
    await testApp.database.withTenant(more.e.id, (tx) => tx.update(sales).set({ status: 'voided', voidedAt: new Date(), voidReason: 'Mistake' }).where(eq(sales.id, eLast)));
    expect(await bounds(more.e.id)).toEqual({ first: dayBefore(25), last: dayBefore(25) });
    const idle = (await asAdmin('/api/platform/analytics/idle-shops?days=21')).json();
    expect(idle.items).toEqual([expect.objectContaining({ tenantId: more.e.id, lastSaleDay: dayBefore(25), idleDays: 25 })]);
  });
});
