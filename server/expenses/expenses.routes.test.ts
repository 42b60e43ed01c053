import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopRole, TestShop } from '../../tests/support/catalog-shop';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';
import { addRegisterWithShift, createSalesShop, type SalesShop } from '../sales/sales-test-kit';
import { makeDueRecurringExpenses } from './recurring-expenses.service';

// Issue 16, expenses: categories, expenses paid from anywhere (a register's drawer through its open
// shift), voids, receipt uploads judged by their bytes, recurring expenses made by the job exactly
// once, the cashier's permission, and isolation between shops.

let testApp: TestApp;
let shop: SalesShop;
let otherShop: SalesShop;
let rentId: string;
let supplierId: string;
let photo: Buffer;

const expenseCount = async (tenantId: string) =>
  (await testApp.database.withTenant(tenantId, (tx) => queryRows<{ count: number }>(tx, sql`select count(*)::int as count from expenses`)))[0]!.count;

const expectedCash = async (target: SalesShop, shiftId: string) => (await target.call('GET', `/api/shifts/${shiftId}/report`, { as: 'manager' })).json().expectedCashMinor as number;

const setCashiersMayRecord = (target: TestShop, allowed: boolean) => target.call('PUT', '/api/settings/purchases', { body: { cashiersRecordCashPurchases: allowed } });

const expenseBody = (overrides: Record<string, unknown> = {}) => ({
  categoryId: rentId,
  expenseDate: '2026-11-24',
  description: 'November rent',
  amountMinor: 2_500_000,
  paidFrom: 'bank_transfer',
  ...overrides,
});

function upload(target: TestShop, bytes: Buffer, options: { as?: ShopRole; filename?: string; type?: string } = {}) {
  const boundary = '----dukani-expense-test';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${options.filename ?? 'receipt.jpg'}"\r\nContent-Type: ${options.type ?? 'image/jpeg'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return testApp.request('/api/expense-attachments', {
    method: 'POST',
    host: target.host,
    rawBody: Buffer.concat([head, bytes, tail]),
    headers: { connection: 'close', 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: target.cookies[options.as ?? 'owner'] },
  });
}

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createSalesShop(testApp);
  otherShop = await createSalesShop(testApp);
  const categories = (await shop.call('GET', '/api/expense-categories', { as: 'cashier' })).json().items as { id: string; name: string }[];
  rentId = categories.find((category) => category.name === 'Rent')!.id;
  supplierId = (await shop.call('POST', '/api/contacts', { body: { name: 'Mama Njeri Properties', type: 'supplier' } })).json().id;
  // A phone camera's picture: a real JPEG.
  photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#d04020' } }).jpeg().toBuffer();
});
afterAll(() => testApp.close());

describe('expense categories', () => {
  it('gives a shop without any the default categories on the first read', async () => {
    await testApp.database.withTenant(otherShop.tenant.id, async (tx) => {
      await tx.execute(sql`delete from ledger_accounts where expense_category_id is not null`);
      await tx.execute(sql`delete from expense_categories`);
    });
    const response = await otherShop.call('GET', '/api/expense-categories', { as: 'cashier' });
    expect(response.status).toBe(200);
    expect(response.json().items.map((category: { name: string }) => category.name)).toEqual([
      'Airtime and data',
      'Bank and M-Pesa charges',
      'Electricity',
      'Licences and permits',
      'Other',
      'Rent',
      'Repairs and maintenance',
      'Transport',
      'Wages',
      'Water',
    ]);
  });

  it('adds, renames and retires a category; a name is unique in the shop whatever its case', async () => {
    const created = await shop.call('POST', '/api/expense-categories', { as: 'manager', body: { name: 'Security guard' } });
    expect(created.status).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Security guard', isActive: true, expenseCount: 0 });
    const taken = await shop.call('POST', '/api/expense-categories', { as: 'manager', body: { name: 'RENT' } });
    expect(taken.status).toBe(409);
    expect(taken.json().error.fields.name).toEqual(['A category with this name already exists']);

    const id = created.json().id;
    const renamed = await shop.call('PATCH', `/api/expense-categories/${id}`, { as: 'manager', body: { name: 'Night watchman' } });
    expect(renamed.json()).toMatchObject({ name: 'Night watchman', isActive: true });
    const retired = await shop.call('PATCH', `/api/expense-categories/${id}`, { as: 'manager', body: { isActive: false } });
    expect(retired.json()).toMatchObject({ name: 'Night watchman', isActive: false });
    const refused = await shop.call('POST', '/api/expenses', { as: 'manager', body: expenseBody({ categoryId: id }) });
    expect(refused.status).toBe(400);
    expect(refused.json().error.fields.categoryId).toEqual(['Night watchman is no longer in use']);

    expect((await shop.call('POST', '/api/expense-categories', { as: 'cashier', body: { name: 'Tea' } })).status).toBe(403);
  });
});

describe('recording expenses', () => {
  it('records an expense once per Idempotency-Key, numbered EXP-000001', async () => {
    const key = randomUUID();
    const body = expenseBody({ supplierId, vatMinor: 344_828, vatClaimable: true, reference: 'TRF 8812' });
    const first = await shop.call('POST', '/api/expenses', { as: 'manager', body, idempotencyKey: key });
    const again = await shop.call('POST', '/api/expenses', { as: 'manager', body, idempotencyKey: key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect(first.json()).toMatchObject({
      number: 'EXP-000001',
      category: { id: rentId, name: 'Rent' },
      supplier: { id: supplierId, name: 'Mama Njeri Properties' },
      amountMinor: 2_500_000,
      vatMinor: 344_828,
      paidFrom: 'bank_transfer',
      shiftId: null,
      attachment: null,
      createdByName: 'Shop manager',
      voidedAt: null,
    });
    expect(await expenseCount(shop.tenant.id)).toBe(1);
    const reused = await shop.call('POST', '/api/expenses', { as: 'manager', body: { ...body, amountMinor: 2_400_000 }, idempotencyKey: key });
    expect(reused.status).toBe(422);
  });

  it('refuses bad input with a message per field and writes nothing', async () => {
    const before = await expenseCount(shop.tenant.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ amountMinor: 0 }, 'amountMinor'],
      [{ amountMinor: 12.5 }, 'amountMinor'],
      [{ vatMinor: 3_000_000 }, 'vatMinor'],
      [{ expenseDate: '2026-02-30' }, 'expenseDate'],
      [{ description: 'x' }, 'description'],
      [{ paidFrom: 'register_cash' }, 'shiftId'],
      [{ shiftId: shop.shiftId }, 'shiftId'],
      [{ categoryId: randomUUID() }, 'categoryId'],
      [{ supplierId: randomUUID() }, 'supplierId'],
      [{ paidFrom: 'register_cash', shiftId: randomUUID() }, 'shiftId'],
      [{ attachmentFile: 'expense-0123456789abcdef0123456789abcdef.jpg' }, 'attachmentFile'],
      [{ attachmentFile: '../../etc/passwd' }, 'attachmentFile'],
    ];
    for (const [overrides, field] of cases) {
      const response = await shop.call('POST', '/api/expenses', { as: 'manager', body: expenseBody(overrides) });
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect(Object.keys(response.json().error.fields), JSON.stringify(overrides)).toContain(field);
    }
    expect(await expenseCount(shop.tenant.id)).toBe(before);
  });

  it('lists expenses with filters, search, sort and the total of those that stand', async () => {
    const transport = (await shop.call('GET', '/api/expense-categories', { as: 'manager' })).json().items.find((category: { name: string }) => category.name === 'Transport').id;
    await shop.call('POST', '/api/expenses', { as: 'manager', body: expenseBody({ categoryId: transport, description: 'Boda to the wholesaler', amountMinor: 30_000, paidFrom: 'mpesa', reference: 'SGH7K2LQ9P', expenseDate: '2026-11-20' }) });
    await shop.call('POST', '/api/expenses', { as: 'manager', body: expenseBody({ categoryId: transport, description: 'Matatu fare', amountMinor: 15_000, paidFrom: 'cash', expenseDate: '2026-11-22' }) });

    const byCategory = (await shop.call('GET', `/api/expenses?categoryId=${transport}&sort=oldest`, { as: 'manager' })).json();
    expect(byCategory.items.map((expense: { description: string }) => expense.description)).toEqual(['Boda to the wholesaler', 'Matatu fare']);
    // 300.00 + 150.00 = 450.00
    expect(byCategory.totalMinor).toBe(45_000);
    expect(byCategory.total).toBe(2);

    const searched = (await shop.call('GET', '/api/expenses?search=sgh7k2', { as: 'manager' })).json();
    expect(searched.items.map((expense: { description: string }) => expense.description)).toEqual(['Boda to the wholesaler']);
    const range = (await shop.call('GET', '/api/expenses?from=2026-11-21&to=2026-11-23', { as: 'manager' })).json();
    expect(range.items.map((expense: { description: string }) => expense.description)).toEqual(['Matatu fare']);
    const byAmount = (await shop.call('GET', '/api/expenses?sort=amount&pageSize=1', { as: 'manager' })).json();
    // Rent 25,000.00 + 300.00 + 150.00 = 25,450.00 over three; the page holds the largest.
    expect(byAmount).toMatchObject({ total: 3, totalMinor: 2_545_000, pageSize: 1 });
    expect(byAmount.items[0].description).toBe('November rent');
    expect((await shop.call('GET', '/api/expenses', { as: 'cashier' })).status).toBe(403);
  });
});

describe('cash from the drawer and the cashier', () => {
  it('refuses a cashier unless the shop allows it, and then only register cash from their own open shift', async () => {
    const cash = expenseBody({ description: 'Cleaning soap', amountMinor: 25_000, paidFrom: 'register_cash', shiftId: shop.shiftId });
    await setCashiersMayRecord(shop, false);
    const off = await shop.call('POST', '/api/expenses', { as: 'cashier', body: cash });
    expect(off.status).toBe(403);
    expect(off.json().error.message).toBe('This shop does not let cashiers record expenses. Ask a manager.');
    expect((await shop.call('GET', '/api/settings/purchases', { as: 'cashier' })).json()).toEqual({ cashiersRecordCashPurchases: false });
    expect((await shop.call('PUT', '/api/settings/purchases', { as: 'manager', body: { cashiersRecordCashPurchases: true } })).status).toBe(403);

    expect((await setCashiersMayRecord(shop, true)).json()).toEqual({ cashiersRecordCashPurchases: true });
    const mpesa = await shop.call('POST', '/api/expenses', { as: 'cashier', body: expenseBody({ paidFrom: 'mpesa', reference: 'SGH7K2LQ9Q' }) });
    expect(mpesa.status).toBe(403);
    const managersShift = await addRegisterWithShift(testApp.database, shop, { prefix: 'T9', openedBy: 'manager' });
    const notTheirs = await shop.call('POST', '/api/expenses', { as: 'cashier', body: { ...cash, shiftId: managersShift.shiftId } });
    expect(notTheirs.status).toBe(400);

    const before = await expectedCash(shop, shop.shiftId);
    const recorded = await shop.call('POST', '/api/expenses', { as: 'cashier', body: cash });
    expect(recorded.status).toBe(201);
    expect(recorded.json()).toMatchObject({ paidFrom: 'register_cash', shiftId: shop.shiftId, createdByName: 'Shop cashier' });
    // The drawer had `before`; 250.00 left it.
    expect(await expectedCash(shop, shop.shiftId)).toBe(before - 25_000);
    expect((await shop.call('GET', `/api/expenses/${recorded.json().id}`, { as: 'cashier' })).status).toBe(200);
    // A cashier sees what they recorded, not the manager's rent.
    const rent = (await shop.call('GET', '/api/expenses?search=November', { as: 'manager' })).json().items[0].id;
    expect((await shop.call('GET', `/api/expenses/${rent}`, { as: 'cashier' })).status).toBe(404);
    expect((await shop.call('POST', `/api/expenses/${recorded.json().id}/void`, { as: 'cashier', body: { reason: 'Typed twice' } })).status).toBe(403);

    const movements = await testApp.database.withTenant(shop.tenant.id, (tx) =>
      queryRows<{ direction: string; reason: string; amount_minor: number; source_type: string; note: string }>(
        tx,
        sql`select direction, reason, amount_minor, source_type, note from shift_cash_movements where source_id = ${recorded.json().id}`,
      ),
    );
    expect(movements).toEqual([{ direction: 'out', reason: 'expenses', amount_minor: 25_000, source_type: 'expense', note: 'Cleaning soap' }]);
  });

  it('voids a drawer expense while its shift is open (the cash goes back in), and refuses once it is closed', async () => {
    const { shiftId } = await addRegisterWithShift(testApp.database, shop, { prefix: 'T7', openedBy: 'manager' });
    const cash = expenseBody({ description: 'Charcoal for the kitchen', amountMinor: 40_000, paidFrom: 'register_cash', shiftId });
    const first = (await shop.call('POST', '/api/expenses', { as: 'manager', body: cash })).json();
    const second = (await shop.call('POST', '/api/expenses', { as: 'manager', body: cash })).json();
    // Float 1,000.00 less two of 400.00 = 200.00
    expect(await expectedCash(shop, shiftId)).toBe(20_000);

    const voided = await shop.call('POST', `/api/expenses/${first.id}/void`, { as: 'manager', body: { reason: 'Recorded twice' } });
    expect(voided.status).toBe(200);
    expect(voided.json()).toMatchObject({ voidReason: 'Recorded twice', voidedByName: 'Shop manager' });
    // 200.00 + 400.00 back = 600.00
    expect(await expectedCash(shop, shiftId)).toBe(60_000);
    expect((await shop.call('POST', `/api/expenses/${first.id}/void`, { as: 'manager', body: { reason: 'Again' } })).status).toBe(409);
    const list = (await shop.call('GET', '/api/expenses?search=Charcoal', { as: 'manager' })).json();
    expect(list.items.map((expense: { id: string }) => expense.id)).toEqual([second.id]);
    const withVoided = (await shop.call('GET', '/api/expenses?search=Charcoal&includeVoided=true', { as: 'manager' })).json();
    // The voided one is shown but adds nothing: 400.00.
    expect(withVoided).toMatchObject({ total: 2, totalMinor: 40_000 });

    const closed = await shop.call('POST', `/api/shifts/${shiftId}/close`, { as: 'manager', body: { countedCashMinor: 60_000 } });
    expect(closed.status).toBe(200);
    const late = await shop.call('POST', `/api/expenses/${second.id}/void`, { as: 'manager', body: { reason: 'Not bought' } });
    expect(late.status).toBe(409);
    expect((await shop.call('POST', '/api/expenses', { as: 'manager', body: cash })).status).toBe(409);
    expect((await shop.call('POST', `/api/expenses/${second.id}/void`, { as: 'manager', body: { reason: 'x' } })).status).toBe(400);
  });

  it('refuses cash from a closed shift (409 shift_closed) and writes nothing', async () => {
    const { shiftId } = await addRegisterWithShift(testApp.database, shop, { prefix: 'T6', openedBy: 'manager' });
    const closed = await shop.call('POST', `/api/shifts/${shiftId}/close`, { as: 'manager', body: { countedCashMinor: await expectedCash(shop, shiftId) } });
    expect(closed.status).toBe(200);
    const written = () =>
      testApp.database.withTenant(shop.tenant.id, (tx) =>
        queryRows<{ expenses: number; cash_movements: number; counters: number }>(
          tx,
          sql`select (select count(*)::int from expenses) as expenses, (select count(*)::int from shift_cash_movements) as cash_movements,
                     (select count(*)::int from document_counters) as counters`,
        ),
      );
    const before = await written();

    const late = await shop.call('POST', '/api/expenses', {
      as: 'manager',
      idempotencyKey: randomUUID(),
      body: expenseBody({ description: 'Matches', amountMinor: 5_000, paidFrom: 'register_cash', shiftId }),
    });
    expect(late.status).toBe(409);
    expect(late.json().error).toMatchObject({ code: 'shift_closed', fields: { shiftId: ['This shift is closed'] } });
    expect(await written()).toEqual(before);
  });
});

describe('receipt attachments', () => {
  it('stores a phone photo, attaches it to a new expense and serves it to those who may see the expense', async () => {
    const uploaded = await upload(shop, photo);
    expect(uploaded.status).toBe(201);
    expect(uploaded.json().type).toBe('image/jpeg');
    const expense = await shop.call('POST', '/api/expenses', { as: 'manager', body: expenseBody({ description: 'Fundi fixed the door', attachmentFile: uploaded.json().file }) });
    expect(expense.status).toBe(201);
    expect(expense.json().attachment).toEqual({ type: 'image/jpeg' });
    const served = await testApp.request(`/api/expenses/${expense.json().id}/attachment`, { host: shop.host, headers: { cookie: shop.cookies.manager } });
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect((await testApp.request(`/api/expenses/${expense.json().id}/attachment`, { host: shop.host, headers: { cookie: shop.cookies.cashier } })).status).toBe(404);
  });

  it('judges a file by its bytes: text named .jpg is refused, a PDF is kept', async () => {
    const fake = await upload(shop, Buffer.from('this is not a picture'), { filename: 'receipt.jpg', type: 'image/jpeg' });
    expect(fake.status).toBe(400);
    expect(fake.json().error.fields.file).toEqual(['Use a photo (JPEG, PNG or WebP) or a PDF']);
    const pdf = await upload(shop, Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'), { filename: 'receipt', type: 'application/octet-stream' });
    expect(pdf.status).toBe(201);
    expect(pdf.json().file).toMatch(/^expense-[a-f0-9]{32}\.pdf$/);
  });

  it('lets a cashier upload only when the shop lets cashiers record expenses', async () => {
    await setCashiersMayRecord(shop, false);
    expect((await upload(shop, photo, { as: 'cashier' })).status).toBe(403);
    await setCashiersMayRecord(shop, true);
    expect((await upload(shop, photo, { as: 'cashier' })).status).toBe(201);
  });
});

describe('recurring expenses', () => {
  it('makes rent on the 31st on the last day of shorter months, exactly once however often the job runs', async () => {
    const created = await shop.call('POST', '/api/recurring-expenses', {
      as: 'manager',
      body: { categoryId: rentId, description: 'Shop rent', amountMinor: 2_500_000, paidFrom: 'bank_transfer', frequency: 'monthly', dayOfMonth: 31, startDate: '2026-01-31' },
    });
    expect(created.status).toBe(201);
    expect(created.json()).toMatchObject({ nextDate: '2026-01-31', isActive: true, frequency: 'monthly', dayOfMonth: 31 });

    // 09:00 UTC is noon in Nairobi on 31 March.
    const today = new Date('2026-03-31T09:00:00Z');
    await makeDueRecurringExpenses(testApp.database, today);
    await makeDueRecurringExpenses(testApp.database, today);
    const made = (await shop.call('GET', '/api/expenses?search=Shop%20rent&sort=oldest', { as: 'manager' })).json();
    expect(made.items.map((expense: { expenseDate: string; recurringId: string }) => [expense.expenseDate, expense.recurringId])).toEqual([
      ['2026-01-31', created.json().id],
      ['2026-02-28', created.json().id],
      ['2026-03-31', created.json().id],
    ]);
    const [listed] = (await shop.call('GET', '/api/recurring-expenses', { as: 'manager' })).json().items;
    expect(listed).toMatchObject({ id: created.json().id, nextDate: '2026-04-30' });

    const paused = await shop.call('PATCH', `/api/recurring-expenses/${created.json().id}`, { as: 'manager', body: { isActive: false } });
    expect(paused.json().isActive).toBe(false);
    await makeDueRecurringExpenses(testApp.database, new Date('2026-05-31T09:00:00Z'));
    expect((await shop.call('GET', '/api/expenses?search=Shop%20rent', { as: 'manager' })).json().total).toBe(3);
  });

  it('refuses a monthly one without its day, and VAT above the amount', async () => {
    const response = await shop.call('POST', '/api/recurring-expenses', {
      as: 'manager',
      body: { categoryId: rentId, description: 'Rent', amountMinor: 100, vatMinor: 200, paidFrom: 'cash', frequency: 'monthly', startDate: '2026-01-01' },
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.json().error.fields).sort()).toEqual(['dayOfMonth', 'vatMinor']);
  });
});

describe("another shop's expenses", () => {
  it('are not found: expense, attachment, void, category, recurring expense', async () => {
    const uploaded = (await upload(shop, photo)).json().file;
    const expense = (await shop.call('POST', '/api/expenses', { as: 'manager', body: expenseBody({ description: 'Permit', attachmentFile: uploaded }) })).json();
    const recurring = (await shop.call('GET', '/api/recurring-expenses', { as: 'manager' })).json().items[0];
    expect((await otherShop.call('GET', `/api/expenses/${expense.id}`)).status).toBe(404);
    expect((await testApp.request(`/api/expenses/${expense.id}/attachment`, { host: otherShop.host, headers: { cookie: otherShop.cookies.owner } })).status).toBe(404);
    expect((await otherShop.call('POST', `/api/expenses/${expense.id}/void`, { body: { reason: 'Not ours' } })).status).toBe(404);
    expect((await otherShop.call('PATCH', `/api/expense-categories/${rentId}`, { body: { name: 'Mine now' } })).status).toBe(404);
    expect((await otherShop.call('PATCH', `/api/recurring-expenses/${recurring.id}`, { body: { isActive: true } })).status).toBe(404);
    // Naming the other shop's category, supplier or uploaded file is bad input there.
    const borrowed = await otherShop.call('POST', '/api/expenses', { body: expenseBody({ supplierId, attachmentFile: uploaded }) });
    expect(borrowed.status).toBe(400);
    expect(Object.keys(borrowed.json().error.fields).sort()).toEqual(['attachmentFile']);
    expect((await otherShop.call('POST', '/api/expenses', { body: expenseBody({ supplierId }) })).json().error.fields).toHaveProperty('categoryId');
    expect((await otherShop.call('GET', '/api/expenses')).json().total).toBe(0);
  });
});
