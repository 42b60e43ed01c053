import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, TEST_PASSWORD, type TestTenant } from '../../tests/support/factories';
import { createTestApp, randomClientAddress, signInAs, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';
import { listOutbox } from '../email/email.service';

// Issue 12: a person's language (profile), a shop's default language (Business settings), and
// e-mails in the recipient's language: theirs, else the request's Accept-Language, else the shop's,
// else English. The Kiswahili expected here is written out by hand, not read from the catalog.

let testApp: TestApp;
let duka: TestTenant;
let other: TestTenant;
const DUKA = 'lugha.localhost:3000';
const OTHER = 'jirani.localhost:3000';

beforeAll(async () => {
  testApp = await createTestApp();
  duka = await createTenant(testApp.database, { name: 'Lugha Duka', subdomain: 'lugha' });
  other = await createTenant(testApp.database, { name: 'Jirani Stores', subdomain: 'jirani' });
});
afterAll(() => testApp.close());

async function member(role = 'cashier', tenant = duka, host = DUKA) {
  const user = await createUser(testApp.database, testApp.deps.auth, { tenantId: tenant.id, role });
  const cookie = await signInAs(testApp, host, user.email, TEST_PASSWORD);
  const call = (path: string, options: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
    testApp.request(path, { host, ...options, headers: { cookie, ...options.headers } });
  return { ...user, cookie, call };
}

const setShopLanguage = (tenantId: string, language: string | null) =>
  testApp.database.withTenant(tenantId, (tx) => tx.execute(sql`update business_settings set default_language = ${language}`));

async function latestEmail(to: string) {
  const [message] = await listOutbox(testApp.database, { to });
  return message;
}

const forgotPassword = (email: string, headers: Record<string, string> = {}) =>
  testApp.request('/api/auth/forgot-password', { method: 'POST', host: DUKA, body: { email }, headers: { 'x-forwarded-for': randomClientAddress(), ...headers } });

describe("a person's language", () => {
  it('is null until chosen; PUT /api/profile/language saves it for the session and the profile', async () => {
    const me = await member();
    expect((await me.call('/api/auth/session')).json().user.language).toBeNull();
    expect((await me.call('/api/profile')).json().language).toBeNull();

    const saved = await me.call('/api/profile/language', { method: 'PUT', body: { language: 'sw' } });
    expect(saved.status).toBe(200);
    expect(saved.json()).toMatchObject({ email: me.email, language: 'sw' });
    expect((await me.call('/api/auth/session')).json().user.language).toBe('sw');
    expect((await me.call('/api/profile')).json().language).toBe('sw');
    const [row] = await queryRows<{ language: string }>(testApp.database.platform, sql`select language from profiles where user_id = ${me.id}`);
    expect(row?.language).toBe('sw');

    // Kept on the profile: a new sign-in (another device) starts in it.
    const elsewhere = await signInAs(testApp, DUKA, me.email, TEST_PASSWORD);
    expect((await testApp.request('/api/auth/session', { host: DUKA, headers: { cookie: elsewhere } })).json().user.language).toBe('sw');
  });

  it('refuses a language Dukani does not speak, or none, with a message and a code for the field', async () => {
    const me = await member();
    for (const body of [{ language: 'fr' }, { language: null }, {}]) {
      const refused = await me.call('/api/profile/language', { method: 'PUT', body });
      expect(refused.status).toBe(400);
      const { error } = refused.json();
      expect(error.code).toBe('validation_failed');
      expect(error.fields.language).toHaveLength(1);
      expect(error.fieldCodes.language).toEqual([expect.stringMatching(/^invalid_(value|type)$/)]);
    }
    expect((await me.call('/api/profile')).json().language).toBeNull();
  });

  it('needs a signed-in person', async () => {
    const response = await testApp.request('/api/profile/language', { method: 'PUT', host: DUKA, body: { language: 'sw' } });
    expect(response.status).toBe(401);
  });

  it('the database refuses a language other than en and sw', async () => {
    const me = await member();
    await expect(queryRows(testApp.database.platform, sql`update profiles set language = 'fr' where user_id = ${me.id}`)).rejects.toThrow();
  });
});

describe("the shop's default language", () => {
  it('is read and changed in Business settings (null follows the browser), and the tenant context shows it', async () => {
    const owner = await member('admin');
    expect((await owner.call('/api/settings/business')).json().defaultLanguage).toBeNull();
    expect((await testApp.request('/api/tenant-context', { host: DUKA })).json().tenant.defaultLanguage).toBeNull();

    const saved = await owner.call('/api/settings/business', { method: 'PATCH', body: { defaultLanguage: 'sw' } });
    expect(saved.status).toBe(200);
    expect(saved.json().defaultLanguage).toBe('sw');
    expect((await owner.call('/api/settings/business')).json().defaultLanguage).toBe('sw');
    // Read fresh, like the name and the logo.
    expect((await testApp.request('/api/tenant-context', { host: DUKA })).json().tenant.defaultLanguage).toBe('sw');
    // Another shop's address never shows this shop's language.
    expect((await testApp.request('/api/tenant-context', { host: OTHER })).json().tenant).toMatchObject({ id: other.id, defaultLanguage: null });

    const bad = await owner.call('/api/settings/business', { method: 'PATCH', body: { defaultLanguage: 'de' } });
    expect(bad.status).toBe(400);
    expect(bad.json().error.fields.defaultLanguage).toHaveLength(1);
    expect(bad.json().error.fieldCodes.defaultLanguage).toEqual(['invalid_value']);

    const cleared = await owner.call('/api/settings/business', { method: 'PATCH', body: { defaultLanguage: null } });
    expect(cleared.json().defaultLanguage).toBeNull();
    expect((await testApp.request('/api/tenant-context', { host: DUKA })).json().tenant.defaultLanguage).toBeNull();
  });

  it('is changed by the business owner only', async () => {
    const cashier = await member('cashier');
    const refused = await cashier.call('/api/settings/business', { method: 'PATCH', body: { defaultLanguage: 'sw' } });
    expect(refused.status).toBe(403);
    expect((await testApp.request('/api/tenant-context', { host: DUKA })).json().tenant.defaultLanguage).toBeNull();
  });
});

describe("e-mails in the recipient's language", () => {
  it('a person who chose Kiswahili gets the verification code in Kiswahili', async () => {
    const me = await member();
    await me.call('/api/profile/language', { method: 'PUT', body: { language: 'sw' } });
    // Their own choice wins over the screen's language.
    expect((await me.call('/api/profile/email-verification', { method: 'POST', headers: { 'accept-language': 'en' } })).status).toBe(200);
    const message = await latestEmail(me.email);
    const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
    expect(code).toBeDefined();
    expect(message?.subject).toBe(`Msimbo wako wa uthibitisho wa Dukani: ${code}`);
    expect(message?.text).toBe(
      [
        'Msimbo wako wa uthibitisho',
        '',
        'Weka msimbo huu kwenye Dukani ili kuthibitisha barua pepe yako. Unaisha baada ya dakika 10 na unatumika mara moja tu.',
        '',
        code,
        '',
        '— Dukani',
      ].join('\n'),
    );
    expect(message?.html).toContain('<html lang="sw">');
    expect(message?.html).toContain('Umepokea ujumbe huu kwa sababu ya shughuli kwenye akaunti yako ya Dukani. Ikiwa si wewe, puuza ujumbe huu.');
  });

  it('a person who chose Kiswahili gets the reset link in Kiswahili', async () => {
    const person = await createUser(testApp.database, testApp.deps.auth, { tenantId: duka.id, fullName: 'Wanjiku' });
    await testApp.database.platform.execute(sql`update profiles set language = 'sw' where user_id = ${person.id}`);
    expect((await forgotPassword(person.email)).status).toBe(202);
    const message = await latestEmail(person.email);
    expect(message?.subject).toBe('Weka upya nenosiri lako la Dukani');
    expect(message?.text).toMatch(
      /^Weka upya nenosiri lako\n\nHabari Wanjiku,\nMtu ameomba kuweka upya nenosiri la akaunti yako ya Dukani\. Kiungo hiki kinafanya kazi mara moja tu, kwa saa moja\.\n\nChagua nenosiri jipya: http:\/\/lugha\.localhost:3000\/reset-password\?token=\S+\n\n— Dukani$/,
    );
  });

  it('without a choice of their own, the language the screen asks for (Accept-Language) is used', async () => {
    const person = await createUser(testApp.database, testApp.deps.auth, { tenantId: duka.id, fullName: 'Otieno' });
    await forgotPassword(person.email, { 'accept-language': 'sw-KE, en;q=0.5' });
    expect((await latestEmail(person.email))?.subject).toBe('Weka upya nenosiri lako la Dukani');
  });

  it("else the shop's default language, else English word for word", async () => {
    const person = await createUser(testApp.database, testApp.deps.auth, { tenantId: duka.id, fullName: 'Kamau' });
    await forgotPassword(person.email, { 'accept-language': 'fr-FR' });
    const english = await latestEmail(person.email);
    expect(english?.subject).toBe('Reset your Dukani password');
    expect(english?.text).toMatch(
      /^Reset your password\n\nHello Kamau,\nSomeone asked to reset the password of your Dukani account\. The link works once, for one hour\.\n\nChoose a new password: \S+\n\n— Dukani$/,
    );

    await setShopLanguage(duka.id, 'sw');
    try {
      const neighbour = await createUser(testApp.database, testApp.deps.auth, { tenantId: duka.id });
      await forgotPassword(neighbour.email);
      expect((await latestEmail(neighbour.email))?.subject).toBe('Weka upya nenosiri lako la Dukani');
      // Another shop's default does not reach this shop's people.
      await setShopLanguage(duka.id, null);
      await setShopLanguage(other.id, 'sw');
      const again = await createUser(testApp.database, testApp.deps.auth, { tenantId: duka.id });
      await forgotPassword(again.email);
      expect((await latestEmail(again.email))?.subject).toBe('Reset your Dukani password');
    } finally {
      await setShopLanguage(duka.id, null);
      await setShopLanguage(other.id, null);
    }
  });

  it('the e-mail change link goes out in the language of the person asking', async () => {
    const me = await member();
    await me.call('/api/profile/language', { method: 'PUT', body: { language: 'sw' } });
    const newEmail = `mpya-${me.id.slice(0, 8)}@example.test`;
    expect((await me.call('/api/profile/email-change', { method: 'POST', body: { newEmail } })).status).toBe(202);
    const message = await latestEmail(newEmail);
    expect(message?.subject).toBe('Thibitisha barua pepe yako mpya ya Dukani');
    expect(message?.text).toContain('Thibitisha anwani hii: http://lugha.localhost:3000/auth/callback?type=email_change&token=');
  });
});

describe('field error codes', () => {
  it('come with every field message, same order: the schema check, or "custom" for a server rule', async () => {
    const me = await member();
    const refused = await me.call('/api/profile/contact', { method: 'PUT', body: { name: '   ', email: 'not-an-address' } });
    expect(refused.status).toBe(400);
    const { error } = refused.json();
    expect(error.fields).toEqual({ name: ['Display name is required'], email: ['Enter a valid e-mail address'] });
    expect(error.fieldCodes).toEqual({ name: ['too_small'], email: ['invalid_format'] });

    const wrongPassword = await me.call('/api/profile/password', {
      method: 'POST',
      body: { currentPassword: 'Not-The-Password-1', newPassword: 'Correct-Horse-43', confirmPassword: 'Correct-Horse-43' },
    });
    expect(wrongPassword.json().error).toMatchObject({ fields: { currentPassword: ['Current password is incorrect'] }, fieldCodes: { currentPassword: ['custom'] } });
  });
});
