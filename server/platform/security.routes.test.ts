import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformSession, SecurityEvent, SecuritySummary, SignInLock } from '../../core/platform/security.schemas';
import { createTestShop, type TestShop } from '../../tests/support/catalog-shop';
import { createUser, TEST_PASSWORD } from '../../tests/support/factories';
import { createTestApp, sendRequest, sessionCookie, signInAs, type TestApp } from '../../tests/support/test-app';
import { AUTH_RATE_LIMITS } from '../auth/rate-limits';
import { queryRows } from '../db/client';
import { platformAuditEvents } from '../db/schema/platform';
import { SECURITY_EVENT_RETENTION_DAYS, SECURITY_EVENTS_RETENTION_JOB, securityEventsRetentionJob } from './security-events';

// The Security page's API (issue 21, docs/platform.md "Security"): platform admins only; a sign-in's
// failure and success, a rate limit's refusal and a refused webhook are recorded and shown; a sign-in
// lock is listed and ended, a session revoked, each audited.

const PAYSTACK_KEY = `sk_test_${'a1'.repeat(12)}`;

let testApp: TestApp;
let adminHost: string;
let adminCookie: string;
let adminId: string;
let shop: TestShop;

beforeAll(async () => {
  testApp = await createTestApp({ config: { PAYSTACK_SECRET_KEY: PAYSTACK_KEY } });
  adminHost = `localhost:${testApp.port}`;
  const admin = await createUser(testApp.database, testApp.deps.auth, { tenantId: null, role: 'superadmin', fullName: 'Platform Admin' });
  adminId = admin.id;
  adminCookie = await signInAs(testApp, adminHost, admin.email, TEST_PASSWORD);
  shop = await createTestShop(testApp);
});
afterAll(() => testApp.close());

const asAdmin = (path: string, method = 'GET', body?: unknown) =>
  testApp.request(path, { method, host: adminHost, body, headers: { cookie: adminCookie, 'x-forwarded-for': '198.51.100.21' } });
const signIn = (host: string, email: string, password: string, address: string) =>
  testApp.request('/api/auth/sign-in', { method: 'POST', host, body: { email, password }, headers: { 'x-forwarded-for': address, 'user-agent': 'SecurityTest/1.0' } });
const summary = async () => (await asAdmin('/api/platform/security')).json<SecuritySummary>();
const events = async (query: string) => (await asAdmin(`/api/platform/security/events?${query}`)).json<{ items: SecurityEvent[]; total: number }>();
const auditRows = (action: string) => testApp.database.platform.select().from(platformAuditEvents).where(eq(platformAuditEvents.action, action));

const ROUTES: [string, string, unknown?][] = [
  ['GET', '/api/platform/security'],
  ['GET', '/api/platform/security/events'],
  ['GET', '/api/platform/security/locks'],
  ['POST', '/api/platform/security/locks/unlock', { key: 'failed-sign-in:ip:203.0.113.1' }],
  ['GET', '/api/platform/security/sessions'],
  ['POST', '/api/platform/security/sessions/5b1f0c9e-2d6a-4f3b-9c1e-7a8d6e5f4a3b/revoke'],
  ['GET', '/api/platform/security/audit'],
];

describe('who may call', () => {
  it('401 without a session, 404 for a shop owner, on every route; nothing written', async () => {
    for (const [method, path, body] of ROUTES) {
      expect({ path, method, status: (await sendRequest(testApp.port, path, { method, host: adminHost, body })).status }).toEqual({ path, method, status: 401 });
      const owner = await testApp.request(path, { method, host: shop.host, body, headers: { cookie: shop.cookies.owner } });
      expect({ path, method, status: owner.status }).toEqual({ path, method, status: 404 });
    }
    const audit = await queryRows<{ n: number }>(testApp.database.platform, sql`select count(*)::int as n from platform_audit_events`);
    expect(audit[0]!.n).toBe(0);
  });

  it('refuses bad query parameters and bodies with 400 and field messages', async () => {
    const bad: [string, string, unknown?][] = [
      ['GET', '/api/platform/security/events?kind=guessing'],
      ['GET', '/api/platform/security/events?sort=userAgent'],
      ['GET', '/api/platform/security/events?page=0'],
      ['GET', '/api/platform/security/events?pageSize=1000'],
      ['GET', '/api/platform/security/events?search=%00'],
      ['GET', '/api/platform/security/locks?search=%07'],
      ['GET', '/api/platform/security/sessions?direction=up'],
      ['GET', '/api/platform/security/audit?action=tenant.deleted'],
      ['POST', '/api/platform/security/locks/unlock', { key: 'reset:ip:203.0.113.1' }],
      ['POST', '/api/platform/security/locks/unlock', {}],
      ['POST', '/api/platform/security/sessions/not-a-session/revoke'],
    ];
    for (const [method, path, body] of bad) {
      const response = await asAdmin(path, method, body);
      expect({ path, status: response.status }).toEqual({ path, status: 400 });
      expect(response.json<{ error: { fields?: object } }>().error.fields).toBeTruthy();
    }
  });
});

describe('sign-in events', () => {
  it('a wrong password is a failure on the shop, a right one a success; both counted and listed', async () => {
    const person = await createUser(testApp.database, testApp.deps.auth, { tenantId: shop.tenant.id, role: 'cashier' });
    const before = await summary();
    expect((await signIn(shop.host, person.email, 'Wrong-Horse-42', '203.0.113.10')).status).toBe(401);
    expect((await signIn(shop.host, person.email.toUpperCase(), 'Wrong-Horse-42', '203.0.113.10')).status).toBe(401);
    expect((await signIn(shop.host, person.email, TEST_PASSWORD, '203.0.113.10')).status).toBe(200);

    const listed = await events(`kind=sign_in_failed&search=${encodeURIComponent(person.email)}`);
    expect(listed.total).toBe(2);
    expect(listed.items[0]).toMatchObject({
      kind: 'sign_in_failed',
      email: person.email.toLowerCase(),
      ipAddress: '203.0.113.10',
      userAgent: 'SecurityTest/1.0',
      tenantId: shop.tenant.id,
      tenantName: shop.tenant.name,
      detail: { reason: 'invalid_credentials' },
    });
    const succeeded = await events(`kind=sign_in_succeeded&search=${encodeURIComponent(person.email)}`);
    expect(succeeded.items).toEqual([expect.objectContaining({ userId: person.id, tenantId: shop.tenant.id })]);
    // Searched by the client address too.
    expect((await events('search=203.0.113.10')).total).toBe(3);

    const after = await summary();
    for (const period of ['last24Hours', 'last7Days'] as const) {
      expect(after[period].signInAttempts - before[period].signInAttempts).toBe(3);
      expect(after[period].signInFailures - before[period].signInFailures).toBe(2);
    }
    expect(after.failuresByAddress).toContainEqual(expect.objectContaining({ ipAddress: '203.0.113.10', failures: 2, accounts: 1 }));
    expect(after.failuresByAccount).toContainEqual(expect.objectContaining({ email: person.email.toLowerCase(), failures: 2, addresses: 1 }));
  });

  it('an event that cannot be written never fails the sign-in', async () => {
    const person = await createUser(testApp.database, testApp.deps.auth, { tenantId: shop.tenant.id, role: 'cashier' });
    await testApp.database.platform.execute(sql`alter table security_events rename to security_events_away`);
    try {
      expect((await signIn(shop.host, person.email, 'Wrong-Horse-42', '203.0.113.11')).status).toBe(401);
      expect((await signIn(shop.host, person.email, TEST_PASSWORD, '203.0.113.11')).status).toBe(200);
    } finally {
      await testApp.database.platform.execute(sql`alter table security_events_away rename to security_events`);
    }
  });
});

describe('retention', () => {
  it('the job removes the events older than 90 days, in batches, and keeps the rest', async () => {
    const now = new Date('2026-12-06T03:00:00Z');
    const day = 86_400_000;
    // 90 days before 03:00 on 6 December 2026 is 03:00 on 7 September 2026.
    expect(new Date(now.getTime() - SECURITY_EVENT_RETENTION_DAYS * day).toISOString()).toBe('2026-09-07T03:00:00.000Z');
    const marker = `retention-${Date.now()}`;
    const dated = async (createdAt: string, copies = 1) =>
      testApp.database.platform.execute(
        sql`insert into security_events (kind, detail, created_at) select 'rate_limited', ${JSON.stringify({ rule: marker, at: createdAt })}::jsonb, ${createdAt}::timestamptz from generate_series(1, ${copies})`,
      );
    // More than one batch of 5,000 past the limit, one just past it, one just inside it and a recent one.
    await dated('2026-06-01T00:00:00Z', 5_001);
    await dated('2026-09-07T02:59:59Z');
    await dated('2026-09-07T03:00:00Z');
    await dated('2026-12-05T10:00:00Z');
    let leaseExtensions = 0;
    await securityEventsRetentionJob(testApp.deps).handler({ jobId: 'test', name: SECURITY_EVENTS_RETENTION_JOB, payload: {}, now, extendLease: async () => void (leaseExtensions += 1) });
    const kept = await queryRows<{ at: string; n: number }>(
      testApp.database.platform,
      sql`select detail->>'at' as at, count(*)::int as n from security_events where detail->>'rule' = ${marker} group by 1 order by 1`,
    );
    expect(kept).toEqual([
      { at: '2026-09-07T03:00:00Z', n: 1 },
      { at: '2026-12-05T10:00:00Z', n: 1 },
    ]);
    expect(leaseExtensions).toBe(1);
  });
});

describe('sign-in locks', () => {
  it('failures past the limit lock the account from that address; the lock is listed, ended (audited), and the right password works again', async () => {
    const person = await createUser(testApp.database, testApp.deps.auth, { tenantId: shop.tenant.id, role: 'cashier' });
    const address = '203.0.113.20';
    const { max } = AUTH_RATE_LIMITS.failedSignInPerAccountAndAddress;
    for (let attempt = 0; attempt < max; attempt += 1) expect((await signIn(shop.host, person.email, 'Wrong-Horse-42', address)).status).toBe(401);
    // Locked now, the right password included.
    expect((await signIn(shop.host, person.email, TEST_PASSWORD, address)).status).toBe(429);
    const refused = await events(`kind=rate_limited&search=${address}`);
    expect(refused.items).toEqual([
      expect.objectContaining({ ipAddress: address, tenantId: shop.tenant.id, detail: { rule: 'failed-sign-in:account-address', method: 'POST', route: '/api/auth/sign-in' } }),
    ]);

    const locks = (await asAdmin(`/api/platform/security/locks?search=${encodeURIComponent(person.email)}`)).json<{ items: SignInLock[]; total: number }>();
    expect(locks.total).toBe(1);
    const [lock] = locks.items;
    expect(lock).toMatchObject({ rule: 'account_address', email: person.email.toLowerCase(), ipAddress: address, failures: max, max });
    expect(Date.parse(lock!.lockedUntil)).toBeGreaterThan(Date.now());
    // The whole address is under its own, higher limit: not locked.
    expect((await asAdmin(`/api/platform/security/locks?search=${address}`)).json<{ total: number }>().total).toBe(1);

    const unlocked = await asAdmin('/api/platform/security/locks/unlock', 'POST', { key: lock!.key });
    expect(unlocked.status).toBe(200);
    expect((await asAdmin(`/api/platform/security/locks?search=${encodeURIComponent(person.email)}`)).json<{ total: number }>().total).toBe(0);
    expect((await asAdmin('/api/platform/security/locks/unlock', 'POST', { key: lock!.key })).status).toBe(404);
    const [audit] = await auditRows('security.sign_in_unlocked');
    expect(audit).toMatchObject({
      actorUserId: adminId,
      targetUserId: person.id,
      details: { rule: 'account_address', email: person.email.toLowerCase(), ipAddress: address, failures: max },
      ipAddress: '198.51.100.21',
    });

    expect((await signIn(shop.host, person.email, TEST_PASSWORD, address)).status).toBe(200);
  });
});

describe('sessions', () => {
  it("lists a person's live session with its shop; revoking it makes that session's next request 401, audited", async () => {
    const person = await createUser(testApp.database, testApp.deps.auth, { tenantId: shop.tenant.id, role: 'cashier' });
    const signedIn = await signIn(shop.host, person.email, TEST_PASSWORD, '203.0.113.30');
    const cookie = sessionCookie(signedIn);
    const asPerson = () => testApp.request('/api/profile', { host: shop.host, headers: { cookie } });
    expect((await asPerson()).status).toBe(200);

    const page = (await asAdmin(`/api/platform/security/sessions?search=${encodeURIComponent(person.email)}`)).json<{ items: PlatformSession[]; total: number }>();
    expect(page.total).toBe(1);
    const [session] = page.items;
    expect(session).toMatchObject({
      userId: person.id,
      email: person.email.toLowerCase(),
      tenantId: shop.tenant.id,
      tenantName: shop.tenant.name,
      tenantSubdomain: shop.tenant.subdomain,
      ipAddress: '203.0.113.30',
      userAgent: 'SecurityTest/1.0',
      isCurrent: false,
    });
    expect(Date.parse(session!.expiresAt)).toBeGreaterThan(Date.now());
    // Searched by address too; the admin's own session is marked.
    expect((await asAdmin('/api/platform/security/sessions?search=203.0.113.30')).json<{ total: number }>().total).toBe(1);
    const all = (await asAdmin('/api/platform/security/sessions?pageSize=100')).json<{ items: PlatformSession[] }>();
    const mine = all.items.filter((row) => row.isCurrent);
    expect(mine).toEqual([expect.objectContaining({ userId: adminId })]);
    expect((await asAdmin(`/api/platform/security/sessions/${mine[0]!.id}/revoke`, 'POST')).status).toBe(409);

    expect((await asAdmin(`/api/platform/security/sessions/${session!.id}/revoke`, 'POST')).status).toBe(204);
    expect((await asPerson()).status).toBe(401);
    expect((await asAdmin(`/api/platform/security/sessions/${session!.id}/revoke`, 'POST')).status).toBe(404);
    expect((await asAdmin(`/api/platform/security/sessions?search=${encodeURIComponent(person.email)}`)).json<{ total: number }>().total).toBe(0);
    const [audit] = await auditRows('user.session_revoked');
    expect(audit).toMatchObject({
      actorUserId: adminId,
      targetUserId: person.id,
      tenantId: null,
      details: { sessionId: session!.id, email: person.email.toLowerCase(), sessionTenantId: shop.tenant.id, ipAddress: '203.0.113.30' },
    });
  });
});

describe('webhook signatures', () => {
  it('a Paystack webhook with a bad signature is refused and recorded; a good one is not', async () => {
    const body = JSON.stringify({ event: 'subscription.create', data: {} });
    const before = await summary();
    const bad = await testApp.request('/api/webhooks/paystack', {
      method: 'POST',
      rawBody: body,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': 'f'.repeat(128), 'x-forwarded-for': '203.0.113.40' },
    });
    expect(bad.status).toBe(401);
    const good = await testApp.request('/api/webhooks/paystack', {
      method: 'POST',
      rawBody: body,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': createHmac('sha512', PAYSTACK_KEY).update(body).digest('hex'), 'x-forwarded-for': '203.0.113.41' },
    });
    expect(good.status).toBe(200);

    const after = await summary();
    expect(after.last24Hours.webhookSignatureFailures - before.last24Hours.webhookSignatureFailures).toBe(1);
    expect(after.webhookFailures[0]).toMatchObject({
      kind: 'webhook_signature_failed',
      ipAddress: '203.0.113.40',
      detail: { provider: 'paystack', path: '/api/webhooks/paystack', reason: 'bad_signature' },
    });
    expect((await events('kind=webhook_signature_failed&search=203.0.113.41')).total).toBe(0);
  });

  it('an M-Pesa callback with a wrong token is recorded for its shop, the token left out', async () => {
    const token = 'not-the-shops-token-0123456789';
    const refused = await testApp.request(`/api/mpesa/callbacks/${shop.tenant.id}/${token}/c2b/confirmation`, {
      method: 'POST',
      body: { TransID: 'QWE123RTY4' },
      headers: { 'x-forwarded-for': '203.0.113.42' },
    });
    expect(refused.status).toBe(401);
    const [event] = (await events('kind=webhook_signature_failed&search=203.0.113.42')).items;
    expect(event).toMatchObject({
      tenantId: shop.tenant.id,
      tenantName: shop.tenant.name,
      detail: { provider: 'mpesa', path: `/api/mpesa/callbacks/${shop.tenant.id}/[token]/c2b/confirmation`, reason: 'wrong_token' },
    });
    expect(JSON.stringify(event)).not.toContain(token);
  });
});

describe('the platform audit log', () => {
  it('lists every action of this page, newest first, and narrows to one action', async () => {
    const log = (await asAdmin('/api/platform/security/audit')).json<{ items: { action: string; actorEmail: string | null }[]; total: number }>();
    const direct = await queryRows<{ action: string }>(testApp.database.platform, sql`select action from platform_audit_events order by created_at desc, id desc`);
    expect(log.total).toBe(direct.length);
    expect(log.items.map((event) => event.action)).toEqual(direct.map((row) => row.action));
    expect(log.items.map((event) => event.action)).toEqual(expect.arrayContaining(['security.sign_in_unlocked', 'user.session_revoked']));
    const narrowed = (await asAdmin('/api/platform/security/audit?action=user.session_revoked')).json<{ items: { action: string }[]; total: number }>();
    expect(narrowed.total).toBe(1);
    expect(narrowed.items[0]!.action).toBe('user.session_revoked');
  });
});
