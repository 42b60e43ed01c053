import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, TEST_PASSWORD } from '../../tests/support/factories';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-db';
import { createTestApp, sessionCookie, signInAs, type TestApp } from '../../tests/support/test-app';

// Issue 11 item 8: in production the session cookie is Secure and __Secure- prefixed, whatever
// PUBLIC_URL says, unless INSECURE_COOKIES=true (plain-http trials of a production build).
let database: TestDatabase;
let production: TestApp;
let insecure: TestApp;
let person: { email: string };
const HOST = 'cookies.localhost:3000';

beforeAll(async () => {
  database = await createTestDatabase();
  production = await createTestApp({ database, config: { NODE_ENV: 'production', PUBLIC_URL: 'http://pos.example.org' } });
  insecure = await createTestApp({ database, config: { NODE_ENV: 'production', INSECURE_COOKIES: 'true' } });
  const shop = await createTenant(database, { subdomain: 'cookies' });
  person = await createUser(database, production.deps.auth, { tenantId: shop.id });
});
afterAll(async () => {
  await insecure.close();
  await production.close();
  await database.dispose();
});

const signIn = (app: TestApp) =>
  app.request('/api/auth/sign-in', { method: 'POST', host: HOST, body: { email: person.email, password: TEST_PASSWORD } });

describe('session cookie in production', () => {
  it('is Secure and __Secure- prefixed, and signs the person in', async () => {
    const response = await signIn(production);
    expect(response.status).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^__Secure-dukani\.session_token=[^;]+;.*Secure/);
    expect(setCookie).toMatch(/HttpOnly/);
    const session = await production.request('/api/auth/session', { host: HOST, headers: { cookie: sessionCookie(response) } });
    expect(session.json().user.email).toBe(person.email);
  });

  it('is plain only with INSECURE_COOKIES=true', async () => {
    const cookie = await signInAs(insecure, HOST, person.email, TEST_PASSWORD);
    expect(cookie).toMatch(/^dukani\.session_token=/);
    const setCookie = String((await signIn(insecure)).headers['set-cookie']);
    expect(setCookie).not.toMatch(/Secure/);
  });
});
