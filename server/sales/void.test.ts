import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sale } from '../../core/sales/sales.schemas';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { createTestContact } from '../accounts/accounts-test-kit';
import { queryRows } from '../db/client';
import { issueGiftCard } from '../gift-cards/gift-card-ledger';
import { adjustPoints } from '../loyalty/loyalty-ledger';
import { addRegisterWithShift, addStockedProduct, checkoutBody, createSalesShop, salesCounts, type SalesShop, type StockedProduct } from './sales-test-kit';

// Voiding a sale (issue 15): managers only, while its shift is open; everything comes back with
// new entries (stock, the account charge, points earned and spent, gift cards), the sale is marked
// voided once; a sale with returns or of a closed shift is refused; another shop's sale is 404.

let testApp: TestApp;
let shop: SalesShop;
let other: SalesShop;
let soap: StockedProduct;

async function sell(body: Record<string, unknown>): Promise<Sale> {
  const response = await shop.call('POST', '/api/sales', { body, as: 'cashier' });
  expect(response.status, response.text).toBe(201);
  return response.json().sale;
}

const voidSale = (saleId: string, options: { as?: 'owner' | 'manager' | 'cashier'; target?: SalesShop; body?: Record<string, unknown> } = {}) =>
  (options.target ?? shop).call('POST', `/api/sales/${saleId}/void`, { body: options.body ?? { reason: 'Rung up twice' }, as: options.as ?? 'manager' });

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await testApp.database.withTenant(shop.tenant.id, (tx) => queryRows<T>(tx, query));
  return row!;
}

const onHand = async (variantId: string) =>
  Math.round(Number((await one<{ on_hand: string }>(sql`select on_hand::text from stock_levels where variant_id = ${variantId} and location_id = ${shop.defaultLocationId}`)).on_hand) * 1000);

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createSalesShop(testApp);
  other = await createSalesShop(testApp);
  soap = await addStockedProduct(testApp.database, shop, { name: 'Geisha soap', priceMinor: 12_000 });
  await testApp.database.withTenant(shop.tenant.id, (tx) =>
    tx.execute(sql`insert into loyalty_settings (tenant_id, is_enabled, earn_rate_bps, point_value_minor) values (${shop.tenant.id}, true, 100, 100)
                   on conflict (tenant_id) do update set is_enabled = true, earn_rate_bps = 100, point_value_minor = 100`),
  );
});
afterAll(() => testApp.close());

describe('POST /api/sales/{id}/void', () => {
  it('reverses the stock, the account charge and the points earned; a second void is refused', async () => {
    const customerId = await createTestContact(testApp.database, shop.tenant.id, { creditLimitMinor: 1_000_000 });
    const before = await onHand(soap.variantId);
    const sale = await sell(checkoutBody(shop, [{ product: soap, quantityMilli: 3000 }], { customerId, payments: [{ tender: 'account', amountMinor: 36_000 }] }));
    expect(sale.loyaltyPointsEarned).toBe(3);
    expect(await onHand(soap.variantId)).toBe(before - 3000);

    const response = await voidSale(sale.id);
    expect(response.status, response.text).toBe(200);
    expect(response.json()).toMatchObject({ id: sale.id, status: 'voided', voidReason: 'Rung up twice', voidedAt: expect.any(String) });
    expect(await onHand(soap.variantId)).toBe(before);
    expect(await one<{ n: number }>(sql`select count(*)::int as n from stock_movements where source_type = 'sale_void' and source_id = ${sale.id} and kind = 'sale_return'`)).toEqual({ n: 1 });
    expect(await one<{ balance: number }>(sql`select balance_minor::int as balance from contact_accounts where contact_id = ${customerId} and side = 'receivable'`)).toEqual({ balance: 0 });
    expect(await one<{ points: number }>(sql`select points from loyalty_balances where contact_id = ${customerId}`)).toEqual({ points: 0 });
    expect(await one<{ voided_by: string }>(sql`select voided_by from sales where id = ${sale.id}`)).toEqual({ voided_by: shop.users.manager.id });

    const counts = await salesCounts(testApp.database, shop.tenant.id);
    const again = await voidSale(sale.id);
    expect(again.status).toBe(409);
    expect(again.json().error.message).toBe('This sale is already voided');
    expect(await salesCounts(testApp.database, shop.tenant.id)).toEqual(counts);
  });

  it('gives back the points and gift card money a sale spent, and records the approval given', async () => {
    const customerId = await createTestContact(testApp.database, shop.tenant.id);
    const { card, code } = await testApp.database.withTenant(shop.tenant.id, async (tx) => {
      await adjustPoints(tx, { tenantId: shop.tenant.id, contactId: customerId, points: 500, reason: 'Welcome bonus', userId: null });
      return issueGiftCard(tx, { tenantId: shop.tenant.id, amountMinor: 5_000, userId: null });
    });
    const sale = await sell(
      checkoutBody(shop, [{ product: soap }], {
        customerId,
        payments: [
          { tender: 'loyalty', amountMinor: 10_000, points: 100 },
          { tender: 'gift_card', amountMinor: 2_000, code },
        ],
      }),
    );
    const [approval] = await testApp.database.withTenant(shop.tenant.id, (tx) =>
      queryRows<{ id: string }>(
        tx,
        sql`insert into approvals (tenant_id, action, approver_id, requested_by, method) values (${shop.tenant.id}, 'void', ${shop.users.owner.id}, ${shop.users.manager.id}, 'pin') returning id`,
      ),
    );
    const response = await voidSale(sale.id, { body: { reason: 'Customer changed their mind at the till', approvalId: approval!.id } });
    expect(response.status, response.text).toBe(200);
    expect(await one<{ points: number }>(sql`select points from loyalty_balances where contact_id = ${customerId}`)).toEqual({ points: 500 });
    expect(await one<{ balance: number }>(sql`select balance_minor::int as balance from gift_cards where id = ${card.id}`)).toEqual({ balance: 5_000 });
    expect(await one<{ void_approval_id: string }>(sql`select void_approval_id from sales where id = ${sale.id}`)).toEqual({ void_approval_id: approval!.id });
    expect(await one<{ used_by_id: string }>(sql`select used_by_id from approvals where id = ${approval!.id}`)).toEqual({ used_by_id: sale.id });
  });

  it('is a manager’s: a cashier gets 403 and nothing changes', async () => {
    const sale = await sell(checkoutBody(shop, [{ product: soap }]));
    const response = await voidSale(sale.id, { as: 'cashier' });
    expect(response.status).toBe(403);
    expect(await one<{ status: string }>(sql`select status from sales where id = ${sale.id}`)).toEqual({ status: 'completed' });
  });

  it('refuses a sale with returns, and a sale of a closed shift (make a return instead)', async () => {
    const returnedSale = await sell(checkoutBody(shop, [{ product: soap, quantityMilli: 2000 }]));
    const saleReturn = await shop.call('POST', '/api/sale-returns', {
      as: 'cashier',
      body: {
        id: randomUUID(),
        registerId: shop.registerId,
        shiftId: shop.shiftId,
        saleId: returnedSale.id,
        lines: [{ saleLineId: returnedSale.lines[0]!.id, quantityMilli: 1000 }],
        reason: 'changed_mind',
      },
    });
    expect(saleReturn.status).toBe(201);
    const withReturns = await voidSale(returnedSale.id);
    expect(withReturns.status).toBe(409);
    expect(withReturns.json().error.message).toBe('Goods of this sale were returned: it cannot be voided');

    const till = await addRegisterWithShift(testApp.database, shop, { prefix: 'T9' });
    const body = { ...checkoutBody(shop, [{ product: soap }]), registerId: till.registerId, shiftId: till.shiftId };
    const sale = await sell(body);
    await testApp.database.withTenant(shop.tenant.id, (tx) =>
      tx.execute(sql`update shifts set status = 'closed', closed_at = now(), counted_cash_minor = 0, z_number = 1, z_report = '{}'::jsonb where id = ${till.shiftId}`),
    );
    const counts = await salesCounts(testApp.database, shop.tenant.id);
    const closed = await voidSale(sale.id);
    expect(closed.status).toBe(409);
    expect(closed.json().error).toMatchObject({ code: 'shift_closed', message: 'Only a sale of the open shift can be voided. Make a return instead.' });
    expect(await salesCounts(testApp.database, shop.tenant.id)).toEqual(counts);
  });

  it('answers 404 for another shop’s sale, and 400 with a field message for no reason', async () => {
    const sale = await sell(checkoutBody(shop, [{ product: soap }]));
    expect((await voidSale(sale.id, { target: other, as: 'owner' })).status).toBe(404);
    const noReason = await voidSale(sale.id, { body: { reason: ' ' } });
    expect(noReason.status).toBe(400);
    expect(noReason.json().error.fields.reason).toEqual(['Say why (at least 3 characters)']);
    expect(await one<{ status: string }>(sql`select status from sales where id = ${sale.id}`)).toEqual({ status: 'completed' });
  });
});
