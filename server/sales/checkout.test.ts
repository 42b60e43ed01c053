import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upgradeMessage } from '../../core/billing/plan-features.rules';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { recordPayment } from '../accounts/account-ledger';
import { createTestContact } from '../accounts/accounts-test-kit';
import { queryRows } from '../db/client';
import { GIFT_CARD_NOT_FOUND, issueGiftCard, voidGiftCard } from '../gift-cards/gift-card-ledger';
import { addRegisterWithShift, addStockedProduct, checkoutBody, createSalesShop, salesCounts, type SalesShop, type StockedProduct } from './sales-test-kit';

// The sale transaction (issue 15): tenders and their ledgers, stock through the ledger, exactly
// once under concurrency (R3), never oversold (R2), gap-free receipt numbers, the server's prices,
// late and outbox sales, the advanced_pos plan gate, approvals, bad input writing nothing, and
// tenant isolation. One seeded shop serves the file (a second one for isolation, a Starter one
// for the plan).

let testApp: TestApp;
let shop: SalesShop;
let other: SalesShop;
let starter: SalesShop;
let soap: StockedProduct;
let sugar: StockedProduct;

type Body = ReturnType<typeof checkoutBody> & Record<string, unknown>;

const sell = (body: Body | Record<string, unknown>, options: { as?: 'owner' | 'manager' | 'cashier'; target?: SalesShop } = {}) =>
  (options.target ?? shop).call('POST', '/api/sales', { body, as: options.as ?? 'cashier' });

async function onHand(target: SalesShop, variantId: string): Promise<number> {
  const [row] = await testApp.database.withTenant(target.tenant.id, (tx) =>
    queryRows<{ on_hand: string }>(tx, sql`select on_hand::text from stock_levels where variant_id = ${variantId} and location_id = ${target.defaultLocationId}`),
  );
  return Number(row?.on_hand ?? 0) * 1000;
}

async function enableLoyalty(target: SalesShop) {
  await testApp.database.withTenant(target.tenant.id, (tx) =>
    tx.execute(sql`insert into loyalty_settings (tenant_id, is_enabled, earn_rate_bps, point_value_minor)
                   values (${target.tenant.id}, true, 100, 100)
                   on conflict (tenant_id) do update set is_enabled = true, earn_rate_bps = 100, point_value_minor = 100`),
  );
}

async function countWhere(target: SalesShop, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await testApp.database.withTenant(target.tenant.id, (tx) => queryRows<{ n: number }>(tx, query));
  return row!.n;
}

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createSalesShop(testApp);
  other = await createSalesShop(testApp);
  starter = await createSalesShop(testApp, { plan: 'Starter' });
  soap = await addStockedProduct(testApp.database, shop, { name: 'Geisha soap', priceMinor: 12_000 });
  sugar = await addStockedProduct(testApp.database, shop, { name: 'Kabras sugar 1 kg', priceMinor: 16_550 });
  await enableLoyalty(shop);
});
afterAll(() => testApp.close());

describe('POST /api/sales', () => {
  it('sells for cash with change: the sale, its lines, payment and stock movements in one go', async () => {
    const before = await onHand(shop, soap.variantId);
    const body = checkoutBody(shop, [{ product: soap, quantityMilli: 2000 }, { product: sugar }], {
      payments: [{ tender: 'cash', amountMinor: 40_550, tenderedMinor: 50_000 }],
    });
    const response = await sell(body);
    expect(response.status).toBe(201);
    const { sale, replayed } = response.json();
    expect(replayed).toBe(false);
    expect(sale).toMatchObject({
      id: body.id,
      status: 'completed',
      isLate: false,
      subtotalMinor: 40_550,
      totalMinor: 40_550,
      paidMinor: 50_000,
      changeMinor: 9_450,
      cashierId: shop.users.cashier.id,
      cashierName: expect.any(String),
      payments: [{ tender: 'cash', amountMinor: 40_550, tenderedMinor: 50_000, reference: null, loyaltyPoints: null }],
    });
    expect(sale.receiptCode).toMatch(/^T1-\d{6}$/);
    expect(sale.lines.map((line: { productName: string; quantityMilli: number; taxBand: string }) => [line.productName, line.quantityMilli, line.taxBand])).toEqual([
      ['Geisha soap', 2000, 'B'],
      ['Kabras sugar 1 kg', 1000, 'B'],
    ]);
    // 16% VAT inside KSh 405.50: 40,550 × 1600 / 11,600 = 5,593.1 → 5,593 (per line: 3,310 + 2,283).
    expect(sale.taxMinor).toBe(3_310 + 2_283);
    expect(sale.taxBands.B).toEqual({ grossMinor: 40_550, taxMinor: 5_593, rateBp: 1600 });
    expect(await onHand(shop, soap.variantId)).toBe(before - 2000);
    expect(await countWhere(shop, sql`select count(*)::int as n from stock_movements where source_type = 'sale' and source_id = ${body.id}`)).toBe(2);
  });

  it('splits cash and M-Pesa', async () => {
    const body = checkoutBody(shop, [{ product: sugar, quantityMilli: 3000 }], {
      payments: [
        { tender: 'cash', amountMinor: 20_000, tenderedMinor: 20_000 },
        { tender: 'mpesa', amountMinor: 29_650, reference: 'sgh7k2lq9p' },
      ],
    });
    const response = await sell(body);
    expect(response.status).toBe(201);
    expect(response.json().sale.payments).toEqual([
      { tender: 'cash', amountMinor: 20_000, tenderedMinor: 20_000, reference: null, loyaltyPoints: null },
      { tender: 'mpesa', amountMinor: 29_650, tenderedMinor: null, reference: 'SGH7K2LQ9P', loyaltyPoints: null },
    ]);
    expect(await countWhere(shop, sql`select count(*)::int as n from mpesa_codes where code = 'SGH7K2LQ9P' and source_type = 'sale'`)).toBe(1);
  });

  it('refuses an M-Pesa code already used, in another sale or twice in one', async () => {
    const first = checkoutBody(shop, [{ product: soap }], { payments: [{ tender: 'mpesa', amountMinor: 12_000, reference: 'QWE1234567' }] });
    expect((await sell(first)).status).toBe(201);
    const before = await salesCounts(testApp.database, shop.tenant.id);
    const again = await sell(checkoutBody(shop, [{ product: soap }], { payments: [{ tender: 'mpesa', amountMinor: 12_000, reference: 'QWE1234567' }] }));
    expect(again.status).toBe(409);
    expect(again.json().error.code).toBe('mpesa_code_used');
    expect(again.json().error.fields['payments.0.reference']).toBeDefined();
    const twice = await sell(
      checkoutBody(shop, [{ product: soap }], {
        payments: [
          { tender: 'mpesa', amountMinor: 6_000, reference: 'ZZZ1234567' },
          { tender: 'mpesa', amountMinor: 6_000, reference: 'ZZZ1234567' },
        ],
      }),
    );
    expect(twice.status).toBe(400);
    expect(await salesCounts(testApp.database, shop.tenant.id)).toEqual(before);
  });

  it('sells on account: a charge on the customer’s receivable, the balance on the receipt', async () => {
    const customerId = await createTestContact(testApp.database, shop.tenant.id, { creditLimitMinor: 1_000_000, customerTermsDays: 30 });
    const body = checkoutBody(shop, [{ product: sugar }], { customerId, payments: [{ tender: 'account', amountMinor: 16_550 }] });
    const response = await sell(body);
    expect(response.status).toBe(201);
    expect(response.json().sale).toMatchObject({ customerBalanceMinor: 16_550, creditLimitWarning: false, customer: { id: customerId } });
    const [entry] = await testApp.database.withTenant(shop.tenant.id, (tx) =>
      queryRows<{ kind: string; amount_minor: string; due: boolean }>(
        tx,
        sql`select e.kind, e.amount_minor::text, o.due_date = (now() at time zone 'Africa/Nairobi')::date + 30 as due
            from account_entries e join account_open_items o on o.entry_id = e.id where e.source_type = 'sale' and e.source_id = ${body.id}`,
      ),
    );
    expect(entry).toEqual({ kind: 'charge', amount_minor: '16550', due: true });
  });

  it('refuses a sale on account without a customer, or past the credit limit, writing nothing', async () => {
    const before = await salesCounts(testApp.database, shop.tenant.id);
    const anonymous = await sell(checkoutBody(shop, [{ product: soap }], { payments: [{ tender: 'account', amountMinor: 12_000 }] }));
    expect(anonymous.status).toBe(400);
    expect(anonymous.json().error.fields.customerId).toBeDefined();
    const customerId = await createTestContact(testApp.database, shop.tenant.id, { creditLimitMinor: 10_000 });
    const past = await sell(checkoutBody(shop, [{ product: soap }], { customerId, payments: [{ tender: 'account', amountMinor: 12_000 }] }));
    expect(past.status).toBe(409);
    expect(past.json().error.code).toBe('credit_limit_exceeded');
    expect(past.json().error.fields['payments.0.amountMinor']).toBeDefined();
    expect(await salesCounts(testApp.database, shop.tenant.id)).toEqual(before);
  });

  it('earns loyalty points once per sale, on what was not paid with points', async () => {
    const customerId = await createTestContact(testApp.database, shop.tenant.id);
    const body = checkoutBody(shop, [{ product: soap, quantityMilli: 5000 }], { customerId });
    const first = await sell(body);
    expect(first.status).toBe(201);
    // KSh 600 at 1 point per KSh 100.
    expect(first.json().sale.loyaltyPointsEarned).toBe(6);
    const replay = await sell(body);
    expect(replay.status).toBe(200);
    expect(replay.json().replayed).toBe(true);
    expect(await countWhere(shop, sql`select count(*)::int as n from loyalty_entries where contact_id = ${customerId}`)).toBe(1);

    // 6 points (KSh 6) pay part of KSh 120: points are earned on the KSh 114 paid otherwise.
    const redeem = await sell(
      checkoutBody(shop, [{ product: soap }], {
        customerId,
        payments: [
          { tender: 'loyalty', amountMinor: 600, points: 6 },
          { tender: 'cash', amountMinor: 11_400 },
        ],
      }),
    );
    expect(redeem.status).toBe(201);
    expect(redeem.json().sale).toMatchObject({ loyaltyPointsEarned: 1, payments: [{ tender: 'loyalty', loyaltyPoints: 6 }, { tender: 'cash' }] });
    const wrongWorth = await sell(
      checkoutBody(shop, [{ product: soap }], {
        customerId,
        payments: [
          { tender: 'loyalty', amountMinor: 500, points: 1 },
          { tender: 'cash', amountMinor: 11_500 },
        ],
      }),
    );
    expect(wrongWorth.status).toBe(400);
    expect(wrongWorth.json().error.fields['payments.0.amountMinor']).toBeDefined();
  });

  it('takes a gift card by its code and a customer’s deposit', async () => {
    const { code, card } = await testApp.database.withTenant(shop.tenant.id, (tx) => issueGiftCard(tx, { tenantId: shop.tenant.id, amountMinor: 10_000, userId: null }));
    const paid = await sell(
      checkoutBody(shop, [{ product: soap }], {
        payments: [
          { tender: 'gift_card', amountMinor: 10_000, code },
          { tender: 'cash', amountMinor: 2_000 },
        ],
      }),
    );
    expect(paid.status).toBe(201);
    expect(paid.json().sale.payments[0]).toMatchObject({ tender: 'gift_card', reference: card.last4 });
    expect(await countWhere(shop, sql`select balance_minor::int as n from gift_cards where id = ${card.id}`)).toBe(0);
    // A code that opens no card, or a voided card, is refused on that payment (the register drops it).
    const unknown = await sell(checkoutBody(shop, [{ product: soap }], { payments: [{ tender: 'gift_card', amountMinor: 12_000, code: 'ABCD-EFGH-JKMN-PQRS' }] }));
    expect(unknown.status).toBe(404);
    expect(unknown.json().error.fields).toEqual({ 'payments.0.code': [GIFT_CARD_NOT_FOUND] });
    const voided = await testApp.database.withTenant(shop.tenant.id, async (tx) => {
      const issued = await issueGiftCard(tx, { tenantId: shop.tenant.id, amountMinor: 20_000, userId: null });
      await voidGiftCard(tx, { tenantId: shop.tenant.id, giftCardId: issued.card.id, reason: 'Lost', userId: null });
      return issued.code;
    });
    const refused = await sell(checkoutBody(shop, [{ product: soap }], { payments: [{ tender: 'cash', amountMinor: 2_000 }, { tender: 'gift_card', amountMinor: 10_000, code: voided }] }));
    expect(refused.status).toBe(409);
    expect(refused.json().error.fields).toEqual({ 'payments.1.code': ['This gift card was voided and cannot be used'] });

    const customerId = await createTestContact(testApp.database, shop.tenant.id);
    await testApp.database.withTenant(shop.tenant.id, (tx) =>
      recordPayment(tx, { tenantId: shop.tenant.id, contactId: customerId, side: 'receivable', amountMinor: 15_000, method: 'cash', userId: null }),
    );
    const fromDeposit = await sell(checkoutBody(shop, [{ product: soap }], { customerId, payments: [{ tender: 'deposit', amountMinor: 12_000 }] }));
    expect(fromDeposit.status).toBe(201);
    const tooMuch = await sell(checkoutBody(shop, [{ product: soap }], { customerId, payments: [{ tender: 'deposit', amountMinor: 12_000 }] }));
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json().error.fields['payments.0.amountMinor']).toBeDefined();
  });

  it('sells a pack of the product’s unit and a combo, which takes its components off the shelf', async () => {
    const tenantId = shop.tenant.id;
    const pieces = await addStockedProduct(testApp.database, shop, { unitName: 'Piece', priceMinor: 5_000, onHandMilli: 48_000 });
    const { crateId, comboVariantId } = await testApp.database.withTenant(tenantId, async (tx) => {
      const [crate] = await queryRows<{ id: string }>(
        tx,
        sql`insert into units (tenant_id, name, short_name, base_unit_id, base_quantity)
            select ${tenantId}, 'Crate of 24', 'crate', unit_id, 24 from products where id = ${pieces.productId} returning id`,
      );
      const [combo] = await queryRows<{ id: string }>(tx, sql`insert into products (tenant_id, name, kind) values (${tenantId}, 'Breakfast combo', 'combo') returning id`);
      const [variant] = await queryRows<{ id: string }>(
        tx,
        sql`insert into product_variants (tenant_id, product_id, sku, selling_price_minor) values (${tenantId}, ${combo!.id}, ${`COMBO-${randomUUID().slice(0, 6)}`}, 25000) returning id`,
      );
      await tx.execute(sql`insert into combo_components (tenant_id, product_id, component_variant_id, quantity)
                           values (${tenantId}, ${combo!.id}, ${sugar.variantId}, 1), (${tenantId}, ${combo!.id}, ${soap.variantId}, 2)`);
      return { crateId: crate!.id, comboVariantId: variant!.id };
    });
    const [soapBefore, sugarBefore] = [await onHand(shop, soap.variantId), await onHand(shop, sugar.variantId)];
    const body = {
      ...checkoutBody(shop, []),
      lines: [
        { variantId: pieces.variantId, quantityMilli: 1000, unitId: crateId },
        { variantId: comboVariantId, quantityMilli: 2000 },
      ],
      payments: [{ tender: 'cash', amountMinor: 24 * 5_000 + 50_000 }],
      expectedTotalMinor: 24 * 5_000 + 50_000,
    };
    const response = await sell(body);
    expect(response.status).toBe(201);
    expect(response.json().sale.lines[0]).toMatchObject({ unitId: crateId, unitName: 'Crate of 24', quantityMilli: 1000, stockQuantityMilli: 24_000, listPriceMinor: 120_000 });
    expect(await onHand(shop, pieces.variantId)).toBe(24_000);
    expect(await onHand(shop, soap.variantId)).toBe(soapBefore - 4000);
    expect(await onHand(shop, sugar.variantId)).toBe(sugarBefore - 2000);
  });

  it('needs a manager’s approval for a price below the catalog’s, and spends it', async () => {
    const lines = [{ variantId: soap.variantId, quantityMilli: 1000, unitPriceMinor: 10_000 }];
    const base = checkoutBody(shop, [{ product: soap }], { payments: [{ tender: 'cash', amountMinor: 10_000 }] });
    const refused = await sell({ ...base, lines, expectedTotalMinor: 10_000 });
    expect(refused.status).toBe(409);
    expect(refused.json().error.code).toBe('approval_required');
    expect(refused.json().error.fields['lines.0']).toBeDefined();

    const [approval] = await testApp.database.withTenant(shop.tenant.id, (tx) =>
      queryRows<{ id: string }>(
        tx,
        sql`insert into approvals (tenant_id, action, approver_id, requested_by, method) values (${shop.tenant.id}, 'price_override', ${shop.users.manager.id}, ${shop.users.cashier.id}, 'pin') returning id`,
      ),
    );
    const approved = await sell({ ...base, id: randomUUID(), lines, expectedTotalMinor: 10_000, approvalIds: [approval!.id] });
    expect(approved.status).toBe(201);
    expect(approved.json().sale.lines[0]).toMatchObject({ unitPriceMinor: 10_000, listPriceMinor: 12_000, priceOverridden: true });
    expect(await countWhere(shop, sql`select count(*)::int as n from approvals where id = ${approval!.id} and used_by_id = ${approved.json().sale.id}`)).toBe(1);
  });

  it('answers 409 price_changed with the server’s quote when the catalog price changed', async () => {
    const product = await addStockedProduct(testApp.database, shop, { priceMinor: 5_000 });
    const body = checkoutBody(shop, [{ product }]);
    await testApp.database.withTenant(shop.tenant.id, (tx) => tx.execute(sql`update product_variants set selling_price_minor = 5500 where id = ${product.variantId}`));
    const before = await salesCounts(testApp.database, shop.tenant.id);
    const response = await sell(body);
    expect(response.status).toBe(409);
    expect(response.json().error.code).toBe('price_changed');
    expect(response.json().quote).toMatchObject({ totalMinor: 5_500, lines: [{ unitPriceMinor: 5_500 }] });
    expect(await salesCounts(testApp.database, shop.tenant.id)).toEqual(before);
  });

  it('accepts a late sale on a closed shift, and an outbox sale past the stock', async () => {
    const late = await addRegisterWithShift(testApp.database, shop, { prefix: 'L1' });
    await testApp.database.withTenant(shop.tenant.id, (tx) =>
      tx.execute(sql`update shifts set status = 'closed', closed_at = now(), counted_cash_minor = 100000, expected_cash_minor = 100000,
                     over_short_minor = 0, z_number = 1, z_report = '{}'::jsonb where id = ${late.shiftId}`),
    );
    const lateBody = { ...checkoutBody(shop, [{ product: soap }]), registerId: late.registerId, shiftId: late.shiftId };
    const lateSale = await sell(lateBody);
    expect(lateSale.status).toBe(201);
    expect(lateSale.json().sale).toMatchObject({ isLate: true, shiftId: late.shiftId });
    expect(lateSale.json().sale.receiptCode).toMatch(/^L1-/);

    const scarce = await addStockedProduct(testApp.database, shop, { onHandMilli: 1000 });
    const refused = await sell(checkoutBody(shop, [{ product: scarce, quantityMilli: 3000 }]));
    expect(refused.status).toBe(409);
    const outbox = await sell(checkoutBody(shop, [{ product: scarce, quantityMilli: 3000 }], { fromOutbox: true }));
    expect(outbox.status).toBe(201);
    expect(await onHand(shop, scarce.variantId)).toBe(-2000);
  });

  it('refuses a new sale on a register taken out of use; a delayed outbox sale of it still lands', async () => {
    const retired = await addRegisterWithShift(testApp.database, shop, { prefix: 'X9' });
    await testApp.database.withTenant(shop.tenant.id, (tx) => tx.execute(sql`update registers set is_active = false where id = ${retired.registerId}`));
    const body = (fromOutbox: boolean) => ({ ...checkoutBody(shop, [{ product: soap }], { fromOutbox }), registerId: retired.registerId, shiftId: retired.shiftId });
    const refused = await sell(body(false));
    expect(refused.status).toBe(409);
    expect(refused.json().error).toMatchObject({ message: 'This register is not in use: sell on another register', fields: { registerId: ['This register is not in use'] } });
    expect((await sell(body(true))).status).toBe(201);
  });

  it('takes two lines of one item as one movement of their sum', async () => {
    const before = await onHand(shop, sugar.variantId);
    const body = checkoutBody(shop, [{ product: sugar }, { product: soap }, { product: sugar, quantityMilli: 2000 }]);
    const response = await sell(body);
    expect(response.status).toBe(201);
    expect(await onHand(shop, sugar.variantId)).toBe(before - 3000);
    const movements = await testApp.database.withTenant(shop.tenant.id, (tx) =>
      queryRows<{ variant_id: string; quantity: string }>(tx, sql`select variant_id, quantity::text from stock_movements where source_id = ${body.id} order by quantity`),
    );
    expect(movements).toEqual(
      expect.arrayContaining([
        { variant_id: sugar.variantId, quantity: '-3.000' },
        { variant_id: soap.variantId, quantity: '-1.000' },
      ]),
    );
    expect(movements).toHaveLength(2);
  });

  it('answers the stored sale for a retry, also from the outbox, and refuses another body under the same id', async () => {
    const body = checkoutBody(shop, [{ product: soap }]);
    const first = await sell(body);
    expect(first.status).toBe(201);
    const fromOutbox = await sell({ ...body, fromOutbox: true });
    expect(fromOutbox.status).toBe(200);
    expect(fromOutbox.json()).toMatchObject({ replayed: true, sale: { receiptCode: first.json().sale.receiptCode } });
    const before = await salesCounts(testApp.database, shop.tenant.id);
    const different = await sell(checkoutBody(shop, [{ product: sugar }], { id: body.id }));
    expect(different.status).toBe(409);
    expect(different.json().error.code).toBe('sale_id_reused');
    expect(await salesCounts(testApp.database, shop.tenant.id)).toEqual(before);
  });

  it('refuses bad input with field messages and writes nothing', async () => {
    const before = await salesCounts(testApp.database, shop.tenant.id);
    const good = () => checkoutBody(shop, [{ product: soap }]);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good(), lines: [{ variantId: randomUUID(), quantityMilli: 1000 }] }, 'lines.0.variantId'],
      [{ ...good(), lines: [{ variantId: soap.variantId, quantityMilli: 0 }] }, 'lines.0.quantityMilli'],
      [{ ...good(), lines: [{ variantId: soap.variantId, quantityMilli: -1000 }] }, 'lines.0.quantityMilli'],
      [{ ...good(), lines: [{ variantId: soap.variantId, quantityMilli: 1500 }], expectedTotalMinor: 18_000, payments: [{ tender: 'cash', amountMinor: 18_000 }] }, 'lines.0.quantityMilli'],
      [{ ...good(), expectedTotalMinor: 120.5, payments: [{ tender: 'cash', amountMinor: 120.5 }] }, 'expectedTotalMinor'],
      [{ ...good(), payments: [{ tender: 'cash', amountMinor: 11_000 }] }, 'payments'],
      [{ ...good(), lines: [{ variantId: soap.variantId, quantityMilli: 1000, discount: { type: 'amount', amountMinor: 20_000 } }] }, 'lines.0.discount'],
    ];
    for (const [body, field] of cases) {
      const response = await sell(body);
      expect(response.status, field).toBe(400);
      expect(response.json().error.fields[field], JSON.stringify(response.json().error.fields)).toBeDefined();
    }
    expect(await salesCounts(testApp.database, shop.tenant.id)).toEqual(before);
  });

  it('gates tips and cart discounts behind advanced_pos (402), selling itself works on Starter', async () => {
    const item = await addStockedProduct(testApp.database, starter, { priceMinor: 10_000 });
    const tip = { ...checkoutBody(starter, [{ product: item }]), tipMinor: 1_000, expectedTotalMinor: 11_000, payments: [{ tender: 'cash', amountMinor: 11_000 }] };
    const tipped = await sell(tip, { target: starter });
    expect(tipped.status).toBe(402);
    expect(tipped.json().error.message).toBe(upgradeMessage('advanced_pos'));
    const discounted = { ...checkoutBody(starter, [{ product: item }]), cartDiscount: { type: 'amount', amountMinor: 500 }, expectedTotalMinor: 9_500, payments: [{ tender: 'cash', amountMinor: 9_500 }] };
    expect((await sell(discounted, { target: starter })).status).toBe(402);
    expect((await starter.call('POST', '/api/sales/quote', { body: { registerId: starter.registerId, lines: [{ variantId: item.variantId, quantityMilli: 1000 }], tipMinor: 500 }, as: 'cashier' })).status).toBe(402);
    expect((await sell(checkoutBody(starter, [{ product: item }]), { target: starter })).status).toBe(201);

    // With advanced_pos: a tip (no VAT) and a cart discount shared over the lines.
    const full = { ...checkoutBody(shop, [{ product: soap }, { product: sugar }]), tipMinor: 1_000, cartDiscount: { type: 'amount', amountMinor: 550 } };
    const total = 12_000 + 16_550 - 550 + 1_000;
    const response = await sell({ ...full, expectedTotalMinor: total, payments: [{ tender: 'cash', amountMinor: total }] });
    expect(response.status).toBe(201);
    expect(response.json().sale).toMatchObject({ tipMinor: 1_000, cartDiscountMinor: 550, totalMinor: total });
  });

  it('quotes a cart without writing', async () => {
    const before = await salesCounts(testApp.database, shop.tenant.id);
    const response = await shop.call('POST', '/api/sales/quote', {
      body: { registerId: shop.registerId, lines: [{ variantId: soap.variantId, quantityMilli: 2000, discount: { type: 'percent', bps: 2500 } }] },
      as: 'cashier',
    });
    expect(response.status).toBe(200);
    expect(response.json()).toMatchObject({
      subtotalMinor: 18_000,
      totalMinor: 18_000,
      lines: [{ lineDiscountMinor: 6_000, needsApproval: ['discount'], onHandMilli: expect.any(Number) }],
    });
    expect(await salesCounts(testApp.database, shop.tenant.id)).toEqual(before);
  });
});

describe('concurrency', () => {
  it('R2: eight registers selling the last five units sell exactly five', async () => {
    const last = await addStockedProduct(testApp.database, shop, { onHandMilli: 5000 });
    const registers = await Promise.all(Array.from({ length: 8 }, (_, index) => addRegisterWithShift(testApp.database, shop, { prefix: `R${index}` })));
    const attempts = registers.flatMap((register) => [0, 1].map(() => ({ ...checkoutBody(shop, [{ product: last }]), registerId: register.registerId, shiftId: register.shiftId })));
    const responses = await Promise.all(attempts.map((body) => sell(body)));
    expect(responses.filter((response) => response.status === 201)).toHaveLength(5);
    expect(responses.filter((response) => response.status === 409)).toHaveLength(attempts.length - 5);
    expect(await onHand(shop, last.variantId)).toBe(0);
  });

  it('R3: one sale posted 100 times at once is one sale, one set of movements, one charge, one earn', async () => {
    const customerId = await createTestContact(testApp.database, shop.tenant.id);
    const body = checkoutBody(shop, [{ product: soap }, { product: sugar, quantityMilli: 2000 }], {
      customerId,
      payments: [{ tender: 'account', amountMinor: 12_000 + 33_100 }],
    });
    const responses = await Promise.all(Array.from({ length: 100 }, () => sell(body)));
    expect(responses.map((response) => response.status).sort()).toEqual([...Array(99).fill(200), 201].sort());
    expect(new Set(responses.map((response) => response.json().sale.receiptCode)).size).toBe(1);
    const count = (query: ReturnType<typeof sql>) => countWhere(shop, query);
    expect(await count(sql`select count(*)::int as n from sales where id = ${body.id}`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from stock_movements where source_id = ${body.id}`)).toBe(2);
    expect(await count(sql`select count(*)::int as n from account_entries where source_id = ${body.id}`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from loyalty_entries where source_ref = ${body.id} and kind = 'earn'`)).toBe(1);
  });

  it('numbers receipts without gaps or repeats under concurrency', async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, () => sell(checkoutBody(shop, [{ product: soap }]))));
    expect(responses.every((response) => response.status === 201)).toBe(true);
    const numbers = await testApp.database.withTenant(shop.tenant.id, (tx) => queryRows<{ receipt_number: number }>(tx, sql`select receipt_number from sales order by receipt_number`));
    expect(numbers.map((row) => row.receipt_number)).toEqual(numbers.map((_, index) => index + 1));
  });
});

describe('tenant isolation', () => {
  it('another shop cannot read, find by receipt, sell the variants of, or sell on the register of this shop', async () => {
    const mine = await sell(checkoutBody(shop, [{ product: soap }]));
    const sale = mine.json().sale;
    expect((await other.call('GET', `/api/sales/${sale.id}`, { as: 'cashier' })).status).toBe(404);
    expect((await other.call('GET', `/api/sales/by-receipt/${sale.receiptCode}`, { as: 'cashier' })).status).toBe(404);
    const before = await salesCounts(testApp.database, other.tenant.id);
    const theirVariant = await sell(checkoutBody(other, [{ product: soap }]), { target: other });
    expect(theirVariant.status).toBe(400);
    expect(theirVariant.json().error.fields['lines.0.variantId']).toBeDefined();
    const ownItem = await addStockedProduct(testApp.database, other, { priceMinor: 1_000 });
    const theirRegister = await sell({ ...checkoutBody(other, [{ product: ownItem }]), registerId: shop.registerId, shiftId: shop.shiftId }, { target: other });
    expect(theirRegister.status).toBe(404);
    expect(await salesCounts(testApp.database, other.tenant.id)).toEqual(before);
    const replayElsewhere = await sell({ ...checkoutBody(other, [{ product: ownItem }]), id: sale.id }, { target: other });
    expect(replayElsewhere.status).toBe(201);
  });
});
