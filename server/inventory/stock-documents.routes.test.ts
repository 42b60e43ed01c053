import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upgradeMessage } from '../../core/billing/plan-features.rules';
import { addOpeningStock, createTestProduct, type TestProduct } from '../../tests/support/catalog-factories';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { createStockShop, newKey, type StockShop } from './inventory-test-kit';
import { onHandAt } from './stock-ledger';

let testApp: TestApp;
let shop: StockShop;
let branchId: string;
let sugar: TestProduct;
let rice: TestProduct;
let shirts: TestProduct;

const onHand = (variantId: string, locationId: string, tenantId = shop.tenant.id) =>
  testApp.database.withTenant(tenantId, (tx) => onHandAt(tx, variantId, locationId));

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createStockShop(testApp);
  branchId = (await shop.call('POST', '/api/locations', { body: { name: 'Branch' } })).json().id;
  sugar = await createTestProduct(testApp.database, shop.tenant.id, { name: 'Sugar 1 kg', unitName: 'Piece' });
  rice = await createTestProduct(testApp.database, shop.tenant.id, { name: 'Rice (loose)', unitName: 'Kilogram' });
  shirts = await createTestProduct(testApp.database, shop.tenant.id, { name: 'T-shirt', variants: [{}, {}] });
  for (const variantId of [sugar.variantId, rice.variantId, ...shirts.variants.map((variant) => variant.id)]) {
    await addOpeningStock(testApp.database, shop.tenant.id, { variantId, locationId: shop.defaultLocationId, quantityMilli: 20_000, unitCostMinor: 5_000 });
  }
});
afterAll(() => testApp.close());

describe('adjustments', () => {
  it('records one document and one movement per line, all or nothing', async () => {
    const response = await shop.call('POST', '/api/inventory/adjustments', {
      as: 'manager',
      body: {
        locationId: shop.defaultLocationId,
        reason: 'damage',
        note: ' Rats got in ',
        lines: [
          { variantId: sugar.variantId, quantityChangeMilli: -3000 },
          { variantId: rice.variantId, quantityChangeMilli: -1250 },
        ],
      },
    });
    expect(response.status).toBe(201);
    const adjustment = response.json();
    expect(adjustment).toMatchObject({ reason: 'damage', note: 'Rats got in', locationName: 'Main shop', userName: 'Shop manager' });
    expect(adjustment.lines.map((line: { productName: string; quantityChangeMilli: number; balanceAfterMilli: number }) => [line.productName, line.quantityChangeMilli, line.balanceAfterMilli])).toEqual([
      ['Rice (loose)', -1250, 18_750],
      ['Sugar 1 kg', -3000, 17_000],
    ]);

    const movements = (await shop.call('GET', `/api/inventory/movements?variantId=${sugar.variantId}`, { as: 'manager' })).json();
    expect(movements.items[0]).toMatchObject({ kind: 'adjustment', reason: 'damage', sourceType: 'adjustment', sourceId: adjustment.id, quantityMilli: -3000, balanceAfterMilli: 17_000, userName: 'Shop manager' });
    expect(movements.items[1]).toMatchObject({ kind: 'opening', quantityMilli: 20_000 });
    expect((await shop.call('GET', `/api/inventory/adjustments/${adjustment.id}`, { as: 'manager' })).json()).toEqual(adjustment);
    const list = (await shop.call('GET', '/api/inventory/adjustments', { as: 'manager' })).json();
    expect(list).toMatchObject({ total: 1, page: 1, pageSize: 25 });
    expect(list.items[0]).toMatchObject({ id: adjustment.id, lineCount: 2, reason: 'damage' });
  });

  it('refuses a decrease below zero with the ledger message and writes nothing of the document', async () => {
    const before = await shop.documentCounts();
    const response = await shop.call('POST', '/api/inventory/adjustments', {
      body: {
        locationId: shop.defaultLocationId,
        reason: 'theft',
        lines: [
          { variantId: rice.variantId, quantityChangeMilli: -1000 },
          { variantId: sugar.variantId, quantityChangeMilli: -18_000 },
        ],
      },
    });
    expect(response.status).toBe(409);
    expect(response.json().error.message).toBe('Not enough stock of Sugar 1 kg at Main shop: 17 on hand');
    expect(await shop.documentCounts()).toEqual(before);
    expect(await onHand(rice.variantId, shop.defaultLocationId)).toBe(18_750);
  });

  it('allows going below zero when the shop allows negative stock', async () => {
    await shop.call('PATCH', '/api/settings/inventory', { body: { allowNegativeStock: true } });
    const response = await shop.call('POST', '/api/inventory/adjustments', {
      body: { locationId: branchId, reason: 'correction', lines: [{ variantId: sugar.variantId, quantityChangeMilli: -2000 }] },
    });
    await shop.call('PATCH', '/api/settings/inventory', { body: { allowNegativeStock: false } });
    expect(response.status).toBe(201);
    expect(response.json().lines[0].balanceAfterMilli).toBe(-2000);
    const back = await shop.call('POST', '/api/inventory/adjustments', {
      body: { locationId: branchId, reason: 'correction', lines: [{ variantId: sugar.variantId, quantityChangeMilli: 2000 }] },
    });
    expect(back.json().lines[0].balanceAfterMilli).toBe(0);
  });

  it('refuses bad input with field messages and writes nothing', async () => {
    const before = await shop.documentCounts();
    const post = (body: unknown) => shop.call('POST', '/api/inventory/adjustments', { body });
    const zero = await post({ locationId: shop.defaultLocationId, reason: 'damage', lines: [{ variantId: sugar.variantId, quantityChangeMilli: 0 }] });
    expect(zero.json().error.fields['lines.0.quantityChangeMilli']).toEqual(['Enter a change other than 0']);
    const noReason = await post({ locationId: shop.defaultLocationId, reason: 'gift', lines: [] });
    expect(noReason.json().error.fields).toMatchObject({ reason: ['Choose a reason'], lines: ['Add at least one product'] });
    const twice = await post({
      locationId: shop.defaultLocationId,
      reason: 'damage',
      lines: [
        { variantId: sugar.variantId, quantityChangeMilli: -1000 },
        { variantId: sugar.variantId, quantityChangeMilli: -1000 },
      ],
    });
    expect(twice.json().error.fields.lines).toEqual(['A product is listed twice']);
    const fraction = await post({ locationId: shop.defaultLocationId, reason: 'damage', lines: [{ variantId: sugar.variantId, quantityChangeMilli: -1500 }] });
    expect(fraction.status).toBe(400);
    expect(fraction.json().error.fields['lines.0.quantityChangeMilli']).toEqual(['Sugar 1 kg is counted in whole units']);
    const unknown = await post({
      locationId: shop.defaultLocationId,
      reason: 'damage',
      lines: [
        { variantId: rice.variantId, quantityChangeMilli: -250 },
        { variantId: '00000000-0000-4000-8000-000000000000', quantityChangeMilli: -1000 },
      ],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json().error.fields).toEqual({ 'lines.1.variantId': ['Product not found'] });
    const nowhere = await post({ locationId: '00000000-0000-4000-8000-000000000000', reason: 'damage', lines: [{ variantId: rice.variantId, quantityChangeMilli: 250 }] });
    expect(nowhere.json().error.fields).toEqual({ locationId: ['Location not found'] });
    for (const response of [zero, noReason, twice, fraction, unknown, nowhere]) expect(response.status).toBe(400);
    expect(await shop.documentCounts()).toEqual(before);
  });

  it('makes one adjustment of the same Idempotency-Key sent twice, also concurrently', async () => {
    const before = await shop.documentCounts();
    const key = newKey();
    const body = { locationId: shop.defaultLocationId, reason: 'expiry', lines: [{ variantId: rice.variantId, quantityChangeMilli: -500 }] };
    const responses = await Promise.all([1, 2, 3].map(() => shop.call('POST', '/api/inventory/adjustments', { body, idempotencyKey: key })));
    const retry = await shop.call('POST', '/api/inventory/adjustments', { body, idempotencyKey: key });
    for (const response of [...responses, retry]) {
      expect(response.status).toBe(201);
      expect(response.json().id).toBe(responses[0]!.json().id);
    }
    const after = await shop.documentCounts();
    expect(after.adjustments - before.adjustments).toBe(1);
    expect(after.movements - before.movements).toBe(1);
    expect(await onHand(rice.variantId, shop.defaultLocationId)).toBe(18_250);
    const badKey = await shop.call('POST', '/api/inventory/adjustments', { body, idempotencyKey: 'not-a-uuid' });
    expect(badKey.status).toBe(400);
  });
});

describe('transfers', () => {
  it('sends (stock leaves the source), then receives (stock arrives) once', async () => {
    const sent = await shop.call('POST', '/api/inventory/transfers', {
      as: 'manager',
      body: { fromLocationId: shop.defaultLocationId, toLocationId: branchId, note: 'Weekly top-up', lines: [{ variantId: shirts.variants[1]!.id, quantityMilli: 4000 }] },
    });
    expect(sent.status).toBe(201);
    const transfer = sent.json();
    expect(transfer).toMatchObject({ status: 'sent', fromLocation: { name: 'Main shop' }, toLocation: { name: 'Branch' }, sentByName: 'Shop manager', receivedAt: null });
    expect(transfer.lines).toEqual([expect.objectContaining({ variantId: shirts.variants[1]!.id, variantName: 'Variant 2', quantityMilli: 4000 })]);
    expect(await onHand(shirts.variants[1]!.id, shop.defaultLocationId)).toBe(16_000);
    expect(await onHand(shirts.variants[1]!.id, branchId)).toBe(0);

    const received = await shop.call('POST', `/api/inventory/transfers/${transfer.id}/receive`, { as: 'manager' });
    expect(received.json()).toMatchObject({ status: 'received', receivedByName: 'Shop manager' });
    expect(await onHand(shirts.variants[1]!.id, branchId)).toBe(4000);
    const again = await shop.call('POST', `/api/inventory/transfers/${transfer.id}/receive`);
    expect(again.status).toBe(409);
    const cancelReceived = await shop.call('POST', `/api/inventory/transfers/${transfer.id}/cancel`);
    expect(cancelReceived.status).toBe(409);
    expect(await onHand(shirts.variants[1]!.id, branchId)).toBe(4000);

    const movements = (await shop.call('GET', `/api/inventory/movements?variantId=${shirts.variants[1]!.id}&kind=transfer_in`, { as: 'manager' })).json();
    expect(movements.items).toHaveLength(1);
    expect(movements.items[0]).toMatchObject({ locationId: branchId, quantityMilli: 4000, sourceType: 'transfer', sourceId: transfer.id });
  });

  it('cancels a transfer on its way: stock returns to the source; receiving it then is refused', async () => {
    const transfer = (
      await shop.call('POST', '/api/inventory/transfers', {
        body: { fromLocationId: shop.defaultLocationId, toLocationId: branchId, lines: [{ variantId: rice.variantId, quantityMilli: 1250 }] },
      })
    ).json();
    expect(await onHand(rice.variantId, shop.defaultLocationId)).toBe(17_000);
    const cancelled = await shop.call('POST', `/api/inventory/transfers/${transfer.id}/cancel`);
    expect(cancelled.json().status).toBe('cancelled');
    expect(await onHand(rice.variantId, shop.defaultLocationId)).toBe(18_250);
    expect((await shop.call('POST', `/api/inventory/transfers/${transfer.id}/receive`)).status).toBe(409);
    expect(await onHand(rice.variantId, branchId)).toBe(0);
    const list = (await shop.call('GET', '/api/inventory/transfers?status=cancelled', { as: 'manager' })).json();
    expect(list.items.map((item: { id: string }) => item.id)).toEqual([transfer.id]);
    expect(list.items[0].lineCount).toBe(1);
  });

  it('never sends more than the source holds', async () => {
    const before = await shop.documentCounts();
    const response = await shop.call('POST', '/api/inventory/transfers', {
      body: { fromLocationId: branchId, toLocationId: shop.defaultLocationId, lines: [{ variantId: rice.variantId, quantityMilli: 1000 }] },
    });
    expect(response.status).toBe(409);
    expect(response.json().error.message).toBe('Not enough stock of Rice (loose) at Branch: 0 on hand');
    expect(await shop.documentCounts()).toEqual(before);
  });

  it('refuses bad input with field messages and writes nothing', async () => {
    const closed = (await shop.call('POST', '/api/locations', { body: { name: 'Closed branch' } })).json();
    await shop.call('PATCH', `/api/locations/${closed.id}`, { body: { isActive: false } });
    const before = await shop.documentCounts();
    const post = (body: unknown) => shop.call('POST', '/api/inventory/transfers', { body });
    const line = { variantId: sugar.variantId, quantityMilli: 1000 };
    const same = await post({ fromLocationId: shop.defaultLocationId, toLocationId: shop.defaultLocationId, lines: [line] });
    expect(same.json().error.fields.toLocationId).toEqual(['Choose a different location to send to']);
    const negative = await post({ fromLocationId: shop.defaultLocationId, toLocationId: branchId, lines: [{ ...line, quantityMilli: -1000 }] });
    expect(negative.json().error.fields['lines.0.quantityMilli']).toContain('Quantity cannot be negative');
    const zero = await post({ fromLocationId: shop.defaultLocationId, toLocationId: branchId, lines: [{ ...line, quantityMilli: 0 }] });
    expect(zero.json().error.fields['lines.0.quantityMilli']).toEqual(['Enter a quantity more than 0']);
    const decimals = await post({ fromLocationId: shop.defaultLocationId, toLocationId: branchId, lines: [{ ...line, quantityMilli: 1001 }] });
    expect(decimals.json().error.fields['lines.0.quantityMilli']).toEqual(['Sugar 1 kg is counted in whole units']);
    const toClosed = await post({ fromLocationId: shop.defaultLocationId, toLocationId: closed.id, lines: [line] });
    expect(toClosed.json().error.fields.toLocationId).toEqual(['Closed branch is closed: reopen it first']);
    const unknownSource = await post({ fromLocationId: '00000000-0000-4000-8000-000000000000', toLocationId: branchId, lines: [line] });
    expect(unknownSource.json().error.fields.fromLocationId).toEqual(['Location not found']);
    for (const response of [same, negative, zero, decimals, toClosed, unknownSource]) expect(response.status).toBe(400);
    expect(await shop.documentCounts()).toEqual(before);
  });

  it('makes one transfer of the same Idempotency-Key sent concurrently', async () => {
    const before = await shop.documentCounts();
    const key = newKey();
    const body = { fromLocationId: shop.defaultLocationId, toLocationId: branchId, lines: [{ variantId: sugar.variantId, quantityMilli: 1000 }] };
    const responses = await Promise.all([1, 2].map(() => shop.call('POST', '/api/inventory/transfers', { body, idempotencyKey: key })));
    expect(responses.map((response) => response.status)).toEqual([201, 201]);
    expect(responses[1]!.json().id).toBe(responses[0]!.json().id);
    const after = await shop.documentCounts();
    expect([after.transfers - before.transfers, after.movements - before.movements]).toEqual([1, 1]);
    expect(await onHand(sugar.variantId, shop.defaultLocationId)).toBe(16_000);
  });

  it('needs the multi_location feature: a Starter shop gets 402', async () => {
    const starter = await createStockShop(testApp, { plan: 'Starter' });
    const second = (await starter.call('POST', '/api/locations', { body: { name: 'Second' } })).json();
    const product = await createTestProduct(testApp.database, starter.tenant.id);
    await addOpeningStock(testApp.database, starter.tenant.id, { variantId: product.variantId, locationId: starter.defaultLocationId, quantityMilli: 5000 });
    const response = await starter.call('POST', '/api/inventory/transfers', {
      body: { fromLocationId: starter.defaultLocationId, toLocationId: second.id, lines: [{ variantId: product.variantId, quantityMilli: 1000 }] },
    });
    expect(response.status).toBe(402);
    expect(response.json().error.message).toBe(upgradeMessage('multi_location'));
    expect((await starter.call('GET', '/api/inventory/transfers')).status).toBe(402);
    expect((await starter.documentCounts()).transfers).toBe(0);
  });
});

describe('stock takes', () => {
  it('counts, shows variances against on hand now, and posts them as count_variance movements', async () => {
    const started = await shop.call('POST', '/api/inventory/stock-takes', { as: 'manager', body: { locationId: shop.defaultLocationId, note: 'Month end' } });
    expect(started.status).toBe(201);
    const take = started.json();
    expect(take).toMatchObject({ status: 'counting', location: { id: shop.defaultLocationId, name: 'Main shop' }, startedByName: 'Shop manager', lines: [] });
    const count = (variantId: string, countedQuantityMilli: number) =>
      shop.call('PUT', `/api/inventory/stock-takes/${take.id}/counts`, { as: 'manager', body: { variantId, countedQuantityMilli } });

    const sugarOnHand = await onHand(sugar.variantId, shop.defaultLocationId);
    const riceOnHand = await onHand(rice.variantId, shop.defaultLocationId);
    await count(sugar.variantId, 10_000);
    await count(rice.variantId, 1000);
    const counted = await count(rice.variantId, riceOnHand + 500);
    expect(counted.status).toBe(200);
    expect(counted.json().lines.map((line: { productName: string; countedQuantityMilli: number; expectedQuantityMilli: number; varianceMilli: number }) => [line.productName, line.countedQuantityMilli, line.expectedQuantityMilli, line.varianceMilli])).toEqual([
      ['Rice (loose)', riceOnHand + 500, riceOnHand, 500],
      ['Sugar 1 kg', 10_000, sugarOnHand, 10_000 - sugarOnHand],
    ]);
    await count(shirts.variantId, 3000);
    const removed = await shop.call('DELETE', `/api/inventory/stock-takes/${take.id}/counts/${shirts.variantId}`, { as: 'manager' });
    expect(removed.json().lines).toHaveLength(2);
    await count(shirts.variants[1]!.id, await onHand(shirts.variants[1]!.id, shop.defaultLocationId));

    const posted = await shop.call('POST', `/api/inventory/stock-takes/${take.id}/post`, { as: 'manager' });
    expect(posted.status).toBe(200);
    expect(posted.json()).toMatchObject({ status: 'posted', postedByName: 'Shop manager' });
    expect(posted.json().lines.find((line: { variantId: string }) => line.variantId === sugar.variantId)).toMatchObject({ expectedQuantityMilli: sugarOnHand, varianceMilli: 10_000 - sugarOnHand });
    expect(await onHand(sugar.variantId, shop.defaultLocationId)).toBe(10_000);
    expect(await onHand(rice.variantId, shop.defaultLocationId)).toBe(riceOnHand + 500);
    const variances = (await shop.call('GET', '/api/inventory/movements?kind=count_variance', { as: 'manager' })).json();
    // The shirt counted at its on-hand figure has no variance, so no movement.
    expect(variances.items.map((movement: { variantId: string; sourceId: string }) => [movement.variantId, movement.sourceId]).sort()).toEqual(
      [[sugar.variantId, take.id], [rice.variantId, take.id]].sort(),
    );

    // Later movements do not change what a posted take expected.
    await shop.call('POST', '/api/inventory/adjustments', { body: { locationId: shop.defaultLocationId, reason: 'damage', lines: [{ variantId: sugar.variantId, quantityChangeMilli: -1000 }] } });
    expect((await shop.call('GET', `/api/inventory/stock-takes/${take.id}`)).json().lines.find((line: { variantId: string }) => line.variantId === sugar.variantId).expectedQuantityMilli).toBe(sugarOnHand);

    expect((await shop.call('POST', `/api/inventory/stock-takes/${take.id}/post`)).status).toBe(409);
    expect((await count(sugar.variantId, 1000)).status).toBe(409);
    expect((await shop.call('POST', `/api/inventory/stock-takes/${take.id}/cancel`)).status).toBe(409);
  });

  it('takes stock to the count even from negative stock, with negative stock off', async () => {
    await shop.call('PATCH', '/api/settings/inventory', { body: { allowNegativeStock: true } });
    await shop.call('POST', '/api/inventory/adjustments', { body: { locationId: branchId, reason: 'correction', lines: [{ variantId: rice.variantId, quantityChangeMilli: -2500 }] } });
    await shop.call('PATCH', '/api/settings/inventory', { body: { allowNegativeStock: false } });
    expect(await onHand(rice.variantId, branchId)).toBe(-2500);
    const take = (await shop.call('POST', '/api/inventory/stock-takes', { body: { locationId: branchId } })).json();
    await shop.call('PUT', `/api/inventory/stock-takes/${take.id}/counts`, { body: { variantId: rice.variantId, countedQuantityMilli: 0 } });
    await shop.call('PUT', `/api/inventory/stock-takes/${take.id}/counts`, { body: { variantId: sugar.variantId, countedQuantityMilli: 0 } });
    const posted = await shop.call('POST', `/api/inventory/stock-takes/${take.id}/post`);
    expect(posted.status).toBe(200);
    expect(await onHand(rice.variantId, branchId)).toBe(0);
    expect(await onHand(sugar.variantId, branchId)).toBe(0);
  });

  it('cancels without moving stock', async () => {
    const before = await shop.documentCounts();
    const take = (await shop.call('POST', '/api/inventory/stock-takes', { body: { locationId: shop.defaultLocationId } })).json();
    await shop.call('PUT', `/api/inventory/stock-takes/${take.id}/counts`, { body: { variantId: sugar.variantId, countedQuantityMilli: 0 } });
    expect((await shop.call('POST', `/api/inventory/stock-takes/${take.id}/cancel`)).json().status).toBe('cancelled');
    expect((await shop.call('POST', `/api/inventory/stock-takes/${take.id}/post`)).status).toBe(409);
    const after = await shop.documentCounts();
    expect(after.movements).toBe(before.movements);
    expect(after.on_hand).toBe(before.on_hand);
    const list = (await shop.call('GET', '/api/inventory/stock-takes?status=cancelled')).json();
    expect(list.items.map((item: { id: string }) => item.id)).toEqual([take.id]);
    expect(list.items[0]).toMatchObject({ lineCount: 1, status: 'cancelled' });
  });

  it('refuses bad counts with field messages and writes nothing', async () => {
    const take = (await shop.call('POST', '/api/inventory/stock-takes', { body: { locationId: shop.defaultLocationId } })).json();
    const before = await shop.documentCounts();
    const count = (body: unknown) => shop.call('PUT', `/api/inventory/stock-takes/${take.id}/counts`, { body });
    const negative = await count({ variantId: sugar.variantId, countedQuantityMilli: -1000 });
    expect(negative.json().error.fields.countedQuantityMilli).toEqual(['Counted quantity cannot be negative']);
    const decimals = await count({ variantId: sugar.variantId, countedQuantityMilli: 2500 });
    expect(decimals.json().error.fields.countedQuantityMilli).toEqual(['Sugar 1 kg is counted in whole units']);
    const unknown = await count({ variantId: '00000000-0000-4000-8000-000000000000', countedQuantityMilli: 1000 });
    expect(unknown.json().error.fields.variantId).toEqual(['Product not found']);
    const untracked = await createTestProduct(testApp.database, shop.tenant.id, { name: 'Delivery fee', trackStock: false });
    const service = await count({ variantId: untracked.variantId, countedQuantityMilli: 1000 });
    expect(service.json().error.fields.variantId).toEqual(['Delivery fee does not track stock']);
    for (const response of [negative, decimals, unknown, service]) expect(response.status).toBe(400);
    expect(await shop.documentCounts()).toEqual(before);
    const noLocation = await shop.call('POST', '/api/inventory/stock-takes', { body: { locationId: 'nowhere' } });
    expect(noLocation.json().error.fields.locationId).toEqual(['Choose a location']);
    expect(await shop.documentCounts()).toEqual(before);
    // One take counts a location at a time: this one makes way for the next test's.
    expect((await shop.call('POST', `/api/inventory/stock-takes/${take.id}/cancel`)).status).toBe(200);
  });

  it('makes one stock take of the same Idempotency-Key', async () => {
    const key = newKey();
    const before = await shop.documentCounts();
    const responses = await Promise.all([1, 2].map(() => shop.call('POST', '/api/inventory/stock-takes', { body: { locationId: branchId }, idempotencyKey: key })));
    expect(responses[1]!.json().id).toBe(responses[0]!.json().id);
    expect((await shop.documentCounts()).stock_takes - before.stock_takes).toBe(1);
  });
});

describe('roles', () => {
  it('refuses every stock write to a cashier (403) and writes nothing', async () => {
    const before = await shop.documentCounts();
    const take = (await shop.call('POST', '/api/inventory/stock-takes', { body: { locationId: shop.defaultLocationId } })).json();
    const transfer = (
      await shop.call('POST', '/api/inventory/transfers', { body: { fromLocationId: shop.defaultLocationId, toLocationId: branchId, lines: [{ variantId: sugar.variantId, quantityMilli: 1000 }] } })
    ).json();
    const afterSetup = await shop.documentCounts();
    const attempts = await Promise.all([
      shop.call('POST', '/api/inventory/adjustments', { as: 'cashier', body: { locationId: shop.defaultLocationId, reason: 'damage', lines: [{ variantId: sugar.variantId, quantityChangeMilli: -1000 }] } }),
      shop.call('POST', '/api/inventory/transfers', { as: 'cashier', body: { fromLocationId: shop.defaultLocationId, toLocationId: branchId, lines: [{ variantId: sugar.variantId, quantityMilli: 1000 }] } }),
      shop.call('POST', `/api/inventory/transfers/${transfer.id}/receive`, { as: 'cashier' }),
      shop.call('POST', `/api/inventory/transfers/${transfer.id}/cancel`, { as: 'cashier' }),
      shop.call('POST', '/api/inventory/stock-takes', { as: 'cashier', body: { locationId: shop.defaultLocationId } }),
      shop.call('PUT', `/api/inventory/stock-takes/${take.id}/counts`, { as: 'cashier', body: { variantId: sugar.variantId, countedQuantityMilli: 0 } }),
      shop.call('POST', `/api/inventory/stock-takes/${take.id}/post`, { as: 'cashier' }),
      shop.call('GET', '/api/inventory/movements', { as: 'cashier' }),
      shop.call('GET', '/api/inventory/low-stock', { as: 'cashier' }),
    ]);
    expect(attempts.map((response) => response.status)).toEqual(Array(attempts.length).fill(403));
    expect(await shop.documentCounts()).toEqual(afterSetup);
    expect(afterSetup.transfers - before.transfers).toBe(1);
  });
});

describe('tenant isolation', () => {
  it("tenant B gets 404 for A's documents, sees none in its lists, and cannot use A's items", async () => {
    const other = await createStockShop(testApp);
    const adjustmentId = (await shop.call('GET', '/api/inventory/adjustments')).json().items[0].id;
    const transferId = (await shop.call('GET', '/api/inventory/transfers')).json().items[0].id;
    const stockTakeId = (await shop.call('GET', '/api/inventory/stock-takes')).json().items[0].id;
    for (const path of [`/api/inventory/adjustments/${adjustmentId}`, `/api/inventory/transfers/${transferId}`, `/api/inventory/stock-takes/${stockTakeId}`]) {
      expect((await other.call('GET', path)).status).toBe(404);
    }
    for (const path of [`/api/inventory/transfers/${transferId}/receive`, `/api/inventory/transfers/${transferId}/cancel`, `/api/inventory/stock-takes/${stockTakeId}/post`, `/api/inventory/stock-takes/${stockTakeId}/cancel`]) {
      expect((await other.call('POST', path)).status).toBe(404);
    }
    expect((await other.call('PUT', `/api/inventory/stock-takes/${stockTakeId}/counts`, { body: { variantId: sugar.variantId, countedQuantityMilli: 0 } })).status).toBe(404);
    for (const path of ['/api/inventory/adjustments', '/api/inventory/transfers', '/api/inventory/stock-takes', '/api/inventory/movements']) {
      expect((await other.call('GET', path)).json()).toMatchObject({ items: [], total: 0 });
    }
    expect((await other.call('GET', '/api/inventory/low-stock')).json().items).toEqual([]);
    expect((await other.call('GET', '/api/inventory/summary')).json()).toEqual({ valuationMinor: 0, productCount: 0, lowStockCount: 0, outOfStockCount: 0 });

    const otherBefore = await other.documentCounts();
    const mineBefore = await shop.documentCounts();
    const stealAdjustment = await other.call('POST', '/api/inventory/adjustments', {
      body: { locationId: other.defaultLocationId, reason: 'correction', lines: [{ variantId: sugar.variantId, quantityChangeMilli: 5000 }] },
    });
    expect(stealAdjustment.status).toBe(400);
    expect(stealAdjustment.json().error.fields).toEqual({ 'lines.0.variantId': ['Product not found'] });
    const intoMyLocation = await other.call('POST', '/api/inventory/adjustments', {
      body: { locationId: shop.defaultLocationId, reason: 'correction', lines: [{ variantId: sugar.variantId, quantityChangeMilli: 5000 }] },
    });
    expect(intoMyLocation.status).toBe(400);
    const otherSecond = (await other.call('POST', '/api/locations', { body: { name: 'B branch' } })).json();
    const stealTransfer = await other.call('POST', '/api/inventory/transfers', {
      body: { fromLocationId: other.defaultLocationId, toLocationId: otherSecond.id, lines: [{ variantId: sugar.variantId, quantityMilli: 1000 }] },
    });
    expect(stealTransfer.status).toBe(400);
    const otherTake = (await other.call('POST', '/api/inventory/stock-takes', { body: { locationId: other.defaultLocationId } })).json();
    const stealCount = await other.call('PUT', `/api/inventory/stock-takes/${otherTake.id}/counts`, { body: { variantId: sugar.variantId, countedQuantityMilli: 1000 } });
    expect(stealCount.status).toBe(400);
    const otherAfter = await other.documentCounts();
    expect({ ...otherAfter, locations: otherBefore.locations, stock_takes: otherBefore.stock_takes }).toEqual(otherBefore);
    expect(await shop.documentCounts()).toEqual(mineBefore);
  });
});
