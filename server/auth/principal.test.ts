import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser } from '../../tests/support/factories';
import { createTestApp, signInAs, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';
import { sessions } from '../db/schema/auth';
import { tenants } from '../db/schema/tenancy';
import { readPrincipal } from './principal';

// The session read every request makes (docs/decisions/0011, "What a tenant request costs"): one
// statement, prepared once on PGlite, never cached, so what changes in the database counts on the
// very next read.

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

async function signedIn() {
  const tenant = await createTenant(testApp.database);
  const user = await createUser(testApp.database, testApp.deps.auth, { tenantId: tenant.id, role: 'manager' });
  const cookie = await signInAs(testApp, `${tenant.subdomain}.localhost:3000`, user.email, user.password);
  return { tenant, user, headers: new Headers({ cookie }) };
}

describe('readPrincipal', () => {
  it('reads the session, its person, role and shop stamp, again on every call', async () => {
    const { tenant, user, headers } = await signedIn();
    const first = await readPrincipal(testApp.deps, headers);
    expect(first).toMatchObject({ userId: user.id, email: user.email, role: 'manager', isPlatformAdmin: false, sessionTenantId: tenant.id, renewal: null });
    expect(typeof first?.sessionTenantAccessVersion).toBe('number');

    await testApp.database.platform.update(tenants).set({ accessVersion: sql`${tenants.accessVersion} + 5` }).where(eq(tenants.id, tenant.id));
    const second = await readPrincipal(testApp.deps, headers);
    expect(second?.sessionTenantAccessVersion).toBe(first!.sessionTenantAccessVersion! + 5);
  });

  it('marks a session due for renewal, and refuses an expired or deleted one at once', async () => {
    const { user, headers } = await signedIn();
    const [session] = await queryRows<{ id: string }>(testApp.database.platform, sql`select id from sessions where user_id = ${user.id}`);
    await testApp.database.platform.update(sessions).set({ expiresAt: new Date(Date.now() + 60_000) }).where(eq(sessions.id, session!.id));
    expect((await readPrincipal(testApp.deps, headers))?.renewal).not.toBeNull();

    await testApp.database.platform.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, session!.id));
    expect(await readPrincipal(testApp.deps, headers)).toBeNull();

    await testApp.database.platform.update(sessions).set({ expiresAt: new Date(Date.now() + 60_000) }).where(eq(sessions.id, session!.id));
    expect(await readPrincipal(testApp.deps, headers)).not.toBeNull();
    await testApp.database.platform.delete(sessions).where(eq(sessions.id, session!.id));
    expect(await readPrincipal(testApp.deps, headers)).toBeNull();
  });

  it('answers null for a cookie that is missing, unsigned or names no session', async () => {
    expect(await readPrincipal(testApp.deps, new Headers())).toBeNull();
    const { headers } = await signedIn();
    const forged = headers.get('cookie')!.replace(/=([^.;]+)\./, "=x'); select 1; --.");
    expect(await readPrincipal(testApp.deps, new Headers({ cookie: forged }))).toBeNull();
  });
});
