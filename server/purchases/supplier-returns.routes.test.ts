import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOpeningStock, createTestProduct, type TestProduct } from '../../tests/support/catalog-factories';
import { createTestShop, type TestShop } from '../../tests/support/catalog-shop';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { accountViolations } from '../accounts/accounts-test-kit';
import { queryRows } from '../db/client';
import { ledgerViolations } from '../inventory/inventory-test-kit';
import { createPurchaseShop, type PurchaseShop } from './purchases-test-kit';

// Issue 16, returns to suppliers: never more than was received less returned, nor more than is on
// hand; the goods leave at the receipt's cost (the average moves back); a credit lowers what is
// owed, a refund leaves it as it was; bad input, idempotency and isolation.

let testApp: TestApp;
let shop: PurchaseShop;
let other: TestShop;
let oil: TestProduct;
let sugar: TestProduct;
let locationName: string;

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createPurchaseShop(testApp);
  other = await createTestShop(testApp);
  oil = await createTestProduct(testApp.database, shop.tenant.id, { name: 'Cooking oil 1 l', unitName: 'Piece' });
  sugar = await createTestProduct(testApp.database, shop.tenant.id, { name: 'Sugar 2 kg', unitName: 'Piece' });
  locationName = (await shop.call('GET', '/api/locations', { as: 'manager' })).json<{ items: { id: string; name: string }[] }>().items.find((item) => item.id === shop.defaultLocationId)!.name;
});
afterAll(() => testApp.close());

/** Takes stock out as damaged (a sale would do the same to on hand). */
async function writeOff(variantId: string, quantityMilli: number) {
  const response = await shop.call('POST', '/api/inventory/adjustments', {
    as: 'manager',
    body: { locationId: shop.defaultLocationId, reason: 'damage', lines: [{ variantId, quantityChangeMilli: -quantityMilli }] },
  });
  expect(response.status).toBe(201);
}

/** A delivery on account from a supplier of its own, VAT claimed back; answers the receipt. */
async function delivery(variantId: string, quantityMilli: number, unitCostMinor: number) {
  const supplierId = await shop.addSupplier();
  const response = await shop.receive({ supplierId, vatClaimable: true, lines: [{ variantId, quantityMilli, unitCostMinor, taxClass: 'standard' }] });
  expect(response.status).toBe(201);
  return { supplierId, receipt: response.json<{ id: string; number: string; bill: { id: string }; lines: { id: string }[] }>() };
}

const sendBack = (receiptId: string, lines: { receiptLineId: string; quantityMilli: number }[], extra: Record<string, unknown> = {}, key?: string) =>
  shop.call('POST', '/api/supplier-returns', { as: 'manager', idempotencyKey: key, body: { receiptId, reason: 'damaged', settlement: 'credit', lines, ...extra } });

const payable = async (supplierId: string) =>
  Number(
    (
      await testApp.database.withTenant(shop.tenant.id, (tx) =>
        queryRows<{ balance: string }>(tx, sql`select balance_minor::text as balance from contact_accounts where contact_id = ${supplierId} and side = 'payable'`),
      )
    )[0]!.balance,
  );

describe('returning goods to the supplier', () => {
  it('takes them out at the receipt’s cost, never more than was received, and credits the bill', async () => {
    await addOpeningStock(testApp.database, shop.tenant.id, { variantId: oil.variantId, locationId: shop.defaultLocationId, quantityMilli: 10_000, unitCostMinor: 40_000 });
    // 10 × 500.00 = 5,000.00 + VAT 800.00 = 5,800.00 owed; average (10 × 40,000 + 10 × 50,000) / 20 = 45,000.
    const { supplierId, receipt } = await delivery(oil.variantId, 10_000, 50_000);
    expect(await shop.averageCost(oil.variantId)).toBe(45_000);
    await writeOff(oil.variantId, 6_000);

    const tooMany = await sendBack(receipt.id, [{ receiptLineId: receipt.lines[0]!.id, quantityMilli: 11_000 }]);
    expect(tooMany.status).toBe(409);
    expect(tooMany.json().error.fields['lines.0.quantityMilli']).toEqual(['Only 10 of Cooking oil 1 l can still go back from this delivery']);

    const returned = await sendBack(receipt.id, [{ receiptLineId: receipt.lines[0]!.id, quantityMilli: 3_000 }]);
    expect(returned.status).toBe(201);
    // 3 × 500.00 = 1,500.00; VAT 800.00 × 3 / 10 = 240.00; 1,740.00 in all.
    expect(returned.json()).toMatchObject({ number: expect.stringMatching(/^DN-\d{6}$/), subtotalMinor: 150_000, vatMinor: 24_000, totalMinor: 174_000, lines: [{ quantityMilli: 3_000, unitCostMinor: 50_000 }] });
    // (14 × 45,000 − 3 × 50,000) / 11 = 480,000 / 11 = 43,636.36 → 43,636.
    expect(await shop.averageCost(oil.variantId)).toBe(43_636);
    // The credit note settles the bill: 580,000 − 174,000.
    expect((await shop.call('GET', `/api/supplier-bills/${receipt.bill.id}`, { as: 'manager' })).json()).toMatchObject({ openMinor: 406_000, status: 'partly_paid' });
    expect(await payable(supplierId)).toBe(406_000);

    const rest = await sendBack(receipt.id, [{ receiptLineId: receipt.lines[0]!.id, quantityMilli: 8_000 }]);
    expect(rest.status).toBe(409);
    expect(rest.json().error.fields['lines.0.quantityMilli']).toEqual(['Only 7 of Cooking oil 1 l can still go back from this delivery']);
    expect((await shop.call('GET', `/api/goods-receipts/${receipt.id}`, { as: 'manager' })).json().lines[0].returnedQuantityMilli).toBe(3_000);
  });

  it('never returns more than is on hand, whatever the negative-stock setting', async () => {
    const { receipt } = await delivery(sugar.variantId, 5_000, 20_000);
    await writeOff(sugar.variantId, 4_000);
    const before = await shop.counts();
    const short = await sendBack(receipt.id, [{ receiptLineId: receipt.lines[0]!.id, quantityMilli: 2_000 }]);
    expect(short.status).toBe(409);
    expect(short.json().error.fields['lines.0.quantityMilli']).toEqual([`Only 1 of Sugar 2 kg is on hand at ${locationName}`]);
    await shop.setting({ allowNegativeStock: true });
    expect((await sendBack(receipt.id, [{ receiptLineId: receipt.lines[0]!.id, quantityMilli: 2_000 }])).status).toBe(409);
    await shop.setting({ allowNegativeStock: false });
    expect(await shop.counts()).toEqual(before);
  });

  it('records a refund: the supplier paid it back, so what is owed stays as it was', async () => {
    const { supplierId, receipt } = await delivery(sugar.variantId, 4_000, 10_000);
    const owed = await payable(supplierId);
    const refunded = await sendBack(receipt.id, [{ receiptLineId: receipt.lines[0]!.id, quantityMilli: 1_000 }], { settlement: 'refund', refundMethod: 'cash' });
    expect(refunded.status).toBe(201);
    // 1 × 100.00 + VAT 16.00
    expect(refunded.json()).toMatchObject({ settlement: 'refund', refundMethod: 'cash', totalMinor: 11_600 });
    expect(await payable(supplierId)).toBe(owed);
    expect((await shop.call('GET', `/api/supplier-bills/${receipt.bill.id}`, { as: 'manager' })).json().openMinor).toBe(owed);
    expect(await accountViolations(testApp.database, shop.tenant.id)).toEqual([]);
    expect(await ledgerViolations(testApp.database, shop.tenant.id)).toEqual([]);
  });
});

describe('bad input, idempotency and isolation', () => {
  it('answers 400 and writes nothing for a line of another delivery or another shop’s receipt', async () => {
    const { receipt } = await delivery(oil.variantId, 2_000, 10_000);
    const { receipt: another } = await delivery(oil.variantId, 2_000, 10_000);
    const before = await shop.counts();
    const wrongLine = await sendBack(receipt.id, [{ receiptLineId: another.lines[0]!.id, quantityMilli: 1_000 }]);
    expect(wrongLine.status).toBe(400);
    expect(wrongLine.json().error.fields).toEqual({ 'lines.0.receiptLineId': ['This line is not on the delivery'] });
    expect((await sendBack(receipt.id, [{ receiptLineId: receipt.lines[0]!.id, quantityMilli: 1_000 }], { settlement: 'refund' })).status).toBe(400);
    expect((await sendBack(receipt.id, [])).status).toBe(400);
    const foreign = await other.call('POST', '/api/supplier-returns', {
      as: 'manager',
      body: { receiptId: receipt.id, reason: 'damaged', settlement: 'credit', lines: [{ receiptLineId: receipt.lines[0]!.id, quantityMilli: 1_000 }] },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.json().error.fields).toEqual({ receiptId: ['Delivery not found'] });
    expect(await shop.counts()).toEqual(before);
  });

  it('records one return per Idempotency-Key; another shop gets 404 for it', async () => {
    const { receipt } = await delivery(oil.variantId, 2_000, 10_000);
    const key = randomUUID();
    const lines = [{ receiptLineId: receipt.lines[0]!.id, quantityMilli: 1_000 }];
    const first = await sendBack(receipt.id, lines, {}, key);
    expect(first.status).toBe(201);
    const before = await shop.counts();
    const retry = await sendBack(receipt.id, lines, {}, key);
    expect(retry.json().id).toBe(first.json().id);
    expect(await shop.counts()).toEqual(before);

    expect((await other.call('GET', `/api/supplier-returns/${first.json().id}`, { as: 'manager' })).status).toBe(404);
    const listed = await shop.call('GET', `/api/supplier-returns?search=${receipt.number}`, { as: 'manager' });
    expect(listed.json()).toMatchObject({ total: 1, items: [{ id: first.json().id, lineCount: 1 }] });
    expect((await other.call('GET', '/api/supplier-returns', { as: 'manager' })).json().total).toBe(0);
  });
});
