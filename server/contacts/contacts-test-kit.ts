import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import { billingPlans, tenantSubscriptions } from '../db/schema/billing';
import type { TestShop } from '../../tests/support/catalog-shop';
import type { TestApp } from '../../tests/support/test-app';

// For the contacts tests (not a test file itself).

export const newKey = () => randomUUID();

/** Counts of every contact row and ledger row of a shop: "nothing written" compares two of these. */
export async function contactCounts(testApp: TestApp, shop: TestShop) {
  return testApp.database.withTenant(shop.tenant.id, async (tx) => {
    const [row] = await queryRows<Record<string, number>>(
      tx,
      sql`select (select count(*)::int from contacts) as contacts, (select count(*)::int from account_entries) as entries,
                 (select count(*)::int from contact_accounts) as accounts, (select count(*)::int from customer_groups) as groups,
                 (select count(*)::int from customer_group_prices) as group_prices, (select count(*)::int from contact_merges) as merges`,
    );
    return row!;
  });
}

/** Puts the shop on a paid plan whose name no tier knows: only the default features (no customer management). */
export async function subscribeToBasicDefaults(testApp: TestApp, tenantId: string) {
  const name = `Lite ${randomUUID().slice(0, 8)}`;
  const [plan] = await testApp.database.platform.insert(billingPlans).values({ name, priceMinor: 50_000, period: 'monthly' }).returning({ id: billingPlans.id });
  await testApp.database.withTenant(tenantId, (tx) =>
    tx
      .update(tenantSubscriptions)
      .set({ status: 'active', billingPlanId: plan!.id, trialEnd: sql`now() - interval '1 day'`, currentPeriodEnd: sql`now() + interval '30 days'` })
      .where(eq(tenantSubscriptions.tenantId, tenantId)),
  );
}
