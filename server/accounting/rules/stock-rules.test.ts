import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../../tests/support/catalog-shop';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { queryRows } from '../../db/client';
import { shopDayOf } from '../posting';

// The stock rules against hand-worked examples, through the API, in live mode (history mode:
// history.test.ts). One product weighed in kilograms at KES 133.33 a kilo, so values fall on
// fractions of a cent: each stock row is worth round(on hand × 13,333) cents, and the inventory
// account moves by the change of those rounded values.

let testApp: TestApp;
let shop: TestShop;
let branchId: string;
let riceId: string;

const COST = 13_333;

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createTestShop(testApp);
  branchId = (await shop.call('POST', '/api/locations', { body: { name: 'Branch' } })).json().id;
}, 120_000);
afterAll(() => testApp.close());

const query = <T>(text: ReturnType<typeof sql>) => testApp.database.withTenant(shop.tenant.id, (tx) => queryRows<T>(tx, text));

/** A document's entry: its day (today in the shop's calendar?), memo and lines as [account role, location, signed amount]. */
async function entryOf(sourceType: string, sourceId: string) {
  const lines = await query<{ account: string; location: string | null; amount: number; memo: string; today: boolean }>(
    sql`select a.system_key as account, loc.name as location, (l.debit_minor - l.credit_minor)::int as amount, e.memo,
               e.entry_date::text = ${shopDayOf(sql`now()`)} as today
        from journal_entries e join journal_lines l on l.entry_id = e.id join ledger_accounts a on a.id = l.account_id
        left join locations loc on loc.id = l.location_id
        where e.source_type = ${sourceType} and e.source_id = ${sourceId}::uuid
        order by a.system_key, loc.name nulls first`,
  );
  return {
    today: lines.every((line) => line.today),
    memo: lines[0]?.memo,
    lines: lines.map((line) => [line.account, line.location, line.amount]),
  };
}

/** Balance (debit − credit) of the accounts with these roles, over every entry. */
async function balanceOf(key: string): Promise<number> {
  const [row] = await query<{ balance: number }>(
    sql`select coalesce(sum(l.debit_minor - l.credit_minor), 0)::int as balance from journal_lines l join ledger_accounts a on a.id = l.account_id where a.system_key = ${key}`,
  );
  return row!.balance;
}

/** Σ round(on hand × average cost) over the shop's stock rows: the stock valuation. */
async function stockValuation(): Promise<number> {
  const [row] = await query<{ value: number }>(
    sql`select coalesce(sum(round(s.on_hand * v.average_cost_minor)), 0)::int as value from stock_levels s join product_variants v on v.id = s.variant_id`,
  );
  return row!.value;
}

describe('stock posting rules (live)', () => {
  it('posts opening stock at its value per location against opening balances, the cent of rounding on stock rounding', async () => {
    const [kilogram] = await query<{ id: string }>(sql`select id from units where name = 'Kilogram'`);
    const response = await shop.call('POST', '/api/products', {
      body: {
        name: 'Rice (loose)',
        unitId: kilogram!.id,
        variants: [
          {
            sellingPriceMinor: 18_000,
            costPriceMinor: COST,
            openingStock: [
              { locationId: shop.defaultLocationId, quantityMilli: 2_500 },
              { locationId: branchId, quantityMilli: 500 },
            ],
          },
        ],
      },
    });
    expect(response.status).toBe(201);
    riceId = response.json().variants[0].id;
    const productId: string = response.json().id;
    // Main shop 2.5 × 13,333 = 33,332.5 → 33,333; branch 0.5 × 13,333 = 6,666.5 → 6,667 (40,000 in all).
    // What the goods cost: 3 × 13,333 = 39,999; the cent between is stock rounding.
    expect(await entryOf('stock_opening', productId)).toEqual({
      today: true,
      memo: 'Opening stock of Rice (loose)',
      lines: [
        ['inventory', 'Branch', 6_667],
        ['inventory', 'Main shop', 33_333],
        ['opening_balances', null, -39_999],
        ['stock_rounding', null, -1],
      ],
    });
  });

  it('writes damaged stock off to shrinkage and posts a correction to count variances', async () => {
    const damaged = await shop.call('POST', '/api/inventory/adjustments', {
      body: { locationId: shop.defaultLocationId, reason: 'damage', lines: [{ variantId: riceId, quantityChangeMilli: -750 }] },
    });
    expect(damaged.status).toBe(201);
    // Main shop 2.5 → 1.75 kg: 1.75 × 13,333 = 23,332.75 → 23,333, down 10,000 from 33,333.
    expect(await entryOf('stock_adjustment', damaged.json().id)).toEqual({
      today: true,
      memo: 'Stock adjustment at Main shop: Damaged',
      lines: [
        ['inventory', 'Main shop', -10_000],
        ['shrinkage', 'Main shop', 10_000],
      ],
    });
    const corrected = await shop.call('POST', '/api/inventory/adjustments', {
      body: { locationId: shop.defaultLocationId, reason: 'correction', lines: [{ variantId: riceId, quantityChangeMilli: 250 }] },
    });
    // 1.75 → 2 kg: 2 × 13,333 = 26,666, up 3,333.
    expect((await entryOf('stock_adjustment', corrected.json().id)).lines).toEqual([
      ['count_variance', 'Main shop', -3_333],
      ['inventory', 'Main shop', 3_333],
    ]);
  });

  it('posts a stock take’s variances to count variances', async () => {
    const take = await shop.call('POST', '/api/inventory/stock-takes', { body: { locationId: branchId } });
    const takeId: string = take.json().id;
    expect((await shop.call('PUT', `/api/inventory/stock-takes/${takeId}/counts`, { body: { variantId: riceId, countedQuantityMilli: 400 } })).status).toBe(200);
    expect((await shop.call('POST', `/api/inventory/stock-takes/${takeId}/post`)).status).toBe(200);
    // Branch 0.5 → 0.4 kg: 0.4 × 13,333 = 5,333.2 → 5,333, down 1,334 from 6,667.
    expect(await entryOf('stock_take', takeId)).toEqual({
      today: true,
      memo: 'Stock take at Branch',
      lines: [
        ['count_variance', 'Branch', 1_334],
        ['inventory', 'Branch', -1_334],
      ],
    });
  });

  it('puts a transfer in transit at the cost it left with and takes it out as it arrives or is lost, back to zero', async () => {
    const sent = await shop.call('POST', '/api/inventory/transfers', {
      body: { fromLocationId: shop.defaultLocationId, toLocationId: branchId, lines: [{ variantId: riceId, quantityMilli: 1_500 }] },
    });
    expect(sent.status).toBe(201);
    const transferId: string = sent.json().id;
    // Main shop 2 → 0.5 kg: 0.5 × 13,333 = 6,666.5 → 6,667, down 19,999 from 26,666. In transit at
    // the cost it left with: 1.5 × 13,333 = 19,999.5 → 20,000; the cent is rounding.
    expect(await entryOf('transfer_dispatch', transferId)).toEqual({
      today: true,
      memo: 'Transfer sent from Main shop to Branch',
      lines: [
        ['goods_in_transit', null, 20_000],
        ['inventory', 'Main shop', -19_999],
        ['stock_rounding', 'Main shop', -1],
      ],
    });

    await shop.call('POST', `/api/inventory/transfers/${transferId}/receive`, { body: { lines: [{ variantId: riceId, receivedQuantityMilli: 700, lostQuantityMilli: 0 }] } });
    // Branch 0.4 → 1.1 kg: 1.1 × 13,333 = 14,666.3 → 14,666, up 9,333. Out of transit: 0.7 × 13,333 = 9,333.1 → 9,333.
    const first = (await query<{ id: string }>(sql`select id from stock_transfer_receipts where transfer_id = ${transferId}`))[0]!.id;
    expect(await entryOf('transfer_receipt', first)).toEqual({
      today: true,
      memo: 'Transfer received at Branch from Main shop',
      lines: [
        ['goods_in_transit', null, -9_333],
        ['inventory', 'Branch', 9_333],
      ],
    });

    const last = await shop.call('POST', `/api/inventory/transfers/${transferId}/receive`, { body: { lines: [{ variantId: riceId, receivedQuantityMilli: 600, lostQuantityMilli: 200 }] } });
    expect(last.json().status).toBe('received');
    const second = (await query<{ id: string }>(sql`select id from stock_transfer_receipts where transfer_id = ${transferId} and id <> ${first}::uuid`))[0]!.id;
    // Branch 1.1 → 1.7 kg (the lost 0.2 in and out): 1.7 × 13,333 = 22,666.1 → 22,666, up 8,000.
    // Out of transit: what all receipts took, round(1.5 × 13,333) = 20,000, less the first's 9,333 = 10,667
    // (this receipt alone, round(0.8 × 13,333) = 10,666, would leave a cent in transit);
    // lost 0.2 × 13,333 = 2,666.6 → 2,667 to shrinkage. 8,000 − 10,667 + 2,667 = 0: no rounding.
    expect((await entryOf('transfer_receipt', second)).lines).toEqual([
      ['goods_in_transit', null, -10_667],
      ['inventory', 'Branch', 8_000],
      ['shrinkage', 'Branch', 2_667],
    ]);
    expect(await balanceOf('goods_in_transit')).toBe(0);
  });

  it('takes a transfer called back out of transit into its source', async () => {
    const sent = await shop.call('POST', '/api/inventory/transfers', {
      body: { fromLocationId: shop.defaultLocationId, toLocationId: branchId, lines: [{ variantId: riceId, quantityMilli: 300 }] },
    });
    const transferId: string = sent.json().id;
    expect((await shop.call('POST', `/api/inventory/transfers/${transferId}/cancel`)).status).toBe(200);
    // Sent: main 0.5 → 0.2 kg, 2,666.6 → 2,667, down 4,000; in transit 0.3 × 13,333 = 3,999.9 → 4,000.
    expect((await entryOf('transfer_dispatch', transferId)).lines).toEqual([
      ['goods_in_transit', null, 4_000],
      ['inventory', 'Main shop', -4_000],
    ]);
    // Called back: main 0.2 → 0.5 kg, up 4,000; the 4,000 leaves transit.
    expect(await entryOf('transfer_receipt', transferId)).toEqual({
      today: true,
      memo: 'Transfer from Main shop to Branch called back',
      lines: [
        ['goods_in_transit', null, -4_000],
        ['inventory', 'Main shop', 4_000],
      ],
    });
    expect(await balanceOf('goods_in_transit')).toBe(0);
  });

  it('keeps the inventory account at the stock valuation', async () => {
    // Main shop 0.5 kg → 6,667; branch 1.7 kg → 22,666.
    expect(await stockValuation()).toBe(29_333);
    expect(await balanceOf('inventory')).toBe(29_333);
  });
});
