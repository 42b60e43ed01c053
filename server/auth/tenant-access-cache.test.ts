import { describe, expect, it } from 'vitest';
import { builtInPermissions } from '../../core/team/permissions.rules';
import { createTenantAccessCache, TENANT_ACCESS_TTL_MS, type TenantAccessFacts } from './tenant-access-cache';

const TENANT_A = 'a0000000-0000-4000-8000-000000000001';
const TENANT_B = 'b0000000-0000-4000-8000-000000000002';
const USER = 'c0000000-0000-4000-8000-000000000003';

const facts = (isActive: boolean, status = 'trial'): TenantAccessFacts => ({
  tenantStatus: 'active',
  membership: { isActive, role: 'cashier', access: { role: 'cashier', customRoleId: null, permissions: builtInPermissions('cashier'), maxDiscountPercent: 100, locationIds: null } },
  subscription: { subscription: { status, trialEnd: null, currentPeriodEnd: null, billingPlanId: null }, plan: null },
});

function counter(answer: () => TenantAccessFacts) {
  const load = async () => {
    load.calls += 1;
    return answer();
  };
  load.calls = 0;
  return load;
}

describe('tenant access cache', () => {
  it('reads once per member and shop within the time to live, then again', async () => {
    let clock = 1_000;
    const cache = createTenantAccessCache({ now: () => clock });
    const load = counter(() => facts(true));
    await cache.read(TENANT_A, USER, 1, load);
    clock += TENANT_ACCESS_TTL_MS - 1;
    expect(await cache.read(TENANT_A, USER, 1, load)).toEqual(facts(true));
    expect(load.calls).toBe(1);
    clock += 1;
    await cache.read(TENANT_A, USER, 1, load);
    expect(load.calls).toBe(2);
  });

  it('keeps shops and people apart', async () => {
    const cache = createTenantAccessCache();
    await cache.read(TENANT_A, USER, 1, async () => facts(true));
    expect(await cache.read(TENANT_B, USER, 1, async () => facts(false))).toEqual(facts(false));
    expect(await cache.read(TENANT_A, USER, 1, async () => facts(false))).toEqual(facts(true));
  });

  it('forgets a shop after a change, and only that shop', async () => {
    const cache = createTenantAccessCache();
    await cache.read(TENANT_A, USER, 1, async () => facts(true, 'trial'));
    await cache.read(TENANT_B, USER, 1, async () => facts(true, 'trial'));
    cache.forgetTenant(TENANT_A);
    expect(await cache.read(TENANT_A, USER, 1, async () => facts(true, 'active'))).toEqual(facts(true, 'active'));
    expect(await cache.read(TENANT_B, USER, 1, async () => facts(true, 'active'))).toEqual(facts(true, 'trial'));
  });

  it('does not keep what a read began to load before a forget', async () => {
    const cache = createTenantAccessCache();
    let release!: () => void;
    const slowRead = cache.read(TENANT_A, USER, 1, async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return facts(true, 'trial');
    });
    await Promise.resolve();
    cache.forgetTenant(TENANT_A);
    release();
    expect(await slowRead).toEqual(facts(true, 'trial'));
    const load = counter(() => facts(true, 'active'));
    expect(await cache.read(TENANT_A, USER, 1, load)).toEqual(facts(true, 'active'));
    expect(load.calls).toBe(1);
  });

  it("reads again when the shop's access version differs from the one the facts were read at", async () => {
    const cache = createTenantAccessCache();
    await cache.read(TENANT_A, USER, 1, async () => facts(true, 'trial'));
    const load = counter(() => facts(true, 'active'));
    expect(await cache.read(TENANT_A, USER, 2, load)).toEqual(facts(true, 'active'));
    expect(await cache.read(TENANT_A, USER, 2, load)).toEqual(facts(true, 'active'));
    expect(load.calls).toBe(1);
  });

  it('never reuses facts when no access version was read', async () => {
    const cache = createTenantAccessCache();
    const load = counter(() => facts(true));
    await cache.read(TENANT_A, USER, null, load);
    await cache.read(TENANT_A, USER, null, load);
    expect(load.calls).toBe(2);
  });
});
