import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDomain, createTenant, createUser, setTenantStatus, TEST_PASSWORD, type TestTenant } from '../../tests/support/factories';
import { createTestApp, randomClientAddress, signInAs, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';
import { listOutbox } from '../email/email.service';
import { AUTH_RATE_LIMITS } from './rate-limits';

let testApp: TestApp;
let demo: TestTenant;
let acme: TestTenant;
let owner: { id: string; email: string };
let cashier: { id: string; email: string };
let manager: { id: string; email: string };
let acmeOwner: { id: string; email: string };
let superAdmin: { id: string; email: string };
let newHire: { id: string; email: string };

const DEMO = 'demo.localhost:3000';
const ACME = 'acme.localhost:3000';

beforeAll(async () => {
  testApp = await createTestApp();
  const { database, deps } = testApp;
  demo = await createTenant(database, { name: 'Demo Duka', subdomain: 'demo', status: 'trial' });
  acme = await createTenant(database, { name: 'Acme Hardware', subdomain: 'acme' });
  owner = await createUser(database, deps.auth, { tenantId: demo.id, role: 'admin' });
  manager = await createUser(database, deps.auth, { tenantId: demo.id, role: 'manager' });
  cashier = await createUser(database, deps.auth, { tenantId: demo.id, role: 'cashier' });
  newHire = await createUser(database, deps.auth, { tenantId: demo.id, role: 'cashier', requirePasswordChange: true });
  acmeOwner = await createUser(database, deps.auth, { tenantId: acme.id, role: 'admin' });
  superAdmin = await createUser(database, deps.auth, { tenantId: null, role: 'superadmin' });
});
afterAll(() => testApp.close());

const signIn = (host: string, email: string, password = TEST_PASSWORD, headers: Record<string, string> = {}) =>
  testApp.request('/api/auth/sign-in', {
    method: 'POST',
    host,
    body: { email, password },
    headers: { 'x-forwarded-for': randomClientAddress(), ...headers },
  });

describe('POST /api/auth/sign-in', () => {
  it('signs a member in on their tenant host with an HttpOnly SameSite cookie and the landing path', async () => {
    const response = await signIn(DEMO, owner.email);
    expect(response.status).toBe(200);
    expect(response.json().user).toMatchObject({ id: owner.id, role: 'admin', tenantId: demo.id, homePath: '/admin' });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/dukani\.session_token=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it('sends platform administrators to /superadmin, tenantless on a local host', async () => {
    const response = await signIn('localhost:3000', superAdmin.email);
    expect(response.status).toBe(200);
    expect(response.json().user).toMatchObject({ isPlatformAdmin: true, homePath: '/superadmin', tenantId: null });
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    for (const response of [await signIn(DEMO, owner.email, 'wrong-password'), await signIn(DEMO, 'nobody@example.test')]) {
      expect(response.status).toBe(401);
      expect(response.json().error.message).toBe('Invalid email or password');
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it("refuses a member of another tenant on this tenant's host, and creates no session", async () => {
    const [before] = await queryRows<{ n: number }>(testApp.database.platform, sql`select count(*)::int as n from sessions where user_id = ${acmeOwner.id}`);
    const response = await signIn(DEMO, acmeOwner.email);
    expect(response.status).toBe(401);
    expect(response.json().error.message).toBe('Invalid email or password');
    const [after] = await queryRows<{ n: number }>(testApp.database.platform, sql`select count(*)::int as n from sessions where user_id = ${acmeOwner.id}`);
    expect(after?.n).toBe(before?.n);
    expect((await signIn(ACME, acmeOwner.email)).status).toBe(200);
  });

  it('refuses sign-in on the main marketing host', async () => {
    expect((await signIn('www.dukani.co.ke', owner.email)).status).toBe(403);
  });

  it('validates input with field messages', async () => {
    const response = await testApp.request('/api/auth/sign-in', { method: 'POST', host: DEMO, body: { email: 'not-an-email', password: '' } });
    expect(response.status).toBe(400);
    expect(Object.keys(response.json().error.fields).sort()).toEqual(['email', 'password']);
  });

  it('refuses a cross-site sign-in post', async () => {
    const response = await signIn(DEMO, owner.email, TEST_PASSWORD, { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
  });

  it('never counts successful sign-ins: 40 from one address all pass (issue 10 item 3)', async () => {
    const mall = { 'x-forwarded-for': '203.0.113.7' };
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) statuses.push((await signIn(DEMO, cashier.email, TEST_PASSWORD, mall)).status);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  }, 120_000); // 40 password hashes

  it("limits one account's failures from one address, without blocking other accounts on that address", async () => {
    const target = await createUser(testApp.database, testApp.deps.auth, { tenantId: demo.id });
    const colleague = await createUser(testApp.database, testApp.deps.auth, { tenantId: demo.id });
    const sharedWifi = { 'x-forwarded-for': '203.0.113.42' };
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await signIn(DEMO, target.email, 'wrong-password', sharedWifi)).status);
    expect(statuses.every((s) => s === 401)).toBe(true);
    // The guessing address now waits for this account, even with the right password...
    const limited = await signIn(DEMO, target.email, TEST_PASSWORD, sharedWifi);
    expect(limited.status).toBe(429);
    expect(limited.json().error.message).toMatch(/Too many sign-in attempts for this account/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // ...while a colleague on the same Wi-Fi signs in, and so does a typo'd guess at another account.
    expect((await signIn(DEMO, colleague.email, TEST_PASSWORD, sharedWifi)).status).toBe(200);
    expect((await signIn(DEMO, colleague.email, 'wrong-password', sharedWifi)).status).toBe(401);
  });

  it("does not let an attacker's failures from other addresses lock the owner out at her own address", async () => {
    const target = await createUser(testApp.database, testApp.deps.auth, { tenantId: demo.id });
    for (const attacker of ['203.0.113.100', '203.0.113.101']) {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) {
        statuses.push((await signIn(DEMO, target.email, 'wrong-password', { 'x-forwarded-for': attacker })).status);
      }
      expect(statuses.at(-1)).toBe(429);
    }
    expect((await signIn(DEMO, target.email, TEST_PASSWORD, { 'x-forwarded-for': '192.0.2.10' })).status).toBe(200);
  });

  it('limits failures per address at a ceiling a shared network does not reach, and refuses that address then', async () => {
    const { max } = AUTH_RATE_LIMITS.failedSignInPerAddress;
    expect(max).toBeGreaterThanOrEqual(200);
    const address = '203.0.113.150';
    // max - 1 failures already counted from this address (all different accounts, as on a busy network).
    await testApp.database.platform.execute(
      sql`insert into rate_limits (key, window_start, count) values (${`${AUTH_RATE_LIMITS.failedSignInPerAddress.name}:${address}`}, now(), ${max - 1})`,
    );
    expect((await signIn(DEMO, 'somebody-else@example.test', 'wrong', { 'x-forwarded-for': address })).status).toBe(401);
    const refused = await signIn(DEMO, owner.email, TEST_PASSWORD, { 'x-forwarded-for': address });
    expect(refused.status).toBe(429);
    expect(refused.json().error.message).toMatch(/Too many failed sign-ins from this network/);
    // A refused attempt is not counted again, and other addresses are not affected.
    const [row] = await queryRows<{ count: number }>(
      testApp.database.platform,
      sql`select count from rate_limits where key = ${`${AUTH_RATE_LIMITS.failedSignInPerAddress.name}:${address}`}`,
    );
    expect(row?.count).toBe(max);
    expect((await signIn(DEMO, owner.email)).status).toBe(200);
  });
});

describe('a correct password on the wrong host (issue 11 items 10, 11)', () => {
  // Everything but the request id, which differs on every answer.
  const answerOf = (response: Awaited<ReturnType<typeof signIn>>) => {
    const { requestId: _requestId, ...error } = response.json().error;
    return { status: response.status, error };
  };

  it("answers a member of another shop exactly as a wrong password, and counts it as a failure", async () => {
    const wrong = await signIn(DEMO, acmeOwner.email, 'wrong-password');
    const right = await signIn(DEMO, acmeOwner.email, TEST_PASSWORD);
    expect(right.status).toBe(wrong.status);
    expect(right.status).toBe(401);
    expect(answerOf(right)).toEqual(answerOf(wrong));
    expect(right.headers['set-cookie']).toBeUndefined();
    const prober = { 'x-forwarded-for': '203.0.113.77' };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await signIn(DEMO, acmeOwner.email, TEST_PASSWORD, prober)).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("refuses sign-in on a suspended shop's host at once, though the host's tenant is still cached", async () => {
    const shop = await createTenant(testApp.database, { subdomain: 'soon-shut' });
    const person = await createUser(testApp.database, testApp.deps.auth, { tenantId: shop.id });
    expect((await signIn('soon-shut.localhost', person.email)).status).toBe(200);
    await setTenantStatus(testApp.database, shop.id, 'suspended');
    const refused = await signIn('soon-shut.localhost', person.email);
    expect(refused.status).toBe(403);
    expect(refused.json().error.message).toBe('This shop is not active. Contact Dukani support.');
    // The same answer for a wrong password: the refusal says nothing about the password.
    const guessed = await signIn('soon-shut.localhost', person.email, 'wrong-password');
    expect(answerOf(guessed)).toEqual(answerOf(refused));
  });
});

describe('session and sign-out', () => {
  it('GET /api/auth/session reflects the cookie, and sign-out ends the session', async () => {
    const cookie = await signInAs(testApp, DEMO, cashier.email, TEST_PASSWORD);
    const session = await testApp.request('/api/auth/session', { host: DEMO, headers: { cookie } });
    expect(session.json().user).toMatchObject({ id: cashier.id, role: 'cashier' });
    const signOut = await testApp.request('/api/auth/sign-out', { method: 'POST', host: DEMO, headers: { cookie } });
    expect(signOut.status).toBe(204);
    expect(String(signOut.headers['set-cookie'])).toMatch(/Max-Age=0/);
    const after = await testApp.request('/api/auth/session', { host: DEMO, headers: { cookie } });
    expect(after.json().user).toBeNull();
    const profile = await testApp.request('/api/profile', { host: DEMO, headers: { cookie } });
    expect(profile.status).toBe(401);
    expect(profile.json().error.message).toBe('Session expired. Please log in again.');
  });

  it('slides: a session used after a day gets a full week again and a renewed cookie; an expired one is refused', async () => {
    const cookie = await signInAs(testApp, DEMO, cashier.email, TEST_PASSWORD);
    const fresh = await testApp.request('/api/profile', { host: DEMO, headers: { cookie } });
    expect(fresh.headers['set-cookie']).toBeUndefined();
    await testApp.database.platform.execute(
      sql`update sessions set expires_at = now() + interval '5 days' where user_id = ${cashier.id}`,
    );
    const renewed = await testApp.request('/api/profile', { host: DEMO, headers: { cookie } });
    expect(renewed.status).toBe(200);
    expect(String(renewed.headers['set-cookie'])).toMatch(/dukani\.session_token=.*Max-Age=604800/);
    const [row] = await queryRows<{ days: number }>(
      testApp.database.platform,
      sql`select round(extract(epoch from max(expires_at) - now()) / 86400)::int as days from sessions where user_id = ${cashier.id}`,
    );
    expect(row?.days).toBe(7);
    await testApp.database.platform.execute(sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${cashier.id}`);
    expect((await testApp.request('/api/profile', { host: DEMO, headers: { cookie } })).status).toBe(401);
  });

  it('logs logins and logouts in the tenant activity log', async () => {
    const cookie = await signInAs(testApp, DEMO, manager.email, TEST_PASSWORD);
    await testApp.request('/api/auth/sign-out', { method: 'POST', host: DEMO, headers: { cookie } });
    const actions = await testApp.database.withTenant(demo.id, (tx) =>
      queryRows<{ action_type: string }>(tx, sql`select action_type from user_activity_logs where user_id = ${manager.id} order by created_at`),
    );
    expect(actions.map((a) => a.action_type)).toEqual(['login', 'logout']);
  });
});

describe('tenant routes: roles and isolation', () => {
  it('lets any member read settings and only the owner change them', async () => {
    const cashierCookie = await signInAs(testApp, DEMO, cashier.email, TEST_PASSWORD);
    const managerCookie = await signInAs(testApp, DEMO, manager.email, TEST_PASSWORD);
    const ownerCookie = await signInAs(testApp, DEMO, owner.email, TEST_PASSWORD);
    expect((await testApp.request('/api/settings/business', { host: DEMO, headers: { cookie: cashierCookie } })).status).toBe(200);
    for (const cookie of [cashierCookie, managerCookie]) {
      const refused = await testApp.request('/api/settings/business', { method: 'PATCH', host: DEMO, headers: { cookie }, body: { currencyCode: 'KES' } });
      expect(refused.status).toBe(403);
    }
    const changed = await testApp.request('/api/settings/business', { method: 'PATCH', host: DEMO, headers: { cookie: ownerCookie }, body: { currencyCode: 'kes', currencySymbol: 'KSh' } });
    expect(changed.status).toBe(200);
    expect(changed.json()).toMatchObject({ currencyCode: 'KES', currencySymbol: 'KSh' });
  });

  it("gives tenant B's member a 404 and no data on tenant A's host, even with a valid session", async () => {
    const acmeCookie = await signInAs(testApp, ACME, acmeOwner.email, TEST_PASSWORD);
    const response = await testApp.request('/api/settings/business', { host: DEMO, headers: { cookie: acmeCookie } });
    expect(response.status).toBe(404);
    expect(response.text).not.toContain('currency');
    const write = await testApp.request('/api/settings/business', { method: 'PATCH', host: DEMO, headers: { cookie: acmeCookie }, body: { currencySymbol: 'X' } });
    expect(write.status).toBe(404);
  });

  it('requires a session on tenant routes', async () => {
    expect((await testApp.request('/api/settings/business', { host: DEMO })).status).toBe(401);
  });
});

describe('mandatory password change', () => {
  it('is required for a temporary password, checks its input, then clears the flag', async () => {
    const cookie = await signInAs(testApp, DEMO, newHire.email, TEST_PASSWORD);
    const session = await testApp.request('/api/auth/session', { host: DEMO, headers: { cookie } });
    expect(session.json().user.requirePasswordChange).toBe(true);
    const short = await testApp.request('/api/auth/required-password-change', { method: 'POST', host: DEMO, headers: { cookie }, body: { newPassword: 'short', confirmPassword: 'short' } });
    expect(short.status).toBe(400);
    expect(short.json().error.fields.newPassword).toEqual(['Password must be at least 8 characters long']);
    const mismatch = await testApp.request('/api/auth/required-password-change', { method: 'POST', host: DEMO, headers: { cookie }, body: { newPassword: 'New-Password-1', confirmPassword: 'New-Password-2' } });
    expect(mismatch.json().error.fields.confirmPassword).toEqual(['Please make sure both passwords are identical']);
    // The temporary password "changed" to itself (issue 10 item 4).
    const unchanged = await testApp.request('/api/auth/required-password-change', { method: 'POST', host: DEMO, headers: { cookie }, body: { newPassword: TEST_PASSWORD, confirmPassword: TEST_PASSWORD } });
    expect(unchanged.status).toBe(400);
    expect(unchanged.json().error.fields).toEqual({ newPassword: ['The new password must be different from your temporary password'] });
    expect((await testApp.request('/api/auth/session', { host: DEMO, headers: { cookie } })).json().user.requirePasswordChange).toBe(true);
    const ok = await testApp.request('/api/auth/required-password-change', { method: 'POST', host: DEMO, headers: { cookie }, body: { newPassword: 'New-Password-1', confirmPassword: 'New-Password-1' } });
    expect(ok.status).toBe(200);
    expect(ok.json().user.requirePasswordChange).toBe(false);
    const [profile] = await queryRows<{ temp_password_created_at: string | null; invitation_status: string }>(
      testApp.database.platform,
      sql`select temp_password_created_at, invitation_status from profiles where user_id = ${newHire.id}`,
    );
    expect(profile).toEqual({ temp_password_created_at: null, invitation_status: 'accepted' });
    const again = await testApp.request('/api/auth/required-password-change', { method: 'POST', host: DEMO, headers: { cookie }, body: { newPassword: 'New-Password-3', confirmPassword: 'New-Password-3' } });
    expect(again.status).toBe(409);
    expect((await signIn(DEMO, newHire.email, 'New-Password-1')).status).toBe(200);
  });
});

describe('password reset', () => {
  it('e-mails a link that sets a new password once, and never reveals whether an address exists', async () => {
    const person = await createUser(testApp.database, testApp.deps.auth, { tenantId: demo.id });
    for (const email of [person.email, 'nobody@example.test']) {
      const response = await testApp.request('/api/auth/forgot-password', { method: 'POST', host: DEMO, body: { email } });
      expect(response.status).toBe(202);
    }
    const [message] = await listOutbox(testApp.database, { to: person.email });
    expect(message?.subject).toBe('Reset your Dukani password');
    const link = /http:\/\/demo\.localhost:3000\/reset-password\?token=([^\s"]+)/.exec(message?.text ?? '');
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]!);
    expect(await listOutbox(testApp.database, { to: 'nobody@example.test' })).toEqual([]);
    // The current password is not a new one; the link still works for a different password.
    const unchanged = { token, newPassword: TEST_PASSWORD, confirmPassword: TEST_PASSWORD };
    const refused = await testApp.request('/api/auth/reset-password', { method: 'POST', host: DEMO, body: unchanged });
    expect(refused.status).toBe(400);
    expect(refused.json().error.fields).toEqual({ newPassword: ['The new password must be different from your current password'] });
    const body = { token, newPassword: 'Reset-Password-9', confirmPassword: 'Reset-Password-9' };
    expect((await testApp.request('/api/auth/reset-password', { method: 'POST', host: DEMO, body })).status).toBe(200);
    expect((await testApp.request('/api/auth/reset-password', { method: 'POST', host: DEMO, body })).status).toBe(400);
    expect((await signIn(DEMO, person.email, 'Reset-Password-9')).status).toBe(200);
  });
});

describe('reset links only to hosts we know (issue 11 item 1)', () => {
  const forgot = (host: string, email: string) =>
    testApp.request('/api/auth/forgot-password', { method: 'POST', host, body: { email } });

  it('sends nothing for an unknown Host, answering the same 202', async () => {
    const person = await createUser(testApp.database, testApp.deps.auth, { tenantId: demo.id });
    const known = await forgot(DEMO, 'nobody@example.test');
    const poisoned = await forgot('attacker.example', person.email);
    expect(poisoned.status).toBe(202);
    expect(poisoned.json()).toEqual(known.json());
    expect(await listOutbox(testApp.database, { to: person.email })).toEqual([]);
    const [anywhere] = await queryRows<{ n: number }>(
      testApp.database.platform,
      sql`select count(*)::int as n from email_outbox where text_body like '%attacker.example%' or html_body like '%attacker.example%'`,
    );
    expect(anywhere?.n).toBe(0);
  });

  it("links to the shop's subdomain under the platform domain and to its verified custom domain only", async () => {
    await createDomain(testApp.database, { domain: 'duka.example.com', tenantId: demo.id, verified: true });
    await createDomain(testApp.database, { domain: 'claimed.example.com', tenantId: demo.id, verified: false });
    const linkSentFrom = async (host: string) => {
      const person = await createUser(testApp.database, testApp.deps.auth, { tenantId: demo.id });
      expect((await forgot(host, person.email)).status).toBe(202);
      const [message] = await listOutbox(testApp.database, { to: person.email });
      return message ? /https?:\/\/[^/\s]+\/reset-password/.exec(message.text)?.[0] : 'no e-mail';
    };
    expect(await linkSentFrom('demo.dukani.co.ke')).toBe('http://demo.dukani.co.ke/reset-password');
    expect(await linkSentFrom('duka.example.com')).toBe('http://duka.example.com/reset-password');
    expect(await linkSentFrom('claimed.example.com')).toBe('no e-mail');
    expect(await linkSentFrom('nosuchshop.dukani.co.ke')).toBe('no e-mail');
    expect(await linkSentFrom('dukani.co.ke')).toBe('no e-mail');
    expect(await linkSentFrom('demo.dukani.co.ke:8443')).toBe('no e-mail');
  });
});

describe('deactivated members', () => {
  it('cannot sign in, with a clear message', async () => {
    const person = await createUser(testApp.database, testApp.deps.auth, { tenantId: demo.id });
    const cookie = await signInAs(testApp, DEMO, person.email, TEST_PASSWORD);
    const response = await testApp.request('/api/profile/deactivate', { method: 'POST', host: DEMO, headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.json().message).toBe('Account deactivated successfully');
    expect((await testApp.request('/api/profile', { host: DEMO, headers: { cookie } })).status).toBe(401);
    const again = await signIn(DEMO, person.email);
    expect(again.status).toBe(403);
    expect(again.json().error.message).toBe('This account has been deactivated. Contact your administrator.');
    const logs = await testApp.database.withTenant(demo.id, (tx) =>
      queryRows<{ details: { self_deactivated: boolean } }>(tx, sql`select details from user_activity_logs where user_id = ${person.id} and action_type = 'account_deactivation'`),
    );
    expect(logs).toHaveLength(1);
    expect(logs[0]?.details.self_deactivated).toBe(true);
  });

  it('a suspended tenant signs nobody in', async () => {
    const closed = await createTenant(testApp.database, { subdomain: 'shut' });
    const person = await createUser(testApp.database, testApp.deps.auth, { tenantId: closed.id });
    await setTenantStatus(testApp.database, closed.id, 'suspended');
    const onItsHost = await signIn('shut.localhost', person.email);
    expect(onItsHost.status).toBe(403);
    const onLocalhost = await signIn('localhost:3000', person.email);
    expect(onLocalhost.status).toBe(403);
    expect(onLocalhost.json().error.message).toBe('This shop is not active. Contact Dukani support.');
  });
});
