import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakePaystack, type FakePaystack } from '../../tests/support/fake-paystack';
import { createTenant, createUser, TEST_PASSWORD } from '../../tests/support/factories';
import { createTestApp, sendRequest, signInAs, type TestApp, type TestResponse } from '../../tests/support/test-app';
import { createPaystackClient } from '../billing/paystack.client';
import { billingPlans, paymentHistory, tenantSubscriptions } from '../db/schema/billing';

// Revenue (issue 21): MRR and ARR from the paying shops, the payments of a period from
// payment_history across shops, the payments table and its CSV, and the reconciliation with a local
// fake of Paystack's documented transaction list. Every figure below is worked by hand from the
// plans' seeded prices (migration 0005): Starter monthly KES 1,500, Professional yearly KES 35,000,
// Enterprise yearly KES 80,000.

let fake: FakePaystack;
let testApp: TestApp;
let adminHost: string;
let adminCookie: string;
let ownerCookie: string;
let ownerHost: string;
const shops: Record<'a' | 'b' | 'c' | 'trial', { id: string; name: string; subdomain: string }> = {} as never;

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  fake = await createFakePaystack();
  testApp = await createTestApp({ config: { PAYSTACK_SECRET_KEY: fake.secretKey, PAYSTACK_BASE_URL: fake.baseUrl } });
  adminHost = `localhost:${testApp.port}`;
  const admin = await createUser(testApp.database, testApp.deps.auth, { tenantId: null, role: 'superadmin' });
  adminCookie = await signInAs(testApp, adminHost, admin.email, TEST_PASSWORD);

  shops.a = await createTenant(testApp.database, { name: 'Alpha Duka' });
  shops.b = await createTenant(testApp.database, { name: 'Beta Stores' });
  shops.c = await createTenant(testApp.database, { name: 'Gamma Mart' });
  shops.trial = await createTenant(testApp.database, { name: 'Trial Kiosk' });
  const owner = await createUser(testApp.database, testApp.deps.auth, { tenantId: shops.a.id, role: 'admin' });
  ownerHost = `${shops.a.subdomain}.localhost:3000`;
  ownerCookie = await signInAs(testApp, ownerHost, owner.email, TEST_PASSWORD);

  const a = await subscribe(shops.a.id, 'Starter', 'monthly');
  const b = await subscribe(shops.b.id, 'Professional', 'yearly');
  const c = await subscribe(shops.c.id, 'Enterprise', 'yearly');
  const trialPlan = await planId('Enterprise', 'monthly');
  // A trial on a plan is not revenue.
  await testApp.database.withTenant(shops.trial.id, (tx) => tx.update(tenantSubscriptions).set({ billingPlanId: trialPlan }));

  // The period 1–3 November 2026 in Nairobi (UTC+3) runs from 31 Oct 21:00Z to 3 Nov 21:00Z.
  await pay(shops.a.id, a, 'dk-a-0', 150_000, 'completed', 'paystack', '2026-10-31T20:59:00Z'); // 31 Oct 23:59 in Nairobi: before
  await pay(shops.a.id, a, 'dk-a-1', 150_000, 'completed', 'paystack', '2026-11-01T06:00:00Z');
  await pay(shops.a.id, a, 'sb-a-1', 150_000, 'completed', 'sandbox', '2026-11-01T07:00:00Z');
  await pay(shops.b.id, b, 'dk-b-1', 3_500_000, 'completed', 'paystack', '2026-11-02T07:00:00Z');
  await pay(shops.c.id, c, 'dk-c-1', 8_000_000, 'failed', 'paystack', '2026-11-02T20:30:00Z'); // 2 Nov 23:30 in Nairobi
  await pay(shops.a.id, a, 'dk-a-2', 150_000, 'reversed', 'paystack', '2026-11-02T21:30:00Z'); // 3 Nov 00:30 in Nairobi
  await pay(shops.a.id, a, 'dk-a-9', 150_000, 'completed', 'paystack', '2026-11-03T21:00:00Z'); // 4 Nov 00:00: after

  // Paystack's side: one amount differs (B), one of ours is missing (C's failure), one is only there.
  fake.addTransaction({ reference: 'dk-a-0', amount: 150_000, createdAt: at('2026-10-31T20:59:00Z') });
  fake.addTransaction({ reference: 'dk-a-1', amount: 150_000, createdAt: at('2026-11-01T06:00:01Z') });
  fake.addTransaction({ reference: 'dk-b-1', amount: 3_400_000, createdAt: at('2026-11-02T07:00:01Z') });
  fake.addTransaction({ reference: 'dk-a-2', amount: 150_000, status: 'reversed', createdAt: at('2026-11-02T21:30:01Z') });
  fake.addTransaction({ reference: 'ps-orphan', amount: 50_000, createdAt: at('2026-11-01T09:00:00Z') });
  fake.addTransaction({ reference: 'dk-a-9', amount: 150_000, createdAt: at('2026-11-03T21:00:01Z') });
});
afterAll(async () => {
  await testApp.close();
  await fake.close();
});

async function planId(name: string, period: 'monthly' | 'yearly') {
  const [plan] = await testApp.database.platform.select({ id: billingPlans.id }).from(billingPlans).where(and(eq(billingPlans.name, name), eq(billingPlans.period, period)));
  return plan!.id;
}

async function subscribe(tenantId: string, name: string, period: 'monthly' | 'yearly') {
  const id = await planId(name, period);
  await testApp.database.withTenant(tenantId, (tx) =>
    tx.update(tenantSubscriptions).set({ status: 'active', billingPlanId: id, trialEnd: sql`now() - interval '1 day'`, currentPeriodEnd: sql`now() + interval '30 days'` }),
  );
  return id;
}

async function pay(tenantId: string, billingPlanId: string, reference: string, amountMinor: number, status: string, provider: string, createdAt: string) {
  const when = at(createdAt);
  await testApp.database.withTenant(tenantId, (tx) =>
    tx.insert(paymentHistory).values({
      tenantId,
      paymentReference: reference,
      billingPlanId,
      amountMinor,
      provider,
      paymentStatus: status,
      paidAt: status === 'completed' ? when : null,
      failedAt: status === 'failed' ? when : null,
      createdAt: when,
      updatedAt: when,
    }),
  );
}

const asAdmin = (path: string): Promise<TestResponse> => testApp.request(path, { host: adminHost, headers: { cookie: adminCookie, connection: 'close' } });
const PERIOD = 'from=2026-11-01&to=2026-11-03';

describe('who may call Revenue', () => {
  it('answers 401 without a session and 404 to a shop owner on every revenue route', async () => {
    for (const path of ['/api/platform/revenue', '/api/platform/revenue/payments', '/api/platform/revenue/payments.csv', '/api/platform/revenue/reconciliation']) {
      expect({ path, status: (await sendRequest(testApp.port, path, { host: adminHost })).status }).toEqual({ path, status: 401 });
      for (const host of [ownerHost, adminHost]) {
        const response = await testApp.request(path, { host, headers: { cookie: ownerCookie, connection: 'close' } });
        expect({ path, host, status: response.status }).toEqual({ path, host, status: 404 });
      }
    }
  });

  it('refuses a bad period or filter with 400', async () => {
    for (const bad of ['from=2026-13-01', 'from=2026-11-05&to=2026-11-01', 'from=2025-01-01&to=2026-11-01', 'to=yesterday']) {
      expect({ bad, status: (await asAdmin(`/api/platform/revenue?${bad}`)).status }).toEqual({ bad, status: 400 });
      expect({ bad, status: (await asAdmin(`/api/platform/revenue/reconciliation?${bad}`)).status }).toEqual({ bad, status: 400 });
    }
    for (const bad of ['status=lost', 'sort=shop', 'pageSize=1000', 'direction=up', 'search=a%00b']) {
      expect({ bad, status: (await asAdmin(`/api/platform/revenue/payments?${bad}`)).status }).toEqual({ bad, status: 400 });
    }
  });
});

describe('revenue', () => {
  it('sums MRR and ARR over the paying shops, and the period by day and by plan', async () => {
    const response = await asAdmin(`/api/platform/revenue?${PERIOD}`);
    expect(response.status).toBe(200);
    const summary = response.json();
    // MRR: 150,000 + (3,500,000 + 8,000,000) / 12 = 150,000 + 958,333.33… → 1,108,333 (rounded once).
    // ARR: 150,000 × 12 + 3,500,000 + 8,000,000 = 13,300,000.
    expect(summary.recurring).toEqual([{ currency: 'KES', mrrMinor: 1_108_333, arrMinor: 13_300_000, subscriptions: 3 }]);
    // The overview says the same MRR.
    expect((await asAdmin('/api/platform/overview')).json().mrr).toEqual([{ currency: 'KES', amountMinor: 1_108_333, subscriptions: 3 }]);
    expect(summary.period).toEqual({ from: '2026-11-01', to: '2026-11-03' });
    expect(summary.totals).toEqual({
      completedCount: 3,
      completed: [{ currency: 'KES', amountMinor: 3_800_000 }],
      failedCount: 1,
      failed: [{ currency: 'KES', amountMinor: 8_000_000 }],
      pendingCount: 0,
      refundedCount: 1,
      refunded: [{ currency: 'KES', amountMinor: 150_000 }],
    });
    expect(summary.byDay).toEqual([
      { day: '2026-11-01', completedCount: 2, completedMinor: 300_000, failedCount: 0, failedMinor: 0 },
      { day: '2026-11-02', completedCount: 1, completedMinor: 3_500_000, failedCount: 1, failedMinor: 8_000_000 },
      { day: '2026-11-03', completedCount: 0, completedMinor: 0, failedCount: 0, failedMinor: 0 },
    ]);
    const byPlan = Object.fromEntries(summary.byPlan.map((line: { name: string; period: string }) => [`${line.name} ${line.period}`, line]));
    expect(byPlan['Starter monthly']).toMatchObject({ completedCount: 2, completedMinor: 300_000, failedCount: 0, refundedCount: 1 });
    expect(byPlan['Professional yearly']).toMatchObject({ completedCount: 1, completedMinor: 3_500_000 });
    expect(byPlan['Enterprise yearly']).toMatchObject({ completedCount: 0, failedCount: 1 });
  });

  it('pages, searches, filters and sorts the payments of the period', async () => {
    const all = (await asAdmin(`/api/platform/revenue/payments?${PERIOD}&pageSize=100`)).json();
    expect(all.total).toBe(5);
    expect(all.items.map((row: { reference: string }) => row.reference)).toEqual(['dk-a-2', 'dk-c-1', 'dk-b-1', 'sb-a-1', 'dk-a-1']);
    expect(all.items[2]).toMatchObject({ tenantName: 'Beta Stores', planName: 'Professional', planPeriod: 'yearly', amountMinor: 3_500_000, status: 'completed', provider: 'paystack' });

    const byShop = (await asAdmin(`/api/platform/revenue/payments?${PERIOD}&search=gamma`)).json();
    expect(byShop.items.map((row: { reference: string }) => row.reference)).toEqual(['dk-c-1']);
    const byReference = (await asAdmin(`/api/platform/revenue/payments?${PERIOD}&search=SB-A`)).json();
    expect(byReference.items.map((row: { reference: string }) => row.reference)).toEqual(['sb-a-1']);
    const failed = (await asAdmin(`/api/platform/revenue/payments?${PERIOD}&status=failed`)).json();
    expect(failed).toMatchObject({ total: 1, items: [{ reference: 'dk-c-1' }] });
    const refunds = (await asAdmin(`/api/platform/revenue/payments?${PERIOD}&status=refunded`)).json();
    expect(refunds).toMatchObject({ total: 1, items: [{ reference: 'dk-a-2', status: 'reversed' }] });
    const cheapest = (await asAdmin(`/api/platform/revenue/payments?${PERIOD}&sort=amount&direction=asc&pageSize=2&page=2`)).json();
    expect(cheapest.total).toBe(5);
    expect(cheapest.items.map((row: { amountMinor: number }) => row.amountMinor)).toEqual([150_000, 3_500_000]);
  });

  it('exports the payments of the period as CSV, oldest first', async () => {
    const response = await asAdmin(`/api/platform/revenue/payments.csv?${PERIOD}`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="payments-2026-11-01-to-2026-11-03.csv"');
    const lines = response.text.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Date,Shop,Subdomain,Plan,Period,Amount,Currency,Status,Provider,Reference,Paid at,Failed at');
    expect(lines).toHaveLength(6);
    expect(lines[1]).toBe(`2026-11-01T06:00:00.000Z,Alpha Duka,${shops.a.subdomain},Starter,monthly,1500.00,KES,completed,paystack,dk-a-1,2026-11-01T06:00:00.000Z,`);
    expect(lines[4]).toBe(`2026-11-02T20:30:00.000Z,Gamma Mart,${shops.c.subdomain},Enterprise,yearly,80000.00,KES,failed,paystack,dk-c-1,,2026-11-02T20:30:00.000Z`);
    const failedOnly = await asAdmin(`/api/platform/revenue/payments.csv?${PERIOD}&status=failed`);
    expect(failedOnly.text.trim().split(/\r?\n/)).toHaveLength(2);
  });

  it("reconciles our Paystack payments with Paystack's transaction list for the period", async () => {
    fake.requests.length = 0;
    const response = await asAdmin(`/api/platform/revenue/reconciliation?${PERIOD}`);
    expect(response.status).toBe(200);
    const result = response.json();
    expect({ paystack: result.paystackCount, dukani: result.dukaniCount, isConfigured: result.isConfigured }).toEqual({ paystack: 4, dukani: 4, isConfigured: true });
    const references = (lines: Array<{ reference: string }>) => lines.map((line) => line.reference);
    expect(references(result.matched)).toEqual(['dk-a-1', 'dk-a-2']);
    expect(references(result.onlyInPaystack)).toEqual(['ps-orphan']);
    expect(references(result.onlyInDukani)).toEqual(['dk-c-1']);
    expect(result.amountMismatches).toEqual([
      {
        reference: 'dk-b-1',
        ours: { amountMinor: 3_500_000, status: 'completed', tenantName: 'Beta Stores', createdAt: '2026-11-02T07:00:00.000Z' },
        theirs: { amountMinor: 3_400_000, status: 'success', createdAt: '2026-11-02T07:00:01.000Z' },
      },
    ]);
    // The documented request: GET /transaction with the period's instants and the secret key.
    const [request] = fake.requests;
    expect(request?.headers.authorization).toBe(`Bearer ${fake.secretKey}`);
    const url = new URL(request!.path, fake.baseUrl);
    expect(url.pathname).toBe('/transaction');
    expect(Object.fromEntries(url.searchParams)).toEqual({ from: '2026-10-31T21:00:00.000Z', to: '2026-11-03T20:59:59.999Z', perPage: '100', page: '1' });
  });

  it('answers 503 when Paystack fails', async () => {
    fake.failNextRequest(500, 'Internal error');
    expect((await asAdmin(`/api/platform/revenue/reconciliation?${PERIOD}`)).status).toBe(503);
  });

  it("the client follows Paystack's pages", async () => {
    const client = createPaystackClient({ secretKey: fake.secretKey, baseUrl: fake.baseUrl });
    fake.requests.length = 0;
    const listed = await client.listTransactions({ from: at('2026-10-31T21:00:00Z'), to: at('2026-11-03T20:59:59.999Z'), perPage: 3 });
    expect(listed.map((transaction) => transaction.reference)).toEqual(['dk-a-2', 'dk-b-1', 'ps-orphan', 'dk-a-1']);
    expect(fake.requests.map((request) => new URL(request.path, fake.baseUrl).searchParams.get('page'))).toEqual(['1', '2']);
    expect(listed[1]).toMatchObject({ amountMinor: 3_400_000, currency: 'KES', status: 'success' });
  });
});
