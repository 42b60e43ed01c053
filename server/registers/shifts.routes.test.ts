import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type ShopRole, type TestShop } from '../../tests/support/catalog-shop';
import { TEST_PASSWORD } from '../../tests/support/factories';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';
import { addStockedProduct, checkoutBody, type SalesShop, type StockedProduct } from '../sales/sales-test-kit';

// Shifts through the API: open with a float, cash in and out, the X report worked by hand, the
// close with its over/short and Z number, blind close, who sees which shift, late sales, isolation
// and bad input. Sales are made through the real checkout (POST /api/sales).

let testApp: TestApp;
let shop: TestShop;
let other: TestShop;
let tillOne: string;
let sugar: StockedProduct;
let bread: StockedProduct;

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createTestShop(testApp);
  other = await createTestShop(testApp);
  tillOne = (await shop.call('GET', '/api/registers')).json().items[0].id;
  sugar = await addStockedProduct(testApp.database, shop, { priceMinor: 25_000, name: 'Sugar 2 kg' });
  bread = await addStockedProduct(testApp.database, shop, { priceMinor: 9_950, name: 'Bread 800 g' });
});
afterAll(() => testApp.close());

let prefixes = 0;
/** A new register at the shop's default location (admin API), with a fresh prefix. */
async function addRegister(target: TestShop = shop): Promise<string> {
  prefixes += 1;
  const response = await target.call('POST', '/api/registers', {
    body: { locationId: target.defaultLocationId, name: `Counter ${prefixes}`, receiptPrefix: `C${prefixes}` },
  });
  expect(response.status).toBe(201);
  return response.json().id;
}

async function open(registerId: string, as: ShopRole = 'cashier', floatMinor = 150_000) {
  const response = await shop.call('POST', '/api/shifts', { as, body: { registerId, openingFloatMinor: floatMinor } });
  expect(response.status).toBe(201);
  return response.json().id as string;
}

function close(shiftId: string, body: Record<string, unknown>, as: ShopRole = 'cashier') {
  return shop.call('POST', `/api/shifts/${shiftId}/close`, { as, body });
}

function sell(registerId: string, shiftId: string, lines: { product: StockedProduct; quantityMilli?: number }[], payments?: unknown[]) {
  const body = checkoutBody({ ...shop, registerId, shiftId } as SalesShop, lines, payments ? { payments } : {});
  return shop.call('POST', '/api/sales', { as: 'cashier', body });
}

async function registerRow(registerId: string) {
  const [row] = await testApp.database.withTenant(shop.tenant.id, (tx) =>
    queryRows<{ last_z_number: number }>(tx, sql`select last_z_number from registers where id = ${registerId}`),
  );
  return row!;
}

describe('a shift from open to close', () => {
  it('opens with a counted float, takes sales and cash movements, reports the expected cash, closes with Z 1', async () => {
    const opened = await shop.call('POST', '/api/shifts', {
      as: 'cashier',
      body: { registerId: tillOne, openingFloatMinor: 150_000, denominations: { '100000': 1, '50000': 1 } },
    });
    expect(opened.status).toBe(201);
    const shift = opened.json();
    expect(shift).toMatchObject({ registerId: tillOne, registerName: 'Till 1', locationName: 'Main shop', status: 'open', openingFloatMinor: 150_000, zNumber: null });
    expect(shift.openedByName).toBe('Shop cashier');
    expect((await shop.call('GET', `/api/shifts/current?registerId=${tillOne}`, { as: 'cashier' })).json().id).toBe(shift.id);

    // 1. Sugar × 2 = 500.00 in cash, 1,000.00 handed over: 500.00 change, 500.00 stays in the drawer.
    expect((await sell(tillOne, shift.id, [{ product: sugar, quantityMilli: 2000 }], [{ tender: 'cash', amountMinor: 50_000, tenderedMinor: 100_000 }])).status).toBe(201);
    // 2. Bread = 99.50 by M-Pesa.
    expect((await sell(tillOne, shift.id, [{ product: bread }], [{ tender: 'mpesa', amountMinor: 9_950, reference: 'SGH7K2LQ9P' }])).status).toBe(201);
    // 3. Sugar + bread = 349.50: 200.00 cash (exact) and 149.50 by card.
    const split = [
      { tender: 'cash', amountMinor: 20_000, tenderedMinor: 20_000 },
      { tender: 'card', amountMinor: 14_950, reference: '4421' },
    ];
    expect((await sell(tillOne, shift.id, [{ product: sugar }, { product: bread }], split)).status).toBe(201);
    const topUp = await shop.call('POST', `/api/shifts/${shift.id}/cash-movements`, {
      as: 'cashier',
      body: { direction: 'in', reason: 'float_top_up', amountMinor: 10_000, note: 'Coins from the office' },
    });
    expect(topUp.status).toBe(201);
    expect(topUp.json()).toMatchObject({ shiftId: shift.id, direction: 'in', reason: 'float_top_up', amountMinor: 10_000, note: 'Coins from the office', userName: 'Shop cashier' });
    const deposit = await shop.call('POST', `/api/shifts/${shift.id}/cash-movements`, { as: 'cashier', body: { direction: 'out', reason: 'bank_deposit', amountMinor: 60_000 } });
    expect(deposit.status).toBe(201);

    // Expected cash = float 1,500.00 + cash sales (500.00 + 200.00) − refunds 0 + in 100.00 − out 600.00 = 1,700.00.
    const x = await shop.call('GET', `/api/shifts/${shift.id}/report`, { as: 'cashier' });
    expect(x.status).toBe(200);
    expect(x.json()).toMatchObject({
      kind: 'x',
      zNumber: null,
      salesCount: 3,
      grossSalesMinor: 94_900,
      discountsMinor: 0,
      netSalesMinor: 94_900,
      tenders: { cash: 70_000, mpesa: 9_950, card: 14_950 },
      cashInMinor: 10_000,
      cashOutMinor: 60_000,
      expectedCashMinor: 170_000,
      countedCashMinor: null,
      overShortMinor: null,
      lateSales: { count: 0, totalMinor: 0, tenders: {} },
    });
    expect(x.json().cashMovements.map((movement: { reason: string }) => movement.reason)).toEqual(['float_top_up', 'bank_deposit']);
    expect(x.json().firstReceiptCode).toMatch(/^T1-\d{6}$/);
    // An X report changes nothing: asked again, the same figures.
    expect({ ...(await shop.call('GET', `/api/shifts/${shift.id}/report`, { as: 'cashier' })).json(), printedAt: null }).toEqual({ ...x.json(), printedAt: null });

    // Counted 1,695.00: 5.00 short, inside the tolerance (500.00): recorded as it is.
    const closed = await close(shift.id, { countedCashMinor: 169_500, declaredTotals: { card: 14_950, mpesa: 9_950, other: 2_000 }, note: 'Short by a coin' });
    expect(closed.status).toBe(200);
    expect(closed.json()).toMatchObject({
      kind: 'z',
      zNumber: 1,
      expectedCashMinor: 170_000,
      countedCashMinor: 169_500,
      overShortMinor: -500,
      declaredTotals: { card: 14_950, mpesa: 9_950, other: 2_000 },
      closedByName: 'Shop cashier',
    });
    const after = (await shop.call('GET', `/api/shifts/${shift.id}`, { as: 'cashier' })).json();
    expect(after).toMatchObject({ status: 'closed', zNumber: 1, countedCashMinor: 169_500, overShortMinor: -500, salesCount: 3, salesTotalMinor: 94_900 });
    expect((await shop.call('GET', `/api/shifts/current?registerId=${tillOne}`, { as: 'cashier' })).status).toBe(404);
    // The stored Z is what the report answers now; a second close and a cash movement are refused.
    const stored = (await shop.call('GET', `/api/shifts/${shift.id}/report`, { as: 'cashier' })).json();
    expect({ ...stored, printedAt: null }).toEqual({ ...closed.json(), printedAt: null });
    expect((await close(shift.id, { countedCashMinor: 169_500 })).json().error.code).toBe('shift_closed');
    const late = await shop.call('POST', `/api/shifts/${shift.id}/cash-movements`, { as: 'cashier', body: { direction: 'in', reason: 'other', amountMinor: 100 } });
    expect([late.status, late.json().error.code]).toEqual([409, 'shift_closed']);
  });

  it('puts a sale that arrives after the close on the shift as late, on the supplementary figures only', async () => {
    const shiftId = await open(tillOne);
    expect((await sell(tillOne, shiftId, [{ product: bread }])).status).toBe(201);
    const z = (await close(shiftId, { countedCashMinor: 159_950 })).json();
    expect(z).toMatchObject({ salesCount: 1, overShortMinor: 0, lateSales: { count: 0, totalMinor: 0 } });

    const lateSale = await sell(tillOne, shiftId, [{ product: sugar }], [{ tender: 'mpesa', amountMinor: 25_000, reference: 'QWE4RTY7UP' }]);
    expect(lateSale.status).toBe(201);
    expect(lateSale.json().sale.isLate).toBe(true);
    const report = (await shop.call('GET', `/api/shifts/${shiftId}/report`, { as: 'cashier' })).json();
    expect(report).toMatchObject({ kind: 'z', zNumber: z.zNumber, salesCount: 1, expectedCashMinor: 159_950, tenders: { cash: 9_950 } });
    expect(report.lateSales).toEqual({ count: 1, totalMinor: 25_000, tenders: { mpesa: 25_000 } });
  });

  it('numbers Z reports 1, 2, 3… on a register, never repeating or skipping one', async () => {
    const registerId = await addRegister();
    const numbers: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      const shiftId = await open(registerId);
      numbers.push((await close(shiftId, { countedCashMinor: 150_000 })).json().zNumber);
    }
    expect(numbers).toEqual([1, 2, 3, 4]);
    expect((await registerRow(registerId)).last_z_number).toBe(4);
  });

  it('closes shifts on several registers at once, each with its own next Z number; a shift closed twice at once closes once', async () => {
    const registerIds = await Promise.all([addRegister(), addRegister(), addRegister(), addRegister()]);
    for (let round = 1; round <= 2; round += 1) {
      const shiftIds = await Promise.all(registerIds.map((registerId) => open(registerId)));
      const closes = await Promise.all(shiftIds.map((shiftId) => close(shiftId, { countedCashMinor: 150_000 })));
      expect(closes.map((response) => [response.status, response.json().zNumber])).toEqual(registerIds.map(() => [200, round]));
    }
    const shiftId = await open(registerIds[0]!);
    const twice = await Promise.all([close(shiftId, { countedCashMinor: 150_000 }), close(shiftId, { countedCashMinor: 150_000 }, 'manager')]);
    expect(twice.map((response) => response.status).sort()).toEqual([200, 409]);
    expect((await registerRow(registerIds[0]!)).last_z_number).toBe(3);
    const zNumbers = await testApp.database.withTenant(shop.tenant.id, (tx) =>
      queryRows<{ z_number: number }>(tx, sql`select z_number from shifts where register_id = ${registerIds[0]!} order by z_number`),
    );
    expect(zNumbers.map((row) => row.z_number)).toEqual([1, 2, 3]);
  });

  it('never loses a sale racing the close: each one is in the Z report or among its late sales', async () => {
    const registerId = await addRegister();
    const shiftId = await open(registerId);
    const [closed, ...sales] = await Promise.all([
      // Counted as if half the sales were in: within the tolerance however many are.
      close(shiftId, { countedCashMinor: 150_000 + 3 * 9_950 }, 'manager'),
      ...[1, 2, 3, 4, 5, 6].map(() => sell(registerId, shiftId, [{ product: bread }])),
    ]);
    expect(closed!.status).toBe(200);
    expect(sales.map((sale) => sale.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const onTime = sales.filter((sale) => !sale.json().sale.isLate).length;
    const z = closed!.json();
    expect(z.salesCount).toBe(onTime);
    expect(z.expectedCashMinor).toBe(150_000 + onTime * 9_950);
    const report = (await shop.call('GET', `/api/shifts/${shiftId}/report`, { as: 'manager' })).json();
    expect(report.lateSales).toEqual({ count: 6 - onTime, totalMinor: (6 - onTime) * 9_950, tenders: 6 - onTime ? { cash: (6 - onTime) * 9_950 } : {} });
  });

  it('opens the next shift on a register while its last one is closing: the open waits for the close, never fails', async () => {
    const registerId = await addRegister();
    const shiftId = await open(registerId);
    const [closed, opened] = await Promise.all([close(shiftId, { countedCashMinor: 150_000 }), shop.call('POST', '/api/shifts', { as: 'manager', body: { registerId, openingFloatMinor: 0 } })]);
    expect(closed.status).toBe(200);
    expect([201, 409]).toContain(opened.status);
  });

  it('lets one of two opens at the same moment on a register win; the other is told the register has an open shift', async () => {
    const registerId = await addRegister();
    const body = { registerId, openingFloatMinor: 100_000 };
    const both = await Promise.all([shop.call('POST', '/api/shifts', { as: 'cashier', body }), shop.call('POST', '/api/shifts', { as: 'manager', body })]);
    expect(both.map((response) => response.status).sort()).toEqual([201, 409]);
    const refused = both.find((response) => response.status === 409)!.json().error;
    expect(refused).toMatchObject({ code: 'shift_already_open', message: 'This register already has an open shift.' });
    const open = await shop.call('GET', `/api/shifts?registerId=${registerId}&status=open`, { as: 'manager' });
    expect(open.json().total).toBe(1);
  });

  it('opens once per Idempotency-Key, even when the retry races the first request', async () => {
    const registerId = await addRegister();
    const idempotencyKey = randomUUID();
    const body = { registerId, openingFloatMinor: 100_000 };
    const both = await Promise.all([1, 2].map(() => shop.call('POST', '/api/shifts', { as: 'cashier', body, idempotencyKey })));
    expect(both.map((response) => response.status)).toEqual([201, 201]);
    expect(both[1]!.json().id).toBe(both[0]!.json().id);
    const movementKey = randomUUID();
    const movement = { direction: 'out', reason: 'expenses', amountMinor: 5_000, note: 'Tea' };
    const movements = await Promise.all([1, 2].map(() => shop.call('POST', `/api/shifts/${both[0]!.json().id}/cash-movements`, { as: 'cashier', body: movement, idempotencyKey: movementKey })));
    expect(movements[1]!.json().id).toBe(movements[0]!.json().id);
    expect((await shop.call('GET', `/api/shifts/${both[0]!.json().id}/report`, { as: 'cashier' })).json().cashOutMinor).toBe(5_000);
  });
});

describe('an over/short beyond the tolerance', () => {
  it('needs a manager’s over_short approval; without one nothing is written', async () => {
    const registerId = await addRegister();
    const shiftId = await open(registerId);
    const approvalsBefore = await countApprovalsUsed();
    // Expected 1,500.00; counted 900.00: 600.00 short, past the default tolerance of 500.00.
    const refused = await close(shiftId, { countedCashMinor: 90_000 });
    expect(refused.status).toBe(409);
    expect(refused.json().error.code).toBe('approval_required');
    expect(refused.json().error.fields.approvalId).toHaveLength(1);
    expect((await shop.call('GET', `/api/shifts/${shiftId}`, { as: 'cashier' })).json()).toMatchObject({ status: 'open', zNumber: null, countedCashMinor: null });
    expect((await registerRow(registerId)).last_z_number).toBe(0);

    const discountApproval = await approve('discount');
    const wrongAction = await close(shiftId, { countedCashMinor: 90_000, approvalId: discountApproval });
    expect(wrongAction.json().error.code).toBe('approval_invalid');
    expect((await registerRow(registerId)).last_z_number).toBe(0);

    const approvalId = await approve('over_short');
    const closed = await close(shiftId, { countedCashMinor: 90_000, approvalId });
    expect(closed.status).toBe(200);
    expect(closed.json()).toMatchObject({ zNumber: 1, expectedCashMinor: 150_000, overShortMinor: -60_000, overShortApprovedByName: 'Shop manager' });
    expect(await countApprovalsUsed()).toBe(approvalsBefore + 1);
    const [stored] = await testApp.database.withTenant(shop.tenant.id, (tx) =>
      queryRows<{ close_approval_id: string; over_short_minor: number }>(tx, sql`select close_approval_id, over_short_minor from shifts where id = ${shiftId}`),
    );
    expect(stored).toEqual({ close_approval_id: approvalId, over_short_minor: -60_000 });
  });

  it('an over/short within the tolerance needs none (an approval sent along is left unused)', async () => {
    const shiftId = await open(await addRegister());
    const approvalId = await approve('over_short');
    const closed = await close(shiftId, { countedCashMinor: 200_000, approvalId });
    expect(closed.json()).toMatchObject({ overShortMinor: 50_000, overShortApprovedByName: null });
    const [approval] = await testApp.database.withTenant(shop.tenant.id, (tx) =>
      queryRows<{ used_at: Date | null }>(tx, sql`select used_at from approvals where id = ${approvalId}`),
    );
    expect(approval!.used_at).toBeNull();
  });

  async function approve(action: string): Promise<string> {
    const response = await shop.call('POST', '/api/approvals', {
      as: 'cashier',
      body: { action, registerId: null, email: shop.users.manager.email, method: 'password', secret: TEST_PASSWORD, reason: 'Counted twice' },
    });
    expect(response.status).toBe(201);
    return response.json().id;
  }

  async function countApprovalsUsed() {
    const [row] = await testApp.database.withTenant(shop.tenant.id, (tx) =>
      queryRows<{ count: number }>(tx, sql`select count(*)::int as count from approvals where used_by_type = 'shift'`),
    );
    return row!.count;
  }
});

describe('blind close', () => {
  it('hides the expected figures from a cashier until the shift is closed; managers see them', async () => {
    const shiftId = await open(await addRegister());
    const settings = (await shop.call('GET', '/api/sales-settings', { as: 'cashier' })).json();
    expect((await shop.call('PUT', '/api/sales-settings', { body: { ...settings, blindClose: true } })).status).toBe(200);
    try {
      const cashierView = (await shop.call('GET', `/api/shifts/${shiftId}/report`, { as: 'cashier' })).json();
      expect(cashierView).toMatchObject({ expectedCashMinor: null, overShortMinor: null, openingFloatMinor: 150_000 });
      expect((await shop.call('GET', `/api/shifts/${shiftId}/report`, { as: 'manager' })).json().expectedCashMinor).toBe(150_000);
      const closed = await close(shiftId, { countedCashMinor: 150_100 });
      expect(closed.json()).toMatchObject({ expectedCashMinor: 150_000, overShortMinor: 100 });
      expect((await shop.call('GET', `/api/shifts/${shiftId}/report`, { as: 'cashier' })).json().expectedCashMinor).toBe(150_000);
    } finally {
      await shop.call('PUT', '/api/sales-settings', { body: { ...settings, blindClose: false } });
    }
  });
});

describe('who sees which shift', () => {
  it('shows a cashier their own shifts only; a manager sees every one', async () => {
    const registerId = await addRegister();
    const managers = await open(registerId, 'manager');
    const cashierList = (await shop.call('GET', '/api/shifts?pageSize=100', { as: 'cashier' })).json();
    expect(cashierList.items.length).toBeGreaterThan(0);
    expect(cashierList.items.every((item: { openedByName: string }) => item.openedByName === 'Shop cashier')).toBe(true);
    expect(cashierList.items.map((item: { id: string }) => item.id)).not.toContain(managers);
    const managerList = (await shop.call('GET', `/api/shifts?registerId=${registerId}`, { as: 'manager' })).json();
    expect(managerList).toMatchObject({ total: 1, page: 1, pageSize: 25, items: [{ id: managers, openedByName: 'Shop manager' }] });

    for (const [method, path, body] of [
      ['GET', `/api/shifts/${managers}`, undefined],
      ['GET', `/api/shifts/${managers}/report`, undefined],
      ['POST', `/api/shifts/${managers}/cash-movements`, { direction: 'in', reason: 'other', amountMinor: 100 }],
      ['POST', `/api/shifts/${managers}/close`, { countedCashMinor: 150_000 }],
    ] as const) {
      expect([path, (await shop.call(method, path, { as: 'cashier', body })).status]).toEqual([path, 404]);
    }
    // The register's open shift is found by any cashier (they sell on it).
    expect((await shop.call('GET', `/api/shifts/current?registerId=${registerId}`, { as: 'cashier' })).json().id).toBe(managers);
    expect((await close(managers, { countedCashMinor: 150_000 }, 'manager')).status).toBe(200);
  });
});

describe('another shop', () => {
  it('answers 404 for this shop’s registers and shifts on every route', async () => {
    const registerId = await addRegister();
    const shiftId = await open(registerId);
    const calls = [
      ['PATCH', `/api/registers/${registerId}`, { name: 'Mine now' }],
      ['POST', '/api/registers', { locationId: shop.defaultLocationId, name: 'Till X', receiptPrefix: 'X9' }],
      ['POST', '/api/shifts', { registerId, openingFloatMinor: 0 }],
      ['GET', `/api/shifts/current?registerId=${registerId}`, undefined],
      ['GET', `/api/shifts/${shiftId}`, undefined],
      ['GET', `/api/shifts/${shiftId}/report`, undefined],
      ['POST', `/api/shifts/${shiftId}/cash-movements`, { direction: 'out', reason: 'other', amountMinor: 100 }],
      ['POST', `/api/shifts/${shiftId}/close`, { countedCashMinor: 0 }],
    ] as const;
    for (const [method, path, body] of calls) {
      expect([method, path, (await other.call(method, path, { body })).status]).toEqual([method, path, 404]);
    }
    expect((await other.call('GET', '/api/shifts')).json().items).toEqual([]);
    expect((await other.call('GET', '/api/registers?all=true')).json().items.map((item: { id: string }) => item.id)).not.toContain(registerId);
    expect((await shop.call('GET', `/api/shifts/${shiftId}`, { as: 'cashier' })).json()).toMatchObject({ status: 'open', registerName: expect.stringMatching(/^Counter/) });
  });
});

describe('bad input', () => {
  it('refuses money as a float, negative money and counts that do not add up, with a message per field, writing nothing', async () => {
    const registerId = await addRegister();
    const before = await shiftCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ registerId, openingFloatMinor: 1500.5 }, 'openingFloatMinor', 'Enter a whole amount in cents (minor units)'],
      [{ registerId, openingFloatMinor: -100 }, 'openingFloatMinor', 'The amount cannot be negative'],
      [{ registerId, openingFloatMinor: 150_000, denominations: { '100000': 1 } }, 'openingFloatMinor', 'The float does not match the notes and coins counted'],
      [{ registerId, openingFloatMinor: 100, denominations: { '7': 1 } }, 'denominations', 'Not a Kenyan note or coin'],
      [{ registerId: 'till-1', openingFloatMinor: 0 }, 'registerId', 'Choose a register'],
    ];
    for (const [body, field, message] of cases) {
      const response = await shop.call('POST', '/api/shifts', { as: 'cashier', body });
      expect([response.status, response.json().error.fields?.[field]]).toEqual([400, [message]]);
    }
    expect(await shiftCount()).toBe(before);

    const shiftId = await open(registerId);
    const movement = await shop.call('POST', `/api/shifts/${shiftId}/cash-movements`, { as: 'cashier', body: { direction: 'sideways', reason: 'expenses', amountMinor: 0 } });
    expect(movement.status).toBe(400);
    expect(movement.json().error.fields).toMatchObject({ direction: ['Choose cash in or cash out'], amountMinor: ['The amount must be more than zero'] });
    const closes: [Record<string, unknown>, string, string][] = [
      [{ countedCashMinor: 99.99 }, 'countedCashMinor', 'Enter a whole amount in cents (minor units)'],
      [{ countedCashMinor: -1 }, 'countedCashMinor', 'The amount cannot be negative'],
      [{ countedCashMinor: 150_000, denominations: { '100000': 1, '20000': 2 } }, 'countedCashMinor', 'The total does not match the notes and coins counted'],
      [{ countedCashMinor: 150_000, declaredTotals: { card: -5 } }, 'declaredTotals.card', 'The amount cannot be negative'],
    ];
    for (const [body, field, message] of closes) {
      const response = await close(shiftId, body);
      expect([response.status, response.json().error.fields?.[field]]).toEqual([400, [message]]);
    }
    const report = (await shop.call('GET', `/api/shifts/${shiftId}/report`, { as: 'cashier' })).json();
    expect(report).toMatchObject({ kind: 'x', cashMovements: [] });
    expect((await registerRow(registerId)).last_z_number).toBe(0);
  });

  async function shiftCount() {
    const [row] = await testApp.database.withTenant(shop.tenant.id, (tx) => queryRows<{ count: number }>(tx, sql`select count(*)::int as count from shifts`));
    return row!.count;
  }
});
