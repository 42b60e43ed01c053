import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, TEST_PASSWORD, type TestTenant } from '../../tests/support/factories';
import { createTestApp, signInAs, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';
import { listOutbox } from '../email/email.service';

let testApp: TestApp;
let demo: TestTenant;
let acme: TestTenant;
const DEMO = 'demo.localhost:3000';
const ACME = 'acme.localhost:3000';

beforeAll(async () => {
  testApp = await createTestApp();
  demo = await createTenant(testApp.database, { name: 'Demo Duka', subdomain: 'demo' });
  acme = await createTenant(testApp.database, { name: 'Acme Hardware', subdomain: 'acme' });
});
afterAll(() => testApp.close());

async function signedInMember(tenantId = demo.id, host = DEMO, role = 'cashier') {
  const user = await createUser(testApp.database, testApp.deps.auth, { tenantId, role });
  const cookie = await signInAs(testApp, host, user.email, TEST_PASSWORD);
  const call = (path: string, options: { method?: string; body?: unknown } = {}) =>
    testApp.request(path, { host, headers: { cookie }, ...options });
  return { ...user, cookie, call };
}

async function latestCode(email: string) {
  const [message] = await listOutbox(testApp.database, { to: email });
  return /\b(\d{6})\b/.exec(message?.text ?? '')?.[1] ?? '';
}

describe('profile (Personal Info)', () => {
  it('returns my profile with tenant name, and saves a trimmed name (empty stored as null)', async () => {
    const me = await signedInMember();
    const profile = await me.call('/api/profile');
    expect(profile.status).toBe(200);
    expect(profile.json()).toMatchObject({ email: me.email, role: 'cashier', tenantId: demo.id, tenantName: 'Demo Duka', emailVerified: false });
    const saved = await me.call('/api/profile', { method: 'PATCH', body: { fullName: '  Achieng  Njeri ' } });
    expect(saved.json().fullName).toBe('Achieng  Njeri');
    const cleared = await me.call('/api/profile', { method: 'PATCH', body: { fullName: '   ' } });
    expect(cleared.json().fullName).toBeNull();
  });

  it('cannot change role or e-mail through the profile update', async () => {
    const me = await signedInMember();
    const response = await me.call('/api/profile', { method: 'PATCH', body: { fullName: 'X', role: 'admin', email: 'x@y.z' } });
    expect(response.status).toBe(200);
    expect(response.json()).toMatchObject({ role: 'cashier', email: me.email });
  });
});

describe('contact profile', () => {
  it('creates then updates one contact of type customer, blanks stored as null', async () => {
    const me = await signedInMember();
    expect((await me.call('/api/profile/contact')).json()).toEqual({ contact: null, canHaveContact: true });
    const missingName = await me.call('/api/profile/contact', { method: 'PUT', body: { name: '   ' } });
    expect(missingName.status).toBe(400);
    expect(missingName.json().error.fields.name).toEqual(['Display name is required']);
    const created = await me.call('/api/profile/contact', { method: 'PUT', body: { name: ' Achieng ', email: '', phone: ' +254 712 345678 ', company: '', address: '', notes: '' } });
    expect(created.status).toBe(200);
    expect(created.json()).toMatchObject({ name: 'Achieng', email: null, phone: '+254 712 345678', company: null, type: 'customer' });
    const updated = await me.call('/api/profile/contact', { method: 'PUT', body: { name: 'Achieng N.', company: 'Front desk' } });
    expect(updated.json()).toMatchObject({ id: created.json().id, name: 'Achieng N.', company: 'Front desk', phone: null });
    const count = await testApp.database.withTenant(demo.id, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from contacts where user_id = ${me.id}`),
    );
    expect(count[0]?.n).toBe(1);
  });

  it("keeps each tenant's contacts apart: tenant B sees nothing of tenant A", async () => {
    const inDemo = await signedInMember();
    await inDemo.call('/api/profile/contact', { method: 'PUT', body: { name: 'Demo person' } });
    const inAcme = await signedInMember(acme.id, ACME);
    expect((await inAcme.call('/api/profile/contact')).json().contact).toBeNull();
    const acmeRows = await testApp.database.withTenant(acme.id, (tx) => queryRows(tx, sql`select * from contacts`));
    expect(acmeRows).toEqual([]);
  });

  it('is not available to a person without a shop', async () => {
    const admin = await createUser(testApp.database, testApp.deps.auth, { tenantId: null, role: 'superadmin' });
    const cookie = await signInAs(testApp, 'localhost:3000', admin.email, TEST_PASSWORD);
    const call = (path: string, options: { method?: string; body?: unknown } = {}) =>
      testApp.request(path, { host: 'localhost:3000', headers: { cookie }, ...options });
    expect((await call('/api/profile/contact')).json()).toEqual({ contact: null, canHaveContact: false });
    expect((await call('/api/profile/contact', { method: 'PUT', body: { name: 'Admin' } })).status).toBe(422);
  });
});

describe('e-mail verification', () => {
  it('verifies with the 6-digit code from the e-mail, once', async () => {
    const me = await signedInMember();
    const sent = await me.call('/api/profile/email-verification', { method: 'POST' });
    expect(sent.status).toBe(200);
    expect(sent.json().resendAfterSeconds).toBe(60);
    const code = await latestCode(me.email);
    expect(code).toMatch(/^\d{6}$/);
    const wrongFormat = await me.call('/api/profile/email-verification/verify', { method: 'POST', body: { code: '12ab56' } });
    expect(wrongFormat.json().error.fields.code).toEqual(['Please enter a valid 6-digit code']);
    const verified = await me.call('/api/profile/email-verification/verify', { method: 'POST', body: { code } });
    expect(verified.status).toBe(200);
    expect(verified.json()).toMatchObject({ emailVerified: true, emailVerifiedAt: expect.any(String) });
    const reused = await me.call('/api/profile/email-verification/verify', { method: 'POST', body: { code } });
    expect(reused.status).toBe(400);
  });

  it('refuses a second code within 60 seconds with 429', async () => {
    const me = await signedInMember();
    expect((await me.call('/api/profile/email-verification', { method: 'POST' })).status).toBe(200);
    const again = await me.call('/api/profile/email-verification', { method: 'POST' });
    expect(again.status).toBe(429);
    expect(again.json().error.retryAfterSeconds).toBeGreaterThan(50);
  });

  it('voids the code on the 6th try after 5 wrong codes', async () => {
    const me = await signedInMember();
    await me.call('/api/profile/email-verification', { method: 'POST' });
    const code = await latestCode(me.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const response = await me.call('/api/profile/email-verification/verify', { method: 'POST', body: { code: wrong } });
      expect(response.json().error.message).toBe('Invalid or expired verification code');
    }
    const sixth = await me.call('/api/profile/email-verification/verify', { method: 'POST', body: { code } });
    expect(sixth.status).toBe(400);
    expect((await me.call('/api/profile')).json().emailVerified).toBe(false);
  });
});

describe('e-mail change', () => {
  it('checks blank and same address, then changes after the link at the new address', async () => {
    const me = await signedInMember();
    const blank = await me.call('/api/profile/email-change', { method: 'POST', body: { newEmail: '  ' } });
    expect(blank.json().error.fields.newEmail).toContain('Please enter a new email address');
    const same = await me.call('/api/profile/email-change', { method: 'POST', body: { newEmail: me.email.toUpperCase() } });
    expect(same.json().error.fields.newEmail).toEqual(['New email is the same as current email']);
    const newEmail = `moved-${me.id.slice(0, 8)}@example.test`;
    const started = await me.call('/api/profile/email-change', { method: 'POST', body: { newEmail } });
    expect(started.status).toBe(202);
    expect(started.json().message).toBe('Email update initiated. Please check your new email for verification.');
    const [message] = await listOutbox(testApp.database, { to: newEmail });
    const token = decodeURIComponent(/token=([^\s"&]+)/.exec(message?.text ?? '')?.[1] ?? '');
    expect(message?.text).toContain('http://demo.localhost:3000/auth/callback?type=email_change&token=');
    const confirm = await testApp.request('/api/auth/email-change/confirm', { method: 'POST', host: DEMO, body: { token } });
    expect(confirm.json()).toEqual({ email: newEmail });
    expect((await me.call('/api/profile')).json()).toMatchObject({ email: newEmail, emailVerified: true });
    const replay = await testApp.request('/api/auth/email-change/confirm', { method: 'POST', host: DEMO, body: { token } });
    expect(replay.status).toBe(400);
  });

  it('sends no link built from an unknown Host (issue 11 item 1)', async () => {
    const me = await signedInMember();
    const newEmail = `poisoned-${me.id.slice(0, 8)}@example.test`;
    const response = await testApp.request('/api/profile/email-change', {
      method: 'POST',
      host: 'attacker.example',
      headers: { cookie: me.cookie },
      body: { newEmail },
    });
    expect(response.status).toBe(400);
    expect(response.json().error.message).toBe("E-mail links can only be sent from your shop's own address. Open Dukani there and try again.");
    expect(await listOutbox(testApp.database, { to: newEmail })).toEqual([]);
  });

  it('refuses an address another account uses', async () => {
    const me = await signedInMember();
    const other = await createUser(testApp.database, testApp.deps.auth, { tenantId: demo.id });
    const response = await me.call('/api/profile/email-change', { method: 'POST', body: { newEmail: other.email } });
    expect(response.status).toBe(409);
  });
});

describe('password change from the profile', () => {
  it('needs the current password and signs other sessions out', async () => {
    const me = await signedInMember();
    const otherDevice = await signInAs(testApp, DEMO, me.email, TEST_PASSWORD);
    const wrong = await me.call('/api/profile/password', { method: 'POST', body: { currentPassword: 'nope-nope', newPassword: 'Brand-New-Pass-1', confirmPassword: 'Brand-New-Pass-1' } });
    expect(wrong.status).toBe(400);
    expect(wrong.json().error.fields.currentPassword).toEqual(['Current password is incorrect']);
    const mismatch = await me.call('/api/profile/password', { method: 'POST', body: { currentPassword: TEST_PASSWORD, newPassword: 'Brand-New-Pass-1', confirmPassword: 'Brand-New-Pass-2' } });
    expect(mismatch.json().error.fields.confirmPassword).toEqual(['New passwords do not match']);
    const ok = await me.call('/api/profile/password', { method: 'POST', body: { currentPassword: TEST_PASSWORD, newPassword: 'Brand-New-Pass-1', confirmPassword: 'Brand-New-Pass-1' } });
    expect(ok.status).toBe(200);
    expect(ok.json().message).toBe('Password changed successfully');
    const stale = await testApp.request('/api/profile', { host: DEMO, headers: { cookie: otherDevice } });
    expect(stale.status).toBe(401);
  });

  it('refuses the current password as the new one, on the new-password field (issue 10 item 4)', async () => {
    const me = await signedInMember();
    const same = await me.call('/api/profile/password', { method: 'POST', body: { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD, confirmPassword: TEST_PASSWORD } });
    expect(same.status).toBe(400);
    expect(same.json().error.fields).toEqual({ newPassword: ['The new password must be different from your current password'] });
  });
});

describe('activity', () => {
  it('lists up to 10 recent sign-ins in this shop, newest first, and the current session', async () => {
    const me = await signedInMember();
    for (let i = 0; i < 11; i += 1) await signInAs(testApp, DEMO, me.email, TEST_PASSWORD);
    const response = await me.call('/api/profile/activity');
    expect(response.status).toBe(200);
    const { logins, currentSession } = response.json();
    expect(logins).toHaveLength(10);
    expect(new Date(logins[0].createdAt).getTime()).toBeGreaterThanOrEqual(new Date(logins[9].createdAt).getTime());
    expect(logins[0].ipAddress).toMatch(/^198\.51\.100\./);
    expect(currentSession).toMatchObject({ createdAt: expect.any(String), expiresAt: expect.any(String) });
  });
});

describe('development outbox', () => {
  it('is hidden in production', async () => {
    const production = await createTestApp({ config: { NODE_ENV: 'production' }, database: testApp.database });
    expect((await production.request('/api/dev/outbox')).status).toBe(404);
    await production.close();
    expect((await testApp.request('/api/dev/outbox')).status).toBe(200);
  });

  it('is open to this machine and to platform admins only (issue 11 item 12)', async () => {
    const outbox = (headers: Record<string, string>) => testApp.request('/api/dev/outbox', { host: DEMO, headers });
    const remote = { 'x-forwarded-for': '203.0.113.5' };
    const stranger = await outbox(remote);
    expect(stranger.status).toBe(403);
    expect(stranger.text).not.toContain('messages');
    const owner = await signedInMember(demo.id, DEMO, 'admin');
    expect((await outbox({ ...remote, cookie: owner.cookie })).status).toBe(403);
    const admin = await createUser(testApp.database, testApp.deps.auth, { tenantId: null, role: 'superadmin' });
    const adminCookie = await signInAs(testApp, 'localhost:3000', admin.email, TEST_PASSWORD);
    expect((await outbox({ ...remote, cookie: adminCookie })).status).toBe(200);
    // On this machine: the socket is loopback and no proxy names another client.
    expect((await outbox({})).status).toBe(200);
    expect((await outbox({ 'x-forwarded-for': '127.0.0.1' })).status).toBe(200);
  });

  it('lists a message\'s files by name, type and size, and opens each one, for this machine only', async () => {
    // Five bytes: "%PDF-", the start of every PDF.
    const content = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]);
    const to = 'supplier-with-attachment@example.test';
    await testApp.deps.mailer.send({ kind: 'purchase_order', to, subject: 'PO-000001', text: 'Order', html: '<p>Order</p>', attachments: [{ filename: 'po-000001.pdf', contentType: 'application/pdf', content }] });
    const listed = await testApp.request(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
    const [message] = listed.json<{ messages: { id: string; attachments: unknown[] }[] }>().messages;
    expect(message!.attachments).toEqual([{ filename: 'po-000001.pdf', contentType: 'application/pdf', sizeBytes: 5 }]);
    const file = await testApp.request(`/api/dev/outbox/${message!.id}/attachments/0`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.text).toBe('%PDF-');
    expect((await testApp.request(`/api/dev/outbox/${message!.id}/attachments/1`)).status).toBe(404);
    expect((await testApp.request(`/api/dev/outbox/${message!.id}/attachments/0`, { headers: { 'x-forwarded-for': '203.0.113.5' } })).status).toBe(403);
  });
});
