import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../tests/support/catalog-shop';
import { createUser, TEST_PASSWORD } from '../../tests/support/factories';
import { createTestApp, randomClientAddress, sendRequest, signInAs, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';
import { billingPlans, platformSettings, tenantSubscriptions } from '../db/schema/billing';
import { emailOutbox } from '../db/schema/email';
import { platformAnnouncements, platformAuditEvents } from '../db/schema/platform';
import { announcementQueue } from './communications.service';

// The Communications and Settings pages' API (issue 21, docs/platform.md): platform admins only;
// an announcement reaches exactly its shops' notifications menus (and their owners' e-mail, queued
// by the job), sign-up closes when switched off, the maintenance banner, and the audit rows.

let testApp: TestApp;
let adminHost: string;
let adminCookie: string;
let adminEmail: string;
let shopA: TestShop;
let shopB: TestShop;

beforeAll(async () => {
  testApp = await createTestApp();
  adminHost = `localhost:${testApp.port}`;
  const admin = await createUser(testApp.database, testApp.deps.auth, { tenantId: null, role: 'superadmin', fullName: 'Platform Admin' });
  adminEmail = admin.email;
  adminCookie = await signInAs(testApp, adminHost, admin.email, TEST_PASSWORD);
  shopA = await createTestShop(testApp);
  shopB = await createTestShop(testApp, { plan: 'Professional' });
});
afterAll(() => testApp.close());

const asAdmin = (path: string, method = 'GET', body?: unknown) =>
  testApp.request(path, { method, host: adminHost, body, headers: { cookie: adminCookie, 'x-forwarded-for': '198.51.100.21' } });
const runJobs = () => announcementQueue({ database: testApp.database, mailer: testApp.deps.mailer, logger: testApp.deps.logger }).runDue();
const announcementCount = async () => (await queryRows<{ n: number }>(testApp.database.platform, sql`select count(*)::int as n from platform_announcements`))[0]!.n;
const notificationsOf = async (shop: TestShop, as: 'owner' | 'cashier' = 'owner') =>
  ((await (await shop.call('GET', '/api/notifications', { as })).json()) as { notifications: { id: string; kind: string; title: string; body: string; link: string | null }[] }).notifications;

const ROUTES: [string, string, unknown?][] = [
  ['GET', '/api/platform/announcements'],
  ['POST', '/api/platform/announcements', { title: 'x', body: 'y', severity: 'info', audience: { kind: 'all' } }],
  ['GET', '/api/platform/email-deliverability'],
  ['GET', '/api/platform/settings'],
  ['PUT', '/api/platform/settings', { trialDays: 14, defaultPlanId: null, signupEnabled: true, maintenanceBanner: '' }],
  ['POST', '/api/platform/settings/test-email'],
];

describe('who may call', () => {
  it('401 without a session, 404 for a shop owner, on every route; nothing written', async () => {
    for (const [method, path, body] of ROUTES) {
      expect({ path, method, status: (await sendRequest(testApp.port, path, { method, host: adminHost, body })).status }).toEqual({ path, method, status: 401 });
      const owner = await testApp.request(path, { method, host: shopA.host, body, headers: { cookie: shopA.cookies.owner } });
      expect({ path, method, status: owner.status }).toEqual({ path, method, status: 404 });
    }
    expect(await announcementCount()).toBe(0);
  });
});

describe('announcements', () => {
  it('refuses bad input with 400 and field messages, writing nothing', async () => {
    const good = { title: 'Hello', body: 'World', severity: 'info', audience: { kind: 'all' } };
    const bad: Record<string, unknown>[] = [
      { ...good, title: '' },
      { ...good, body: 'x'.repeat(2001) },
      { ...good, severity: 'critical' },
      { ...good, audience: { kind: 'plan', planIds: [] } },
      { ...good, audience: { kind: 'tenants', tenantIds: ['not-a-uuid'] } },
      { ...good, audience: { kind: 'tenants', tenantIds: ['5b1f0c9e-2d6a-4f3b-9c1e-7a8d6e5f4a3b'] } },
      { ...good, link: 'javascript:alert(1)' },
      { ...good, endsAt: '2020-01-01T00:00:00Z' },
    ];
    for (const body of bad) {
      const response = await asAdmin('/api/platform/announcements', 'POST', body);
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
      expect(((await response.json()) as { error: { fields?: object } }).error.fields).toBeTruthy();
    }
    expect(await announcementCount()).toBe(0);
    const jobs = await queryRows<{ n: number }>(testApp.database.platform, sql`select count(*)::int as n from background_jobs where name like 'platform.announcement.%'`);
    expect(jobs[0]!.n).toBe(0);
  });

  it("reaches exactly the chosen shop's notifications (everyone there), e-mails its owners through the job, and is audited", async () => {
    const before = await testApp.database.platform.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.kind, 'platform_announcement'));
    const posted = await asAdmin('/api/platform/announcements', 'POST', {
      title: 'Till update tonight',
      body: 'Registers restart at 22:00.',
      severity: 'warning',
      link: '/admin/dashboard',
      audience: { kind: 'tenants', tenantIds: [shopA.tenant.id] },
      emailOwners: true,
    });
    expect(posted.status).toBe(201);
    const announcement = (await posted.json()) as { id: string; status: string };
    expect(announcement.status).toBe('queued');
    // Not delivered before the job runs.
    expect((await notificationsOf(shopA)).some((n) => n.id === announcement.id)).toBe(false);
    const results = await runJobs();
    expect(results).toEqual([expect.objectContaining({ name: 'platform.announcement.deliver', ok: true })]);

    for (const as of ['owner', 'cashier'] as const) {
      const mine = (await notificationsOf(shopA, as)).filter((n) => n.id === announcement.id);
      expect(mine).toEqual([expect.objectContaining({ kind: 'platform_announcement_warning', title: 'Till update tonight', body: 'Registers restart at 22:00.', link: '/admin/dashboard' })]);
    }
    expect((await notificationsOf(shopB)).some((n) => n.title === 'Till update tonight')).toBe(false);
    // Shop B's scope holds no row of it either (read in B's scope).
    const inB = await testApp.database.withTenant(shopB.tenant.id, (tx) => queryRows<{ n: number }>(tx, sql`select count(*)::int as n from notifications where title = 'Till update tonight'`));
    expect(inB[0]!.n).toBe(0);

    // One e-mail per owner (the shop has one admin): to that owner, for that shop.
    const mails = await testApp.database.platform.select().from(emailOutbox).where(eq(emailOutbox.kind, 'platform_announcement'));
    expect(mails.length - before.length).toBe(1);
    expect(mails.at(-1)).toMatchObject({ toAddress: shopA.users.owner.email.toLowerCase(), tenantId: shopA.tenant.id, subject: 'Till update tonight' });

    // Running again adds nothing (the job is idempotent).
    await testApp.database.platform.execute(sql`insert into background_jobs (name, payload) values ('platform.announcement.deliver', ${JSON.stringify({ announcementId: announcement.id })}::jsonb)`);
    await runJobs();
    expect((await notificationsOf(shopA)).filter((n) => n.id === announcement.id)).toHaveLength(1);

    const listed = (await (await asAdmin('/api/platform/announcements?page=1&pageSize=5')).json()) as { items: { id: string; shopCount: number; emailCount: number; status: string; createdByEmail: string }[]; total: number };
    expect(listed.total).toBe(1);
    expect(listed.items[0]).toMatchObject({ id: announcement.id, shopCount: 1, emailCount: 1, status: 'delivered', createdByEmail: adminEmail });

    const [audit] = await testApp.database.platform.select().from(platformAuditEvents).where(eq(platformAuditEvents.action, 'announcement.created'));
    expect(audit).toMatchObject({ details: { announcementId: announcement.id }, after: expect.objectContaining({ title: 'Till update tonight', emailOwners: true }) });
  });

  it('by plan: the shops on the plan only; an end withdraws it from their menus', async () => {
    const [professional] = await testApp.database.platform.select({ id: tenantSubscriptions.billingPlanId }).from(tenantSubscriptions).where(eq(tenantSubscriptions.tenantId, shopB.tenant.id));
    const endsAt = new Date(Date.now() + 60 * 60_000).toISOString();
    const posted = await asAdmin('/api/platform/announcements', 'POST', {
      title: 'For Professional shops',
      body: 'New reports are here.',
      severity: 'info',
      audience: { kind: 'plan', planIds: [professional!.id] },
      endsAt,
    });
    expect(posted.status).toBe(201);
    const { id } = (await posted.json()) as { id: string };
    await runJobs();
    expect((await notificationsOf(shopB)).filter((n) => n.id === id)).toHaveLength(1);
    expect((await notificationsOf(shopA)).filter((n) => n.id === id)).toHaveLength(0);
    // The end comes: the withdrawal job (scheduled at endsAt) takes it out. A second ago, not now():
    // the queue's clock has milliseconds, the server's now() microseconds, and within the same
    // millisecond the job would not yet be due.
    await testApp.database.platform.execute(sql`update background_jobs set run_at = now() - interval '1 second' where name = 'platform.announcement.withdraw'`);
    await runJobs();
    expect((await notificationsOf(shopB)).filter((n) => n.id === id)).toHaveLength(0);
    const [row] = await testApp.database.platform.select({ status: platformAnnouncements.status }).from(platformAnnouncements).where(eq(platformAnnouncements.id, id));
    expect(row!.status).toBe('withdrawn');
  });

  it('deliverability counts the outbox of the last 7 days', async () => {
    const tag = randomBytes(3).toString('hex');
    const base = { kind: `test-${tag}`, subject: 's', textBody: 't', htmlBody: 'h', transport: 'smtp' };
    const before = (await (await asAdmin('/api/platform/email-deliverability')).json()) as { queued: number; sent: number; failed: number };
    await testApp.database.platform.insert(emailOutbox).values([
      { ...base, toAddress: 'q@example.test' },
      { ...base, toAddress: 's@example.test', sentAt: new Date() },
      { ...base, toAddress: 'f@example.test', error: 'Mailbox unavailable' },
      { ...base, toAddress: 'old@example.test', error: 'Old failure', createdAt: new Date(Date.now() - 8 * 24 * 60 * 60_000) },
    ]);
    const after = (await (await asAdmin('/api/platform/email-deliverability')).json()) as { queued: number; sent: number; failed: number; latestFailures: { to: string; error: string }[] };
    expect({ queued: after.queued - before.queued, sent: after.sent - before.sent, failed: after.failed - before.failed }).toEqual({ queued: 1, sent: 1, failed: 1 });
    expect(after.latestFailures[0]).toMatchObject({ to: 'f@example.test', error: 'Mailbox unavailable' });
    expect(after.latestFailures.some((failure) => failure.to === 'old@example.test')).toBe(false);
  });
});

describe('settings', () => {
  it('reads defaults and facts, never a key', async () => {
    const response = await asAdmin('/api/platform/settings');
    expect(response.status).toBe(200);
    const settings = (await response.json()) as Record<string, unknown>;
    expect(settings).toMatchObject({ trialDays: 14, defaultPlanId: null, signupEnabled: true, maintenanceBanner: '', paystack: { configured: false, mode: null } });
    expect(settings.rootDomains).toEqual(testApp.deps.config.rootDomains);
    // Sessions last 7 days; security events go after 90; audit and outbox rows stay.
    expect(settings.retention).toEqual([
      { what: 'sessions', days: 7 },
      { what: 'security_events', days: 90 },
      { what: 'platform_audit', days: null },
      { what: 'shop_audit', days: null },
      { what: 'email_outbox', days: null },
    ]);
    expect(JSON.stringify(settings)).not.toMatch(/sk_(test|live)_/);
  });

  it('refuses bad input with 400, writing nothing', async () => {
    const good = { trialDays: 14, defaultPlanId: null, signupEnabled: true, maintenanceBanner: '' };
    const auditBefore = await testApp.database.platform.select().from(platformAuditEvents).where(eq(platformAuditEvents.action, 'settings.updated'));
    const stored = () =>
      testApp.database.platform
        .select({ key: platformSettings.key, value: platformSettings.value, updatedAt: platformSettings.updatedAt })
        .from(platformSettings)
        .where(sql`${platformSettings.key} in ('trial_days', 'signup_enabled', 'maintenance_banner', 'signup_default_plan_id')`)
        .orderBy(platformSettings.key);
    const rowsBefore = await stored();
    for (const body of [
      { ...good, trialDays: 0 },
      { ...good, trialDays: 366 },
      { ...good, trialDays: 1.5 },
      { ...good, defaultPlanId: 'nope' },
      { ...good, defaultPlanId: '5b1f0c9e-2d6a-4f3b-9c1e-7a8d6e5f4a3b' },
      { ...good, maintenanceBanner: 'x'.repeat(301) },
      { ...good, signupEnabled: 'yes' },
    ]) {
      expect({ body, status: (await asAdmin('/api/platform/settings', 'PUT', body)).status }).toEqual({ body, status: 400 });
    }
    expect(await stored()).toEqual(rowsBefore);
    const auditAfter = await testApp.database.platform.select().from(platformAuditEvents).where(eq(platformAuditEvents.action, 'settings.updated'));
    expect(auditAfter.length).toBe(auditBefore.length);
  });

  it('saves trial days, default plan, banner and sign-up off: audited before/after; sign-up refused 403; the banner public', async () => {
    const [starter] = await testApp.database.platform.select({ id: billingPlans.id }).from(billingPlans).where(eq(billingPlans.isActive, true)).limit(1);
    const saved = await asAdmin('/api/platform/settings', 'PUT', { trialDays: 21, defaultPlanId: starter!.id, signupEnabled: false, maintenanceBanner: '  Maintenance Sunday 02:00–03:00  ' });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ trialDays: 21, defaultPlanId: starter!.id, signupEnabled: false, maintenanceBanner: 'Maintenance Sunday 02:00–03:00' });
    const [audit] = await testApp.database.platform.select().from(platformAuditEvents).where(eq(platformAuditEvents.action, 'settings.updated'));
    expect(audit).toMatchObject({
      before: { trialDays: 14, defaultPlanId: null, signupEnabled: true, maintenanceBanner: '' },
      after: { trialDays: 21, defaultPlanId: starter!.id, signupEnabled: false, maintenanceBanner: 'Maintenance Sunday 02:00–03:00' },
    });

    // The banner, to anyone (the sign-in page asks before a session).
    const banner = await testApp.request('/api/maintenance-banner', { host: shopA.host });
    expect(await banner.json()).toEqual({ message: 'Maintenance Sunday 02:00–03:00' });

    // Sign-up closed: the page's options say so, the POST is 403 with the message.
    const options = (await (await testApp.request('/api/signup/options', { host: 'dukani.co.ke' })).json()) as { isOpen: boolean; isDisabled?: boolean };
    expect(options).toMatchObject({ isOpen: false, isDisabled: true });
    const id = randomBytes(3).toString('hex');
    const refused = await testApp.request('/api/signup', {
      method: 'POST',
      host: 'dukani.co.ke',
      headers: { 'x-forwarded-for': randomClientAddress() },
      body: { shopName: `Duka ${id}`, subdomain: `duka-${id}`, fullName: 'Achieng Otieno', email: `achieng-${id}@example.test`, phone: '0712 345 678', password: 'Sokoni-2026!', country: 'KE', businessType: 'general_retail', planId: null },
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe('Sign-up of new shops is closed for now. Please try again later.');
    expect((await queryRows<{ n: number }>(testApp.database.platform, sql`select count(*)::int as n from tenants where subdomain = ${`duka-${id}`}`))[0]!.n).toBe(0);

    // Open again, same values otherwise: a new shop gets a 21-day trial on the default plan.
    expect((await asAdmin('/api/platform/settings', 'PUT', { trialDays: 21, defaultPlanId: starter!.id, signupEnabled: true, maintenanceBanner: '' })).status).toBe(200);
    expect(await (await testApp.request('/api/maintenance-banner', { host: shopA.host })).json()).toEqual({ message: null });
    const opened = await testApp.request('/api/signup', {
      method: 'POST',
      host: 'dukani.co.ke',
      headers: { 'x-forwarded-for': randomClientAddress() },
      body: { shopName: `Duka ${id}`, subdomain: `duka-${id}`, fullName: 'Achieng Otieno', email: `achieng-${id}@example.test`, phone: '0712 345 678', password: 'Sokoni-2026!', country: 'KE', businessType: 'general_retail', planId: null },
    });
    expect(opened.status).toBe(201);
    const { tenantId } = (await opened.json()) as { tenantId: string };
    const [subscription] = await testApp.database.withTenant(tenantId, (tx) =>
      queryRows<{ billing_plan_id: string; days: number }>(tx, sql`select billing_plan_id, round(extract(epoch from trial_end - now()) / 86400)::int as days from tenant_subscription_details`),
    );
    expect(subscription).toEqual({ billing_plan_id: starter!.id, days: 21 });
  });

  it('sends a test e-mail to the admin', async () => {
    const response = await asAdmin('/api/platform/settings/test-email', 'POST');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ to: adminEmail, ok: true });
    const [mail] = await testApp.database.platform.select().from(emailOutbox).where(eq(emailOutbox.kind, 'platform_test'));
    expect(mail!.toAddress).toBe(adminEmail.toLowerCase());
  });
});
