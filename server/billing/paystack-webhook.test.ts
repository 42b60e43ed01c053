import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakePaystack, type FakePaystack } from '../../tests/support/fake-paystack';
import { createTenant, createUser, TEST_PASSWORD } from '../../tests/support/factories';
import { createTestApp, signInAs, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';

// The real Paystack client against a local fake of Paystack's documented API, and its webhook.
let fake: FakePaystack;
let testApp: TestApp;
let webhookUrl: string;

beforeAll(async () => {
  fake = await createFakePaystack();
  testApp = await createTestApp({ config: { PAYSTACK_SECRET_KEY: fake.secretKey, PAYSTACK_BASE_URL: fake.baseUrl } });
  webhookUrl = `http://127.0.0.1:${testApp.port}/api/webhooks/paystack`;
});
afterAll(async () => {
  await testApp.close();
  await fake.close();
});

async function shop(subdomain: string) {
  const tenant = await createTenant(testApp.database, { subdomain });
  const owner = await createUser(testApp.database, testApp.deps.auth, { tenantId: tenant.id, role: 'admin' });
  const host = `${subdomain}.localhost:3000`;
  const cookie = await signInAs(testApp, host, owner.email, TEST_PASSWORD);
  const call = (path: string, options: { method?: string; body?: unknown } = {}) => testApp.request(path, { host, headers: { cookie }, ...options });
  const [plan] = await queryRows<{ id: string; price_minor: number }>(testApp.database.platform, sql`select id, price_minor from billing_plans where name = 'Professional' and period = 'monthly'`);
  return { tenant, owner, host, call, plan: plan! };
}

async function checkout(s: Awaited<ReturnType<typeof shop>>) {
  const response = await s.call('/api/billing/checkout', { method: 'POST', body: { planId: s.plan.id } });
  expect(response.status).toBe(200);
  return response.json<{ authorizationUrl: string; reference: string }>();
}

const paymentStatus = async (tenantId: string, reference: string) => {
  const [row] = await testApp.database.withTenant(tenantId, (tx) =>
    queryRows<{ payment_status: string }>(tx, sql`select payment_status from payment_history where payment_reference = ${reference}`),
  );
  return row?.payment_status;
};
const periodEnd = async (tenantId: string) => {
  const [row] = await testApp.database.withTenant(tenantId, (tx) =>
    queryRows<{ current_period_end: string | null; status: string }>(tx, sql`select current_period_end, status from tenant_subscription_details`),
  );
  return row;
};

describe('checkout through Paystack', () => {
  it('initialises the transaction with the documented request and returns the authorization URL', async () => {
    const s = await shop('ps-init');
    const { authorizationUrl, reference } = await checkout(s);
    expect(authorizationUrl).toMatch(new RegExp(`^${fake.baseUrl}/checkout/`));
    const sent = fake.requests.find((r) => r.path === '/transaction/initialize' && (r.body as { reference?: string })?.reference === reference);
    expect(sent?.headers.authorization).toBe(`Bearer ${fake.secretKey}`);
    expect(sent?.body).toMatchObject({
      email: s.owner.email,
      amount: s.plan.price_minor,
      currency: 'KES',
      reference,
      callback_url: `http://${s.host}/admin/settings?tab=billing`,
      metadata: { tenant_id: s.tenant.id, plan_id: s.plan.id, reference },
    });
    // Paystack's dashboard and receipts name the plan (its documented metadata.custom_fields).
    expect((sent?.body as { metadata: unknown }).metadata).toMatchObject({
      plan: 'Professional, monthly',
      custom_fields: [{ display_name: 'Plan', variable_name: 'plan', value: 'Professional, monthly' }],
    });
  });

  it("answers 'Failed to initiate checkout' when Paystack errs, and records the attempt as failed", async () => {
    const s = await shop('ps-error');
    fake.failNextRequest(500, 'Internal error');
    const response = await s.call('/api/billing/checkout', { method: 'POST', body: { planId: s.plan.id } });
    expect(response.status).toBe(503);
    expect(response.json().error.message).toBe('Failed to initiate checkout');
    const [payment] = (await s.call('/api/billing')).json().payments;
    expect(payment).toMatchObject({ status: 'failed', failedAt: expect.any(String) });
  });

  it('verifies on return from checkout', async () => {
    const s = await shop('ps-verify');
    const { reference } = await checkout(s);
    fake.completeTransaction(reference, { status: 'success' });
    const verify = await s.call('/api/billing/verify', { method: 'POST', body: { reference } });
    expect(verify.json()).toMatchObject({ status: 'completed', subscription: { status: 'active', plan: { name: 'Professional' } } });
  });
});

describe('POST /api/webhooks/paystack', () => {
  it('refuses a missing, wrong-key or tampered signature with 401 before doing anything', async () => {
    const s = await shop('ps-sig');
    const { reference } = await checkout(s);
    fake.completeTransaction(reference, { status: 'success' });
    const verifyCallsBefore = fake.requests.filter((r) => r.path.startsWith('/transaction/verify')).length;
    for (const options of [{ omitSignature: true }, { signatureKey: 'sk_test_wrongwrongwrongwrongwrong' }, { tamperBody: true }]) {
      const delivery = await fake.sendWebhook(webhookUrl, 'charge.success', reference, options);
      expect(delivery.status).toBe(401);
    }
    expect(fake.requests.filter((r) => r.path.startsWith('/transaction/verify')).length).toBe(verifyCallsBefore);
    expect(await paymentStatus(s.tenant.id, reference)).toBe('pending');
  });

  it('fulfils once, even with 20 concurrent deliveries of the same event', async () => {
    const s = await shop('ps-replay');
    const { reference } = await checkout(s);
    fake.completeTransaction(reference, { status: 'success' });
    const deliveries = await Promise.all(Array.from({ length: 20 }, () => fake.sendWebhook(webhookUrl, 'charge.success', reference)));
    expect(deliveries.map((d) => d.status)).toEqual(Array(20).fill(200));
    expect(await paymentStatus(s.tenant.id, reference)).toBe('completed');
    const subscription = await periodEnd(s.tenant.id);
    expect(subscription?.status).toBe('active');
    // A new shop on its 14-day trial: the paid month starts when the trial ends (docs/decisions/0009).
    const days = (new Date(subscription!.current_period_end!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(14 + 27);
    expect(days).toBeLessThan(14 + 32);
    // A replay later changes nothing either.
    await fake.sendWebhook(webhookUrl, 'charge.success', reference);
    expect((await periodEnd(s.tenant.id))?.current_period_end).toBe(subscription?.current_period_end);
  });

  it('re-verifies with Paystack and refuses an amount that does not match what was asked', async () => {
    const s = await shop('ps-mismatch');
    const { reference } = await checkout(s);
    fake.completeTransaction(reference, { status: 'success', amount: 100 });
    // The webhook body claims the right amount; Paystack's verify answer is what counts.
    const delivery = await fake.sendWebhook(webhookUrl, 'charge.success', reference, { data: { amount: s.plan.price_minor } });
    expect(delivery.status).toBe(200);
    expect(await paymentStatus(s.tenant.id, reference)).toBe('amount_mismatch');
    expect((await periodEnd(s.tenant.id))?.status).toBe('trial');
  });

  it('refuses another currency', async () => {
    const s = await shop('ps-currency');
    const { reference } = await checkout(s);
    fake.completeTransaction(reference, { status: 'success', currency: 'NGN' });
    await fake.sendWebhook(webhookUrl, 'charge.success', reference);
    expect(await paymentStatus(s.tenant.id, reference)).toBe('amount_mismatch');
  });

  it('ignores events other than charge.success', async () => {
    const s = await shop('ps-other');
    const { reference } = await checkout(s);
    fake.completeTransaction(reference, { status: 'failed' });
    const delivery = await fake.sendWebhook(webhookUrl, 'charge.failed', reference);
    expect(delivery.status).toBe(200);
    expect(await paymentStatus(s.tenant.id, reference)).toBe('pending');
  });

  it('hides the sandbox when Paystack is configured', async () => {
    expect((await testApp.request('/api/billing/sandbox/0123456789abcdef0123')).status).toBe(404);
  });
});
