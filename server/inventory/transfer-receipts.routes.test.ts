import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOpeningStock, createTestProduct, type TestProduct } from '../../tests/support/catalog-factories';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { createStockShop, ledgerViolations, newKey, type StockShop } from './inventory-test-kit';
import { onHandAt } from './stock-ledger';

// Issue 10 item 13: a transfer received in parts; what is not received stays in transit or is
// recorded as lost with a transfer_loss movement. Every unit sent is received, lost or in transit.

let testApp: TestApp;
let shop: StockShop;
let branchId: string;
let sugar: TestProduct;
let rice: TestProduct;

const onHand = (variantId: string, locationId: string) => testApp.database.withTenant(shop.tenant.id, (tx) => onHandAt(tx, variantId, locationId));

interface ReceiptLine {
  variantId: string;
  receivedQuantityMilli: number;
  lostQuantityMilli?: number;
}
const receive = (transferId: string, lines: ReceiptLine[] | undefined, options: { key?: string; as?: 'owner' | 'manager' | 'cashier' } = {}) =>
  shop.call('POST', `/api/inventory/transfers/${transferId}/receive`, { as: options.as ?? 'manager', body: lines ? { lines } : undefined, idempotencyKey: options.key });

async function send(lines: { variantId: string; quantityMilli: number }[]): Promise<string> {
  const response = await shop.call('POST', '/api/inventory/transfers', { body: { fromLocationId: shop.defaultLocationId, toLocationId: branchId, lines } });
  expect(response.status).toBe(201);
  return response.json().id;
}

type TransferLine = { productName: string; quantityMilli: number; receivedQuantityMilli: number; lostQuantityMilli: number; inTransitMilli: number };
const lineFigures = (transfer: { lines: TransferLine[] }) =>
  transfer.lines.map((line) => [line.productName, line.quantityMilli, line.receivedQuantityMilli, line.lostQuantityMilli, line.inTransitMilli]);

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createStockShop(testApp);
  branchId = (await shop.call('POST', '/api/locations', { body: { name: 'Branch' } })).json().id;
  sugar = await createTestProduct(testApp.database, shop.tenant.id, { name: 'Sugar 1 kg', unitName: 'Piece' });
  rice = await createTestProduct(testApp.database, shop.tenant.id, { name: 'Rice (loose)', unitName: 'Kilogram' });
  for (const variantId of [sugar.variantId, rice.variantId]) {
    await addOpeningStock(testApp.database, shop.tenant.id, { variantId, locationId: shop.defaultLocationId, quantityMilli: 100_000, unitCostMinor: 10_000 });
  }
});
afterAll(() => testApp.close());

describe('receiving a transfer in parts', () => {
  it('receives some now (the rest stays in transit), then the rest later with a loss recorded as a transfer_loss movement', async () => {
    const transferId = await send([
      { variantId: sugar.variantId, quantityMilli: 10_000 },
      { variantId: rice.variantId, quantityMilli: 5_500 },
    ]);

    const first = await receive(transferId, [{ variantId: sugar.variantId, receivedQuantityMilli: 6_000 }]);
    expect(first.status).toBe(200);
    expect(first.json()).toMatchObject({ status: 'partly_received', receivedByName: 'Shop manager' });
    expect(lineFigures(first.json())).toEqual([
      ['Rice (loose)', 5_500, 0, 0, 5_500],
      ['Sugar 1 kg', 10_000, 6_000, 0, 4_000],
    ]);
    expect(await onHand(sugar.variantId, branchId)).toBe(6_000);
    expect(await onHand(rice.variantId, branchId)).toBe(0);
    // Sending took all 10 from the source; a partial receipt gives nothing back there.
    expect(await onHand(sugar.variantId, shop.defaultLocationId)).toBe(90_000);
    expect((await shop.call('POST', `/api/inventory/transfers/${transferId}/cancel`)).status).toBe(409);

    const second = await receive(transferId, [
      { variantId: sugar.variantId, receivedQuantityMilli: 3_000, lostQuantityMilli: 1_000 },
      { variantId: rice.variantId, receivedQuantityMilli: 5_250, lostQuantityMilli: 250 },
    ]);
    expect(second.status).toBe(200);
    expect(second.json().status).toBe('received');
    expect(lineFigures(second.json())).toEqual([
      ['Rice (loose)', 5_500, 5_250, 250, 0],
      ['Sugar 1 kg', 10_000, 9_000, 1_000, 0],
    ]);
    expect(second.json().receipts.map((receipt: { receivedByName: string; lines: ReceiptLine[] }) => receipt.lines.map((line) => [line.variantId, line.receivedQuantityMilli, line.lostQuantityMilli]))).toEqual([
      [[sugar.variantId, 6_000, 0]],
      expect.arrayContaining([
        [sugar.variantId, 3_000, 1_000],
        [rice.variantId, 5_250, 250],
      ]),
    ]);
    expect(await onHand(sugar.variantId, branchId)).toBe(9_000);
    expect(await onHand(rice.variantId, branchId)).toBe(5_250);

    const movements = (await shop.call('GET', `/api/inventory/movements?variantId=${sugar.variantId}&locationId=${branchId}`)).json().items;
    // Newest first: the second receipt takes the 4 still in transit in and writes the lost 1 off.
    expect(movements.map((movement: { kind: string; quantityMilli: number; balanceAfterMilli: number; sourceId: string }) => [movement.kind, movement.quantityMilli, movement.balanceAfterMilli, movement.sourceId])).toEqual([
      ['transfer_loss', -1_000, 9_000, transferId],
      ['transfer_in', 4_000, 10_000, transferId],
      ['transfer_in', 6_000, 6_000, transferId],
    ]);
    const losses = (await shop.call('GET', '/api/inventory/movements?kind=transfer_loss')).json();
    expect(losses.total).toBe(2);
    expect(await ledgerViolations(testApp.database, shop.tenant.id)).toEqual([]);

    const again = await receive(transferId, [{ variantId: sugar.variantId, receivedQuantityMilli: 1_000 }]);
    expect(again.status).toBe(409);
  });

  it('receives everything still in transit when no lines are given', async () => {
    const transferId = await send([{ variantId: sugar.variantId, quantityMilli: 5_000 }]);
    await receive(transferId, [{ variantId: sugar.variantId, receivedQuantityMilli: 2_000 }]);
    const rest = await receive(transferId, undefined);
    expect(rest.status).toBe(200);
    expect(rest.json().status).toBe('received');
    expect(lineFigures(rest.json())).toEqual([['Sugar 1 kg', 5_000, 5_000, 0, 0]]);
  });

  it('refuses more than is still in transit, and bad lines, with field messages, writing nothing', async () => {
    const transferId = await send([
      { variantId: sugar.variantId, quantityMilli: 4_000 },
      { variantId: rice.variantId, quantityMilli: 2_000 },
    ]);
    await receive(transferId, [{ variantId: sugar.variantId, receivedQuantityMilli: 1_000 }]);
    const before = await shop.documentCounts();

    const tooMany = await receive(transferId, [{ variantId: sugar.variantId, receivedQuantityMilli: 3_000, lostQuantityMilli: 1_000 }]);
    expect(tooMany.status).toBe(409);
    expect(tooMany.json().error.fields).toEqual({ 'lines.0.receivedQuantityMilli': ['Only 3 of Sugar 1 kg are still in transit'] });
    const notOnIt = await receive(transferId, [{ variantId: (await createTestProduct(testApp.database, shop.tenant.id, { name: 'Salt' })).variantId, receivedQuantityMilli: 1_000 }]);
    expect(notOnIt.json().error.fields).toEqual({ 'lines.0.variantId': ['Salt is not on this transfer'] });
    const nothing = await receive(transferId, [{ variantId: sugar.variantId, receivedQuantityMilli: 0, lostQuantityMilli: 0 }]);
    expect(nothing.json().error.fields).toEqual({ lines: ['Enter a quantity received or lost'] });
    const fraction = await receive(transferId, [{ variantId: sugar.variantId, receivedQuantityMilli: 1_500 }]);
    expect(fraction.json().error.fields).toEqual({ 'lines.0.receivedQuantityMilli': ['Sugar 1 kg is counted in whole units'] });
    const negative = await receive(transferId, [{ variantId: rice.variantId, receivedQuantityMilli: 1_000, lostQuantityMilli: -500 }]);
    expect(negative.json().error.fields['lines.0.lostQuantityMilli']).toEqual(['Lost quantity cannot be negative']);
    const twice = await receive(transferId, [
      { variantId: rice.variantId, receivedQuantityMilli: 500 },
      { variantId: rice.variantId, receivedQuantityMilli: 500 },
    ]);
    expect(twice.json().error.fields.lines).toEqual(['A product is listed twice']);
    for (const response of [notOnIt, nothing, fraction, negative, twice]) expect(response.status).toBe(400);
    expect(await shop.documentCounts()).toEqual(before);
  });

  it('records one receipt for an Idempotency-Key sent twice at once, and again later', async () => {
    const transferId = await send([{ variantId: sugar.variantId, quantityMilli: 6_000 }]);
    const before = await shop.documentCounts();
    const key = newKey();
    const lines = [{ variantId: sugar.variantId, receivedQuantityMilli: 2_000 }];
    const responses = await Promise.all([receive(transferId, lines, { key }), receive(transferId, lines, { key })]);
    const retry = await receive(transferId, lines, { key });
    for (const response of [...responses, retry]) {
      expect(response.status).toBe(200);
      expect(lineFigures(response.json())).toEqual([['Sugar 1 kg', 6_000, 2_000, 0, 4_000]]);
    }
    const after = await shop.documentCounts();
    expect([after.transfer_receipts - before.transfer_receipts, after.movements - before.movements]).toEqual([1, 1]);
  });

  it('never receives more than was sent when receipts race', async () => {
    const transferId = await send([{ variantId: rice.variantId, quantityMilli: 10_000 }]);
    const branchBefore = await onHand(rice.variantId, branchId);
    const responses = await Promise.all(
      [1, 2, 3, 4].map(() => receive(transferId, [{ variantId: rice.variantId, receivedQuantityMilli: 4_000, lostQuantityMilli: 500 }], { key: newKey() })),
    );
    // 10 sent: two receipts of 4.5 fit, a third would need 13.5.
    expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 409, 409]);
    const transfer = (await shop.call('GET', `/api/inventory/transfers/${transferId}`)).json();
    expect(lineFigures(transfer)).toEqual([['Rice (loose)', 10_000, 8_000, 1_000, 1_000]]);
    expect(transfer.status).toBe('partly_received');
    expect(await onHand(rice.variantId, branchId)).toBe(branchBefore + 8_000);
    expect(await ledgerViolations(testApp.database, shop.tenant.id)).toEqual([]);
  });

  it('lets only managers receive, and tenant B gets 404 for a receipt of A’s transfer', async () => {
    const transferId = await send([{ variantId: sugar.variantId, quantityMilli: 1_000 }]);
    const before = await shop.documentCounts();
    const lines = [{ variantId: sugar.variantId, receivedQuantityMilli: 1_000 }];
    expect((await receive(transferId, lines, { as: 'cashier' })).status).toBe(403);
    const other = await createStockShop(testApp);
    const stolen = await other.call('POST', `/api/inventory/transfers/${transferId}/receive`, { body: { lines }, idempotencyKey: newKey() });
    expect(stolen.status).toBe(404);
    expect(await shop.documentCounts()).toEqual(before);
    expect((await other.documentCounts()).transfer_receipts).toBe(0);
  });
});
