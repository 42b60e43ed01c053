import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';
import { contacts } from '../db/schema/contacts';

// For the loyalty tests (not a test file itself): customers made directly, and the figures the
// invariants compare.

export async function createLoyaltyContact(
  database: Database,
  tenantId: string,
  { name = 'Wanjiru Kamau', type = 'customer' }: { name?: string; type?: 'customer' | 'supplier' | 'both' } = {},
): Promise<string> {
  return database.withTenant(tenantId, async (tx) => {
    const [row] = await tx.insert(contacts).values({ tenantId, name, type }).returning({ id: contacts.id });
    return row!.id;
  });
}

export interface LoyaltyFigures {
  /** loyalty_balances.points (0 without a row). */
  balance: number;
  /** Σ of the contact's loyalty_entries. */
  sumOfEntries: number;
  entries: number;
}

export async function loyaltyFigures(database: Database, tenantId: string, contactId: string): Promise<LoyaltyFigures> {
  return database.withTenant(tenantId, async (tx) => {
    const [row] = await queryRows<LoyaltyFigures>(
      tx,
      sql`select coalesce((select points from loyalty_balances where contact_id = ${contactId}), 0)::int as balance,
                 coalesce((select sum(points) from loyalty_entries where contact_id = ${contactId}), 0)::int as "sumOfEntries",
                 (select count(*) from loyalty_entries where contact_id = ${contactId})::int as entries`,
    );
    return row!;
  });
}

/** Every loyalty row of the shop, for "nothing written" checks. */
export async function loyaltyRowCounts(database: Database, tenantId: string): Promise<{ entries: number; settings: number }> {
  return database.withTenant(tenantId, async (tx) => {
    const [row] = await queryRows<{ entries: number; settings: number }>(
      tx,
      sql`select (select count(*) from loyalty_entries)::int as entries, (select count(*) from loyalty_settings)::int as settings`,
    );
    return row!;
  });
}
