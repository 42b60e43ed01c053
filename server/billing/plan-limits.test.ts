import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitMessage } from '../../core/billing/plan-features.rules';
import { createTenant, subscribeToPlan } from '../../tests/support/factories';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import type { TenantTx } from '../db/client';
import { locations } from '../db/schema/inventory';
import { HttpError } from '../http/errors';
import { assertUnderPlanLimit } from './plan-limits';

// assertUnderPlanLimit itself, with locations as the limited rows (max_locations: Starter 2,
// Professional 5, a trial unlimited).

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const openLocations = (tx: TenantTx) => async () => {
  const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(locations).where(eq(locations.isActive, true));
  return row!.count;
};

/** Checks the limit and inserts in one transaction, as a service does; the refusal's message or 'added'. */
function addLocation(tenantId: string, name: string, adding = 1) {
  return testApp.database
    .withTenant(tenantId, async (tx) => {
      await assertUnderPlanLimit(tx, tenantId, 'max_locations', openLocations(tx), { adding });
      await tx.insert(locations).values({ tenantId, name });
      return 'added';
    })
    .catch((error: unknown) => {
      if (error instanceof HttpError && error.status === 402) return error.message;
      throw error;
    });
}

const countLocations = (tenantId: string) => testApp.database.withTenant(tenantId, (tx) => openLocations(tx)());

describe('assertUnderPlanLimit', () => {
  it('lets exactly one of several concurrent inserts take the last place', async () => {
    const tenant = await createTenant(testApp.database);
    await subscribeToPlan(testApp.database, tenant.id, 'Starter');
    const results = await Promise.all(['A', 'B', 'C', 'D'].map((name) => addLocation(tenant.id, `Racer ${name}`)));
    expect(results.filter((result) => result === 'added')).toHaveLength(1);
    expect(results.filter((result) => result === limitMessage('max_locations', 2))).toHaveLength(3);
    expect(await countLocations(tenant.id)).toBe(2);
  });

  it('counts what is being added, and follows the plan', async () => {
    const tenant = await createTenant(testApp.database);
    await subscribeToPlan(testApp.database, tenant.id, 'Professional');
    expect(await addLocation(tenant.id, 'Three at once', 5)).toBe(limitMessage('max_locations', 5));
    expect(await countLocations(tenant.id)).toBe(1);
    expect(await addLocation(tenant.id, 'Four at once', 4)).toBe('added');
  });

  it('does not limit a trial', async () => {
    const tenant = await createTenant(testApp.database);
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five', 'Six']) expect(await addLocation(tenant.id, name)).toBe('added');
    expect(await countLocations(tenant.id)).toBe(7);
  });
});
