import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../tests/support/factories';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-db';
import { queryRows } from '../db/client';
import { unsafeReadAcrossTenants } from './cross-tenant-read';

// The console's read across shops (migration 0053): every shop's rows of the tables opened to the
// reader role, nothing written, and the shops' own scope unchanged.

let database: TestDatabase;
let first: TestTenant;
let second: TestTenant;

beforeAll(async () => {
  database = await createTestDatabase();
  first = await createTenant(database);
  second = await createTenant(database);
});
afterAll(() => database.dispose());

const subscriptionTenants = (rows: { tenant_id: string }[]) => rows.map((row) => row.tenant_id).sort();

describe('unsafeReadAcrossTenants', () => {
  it("reads every shop's subscription, where a shop's own scope reads its own", async () => {
    const across = await unsafeReadAcrossTenants(database, (tx) => queryRows<{ tenant_id: string }>(tx, sql`select tenant_id from tenant_subscription_details`));
    expect(subscriptionTenants(across)).toEqual([first.id, second.id].sort());
    const own = await database.withTenant(first.id, (tx) => queryRows<{ tenant_id: string }>(tx, sql`select tenant_id from tenant_subscription_details`));
    expect(subscriptionTenants(own)).toEqual([first.id]);
  });

  it('runs as the reader role, read-only: a write is refused and nothing changes', async () => {
    const role = await unsafeReadAcrossTenants(database, (tx) => queryRows<{ role: string }>(tx, sql`select current_user as role`));
    expect(role[0]?.role).toBe('dukani_platform_reader');
    const refused = await unsafeReadAcrossTenants(database, (tx) => tx.execute(sql`update tenant_subscription_details set status = 'active'`)).then(
      () => null,
      (error: Error) => error,
    );
    expect(String((refused?.cause as Error | undefined)?.message)).toMatch(/read-only transaction/);
    const statuses = await unsafeReadAcrossTenants(database, (tx) => queryRows<{ status: string }>(tx, sql`select distinct status from tenant_subscription_details`));
    expect(statuses).toEqual([{ status: 'trial' }]);
  });

  it('sees no tenant table it was not given', async () => {
    const refused = await unsafeReadAcrossTenants(database, (tx) => tx.execute(sql`select count(*) from contacts`)).then(
      () => null,
      (error: Error) => error,
    );
    expect(String((refused?.cause as Error | undefined)?.message)).toMatch(/permission denied/);
  });
});
