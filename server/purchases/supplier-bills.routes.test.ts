import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../tests/support/catalog-shop';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { accountViolations } from '../accounts/accounts-test-kit';
import { queryRows } from '../db/client';
import { createPurchaseShop, type PurchaseShop } from './purchases-test-kit';

// Issue 16, supplier bills and payments: statuses from the ledger's open items, services bills,
// several bills in one payment, oldest first, concurrency that never over-allocates, cash from a
// drawer, bad input, idempotency and isolation.

let testApp: TestApp;
let shop: PurchaseShop;
let other: TestShop;

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createPurchaseShop(testApp);
  other = await createTestShop(testApp);
});
afterAll(() => testApp.close());

/** A services bill (a carrier, a fundi) as the manager enters it. */
async function addBill(supplierId: string, amountMinor: number, dates: { billDate: string; dueDate?: string }, key?: string) {
  const response = await shop.call('POST', '/api/supplier-bills', {
    as: 'manager',
    idempotencyKey: key,
    body: { supplierId, amountMinor, description: 'Transport from Mombasa', ...dates },
  });
  expect(response.status).toBe(201);
  return response.json<{ id: string; number: string; status: string; openMinor: number; dueDate: string }>();
}

const pay = (body: Record<string, unknown>, key?: string) => shop.call('POST', '/api/supplier-payments', { as: 'manager', idempotencyKey: key, body: { method: 'bank_transfer', ...body } });
const bill = async (id: string) => (await shop.call('GET', `/api/supplier-bills/${id}`, { as: 'manager' })).json();

// Due dates far in the past or the future keep the statuses the same whatever day the tests run.
describe('bill statuses', () => {
  it('are due, partly paid, paid or overdue from what is open on the ledger', async () => {
    const supplierId = await shop.addSupplier({ name: 'Kisumu Carriers', termsDays: 14 });
    const late = await addBill(supplierId, 50_000, { billDate: '2020-01-10' });
    // No due date given: the bill date plus the supplier's 14 days of terms.
    expect(late).toMatchObject({ dueDate: '2020-01-24', status: 'overdue', openMinor: 50_000 });
    const future = await addBill(supplierId, 80_000, { billDate: '2020-02-01', dueDate: '2099-12-31' });
    expect(future.status).toBe('due');

    const part = await pay({ supplierId, amountMinor: 30_000, bills: [{ billId: future.id, amountMinor: 30_000 }] });
    expect(part.status).toBe(201);
    expect(part.json()).toMatchObject({ number: expect.stringMatching(/^PAY-/), settled: [{ billId: future.id, amountMinor: 30_000 }], unallocatedMinor: 0 });
    expect(await bill(future.id)).toMatchObject({ status: 'partly_paid', openMinor: 50_000, payments: [{ amountMinor: 30_000, method: 'bank_transfer' }] });

    const list = (status: string) => shop.call('GET', `/api/supplier-bills?supplierId=${supplierId}&status=${status}`, { as: 'manager' });
    expect((await list('overdue')).json()).toMatchObject({ total: 1, items: [{ id: late.id }], openMinor: 50_000, overdueMinor: 50_000 });
    expect((await list('partly_paid')).json()).toMatchObject({ total: 1, items: [{ id: future.id }] });
    expect((await list('due')).json().total).toBe(0);
    expect((await list('unknown')).status).toBe(400);
    // Everything of the supplier: 50,000 + 50,000 open, of which 50,000 overdue.
    expect((await shop.call('GET', `/api/supplier-bills?supplierId=${supplierId}&sort=due`, { as: 'manager' })).json()).toMatchObject({
      total: 2,
      items: [{ id: late.id }, { id: future.id }],
      openMinor: 100_000,
      overdueMinor: 50_000,
    });
  });
});

describe('paying bills', () => {
  it('pays two bills in one payment, or the oldest first, and leaves the rest as a credit', async () => {
    const supplierId = await shop.addSupplier();
    const older = await addBill(supplierId, 40_000, { billDate: '2026-10-01', dueDate: '2026-10-31' });
    const newer = await addBill(supplierId, 60_000, { billDate: '2026-11-01', dueDate: '2026-11-30' });
    const both = await pay({ supplierId, amountMinor: 100_000, bills: [{ billId: older.id, amountMinor: 40_000 }, { billId: newer.id, amountMinor: 60_000 }] });
    expect(both.status).toBe(201);
    expect(both.json().settled).toEqual([
      { billId: older.id, number: older.number, amountMinor: 40_000 },
      { billId: newer.id, number: newer.number, amountMinor: 60_000 },
    ]);
    expect((await bill(older.id)).status).toBe('paid');
    expect((await bill(newer.id)).status).toBe('paid');

    const third = await addBill(supplierId, 30_000, { billDate: '2026-11-02', dueDate: '2026-12-02' });
    const fourth = await addBill(supplierId, 30_000, { billDate: '2026-11-03', dueDate: '2026-12-03' });
    // Oldest first: 50,000 pays the third's 30,000 and 20,000 of the fourth's 30,000.
    const oldest = await pay({ supplierId, amountMinor: 50_000, bills: null }).then((r) => r.json());
    expect(oldest.settled.map((item: { billId: string; amountMinor: number }) => [item.billId, item.amountMinor])).toEqual([
      [third.id, 30_000],
      [fourth.id, 20_000],
    ]);
    expect(oldest.unallocatedMinor).toBe(0);
    // 15,000 more: the fourth's last 10,000, and 5,000 stays as a credit with the supplier.
    const extra = await pay({ supplierId, amountMinor: 15_000 }).then((r) => r.json());
    expect(extra).toMatchObject({ settled: [{ billId: fourth.id, amountMinor: 10_000 }], unallocatedMinor: 5_000 });
    expect(await accountViolations(testApp.database, shop.tenant.id)).toEqual([]);
  });

  it('never over-allocates two bills under 8 concurrent payments', async () => {
    const supplierId = await shop.addSupplier();
    const first = await addBill(supplierId, 30_000, { billDate: '2026-11-01', dueDate: '2026-12-01' });
    const second = await addBill(supplierId, 30_000, { billDate: '2026-11-02', dueDate: '2026-12-02' });
    // Each wants 10,000 of each bill: only 3 fit before both are paid.
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        pay({ supplierId, amountMinor: 20_000, bills: [{ billId: first.id, amountMinor: 10_000 }, { billId: second.id, amountMinor: 10_000 }] }, randomUUID()),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 400, 400, 400, 400, 400]);
    const allocated = await testApp.database.withTenant(shop.tenant.id, (tx) =>
      queryRows<{ bill_id: string; allocated: string; open: string }>(
        tx,
        sql`select b.id as bill_id, coalesce(sum(a.amount_minor), 0)::text as allocated, min(o.open_minor)::text as open
            from supplier_bills b join account_open_items o on o.entry_id = b.entry_id
            left join account_allocations a on a.debit_entry_id = b.entry_id
            where b.id in (${first.id}, ${second.id}) group by b.id`,
      ),
    );
    expect(allocated.map((row) => [Number(row.allocated), Number(row.open)])).toEqual([
      [30_000, 0],
      [30_000, 0],
    ]);
    expect(await accountViolations(testApp.database, shop.tenant.id)).toEqual([]);
  });

  it('pays cash from an open shift as a cash-out of its drawer', async () => {
    const supplierId = await shop.addSupplier();
    const due = await addBill(supplierId, 12_000, { billDate: '2026-11-01', dueDate: '2026-12-01' });
    const shiftId = await shop.openShift('cashier');
    const expected = await shop.expectedCash(shiftId);
    const paid = await pay({ supplierId, amountMinor: 12_000, method: 'cash', shiftId, bills: [{ billId: due.id, amountMinor: 12_000 }] });
    expect(paid.status).toBe(201);
    expect(paid.json()).toMatchObject({ shiftId, method: 'cash' });
    expect(await shop.expectedCash(shiftId)).toBe(expected - 12_000);
  });

  it('refuses cash from a closed shift (409 shift_closed) and writes nothing', async () => {
    const supplierId = await shop.addSupplier();
    const due = await addBill(supplierId, 7_500, { billDate: '2026-11-01', dueDate: '2099-12-31' });
    const shiftId = await shop.openShift('cashier');
    const closed = await shop.call('POST', `/api/shifts/${shiftId}/close`, { as: 'manager', body: { countedCashMinor: await shop.expectedCash(shiftId) } });
    expect(closed.status).toBe(200);
    const before = await shop.counts();

    const paid = await pay({ supplierId, amountMinor: 7_500, method: 'cash', shiftId, bills: [{ billId: due.id, amountMinor: 7_500 }] }, randomUUID());
    expect(paid.status).toBe(409);
    expect(paid.json().error).toMatchObject({ code: 'shift_closed', fields: { shiftId: ['This shift is closed'] } });
    expect(await shop.counts()).toEqual(before);
    expect(await bill(due.id)).toMatchObject({ openMinor: 7_500, status: 'due' });
  });
});

describe('bad input, idempotency and isolation', () => {
  it('refuses another supplier’s or another shop’s bill and writes nothing', async () => {
    const supplierId = await shop.addSupplier();
    const someoneElse = await shop.addSupplier();
    const theirs = await addBill(someoneElse, 10_000, { billDate: '2026-11-01' });
    const before = await shop.counts();
    const wrong = await pay({ supplierId, amountMinor: 10_000, bills: [{ billId: theirs.id, amountMinor: 10_000 }] });
    expect(wrong.status).toBe(400);
    expect(wrong.json().error.fields).toEqual({ 'bills.0.billId': ['This bill is another supplier’s'] });
    const missing = await pay({ supplierId, amountMinor: 10_000, bills: [{ billId: randomUUID(), amountMinor: 10_000 }] });
    expect(missing.json().error.fields).toEqual({ 'bills.0.billId': ['Bill not found'] });
    const tooMuch = await pay({ supplierId: someoneElse, amountMinor: 20_000, bills: [{ billId: theirs.id, amountMinor: 20_000 }] });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json().error.fields).toHaveProperty(['bills.0.amountMinor']);
    expect((await pay({ supplierId: randomUUID(), amountMinor: 100 })).status).toBe(400);
    const badBill = await shop.call('POST', '/api/supplier-bills', { as: 'manager', body: { supplierId, amountMinor: 100, vatMinor: 200, billDate: '2026-11-01', description: 'Repairs' } });
    expect(badBill.status).toBe(400);
    expect(await shop.counts()).toEqual(before);
    expect((await other.call('GET', `/api/supplier-bills/${theirs.id}`, { as: 'manager' })).status).toBe(404);
    expect((await other.call('GET', '/api/supplier-bills', { as: 'manager' })).json().total).toBe(0);
  });

  it('records one services bill and one payment per Idempotency-Key', async () => {
    const supplierId = await shop.addSupplier();
    const billKey = randomUUID();
    const first = await addBill(supplierId, 25_000, { billDate: '2026-11-10' }, billKey);
    const before = await shop.counts();
    const again = await addBill(supplierId, 25_000, { billDate: '2026-11-10' }, billKey);
    expect(again.id).toBe(first.id);
    expect(await shop.counts()).toEqual(before);

    const payKey = randomUUID();
    const paid = await pay({ supplierId, amountMinor: 25_000 }, payKey);
    const afterFirst = await shop.counts();
    const replay = await pay({ supplierId, amountMinor: 25_000 }, payKey);
    expect(replay.status).toBe(201);
    expect(replay.json().entryId).toBe(paid.json().entryId);
    expect(await shop.counts()).toEqual(afterFirst);
    const reused = await pay({ supplierId, amountMinor: 1_000 }, payKey);
    expect(reused.status).toBe(422);
  });
});
