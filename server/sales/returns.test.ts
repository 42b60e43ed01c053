import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sale, SaleReturn } from '../../core/sales/sales.schemas';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { createTestContact } from '../accounts/accounts-test-kit';
import { queryRows } from '../db/client';
import { issueGiftCard } from '../gift-cards/gift-card-ledger';
import { addStockedProduct, checkoutBody, createSalesShop, salesCounts, type SalesShop, type StockedProduct } from './sales-test-kit';

// Returns and exchanges (issue 15): a return is its own numbered document against the sale's
// lines, never more than was sold (one conditional UPDATE per line, also under concurrency), with
// the goods back on the shelf or written off, the money back the way it came (cash, the account,
// the gift card, M-Pesa with the reversal's code), points taken back; the return window and the
// receipt-less return need a manager; exactly once by the return id; an exchange is a return and
// a sale in one go. One seeded shop serves the file (a second one for isolation).

let testApp: TestApp;
let shop: SalesShop;
let other: SalesShop;
let soap: StockedProduct;
let sugar: StockedProduct;

type Role = 'owner' | 'manager' | 'cashier';

async function sell(body: Record<string, unknown>, target = shop): Promise<Sale> {
  const response = await target.call('POST', '/api/sales', { body, as: 'cashier' });
  expect(response.status, response.text).toBe(201);
  return response.json().sale;
}

function returnBody(sale: Sale, lines: { index: number; quantityMilli: number; disposition?: 'restock' | 'damaged' }[], extra: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    registerId: shop.registerId,
    shiftId: shop.shiftId,
    saleId: sale.id,
    customerId: null,
    lines: lines.map((line) => ({ saleLineId: sale.lines[line.index]!.id, quantityMilli: line.quantityMilli, disposition: line.disposition ?? 'restock' })),
    reason: 'changed_mind',
    note: null,
    refunds: null,
    approvalId: null,
    ...extra,
  };
}

const postReturn = (body: Record<string, unknown>, options: { as?: Role; target?: SalesShop } = {}) =>
  (options.target ?? shop).call('POST', '/api/sale-returns', { body, as: options.as ?? 'cashier' });

async function returned(body: Record<string, unknown>): Promise<SaleReturn> {
  const response = await postReturn(body);
  expect(response.status, response.text).toBe(201);
  return response.json().saleReturn;
}

async function one<T>(query: ReturnType<typeof sql>, target = shop): Promise<T> {
  const [row] = await testApp.database.withTenant(target.tenant.id, (tx) => queryRows<T>(tx, query));
  return row!;
}

async function onHand(variantId: string): Promise<number> {
  const row = await one<{ on_hand: string } | undefined>(sql`select on_hand::text from stock_levels where variant_id = ${variantId} and location_id = ${shop.defaultLocationId}`);
  return Math.round(Number(row?.on_hand ?? 0) * 1000);
}

const receivable = (contactId: string) =>
  one<{ balance: number }>(sql`select coalesce((select balance_minor::int from contact_accounts where contact_id = ${contactId} and side = 'receivable'), 0) as balance`);

async function approval(action: string): Promise<string> {
  const row = await one<{ id: string }>(
    sql`insert into approvals (tenant_id, action, approver_id, requested_by, method)
        values (${shop.tenant.id}, ${action}, ${shop.users.manager.id}, ${shop.users.cashier.id}, 'pin') returning id`,
  );
  return row.id;
}

const mpesaCode = () => `Q${randomUUID().replace(/-/g, '').slice(0, 9).toUpperCase()}`;

const saleStatus = async (saleId: string) => (await one<{ status: string }>(sql`select status from sales where id = ${saleId}`)).status;

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createSalesShop(testApp);
  other = await createSalesShop(testApp);
  soap = await addStockedProduct(testApp.database, shop, { name: 'Geisha soap', priceMinor: 12_000 });
  sugar = await addStockedProduct(testApp.database, shop, { name: 'Kabras sugar 1 kg', priceMinor: 16_550 });
  await testApp.database.withTenant(shop.tenant.id, (tx) =>
    tx.execute(sql`insert into loyalty_settings (tenant_id, is_enabled, earn_rate_bps, point_value_minor)
                   values (${shop.tenant.id}, true, 100, 100)
                   on conflict (tenant_id) do update set is_enabled = true, earn_rate_bps = 100, point_value_minor = 100`),
  );
});
afterAll(() => testApp.close());

describe('POST /api/sale-returns with a receipt', () => {
  it('returns part of a line: a credit note, the goods back on the shelf, cash from the drawer; the last return takes exactly what is left', async () => {
    // 3 soaps at 120.00 with 1.00 off the line: 359.00. Returned one at a time: 359 × 1/3 = 119.67,
    // then 359 × 2/3 − 119.67 = 239.33 − 119.67 = 119.66, then 359.00 − 239.33 = 119.67: 359.00 in all.
    const body = checkoutBody(shop, [{ product: soap, quantityMilli: 3000 }, { product: sugar }]);
    body.lines[0] = { ...body.lines[0]!, discount: { type: 'amount', amountMinor: 100 } } as (typeof body.lines)[number];
    body.expectedTotalMinor = 35_900 + 16_550;
    body.payments = [{ tender: 'cash', amountMinor: 52_450, tenderedMinor: 60_000 }];
    const sale = await sell(body);
    const stockBefore = await onHand(soap.variantId);

    const first = await returned(returnBody(sale, [{ index: 0, quantityMilli: 1000 }]));
    expect(first).toMatchObject({
      returnCode: expect.stringMatching(/^CN-\d{6}$/),
      saleId: sale.id,
      receiptCode: sale.receiptCode,
      totalMinor: 11_967,
      taxMinor: 1_651, // 119.67 × 16/116
      refunds: [{ tender: 'cash', amountMinor: 11_967, reference: null }],
      lines: [{ lineNo: 1, saleLineId: sale.lines[0]!.id, quantityMilli: 1000, amountMinor: 11_967, taxBand: 'B', disposition: 'restock' }],
      exchangeSaleId: null,
    });
    expect(await onHand(soap.variantId)).toBe(stockBefore + 1000);
    expect(await saleStatus(sale.id)).toBe('partly_returned');
    // What the shift's Z report reads: the return on this shift and its cash refund.
    expect(await one<{ n: number }>(sql`select count(*)::int as n from sale_returns r join sale_refunds f on f.return_id = r.id
                                        where r.id = ${first.id} and r.shift_id = ${shop.shiftId} and f.tender = 'cash' and f.amount_minor = 11967`)).toEqual({ n: 1 });

    const second = await returned(returnBody(sale, [{ index: 0, quantityMilli: 1000 }]));
    const third = await returned(returnBody(sale, [{ index: 0, quantityMilli: 1000 }, { index: 1, quantityMilli: 1000 }]));
    expect(second.totalMinor).toBe(11_966);
    expect(third.lines.map((line) => line.amountMinor)).toEqual([11_967, 16_550]);
    expect(first.totalMinor + second.totalMinor + third.lines[0]!.amountMinor).toBe(35_900);
    const taxes = await one<{ returned: number; sold: number }>(
      sql`select (select sum(tax_minor)::int from sale_return_lines where sale_line_id = ${sale.lines[0]!.id}) as returned,
                 (select tax_minor from sale_lines where id = ${sale.lines[0]!.id}) as sold`,
    );
    expect(taxes.returned).toBe(taxes.sold);
    expect(await saleStatus(sale.id)).toBe('returned');
    expect(await onHand(soap.variantId)).toBe(stockBefore + 3000);

    const read = await shop.call('GET', `/api/sale-returns/${first.id}`, { as: 'cashier' });
    expect(read.status).toBe(200);
    expect(read.json()).toEqual(first);
  });

  it('answers a retry with the first return (200, replayed) and refuses the id for another return', async () => {
    const sale = await sell(checkoutBody(shop, [{ product: soap, quantityMilli: 2000 }]));
    const body = returnBody(sale, [{ index: 0, quantityMilli: 1000 }]);
    const first = await postReturn(body);
    expect(first.status).toBe(201);
    const counts = await salesCounts(testApp.database, shop.tenant.id);
    const retry = await postReturn(body);
    expect(retry.status).toBe(200);
    expect(retry.json()).toEqual({ saleReturn: first.json().saleReturn, replayed: true });
    const reused = await postReturn({ ...body, reason: 'defective' });
    expect(reused.status).toBe(409);
    expect(reused.json().error.code).toBe('return_id_reused');
    expect(await salesCounts(testApp.database, shop.tenant.id)).toEqual(counts);
  });

  it('writes damaged goods off: a sale_return movement in, then an adjustment out for damage', async () => {
    const sale = await sell(checkoutBody(shop, [{ product: sugar }]));
    const before = await onHand(sugar.variantId);
    const saleReturn = await returned(returnBody(sale, [{ index: 0, quantityMilli: 1000, disposition: 'damaged' }], { reason: 'damaged' }));
    expect(saleReturn.lines[0]!.disposition).toBe('damaged');
    expect(await onHand(sugar.variantId)).toBe(before);
    const movements = await testApp.database.withTenant(shop.tenant.id, (tx) =>
      queryRows<{ kind: string; quantity: string; reason: string | null }>(
        tx,
        sql`select kind, quantity::text as quantity, reason from stock_movements where source_id = ${saleReturn.id} order by created_at, id`,
      ),
    );
    expect(movements).toEqual([
      { kind: 'sale_return', quantity: '1.000', reason: null },
      { kind: 'adjustment', quantity: '-1.000', reason: 'damage' },
    ]);
  });

  it('lets one of 8 concurrent returns of a whole line through; the others are refused and write nothing', async () => {
    const sale = await sell(checkoutBody(shop, [{ product: soap, quantityMilli: 2000 }]));
    const before = await onHand(soap.variantId);
    const responses = await Promise.all(Array.from({ length: 8 }, () => postReturn(returnBody(sale, [{ index: 0, quantityMilli: 2000 }]))));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const response of responses.filter((item) => item.status === 409)) expect(response.json().error.code).toBe('return_exceeds_sold');
    expect(await one<{ n: number }>(sql`select count(*)::int as n from sale_returns where sale_id = ${sale.id}`)).toEqual({ n: 1 });
    expect(await one<{ q: string }>(sql`select returned_quantity::text as q from sale_lines where id = ${sale.lines[0]!.id}`)).toEqual({ q: '2.000' });
    expect(await onHand(soap.variantId)).toBe(before + 2000);
  });

  it('refuses more than is left to return (409, naming what can still go back) and writes nothing', async () => {
    const sale = await sell(checkoutBody(shop, [{ product: soap, quantityMilli: 1000 }]));
    const counts = await salesCounts(testApp.database, shop.tenant.id);
    const response = await postReturn(returnBody(sale, [{ index: 0, quantityMilli: 2000 }]));
    expect(response.status).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'return_exceeds_sold',
      message: 'Only 1 of Geisha soap can still be returned',
      fields: { 'lines.0.quantityMilli': ['Only 1 of Geisha soap can still be returned'] },
    });
    expect(await salesCounts(testApp.database, shop.tenant.id)).toEqual(counts);
    expect(await saleStatus(sale.id)).toBe('completed');
  });

  it('lowers the customer’s debt for a credit sale’s return and takes back the points it earned', async () => {
    const customerId = await createTestContact(testApp.database, shop.tenant.id, { creditLimitMinor: 1_000_000 });
    const sale = await sell(checkoutBody(shop, [{ product: sugar, quantityMilli: 2000 }], { customerId, payments: [{ tender: 'account', amountMinor: 33_100 }] }));
    expect(sale.loyaltyPointsEarned).toBe(3); // a point per KSh 100
    expect((await receivable(customerId)).balance).toBe(33_100);
    const saleReturn = await returned(returnBody(sale, [{ index: 0, quantityMilli: 1000 }]));
    expect(saleReturn.refunds).toEqual([{ tender: 'account', amountMinor: 16_550, reference: null }]);
    expect(saleReturn.customer).toEqual({ id: customerId, name: expect.any(String) });
    expect(saleReturn.loyaltyPointsReversed).toBe(2); // 3 × 16,550 / 33,100 = 1.5, rounded up
    expect((await receivable(customerId)).balance).toBe(16_550);
    expect(await one<{ points: number }>(sql`select points from loyalty_balances where contact_id = ${customerId}`)).toEqual({ points: 1 });
  });

  it('puts a gift card payment back on the card', async () => {
    const { card, code } = await testApp.database.withTenant(shop.tenant.id, (tx) => issueGiftCard(tx, { tenantId: shop.tenant.id, amountMinor: 50_000, userId: null }));
    const sale = await sell(checkoutBody(shop, [{ product: soap, quantityMilli: 2000 }], { payments: [{ tender: 'gift_card', amountMinor: 24_000, code }] }));
    const saleReturn = await returned(returnBody(sale, [{ index: 0, quantityMilli: 1000 }]));
    expect(saleReturn.refunds).toEqual([{ tender: 'gift_card', amountMinor: 12_000, reference: card.last4 }]);
    expect(await one<{ balance: number }>(sql`select balance_minor::int as balance from gift_cards where id = ${card.id}`)).toEqual({ balance: 38_000 });
  });

  it('needs the reversal’s M-Pesa code to refund an M-Pesa sale, and claims it once', async () => {
    const paidWith = mpesaCode();
    const sale = await sell(checkoutBody(shop, [{ product: soap }], { payments: [{ tender: 'mpesa', amountMinor: 12_000, reference: paidWith }] }));
    const counts = await salesCounts(testApp.database, shop.tenant.id);
    const withoutCode = await postReturn(returnBody(sale, [{ index: 0, quantityMilli: 1000 }]));
    expect(withoutCode.status).toBe(400);
    expect(withoutCode.json().error.fields.refunds).toBeDefined();
    const spentCode = await postReturn(returnBody(sale, [{ index: 0, quantityMilli: 1000 }], { refunds: [{ tender: 'mpesa', amountMinor: 12_000, reference: paidWith }] }));
    expect(spentCode.status).toBe(409);
    expect(spentCode.json().error.code).toBe('mpesa_code_used');
    expect(await salesCounts(testApp.database, shop.tenant.id)).toEqual(counts);

    const reversal = mpesaCode();
    const saleReturn = await returned(returnBody(sale, [{ index: 0, quantityMilli: 1000 }], { refunds: [{ tender: 'mpesa', amountMinor: 12_000, reference: reversal.toLowerCase() }] }));
    expect(saleReturn.refunds).toEqual([{ tender: 'mpesa', amountMinor: 12_000, reference: reversal }]);
    expect(await one<{ source_type: string; source_id: string }>(sql`select source_type, source_id from mpesa_codes where code = ${reversal}`)).toEqual({
      source_type: 'sale_refund',
      source_id: saleReturn.id,
    });
  });

  it('needs a manager’s approval past the return window, and spends it', async () => {
    const sale = await sell(checkoutBody(shop, [{ product: soap }]));
    await testApp.database.withTenant(shop.tenant.id, (tx) =>
      tx.execute(sql`insert into sales_settings (tenant_id, return_window_days) values (${shop.tenant.id}, 0)
                     on conflict (tenant_id) do update set return_window_days = 0`),
    );
    try {
      const counts = await salesCounts(testApp.database, shop.tenant.id);
      const refused = await postReturn(returnBody(sale, [{ index: 0, quantityMilli: 1000 }]));
      expect(refused.status).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'approval_required', message: 'This sale is older than 0 days: a manager must approve the return' });
      const wrongKind = await postReturn(returnBody(sale, [{ index: 0, quantityMilli: 1000 }], { approvalId: await approval('discount') }));
      expect(wrongKind.json().error.code).toBe('approval_invalid');
      expect(await salesCounts(testApp.database, shop.tenant.id)).toEqual(counts);

      const approvalId = await approval('return_window');
      const saleReturn = await returned(returnBody(sale, [{ index: 0, quantityMilli: 1000 }], { approvalId }));
      expect(await one<{ used_by_id: string; used_by_type: string }>(sql`select used_by_id, used_by_type from approvals where id = ${approvalId}`)).toEqual({
        used_by_id: saleReturn.id,
        used_by_type: 'sale_return',
      });
    } finally {
      await testApp.database.withTenant(shop.tenant.id, (tx) => tx.execute(sql`update sales_settings set return_window_days = 14`));
    }
  });

  it('refuses a line of another sale with a message on that line, and a voided sale', async () => {
    const sale = await sell(checkoutBody(shop, [{ product: soap }]));
    const another = await sell(checkoutBody(shop, [{ product: sugar }]));
    const body = returnBody(sale, [{ index: 0, quantityMilli: 1000 }]);
    body.lines[0]!.saleLineId = another.lines[0]!.id;
    const response = await postReturn(body);
    expect(response.status).toBe(400);
    expect(response.json().error.fields).toEqual({ 'lines.0.saleLineId': ['This line is not on the sale'] });

    const voided = await shop.call('POST', `/api/sales/${another.id}/void`, { body: { reason: 'Rung up twice' }, as: 'manager' });
    expect(voided.status).toBe(200);
    const afterVoid = await postReturn(returnBody(another, [{ index: 0, quantityMilli: 1000 }]));
    expect(afterVoid.status).toBe(409);
  });
});

describe('POST /api/sale-returns without a receipt', () => {
  it('gives store credit (a deposit) to the customer with a manager’s approval, and nothing else', async () => {
    const customerId = await createTestContact(testApp.database, shop.tenant.id);
    const body = {
      id: randomUUID(),
      registerId: shop.registerId,
      shiftId: shop.shiftId,
      customerId,
      lines: [{ variantId: sugar.variantId, amountMinor: 15_000, quantityMilli: 1000 }],
      reason: 'wrong_item',
    };
    const counts = await salesCounts(testApp.database, shop.tenant.id);
    const unapproved = await postReturn(body);
    expect(unapproved.status).toBe(409);
    expect(unapproved.json().error.code).toBe('approval_required');
    const approvalId = await approval('return_without_receipt');
    const asCash = await postReturn({ ...body, approvalId, refunds: [{ tender: 'cash', amountMinor: 15_000 }] });
    expect(asCash.status).toBe(400);
    expect(asCash.json().error.fields.refunds).toEqual(['A return without a receipt is store credit only: refund it as a deposit']);
    expect(await salesCounts(testApp.database, shop.tenant.id)).toEqual(counts);

    const before = await onHand(sugar.variantId);
    const saleReturn = await returned({ ...body, approvalId });
    expect(saleReturn).toMatchObject({
      saleId: null,
      receiptCode: null,
      customer: { id: customerId },
      totalMinor: 15_000,
      taxMinor: 2_069, // 150.00 × 16/116
      refunds: [{ tender: 'deposit', amountMinor: 15_000, reference: null }],
    });
    expect((await receivable(customerId)).balance).toBe(-15_000);
    expect(await onHand(sugar.variantId)).toBe(before + 1000);
  });
});

describe('POST /api/sale-exchanges', () => {
  it('returns a bag of sugar and sells two soaps in one go: the return’s credit pays the sale first, cash the rest', async () => {
    const sale = await sell(checkoutBody(shop, [{ product: sugar }]));
    const newSale = checkoutBody(shop, [{ product: soap, quantityMilli: 2000 }], { payments: [{ tender: 'cash', amountMinor: 7_450, tenderedMinor: 10_000 }] });
    const body = { saleReturn: returnBody(sale, [{ index: 0, quantityMilli: 1000 }], { reason: 'wrong_item' }), sale: newSale };
    const response = await shop.call('POST', '/api/sale-exchanges', { body, as: 'cashier' });
    expect(response.status, response.text).toBe(201);
    const { saleReturn, sale: exchanged, replayed } = response.json();
    expect(replayed).toBe(false);
    expect(saleReturn).toMatchObject({ totalMinor: 16_550, refunds: [{ tender: 'exchange', amountMinor: 16_550 }], exchangeSaleId: newSale.id });
    expect(exchanged).toMatchObject({ id: newSale.id, totalMinor: 24_000, changeMinor: 2_550 });
    expect(exchanged.payments.map((payment: { tender: string; amountMinor: number }) => [payment.tender, payment.amountMinor])).toEqual([
      ['exchange', 16_550],
      ['cash', 7_450],
    ]);
    const retry = await shop.call('POST', '/api/sale-exchanges', { body, as: 'cashier' });
    expect(retry.status).toBe(200);
    expect(retry.json().replayed).toBe(true);
    const voided = await shop.call('POST', `/api/sales/${newSale.id}/void`, { body: { reason: 'Rung up twice' }, as: 'manager' });
    expect(voided.json().error).toMatchObject({ code: 'conflict', message: 'This sale was paid by an exchange: make a return instead' });

    const short = { saleReturn: returnBody(sale, [{ index: 0, quantityMilli: 1000 }]), sale: { ...newSale, id: randomUUID() } };
    const counts = await salesCounts(testApp.database, shop.tenant.id);
    const refused = await shop.call('POST', '/api/sale-exchanges', { body: short, as: 'cashier' });
    expect(refused.status).toBe(409);
    expect(await salesCounts(testApp.database, shop.tenant.id)).toEqual(counts);
  });
});

describe('isolation and bad input', () => {
  it('answers 404 for another shop’s return and sale', async () => {
    const sale = await sell(checkoutBody(shop, [{ product: soap }]));
    const saleReturn = await returned(returnBody(sale, [{ index: 0, quantityMilli: 1000 }]));
    expect((await other.call('GET', `/api/sale-returns/${saleReturn.id}`, { as: 'owner' })).status).toBe(404);
    const counts = await salesCounts(testApp.database, other.tenant.id);
    const theirs = await postReturn({ ...returnBody(sale, [{ index: 0, quantityMilli: 1000 }]), registerId: other.registerId, shiftId: other.shiftId }, { target: other, as: 'owner' });
    expect(theirs.status).toBe(404);
    expect(await salesCounts(testApp.database, other.tenant.id)).toEqual(counts);
  });

  it('answers 400 with a message per field and writes nothing', async () => {
    const sale = await sell(checkoutBody(shop, [{ product: soap }]));
    const counts = await salesCounts(testApp.database, shop.tenant.id);
    const body = returnBody(sale, [{ index: 0, quantityMilli: 0 }], { reason: 'bored', refunds: [{ tender: 'cash', amountMinor: 12.5 }] });
    const response = await postReturn(body);
    expect(response.status).toBe(400);
    expect(Object.keys(response.json().error.fields).sort()).toEqual(['lines.0.quantityMilli', 'reason', 'refunds.0.amountMinor']);
    const noLines = await postReturn({ ...returnBody(sale, []), lines: [] });
    expect(noLines.json().error.fields.lines).toEqual(['Choose at least one item to return']);
    expect(await salesCounts(testApp.database, shop.tenant.id)).toEqual(counts);
  });
});
