import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantStatus } from '../../core/tenancy/tenancy.rules';
import { platformTenantStatus } from '../../core/platform/tenant-status.rules';
import { createTenant } from '../../tests/support/factories';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-db';
import { queryRows } from '../db/client';
import { tenantSubscriptions } from '../db/schema/billing';
import { unsafeReadAcrossTenants } from './cross-tenant-read';
import { PLATFORM_STATUS_SQL } from './tenant-status.sql';

// The list filters and the overview counts in SQL; the shop's page computes the same status in
// code. Both must agree on every kind of shop.

const DAY = 24 * 60 * 60 * 1000;
const later = () => new Date(Date.now() + 5 * DAY);
const earlier = () => new Date(Date.now() - 5 * DAY);

type Subscription = { status: string; trialEnd: Date | null; currentPeriodEnd: Date | null } | null;

const CASES: Array<{ name: string; tenantStatus: TenantStatus; subscription: Subscription; expected: string }> = [
  { name: 'trial running', tenantStatus: 'trial', subscription: { status: 'trial', trialEnd: later(), currentPeriodEnd: null }, expected: 'trial' },
  { name: 'open-ended trial', tenantStatus: 'trial', subscription: { status: 'trial', trialEnd: null, currentPeriodEnd: null }, expected: 'trial' },
  { name: 'no subscription row', tenantStatus: 'active', subscription: null, expected: 'trial' },
  { name: 'trial ended', tenantStatus: 'trial', subscription: { status: 'trial', trialEnd: earlier(), currentPeriodEnd: null }, expected: 'lapsed' },
  { name: 'trialing ended', tenantStatus: 'trial', subscription: { status: 'trialing', trialEnd: earlier(), currentPeriodEnd: null }, expected: 'lapsed' },
  { name: 'paid, renewing', tenantStatus: 'active', subscription: { status: 'active', trialEnd: earlier(), currentPeriodEnd: later() }, expected: 'active' },
  { name: 'paid during the trial', tenantStatus: 'trial', subscription: { status: 'active', trialEnd: later(), currentPeriodEnd: later() }, expected: 'active' },
  { name: 'active without a period end', tenantStatus: 'active', subscription: { status: 'active', trialEnd: null, currentPeriodEnd: null }, expected: 'active' },
  { name: 'period over, still active', tenantStatus: 'active', subscription: { status: 'active', trialEnd: null, currentPeriodEnd: earlier() }, expected: 'past_due' },
  { name: 'payment pending', tenantStatus: 'active', subscription: { status: 'pending', trialEnd: null, currentPeriodEnd: earlier() }, expected: 'past_due' },
  { name: 'expired', tenantStatus: 'active', subscription: { status: 'expired', trialEnd: null, currentPeriodEnd: earlier() }, expected: 'lapsed' },
  { name: 'cancelled subscription', tenantStatus: 'active', subscription: { status: 'cancelled', trialEnd: null, currentPeriodEnd: later() }, expected: 'lapsed' },
  { name: 'an unknown status, period running', tenantStatus: 'active', subscription: { status: 'paused', trialEnd: null, currentPeriodEnd: later() }, expected: 'active' },
  { name: 'an unknown status, period over', tenantStatus: 'active', subscription: { status: 'paused', trialEnd: null, currentPeriodEnd: earlier() }, expected: 'past_due' },
  { name: 'suspended while paying', tenantStatus: 'suspended', subscription: { status: 'active', trialEnd: null, currentPeriodEnd: later() }, expected: 'suspended' },
  { name: 'cancelled shop', tenantStatus: 'cancelled', subscription: { status: 'trial', trialEnd: later(), currentPeriodEnd: null }, expected: 'lapsed' },
];

let database: TestDatabase;
const tenantIds = new Map<string, string>();

beforeAll(async () => {
  database = await createTestDatabase();
  for (const shop of CASES) {
    const { id } = await createTenant(database, { status: shop.tenantStatus });
    await database.withTenant(id, (tx) =>
      shop.subscription ? tx.update(tenantSubscriptions).set(shop.subscription) : tx.delete(tenantSubscriptions),
    );
    tenantIds.set(shop.name, id);
  }
});
afterAll(() => database.dispose());

describe('the platform status in SQL and in code', () => {
  it('agree on every kind of shop, and say what the operator expects', async () => {
    const rows = await unsafeReadAcrossTenants(database, (tx) =>
      queryRows<{ id: string; status: string }>(tx, sql`select t.id, ${PLATFORM_STATUS_SQL} as status from tenants t left join tenant_subscription_details s on s.tenant_id = t.id`),
    );
    const now = new Date();
    for (const shop of CASES) {
      const inSql = rows.find((row) => row.id === tenantIds.get(shop.name))?.status;
      expect({ shop: shop.name, status: inSql }).toEqual({ shop: shop.name, status: shop.expected });
      expect({ shop: shop.name, status: platformTenantStatus(shop.tenantStatus, shop.subscription, now) }).toEqual({ shop: shop.name, status: shop.expected });
    }
  });
});
