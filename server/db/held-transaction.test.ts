import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../tests/support/factories';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-db';
import { queryRows, type FrequentRead, type TenantTx } from './client';
import { withHoldingScope } from './held-transaction';
import { businessSettings } from './schema/index';

// A read request's session read opens the tenant transaction its handler then uses
// (docs/decisions/0018). The read below stands in for the session read: a platform read that
// leaves a transaction-local mark, which only a later statement of the same transaction sees.
let database: TestDatabase;
let shop: TestTenant;
let otherShop: TestTenant;

const MARKING_READ: FrequentRead = {
  key: 'held_transaction_test_read',
  statement: `select $1::text as echo, set_config('held_test.mark', $1, true) as mark, current_user::text as reader`,
};
/** The mark left earlier in this transaction, or '' when there is none. */
const markOf = async (tx: TenantTx) => (await queryRows<{ mark: string | null }>(tx, sql`select current_setting('held_test.mark', true) as mark`))[0]!.mark ?? '';
const scopeOf = async (tx: TenantTx) =>
  (await queryRows<{ tenant: string; role: string }>(tx, sql`select current_setting('app.tenant_id') as tenant, current_user::text as role`))[0]!;

beforeAll(async () => {
  database = await createTestDatabase();
  shop = await createTenant(database);
  otherShop = await createTenant(database);
});
afterAll(() => database.dispose());

describe(`a transaction held from the session read (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it("answers the read as the owner, and the request's first withTenant of that shop runs in the same transaction, scoped", async () => {
    await withHoldingScope(async () => {
      const [read] = await database.readHoldingTenant<{ echo: string; reader: string }>(shop.id, MARKING_READ, ["it's"]);
      expect(read!.echo).toBe("it's");
      expect(read!.reader).not.toBe('dukani_app');
      const inside = await database.withTenant(shop.id, async (tx) => ({ mark: await markOf(tx), scope: await scopeOf(tx) }));
      expect(inside).toEqual({ mark: "it's", scope: { tenant: shop.id, role: 'dukani_app' } });
      expect(await database.withTenant(shop.id, markOf)).toBe('');
    });
  });

  it("another shop's withTenant, a platform query and readFrequent each let it go first (on PGlite they would wait for it forever)", async () => {
    for (const useDatabase of [
      () => database.withTenant(otherShop.id, scopeOf),
      () => database.platform.execute(sql`select 1`),
      () => database.readFrequent(MARKING_READ, ['x']),
    ]) {
      await withHoldingScope(async () => {
        await database.readHoldingTenant(shop.id, MARKING_READ, ['held']);
        await useDatabase();
        expect(await database.withTenant(shop.id, markOf)).toBe('');
      });
    }
  });

  it('what the request never takes is committed and let go when the request ends', async () => {
    await withHoldingScope(() => database.readHoldingTenant(shop.id, MARKING_READ, ['x']));
    await expect(database.platform.execute(sql`select 1`)).resolves.toBeDefined();
    if (database.driver === 'postgres') {
      const [open] = await queryRows<{ count: number }>(
        database.platform,
        sql`select count(*)::int as count from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
      );
      expect(open!.count).toBe(0);
    }
  });

  it('a handler that writes after all gets its work run again in a read-write transaction (the held one is read-only on PostgreSQL)', async () => {
    let attempts = 0;
    await withHoldingScope(async () => {
      await database.readHoldingTenant(shop.id, MARKING_READ, ['x']);
      await database.withTenant(shop.id, async (tx) => {
        attempts += 1;
        await tx.update(businessSettings).set({ receiptFooter: 'Asante sana' });
      });
    });
    expect(attempts).toBe(database.driver === 'postgres' ? 2 : 1);
    const [settings] = await database.withTenant(shop.id, (tx) => tx.select({ footer: businessSettings.receiptFooter }).from(businessSettings));
    expect(settings!.footer).toBe('Asante sana');
  });

  it('outside a holding scope it is a plain read that holds nothing', async () => {
    const [read] = await database.readHoldingTenant<{ echo: string }>(shop.id, MARKING_READ, ['plain']);
    expect(read!.echo).toBe('plain');
    expect(await database.withTenant(shop.id, markOf)).toBe('');
  });
});
