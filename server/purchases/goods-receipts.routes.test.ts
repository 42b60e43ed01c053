import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOpeningStock, createTestProduct, type TestProduct } from '../../tests/support/catalog-factories';
import { createTestShop, type TestShop } from '../../tests/support/catalog-shop';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { purchaseOrderLines, purchaseOrders } from '../db/schema/purchases';
import { onHandAt } from '../inventory/stock-ledger';
import { createPurchaseShop, trackBatches, type PurchaseShop } from './purchases-test-kit';

// Issue 16, receiving goods: costs with landed costs into the average, partial receipts against an
// order, over-receipt only when confirmed, a supplier invoice entered twice, paid now from a
// drawer, who may receive, batches and expiry, bad input, idempotency and isolation.

let testApp: TestApp;
let shop: PurchaseShop;
let other: TestShop;
let soda: TestProduct;
let rice: TestProduct;

const onHand = (variantId: string) => testApp.database.withTenant(shop.tenant.id, (tx) => onHandAt(tx, variantId, shop.defaultLocationId));

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createPurchaseShop(testApp);
  other = await createTestShop(testApp);
  soda = await createTestProduct(testApp.database, shop.tenant.id, { name: 'Soda 500 ml', unitName: 'Piece' });
  rice = await createTestProduct(testApp.database, shop.tenant.id, { name: 'Rice', unitName: 'Kilogram' });
});
afterAll(() => testApp.close());

/** A sent order straight in the database (the orders' own API is tested with it). */
async function addOrder(lines: { variantId: string; unitId: string | null; packSizeMilli: number; quantityMilli: number; unitCostMinor: number }[], supplierId = shop.supplierId) {
  return testApp.database.withTenant(shop.tenant.id, async (tx) => {
    const [order] = await tx
      .insert(purchaseOrders)
      .values({ tenantId: shop.tenant.id, number: `PO-T${randomUUID().slice(0, 6)}`, supplierId, locationId: shop.defaultLocationId, status: 'ordered' })
      .returning({ id: purchaseOrders.id });
    const rows = await tx
      .insert(purchaseOrderLines)
      .values(
        lines.map((line, position) => ({
          tenantId: shop.tenant.id,
          orderId: order!.id,
          position,
          variantId: line.variantId,
          unitId: line.unitId,
          packSize: line.packSizeMilli,
          quantity: line.quantityMilli,
          unitCostMinor: line.unitCostMinor,
          taxClass: 'standard',
        })),
      )
      .returning({ id: purchaseOrderLines.id });
    return { id: order!.id, lineIds: rows.map((row) => row.id) };
  });
}

const orderStatus = async (orderId: string) =>
  (await testApp.database.withTenant(shop.tenant.id, (tx) => tx.select({ status: purchaseOrders.status }).from(purchaseOrders).where(eq(purchaseOrders.id, orderId))))[0]!.status;

describe('costing a delivery', () => {
  it('averages two receipts with landed costs exactly as worked by hand', async () => {
    await addOpeningStock(testApp.database, shop.tenant.id, { variantId: soda.variantId, locationId: shop.defaultLocationId, quantityMilli: 12_000, unitCostMinor: 5_000 });

    // VAT claimed back, landed costs by value:
    //  soda: 2 crates × 1,200.00 = 2,400.00 (VAT 16% 384.00), 48 pieces; rice: 10 kg × 150.00 = 1,500.00 zero-rated.
    //  landed 390.00 by value 2,400 : 1,500 → 240.00 and 150.00.
    //  soda per piece (240,000 + 24,000) / 48 = 5,500; rice per kg (150,000 + 15,000) / 10 = 16,500.
    //  total 2,400 + 384 + 1,500 + 390 = 4,674.00.
    const first = await shop.receive({
      vatClaimable: true,
      landedCostMinor: 39_000,
      lines: [
        { variantId: soda.variantId, unitId: shop.crateUnitId, quantityMilli: 2_000, unitCostMinor: 120_000, taxClass: 'standard' },
        { variantId: rice.variantId, quantityMilli: 10_000, unitCostMinor: 15_000, taxClass: 'zero_rated' },
      ],
    });
    expect(first.status).toBe(201);
    const receipt = first.json();
    expect(receipt).toMatchObject({ number: expect.stringMatching(/^GRN-\d{6}$/), subtotalMinor: 390_000, vatMinor: 38_400, totalMinor: 467_400, vatClaimable: true });
    expect(receipt.lines.map((line: Record<string, number>) => [line.stockQuantityMilli, line.landedShareMinor, line.stockUnitCostMinor])).toEqual([
      [48_000, 24_000, 5_500],
      [10_000, 15_000, 16_500],
    ]);
    expect(receipt.bill).toMatchObject({ number: expect.stringMatching(/^BILL-\d{6}$/), status: 'due', openMinor: 467_400 });
    // Soda: (12 × 5,000 + 48 × 5,500) / 60 = 324,000 / 60 = 5,400.
    expect(await shop.averageCost(soda.variantId)).toBe(5_400);
    expect(await shop.averageCost(rice.variantId)).toBe(16_500);

    // VAT not claimed (it is part of the cost), landed costs by quantity:
    //  soda: 24 pieces × 60.00 = 1,440.00 + VAT 230.40 = 1,670.40 invoiced; rice: 5 kg × 160.00 = 800.00.
    //  landed 29.00 by quantity 24 : 5 → 24.00 and 5.00.
    //  soda per piece (167,040 + 2,400) / 24 = 7,060; rice per kg (80,000 + 500) / 5 = 16,100.
    const second = await shop.receive({
      vatClaimable: false,
      landedCostMinor: 2_900,
      landedCostBasis: 'quantity',
      lines: [
        { variantId: soda.variantId, quantityMilli: 24_000, unitCostMinor: 6_000, taxClass: 'standard' },
        { variantId: rice.variantId, quantityMilli: 5_000, unitCostMinor: 16_000, taxClass: 'zero_rated' },
      ],
    });
    expect(second.status).toBe(201);
    expect(second.json().lines.map((line: Record<string, number>) => line.stockUnitCostMinor)).toEqual([7_060, 16_100]);
    // 1,440 + 230.40 + 800 + 29 = 2,499.40
    expect(second.json().totalMinor).toBe(249_940);
    // Soda: (60 × 5,400 + 24 × 7,060) / 84 = 493,440 / 84 = 5,874.29 → 5,874.
    expect(await shop.averageCost(soda.variantId)).toBe(5_874);
    // Rice: (10 × 16,500 + 5 × 16,100) / 15 = 245,500 / 15 = 16,366.67 → 16,367.
    expect(await shop.averageCost(rice.variantId)).toBe(16_367);
    expect(await onHand(soda.variantId)).toBe(84_000);
  });
});

describe('receiving against an order', () => {
  it('receives in parts, refuses more than is outstanding unless confirmed, and moves the order status', async () => {
    const order = await addOrder([
      { variantId: soda.variantId, unitId: shop.crateUnitId, packSizeMilli: 24_000, quantityMilli: 2_000, unitCostMinor: 120_000 },
      { variantId: rice.variantId, unitId: null, packSizeMilli: 1_000, quantityMilli: 10_000, unitCostMinor: 15_000 },
    ]);
    const [sodaLine, riceLine] = order.lineIds;
    const part = await shop.receive({ orderId: order.id, lines: [{ variantId: soda.variantId, orderLineId: sodaLine!, unitId: shop.crateUnitId, quantityMilli: 1_000, unitCostMinor: 120_000 }] });
    expect(part.status).toBe(201);
    expect(part.json().order).toEqual({ id: order.id, number: expect.any(String) });
    expect(await orderStatus(order.id)).toBe('partly_received');

    // 48 ordered, 24 received: 30 more is 6 past the order.
    const before = await shop.counts();
    const over = await shop.receive({ orderId: order.id, lines: [{ variantId: soda.variantId, orderLineId: sodaLine!, quantityMilli: 30_000, unitCostMinor: 5_000 }] });
    expect(over.status).toBe(409);
    expect(over.json().error.fields['lines.0.quantityMilli']).toEqual(['Only 24 of Soda 500 ml is still to come on this order: confirm to receive more']);
    expect(await shop.counts()).toEqual(before);

    const confirmed = await shop.receive({ orderId: order.id, confirmOverReceipt: true, lines: [{ variantId: soda.variantId, orderLineId: sodaLine!, quantityMilli: 30_000, unitCostMinor: 5_000 }] });
    expect(confirmed.status).toBe(201);
    expect(await orderStatus(order.id)).toBe('partly_received');
    const rest = await shop.receive({ orderId: order.id, lines: [{ variantId: rice.variantId, orderLineId: riceLine!, quantityMilli: 10_000, unitCostMinor: 15_000 }] });
    expect(rest.status).toBe(201);
    expect(await orderStatus(order.id)).toBe('received');

    const again = await shop.receive({ orderId: order.id, lines: [{ variantId: rice.variantId, orderLineId: riceLine!, quantityMilli: 1_000, unitCostMinor: 15_000 }] });
    expect(again.status).toBe(409);
    const otherSupplier = await shop.addSupplier();
    const open = await addOrder([{ variantId: rice.variantId, unitId: null, packSizeMilli: 1_000, quantityMilli: 1_000, unitCostMinor: 100 }]);
    const wrongSupplier = await shop.receive({ supplierId: otherSupplier, orderId: open.id, lines: [{ variantId: rice.variantId, orderLineId: open.lineIds[0]!, quantityMilli: 1_000, unitCostMinor: 100 }] });
    expect(wrongSupplier.status).toBe(400);
    expect(wrongSupplier.json().error.fields).toHaveProperty('supplierId');
    const wrongVariant = await shop.receive({ orderId: open.id, lines: [{ variantId: soda.variantId, orderLineId: open.lineIds[0]!, quantityMilli: 1_000, unitCostMinor: 100 }] });
    expect(wrongVariant.status).toBe(400);
    expect(wrongVariant.json().error.fields).toHaveProperty(['lines.0.variantId']);
  });
});

describe('supplier invoice numbers', () => {
  it('flags the same invoice twice (any case), then records it knowingly with duplicateOf', async () => {
    const line = { variantId: rice.variantId, quantityMilli: 1_000, unitCostMinor: 10_000 };
    const first = await shop.receive({ supplierInvoiceNumber: 'INV-0077', lines: [line] });
    expect(first.status).toBe(201);
    const firstNumber = first.json().number;
    const check = await shop.call('GET', `/api/goods-receipts/invoice-check?supplierId=${shop.supplierId}&invoiceNumber=inv-0077`, { as: 'manager' });
    expect(check.json().receipt).toMatchObject({ id: first.json().id, number: firstNumber });

    const before = await shop.counts();
    const twice = await shop.receive({ supplierInvoiceNumber: 'inv-0077', lines: [line] });
    expect(twice.status).toBe(409);
    expect(twice.json().error).toMatchObject({ code: 'conflict', fields: { supplierInvoiceNumber: [`Invoice inv-0077 of this supplier was already received on ${firstNumber}`] } });
    expect(await shop.counts()).toEqual(before);

    const knowingly = await shop.receive({ supplierInvoiceNumber: 'inv-0077', confirmDuplicateInvoice: true, lines: [line] });
    expect(knowingly.status).toBe(201);
    expect(knowingly.json().duplicateOf).toEqual({ id: first.json().id, number: firstNumber });
    // Another supplier's invoice of the same number is another invoice.
    const elsewhere = await shop.receive({ supplierId: await shop.addSupplier(), supplierInvoiceNumber: 'INV-0077', lines: [line] });
    expect(elsewhere.status).toBe(201);
  });
});

describe('paying on delivery and who may receive', () => {
  it('paid in cash from a shift: the bill is paid and the shift expects that much less cash', async () => {
    const shiftId = await shop.openShift('cashier');
    const expectedBefore = await shop.expectedCash(shiftId);
    const paid = await shop.receive({ payment: { mode: 'paid', method: 'cash', shiftId }, lines: [{ variantId: rice.variantId, quantityMilli: 2_000, unitCostMinor: 12_500, taxClass: 'exempt' }] });
    expect(paid.status).toBe(201);
    // 2 kg × 125.00 = 250.00, exempt: no VAT.
    expect(paid.json().bill).toMatchObject({ status: 'paid', openMinor: 0 });
    expect(await shop.expectedCash(shiftId)).toBe(expectedBefore - 25_000);

    const notCash = await shop.receive({ payment: { mode: 'paid', method: 'bank_transfer', shiftId }, lines: [{ variantId: rice.variantId, quantityMilli: 1_000, unitCostMinor: 100 }] });
    expect(notCash.status).toBe(400);
    expect(notCash.json().error.fields).toHaveProperty('shiftId');
  });

  it('refuses a cashier unless the shop allows it and it is a cash purchase from their shift', async () => {
    const shiftId = await shop.openShift('cashier');
    const cashFromShift = { payment: { mode: 'paid' as const, method: 'cash' as const, shiftId }, lines: [{ variantId: rice.variantId, quantityMilli: 1_000, unitCostMinor: 9_000, taxClass: 'exempt' as const }] };
    const before = await shop.counts();
    const notAllowed = await shop.receive(cashFromShift, { as: 'cashier' });
    expect(notAllowed.status).toBe(403);
    expect(notAllowed.json().error.message).toBe('In this shop only managers record deliveries');

    await shop.setting({ cashiersRecordCashPurchases: true });
    const onAccount = await shop.receive({ lines: cashFromShift.lines }, { as: 'cashier' });
    expect(onAccount.status).toBe(403);
    expect(onAccount.json().error.message).toBe('A cashier records only a delivery paid in cash from their open shift');
    expect(await shop.counts()).toEqual(before);

    const expectedBefore = await shop.expectedCash(shiftId);
    const allowed = await shop.receive(cashFromShift, { as: 'cashier' });
    expect(allowed.status).toBe(201);
    expect(await shop.expectedCash(shiftId)).toBe(expectedBefore - 9_000);
    await shop.setting({ cashiersRecordCashPurchases: false });
  });
});

describe('batches and expiry', () => {
  it('records batches only for products that track them and lists those expiring soon', async () => {
    const milk = await createTestProduct(testApp.database, shop.tenant.id, { name: 'Long-life milk', unitName: 'Piece' });
    await trackBatches(testApp, shop.tenant.id, milk.id);
    const untracked = await shop.receive({ lines: [{ variantId: rice.variantId, quantityMilli: 1_000, unitCostMinor: 100, batchNumber: 'B1', expiryDate: '2026-12-01' }] });
    expect(untracked.status).toBe(400);
    expect(untracked.json().error.fields['lines.0.batchNumber']).toEqual(['Rice does not track batches']);

    const soon = await shop.receive({ lines: [{ variantId: milk.variantId, quantityMilli: 6_000, unitCostMinor: 8_000, batchNumber: 'LOT-42', expiryDate: '2026-12-05' }] });
    expect(soon.status).toBe(201);
    const later = await shop.receive({ lines: [{ variantId: milk.variantId, quantityMilli: 6_000, unitCostMinor: 8_000, batchNumber: 'LOT-43', expiryDate: '2027-06-30' }] });
    expect(later.status).toBe(201);
    const expiring = await shop.call('GET', '/api/goods-receipts/expiring-soon?days=30', { as: 'manager' });
    expect(expiring.status).toBe(200);
    expect(expiring.json().items.map((item: { batchNumber: string; remainingMilli: number }) => [item.batchNumber, item.remainingMilli])).toEqual([['LOT-42', 6_000]]);
  });
});

describe('bad input, idempotency and isolation', () => {
  it('answers 400 and writes nothing for another shop’s supplier or product, or lines without a product', async () => {
    const foreign = await createTestProduct(testApp.database, other.tenant.id, { name: 'Foreign' });
    const before = await shop.counts();
    const foreignVariant = await shop.receive({ lines: [{ variantId: foreign.variantId, quantityMilli: 1_000, unitCostMinor: 100 }] });
    expect(foreignVariant.status).toBe(400);
    expect(foreignVariant.json().error.fields).toEqual({ 'lines.0.variantId': ['Product not found'] });
    const foreignSupplier = await shop.receive({ supplierId: randomUUID(), lines: [{ variantId: rice.variantId, quantityMilli: 1_000, unitCostMinor: 100 }] });
    expect(foreignSupplier.status).toBe(400);
    expect(foreignSupplier.json().error.fields).toEqual({ supplierId: ['Supplier not found'] });
    const fraction = await shop.receive({ lines: [{ variantId: soda.variantId, quantityMilli: 1_500, unitCostMinor: 100 }] });
    expect(fraction.status).toBe(400);
    expect((await shop.receive({ lines: [] })).status).toBe(400);
    expect(await shop.counts()).toEqual(before);
  });

  it('records one receipt for one Idempotency-Key, and another shop gets 404 for it', async () => {
    const key = randomUUID();
    const body = { lines: [{ variantId: rice.variantId, quantityMilli: 3_000, unitCostMinor: 11_000 }] };
    const first = await shop.receive(body, { key });
    const before = await shop.counts();
    const retry = await shop.receive(body, { key });
    expect(first.status).toBe(201);
    expect(retry.json().id).toBe(first.json().id);
    expect(await shop.counts()).toEqual(before);

    expect((await shop.call('GET', `/api/goods-receipts/${first.json().id}`, { as: 'manager' })).status).toBe(200);
    expect((await other.call('GET', `/api/goods-receipts/${first.json().id}`, { as: 'manager' })).status).toBe(404);
    const listed = await shop.call('GET', `/api/goods-receipts?search=${first.json().number}`, { as: 'manager' });
    expect(listed.json()).toMatchObject({ total: 1, items: [{ id: first.json().id, lineCount: 1 }] });
    expect((await other.call('GET', '/api/goods-receipts', { as: 'manager' })).json().total).toBe(0);
  });
});
