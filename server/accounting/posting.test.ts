import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../tests/support/catalog-shop';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';
import { postEntry, resolveAccounts } from './posting';

// The posting service: accounts by role (made when first needed), the entry written once per
// document, the lock date, and the database's own refusal of an entry that does not balance.

let testApp: TestApp;
let shop: TestShop;

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createTestShop(testApp);
}, 120_000);
afterAll(() => testApp.close());

const tenantId = () => shop.tenant.id;

const draft = (sourceId: string | null, entryDate = '2026-11-02') => ({
  sourceType: 'manual' as const,
  sourceId,
  entryDate,
  memo: 'Owner puts in capital',
  lines: [
    { account: { key: 'cash_location' as const, locationId: shop.defaultLocationId }, amountMinor: 1_000_000 },
    { account: { key: 'owner_capital' as const }, amountMinor: -1_000_000 },
  ],
});

/** The database's refusal, under the query error that names the statement. */
const refusal = (message: RegExp) => ({ cause: expect.objectContaining({ code: '23514', message: expect.stringMatching(message) }) });

describe('posting', () => {
  it('makes the chart and the location’s cash account on the first posting, and posts a balanced entry', async () => {
    const posted = await testApp.database.withTenant(tenantId(), (tx) => postEntry(tx, tenantId(), draft(null)));
    expect(posted).toMatchObject({ number: 1, entryDate: '2026-11-02' });
    const lines = await testApp.database.withTenant(tenantId(), (tx) =>
      queryRows<{ code: string; name: string; debit: number; credit: number }>(
        tx,
        sql`select a.code, a.name, l.debit_minor::int as debit, l.credit_minor::int as credit from journal_lines l join ledger_accounts a on a.id = l.account_id order by l.line_no`,
      ),
    );
    expect(lines).toEqual([
      { code: '1001', name: 'Cash at Main shop', debit: 1_000_000, credit: 0 },
      { code: '3000', name: 'Owner’s capital', debit: 0, credit: 1_000_000 },
    ]);
    const [chart] = await testApp.database.withTenant(tenantId(), (tx) => queryRows<{ count: number }>(tx, sql`select count(*)::int as count from ledger_accounts where system_key is not null`));
    expect(chart!.count).toBeGreaterThan(30);
  });

  it('posts a document once', async () => {
    const sourceId = '6f7c2a8e-4f55-4c1a-9a0e-1d6b3b7a0001';
    const first = await testApp.database.withTenant(tenantId(), (tx) => postEntry(tx, tenantId(), { ...draft(sourceId), sourceType: 'sale' }));
    const second = await testApp.database.withTenant(tenantId(), (tx) => postEntry(tx, tenantId(), { ...draft(sourceId), sourceType: 'sale' }));
    expect(first).not.toBeNull();
    expect(second).toBeNull();
  });

  it('refuses, in the database, an entry whose lines do not balance', async () => {
    const attempt = testApp.database.withTenant(tenantId(), async (tx) => {
      const accounts = await resolveAccounts(tx, tenantId(), [{ key: 'bank' }]);
      await tx.execute(sql`insert into journal_entries (tenant_id, number, entry_date, source_type, memo) values (${tenantId()}, 999, '2026-11-03', 'manual', 'Lopsided') returning id`);
      const [entry] = await queryRows<{ id: string }>(tx, sql`select id from journal_entries where number = 999`);
      await tx.execute(sql`insert into journal_lines (tenant_id, entry_id, line_no, account_id, entry_date, debit_minor) values (${tenantId()}, ${entry!.id}, 1, ${accounts.get('bank')!}, '2026-11-03', 500)`);
    });
    await expect(attempt).rejects.toMatchObject(refusal(/Journal entry 999 does not balance: debits − credits = 500 over 1 lines/));
  });

  it('refuses a line added later to a posted entry, and takes lines added later that keep it balanced', async () => {
    const posted = await testApp.database.withTenant(tenantId(), (tx) => postEntry(tx, tenantId(), draft(null, '2026-11-04')));
    const addLines = (...amounts: number[]) =>
      testApp.database.withTenant(tenantId(), async (tx) => {
        const accounts = await resolveAccounts(tx, tenantId(), [{ key: 'bank' }]);
        const values = amounts.map(
          (amount, index) => sql`(${tenantId()}, ${posted!.entryId}::uuid, ${10 + index}, ${accounts.get('bank')!}::uuid, '2026-11-04'::date, ${Math.max(amount, 0)}, ${Math.max(-amount, 0)})`,
        );
        await tx.execute(sql`insert into journal_lines (tenant_id, entry_id, line_no, account_id, entry_date, debit_minor, credit_minor) values ${sql.join(values, sql`, `)}`);
      });
    await expect(addLines(500)).rejects.toMatchObject(refusal(/does not balance: debits − credits = 500 over 3 lines/));
    await addLines(700, -700);
    const [lines] = await testApp.database.withTenant(tenantId(), (tx) => queryRows<{ count: number }>(tx, sql`select count(*)::int as count from journal_lines where entry_id = ${posted!.entryId}::uuid`));
    expect(lines!.count).toBe(4);
  });

  it('refuses a posting on or before the lock date, or moves it to the next day when the shop says so', async () => {
    await testApp.database.withTenant(tenantId(), (tx) => tx.execute(sql`update accounting_settings set lock_date = '2026-10-31'`));
    await expect(testApp.database.withTenant(tenantId(), (tx) => postEntry(tx, tenantId(), draft(null, '2026-10-31'), { dateField: 'expenseDate' }))).rejects.toMatchObject({
      status: 422,
      fields: { expenseDate: ['The books are locked up to 2026-10-31: choose a later date'] },
    });
    await testApp.database.withTenant(tenantId(), (tx) => tx.execute(sql`update accounting_settings set lock_policy = 'next_open_day'`));
    const moved = await testApp.database.withTenant(tenantId(), (tx) => postEntry(tx, tenantId(), draft(null, '2026-10-15')));
    expect(moved!.entryDate).toBe('2026-11-01');
  });
});
