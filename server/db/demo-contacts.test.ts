import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeKenyanPhone, isValidKraPin } from '../../core/contacts/contact.rules';
import { createTenant } from '../../tests/support/factories';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { queryRows } from './client';
import { DEMO_CUSTOMERS, DEMO_SUPPLIERS, seedDemoContacts } from './demo-contacts';

// The demo shop's contacts (server/db/demo-contacts.ts), seeded into a shop of their own at a fixed
// "now" so the aging buckets are known: balances through the ledgers, so they equal their entries.

let testApp: TestApp;
let tenantId: string;
const NOW = new Date('2026-06-15T09:00:00Z');

beforeAll(async () => {
  testApp = await createTestApp();
  tenantId = (await createTenant(testApp.database, { subdomain: 'demo-contacts' })).id;
  await testApp.database.withTenant(tenantId, (tx) => seedDemoContacts(tx, tenantId, null, NOW));
});
afterAll(() => testApp.close());

const query = <T>(text: ReturnType<typeof sql>) => testApp.database.withTenant(tenantId, (tx) => queryRows<T>(tx, text));

describe('demo contacts', () => {
  it('has ~30 customers and ~8 suppliers with valid Kenyan numbers and KRA PINs', async () => {
    const rows = await query<{ type: string; phone: string; kra_pin: string | null }>(sql`select type, phone, kra_pin from contacts`);
    expect(rows.filter((row) => row.type === 'customer')).toHaveLength(DEMO_CUSTOMERS.length);
    expect(rows.filter((row) => row.type === 'supplier')).toHaveLength(DEMO_SUPPLIERS.length);
    expect(DEMO_CUSTOMERS.length).toBeGreaterThanOrEqual(28);
    expect(DEMO_SUPPLIERS.length).toBeGreaterThanOrEqual(8);
    for (const row of rows) expect(normalizeKenyanPhone(row.phone), row.phone).toBe(row.phone);
    expect(new Set(rows.map((row) => row.phone)).size).toBe(rows.length);
    for (const row of rows.filter((row) => row.kra_pin)) expect(isValidKraPin(row.kra_pin!)).toBe(true);
  });

  it('keeps every balance equal to the sum of its entries', async () => {
    const mismatches = await query<{ contact_id: string }>(
      sql`select a.contact_id from contact_accounts a
          left join (select contact_id, side, sum(amount_minor) as total from account_entries group by 1, 2) e on e.contact_id = a.contact_id and e.side = a.side
          where a.balance_minor <> coalesce(e.total, 0)`,
    );
    expect(mismatches).toEqual([]);
  });

  it('spreads what customers owe over the aging buckets (worked out from the charges, terms and payments)', async () => {
    const buckets = await query<{ bucket: string; open: number }>(
      sql`select case when due_date >= ${'2026-06-15'}::date then 'current'
                      when due_date >= ${'2026-06-15'}::date - 30 then '1-30'
                      when due_date >= ${'2026-06-15'}::date - 60 then '31-60'
                      when due_date >= ${'2026-06-15'}::date - 90 then '61-90'
                      else 'over 90' end as bucket, sum(open_minor)::int as open
          from account_open_items where side = 'receivable' and direction = 'debit' and open_minor > 0 group by 1 order by 1`,
    );
    // Mama Mboga 2,350 + 1,180 (current); Peter 4,200 due 16 days ago; Grace 6,150 due 45 days ago less
    // her 2,000 payment → 4,150, and 2,400 due 10 days after today's 20-day-old sale → current;
    // Hassan 9,800 due 75 days ago; Kamau 7,420 due 120 days ago less 1,500 → 5,920, 3,500 due 20 days
    // ago, 1,960 current; St. Mary's 18,750 due 10 days ago; Esther's 1,450 paid in full.
    expect(Object.fromEntries(buckets.map((row) => [row.bucket, row.open]))).toEqual({
      'current': (2350 + 1180 + 2400 + 1960) * 100,
      '1-30': (4200 + 3500 + 18750) * 100,
      '31-60': 4150 * 100,
      '61-90': 9800 * 100,
      'over 90': 5920 * 100,
    });
  });

  it('gives Esther Wanjiru a deposit and suppliers bills to pay', async () => {
    const [esther] = await query<{ balance: number }>(
      sql`select a.balance_minor::int as balance from contact_accounts a join contacts c on c.id = a.contact_id where c.name = 'Esther Wanjiru' and a.side = 'receivable'`,
    );
    expect(esther!.balance).toBe(-55000);
    const [payable] = await query<{ total: number }>(sql`select sum(balance_minor)::int as total from contact_accounts where side = 'payable'`);
    const billed = DEMO_SUPPLIERS.reduce((sum, supplier) => sum + supplier.bills.reduce((s, bill) => s + bill.kes, 0) - (supplier.paidKes ?? 0), 0);
    expect(payable!.total).toBe(billed * 100);
  });

  it('gives cash customers loyalty points at 1 point per KES 100', async () => {
    const [row] = await query<{ points: number; holders: number }>(sql`select sum(points)::int as points, count(*)::int as holders from loyalty_balances where points > 0`);
    const expected = DEMO_CUSTOMERS.reduce((sum, customer) => sum + Math.floor((customer.spentKes ?? []).reduce((s, kes) => s + kes, 0) / 100), 0);
    expect(row!.points).toBe(expected);
    expect(row!.holders).toBeGreaterThan(15);
  });
});
