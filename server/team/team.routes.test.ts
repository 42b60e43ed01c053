import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../tests/support/catalog-shop';
import type { AuditEventView } from '../../core/audit/audit.schemas';
import { createUser, TEST_PASSWORD } from '../../tests/support/factories';
import { createTestApp, randomClientAddress, signInAs, type TestApp } from '../../tests/support/test-app';
import { drainShop, outboxDeps } from '../communications/outbox';
import { queryRows } from '../db/client';
import { tenantUsers } from '../db/schema/auth';
import { securityEvents } from '../db/schema/platform';
import { teamInvitations } from '../db/schema/team';
import { listOutbox } from '../email/email.service';

// The team API (issue 20): invitations (temporary password, single-use expiring links, the staff
// limit, someone with a Dukani account, the link by SMS), the last owner, deactivation ending
// sessions, isolation, bad input, and every team change in the audit log.

let testApp: TestApp;
let shop: TestShop;
let other: TestShop;

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createTestShop(testApp);
  other = await createTestShop(testApp);
});
afterAll(() => testApp.close());

const invite = (target: TestShop, body: Record<string, unknown>) => target.call('POST', '/api/team/invitations', { body });
const email = () => `staff-${randomUUID().slice(0, 8)}@example.test`;
const sessionOf = (host: string, cookie: string) => testApp.request('/api/auth/session', { host, headers: { cookie } });
const post = (path: string, body: unknown, cookie?: string) =>
  testApp.request(path, { method: 'POST', host: shop.host, body, headers: { 'x-forwarded-for': randomClientAddress(), ...(cookie ? { cookie } : {}) } });
const tokenOf = async (to: string) => {
  const [message] = await listOutbox(testApp.database, { to });
  return new URL(/https?:\/\/\S+accept-invitation\S+/.exec(message!.text)![0]).searchParams.get('token')!;
};
const memberIdOf = async (target: TestShop, userId: string) => {
  const [row] = await testApp.database.withTenant(target.tenant.id, (tx) => tx.select({ id: tenantUsers.id }).from(tenantUsers).where(eq(tenantUsers.userId, userId)));
  return row!.id;
};
const rowCounts = async (target: TestShop) =>
  testApp.database.withTenant(target.tenant.id, async (tx) => ({
    invitations: (await tx.select({ n: count() }).from(teamInvitations))[0]!.n,
    members: (await tx.select({ n: count() }).from(tenantUsers))[0]!.n,
  }));
const fieldsOf = (response: { json: <T>() => T }) => response.json<{ error: { fields: Record<string, string[]> } }>().error.fields;

describe('invitations', () => {
  it('with a temporary password: shown once, the person signs in, must change it, and works only where assigned', async () => {
    const address = email();
    const created = await invite(shop, { fullName: 'Achieng Otieno', email: address, phone: '0712 345 678', role: 'cashier', locationIds: [shop.defaultLocationId], method: 'temporary_password' });
    expect(created.status).toBe(201);
    const { temporaryPassword, invitation } = created.json<{ temporaryPassword: string; invitation: { id: string; state: string; phone: string } }>();
    expect(temporaryPassword).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(invitation).toMatchObject({ state: 'pending', phone: '+254712345678' });
    // Never again: the list has no password.
    expect((await shop.call('GET', '/api/team/invitations')).text).not.toContain(temporaryPassword);

    const cookie = await signInAs(testApp, shop.host, address, temporaryPassword);
    const session = (await sessionOf(shop.host, cookie)).json<{ user: { requirePasswordChange: boolean; role: string; locationIds: string[] } }>().user;
    expect(session).toMatchObject({ requirePasswordChange: true, role: 'cashier', locationIds: [shop.defaultLocationId] });
    const listed = (await shop.call('GET', '/api/team/invitations')).json<Array<{ id: string; state: string }>>();
    expect(listed.find((row) => row.id === invitation.id)?.state).toBe('accepted');
  });

  it('by link: e-mailed, used once, and not after it expires or is revoked', async () => {
    const address = email();
    const created = await invite(shop, { fullName: 'Baraka Mwangi', email: address, role: 'manager', method: 'link' });
    expect(created.status).toBe(201);
    expect(created.json<{ temporaryPassword: null }>().temporaryPassword).toBeNull();
    const token = await tokenOf(address);
    // Only the hash is stored.
    const [stored] = await testApp.database.withTenant(shop.tenant.id, (tx) => tx.select({ hash: teamInvitations.tokenHash }).from(teamInvitations).where(eq(teamInvitations.email, address)));
    expect(stored?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.hash).not.toContain(token);

    const preview = await testApp.request(`/api/team/invitation?token=${token}`, { host: shop.host });
    expect(preview.json()).toMatchObject({ fullName: 'Baraka Mwangi', email: address });
    // Another shop's host knows nothing of it.
    expect((await testApp.request(`/api/team/invitation?token=${token}`, { host: other.host })).status).toBe(400);

    const accepted = await post('/api/team/invitation/accept', { token, newPassword: 'Baraka-Pass-2026', confirmPassword: 'Baraka-Pass-2026' });
    expect(accepted.status).toBe(200);
    expect(accepted.json<{ user: { email: string; role: string } }>().user).toMatchObject({ email: address, role: 'manager' });
    expect(String(accepted.headers['set-cookie'])).toContain('session');
    const again = await post('/api/team/invitation/accept', { token, newPassword: 'Other-Pass-2026', confirmPassword: 'Other-Pass-2026' });
    expect(again.status).toBe(400);

    // Expired: a week later the link no longer works.
    const late = email();
    await invite(shop, { fullName: 'Chebet Kiprono', email: late, role: 'cashier', method: 'link' });
    const lateToken = await tokenOf(late);
    await testApp.database.withTenant(shop.tenant.id, (tx) => tx.update(teamInvitations).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(teamInvitations.email, late)));
    expect((await post('/api/team/invitation/accept', { token: lateToken, newPassword: 'Chebet-Pass-2026', confirmPassword: 'Chebet-Pass-2026' })).status).toBe(400);
    const states = (await shop.call('GET', '/api/team/invitations')).json<Array<{ email: string; state: string; id: string }>>();
    expect(states.find((row) => row.email === late)?.state).toBe('expired');

    // Resent: a new link, the old one dead; revoked: dead too.
    const resend = await shop.call('POST', `/api/team/invitations/${states.find((row) => row.email === late)!.id}/resend`);
    expect(resend.json()).toMatchObject({ state: 'pending' });
    const freshToken = await tokenOf(late);
    expect(freshToken).not.toBe(lateToken);
    expect((await shop.call('POST', `/api/team/invitations/${states.find((row) => row.email === late)!.id}/revoke`)).json()).toMatchObject({ state: 'revoked' });
    expect((await post('/api/team/invitation/accept', { token: freshToken, newPassword: 'Chebet-Pass-2026', confirmPassword: 'Chebet-Pass-2026' })).status).toBe(400);
  });

  it('bad input is 400 with field messages and writes nothing; a second invitation to the same address is 409', async () => {
    const before = await testApp.database.withTenant(shop.tenant.id, (tx) => tx.select({ n: count() }).from(teamInvitations));
    const bad = await invite(shop, { fullName: '', email: 'not-an-email', phone: '12', role: 'boss', method: 'pigeon' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json<{ error: { fields: Record<string, unknown> } }>().error.fields).sort()).toEqual(['email', 'fullName', 'method', 'phone', 'role']);
    const unknownPlace = await invite(shop, { fullName: 'Dan', email: email(), role: 'cashier', locationIds: [randomUUID()], method: 'link' });
    expect(unknownPlace.status).toBe(400);
    const after = await testApp.database.withTenant(shop.tenant.id, (tx) => tx.select({ n: count() }).from(teamInvitations));
    expect(after).toEqual(before);

    const address = email();
    expect((await invite(shop, { fullName: 'Esther', email: address, role: 'cashier', method: 'link' })).status).toBe(201);
    expect((await invite(shop, { fullName: 'Esther', email: address, role: 'cashier', method: 'link' })).status).toBe(409);
  });

  it('the eleventh staff member on Starter is refused with the plan message', async () => {
    const starter = await createTestShop(testApp, { plan: 'Starter' });
    // The owner, the manager and the cashier, and seven more: ten.
    for (let i = 0; i < 7; i += 1) await createUser(testApp.database, testApp.deps.auth, { tenantId: starter.tenant.id, role: 'cashier' });
    const refused = await invite(starter, { fullName: 'Eleventh', email: email(), role: 'cashier', method: 'temporary_password' });
    expect(refused.status).toBe(402);
    expect(refused.json<{ error: { message: string } }>().error.message).toMatch(/10/);
    expect((await invite(starter, { fullName: 'Eleventh', email: email(), role: 'cashier', method: 'link' })).status).toBe(402);
    // Someone with an account elsewhere takes a place like anyone else.
    expect((await invite(starter, { fullName: 'Eleventh', email: other.users.cashier.email, role: 'cashier', method: 'link' })).status).toBe(402);
  });
});

describe('someone who has a Dukani account already (staff of another shop)', () => {
  it('is invited by link, joins with the password they have, and works in both shops, each seeing only its own', async () => {
    const person = await createUser(testApp.database, testApp.deps.auth, { tenantId: other.tenant.id, role: 'cashier', fullName: 'Wanjiku Kamau' });
    const created = await invite(shop, { fullName: 'Wanjiku Kamau', email: person.email, role: 'manager', locationIds: [shop.defaultLocationId], method: 'link' });
    expect(created.status, created.text).toBe(201);
    const [mail] = await listOutbox(testApp.database, { to: person.email });
    expect(mail!.subject).toBe(`Shop owner invited you to join ${shop.tenant.name}`);
    expect(mail!.text).toContain('password of your Dukani account');
    const token = await tokenOf(person.email);
    const preview = await testApp.request(`/api/team/invitation?token=${token}`, { host: shop.host });
    expect(preview.json()).toMatchObject({ email: person.email, shopName: shop.tenant.name, existingAccount: true });

    // A wrong password writes nothing and leaves the link open.
    const before = await rowCounts(shop);
    const wrong = await post('/api/team/invitation/join', { token, password: 'Not-Her-Password-1' });
    expect(wrong.status).toBe(400);
    expect(fieldsOf(wrong).password![0]).toContain('not the password of your Dukani account');
    expect(await rowCounts(shop)).toEqual(before);

    const joined = await post('/api/team/invitation/join', { token, password: TEST_PASSWORD });
    expect(joined.status, joined.text).toBe(200);
    expect(joined.json<{ user: { email: string; role: string } }>().user).toMatchObject({ email: person.email, role: 'manager' });
    const cookie = String(joined.headers['set-cookie']);
    expect(cookie).toContain('session');
    expect((await post('/api/team/invitation/join', { token, password: TEST_PASSWORD })).status).toBe(400);
    // Both are sign-ins of the account at this shop for the console's Security page.
    const recorded = await testApp.database.platform
      .select({ kind: securityEvents.kind, tenantId: securityEvents.tenantId, detail: securityEvents.detail })
      .from(securityEvents)
      .where(eq(securityEvents.email, person.email))
      .orderBy(securityEvents.createdAt);
    expect(recorded).toEqual([
      { kind: 'sign_in_failed', tenantId: shop.tenant.id, detail: { reason: 'invalid_credentials', via: 'invitation' } },
      { kind: 'sign_in_succeeded', tenantId: shop.tenant.id, detail: { via: 'invitation' } },
    ]);
    const listed = (await shop.call('GET', '/api/team/invitations')).json<Array<{ email: string; state: string }>>();
    expect(listed.find((row) => row.email === person.email)?.state).toBe('accepted');

    // Here: a manager at this shop's location, among this shop's members; nothing of the other shop.
    const here = await signInAs(testApp, shop.host, person.email, TEST_PASSWORD);
    expect((await sessionOf(shop.host, here)).json()).toMatchObject({ user: { role: 'manager', locationIds: [shop.defaultLocationId] } });
    const locationIds = (await testApp.request('/api/locations', { host: shop.host, headers: { cookie: here } })).json<{ items: Array<{ id: string }> }>().items.map((l) => l.id);
    expect(locationIds).toEqual([shop.defaultLocationId]);
    expect((await testApp.request('/api/registers', { host: other.host, headers: { cookie: here } })).status).toBe(404);
    // There: still the other shop's cashier, with the same password.
    const there = await signInAs(testApp, other.host, person.email, TEST_PASSWORD);
    expect((await sessionOf(other.host, there)).json()).toMatchObject({ user: { role: 'cashier' } });
    expect((await other.call('GET', `/api/team/members/${await memberIdOf(shop, person.id)}`)).status).toBe(404);
  });

  it('a temporary password is refused for them with nothing written, and their password is kept', async () => {
    const before = await rowCounts(shop);
    const refused = await invite(shop, { fullName: 'Other manager', email: other.users.manager.email, role: 'cashier', method: 'temporary_password' });
    expect(refused.status).toBe(409);
    expect(fieldsOf(refused).method![0]).toBe('This person already has a Dukani account, so you cannot set their password. Send them an invitation link instead.');
    expect(await rowCounts(shop)).toEqual(before);
    await signInAs(testApp, other.host, other.users.manager.email, TEST_PASSWORD);
  });

  it('a member of this shop, active or deactivated, is not invited again (409)', async () => {
    const member = await invite(shop, { fullName: 'Shop cashier', email: shop.users.cashier.email, role: 'cashier', method: 'link' });
    expect(member.status).toBe(409);
    expect(fieldsOf(member).email).toEqual(['This person is already a member of this shop.']);
    const person = await createUser(testApp.database, testApp.deps.auth, { tenantId: shop.tenant.id, role: 'cashier' });
    expect((await shop.call('POST', `/api/team/members/${await memberIdOf(shop, person.id)}/deactivate`)).status).toBe(200);
    const deactivated = await invite(shop, { fullName: 'Gone', email: person.email, role: 'cashier', method: 'temporary_password' });
    expect(deactivated.status).toBe(409);
    expect(fieldsOf(deactivated).email![0]).toContain('Reactivate them');
  });
});

describe('the invitation link by SMS', () => {
  const quietHoursOff = { remindersEnabled: false, reminderChannel: 'sms', reminderEveryDays: 7, quietHoursEnabled: false, quietStart: '20:00', quietEnd: '08:00', lowStockAlerts: false, ownerPhone: null };
  type Message = { kind: string; recipient: string; body: string; status: string; sandbox: boolean };
  const smsTo = async (target: TestShop, phone: string) =>
    (await target.call('GET', `/api/communications/messages?q=${encodeURIComponent(phone)}`)).json<{ items: Message[] }>().items;

  it('goes with the e-mail through the SMS sandbox of a shop without credentials when the invitation has a phone, and again on resend', async () => {
    const messaging = await createTestShop(testApp);
    expect((await messaging.call('PUT', '/api/communications/settings', { body: quietHoursOff })).status).toBe(200);
    const address = email();
    const created = await invite(messaging, { fullName: 'Otieno Ouma', email: address, phone: '0722 000 111', role: 'cashier', method: 'link' });
    expect(created.status, created.text).toBe(201);
    await drainShop(outboxDeps(testApp.deps), messaging.tenant.id);
    const [sms] = await smsTo(messaging, '+254722000111');
    expect(sms).toMatchObject({ kind: 'team_invitation', recipient: '+254722000111', status: 'sent', sandbox: true });
    const token = await tokenOf(address);
    expect(sms!.body).toContain(`invited you to join ${messaging.tenant.name} on Dukani`);
    expect(sms!.body).toContain(`/accept-invitation?token=${encodeURIComponent(token)}`);

    const resent = await messaging.call('POST', `/api/team/invitations/${created.json<{ invitation: { id: string } }>().invitation.id}/resend`);
    expect(resent.status).toBe(200);
    const messages = await smsTo(messaging, '+254722000111');
    expect(messages).toHaveLength(2);
    expect(messages[0]!.body).toContain(encodeURIComponent(await tokenOf(address)));
  });

  it('is not sent on a plan without messaging, nor without a phone', async () => {
    const starter = await createTestShop(testApp, { plan: 'Starter' });
    expect((await invite(starter, { fullName: 'Akinyi', email: email(), phone: '0733 000 222', role: 'cashier', method: 'link' })).status).toBe(201);
    const noPhone = await createTestShop(testApp);
    expect((await invite(noPhone, { fullName: 'Kiprop', email: email(), role: 'cashier', method: 'link' })).status).toBe(201);
    for (const target of [starter, noPhone]) {
      const [row] = await testApp.database.withTenant(target.tenant.id, (tx) => queryRows<{ n: number }>(tx, sql`select count(*)::int as n from communication_messages`));
      expect(row).toEqual({ n: 0 });
    }
  });
});

describe('members', () => {
  it('lists, searches and pages the members', async () => {
    const page = await shop.call('GET', '/api/team/members?search=shop%20cash&pageSize=5');
    expect(page.json()).toMatchObject({ total: 1, items: [{ fullName: 'Shop cashier', role: 'cashier', isActive: true }] });
    const sorted = (await shop.call('GET', '/api/team/members?sort=email&pageSize=2')).json<{ items: unknown[]; total: number }>();
    expect(sorted.items).toHaveLength(2);
    expect(sorted.total).toBeGreaterThan(2);
  });

  it('the last active owner cannot be demoted or deactivated (409)', async () => {
    const ownerMember = await memberIdOf(shop, shop.users.owner.id);
    const demote = await shop.call('PATCH', `/api/team/members/${ownerMember}`, { body: { role: 'cashier' } });
    expect(demote.status).toBe(409);
    expect(demote.json<{ error: { message: string } }>().error.message).toContain('at least one active owner');
    // With a second owner, the first may step down.
    const managerMember = await memberIdOf(shop, shop.users.manager.id);
    expect((await shop.call('PATCH', `/api/team/members/${managerMember}`, { body: { role: 'admin' } })).status).toBe(200);
    expect((await shop.call('PATCH', `/api/team/members/${managerMember}`, { body: { role: 'manager' } })).status).toBe(200);
  });

  it('deactivating a signed-in cashier ends their session at once; reactivating lets them sign in again', async () => {
    const person = await createUser(testApp.database, testApp.deps.auth, { tenantId: shop.tenant.id, role: 'cashier' });
    const cookie = await signInAs(testApp, shop.host, person.email, person.password);
    expect((await testApp.request('/api/registers', { host: shop.host, headers: { cookie } })).status).toBe(200);
    const memberId = await memberIdOf(shop, person.id);
    expect((await shop.call('POST', `/api/team/members/${memberId}/deactivate`)).json()).toMatchObject({ isActive: false });
    expect((await testApp.request('/api/registers', { host: shop.host, headers: { cookie } })).status).toBe(401);
    expect((await sessionOf(shop.host, cookie)).json()).toEqual({ user: null });
    expect((await shop.call('POST', `/api/team/members/${memberId}/reactivate`)).json()).toMatchObject({ isActive: true });
    await signInAs(testApp, shop.host, person.email, person.password);
  });

  it("resets a member's password to a temporary one: old sessions end, the change is required", async () => {
    const person = await createUser(testApp.database, testApp.deps.auth, { tenantId: shop.tenant.id, role: 'cashier' });
    const cookie = await signInAs(testApp, shop.host, person.email, person.password);
    const reset = await shop.call('POST', `/api/team/members/${await memberIdOf(shop, person.id)}/reset-password`);
    const { temporaryPassword } = reset.json<{ temporaryPassword: string }>();
    expect((await sessionOf(shop.host, cookie)).json()).toEqual({ user: null });
    const fresh = await signInAs(testApp, shop.host, person.email, temporaryPassword);
    expect((await sessionOf(shop.host, fresh)).json()).toMatchObject({ user: { requirePasswordChange: true } });
  });

  it('a member limited to one location sees and opens registers only there; elsewhere is 404', async () => {
    const branch = (await shop.call('POST', '/api/locations', { body: { name: `Branch ${randomUUID().slice(0, 4)}`, kind: 'shop' } })).json<{ id: string }>();
    const here = (await shop.call('POST', '/api/registers', { body: { locationId: shop.defaultLocationId, name: `Here ${randomUUID().slice(0, 4)}`, receiptPrefix: 'H1' } })).json<{ id: string }>();
    const there = (await shop.call('POST', '/api/registers', { body: { locationId: branch.id, name: 'There', receiptPrefix: 'T9' } })).json<{ id: string }>();
    const person = await createUser(testApp.database, testApp.deps.auth, { tenantId: shop.tenant.id, role: 'cashier' });
    const updated = await shop.call('PATCH', `/api/team/members/${await memberIdOf(shop, person.id)}`, { body: { role: 'cashier', locationIds: [shop.defaultLocationId] } });
    expect(updated.json()).toMatchObject({ locationIds: [shop.defaultLocationId] });
    const cookie = await signInAs(testApp, shop.host, person.email, person.password);
    const as = (method: string, path: string, body?: unknown) => testApp.request(path, { method, host: shop.host, body, headers: { cookie, 'idempotency-key': randomUUID() } });
    const locationIds = (await as('GET', '/api/locations')).json<{ items: Array<{ id: string }> }>().items.map((l) => l.id);
    expect(locationIds).toEqual([shop.defaultLocationId]);
    const registerIds = (await as('GET', '/api/registers')).json<{ items: Array<{ id: string }> }>().items.map((r) => r.id);
    expect(registerIds).toContain(here.id);
    expect(registerIds).not.toContain(there.id);
    expect((await as('POST', '/api/shifts', { registerId: there.id, openingFloatMinor: 0 })).status).toBe(404);
    expect((await as('POST', '/api/shifts', { registerId: here.id, openingFloatMinor: 0 })).status).toBe(201);
    // The owner, with no locations set, works everywhere.
    expect((await shop.call('GET', '/api/registers')).json<{ items: Array<{ id: string }> }>().items.map((r) => r.id)).toContain(there.id);
  });

  it("another shop's members, invitations and roles are 404; a cashier may not manage the team (403)", async () => {
    const foreignMember = await memberIdOf(other, other.users.cashier.id);
    expect((await shop.call('GET', `/api/team/members/${foreignMember}`)).status).toBe(404);
    expect((await shop.call('POST', `/api/team/members/${foreignMember}/deactivate`)).status).toBe(404);
    await invite(other, { fullName: 'Foreign', email: email(), role: 'cashier', method: 'link' });
    const [foreignInvitation] = (await other.call('GET', '/api/team/invitations')).json<Array<{ id: string }>>();
    expect((await shop.call('POST', `/api/team/invitations/${foreignInvitation!.id}/revoke`)).status).toBe(404);
    const role = await other.call('POST', '/api/team/roles', { body: { name: 'Stock taker', permissions: ['inventory.manage'], maxDiscountPercent: 0 } });
    expect(role.status).toBe(201);
    expect((await shop.call('PUT', `/api/team/roles/${role.json<{ id: string }>().id}`, { body: { name: 'Mine', permissions: [], maxDiscountPercent: 0 } })).status).toBe(404);
    expect((await shop.call('GET', '/api/team/roles')).json()).toEqual([]);
    expect((await shop.call('GET', '/api/team/members', { as: 'cashier' })).status).toBe(403);
  });
});

describe('the audit log', () => {
  const eventsOf = async (target: TestShop, action: string, entityId: string) => {
    const response = await target.call('GET', `/api/audit-events?action=${action}&direction=asc&pageSize=100`);
    expect(response.status, response.text).toBe(200);
    return response.json<{ items: AuditEventView[] }>().items.filter((event) => event.entityId === entityId);
  };

  it('records each change to invitations, members and custom roles with who made it, about whom, before and after', async () => {
    const audited = await createTestShop(testApp);
    const owner = audited.users.owner.id;

    const address = email();
    const invitation = (await invite(audited, { fullName: 'Halima Noor', email: address, role: 'cashier', method: 'link' })).json<{ invitation: { id: string } }>().invitation;
    expect((await audited.call('POST', `/api/team/invitations/${invitation.id}/resend`)).status).toBe(200);
    expect((await audited.call('POST', `/api/team/invitations/${invitation.id}/revoke`)).status).toBe(200);
    expect(await eventsOf(audited, 'team.member_invited', invitation.id)).toMatchObject([
      { actorUserId: owner, entity: 'team_invitation', before: null, after: { fullName: 'Halima Noor', email: address, role: 'cashier', customRole: null, locationIds: [], method: 'link' } },
    ]);
    const [resent] = await eventsOf(audited, 'team.invitation_resent', invitation.id);
    expect(resent).toMatchObject({ actorUserId: owner, before: { expiresAt: expect.any(String) }, after: { expiresAt: expect.any(String) }, details: { email: address } });
    expect(await eventsOf(audited, 'team.invitation_revoked', invitation.id)).toMatchObject([{ actorUserId: owner, before: { status: 'pending' }, after: { status: 'revoked' }, details: { email: address } }]);

    const tillOnly = (await audited.call('POST', '/api/team/roles', { body: { name: 'Till only', permissions: ['sales.sell'], maxDiscountPercent: 0 } })).json<{ id: string }>();
    const person = await createUser(testApp.database, testApp.deps.auth, { tenantId: audited.tenant.id, role: 'cashier', fullName: 'Juma Bakari' });
    const memberId = await memberIdOf(audited, person.id);
    const patch = (body: Record<string, unknown>) => audited.call('PATCH', `/api/team/members/${memberId}`, { body });
    expect((await patch({ role: 'manager' })).status).toBe(200);
    expect((await patch({ role: 'cashier', customRoleId: tillOnly.id })).status).toBe(200);
    expect((await patch({ role: 'cashier', customRoleId: tillOnly.id, locationIds: [audited.defaultLocationId] })).status).toBe(200);
    const roleChanges = await eventsOf(audited, 'team.role_changed', memberId);
    expect(roleChanges.map(({ actorUserId, entity, before, after, details }) => ({ actorUserId, entity, before, after, details }))).toEqual([
      { actorUserId: owner, entity: 'team_member', before: { role: 'cashier' }, after: { role: 'manager' }, details: { name: 'Juma Bakari', email: person.email } },
      { actorUserId: owner, entity: 'team_member', before: { role: 'manager', customRole: null }, after: { role: 'cashier', customRole: 'Till only' }, details: { name: 'Juma Bakari', email: person.email } },
    ]);
    expect(await eventsOf(audited, 'team.member_updated', memberId)).toMatchObject([{ before: { locationIds: [] }, after: { locationIds: [audited.defaultLocationId] } }]);

    expect((await audited.call('POST', `/api/team/members/${memberId}/deactivate`)).status).toBe(200);
    expect((await audited.call('POST', `/api/team/members/${memberId}/reactivate`)).status).toBe(200);
    const { temporaryPassword } = (await audited.call('POST', `/api/team/members/${memberId}/reset-password`)).json<{ temporaryPassword: string }>();
    expect(await eventsOf(audited, 'team.member_deactivated', memberId)).toMatchObject([{ actorUserId: owner, before: { isActive: true }, after: { isActive: false } }]);
    expect(await eventsOf(audited, 'team.member_reactivated', memberId)).toMatchObject([{ actorUserId: owner, before: { isActive: false }, after: { isActive: true } }]);
    const [reset] = await eventsOf(audited, 'team.password_reset', memberId);
    expect(reset).toMatchObject({ actorUserId: owner, before: { requirePasswordChange: false }, after: { requirePasswordChange: true }, details: { email: person.email } });
    expect(JSON.stringify(reset)).not.toContain(temporaryPassword);

    const stock = (await audited.call('POST', '/api/team/roles', { body: { name: 'Stock taker', permissions: ['inventory.manage'], maxDiscountPercent: 0 } })).json<{ id: string }>();
    expect((await audited.call('PUT', `/api/team/roles/${stock.id}`, { body: { name: 'Stock taker', permissions: ['products.manage', 'inventory.manage'], maxDiscountPercent: 5 } })).status).toBe(200);
    expect((await audited.call('DELETE', `/api/team/roles/${stock.id}`)).status).toBe(204);
    expect(await eventsOf(audited, 'team.custom_role_created', stock.id)).toMatchObject([{ actorUserId: owner, entity: 'team_role', before: null, after: { name: 'Stock taker', permissions: ['inventory.manage'], maxDiscountPercent: 0 } }]);
    const [changed] = await eventsOf(audited, 'team.custom_role_updated', stock.id);
    expect({ before: changed!.before, after: changed!.after }).toEqual({
      before: { permissions: ['inventory.manage'], maxDiscountPercent: 0 },
      after: { permissions: ['inventory.manage', 'products.manage'], maxDiscountPercent: 5 },
    });
    expect(await eventsOf(audited, 'team.custom_role_deleted', stock.id)).toMatchObject([
      { before: { name: 'Stock taker', permissions: ['inventory.manage', 'products.manage'], maxDiscountPercent: 5 }, after: null },
    ]);
    // The other shop's log has none of it.
    expect((await other.call('GET', '/api/audit-events?action=team.custom_role_deleted')).json<{ items: AuditEventView[] }>().items.map((event) => event.entityId)).not.toContain(stock.id);
  });
});
