import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitMessage } from '../../core/billing/plan-features.rules';
import { createTenant, createUser, subscribeToPlan, type TestTenant } from '../../tests/support/factories';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { tenantUsers } from '../db/schema/auth';
import { HttpError } from '../http/errors';

let testApp: TestApp;
let starterShop: TestTenant;

beforeAll(async () => {
  testApp = await createTestApp();
  starterShop = await createTenant(testApp.database);
});
afterAll(() => testApp.close());

async function activeMembers(tenantId: string) {
  const [row] = await testApp.database.withTenant(tenantId, (tx) =>
    tx.select({ members: count() }).from(tenantUsers).where(and(eq(tenantUsers.tenantId, tenantId), eq(tenantUsers.isActive, true))),
  );
  return row?.members ?? 0;
}

describe(`plan limit max_staff_users (${process.env.TEST_DB})`, () => {
  it('a trial shop adds staff freely; on Starter the 11th member is refused, also when two race for the 10th place', async () => {
    for (let index = 0; index < 9; index += 1) await createUser(testApp.database, testApp.deps.auth, { tenantId: starterShop.id, role: 'cashier' });
    await subscribeToPlan(testApp.database, starterShop.id, 'Starter');
    expect(await activeMembers(starterShop.id)).toBe(9);

    const race = await Promise.allSettled([0, 1].map(() => createUser(testApp.database, testApp.deps.auth, { tenantId: starterShop.id, role: 'cashier' })));
    expect(race.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = race.find((result) => result.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason).toBeInstanceOf(HttpError);
    expect(refused?.status === 'rejected' && (refused.reason as HttpError).message).toBe(limitMessage('max_staff_users', 10));
    expect((refused as PromiseRejectedResult).reason.status).toBe(402);
    expect(await activeMembers(starterShop.id)).toBe(10);
  });

  it('a refused member leaves nothing behind: no user, no profile', async () => {
    const email = 'one-too-many@example.test';
    await expect(createUser(testApp.database, testApp.deps.auth, { tenantId: starterShop.id, email })).rejects.toThrow(limitMessage('max_staff_users', 10));
    const again = await createTenant(testApp.database);
    const created = await createUser(testApp.database, testApp.deps.auth, { tenantId: again.id, email });
    expect(created.email).toBe(email);
  });
});
