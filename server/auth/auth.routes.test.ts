import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, setTenantStatus, TEST_PASSWORD, type TestTenant } from '../../tests/support/factories';
import { createTestApp, randomClientAddress, signInAs, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';
import { listOutbox } from '../email/email.service';

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
    expect(response.status).toBe(403);
    expect(response.json().error.message).toContain('does not belong to Demo Duka');
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

  it('limits attempts per network address with 429', async () => {
    const address = { 'x-forwarded-for': '203.0.113.7' };
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) statuses.push((await signIn(DEMO, `probe-${i}@example.test`, 'x', address)).status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    expect(statuses[30]).toBe(429);
    // Another network is not affected.
    expect((await signIn(DEMO, owner.email)).status).toBe(200);
  });

  it('limits failed attempts per account with 429 and Retry-After, without locking the account elsewhere', async () => {
    const target = await createUser(testApp.database, testApp.deps.auth, { tenantId: demo.id });
    const attacker = { 'x-forwarded-for': '203.0.113.99' };
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await signIn(DEMO, target.email, 'wrong-password', attacker)).status);
    expect(statuses.every((s) => s === 401)).toBe(true);
    // The guessing network now waits, even with the right password; the owner elsewhere does not.
    expect((await signIn(DEMO, target.email, TEST_PASSWORD, { 'x-forwarded-for': '192.0.2.10' })).status).toBe(200);
    const limited = await signIn(DEMO, target.email, TEST_PASSWORD, attacker);
    expect(limited.status).toBe(429);
    expect(limited.json().error.message).toMatch(/Too many sign-in attempts for this account/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
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
    const body = { token, newPassword: 'Reset-Password-9', confirmPassword: 'Reset-Password-9' };
    expect((await testApp.request('/api/auth/reset-password', { method: 'POST', host: DEMO, body })).status).toBe(200);
    expect((await testApp.request('/api/auth/reset-password', { method: 'POST', host: DEMO, body })).status).toBe(400);
    expect((await signIn(DEMO, person.email, 'Reset-Password-9')).status).toBe(200);
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
