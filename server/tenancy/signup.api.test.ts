import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProduct } from '../../tests/support/catalog-factories';
import { createFakePaystack, type FakePaystack } from '../../tests/support/fake-paystack';
import { createDomain, createTenant, createUser, TEST_PASSWORD } from '../../tests/support/factories';
import { createTestApp, randomClientAddress, sessionCookie, signInAs, type TestApp, type TestResponse } from '../../tests/support/test-app';
import { queryRows } from '../db/client';
import { canonicalJson } from '../http/idempotency';

// Self-serve sign-up over HTTP (issue 21): the shop address rules, one transaction (a failure
// leaves nothing), the Idempotency-Key, the per-address limit, field messages, the one-time
// hand-over to the shop's own address, the new shop kept apart from others, its checklist, and a
// paid plan checked out through (the local fake of) Paystack.

let fake: FakePaystack;
let testApp: TestApp;
let mainHost: string;

beforeAll(async () => {
  fake = await createFakePaystack();
  testApp = await createTestApp({ config: { PAYSTACK_SECRET_KEY: fake.secretKey, PAYSTACK_BASE_URL: fake.baseUrl } });
  mainHost = 'dukani.co.ke';
});
afterAll(async () => {
  await testApp.close();
  await fake.close();
});

const unique = () => randomBytes(4).toString('hex');

function signupBody(overrides: Record<string, unknown> = {}) {
  const id = unique();
  return {
    shopName: `Mama Mboga ${id}`,
    subdomain: `mboga-${id}`,
    fullName: 'Wanjiru Kamau',
    email: `wanjiru-${id}@example.test`,
    phone: '0712 345 678',
    password: 'Sokoni-2026!',
    country: 'KE',
    businessType: 'general_retail',
    planId: null,
    ...overrides,
  };
}

interface Sent {
  host?: string;
  key?: string | null;
  address?: string;
}

const signUp = (body: Record<string, unknown>, { host = mainHost, key = randomUUID(), address = randomClientAddress() }: Sent = {}) =>
  testApp.request('/api/signup', {
    method: 'POST',
    host,
    body,
    headers: { 'x-forwarded-for': address, ...(key ? { 'idempotency-key': key } : {}) },
  });

interface SignedUp {
  tenantId: string;
  subdomain: string;
  shopUrl: string;
  handoffUrl: string;
}

/** The hand-over link's host and token. */
function handoffOf(result: SignedUp) {
  const url = new URL(result.handoffUrl);
  return { host: url.host, token: url.searchParams.get('token')! };
}

const handOver = (host: string, token: string) =>
  testApp.request('/api/signup/handoff', { method: 'POST', host, body: { token }, headers: { 'x-forwarded-for': randomClientAddress() } });

/** Signs a new shop up and follows its hand-over: the owner's session on the shop's address. */
async function newShop(overrides: Record<string, unknown> = {}) {
  const body = signupBody(overrides);
  const response = await signUp(body);
  expect(response.status, response.text).toBe(201);
  const result = response.json<SignedUp>();
  const { host, token } = handoffOf(result);
  const handoff = await handOver(host, token);
  expect(handoff.status, handoff.text).toBe(200);
  const cookie = sessionCookie(handoff);
  const call = (path: string, options: { method?: string; body?: unknown; cookie?: string } = {}) =>
    testApp.request(path, { host, method: options.method, body: options.body, headers: { cookie: options.cookie ?? cookie } });
  return { body, result, host, cookie, call, handoff: handoff.json<{ checkoutPlanId: string | null }>() };
}

const errorOf = (response: TestResponse) => response.json<{ error: { code: string; message: string; fields?: Record<string, string[]> } }>().error;

async function countRows(query: ReturnType<typeof sql>) {
  const [row] = await queryRows<{ n: number }>(testApp.database.platform, sql`select count(*)::int as n from (${query}) q`);
  return row!.n;
}

describe('where sign-up is open', () => {
  it.each([
    ['dukani.co.ke', '.dukani.co.ke'],
    ['www.dukani.co.ke', '.dukani.co.ke'],
    ['dukani.com:8443', '.dukani.com:8443'],
    ['localhost:3000', '.localhost:3000'],
    ['127.0.0.1:3000', '.localhost:3000'],
  ])('on the main or development host %s, with shops at *%s', async (host, suffix) => {
    const response = await testApp.request('/api/signup/options', { host });
    expect(response.status).toBe(200);
    const options = response.json();
    expect(options).toMatchObject({ isOpen: true, shopAddressSuffix: suffix, trialDays: 14 });
    expect(options.plans.map((plan: { name: string }) => plan.name)).toContain('Starter');
    expect(options.plans.every((plan: { priceMinor: number }) => plan.priceMinor > 0)).toBe(true);
  });

  it("not at a shop's address or an unknown host, which are pointed to the main host", async () => {
    const shop = await createTenant(testApp.database);
    for (const host of [`${shop.subdomain}.dukani.co.ke`, 'shop.example.com', 'a.b.dukani.co.ke']) {
      const options = (await testApp.request('/api/signup/options', { host })).json();
      expect(options).toMatchObject({ isOpen: false, signupUrl: 'https://dukani.co.ke/signup' });
      const refused = await signUp(signupBody(), { host });
      expect(refused.status).toBe(403);
      expect(errorOf(refused).message).toBe("New shops are opened on the Dukani home page, not at a shop's address.");
    }
  });
});

describe('the shop address', () => {
  const availability = (subdomain: string) =>
    testApp.request(`/api/signup/subdomain-availability?subdomain=${encodeURIComponent(subdomain)}`, {
      host: mainHost,
      headers: { 'x-forwarded-for': randomClientAddress() },
    });

  it('is free until a shop has it, as its subdomain or as a domain record under either root domain', async () => {
    const free = `free-${unique()}`;
    expect((await availability(free)).json()).toEqual({ subdomain: free, isAvailable: true, message: null });
    const shop = await createTenant(testApp.database);
    expect((await availability(shop.subdomain.toUpperCase())).json()).toEqual({
      subdomain: shop.subdomain,
      isAvailable: false,
      message: 'That address is taken. Choose another.',
    });
    const aliased = `alias-${unique()}`;
    await createDomain(testApp.database, { domain: `${aliased}.dukani.com`, tenantId: shop.id, isCustomDomain: false });
    expect((await availability(aliased)).json()).toMatchObject({ isAvailable: false });

    const taken = await signUp(signupBody({ subdomain: aliased }));
    expect(taken.status).toBe(409);
    expect(errorOf(taken).fields).toEqual({ subdomain: ['That address is taken. Choose another.'] });
  });

  it.each([
    ['www', 'That address is reserved. Choose another.'],
    ['API', 'That address is reserved. Choose another.'],
    ['superadmin', 'That address is reserved. Choose another.'],
    ['ab', 'Use 3–63 letters, digits or hyphens, not starting or ending with a hyphen'],
    ['-duka', 'Use 3–63 letters, digits or hyphens, not starting or ending with a hyphen'],
    ['duka_yetu', 'Use 3–63 letters, digits or hyphens, not starting or ending with a hyphen'],
    ['a'.repeat(64), 'Use 3–63 letters, digits or hyphens, not starting or ending with a hyphen'],
  ])('%s is refused with a message on the field, asked or signed up for', async (subdomain, message) => {
    const asked = await availability(subdomain);
    expect(asked.status).toBe(400);
    expect(errorOf(asked).fields).toEqual({ subdomain: [message] });
    const refused = await signUp(signupBody({ subdomain }));
    expect(refused.status).toBe(400);
    expect(errorOf(refused).fields).toEqual({ subdomain: [message] });
  });
});

describe('a new shop', () => {
  it('is made whole: tenant, domain record, settings in the country’s currency, trial of the platform’s length, location and register, owner as admin, checklist; the owner gets a verification code', async () => {
    await testApp.database.platform.execute(sql`insert into platform_settings (key, value) values ('trial_days', '21') on conflict (key) do update set value = excluded.value`);
    try {
      const startedAt = new Date(Date.now() - 1000).toISOString();
      const body = signupBody({ phone: '+254 712-345-678', email: `Owner-${unique()}@Example.test` });
      const response = await signUp(body);
      expect(response.status).toBe(201);
      const result = response.json<SignedUp>();
      expect(result).toMatchObject({ subdomain: body.subdomain, shopUrl: `http://${body.subdomain}.dukani.co.ke` });
      expect(result.handoffUrl).toMatch(new RegExp(`^http://${body.subdomain}\\.dukani\\.co\\.ke/auth/handoff\\?token=[\\w-]{43}$`));

      const [tenant] = await queryRows<{ name: string; status: string }>(testApp.database.platform, sql`select name, status from tenants where id = ${result.tenantId}`);
      expect(tenant).toEqual({ name: body.shopName, status: 'trial' });
      const domains = await queryRows(testApp.database.platform, sql`select domain, is_custom_domain, verified_at is not null as verified from tenant_domains where tenant_id = ${result.tenantId}`);
      expect(domains).toEqual([{ domain: `${body.subdomain}.dukani.co.ke`, is_custom_domain: false, verified: true }]);
      const [signup] = await queryRows(testApp.database.platform, sql`select owner_phone, country, business_type, plan_id from shop_signups where tenant_id = ${result.tenantId}`);
      expect(signup).toEqual({ owner_phone: '+254712345678', country: 'KE', business_type: 'general_retail', plan_id: null });
      const [owner] = await queryRows<{ id: string; email: string; role: string; tenant_id: string; email_verified: boolean }>(
        testApp.database.platform,
        sql`select u.id, u.email, p.role, p.tenant_id, u.email_verified from users u join profiles p on p.user_id = u.id where u.email = ${body.email.toLowerCase()}`,
      );
      expect(owner).toMatchObject({ role: 'admin', tenant_id: result.tenantId, email_verified: false });

      const inShop = await testApp.database.withTenant(result.tenantId, async (tx) => ({
        settings: await queryRows(tx, sql`select currency_code, currency_symbol, time_zone from business_settings`),
        trial: await queryRows(tx, sql`select status, round(extract(epoch from trial_end - now()) / 86400)::int as days from tenant_subscription_details`),
        locations: await queryRows(tx, sql`select l.name, l.is_default, (select count(*)::int from registers r where r.location_id = l.id) as registers from locations l`),
        members: await queryRows(tx, sql`select user_id, role, is_active from tenant_users`),
        checklists: await queryRows(tx, sql`select dismissed_at from first_run_checklists`),
        chart: await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from ledger_accounts`),
      }));
      expect(inShop.settings).toEqual([{ currency_code: 'KES', currency_symbol: 'KSh', time_zone: 'Africa/Nairobi' }]);
      expect(inShop.trial).toEqual([{ status: 'trial', days: 21 }]);
      expect(inShop.locations).toEqual([{ name: 'Main shop', is_default: true, registers: 1 }]);
      expect(inShop.members).toEqual([{ user_id: owner!.id, role: 'admin', is_active: true }]);
      expect(inShop.checklists).toEqual([{ dismissed_at: null }]);
      expect(inShop.chart[0]!.n).toBeGreaterThan(0);

      const mail = await queryRows<{ kind: string; subject: string }>(
        testApp.database.platform,
        sql`select kind, subject from email_outbox where to_address = ${owner!.email} and created_at > ${startedAt}`,
      );
      expect(mail).toEqual([{ kind: 'email_verification', subject: expect.stringMatching(/^Your Dukani verification code: \d{6}$/) }]);
    } finally {
      await testApp.database.platform.execute(sql`delete from platform_settings where key = 'trial_days'`);
    }
  });

  it('starts in the chosen country’s currency and time zone, with the phone read by its dialling code', async () => {
    const { result } = await newShop({ country: 'UG', phone: '0772 123 456' });
    const [settings] = await testApp.database.withTenant(result.tenantId, (tx) => queryRows(tx, sql`select currency_code, currency_symbol, time_zone from business_settings`));
    expect(settings).toEqual({ currency_code: 'UGX', currency_symbol: 'USh', time_zone: 'Africa/Kampala' });
    const [signup] = await queryRows(testApp.database.platform, sql`select owner_phone from shop_signups where tenant_id = ${result.tenantId}`);
    expect(signup).toEqual({ owner_phone: '+256772123456' });
  });

  it('bad input is refused with a message on each field, and writes nothing', async () => {
    const before = await countRows(sql`select 1 from tenants`);
    const response = await signUp({ ...signupBody(), shopName: '', fullName: 'W', email: 'not-an-email', phone: '12', password: 'short', country: 'FR', businessType: null, planId: 'x' });
    expect(response.status).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: 'validation_failed',
      fields: {
        shopName: ["Enter your shop's name"],
        fullName: ['Enter your full name'],
        email: ['Enter a valid e-mail address'],
        password: ['Password must be at least 8 characters long'],
        country: ['Choose a country'],
        businessType: ['Choose what your shop sells'],
        planId: ['Choose a plan'],
      },
    });
    const kenyan = await signUp(signupBody({ phone: '0812 345 678' }));
    expect(errorOf(kenyan).fields).toEqual({ phone: ['Enter a Kenyan phone number such as 0712 345 678'] });
    const notJson = await testApp.request('/api/signup', { method: 'POST', host: mainHost, rawBody: '{"shopName":', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
    const retiredPlan = await signUp(signupBody({ planId: randomUUID() }));
    expect(retiredPlan.status).toBe(400);
    expect(errorOf(retiredPlan).fields).toEqual({ planId: ['That plan is not available'] });
    expect(await countRows(sql`select 1 from tenants`)).toBe(before);
  });

  it('an e-mail that already has an account is refused on the e-mail field', async () => {
    const shop = await createTenant(testApp.database);
    const someone = await createUser(testApp.database, testApp.deps.auth, { tenantId: shop.id });
    const response = await signUp(signupBody({ email: someone.email.toUpperCase() }));
    expect(response.status).toBe(409);
    expect(errorOf(response).fields).toEqual({
      email: ["This e-mail already has a Dukani account. Sign in at your shop's address, or use another e-mail for the new shop."],
    });
  });

  it('is one transaction: a failure after the tenant is written leaves nothing, and the same sign-up then succeeds', async () => {
    const body = signupBody();
    const startedAt = new Date(Date.now() - 1000).toISOString();
    // The last write of the sign-up fails: everything before it (tenant, domain, owner, settings,
    // trial, location, register, membership) must go with it.
    await testApp.database.platform.execute(
      sql.raw(`create function fail_signup() returns trigger language plpgsql as $$ begin raise exception 'forced sign-up failure'; end $$`),
    );
    await testApp.database.platform.execute(sql.raw('create trigger fail_signup before insert on first_run_checklists for each row execute function fail_signup()'));
    try {
      const failed = await signUp(body);
      expect(failed.status).toBe(500);
    } finally {
      await testApp.database.platform.execute(sql.raw('drop trigger fail_signup on first_run_checklists'));
      await testApp.database.platform.execute(sql.raw('drop function fail_signup()'));
    }
    const leftovers = {
      tenants: await countRows(sql`select 1 from tenants where subdomain = ${body.subdomain}`),
      domains: await countRows(sql`select 1 from tenant_domains where domain like ${`${body.subdomain}.%`}`),
      users: await countRows(sql`select 1 from users where email = ${body.email}`),
      signups: await countRows(sql`select 1 from shop_signups s left join tenants t on t.id = s.tenant_id where t.subdomain = ${body.subdomain} or t.id is null`),
      mail: await countRows(sql`select 1 from email_outbox where to_address = ${body.email} and created_at > ${startedAt}`),
      // Tenant rows without a tenant would be orphans; the foreign keys cascade, so count what no tenant owns.
      settings: await countRows(sql`select 1 from business_settings b where not exists (select 1 from tenants t where t.id = b.tenant_id)`),
    };
    expect(leftovers).toEqual({ tenants: 0, domains: 0, users: 0, signups: 0, mail: 0, settings: 0 });
    expect((await signUp(body)).status).toBe(201);
  });
});

describe('the Idempotency-Key', () => {
  it('a retry of the same request answers the same shop with a new hand-over; only the newest hand-over works', async () => {
    const body = signupBody();
    const key = randomUUID();
    const first = await signUp(body, { key });
    const again = await signUp(body, { key });
    expect([first.status, again.status]).toEqual([201, 201]);
    const [a, b] = [first.json<SignedUp>(), again.json<SignedUp>()];
    expect(b.tenantId).toBe(a.tenantId);
    expect(b.handoffUrl).not.toBe(a.handoffUrl);
    expect(await countRows(sql`select 1 from tenants where subdomain = ${body.subdomain}`)).toBe(1);
    expect((await handOver(handoffOf(a).host, handoffOf(a).token)).status).toBe(400);
    expect((await handOver(handoffOf(b).host, handoffOf(b).token)).status).toBe(200);
  });

  it('two copies of a request sent together make one shop', async () => {
    const body = signupBody();
    const key = randomUUID();
    const answers = await Promise.all([signUp(body, { key }), signUp(body, { key })]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    expect(new Set(answers.map((answer) => answer.json<SignedUp>().tenantId)).size).toBe(1);
    expect(await countRows(sql`select 1 from tenants where subdomain = ${body.subdomain}`)).toBe(1);
  });

  it('is refused for another request, or the same request with another password, and makes nothing', async () => {
    const body = signupBody();
    const key = randomUUID();
    expect((await signUp(body, { key })).status).toBe(201);
    const other = await signUp({ ...body, shopName: 'Another shop' }, { key });
    expect(other.status).toBe(422);
    expect(errorOf(other).code).toBe('idempotency_key_reused');
    const otherPassword = await signUp({ ...body, password: 'Different-2026!' }, { key });
    expect(otherPassword.status).toBe(422);
    const notUuid = await signUp(signupBody(), { key: 'retry-1' });
    expect(notUuid.status).toBe(400);
    expect(errorOf(notUuid).fields).toEqual({ 'idempotency-key': ['Must be a uuid'] });
  });

  it('binds the key to a hash of the request without its password', async () => {
    const body = signupBody();
    const key = randomUUID();
    const { tenantId } = (await signUp(body, { key })).json<SignedUp>();
    const [row] = await queryRows<{ request_key: string; request_hash: string }>(
      testApp.database.platform,
      sql`select request_key, request_hash from shop_signups where tenant_id = ${tenantId}`,
    );
    const withoutPassword = canonicalJson({ ...body, password: undefined })!;
    expect(row).toEqual({ request_key: key, request_hash: createHash('sha256').update(`POST /api/signup\n${withoutPassword}`).digest('hex') });
  });
});

describe('the per-address limit', () => {
  it('answers 429 with Retry-After after ten sign-ups from one address in an hour, whatever their outcome', async () => {
    const address = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    const shop = await createTenant(testApp.database);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await signUp(signupBody({ subdomain: shop.subdomain }), { address })).status).toBe(409);
    }
    const limited = await signUp(signupBody(), { address });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorOf(limited).message).toMatch(/^Too many new shops from this network\. Please try again in \d+ seconds\.$/);
    expect((await signUp(signupBody())).status).toBe(201);
  });
});

describe('the hand-over to the shop’s address', () => {
  it('signs the owner in there once: the session is the shop’s, the token is spent', async () => {
    const body = signupBody();
    const result = (await signUp(body)).json<SignedUp>();
    const { host, token } = handoffOf(result);
    const handoff = await handOver(host, token);
    expect(handoff.status).toBe(200);
    expect(handoff.json()).toMatchObject({ user: { email: body.email, role: 'admin', tenantId: result.tenantId, homePath: '/admin' }, checkoutPlanId: null });
    const setCookie = String(handoff.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const session = await testApp.request('/api/auth/session', { host, headers: { cookie: sessionCookie(handoff) } });
    expect(session.json().user).toMatchObject({ email: body.email, tenantId: result.tenantId });

    const again = await handOver(host, token);
    expect(again.status).toBe(400);
    expect(errorOf(again).message).toBe('This sign-in link is invalid, used or expired. Sign in with your e-mail and password.');
    const [stored] = await queryRows(testApp.database.platform, sql`select handoff_token_hash, handoff_expires_at from shop_signups where tenant_id = ${result.tenantId}`);
    expect(stored).toEqual({ handoff_token_hash: null, handoff_expires_at: null });
    // The password works there as well.
    await signInAs(testApp, host, body.email, body.password);
  });

  it('keeps only a hash of the token', async () => {
    const result = (await signUp(signupBody())).json<SignedUp>();
    const { token } = handoffOf(result);
    const stored = JSON.stringify(await queryRows(testApp.database.platform, sql`select * from shop_signups where tenant_id = ${result.tenantId}`));
    expect(stored).not.toContain(token);
  });

  it('expires within minutes', async () => {
    const result = (await signUp(signupBody())).json<SignedUp>();
    const [expiry] = await queryRows<{ seconds: number }>(
      testApp.database.platform,
      sql`select round(extract(epoch from handoff_expires_at - now()))::int as seconds from shop_signups where tenant_id = ${result.tenantId}`,
    );
    expect(expiry!.seconds).toBeGreaterThan(100);
    expect(expiry!.seconds).toBeLessThanOrEqual(120);
    await testApp.database.platform.execute(sql`update shop_signups set handoff_expires_at = now() - interval '1 second' where tenant_id = ${result.tenantId}`);
    const { host, token } = handoffOf(result);
    expect((await handOver(host, token)).status).toBe(400);
  });

  it('works only on its own shop’s address, where another shop’s address leaves it unspent', async () => {
    const result = (await signUp(signupBody())).json<SignedUp>();
    const other = await createTenant(testApp.database);
    const { host, token } = handoffOf(result);
    for (const wrongHost of [`${other.subdomain}.dukani.co.ke`, mainHost, 'nobody.dukani.co.ke']) {
      const refused = await handOver(wrongHost, token);
      expect(refused.status).toBe(400);
      expect(refused.headers['set-cookie']).toBeUndefined();
    }
    expect((await handOver(host, 'not-the-token')).status).toBe(400);
    expect((await handOver(host, token)).status).toBe(200);
  });

  it('is refused for a shop suspended meanwhile', async () => {
    const result = (await signUp(signupBody())).json<SignedUp>();
    await testApp.database.platform.execute(sql`update tenants set status = 'suspended' where id = ${result.tenantId}`);
    testApp.deps.tenantResolver.invalidate();
    const { host, token } = handoffOf(result);
    const refused = await handOver(host, token);
    expect([400, 403]).toContain(refused.status);
    expect(refused.headers['set-cookie']).toBeUndefined();
  });

  it('reaches a shop signed up from the development host at its .localhost address', async () => {
    const body = signupBody();
    const response = await signUp(body, { host: `localhost:${testApp.port}` });
    const result = response.json<SignedUp>();
    expect(result.handoffUrl).toMatch(new RegExp(`^http://${body.subdomain}\\.localhost:${testApp.port}/auth/handoff\\?token=`));
    const { host, token } = handoffOf(result);
    expect((await handOver(host, token)).status).toBe(200);
  });
});

describe('the new shop is kept apart', () => {
  it("its owner gets 404 at another shop's address and sees none of its data; the other's owner sees none of the new shop's", async () => {
    const neighbour = await createTenant(testApp.database);
    const neighbourOwner = await createUser(testApp.database, testApp.deps.auth, { tenantId: neighbour.id, role: 'admin' });
    await createTestProduct(testApp.database, neighbour.id);
    const shop = await newShop();

    const products = await shop.call('/api/products');
    expect(products.status).toBe(200);
    expect(products.json().total).toBe(0);
    const neighbourHost = `${neighbour.subdomain}.dukani.co.ke`;
    const elsewhere = await testApp.request('/api/products', { host: neighbourHost, headers: { cookie: shop.cookie } });
    expect(elsewhere.status).toBe(404);
    // Signing in at the neighbour's address is a wrong password, as for anyone who is not a member.
    const refused = await testApp.request('/api/auth/sign-in', {
      method: 'POST',
      host: neighbourHost,
      body: { email: shop.body.email, password: shop.body.password },
      headers: { 'x-forwarded-for': randomClientAddress() },
    });
    expect(refused.status).toBe(401);

    const neighbourCookie = await signInAs(testApp, neighbourHost, neighbourOwner.email, TEST_PASSWORD);
    expect((await shop.call('/api/first-run-checklist', { cookie: neighbourCookie })).status).toBe(404);
    expect((await shop.call('/api/settings/business', { cookie: neighbourCookie })).status).toBe(404);
  });
});

describe('the first-run checklist', () => {
  const steps = async (shop: Awaited<ReturnType<typeof newShop>>) => {
    const response = await shop.call('/api/first-run-checklist');
    expect(response.status).toBe(200);
    return response.json<{ isVisible: boolean; steps: { step: string; isDone: boolean }[] }>();
  };

  it("marks each step done from the shop's own data, and goes away when its owner puts it away", async () => {
    const shop = await newShop();
    expect(await steps(shop)).toEqual({
      isVisible: true,
      steps: [
        { step: 'products', isDone: false },
        { step: 'receipt', isDone: false },
        { step: 'staff', isDone: false },
        { step: 'mpesa', isDone: false },
      ],
    });
    await createTestProduct(testApp.database, shop.result.tenantId);
    expect((await shop.call('/api/settings/business', { method: 'PATCH', body: { receiptFooter: 'Asante! Karibu tena.' } })).status).toBe(200);
    const invited = await shop.call('/api/team/invitations', {
      method: 'POST',
      body: { fullName: 'Achieng Njeri', email: `achieng-${unique()}@example.test`, phone: null, role: 'cashier', method: 'link' },
    });
    expect(invited.status, invited.text).toBe(201);
    const mpesa = await shop.call('/api/mpesa/settings', {
      method: 'PUT',
      body: {
        shortcodeType: 'till',
        shortcode: '174379',
        tillNumber: '5123456',
        environment: 'sandbox',
        consumerKey: 'ck-live-Zq81xWm4',
        consumerSecret: 'cs-live-Pp20tRn7',
        passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
      },
    });
    expect(mpesa.status, mpesa.text).toBe(200);
    expect((await steps(shop)).steps.every((step) => step.isDone)).toBe(true);

    const dismissed = await shop.call('/api/first-run-checklist/dismiss', { method: 'POST' });
    expect(dismissed.status).toBe(200);
    expect(await steps(shop)).toEqual({ isVisible: false, steps: [] });
    expect((await shop.call('/api/first-run-checklist/dismiss', { method: 'POST' })).status).toBe(200);
  });

  it("is the owner's: a cashier of the new shop is refused", async () => {
    const shop = await newShop();
    const cashier = await createUser(testApp.database, testApp.deps.auth, { tenantId: shop.result.tenantId, role: 'cashier' });
    const cashierCookie = await signInAs(testApp, shop.host, cashier.email, TEST_PASSWORD);
    expect((await shop.call('/api/first-run-checklist', { cookie: cashierCookie })).status).toBe(403);
    expect((await shop.call('/api/first-run-checklist/dismiss', { method: 'POST', cookie: cashierCookie })).status).toBe(403);
  });

  it('a shop that did not sign up has none', async () => {
    const shop = await createTenant(testApp.database);
    const owner = await createUser(testApp.database, testApp.deps.auth, { tenantId: shop.id, role: 'admin' });
    const host = `${shop.subdomain}.dukani.co.ke`;
    const cookie = await signInAs(testApp, host, owner.email, TEST_PASSWORD);
    const read = await testApp.request('/api/first-run-checklist', { host, headers: { cookie } });
    expect(read.json()).toEqual({ isVisible: false, steps: [] });
    expect((await testApp.request('/api/first-run-checklist/dismiss', { method: 'POST', host, headers: { cookie } })).status).toBe(404);
  });
});

describe('a paid plan chosen at sign-up', () => {
  it('is handed to the shop, which checks it out through Paystack marked as a sign-up', async () => {
    const [plan] = await queryRows<{ id: string; price_minor: number }>(testApp.database.platform, sql`select id, price_minor from billing_plans where name = 'Starter' and period = 'monthly'`);
    const shop = await newShop({ planId: plan!.id });
    expect(shop.handoff.checkoutPlanId).toBe(plan!.id);

    const checkout = await shop.call('/api/billing/checkout', { method: 'POST', body: { planId: plan!.id, isSignup: true } });
    expect(checkout.status, checkout.text).toBe(200);
    const { authorizationUrl, reference } = checkout.json<{ authorizationUrl: string; reference: string }>();
    expect(authorizationUrl).toMatch(new RegExp(`^${fake.baseUrl}/checkout/`));
    const sent = fake.requests.find((request) => (request.body as { reference?: string } | undefined)?.reference === reference);
    expect(sent?.body).toMatchObject({ email: shop.body.email, amount: plan!.price_minor, metadata: { is_signup: true, tenant_id: shop.result.tenantId } });
    const [payment] = await testApp.database.withTenant(shop.result.tenantId, (tx) =>
      queryRows(tx, sql`select payment_status, metadata->>'is_signup' as is_signup from payment_history where payment_reference = ${reference}`),
    );
    expect(payment).toEqual({ payment_status: 'pending', is_signup: 'true' });
  });
});
