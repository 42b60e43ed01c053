import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, TEST_PASSWORD } from '../../tests/support/factories';
import { createTestApp, signInAs, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';

// Deactivating one's account writes three things (issue 11: every multi-row change is one
// transaction): the activity entry, the inactive membership and the revoked sessions. A failure in
// any of them leaves all three as they were.

let testApp: TestApp;
const HOST = 'deactivate-shop.localhost:3000';

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

/** Sessions are platform rows; the membership and the activity log are read in the shop's own scope. */
async function stateOf(userId: string, tenantId: string) {
  const [sessions] = await queryRows<{ count: number }>(testApp.database.platform, sql`select count(*)::int as count from sessions where user_id = ${userId}`);
  const [tenantRows] = await testApp.database.withTenant(tenantId, (tx) =>
    queryRows<{ active: boolean; logged: number }>(
      tx,
      sql`select (select is_active from tenant_users where user_id = ${userId}) as active,
                 (select count(*)::int from user_activity_logs where user_id = ${userId} and action_type = 'account_deactivation') as logged`,
    ),
  );
  return { sessions: sessions?.count, active: tenantRows?.active, logged: tenantRows?.logged };
}

describe('POST /api/profile/deactivate', () => {
  it('changes nothing when one of its writes fails, and everything when none does', async () => {
    const shop = await createTenant(testApp.database, { subdomain: 'deactivate-shop' });
    const person = await createUser(testApp.database, testApp.deps.auth, { tenantId: shop.id, role: 'cashier' });
    const cookie = await signInAs(testApp, HOST, person.email, TEST_PASSWORD);
    const deactivate = () => testApp.request('/api/profile/deactivate', { method: 'POST', host: HOST, headers: { cookie } });

    // The membership update fails (as a lost connection or a constraint would): a real database error.
    await testApp.database.platform.execute(sql`create function refuse_membership_change() returns trigger language plpgsql as $$
      begin raise exception 'membership change refused for the test'; end $$`);
    await testApp.database.platform.execute(sql`create trigger refuse_membership_change before update on tenant_users
      for each row execute function refuse_membership_change()`);
    expect((await deactivate()).status).toBe(500);
    expect(await stateOf(person.id, shop.id)).toEqual({ sessions: 1, active: true, logged: 0 });

    await testApp.database.platform.execute(sql`drop trigger refuse_membership_change on tenant_users`);
    expect((await deactivate()).status).toBe(200);
    expect(await stateOf(person.id, shop.id)).toEqual({ sessions: 0, active: false, logged: 1 });
  });
});
