import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { TenantStatus } from '../../core/tenancy/tenancy.rules';
import type { Database } from '../../server/db/client';
import { billingPlans, tenantDomains, tenants, tenantSubscriptions } from '../../server/db/schema/index';
import type { Auth } from '../../server/auth/auth';
import { createUserAccount } from '../../server/auth/user-accounts.service';
import { createTenant as createTenantRecord } from '../../server/tenancy/tenancy.service';

export interface TestTenant {
  id: string;
  name: string;
  subdomain: string;
}

/** A tenant with business settings; names are unique so factories can run in any order. */
export async function createTenant(
  database: Database,
  overrides: { name?: string; subdomain?: string; status?: TenantStatus } = {},
): Promise<TestTenant> {
  const suffix = randomBytes(4).toString('hex');
  const name = overrides.name ?? `Test Shop ${suffix}`;
  const subdomain = overrides.subdomain ?? `shop-${suffix}`;
  const { id } = await createTenantRecord(database, { name, subdomain, status: overrides.status ?? 'active' });
  return { id, name, subdomain };
}

export async function createDomain(
  database: Database,
  values: { domain: string; tenantId: string | null; isCustomDomain?: boolean; verified?: boolean; allowTenantlessAuth?: boolean },
) {
  await database.platform.insert(tenantDomains).values({
    domain: values.domain,
    tenantId: values.tenantId,
    isCustomDomain: values.isCustomDomain ?? true,
    verifiedAt: values.verified === false ? null : sql`now()`,
    allowTenantlessAuth: values.allowTenantlessAuth ?? false,
  });
}

export async function setTenantStatus(database: Database, tenantId: string, status: TenantStatus) {
  await database.platform.update(tenants).set({ status }).where(eq(tenants.id, tenantId));
}

export const TEST_PASSWORD = 'Correct-Horse-42';

/** A person with a password, a profile and (with a tenant) an active membership. */
export async function createUser(
  database: Database,
  auth: Auth,
  values: { tenantId: string | null; role?: string; email?: string; fullName?: string; requirePasswordChange?: boolean },
) {
  const email = values.email ?? `user-${randomBytes(4).toString('hex')}@example.test`;
  const { id } = await createUserAccount(database, auth, {
    email,
    password: TEST_PASSWORD,
    fullName: values.fullName ?? 'Test Person',
    role: values.role ?? 'cashier',
    tenantId: values.tenantId,
    requirePasswordChange: values.requirePasswordChange,
  });
  return { id, email, password: TEST_PASSWORD };
}

/**
 * Puts a tenant on a paid plan (monthly, active for 30 days, trial over), as if it had paid: for
 * tests of a plan's features and limits (a trial has every feature).
 */
export async function subscribeToPlan(database: Database, tenantId: string, planName: 'Starter' | 'Professional' | 'Enterprise') {
  const [plan] = await database.platform
    .select({ id: billingPlans.id })
    .from(billingPlans)
    .where(and(eq(billingPlans.name, planName), eq(billingPlans.period, 'monthly')));
  if (!plan) throw new Error(`No ${planName} plan seeded`);
  await database.withTenant(tenantId, (tx) =>
    tx
      .update(tenantSubscriptions)
      .set({ status: 'active', billingPlanId: plan.id, trialEnd: sql`now() - interval '1 day'`, currentPeriodEnd: sql`now() + interval '30 days'` }),
  );
}
