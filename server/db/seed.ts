import { sql } from 'drizzle-orm';
import { createUserAccount } from '../auth/user-accounts.service';
import type { AppDependencies } from '../http/context';
import { createTenant } from '../tenancy/tenancy.service';
import { queryRows } from './client';

export const DEMO_PASSWORD = 'Dukani-Demo-2026';

export const DEMO_TENANTS = [
  { name: 'Demo Duka', subdomain: 'demo', status: 'trial' },
  { name: 'Acme Hardware', subdomain: 'acme', status: 'active' },
  // A shop whose trial has run out: it meets the Subscription Required page and can pay back in.
  { name: 'Lapsed Kiosk', subdomain: 'lapsed', status: 'trial' },
] as const;

export const DEMO_USERS = [
  { email: 'super@dukani.test', fullName: 'Platform Admin', role: 'superadmin', tenant: null },
  { email: 'owner@demo.test', fullName: 'Wanjiku Kamau', role: 'admin', tenant: 'demo' },
  { email: 'manager@demo.test', fullName: 'Otieno Ouma', role: 'manager', tenant: 'demo' },
  { email: 'cashier@demo.test', fullName: 'Achieng Njeri', role: 'cashier', tenant: 'demo' },
  { email: 'newhire@demo.test', fullName: 'Kevin Mutua', role: 'cashier', tenant: 'demo', requirePasswordChange: true },
  { email: 'owner@acme.test', fullName: 'Amina Hassan', role: 'admin', tenant: 'acme' },
  { email: 'owner@lapsed.test', fullName: 'Juma Mwangi', role: 'admin', tenant: 'lapsed' },
] as const;

/**
 * Fills an empty database with the demo tenants and accounts. Demo data is written only in demo
 * mode (embedded database, or SEED_DEMO=true): never into a production database.
 */
export async function seedDatabase(deps: AppDependencies) {
  if (!deps.config.seedDemo) return;
  const { database } = deps;
  const [existing] = await queryRows<{ count: number }>(database.platform, sql`select count(*)::int as count from tenants`);
  if (Number(existing?.count ?? 0) > 0) return;
  const tenantIds = new Map<string, string>();
  for (const tenant of DEMO_TENANTS) {
    const { id } = await createTenant(database, { ...tenant, settings: { currencyCode: 'KES', currencySymbol: 'KSh' } });
    tenantIds.set(tenant.subdomain, id);
  }
  for (const user of DEMO_USERS) {
    await createUserAccount(database, deps.auth, {
      email: user.email,
      password: DEMO_PASSWORD,
      fullName: user.fullName,
      role: user.role,
      tenantId: user.tenant ? (tenantIds.get(user.tenant) ?? null) : null,
      requirePasswordChange: 'requirePasswordChange' in user ? user.requirePasswordChange : false,
    });
  }
  await setDemoSubscriptions(deps, tenantIds);
  deps.logger.info({ tenants: DEMO_TENANTS.length, users: DEMO_USERS.length }, 'Seeded demo data');
}

/** Acme pays for Professional (monthly, paid a week ago); Lapsed Kiosk's trial ended yesterday. */
async function setDemoSubscriptions(deps: AppDependencies, tenantIds: Map<string, string>) {
  const acme = tenantIds.get('acme');
  const lapsed = tenantIds.get('lapsed');
  if (acme) {
    await deps.database.withTenant(acme, async (tx) => {
      const [plan] = await queryRows<{ id: string; price_minor: number }>(tx, sql`select id, price_minor from billing_plans where name = 'Professional' and period = 'monthly'`);
      if (!plan) return;
      await tx.execute(sql`insert into payment_history (tenant_id, payment_reference, billing_plan_id, amount_minor, currency, provider, payment_status, paid_at, created_at)
        values (${acme}, 'dk-demo-acme-professional', ${plan.id}, ${plan.price_minor}, 'KES', 'sandbox', 'completed', now() - interval '7 days', now() - interval '7 days')`);
      await tx.execute(sql`update tenant_subscription_details set status = 'active', trial_end = now() - interval '21 days',
        billing_plan_id = ${plan.id}, current_period_end = now() + interval '23 days'`);
    });
  }
  if (lapsed) {
    await deps.database.withTenant(lapsed, (tx) => tx.execute(sql`update tenant_subscription_details set trial_end = now() - interval '1 day'`));
  }
}
