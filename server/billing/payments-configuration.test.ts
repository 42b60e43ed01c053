import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, TEST_PASSWORD } from '../../tests/support/factories';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-db';
import { createTestApp, createTestConfig, signInAs, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';
import { wireDependencies } from '../dependencies';

// Issue 11 item 2: in production the sandbox is off unless PAYMENTS_SANDBOX=true. Without a Paystack
// key and without that flag, checkout answers 503 payments_not_configured and nothing activates.
let database: TestDatabase;
let development: TestApp;
let production: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  development = await createTestApp({ database });
  production = await createTestApp({ database, config: { NODE_ENV: 'production' } });
});
afterAll(async () => {
  await production.close();
  await development.close();
  await database.dispose();
});

async function shopOn(app: TestApp, subdomain: string) {
  const tenant = await createTenant(database, { subdomain });
  const owner = await createUser(database, app.deps.auth, { tenantId: tenant.id, role: 'admin' });
  const host = `${subdomain}.localhost:3000`;
  const cookie = await signInAs(app, host, owner.email, TEST_PASSWORD);
  const [plan] = await queryRows<{ id: string }>(database.platform, sql`select id from billing_plans where name = 'Enterprise' and period = 'yearly'`);
  return { tenant, host, cookie, planId: plan!.id };
}

const subscriptionOf = async (tenantId: string) => {
  const [row] = await database.withTenant(tenantId, (tx) =>
    queryRows<{ status: string; billing_plan_id: string | null }>(tx, sql`select status, billing_plan_id from tenant_subscription_details`),
  );
  return row;
};
const paymentsOf = (tenantId: string) =>
  database.withTenant(tenantId, (tx) => queryRows<{ payment_status: string }>(tx, sql`select payment_status from payment_history`));

describe('production without PAYSTACK_SECRET_KEY or PAYMENTS_SANDBOX', () => {
  it('has no payment provider', () => {
    expect(production.deps.config.isProduction).toBe(true);
    expect(production.deps.paymentProvider).toBeNull();
  });

  it('checkout answers 503 payments_not_configured and records no payment', async () => {
    const shop = await shopOn(production, 'prod-checkout');
    const response = await production.request('/api/billing/checkout', { host: shop.host, method: 'POST', headers: { cookie: shop.cookie }, body: { planId: shop.planId } });
    expect(response.status).toBe(503);
    expect(response.json().error).toMatchObject({ code: 'payments_not_configured', message: 'Payments are not configured on this server.' });
    expect(await paymentsOf(shop.tenant.id)).toEqual([]);
    const overview = await production.request('/api/billing', { host: shop.host, headers: { cookie: shop.cookie } });
    expect(overview.status).toBe(200);
    expect(overview.json().provider).toBeNull();
  });

  it('the sandbox pay endpoint refuses a checkout left from a sandbox run, and nothing activates', async () => {
    const shop = await shopOn(development, 'prod-leftover');
    const started = await development.request('/api/billing/checkout', { host: shop.host, method: 'POST', headers: { cookie: shop.cookie }, body: { planId: shop.planId } });
    expect(started.status).toBe(200);
    const sandboxPath = new URL(started.json().authorizationUrl).pathname;

    expect((await production.request(sandboxPath, { host: shop.host })).status).toBe(404);
    const pay = await production.request(`${sandboxPath}/pay`, { method: 'POST', host: shop.host, headers: { origin: `http://${shop.host}` } });
    expect(pay.status).toBe(404);
    expect(await subscriptionOf(shop.tenant.id)).toEqual({ status: 'trial', billing_plan_id: null });
    expect(await paymentsOf(shop.tenant.id)).toEqual([{ payment_status: 'pending' }]);
    const [sandboxRow] = await queryRows<{ status: string }>(database.platform, sql`select status from sandbox_transactions where access_code = ${sandboxPath.split('/').pop()!}`);
    expect(sandboxRow?.status).toBe('ongoing');
  });
});

describe('production with PAYMENTS_SANDBOX=true', () => {
  it('uses the sandbox and warns at startup', () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }));
    const deps = wireDependencies(createTestConfig({ NODE_ENV: 'production', PAYMENTS_SANDBOX: 'true' }), database, logger);
    expect(deps.paymentProvider?.name).toBe('sandbox');
    expect(lines.map((line) => JSON.parse(line) as { level: number; msg: string })).toEqual([
      expect.objectContaining({ level: 40, msg: expect.stringContaining('PAYMENTS_SANDBOX=true in production') }),
    ]);
  });

  it('a Paystack key wins over the flag', () => {
    const deps = wireDependencies(
      createTestConfig({ NODE_ENV: 'production', PAYMENTS_SANDBOX: 'true', PAYSTACK_SECRET_KEY: 'sk_live_0123456789abcdefghij0123456789abcdefghij' }),
      database,
      pino({ level: 'silent' }),
    );
    expect(deps.paymentProvider?.name).toBe('paystack');
  });
});
