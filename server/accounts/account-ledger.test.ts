import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agingBuckets } from '../../core/accounts/aging.rules';
import { createTestShop, type TestShop } from '../../tests/support/catalog-shop';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';
import { HttpError } from '../http/errors';
import { postCharge, postOpeningBalance } from './account-ledger';
import { accountCounts, accountViolations, addCharge, createTestContact, openOf } from './accounts-test-kit';

// The credit ledger's promises (docs/decisions/0016), through the API as the screens use it and
// through the services Sales and Purchases will call, on PGlite and on PostgreSQL (npm run test:pg):
// balance = Σ entries = Σ open debits − Σ open credits, allocations exact under concurrency,
// credit limits in the charge's transaction, M-Pesa codes once per shop, nothing written on refusal.

let testApp: TestApp;
let shop: TestShop;
let other: TestShop;

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createTestShop(testApp);
  other = await createTestShop(testApp);
});
afterAll(() => testApp.close());

const tenantId = () => shop.tenant.id;
const newContact = (options: Parameters<typeof createTestContact>[2] = {}) => createTestContact(testApp.database, tenantId(), options);
const charge = (contactId: string, amountMinor: number, options: Parameters<typeof addCharge>[4] = {}) =>
  addCharge(testApp.database, tenantId(), contactId, amountMinor, options);
const pay = (contactId: string, body: Record<string, unknown>, options: { as?: 'owner' | 'manager' | 'cashier'; key?: string } = {}) =>
  shop.call('POST', `/api/contacts/${contactId}/payments`, { body, as: options.as ?? 'cashier', idempotencyKey: options.key });
const account = async (contactId: string, side = 'receivable') => (await shop.call('GET', `/api/contacts/${contactId}/account?side=${side}`)).json();

async function expectNoViolations(tenant = tenantId()) {
  expect(await accountViolations(testApp.database, tenant)).toEqual([]);
}

/** A date n days before today in the shop's zone (Africa/Nairobi, UTC+3, no daylight saving). */
function daysAgo(days: number): string {
  const now = new Date(Date.now() + 3 * 3_600_000);
  now.setUTCDate(now.getUTCDate() - days);
  return now.toISOString().slice(0, 10);
}

describe('payments allocate oldest due first', () => {
  it('closes KSh 1,500.00 and leaves KSh 500.00 open on the KSh 2,000.00 after a KSh 2,000.00 payment', async () => {
    const contactId = await newContact();
    const first = await charge(contactId, 150_000, { dueDate: daysAgo(10) });
    const second = await charge(contactId, 200_000, { dueDate: daysAgo(2) });

    const response = await pay(contactId, { amountMinor: 200_000, method: 'cash' });
    expect(response.status).toBe(201);
    const posted = response.json();
    expect(posted.entry).toMatchObject({ kind: 'payment', amountMinor: -200_000, method: 'cash' });
    expect(posted.entry.number).toMatch(/^PAY-\d{6}$/);
    expect(posted.allocations.map((a: { entryId: string; amountMinor: number; openMinor: number }) => [a.entryId, a.amountMinor, a.openMinor])).toEqual([
      [first, 150_000, 0],
      [second, 50_000, 150_000],
    ]);
    expect(posted.unallocatedMinor).toBe(0);
    expect(posted.balanceAfterMinor).toBe(150_000);

    expect(await openOf(testApp.database, tenantId(), first)).toBe(0);
    expect(await openOf(testApp.database, tenantId(), second)).toBe(150_000);
    const view = await account(contactId);
    expect(view.balanceMinor).toBe(150_000);
    expect(view.openItems).toHaveLength(1);
    expect(view.openItems[0]).toMatchObject({ entryId: second, openMinor: 150_000, daysOverdue: 2, direction: 'debit' });
    await expectNoViolations();
  });

  it('keeps an over-payment as a deposit, which a later charge uses when asked (applyCredit)', async () => {
    const contactId = await newContact();
    await charge(contactId, 30_000);
    const posted = (await pay(contactId, { amountMinor: 50_000, method: 'card' })).json();
    expect(posted.unallocatedMinor).toBe(20_000);
    expect(posted.balanceAfterMinor).toBe(-20_000);
    expect((await account(contactId)).depositMinor).toBe(20_000);

    const later = await testApp.database.withTenant(tenantId(), (tx) =>
      postCharge(tx, { tenantId: tenantId(), contactId, side: 'receivable', amountMinor: 45_000, sourceType: 'sale', sourceId: randomUUID(), userId: null, applyCredit: true }),
    );
    expect(later.entry.allocations).toEqual([{ entryId: posted.entry.id, amountMinor: 20_000 }]);
    expect(later.entry.openMinor).toBe(25_000);
    const view = await account(contactId);
    expect(view).toMatchObject({ balanceMinor: 25_000, depositMinor: 0 });
    await expectNoViolations();
  });

  it('pays the charges picked, the amounts picked, and keeps the rest as a deposit', async () => {
    const contactId = await newContact();
    const older = await charge(contactId, 100_000, { dueDate: daysAgo(40) });
    const newer = await charge(contactId, 80_000, { dueDate: daysAgo(1) });
    const posted = (await pay(contactId, { amountMinor: 90_000, method: 'bank_transfer', reference: 'EQ-7781', allocations: [{ entryId: newer, amountMinor: 80_000 }] })).json();
    expect(posted.allocations).toMatchObject([{ entryId: newer, amountMinor: 80_000, openMinor: 0 }]);
    expect(posted.unallocatedMinor).toBe(10_000);
    expect(await openOf(testApp.database, tenantId(), older)).toBe(100_000);
    expect((await account(contactId)).balanceMinor).toBe(90_000);
    await expectNoViolations();
  });

  it('refuses an over-allocation of a picked charge with a field message, and writes nothing', async () => {
    const contactId = await newContact();
    const item = await charge(contactId, 40_000);
    const before = await accountCounts(testApp.database, tenantId());
    const response = await pay(contactId, { amountMinor: 50_000, method: 'cash', allocations: [{ entryId: item, amountMinor: 45_000 }] });
    expect(response.status).toBe(400);
    expect(response.json().error.fields['allocations.0.amountMinor'][0]).toMatch(/400\.00 is still open/);
    const unknown = await pay(contactId, { amountMinor: 50_000, method: 'cash', allocations: [{ entryId: randomUUID(), amountMinor: 100 }] });
    expect(unknown.status).toBe(400);
    expect(unknown.json().error.fields['allocations.0.entryId']).toEqual(['Charge not found on this account']);
    const tooMuch = await pay(contactId, { amountMinor: 10_000, method: 'cash', allocations: [{ entryId: item, amountMinor: 20_000 }] });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json().error.fields.allocations).toEqual(['The amounts picked add up to more than the payment']);
    expect(await accountCounts(testApp.database, tenantId())).toEqual(before);
  });
});

describe('concurrency', () => {
  it('8 simultaneous payments against one customer allocate exactly and never over-allocate a charge', async () => {
    const contactId = await newContact();
    // Five charges (KSh 300, 500, 700, 900, 1,100 = 3,500), due oldest first.
    const charges: string[] = [];
    for (const [index, amount] of [30_000, 50_000, 70_000, 90_000, 110_000].entries()) charges.push(await charge(contactId, amount, { dueDate: daysAgo(50 - index) }));
    // Eight payments of KSh 400 = 3,200: all but KSh 300 of the last charge gets paid.
    const responses = await Promise.all(Array.from({ length: 8 }, () => pay(contactId, { amountMinor: 40_000, method: 'cash' }, { key: randomUUID() })));
    expect(responses.map((response) => response.status)).toEqual(Array(8).fill(201));
    const numbers = responses.map((response) => response.json().entry.number);
    expect(new Set(numbers).size).toBe(8);
    const opens = await Promise.all(charges.map((id) => openOf(testApp.database, tenantId(), id)));
    expect(opens).toEqual([0, 0, 0, 0, 30_000]);
    expect(responses.every((response) => response.json().unallocatedMinor === 0)).toBe(true);
    // The balances after each payment are 3,100 … 300, each once.
    expect(responses.map((response) => response.json().balanceAfterMinor).sort((a: number, b: number) => a - b)).toEqual([30_000, 70_000, 110_000, 150_000, 190_000, 230_000, 270_000, 310_000]);
    const [allocated] = await testApp.database.withTenant(tenantId(), (tx) =>
      queryRows<{ debit_entry_id: string; total: string }>(
        tx,
        sql`select debit_entry_id, sum(amount_minor)::text as total from account_allocations where debit_entry_id = ${charges[4]} group by debit_entry_id`,
      ),
    );
    expect(Number(allocated!.total)).toBe(80_000);
    await expectNoViolations();
  });
});

describe('credit limits', () => {
  it('blocks a charge past the limit under the default policy, in the charge’s transaction, and writes nothing', async () => {
    const contactId = await newContact({ name: 'Wanjiru Kamau', creditLimitMinor: 500_000 });
    await charge(contactId, 400_000);
    const before = await accountCounts(testApp.database, tenantId());
    const refused = await charge(contactId, 100_001).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(409);
    expect((refused as HttpError).code).toBe('credit_limit_exceeded');
    expect((refused as HttpError).message).toContain('past the credit limit');
    expect(await accountCounts(testApp.database, tenantId())).toEqual(before);
    // Exactly at the limit is allowed.
    await charge(contactId, 100_000);
    expect((await account(contactId)).balanceMinor).toBe(500_000);
  });

  it('treats a limit of 0 as cash only, unless a deposit covers the charge', async () => {
    const contactId = await newContact({ creditLimitMinor: 0 });
    const refused = await charge(contactId, 100).catch((error: unknown) => error);
    expect((refused as HttpError).code).toBe('credit_limit_exceeded');
    expect((refused as HttpError).message).toContain('cash only');
    await pay(contactId, { amountMinor: 5_000, method: 'cash' });
    await charge(contactId, 5_000);
    expect((await account(contactId)).balanceMinor).toBe(0);
  });

  it('allows the charge with creditLimitWarning under the warn policy (set by the admin only)', async () => {
    expect((await shop.call('PUT', '/api/accounts/settings', { body: { creditLimitPolicy: 'warn' }, as: 'manager' })).status).toBe(403);
    expect((await shop.call('PUT', '/api/accounts/settings', { body: { creditLimitPolicy: 'sometimes' } })).status).toBe(400);
    const set = await shop.call('PUT', '/api/accounts/settings', { body: { creditLimitPolicy: 'warn' } });
    expect(set.json()).toEqual({ creditLimitPolicy: 'warn' });
    try {
      const contactId = await newContact({ creditLimitMinor: 10_000 });
      const result = await testApp.database.withTenant(tenantId(), (tx) =>
        postCharge(tx, { tenantId: tenantId(), contactId, side: 'receivable', amountMinor: 25_000, sourceType: 'sale', sourceId: randomUUID(), userId: null }),
      );
      expect(result.creditLimitWarning).toBe(true);
      expect(result.entry.balanceAfterMinor).toBe(25_000);
      const within = await testApp.database.withTenant(tenantId(), (tx) =>
        postCharge(tx, { tenantId: tenantId(), contactId, side: 'receivable', amountMinor: 1, sourceType: 'sale', sourceId: randomUUID(), userId: null }),
      );
      expect(within.creditLimitWarning).toBe(true);
    } finally {
      await shop.call('PUT', '/api/accounts/settings', { body: { creditLimitPolicy: 'block' } });
    }
    expect((await shop.call('GET', '/api/accounts/settings', { as: 'cashier' })).json()).toEqual({ creditLimitPolicy: 'block' });
  });

  it('does not limit what the shop owes a supplier', async () => {
    const supplierId = await newContact({ type: 'supplier', creditLimitMinor: 0, supplierTermsDays: 30 });
    const billId = await charge(supplierId, 5_000_000, { side: 'payable' });
    const view = await account(supplierId, 'payable');
    expect(view.balanceMinor).toBe(5_000_000);
    expect(view.openItems[0]).toMatchObject({ entryId: billId, dueDate: daysAgo(-30), daysOverdue: 0 });
  });
});

describe('M-Pesa codes', () => {
  it('upper-cases a code, refuses a malformed one, and refuses a code used before in the shop', async () => {
    const contactId = await newContact();
    const anotherId = await newContact();
    const code = `QK${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;
    const first = await pay(contactId, { amountMinor: 1_000, method: 'mpesa', reference: code.toLowerCase() });
    expect(first.status).toBe(201);
    expect(first.json().entry.reference).toBe(code);

    const before = await accountCounts(testApp.database, tenantId());
    for (const reference of ['QK12345', 'QK12345678901', 'QK1234567!', null]) {
      const response = await pay(contactId, { amountMinor: 1_000, method: 'mpesa', reference });
      expect(response.status).toBe(400);
      expect(response.json().error.fields.reference).toHaveLength(1);
    }
    const reused = await pay(anotherId, { amountMinor: 1_000, method: 'mpesa', reference: code });
    expect(reused.status).toBe(409);
    expect(reused.json().error.fields.reference[0]).toContain(first.json().entry.number);
    expect(await accountCounts(testApp.database, tenantId())).toEqual(before);
    // Another shop may see the same code (its own customer's payment).
    const theirs = await createTestContact(testApp.database, other.tenant.id);
    expect((await other.call('POST', `/api/contacts/${theirs}/payments`, { body: { amountMinor: 1_000, method: 'mpesa', reference: code } })).status).toBe(201);
  });
});

describe('idempotency', () => {
  it('answers a replayed payment with the first one and writes nothing more; a key reused for another body is 422', async () => {
    const contactId = await newContact();
    await charge(contactId, 10_000);
    const key = randomUUID();
    const body = { amountMinor: 6_000, method: 'cash' };
    const first = await pay(contactId, body, { key });
    const before = await accountCounts(testApp.database, tenantId());
    const again = await pay(contactId, body, { key });
    expect(again.status).toBe(201);
    expect(again.json().entry.id).toBe(first.json().entry.id);
    expect(again.json().entry.number).toBe(first.json().entry.number);
    expect(await accountCounts(testApp.database, tenantId())).toEqual(before);
    const reused = await pay(contactId, { ...body, amountMinor: 7_000 }, { key });
    expect(reused.status).toBe(422);
    expect(reused.json().error.code).toBe('idempotency_key_reused');
    // Two at once with one key: one entry.
    const raceKey = randomUUID();
    const [a, b] = await Promise.all([pay(contactId, { amountMinor: 100, method: 'cash' }, { key: raceKey }), pay(contactId, { amountMinor: 100, method: 'cash' }, { key: raceKey })]);
    expect(a.json().entry.id).toBe(b.json().entry.id);
    expect((await account(contactId)).balanceMinor).toBe(3_900);
  });
});

describe('credit notes, adjustments and write-offs', () => {
  it('posts each with the right sign and role, settling the oldest charges', async () => {
    const contactId = await newContact();
    const old = await charge(contactId, 60_000, { dueDate: daysAgo(95) });
    await charge(contactId, 40_000, { dueDate: daysAgo(5) });

    const note = await shop.call('POST', `/api/contacts/${contactId}/credit-notes`, { as: 'manager', body: { amountMinor: 10_000, reason: 'Returned spoilt milk' } });
    expect(note.status).toBe(201);
    expect(note.json()).toMatchObject({ entry: { kind: 'credit_note', amountMinor: -10_000, reason: 'Returned spoilt milk' }, balanceAfterMinor: 90_000 });
    expect(note.json().allocations).toMatchObject([{ entryId: old, amountMinor: 10_000 }]);

    const up = await shop.call('POST', `/api/contacts/${contactId}/adjustments`, { as: 'manager', body: { amountMinor: 2_500, reason: 'Delivery fee not billed' } });
    expect(up.json()).toMatchObject({ entry: { kind: 'adjustment', amountMinor: 2_500 }, balanceAfterMinor: 92_500 });
    const down = await shop.call('POST', `/api/contacts/${contactId}/adjustments`, { as: 'manager', body: { amountMinor: -500, reason: 'Rounding' } });
    expect(down.json().balanceAfterMinor).toBe(92_000);

    for (const role of ['cashier', 'manager'] as const) {
      expect((await shop.call('POST', `/api/contacts/${contactId}/write-offs`, { as: role, body: { amountMinor: 100, reason: 'Moved away' } })).status).toBe(403);
    }
    for (const path of ['credit-notes', 'adjustments']) {
      expect((await shop.call('POST', `/api/contacts/${contactId}/${path}`, { as: 'cashier', body: { amountMinor: 100, reason: 'Why not' } })).status).toBe(403);
    }
    const before = await accountCounts(testApp.database, tenantId());
    const tooMuch = await shop.call('POST', `/api/contacts/${contactId}/write-offs`, { body: { amountMinor: 100_000, reason: 'Moved away' } });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json().error.fields.amountMinor[0]).toContain('920.00');
    const noReason = await shop.call('POST', `/api/contacts/${contactId}/adjustments`, { as: 'manager', body: { amountMinor: 100 } });
    expect(noReason.status).toBe(400);
    expect(noReason.json().error.fields.reason).toHaveLength(1);
    expect(await accountCounts(testApp.database, tenantId())).toEqual(before);

    const off = await shop.call('POST', `/api/contacts/${contactId}/write-offs`, { body: { amountMinor: 92_000, reason: 'Moved away, unreachable' } });
    expect(off.status).toBe(201);
    expect(off.json().balanceAfterMinor).toBe(0);
    expect((await account(contactId)).openItems).toEqual([]);
    await expectNoViolations();
  });

  it('takes an opening balance either way: owed (a debit) or a deposit (a credit)', async () => {
    const owing = await newContact();
    const deposit = await newContact({ type: 'both' });
    await testApp.database.withTenant(tenantId(), async (tx) => {
      await postOpeningBalance(tx, { tenantId: tenantId(), contactId: owing, side: 'receivable', amountMinor: 12_345, userId: null });
      await postOpeningBalance(tx, { tenantId: tenantId(), contactId: deposit, side: 'receivable', amountMinor: -5_000, userId: null });
      await postOpeningBalance(tx, { tenantId: tenantId(), contactId: deposit, side: 'payable', amountMinor: 70_000, userId: null });
    });
    expect(await account(owing)).toMatchObject({ balanceMinor: 12_345, overdueMinor: 0 });
    expect(await account(deposit)).toMatchObject({ balanceMinor: -5_000, depositMinor: 5_000, otherSideBalanceMinor: 70_000 });
    const refused = await testApp.database
      .withTenant(tenantId(), (tx) => postOpeningBalance(tx, { tenantId: tenantId(), contactId: owing, side: 'payable', amountMinor: 1, userId: null }))
      .catch((error: unknown) => error);
    expect((refused as HttpError).fields).toEqual({ side: ['This contact is not a supplier'] });
    await expectNoViolations();
  });
});

describe('debtors, creditors and aging', () => {
  it('lists debtors with aging buckets that agree with core/accounts/aging.rules.ts, totals, search and sorting', async () => {
    const fresh = await createTestShop(testApp);
    const t = fresh.tenant.id;
    const make = (name: string, phone: string | null = null) => createTestContact(testApp.database, t, { name, phone });
    const amina = await make('Amina Otieno', '+254712345678');
    const baraka = await make('Baraka Mwangi');
    const chebet = await make('Chebet Kiprop');
    await addCharge(testApp.database, t, amina, 10_000, { dueDate: daysAgo(0) });
    await addCharge(testApp.database, t, amina, 20_000, { dueDate: daysAgo(15) });
    await addCharge(testApp.database, t, baraka, 30_000, { dueDate: daysAgo(45) });
    await addCharge(testApp.database, t, baraka, 40_000, { dueDate: daysAgo(75) });
    await addCharge(testApp.database, t, chebet, 50_000, { dueDate: daysAgo(120) });
    await addCharge(testApp.database, t, chebet, 5_000, { dueDate: daysAgo(-10) });
    await fresh.call('POST', `/api/contacts/${chebet}/payments`, { body: { amountMinor: 5_000, method: 'cash' } });

    const list = (await fresh.call('GET', '/api/accounts/debtors', { as: 'cashier' })).json();
    expect(list.items.map((item: { name: string }) => item.name)).toEqual(['Baraka Mwangi', 'Chebet Kiprop', 'Amina Otieno']);
    const chebetRow = list.items[1];
    expect(chebetRow).toMatchObject({ balanceMinor: 50_000, overdueMinor: 45_000, oldestDueDate: daysAgo(120) });
    expect(chebetRow.aging).toEqual({ ...agingBuckets([{ openMinor: 45_000, dueDate: daysAgo(120) }, { openMinor: 5_000, dueDate: daysAgo(-10) }], list.asOf) });
    expect(chebetRow.aging).toMatchObject({ over90Minor: 45_000, currentMinor: 5_000 });
    expect(list.totals).toEqual({
      contacts: 3,
      balanceMinor: 150_000,
      overdueMinor: 135_000,
      aging: { currentMinor: 15_000, days1to30Minor: 20_000, days31to60Minor: 30_000, days61to90Minor: 40_000, over90Minor: 45_000, totalMinor: 150_000 },
    });
    const summed = list.items.reduce((sum: number, item: { aging: { days61to90Minor: number } }) => sum + item.aging.days61to90Minor, 0);
    expect(summed).toBe(list.totals.aging.days61to90Minor);

    const byName = (await fresh.call('GET', '/api/accounts/debtors?sort=name&order=asc&pageSize=2')).json();
    expect(byName.items.map((item: { name: string }) => item.name)).toEqual(['Amina Otieno', 'Baraka Mwangi']);
    expect(byName.total).toBe(3);
    const byPhone = (await fresh.call('GET', '/api/accounts/debtors?search=0712%20345')).json();
    expect(byPhone.items.map((item: { name: string }) => item.name)).toEqual(['Amina Otieno']);
    expect(byPhone.totals.balanceMinor).toBe(30_000);
    const overdue = (await fresh.call('GET', '/api/accounts/debtors?sort=overdue&order=asc&overdueOnly=true')).json();
    expect(overdue.items.map((item: { overdueMinor: number }) => item.overdueMinor)).toEqual([20_000, 45_000, 70_000]);

    const supplier = await createTestContact(testApp.database, t, { type: 'supplier', name: 'Brookside Dairy' });
    await addCharge(testApp.database, t, supplier, 250_000, { side: 'payable', dueDate: daysAgo(3) });
    const creditors = (await fresh.call('GET', '/api/accounts/creditors')).json();
    expect(creditors.items).toMatchObject([{ name: 'Brookside Dairy', balanceMinor: 250_000, overdueMinor: 250_000 }]);
    expect(creditors.totals.aging.days1to30Minor).toBe(250_000);
  });
});

describe('receipts and entries', () => {
  it('prints a payment receipt with the shop, contact, allocations, balance after and who took it', async () => {
    const contactId = await newContact({ name: 'Otieno Ochieng', phone: '+254722000111' });
    const item = await charge(contactId, 70_000);
    const posted = (await pay(contactId, { amountMinor: 50_000, method: 'cheque', reference: 'CHQ 000123' })).json();
    const receipt = await shop.call('GET', `/api/account-entries/${posted.entry.id}/receipt`, { as: 'cashier' });
    expect(receipt.status).toBe(200);
    expect(receipt.json()).toMatchObject({
      shop: { name: expect.any(String), currencyDecimals: 2 },
      contact: { id: contactId, name: 'Otieno Ochieng', phone: '+254722000111' },
      entry: { number: posted.entry.number, method: 'cheque', reference: 'CHQ 000123', amountMinor: -50_000, userName: 'Shop cashier' },
      allocations: [{ entryId: item, amountMinor: 50_000, openMinor: 20_000 }],
      unallocatedMinor: 0,
      balanceAfterMinor: 20_000,
    });
    // A charge has no receipt.
    expect((await shop.call('GET', `/api/account-entries/${item}/receipt`)).status).toBe(404);
    const entries = (await shop.call('GET', `/api/contacts/${contactId}/account-entries?pageSize=1`)).json();
    expect(entries).toMatchObject({ total: 2, items: [{ id: posted.entry.id, kind: 'payment' }] });
  });
});

describe('isolation and bad input', () => {
  it('gives another shop 404 for a contact’s account, entries, payments, entries and receipts', async () => {
    const contactId = await newContact();
    await charge(contactId, 1_000);
    const paid = (await pay(contactId, { amountMinor: 1_000, method: 'cash' })).json();
    const before = await accountCounts(testApp.database, tenantId());
    for (const [method, path, body] of [
      ['GET', `/api/contacts/${contactId}/account`, undefined],
      ['GET', `/api/contacts/${contactId}/account-entries`, undefined],
      ['GET', `/api/account-entries/${paid.entry.id}`, undefined],
      ['GET', `/api/account-entries/${paid.entry.id}/receipt`, undefined],
      ['POST', `/api/contacts/${contactId}/payments`, { amountMinor: 100, method: 'cash' }],
      ['POST', `/api/contacts/${contactId}/credit-notes`, { amountMinor: 100, reason: 'Return' }],
      ['POST', `/api/contacts/${contactId}/adjustments`, { amountMinor: 100, reason: 'Fix' }],
      ['POST', `/api/contacts/${contactId}/write-offs`, { amountMinor: 100, reason: 'Gone' }],
    ] as const) {
      const response = await other.call(method, path, { body });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect((await other.call('GET', '/api/accounts/debtors')).json().items.map((item: { contactId: string }) => item.contactId)).not.toContain(contactId);
    expect(await accountCounts(testApp.database, tenantId())).toEqual(before);
  });

  it('answers negative, fractional, missing and unknown input with 4xx and field messages, writing nothing', async () => {
    const contactId = await newContact();
    await charge(contactId, 1_000);
    const supplierOnly = await newContact({ type: 'supplier' });
    const before = await accountCounts(testApp.database, tenantId());
    const cases: [string, Record<string, unknown>, number, string][] = [
      [contactId, { amountMinor: -100, method: 'cash' }, 400, 'amountMinor'],
      [contactId, { amountMinor: 10.5, method: 'cash' }, 400, 'amountMinor'],
      [contactId, { amountMinor: 0, method: 'cash' }, 400, 'amountMinor'],
      [contactId, { amountMinor: '100', method: 'cash' }, 400, 'amountMinor'],
      [contactId, { amountMinor: 100, method: 'barter' }, 400, 'method'],
      [contactId, { amountMinor: 100, method: 'cash', allocations: [{ entryId: 'not-a-uuid', amountMinor: 100 }] }, 400, 'allocations.0.entryId'],
      [contactId, { amountMinor: 100, method: 'cash', allocations: [{ entryId: randomUUID(), amountMinor: 100 }] }, 400, 'allocations.0.entryId'],
      [supplierOnly, { amountMinor: 100, method: 'cash' }, 400, 'side'],
    ];
    for (const [id, body, status, field] of cases) {
      const response = await pay(id, body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(Object.keys(response.json().error.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    const unknown = await pay(randomUUID(), { amountMinor: 100, method: 'cash' });
    expect(unknown.status).toBe(404);
    expect((await shop.call('POST', `/api/contacts/${contactId}/adjustments`, { as: 'manager', body: { amountMinor: 0, reason: 'Nothing' } })).status).toBe(400);
    expect((await shop.call('GET', `/api/contacts/${contactId}/account?side=sideways`)).status).toBe(400);
    expect(await accountCounts(testApp.database, tenantId())).toEqual(before);
  });

  it('keeps the ledger append-only: the app role may not change or delete an entry or an allocation', async () => {
    const contactId = await newContact();
    await charge(contactId, 1_000);
    await pay(contactId, { amountMinor: 1_000, method: 'cash' });
    for (const statement of [
      sql`update account_entries set amount_minor = 1 where contact_id = ${contactId}`,
      sql`delete from account_entries where contact_id = ${contactId}`,
      sql`delete from account_allocations`,
      sql`update account_allocations set amount_minor = 1`,
    ]) {
      const failure = await testApp.database.withTenant(tenantId(), (tx) => tx.execute(statement)).then(
        () => 'succeeded',
        (error: { message?: string; cause?: { message?: string } }) => error.cause?.message ?? error.message ?? String(error),
      );
      expect(failure).toMatch(/permission denied/);
    }
    await expectNoViolations();
  });
});
