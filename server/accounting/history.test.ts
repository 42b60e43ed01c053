import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjustmentInputSchema, stockTakeInputSchema, transferInputSchema, transferReceiptInputSchema } from '../../core/inventory/inventory.schemas';
import { productInputSchema } from '../../core/products/products.schemas';
import { createTestShop, type TestShop } from '../../tests/support/catalog-shop';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';
import { generateDemoSalesHistory } from '../db/demo-sales';
import { seedDatabase } from '../db/seed';
import { createAdjustment } from '../inventory/adjustments.service';
import { postStockTake, recordCount, startStockTake } from '../inventory/stock-takes.service';
import { cancelTransfer, receiveTransfer, sendTransfer } from '../inventory/transfers.service';
import { createProductForRequest } from '../products/products.service';
import { postMissingHistories, postShopHistory } from './history';
import { withPostingsDeferred } from './posting-deferral';

// The history backfill: a shop's documents from before the ledger posted in history mode (stock at
// the cost its movements carried), each once, on its own day; then one entry brings the inventory
// account to the stock valuation. A second run changes nothing. Then the seeded demo and a day of
// its sales history, whose postings all come from the backfill.

const COST = 13_333;

/** The ledger of a shop, as the checks below read it. */
function ledgerOf(testApp: TestApp, tenantId: () => string) {
  const query = <T>(text: ReturnType<typeof sql>) => testApp.database.withTenant(tenantId(), (tx) => queryRows<T>(tx, text));
  return {
    query,
    /** Debit − credit of the accounts with a role, over every entry. */
    async balanceOf(key: string): Promise<number> {
      const [row] = await query<{ balance: string }>(
        sql`select coalesce(sum(l.debit_minor - l.credit_minor), 0)::text as balance from journal_lines l join ledger_accounts a on a.id = l.account_id where a.system_key = ${key}`,
      );
      return Number(row!.balance);
    },
    /** Σ round(on hand × average cost) over the shop's stock rows. */
    async stockValuation(): Promise<number> {
      const [row] = await query<{ value: string }>(
        sql`select coalesce(sum(round(s.on_hand * v.average_cost_minor)), 0)::text as value from stock_levels s join product_variants v on v.id = s.variant_id`,
      );
      return Number(row!.value);
    },
    /** Entries, lines and the balance of every account: what a second run must leave as it is. */
    async totals() {
      const [counts] = await query<{ entries: number; lines: number }>(sql`select (select count(*)::int from journal_entries) as entries, (select count(*)::int from journal_lines) as lines`);
      const balances = await query<{ code: string; balance: string }>(
        sql`select a.code, sum(l.debit_minor - l.credit_minor)::text as balance from journal_lines l join ledger_accounts a on a.id = l.account_id group by a.code order by a.code`,
      );
      return { ...counts, balances };
    },
  };
}

describe('the history of a shop from before the ledger', () => {
  let testApp: TestApp;
  let shop: TestShop;
  let branchId: string;
  const tenantId = () => shop.tenant.id;
  const documents: Record<string, string> = {};

  beforeAll(async () => {
    testApp = await createTestApp();
    shop = await createTestShop(testApp);
    branchId = (await shop.call('POST', '/api/locations', { body: { name: 'Branch' } })).json().id;
    const { database } = testApp;
    const author = { tenantId: tenantId(), userId: shop.users.manager.id, requestKey: null };
    const [kilogram] = await ledgerOf(testApp, tenantId).query<{ id: string }>(sql`select id from units where name = 'Kilogram'`);
    // The documents of a shop that ran before the ledger: made with postings deferred, as the demo seed makes them.
    await withPostingsDeferred(async () => {
      const { product } = await createProductForRequest(
        database,
        author,
        productInputSchema.parse({
          name: 'Rice (loose)',
          unitId: kilogram!.id,
          variants: [{ sellingPriceMinor: 18_000, costPriceMinor: COST, openingStock: [{ locationId: shop.defaultLocationId, quantityMilli: 2_500 }, { locationId: branchId, quantityMilli: 500 }] }],
        }),
      );
      documents.product = product.id;
      const variantId = product.variants[0]!.id;
      const adjust = async (reason: string, quantityChangeMilli: number) =>
        (await createAdjustment(database, author, adjustmentInputSchema.parse({ locationId: shop.defaultLocationId, reason, lines: [{ variantId, quantityChangeMilli }] }))).id;
      documents.damage = await adjust('damage', -750);
      documents.correction = await adjust('correction', 250);
      const take = await startStockTake(database, author, stockTakeInputSchema.parse({ locationId: branchId }));
      await recordCount(database, author, take.id, { variantId, countedQuantityMilli: 400 });
      await postStockTake(database, author, take.id);
      documents.take = take.id;
      const send = async (quantityMilli: number) =>
        (await sendTransfer(database, author, transferInputSchema.parse({ fromLocationId: shop.defaultLocationId, toLocationId: branchId, lines: [{ variantId, quantityMilli }] }))).id;
      documents.transfer = await send(1_500);
      await receiveTransfer(database, author, documents.transfer, transferReceiptInputSchema.parse({ lines: [{ variantId, receivedQuantityMilli: 700 }] }));
      const received = await receiveTransfer(database, author, documents.transfer, transferReceiptInputSchema.parse({ lines: [{ variantId, receivedQuantityMilli: 600, lostQuantityMilli: 200 }] }));
      const [firstReceipt, lastReceipt] = received.receipts;
      documents.firstReceipt = firstReceipt!.id;
      documents.lastReceipt = lastReceipt!.id;
      documents.calledBack = await send(300);
      await cancelTransfer(database, author, documents.calledBack);
    });
    // The damage happened ten days ago (as the demo seed, the owner moves it to its day).
    await database.platform.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.tenant_id', ${tenantId()}, true)`);
      // tenant-access: the test dates one document of its own shop in the past
      await tx.execute(sql`update stock_adjustments set created_at = now() - interval '10 days' where tenant_id = ${tenantId()} and id = ${documents.damage}::uuid`);
    });
    await ledgerOf(testApp, tenantId).query(sql`update accounting_settings set history_posted_at = null returning 1`);
  }, 120_000);
  afterAll(() => testApp.close());

  /** A document's entry: its day in days before today and its lines as [account role, location, signed amount]. */
  async function entryOf(sourceType: string, sourceId: string) {
    const lines = await ledgerOf(testApp, tenantId).query<{ account: string; location: string | null; amount: number; days_ago: number }>(
      sql`select a.system_key as account, loc.name as location, (l.debit_minor - l.credit_minor)::int as amount,
                 ((now() at time zone 'Africa/Nairobi')::date - e.entry_date)::int as days_ago
          from journal_entries e join journal_lines l on l.entry_id = e.id join ledger_accounts a on a.id = l.account_id
          left join locations loc on loc.id = l.location_id
          where e.source_type = ${sourceType} and e.source_id = ${sourceId}::uuid
          order by a.system_key, loc.name nulls first`,
    );
    return { daysAgo: lines[0]?.days_ago, lines: lines.map((line) => [line.account, line.location, line.amount]) };
  }

  it('posted nothing while postings were deferred', async () => {
    expect(await ledgerOf(testApp, tenantId).totals()).toMatchObject({ entries: 0, lines: 0 });
  });

  it('posts every document at the cost its movements carried, on its own day, once the job finds the shop', async () => {
    const other = await createTestShop(testApp);
    expect(await postMissingHistories(testApp.database)).toBe(1);
    expect(await ledgerOf(testApp, () => other.tenant.id).totals()).toMatchObject({ entries: 0 });

    // Opening: main 2.5 × 13,333 = 33,332.5 → 33,333, branch 0.5 × 13,333 = 6,666.5 → 6,667; cost 3 × 13,333 = 39,999.
    expect(await entryOf('stock_opening', documents.product!)).toEqual({
      daysAgo: 0,
      lines: [
        ['inventory', 'Branch', 6_667],
        ['inventory', 'Main shop', 33_333],
        ['opening_balances', null, -39_999],
        ['stock_rounding', null, -1],
      ],
    });
    // −0.75 × 13,333 = −9,999.75 → −10,000, ten days ago.
    expect(await entryOf('stock_adjustment', documents.damage!)).toEqual({
      daysAgo: 10,
      lines: [
        ['inventory', 'Main shop', -10_000],
        ['shrinkage', 'Main shop', 10_000],
      ],
    });
    // 0.25 × 13,333 = 3,333.25 → 3,333.
    expect((await entryOf('stock_adjustment', documents.correction!)).lines).toEqual([
      ['count_variance', 'Main shop', -3_333],
      ['inventory', 'Main shop', 3_333],
    ]);
    // −0.1 × 13,333 = −1,333.3 → −1,333 (live, the row's value fell from 6,667 to 5,333: 1,334).
    expect((await entryOf('stock_take', documents.take!)).lines).toEqual([
      ['count_variance', 'Branch', 1_333],
      ['inventory', 'Branch', -1_333],
    ]);
    // −1.5 × 13,333 = −19,999.5 → −20,000 out of main, 20,000 in transit.
    expect((await entryOf('transfer_dispatch', documents.transfer!)).lines).toEqual([
      ['goods_in_transit', null, 20_000],
      ['inventory', 'Main shop', -20_000],
    ]);
    // 0.7 × 13,333 = 9,333.1 → 9,333 arrived.
    expect((await entryOf('transfer_receipt', documents.firstReceipt!)).lines).toEqual([
      ['goods_in_transit', null, -9_333],
      ['inventory', 'Branch', 9_333],
    ]);
    // Arrived 0.6 × 13,333 = 7,999.8 → 8,000; out of transit 20,000 − 9,333 = 10,667; lost 0.2 × 13,333 = 2,666.6 → 2,667.
    expect((await entryOf('transfer_receipt', documents.lastReceipt!)).lines).toEqual([
      ['goods_in_transit', null, -10_667],
      ['inventory', 'Branch', 8_000],
      ['shrinkage', 'Branch', 2_667],
    ]);
    // 0.3 × 13,333 = 3,999.9 → 4,000 out and back.
    expect((await entryOf('transfer_dispatch', documents.calledBack!)).lines).toEqual([
      ['goods_in_transit', null, 4_000],
      ['inventory', 'Main shop', -4_000],
    ]);
    expect((await entryOf('transfer_receipt', documents.calledBack!)).lines).toEqual([
      ['goods_in_transit', null, -4_000],
      ['inventory', 'Main shop', 4_000],
    ]);
  });

  it('brings the inventory account to the valuation with one entry, and leaves nothing in transit', async () => {
    const ledger = ledgerOf(testApp, tenantId);
    // Posted: main 33,333 − 10,000 + 3,333 − 20,000 − 4,000 + 4,000 = 6,666; branch 6,667 − 1,333 + 9,333 + 8,000 = 22,667.
    // Worth: main 0.5 × 13,333 = 6,666.5 → 6,667; branch 1.7 × 13,333 = 22,666.1 → 22,666.
    const revaluation = await ledger.query<{ account: string; location: string; amount: number }>(
      sql`select a.system_key as account, loc.name as location, (l.debit_minor - l.credit_minor)::int as amount
          from journal_entries e join journal_lines l on l.entry_id = e.id join ledger_accounts a on a.id = l.account_id join locations loc on loc.id = l.location_id
          where e.source_type = 'inventory_revaluation' order by a.system_key, loc.name`,
    );
    expect(revaluation.map((line) => [line.account, line.location, line.amount])).toEqual([
      ['inventory', 'Branch', -1],
      ['inventory', 'Main shop', 1],
      ['stock_rounding', 'Branch', 1],
      ['stock_rounding', 'Main shop', -1],
    ]);
    expect(await ledger.stockValuation()).toBe(29_333);
    expect(await ledger.balanceOf('inventory')).toBe(29_333);
    expect(await ledger.balanceOf('goods_in_transit')).toBe(0);
    const [settings] = await ledger.query<{ posted: boolean }>(sql`select history_posted_at is not null as posted from accounting_settings`);
    expect(settings!.posted).toBe(true);
  });

  it('changes nothing when run again', async () => {
    const ledger = ledgerOf(testApp, tenantId);
    const before = await ledger.totals();
    expect(await postShopHistory(testApp.database, tenantId())).toEqual({ posted: 0, revalued: false });
    expect(await ledger.totals()).toEqual(before);
    expect(await postMissingHistories(testApp.database)).toBe(0);
  });
});

describe('the seeded demo', () => {
  let testApp: TestApp;
  let demoId: string;

  beforeAll(async () => {
    testApp = await createTestApp({ config: { SEED_DEMO: 'true', DEMO_SALES_DAYS: '0' } });
    await seedDatabase(testApp.deps);
    const [demo] = await queryRows<{ id: string }>(testApp.database.platform, sql`select id from tenants where subdomain = 'demo'`);
    demoId = demo!.id;
    // A day of sales history, as the demo's job makes it (its postings deferred, then the backfill).
    const people = await queryRows<{ id: string; email: string }>(testApp.database.platform, sql`select id, email from users where email in ('manager@demo.test', 'cashier@demo.test')`);
    const idOf = (email: string) => people.find((person) => person.email === email)!.id;
    await generateDemoSalesHistory(testApp.database, {
      tenantId: demoId,
      staff: { managerId: idOf('manager@demo.test'), cashierIds: [idOf('cashier@demo.test')] },
      days: 1,
      now: new Date().toISOString(),
      salesPerDay: 20,
    });
  }, 300_000);
  afterAll(() => testApp.close());

  it('has its ledger from the backfill: balanced entries on the documents’ days, control accounts equal to their sub-ledgers', async () => {
    const ledger = ledgerOf(testApp, () => demoId);
    const unbalanced = await ledger.query(sql`select entry_id from journal_lines group by entry_id having sum(debit_minor - credit_minor) <> 0`);
    expect(unbalanced).toEqual([]);
    const [days] = await ledger.query<{ past: number; types: string[] }>(
      sql`select count(*) filter (where entry_date < (now() at time zone 'Africa/Nairobi')::date)::int as past, array_agg(distinct source_type order by source_type) as types from journal_entries`,
    );
    expect(days!.past).toBeGreaterThan(0);
    expect(days!.types).toEqual(expect.arrayContaining(['goods_receipt', 'sale', 'stock_opening']));
    // Each shift closed over or short has its entry (the demo's counts are random: some days none is).
    const [shifts] = await ledger.query<{ over_short: number; entries: number }>(
      sql`select (select count(*) from shifts where status = 'closed' and over_short_minor <> 0)::int as over_short,
                 (select count(*) from journal_entries where source_type = 'shift_close')::int as entries`,
    );
    expect(shifts!.entries).toBe(shifts!.over_short);
    const [yesterday] = await ledger.query<{ sales: number }>(
      sql`select count(*)::int as sales from journal_entries where source_type = 'sale' and entry_date = (now() at time zone 'Africa/Nairobi')::date - 1`,
    );
    expect(yesterday!.sales).toBeGreaterThan(0);
    expect(await ledger.balanceOf('inventory')).toBe(await ledger.stockValuation());
    const [subLedgers] = await ledger.query<{ receivable: string; payable: string }>(
      sql`select coalesce(sum(balance_minor) filter (where side = 'receivable'), 0)::text as receivable,
                 coalesce(sum(balance_minor) filter (where side = 'payable'), 0)::text as payable from contact_accounts`,
    );
    expect(await ledger.balanceOf('receivable')).toBe(Number(subLedgers!.receivable));
    expect(-(await ledger.balanceOf('payable'))).toBe(Number(subLedgers!.payable));
    // The kiosk's generated catalog is opening stock too.
    const [kiosk] = await queryRows<{ id: string }>(testApp.database.platform, sql`select id from tenants where subdomain = 'kiosk'`);
    const kioskLedger = ledgerOf(testApp, () => kiosk!.id);
    expect(await kioskLedger.balanceOf('inventory')).toBe(await kioskLedger.stockValuation());
    expect(await kioskLedger.balanceOf('stock_rounding')).toBe(0);
  });
});
