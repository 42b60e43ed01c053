import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { SHOP_TODAY } from '../contacts/contact-view';
import { queryRows } from './client';
import { DEMO_EXPENSES, DEMO_RENT } from './demo-purchases';
import { seedDatabase } from './seed';

// The demo shop's purchases and expenses (server/db/demo-purchases.ts), seeded with the rest of
// the demo and no sales history (tests): every delivery line then brings a dozen pieces (a crate
// of 24 for the bottler), so bills have hand-worked amounts. Dates are relative to the seed's now, in days of the shop's calendar (Nairobi's), as the seed counts them.

let testApp: TestApp;
let tenantId: string;
let seedMs: number;

beforeAll(async () => {
  testApp = await createTestApp({ config: { SEED_DEMO: 'true', DEMO_SALES_DAYS: '0' } });
  const started = performance.now();
  await seedDatabase(testApp.deps);
  seedMs = performance.now() - started;
  const [demo] = await queryRows<{ id: string }>(testApp.database.platform, sql`select id from tenants where subdomain = 'demo'`);
  tenantId = demo!.id;
}, 300_000);
afterAll(() => testApp.close());

const query = <T>(text: ReturnType<typeof sql>) => testApp.database.withTenant(tenantId, (tx) => queryRows<T>(tx, text));

/** Bills of a supplier with their open amount (the ledger's) and whether overdue, oldest first. */
const billsOf = (supplier: string) =>
  query<{ days_ago: number; amount: number; open: number; due_in: number; location: string }>(
    sql`select (${SHOP_TODAY} - b.bill_date)::int as days_ago, b.amount_minor::int as amount, o.open_minor::int as open,
               (b.due_date - ${SHOP_TODAY})::int as due_in, l.name as location
        from supplier_bills b join contacts c on c.id = b.supplier_id join account_open_items o on o.entry_id = b.entry_id
        join goods_receipts r on r.id = b.receipt_id join locations l on l.id = r.location_id
        where c.name = ${supplier} and r.order_id is null order by b.bill_date, l.name`,
  );

describe('demo purchases', () => {
  it('keeps the whole seed quick', () => {
    console.info(`Demo seed with purchases: ${(seedMs / 1000).toFixed(1)} s`);
    expect(seedMs).toBeLessThan(120_000);
  });

  it('has one purchase order in each state, the partly received one half way', async () => {
    const statuses = await query<{ status: string; count: number }>(sql`select status, count(*)::int as count from purchase_orders group by 1 order by 1`);
    expect(statuses).toEqual(['cancelled', 'closed', 'draft', 'ordered', 'partly_received', 'received'].map((status) => ({ status, count: 1 })));
    // Unga Millers: 36 of each of three items ordered; the first came in full, the second half, the third not yet.
    const lines = await query<{ ordered: string; received: string }>(
      sql`select (l.quantity * l.pack_size)::text as ordered, l.received_quantity::text as received
          from purchase_order_lines l join purchase_orders o on o.id = l.order_id where o.status = 'partly_received' order by l.position`,
    );
    expect(lines.map((line) => [Number(line.ordered), Number(line.received)])).toEqual([[36, 36], [36, 18], [36, 0]]);
  });

  it('pays the eggs van in cash at the door: 12 trays at KES 420, VAT exempt, every 21 days at both branches', async () => {
    const bills = await billsOf('Kiambu Fresh Eggs');
    // Main shop 90, 69, 48, 27 and 6 days ago; Westlands three days later each time (87 … 3).
    expect(bills.map((bill) => bill.days_ago).sort((a, b) => b - a)).toEqual([90, 87, 69, 66, 48, 45, 27, 24, 6, 3]);
    for (const bill of bills) expect(bill).toMatchObject({ amount: 12 * 420 * 100, open: 0 });
  });

  it('leaves Bidco Oils two bills overdue, unpaid (5 items × 12 at cost, 16% VAT)', async () => {
    // 12 × (340 + 175 + 390 + 285 + 108) = 15,576.00; VAT per line 652.80 + 336.00 + 748.80 + 547.20 + 207.36 = 2,492.16 → 18,068.16.
    const amount = 1_806_816;
    const bills = await billsOf('Bidco Oils');
    // Delivered 90, 87, 60, 57, 30, 27 days ago on 30 days' terms; paid what fell due over 45 days ago.
    expect(bills.map((bill) => [bill.days_ago, bill.due_in, bill.open])).toEqual([
      [90, -60, 0],
      [87, -57, 0],
      [60, -30, amount],
      [57, -27, amount],
      [30, 0, amount],
      [27, 3, amount],
    ]);
    for (const bill of bills) expect(bill.amount).toBe(amount);
  });

  it('has Kenafric’s latest bill half paid before it is due', async () => {
    // 12 × (45 + 35 + 38 + 205) = 3,876.00 + 16% VAT 620.16 = 4,496.16; half in whole shillings 2,248.00 paid.
    const bills = await billsOf('Kenafric Sweets');
    expect(bills.at(-1)).toMatchObject({ days_ago: 27, due_in: 3, amount: 449_616, open: 449_616 - 224_800 });
    // Bills due over two weeks ago are paid; the one delivered 30 days ago falls due today, unpaid.
    expect(bills.slice(0, -1).map((bill) => [bill.days_ago, bill.open])).toEqual([[90, 0], [87, 0], [60, 0], [57, 0], [30, 449_616]]);
  });

  it('records two returns to suppliers, their stock out through the ledger', async () => {
    const returns = await query<{ reason: string; settlement: string; total: number; moved: string }>(
      sql`select r.reason, r.settlement, r.total_minor::int as total,
                 (select sum(m.quantity)::text from stock_movements m where m.source_id = r.id and m.kind = 'supplier_return') as moved
          from supplier_returns r order by r.number`,
    );
    // 6 Brookside yoghurts at KES 68 + 16% VAT = 473.28; 4 Manji biscuits at KES 35 + 16% = 162.40.
    expect(returns.map((row) => [row.reason, row.settlement, row.total, Number(row.moved)])).toEqual([
      ['damaged', 'credit', 47_328, -6],
      ['expired', 'refund', 16_240, -4],
    ]);
  });

  it('never leaves stock below zero, keeps on hand equal to the ledger and average cost at cost', async () => {
    const [facts] = await query<{ negative: number; mismatched: number; off_cost: number; receipts_within_90_days: number; receipts: number }>(
      sql`select (select count(*)::int from stock_levels where on_hand < 0) as negative,
                 (select count(*)::int from stock_levels s where s.on_hand <> (select coalesce(sum(m.quantity), 0) from stock_movements m where m.variant_id = s.variant_id and m.location_id = s.location_id)) as mismatched,
                 (select count(*)::int from product_variants where average_cost_minor <> cost_price_minor) as off_cost,
                 (select count(*)::int from goods_receipts where received_at between now() - interval '91 days' and now() - interval '1 day') as receipts_within_90_days,
                 (select count(*)::int from goods_receipts) as receipts`,
    );
    expect(facts).toMatchObject({ negative: 0, mismatched: 0, off_cost: 0 });
    expect(facts!.receipts_within_90_days).toBe(facts!.receipts);
  });

  it('names a preferred supplier for the main shop’s low items, so the Reorder tab has suggestions', async () => {
    const low = await query<{ name: string; supplier: string | null }>(
      sql`select p.name, c.name as supplier from stock_levels s join product_variants v on v.id = s.variant_id join products p on p.id = v.product_id
          join locations l on l.id = s.location_id left join contacts c on c.id = p.preferred_supplier_id where s.is_low and l.is_default order by p.name`,
    );
    expect(low).toEqual([
      { name: 'Brookside fresh milk 500 ml', supplier: 'Brookside Dairy' },
      { name: 'Festive white bread 400 g', supplier: 'Gikomba Wholesale Depot' },
      { name: 'Sukuma wiki', supplier: 'Gikomba Wholesale Depot' },
    ]);
  });

  it('records a month of expenses and the monthly rent, made twice by the recurring job', async () => {
    const [rent] = await query<{ description: string; day_of_month: number; is_active: boolean; made: number; amount: number }>(
      sql`select r.description, r.day_of_month, r.is_active, count(x.id)::int as made, min(x.amount_minor)::int as amount
          from recurring_expenses r left join expenses x on x.recurring_id = r.id group by r.tenant_id, r.id`,
    );
    expect(rent).toEqual({ description: DEMO_RENT.description, day_of_month: 1, is_active: true, made: 2, amount: 45_000 * 100 });
    const [others] = await query<{ count: number; total: number }>(sql`select count(*)::int as count, sum(amount_minor)::int as total from expenses where recurring_id is null`);
    // 6,500 + 1,850 + 15,000 + 2,500 + 4,800 + 1,000 + 2,340 + 1,500 + 3,000 = 38,490.
    expect(others).toEqual({ count: DEMO_EXPENSES.length, total: 38_490 * 100 });
  });
});
