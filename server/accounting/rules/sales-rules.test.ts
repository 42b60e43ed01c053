import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutInputSchema, type Sale } from '../../../core/sales/sales.schemas';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { createTestContact } from '../../accounts/accounts-test-kit';
import { queryRows } from '../../db/client';
import { expireLapsedPoints } from '../../loyalty/loyalty-ledger';
import { builtInSaleActor, completeSaleInTx, saleRequestHash } from '../../sales/checkout.service';
import { addRegisterWithShift, addStockedProduct, createSalesShop, type SalesShop, type StockedProduct } from '../../sales/sales-test-kit';
import { voidSale } from '../../sales/void.service';
import { inventoryLines, revalueInventory } from '../inventory-value';
import { postDocument } from '../post-document';
import { withPostingsDeferred } from '../posting-deferral';
import { postEntry, prepareEntry, shopDayOf } from '../posting';
import { saleDraft } from './sale.rule';

// The register's posting rules, each against a hand-worked example made through the API: a sale
// with a split tender, discounts, a tip and two VAT classes; its return (one item back on the
// shelf, one damaged); a credit sale voided; a payment on account; a gift card issued, spent and
// voided; cash to the bank and from the owner; a shift closed short; valued loyalty points; an
// exchange. Then the ledger's own checks: every entry balances, receivables, gift cards and
// inventory equal their sub-ledgers. One shop serves the file; the tests build on each other.
//
// Soap: 116.00 at 16% VAT, bought at 69.60 (60% of the price, floored). Bread: 54.00 at 8% VAT
// (the reduced class), bought at 32.40.

let testApp: TestApp;
let shop: SalesShop;
let soap: StockedProduct;
let bread: StockedProduct;

const tenantId = () => shop.tenant.id;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return testApp.database.withTenant(tenantId(), (tx) => queryRows<T>(tx, query));
}

/** Stock bought before the ledger, booked as opening balances (what the stock rules post for opening stock). */
async function bookOpeningStock(variantId: string) {
  await testApp.database.withTenant(tenantId(), async (tx) => {
    const change = await revalueInventory(tx, tenantId(), [variantId], { averageChanged: false });
    const [today] = await queryRows<{ day: string }>(tx, sql`select ${shopDayOf(sql`now()`)} as day`);
    await postEntry(tx, tenantId(), {
      sourceType: 'manual',
      sourceId: null,
      entryDate: today!.day,
      memo: 'Opening stock',
      lines: [...inventoryLines(change), { account: { key: 'opening_balances' }, amountMinor: -change.totalMinor }],
    });
  });
}

interface Line {
  account: string;
  debit: number;
  credit: number;
  contactId: string | null;
}

/** A document's entry: its memo and its lines by account role (`sales_band:standard`), sorted. */
async function entryOf(sourceType: string, sourceId: string): Promise<{ memo: string; lines: Line[] }> {
  const lines = await rows<Line & { memo: string }>(
    sql`select e.memo, a.system_key || coalesce(':' || a.tax_class, '') as account, l.debit_minor::int as debit, l.credit_minor::int as credit, l.contact_id as "contactId"
        from journal_entries e join journal_lines l on l.entry_id = e.id join ledger_accounts a on a.id = l.account_id
        where e.source_type = ${sourceType} and e.source_id = ${sourceId}::uuid
        order by account, l.debit_minor, l.credit_minor`,
  );
  expect(lines.length, `${sourceType} ${sourceId} has an entry`).toBeGreaterThan(0);
  return { memo: lines[0]!.memo, lines: lines.map(({ memo: _memo, ...line }) => line) };
}

const dr = (account: string, debit: number, contactId: string | null = null): Line => ({ account, debit, credit: 0, contactId });
const cr = (account: string, credit: number, contactId: string | null = null): Line => ({ account, debit: 0, credit, contactId });
const sorted = (lines: Line[]) => [...lines].sort((a, b) => (a.account < b.account ? -1 : a.account > b.account ? 1 : a.debit - b.debit || a.credit - b.credit));

/** Σ debits − credits of the accounts with this role. */
async function balanceOf(systemKey: string): Promise<number> {
  const [row] = await rows<{ balance: number }>(
    sql`select coalesce(sum(l.debit_minor - l.credit_minor), 0)::int as balance from journal_lines l join ledger_accounts a on a.id = l.account_id where a.system_key = ${systemKey}`,
  );
  return row!.balance;
}

const mpesaCode = () => `Q${randomUUID().replace(/-/g, '').slice(0, 9).toUpperCase()}`;

function saleBody(lines: { product: StockedProduct; quantityMilli?: number; discountMinor?: number }[], payments: unknown[], extra: Record<string, unknown> = {}) {
  const totalMinor = lines.reduce((sum, line) => sum + (line.product.priceMinor * (line.quantityMilli ?? 1000)) / 1000 - (line.discountMinor ?? 0), 0);
  return {
    id: randomUUID(),
    registerId: shop.registerId,
    shiftId: shop.shiftId,
    customerId: null,
    lines: lines.map((line) => ({
      variantId: line.product.variantId,
      quantityMilli: line.quantityMilli ?? 1000,
      ...(line.discountMinor ? { discount: { type: 'amount', amountMinor: line.discountMinor } } : {}),
    })),
    payments,
    approvalIds: [],
    expectedTotalMinor: totalMinor,
    ringUpAt: new Date().toISOString(),
    fromOutbox: false,
    ...extra,
  };
}

async function sell(body: Record<string, unknown>): Promise<Sale> {
  const response = await shop.call('POST', '/api/sales', { body, as: 'cashier' });
  expect(response.status, response.text).toBe(201);
  return response.json().sale;
}

async function post(path: string, body: unknown, as: 'owner' | 'manager' | 'cashier' = 'owner') {
  const response = await shop.call('POST', path, { body, as, idempotencyKey: randomUUID() });
  expect(response.status, response.text).toBeLessThan(300);
  return response.json();
}

let firstSale: Sale;

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createSalesShop(testApp);
  soap = await addStockedProduct(testApp.database, shop, { name: 'Geisha soap', priceMinor: 11_600, onHandMilli: 20_000 });
  bread = await addStockedProduct(testApp.database, shop, { name: 'Supaloaf bread', priceMinor: 5_400, onHandMilli: 20_000 });
  await testApp.database.withTenant(tenantId(), (tx) => tx.execute(sql`update products set tax_class = 'reduced' where id = ${bread.productId}`));
  await bookOpeningStock(soap.variantId);
  await bookOpeningStock(bread.variantId);
}, 120_000);
afterAll(() => testApp.close());

describe('the sale rule', () => {
  it('debits each tender, credits sales before discounts and VAT per class, debits the discounts, owes the tip, and moves the goods at cost', async () => {
    // 2 soaps at 116.00 less 10.00 on the line = 222.00; 1 bread 54.00; subtotal 276.00.
    // Cart discount 6.00 shared by largest remainder: soap 6 × 222/276 = 4.826 → 4.83, bread 1.17.
    // Soap line 232.00 − 10.00 − 4.83 = 217.17, VAT 217.17 × 16/116 = 29.954 → 29.95, net 187.22.
    //   Before discounts 232.00 = 200.00 + 32.00 VAT: discount net of VAT 200.00 − 187.22 = 12.78.
    // Bread line 54.00 − 1.17 = 52.83, VAT 52.83 × 8/108 = 3.913 → 3.91, net 48.92.
    //   Before discounts 54.00 = 50.00 + 4.00 VAT: discount net of VAT 50.00 − 48.92 = 1.08.
    // Tip 5.00. Total 276.00 − 6.00 + 5.00 = 275.00: cash 100.00, M-Pesa 175.00.
    // Credits 200.00 + 50.00 + 29.95 + 3.91 + 5.00 = 288.86 = debits 275.00 + 12.78 + 1.08.
    // Cost: 2 × 69.60 + 32.40 = 171.60 off the shelf at the same average: no rounding.
    firstSale = await sell(
      saleBody([{ product: soap, quantityMilli: 2000, discountMinor: 1_000 }, { product: bread }], [
        { tender: 'cash', amountMinor: 10_000, tenderedMinor: 10_000 },
        { tender: 'mpesa', amountMinor: 17_500, reference: mpesaCode() },
      ], { cartDiscount: { type: 'amount', amountMinor: 600 }, tipMinor: 500, expectedTotalMinor: 27_500 }),
    );
    expect(firstSale.totalMinor).toBe(27_500);
    const entry = await entryOf('sale', firstSale.id);
    expect(entry.memo).toBe(`Sale ${firstSale.receiptCode}`);
    expect(entry.lines).toEqual(
      sorted([
        dr('cash_location', 10_000),
        dr('mpesa_clearing', 17_500),
        cr('sales_band:standard', 20_000),
        cr('sales_band:reduced', 5_000),
        dr('discounts', 1_386),
        cr('vat_output_band:standard', 2_995),
        cr('vat_output_band:reduced', 391),
        cr('tips_payable', 500),
        dr('cogs', 17_160),
        cr('inventory', 17_160),
      ]),
    );
  });

  it('posts a sale once: the retry of a completed sale adds no entry', async () => {
    const body = saleBody([{ product: bread }], [{ tender: 'card', amountMinor: 5_400, reference: 'VISA 4242' }]);
    await sell(body);
    const retry = await shop.call('POST', '/api/sales', { body, as: 'cashier' });
    expect(retry.status).toBe(200);
    const [count] = await rows<{ n: number }>(sql`select count(*)::int as n from journal_entries where source_type = 'sale' and source_id = ${body.id}::uuid`);
    expect(count!.n).toBe(1);
    // 54.00 by card: 50.00 sales and 4.00 VAT at 8%, the bread at 32.40.
    expect((await entryOf('sale', body.id)).lines).toEqual(
      sorted([dr('card_clearing', 5_400), cr('sales_band:reduced', 5_000), cr('vat_output_band:reduced', 400), dr('cogs', 3_240), cr('inventory', 3_240)]),
    );
  });
});

describe('the sale_return rule', () => {
  it('reverses the revenue of what came back, refunds from the drawer, and takes the goods back at the sale’s cost (damaged ones as shrinkage)', async () => {
    // One of the 2 soaps: 217.17 × 1/2 = 108.585 → 108.59, VAT 29.95 × 1/2 = 14.975 → 14.98, net 93.61.
    // The bread (damaged): 52.83, VAT 3.91, net 48.92. Refunded in cash: 108.59 + 52.83 = 161.42.
    // Sales returns 93.61 + 48.92 = 142.53; VAT back 14.98 (16%) and 3.91 (8%): 161.42.
    // Cost at the sale's: soap 139.20 × 1/2 = 69.60, bread 32.40: COGS credited 102.00. The soap goes
    // back on the shelf at 69.60 (inventory); the bread comes in and goes out damaged: shrinkage 32.40.
    const body = {
      id: randomUUID(),
      registerId: shop.registerId,
      shiftId: shop.shiftId,
      saleId: firstSale.id,
      customerId: null,
      lines: [
        { saleLineId: firstSale.lines[0]!.id, quantityMilli: 1000, disposition: 'restock' },
        { saleLineId: firstSale.lines[1]!.id, quantityMilli: 1000, disposition: 'damaged' },
      ],
      reason: 'damaged',
      note: null,
      refunds: [{ tender: 'cash', amountMinor: 16_142 }],
      approvalId: null,
    };
    const response = await shop.call('POST', '/api/sale-returns', { body, as: 'cashier' });
    expect(response.status, response.text).toBe(201);
    const saleReturn = response.json().saleReturn;
    expect(saleReturn.totalMinor).toBe(16_142);
    const entry = await entryOf('sale_return', body.id);
    expect(entry.memo).toBe(`Return ${saleReturn.returnCode} of sale ${firstSale.receiptCode}`);
    expect(entry.lines).toEqual(
      sorted([
        dr('sales_returns', 14_253),
        dr('vat_output_band:standard', 1_498),
        dr('vat_output_band:reduced', 391),
        cr('cash_location', 16_142),
        cr('cogs', 10_200),
        dr('shrinkage', 3_240),
        dr('inventory', 6_960),
      ]),
    );
  });
});

describe('a return without a receipt', () => {
  it('credits the customer’s deposit and takes the goods back at what the stock ledger took them in at', async () => {
    // A soap credited at 116.00 (100.00 + 16.00 VAT) as store credit; back on the shelf at its average, 69.60.
    const customerId = await createTestContact(testApp.database, tenantId(), { name: 'Njeri Mwangi' });
    const [approval] = await rows<{ id: string }>(
      sql`insert into approvals (tenant_id, action, approver_id, requested_by, method)
          values (${tenantId()}, 'return_without_receipt', ${shop.users.manager.id}, ${shop.users.cashier.id}, 'pin') returning id`,
    );
    const body = {
      id: randomUUID(),
      registerId: shop.registerId,
      shiftId: shop.shiftId,
      saleId: null,
      customerId,
      lines: [{ saleLineId: null, variantId: soap.variantId, quantityMilli: 1000, amountMinor: 11_600, disposition: 'restock' }],
      reason: 'changed_mind',
      note: null,
      refunds: null,
      approvalId: approval!.id,
    };
    const response = await shop.call('POST', '/api/sale-returns', { body, as: 'cashier' });
    expect(response.status, response.text).toBe(201);
    const entry = await entryOf('sale_return', body.id);
    expect(entry.memo).toBe(`Return ${response.json().saleReturn.returnCode} without a receipt`);
    expect(entry.lines).toEqual(
      sorted([dr('sales_returns', 10_000), dr('vat_output_band:standard', 1_600), cr('receivable', 11_600, customerId), cr('cogs', 6_960), dr('inventory', 6_960)]),
    );
  });
});

describe('the sale_void rule and the receivable control account', () => {
  it('reverses a credit sale line for line; the customer’s account gets the void’s credit note', async () => {
    // Soap 116.00 (100.00 + 16.00 VAT) and bread 54.00 (50.00 + 4.00 VAT) = 170.00: 100.00 on
    // account, 70.00 cash. Cost 69.60 + 32.40 = 102.00. The void is the same entry the other way.
    const customerId = await createTestContact(testApp.database, tenantId(), { name: 'Wanjiku Kamau' });
    const sale = await sell(
      saleBody([{ product: soap }, { product: bread }], [{ tender: 'account', amountMinor: 10_000 }, { tender: 'cash', amountMinor: 7_000, tenderedMinor: 7_000 }], { customerId }),
    );
    const sold = [
      dr('receivable', 10_000, customerId),
      dr('cash_location', 7_000),
      cr('sales_band:standard', 10_000),
      cr('sales_band:reduced', 5_000),
      cr('vat_output_band:standard', 1_600),
      cr('vat_output_band:reduced', 400),
      dr('cogs', 10_200),
      cr('inventory', 10_200),
    ];
    expect((await entryOf('sale', sale.id)).lines).toEqual(sorted(sold));

    const voided = await shop.call('POST', `/api/sales/${sale.id}/void`, { body: { reason: 'Rung up twice' }, as: 'manager' });
    expect(voided.status, voided.text).toBe(200);
    const entry = await entryOf('sale_void', sale.id);
    expect(entry.memo).toBe(`Sale ${sale.receiptCode} voided`);
    expect(entry.lines).toEqual(sorted(sold.map((line) => ({ ...line, debit: line.credit, credit: line.debit }))));
  });

  it('posts in history mode a sale and its void that predate the ledger, the void first: it rebuilds the sale to reverse it', async () => {
    const actor = builtInSaleActor(tenantId(), shop.users.manager.id, 'manager');
    const input = checkoutInputSchema.parse(saleBody([{ product: soap, quantityMilli: 3000 }], [{ tender: 'cash', amountMinor: 34_800, tenderedMinor: 35_000 }]));
    await withPostingsDeferred(async () => {
      await testApp.database.withTenant(tenantId(), (tx) => completeSaleInTx(tx, actor, input, saleRequestHash(input)));
      await voidSale(testApp.database, actor, input.id, { reason: 'Rung up twice', approvalId: null });
    });
    const [unposted] = await rows<{ n: number }>(sql`select count(*)::int as n from journal_entries where source_id = ${input.id}::uuid`);
    expect(unposted!.n).toBe(0);
    await testApp.database.withTenant(tenantId(), async (tx) => {
      await postDocument(tx, tenantId(), 'sale_void', input.id, { mode: 'history' });
      await postDocument(tx, tenantId(), 'sale', input.id, { mode: 'history' });
    });
    // 3 soaps, 348.00 in cash: 300.00 sales, 48.00 VAT; 3 × 69.60 = 208.80 off the shelf and back.
    const sold = [dr('cash_location', 34_800), cr('sales_band:standard', 30_000), cr('vat_output_band:standard', 4_800), dr('cogs', 20_880), cr('inventory', 20_880)];
    expect((await entryOf('sale', input.id)).lines).toEqual(sorted(sold));
    expect((await entryOf('sale_void', input.id)).lines).toEqual(sorted(sold.map((line) => ({ ...line, debit: line.credit, credit: line.debit }))));
  });

  it('keeps accounts receivable equal to the customers’ balances after a credit sale and a payment', async () => {
    const customerId = await createTestContact(testApp.database, tenantId(), { name: 'Otieno Hardware' });
    const sale = await sell(saleBody([{ product: soap }], [{ tender: 'account', amountMinor: 11_600 }], { customerId }));
    expect((await entryOf('sale', sale.id)).lines).toContainEqual(dr('receivable', 11_600, customerId));
    await post(`/api/contacts/${customerId}/payments`, { amountMinor: 5_000, method: 'cash', reference: null, allocations: null, note: null });
    const [balances] = await rows<{ total: number; customer: number }>(
      sql`select coalesce(sum(balance_minor), 0)::int as total, coalesce(sum(balance_minor) filter (where contact_id = ${customerId}::uuid), 0)::int as customer
          from contact_accounts where side = 'receivable'`,
    );
    // 116.00 charged, 50.00 paid: 66.00 owed. The voided sale's customer owes nothing; the store
    // credit of the return without a receipt (116.00) is owed to its customer: 66.00 − 116.00 = −50.00.
    expect(balances).toEqual({ total: -5_000, customer: 6_600 });
    expect(await balanceOf('receivable')).toBe(-5_000);
  });
});

describe('the gift_card rule', () => {
  it('books a card issued on the screen as owed, a sale spending it, and a void’s balance as other income', async () => {
    const issued = await post('/api/gift-cards', { amountMinor: 50_000 });
    const [issue] = await rows<{ id: string }>(sql`select id from gift_card_entries where gift_card_id = ${issued.card.id}::uuid and kind = 'issue'`);
    const issueEntry = await entryOf('gift_card', issue!.id);
    expect(issueEntry.memo).toBe(`Gift card ending ${issued.card.last4} issued`);
    expect(issueEntry.lines).toEqual(sorted([dr('cash', 50_000), cr('gift_cards', 50_000)]));

    // A bread (54.00) paid with the card: the liability goes down by 54.00.
    const sale = await sell(saleBody([{ product: bread }], [{ tender: 'gift_card', amountMinor: 5_400, code: issued.code }]));
    expect((await entryOf('sale', sale.id)).lines).toContainEqual(dr('gift_cards', 5_400));

    // Voided with 500.00 − 54.00 = 446.00 left on it: no longer owed.
    await post(`/api/gift-cards/${issued.card.id}/void`, { reason: 'Reported stolen' }, 'manager');
    const [voidEntry] = await rows<{ id: string }>(sql`select id from gift_card_entries where gift_card_id = ${issued.card.id}::uuid and kind = 'void'`);
    expect((await entryOf('gift_card', voidEntry!.id)).lines).toEqual(sorted([dr('gift_cards', 44_600), cr('other_income', 44_600)]));

    const [cards] = await rows<{ total: number }>(sql`select coalesce(sum(balance_minor), 0)::int as total from gift_cards`);
    expect(cards!.total).toBe(0);
    expect(await balanceOf('gift_cards')).toBe(0);
  });
});

describe('the shift_cash and shift_close rules', () => {
  it('sends cash to the bank through cash in transit and books the owner’s cash as capital; a movement naming a document is left to it', async () => {
    const deposit = await post(`/api/shifts/${shop.shiftId}/cash-movements`, { direction: 'out', reason: 'bank_deposit', amountMinor: 60_000, note: null }, 'cashier');
    expect((await entryOf('shift_cash', deposit.id)).lines).toEqual(sorted([dr('cash_in_transit', 60_000), cr('cash_location', 60_000)]));
    const capital = await post(`/api/shifts/${shop.shiftId}/cash-movements`, { direction: 'in', reason: 'other', amountMinor: 20_000, note: 'Change from the owner' }, 'cashier');
    const entry = await entryOf('shift_cash', capital.id);
    expect(entry.memo).toBe('Cash into the drawer of Till 1: Other');
    expect(entry.lines).toEqual(sorted([dr('cash_location', 20_000), cr('owner_capital', 20_000)]));

    const paidForExpense = await testApp.database.withTenant(tenantId(), async (tx) => {
      const [movement] = await queryRows<{ id: string }>(
        tx,
        sql`insert into shift_cash_movements (tenant_id, shift_id, direction, reason, amount_minor, source_type, source_id)
            values (${tenantId()}, ${shop.shiftId}, 'out', 'expenses', 1500, 'expense', ${randomUUID()}) returning id`,
      );
      return postDocument(tx, tenantId(), 'shift_cash', movement!.id);
    });
    expect(paidForExpense).toBeNull();
  });

  it('books a drawer closed short against cash over and short', async () => {
    // A second till opened with a 1,000.00 float and no sales: 997.50 counted is 2.50 short.
    const till = await addRegisterWithShift(testApp.database, shop, { prefix: 'T2' });
    const closed = await shop.call('POST', `/api/shifts/${till.shiftId}/close`, { body: { countedCashMinor: 99_750 }, as: 'cashier' });
    expect(closed.status, closed.text).toBe(200);
    const entry = await entryOf('shift_close', till.shiftId);
    expect(entry.memo).toBe('Cash over or short at the close of Z 1 on Till T2');
    expect(entry.lines).toEqual(sorted([dr('cash_over_short', 250), cr('cash_location', 250)]));
  });
});

describe('the loyalty rule and valued points on sales', () => {
  it('owes valued points when earned and when a manager adds some, and no longer when they expire', async () => {
    await testApp.database.withTenant(tenantId(), async (tx) => {
      await tx.execute(sql`insert into loyalty_settings (tenant_id, is_enabled, earn_rate_bps, point_value_minor, expiry_months) values (${tenantId()}, true, 100, 100, 1)
                           on conflict (tenant_id) do update set is_enabled = true, earn_rate_bps = 100, point_value_minor = 100, expiry_months = 1`);
      await tx.execute(sql`insert into accounting_settings (tenant_id, value_loyalty_points) values (${tenantId()}, true)
                           on conflict (tenant_id) do update set value_loyalty_points = true`);
    });
    const customerId = await createTestContact(testApp.database, tenantId(), { name: 'Achieng Otieno' });
    // 2 breads, 108.00 in cash: 1 point per 100.00 spent earns 1 point, worth 1.00.
    const sale = await sell(saleBody([{ product: bread, quantityMilli: 2000 }], [{ tender: 'cash', amountMinor: 10_800, tenderedMinor: 10_800 }], { customerId }));
    expect(sale.loyaltyPointsEarned).toBe(1);
    const lines = (await entryOf('sale', sale.id)).lines;
    expect(lines).toContainEqual(dr('loyalty_rewards', 100));
    expect(lines).toContainEqual(cr('loyalty_points', 100, customerId));

    // 5 points added by a manager: 5.00 more owed.
    const adjusted = await post(`/api/contacts/${customerId}/loyalty/adjustments`, { points: 5, reason: 'Birthday gift' }, 'manager');
    const entry = await entryOf('loyalty', adjusted.entry.id);
    expect(entry.memo).toBe('Loyalty points of Achieng Otieno adjusted: Birthday gift');
    expect(entry.lines).toEqual(sorted([dr('loyalty_rewards', 500), cr('loyalty_points', 500, customerId)]));
    // 6 points at 1.00 each are owed.
    expect(await balanceOf('loyalty_points')).toBe(-600);

    // Two months on, the point earned a month before has lapsed (the added ones do not): 1.00 less owed.
    const expired = await testApp.database.withTenant(tenantId(), (tx) => expireLapsedPoints(tx, tenantId(), new Date(Date.now() + 62 * 86_400_000)));
    expect(expired.get(customerId)).toBe(1);
    const [expiry] = await rows<{ id: string }>(sql`select id from loyalty_entries where contact_id = ${customerId}::uuid and kind = 'expire'`);
    const expiryEntry = await entryOf('loyalty', expiry!.id);
    expect(expiryEntry.memo).toBe('Loyalty points of Achieng Otieno expired');
    expect(expiryEntry.lines).toEqual(sorted([dr('loyalty_points', 100, customerId), cr('loyalty_rewards', 100)]));
    expect(await balanceOf('loyalty_points')).toBe(-500);

    // One of the breads back for 54.00 cash (50.00 + 4.00 VAT, cost 32.40): half the sale takes back
    // half its point, rounded up: 1 point, 1.00 less owed.
    const returnId = randomUUID();
    const back = await shop.call('POST', '/api/sale-returns', {
      body: {
        id: returnId,
        registerId: shop.registerId,
        shiftId: shop.shiftId,
        saleId: sale.id,
        customerId: null,
        lines: [{ saleLineId: sale.lines[0]!.id, quantityMilli: 1000, disposition: 'restock' }],
        reason: 'changed_mind',
        note: null,
        refunds: [{ tender: 'cash', amountMinor: 5_400 }],
        approvalId: null,
      },
      as: 'cashier',
    });
    expect(back.status, back.text).toBe(201);
    expect(back.json().saleReturn.loyaltyPointsReversed).toBe(1);
    expect((await entryOf('sale_return', returnId)).lines).toEqual(
      sorted([
        dr('sales_returns', 5_000),
        dr('vat_output_band:reduced', 400),
        cr('cash_location', 5_400),
        cr('cogs', 3_240),
        dr('inventory', 3_240),
        dr('loyalty_points', 100, customerId),
        cr('loyalty_rewards', 100),
      ]),
    );
    // 6 − 1 expired − 1 taken back = 4 points, 4.00 owed.
    const [points] = await rows<{ total: number }>(sql`select coalesce(sum(points), 0)::int as total from loyalty_balances`);
    expect(points!.total).toBe(4);
    expect(await balanceOf('loyalty_points')).toBe(-400);
  });
});

describe('exchanges', () => {
  it('clears the exchange credit between the return and the new sale', async () => {
    const sale = await sell(saleBody([{ product: bread }], [{ tender: 'cash', amountMinor: 5_400, tenderedMinor: 5_400 }]));
    // The bread (54.00) back towards a soap (116.00): 54.00 of credit, 62.00 in cash.
    const newSale = saleBody([{ product: soap }], [{ tender: 'cash', amountMinor: 6_200, tenderedMinor: 6_200 }]);
    const saleReturn = {
      id: randomUUID(),
      registerId: shop.registerId,
      shiftId: shop.shiftId,
      saleId: sale.id,
      customerId: null,
      lines: [{ saleLineId: sale.lines[0]!.id, quantityMilli: 1000, disposition: 'restock' }],
      reason: 'wrong_item',
      note: null,
      refunds: null,
      approvalId: null,
    };
    const response = await shop.call('POST', '/api/sale-exchanges', { body: { saleReturn, sale: newSale }, as: 'cashier' });
    expect(response.status, response.text).toBe(201);
    expect((await entryOf('sale_return', saleReturn.id)).lines).toContainEqual(cr('exchange_clearing', 5_400));
    expect((await entryOf('sale', newSale.id)).lines).toContainEqual(dr('exchange_clearing', 5_400));
    expect(await balanceOf('exchange_clearing')).toBe(0);
  });
});

describe('the ledger as a whole', () => {
  it('posts every sale at the checkout as the sale rule reads it back from the sale (server/sales/sale-posting.ts)', async () => {
    const sales = await rows<{ id: string }>(sql`select id from sales order by created_at`);
    expect(sales.length).toBeGreaterThan(5);
    // The inventory account follows the valuation at the checkout and the movements' cost in the read-back: left out of both.
    const inventoryAccounts = await rows<{ id: string }>(sql`select id from ledger_accounts where system_key in ('inventory', 'stock_rounding')`);
    const leftOut = new Set(inventoryAccounts.map((account) => account.id));
    const shape = (lines: { accountId: string; amountMinor: number; contactId?: string | null; locationId?: string | null }[]) =>
      lines
        .filter((line) => !leftOut.has(line.accountId))
        .map((line) => `${line.accountId} ${line.amountMinor} ${line.contactId ?? '-'} ${line.locationId ?? '-'}`)
        .sort();
    for (const { id } of sales) {
      await testApp.database.withTenant(tenantId(), async (tx) => {
        const draft = await saleDraft(tx, { tenantId: tenantId(), mode: 'history' }, id);
        const readBack = await prepareEntry(tx, tenantId(), draft!);
        const posted = await queryRows<{ account_id: string; amount: number; contact_id: string | null; location_id: string | null; memo: string; entry_date: string }>(
          tx,
          sql`select l.account_id, (l.debit_minor - l.credit_minor)::int as amount, l.contact_id, l.location_id, e.memo, e.entry_date::text
              from journal_entries e join journal_lines l on l.entry_id = e.id where e.source_type = 'sale' and e.source_id = ${id}::uuid`,
        );
        expect({ memo: posted[0]!.memo, day: posted[0]!.entry_date }).toEqual({ memo: readBack!.draft.memo, day: readBack!.entryDate });
        expect(shape(posted.map((line) => ({ accountId: line.account_id, amountMinor: line.amount, contactId: line.contact_id, locationId: line.location_id })))).toEqual(shape(readBack!.lines));
      });
    }
  });

  it('balances every entry, and holds the stock at its valuation', async () => {
    const unbalanced = await rows<{ id: string }>(sql`select entry_id as id from journal_lines group by entry_id having sum(debit_minor) <> sum(credit_minor)`);
    expect(unbalanced).toEqual([]);
    const [stock] = await rows<{ valuation: number }>(
      sql`select coalesce(sum(round(s.on_hand * v.average_cost_minor)), 0)::int as valuation
          from stock_levels s join product_variants v on v.tenant_id = s.tenant_id and v.id = s.variant_id`,
    );
    expect(await balanceOf('inventory')).toBe(stock!.valuation);
  });
});
