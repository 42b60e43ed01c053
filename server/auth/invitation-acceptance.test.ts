import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, TEST_PASSWORD } from '../../tests/support/factories';
import { createTestApp, randomClientAddress, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';

// The first sign-in of an invited person accepts the invitation on the profile (platform) and on
// the membership (tenant): one transaction (issue 11), so the two never disagree.

let testApp: TestApp;
const HOST = 'invited-shop.localhost:3000';

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

/** The profile is a platform row; the membership is read in the shop's own scope (RLS holds for the owner too). */
async function invitationOf(userId: string, tenantId: string) {
  const [profile] = await queryRows<{ status: string }>(testApp.database.platform, sql`select invitation_status as status from profiles where user_id = ${userId}`);
  const [membership] = await testApp.database.withTenant(tenantId, (tx) =>
    queryRows<{ status: string }>(tx, sql`select invitation_status as status from tenant_users where user_id = ${userId}`),
  );
  return { profile: profile?.status, membership: membership?.status };
}

describe('accepting an invitation at sign-in', () => {
  it('marks profile and membership accepted together, or neither when one write fails', async () => {
    const shop = await createTenant(testApp.database, { subdomain: 'invited-shop' });
    const invited = await createUser(testApp.database, testApp.deps.auth, { tenantId: shop.id, role: 'cashier', requirePasswordChange: true });
    const signIn = () =>
      testApp.request('/api/auth/sign-in', {
        method: 'POST',
        host: HOST,
        body: { email: invited.email, password: TEST_PASSWORD },
        headers: { 'x-forwarded-for': randomClientAddress() },
      });
    expect(await invitationOf(invited.id, shop.id)).toEqual({ profile: 'pending', membership: 'pending' });

    // The membership update fails (a real database error, as a lost connection would give).
    await testApp.database.platform.execute(sql`create function refuse_invitation_acceptance() returns trigger language plpgsql as $$
      begin raise exception 'membership change refused for the test'; end $$`);
    await testApp.database.platform.execute(sql`create trigger refuse_invitation_acceptance before update on tenant_users
      for each row execute function refuse_invitation_acceptance()`);
    expect((await signIn()).status).toBe(500);
    expect(await invitationOf(invited.id, shop.id)).toEqual({ profile: 'pending', membership: 'pending' });

    await testApp.database.platform.execute(sql`drop trigger refuse_invitation_acceptance on tenant_users`);
    expect((await signIn()).status).toBe(200);
    expect(await invitationOf(invited.id, shop.id)).toEqual({ profile: 'accepted', membership: 'accepted' });
  });
});
