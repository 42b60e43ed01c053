import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../tests/support/catalog-shop';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { postAccountEntry } from '../accounts/account-ledger';

// The contacts list: search in every way a contact is named, filters, sorts and pages.

let testApp: TestApp;
let shop: TestShop;
const ids: Record<string, string> = {};

const names = (response: { json(): { items: { name: string }[] } }) => response.json().items.map((item) => item.name);

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createTestShop(testApp);
  const group = (await shop.call('POST', '/api/customer-groups', { body: { name: 'Wholesale', discountBps: 500 } })).json();
  const people = [
    { name: 'Amina Hassan', phone: '0712 345 678', email: 'amina@example.test', tags: ['vip'], customerGroupId: group.id },
    { name: 'Brian Otieno', phone: '0722 000 111', company: 'Otieno Hardware Ltd', kraPin: 'P051234567X' },
    { name: 'Chebet Kiprop', phone: '0110 555 666', tags: ['vip'] },
    { name: 'Daniel Mwangi', phone: '0712 399 000', type: 'both' },
    { name: 'Elgon Dairies', phone: '020 2345678', type: 'supplier', kraPin: 'A123456789B' },
    { name: 'Faith Njeri', phone: '0733 444 555' },
  ];
  for (const person of people) {
    const created = (await shop.call('POST', '/api/contacts', { body: person })).json();
    ids[person.name] = created.id;
  }
  await shop.call('POST', `/api/contacts/${ids['Faith Njeri']}/archive`, { body: { archived: true } });
  // Balances: Brian owes 3,000.00 (1,000.00 of it overdue since 2026-01-10), Amina owes 500.00
  // due in the future, Chebet paid 200.00 ahead (a deposit), Elgon is owed 12,000.00.
  await testApp.database.withTenant(shop.tenant.id, async (tx) => {
    const tenantId = shop.tenant.id;
    await postAccountEntry(tx, { tenantId, contactId: ids['Brian Otieno']!, side: 'receivable', kind: 'charge', amountMinor: 100_000, dueDate: '2026-01-10' });
    await postAccountEntry(tx, { tenantId, contactId: ids['Brian Otieno']!, side: 'receivable', kind: 'charge', amountMinor: 200_000, dueDate: '2099-01-01' });
    await postAccountEntry(tx, { tenantId, contactId: ids['Amina Hassan']!, side: 'receivable', kind: 'charge', amountMinor: 50_000, dueDate: '2099-01-01' });
    await postAccountEntry(tx, { tenantId, contactId: ids['Chebet Kiprop']!, side: 'receivable', kind: 'payment', amountMinor: -20_000, method: 'cash' });
    await postAccountEntry(tx, { tenantId, contactId: ids['Elgon Dairies']!, side: 'payable', kind: 'charge', amountMinor: 1_200_000, dueDate: '2099-01-01' });
  });
});
afterAll(() => testApp.close());

describe('contact search', () => {
  it.each([
    ['2547123', ['Amina Hassan', 'Daniel Mwangi']],
    ['25471234', ['Amina Hassan']],
    ['0712 3', ['Amina Hassan', 'Daniel Mwangi']],
    ['+254 712', ['Amina Hassan', 'Daniel Mwangi']],
    ['0712345678', ['Amina Hassan']],
    ['0110', ['Chebet Kiprop']],
    ['020 234', ['Elgon Dairies']],
    ['otieno', ['Brian Otieno']],
    ['hardware', ['Brian Otieno']],
    ['AMINA@example.test', ['Amina Hassan']],
    ['p0512', ['Brian Otieno']],
    ['A123456789B', ['Elgon Dairies']],
    ['mwangi daniel', ['Daniel Mwangi']],
  ])('%s finds %j', async (query, expected) => {
    const response = await shop.call('GET', `/api/contacts?q=${encodeURIComponent(query)}`, { as: 'cashier' });
    expect(response.status).toBe(200);
    expect(names(response)).toEqual(expected);
  });

  it('finds archived contacts only when asked', async () => {
    expect(names(await shop.call('GET', '/api/contacts?q=faith'))).toEqual([]);
    expect(names(await shop.call('GET', '/api/contacts?q=faith&archived=archived'))).toEqual(['Faith Njeri']);
    expect(names(await shop.call('GET', '/api/contacts?archived=all'))).toContain('Faith Njeri');
  });
});

describe('contact filters, sorts and pages', () => {
  it('filters customers and suppliers (both counts as each), group and tag', async () => {
    expect(names(await shop.call('GET', '/api/contacts?type=supplier'))).toEqual(['Daniel Mwangi', 'Elgon Dairies']);
    expect(names(await shop.call('GET', '/api/contacts?type=customer'))).toEqual(['Amina Hassan', 'Brian Otieno', 'Chebet Kiprop', 'Daniel Mwangi']);
    const group = (await shop.call('GET', '/api/customer-groups')).json().items[0];
    expect(names(await shop.call('GET', `/api/contacts?groupId=${group.id}`))).toEqual(['Amina Hassan']);
    expect(names(await shop.call('GET', '/api/contacts?tag=vip'))).toEqual(['Amina Hassan', 'Chebet Kiprop']);
  });

  it('filters by balance: due, overdue and deposit, with the balances on each row', async () => {
    const due = (await shop.call('GET', '/api/contacts?type=customer&balance=due')).json();
    expect(due.items.map((item: { name: string; balances: { receivableMinor: number } }) => [item.name, item.balances.receivableMinor])).toEqual([
      ['Amina Hassan', 50_000],
      ['Brian Otieno', 300_000],
    ]);
    const overdue = (await shop.call('GET', '/api/contacts?balance=overdue')).json();
    expect(overdue.items).toEqual([expect.objectContaining({ name: 'Brian Otieno', balances: expect.objectContaining({ overdueMinor: 100_000 }) })]);
    const deposit = (await shop.call('GET', '/api/contacts?balance=deposit')).json();
    expect(deposit.items).toEqual([expect.objectContaining({ name: 'Chebet Kiprop', balances: expect.objectContaining({ receivableMinor: -20_000, depositMinor: 20_000 }) })]);
    expect(names(await shop.call('GET', '/api/contacts?type=supplier&balance=due'))).toEqual(['Elgon Dairies']);
  });

  it('sorts by name, balance and creation, either way', async () => {
    expect(names(await shop.call('GET', '/api/contacts?sort=name&dir=desc'))).toEqual(['Elgon Dairies', 'Daniel Mwangi', 'Chebet Kiprop', 'Brian Otieno', 'Amina Hassan']);
    expect(names(await shop.call('GET', '/api/contacts?type=customer&sort=balance&dir=desc'))).toEqual(['Brian Otieno', 'Amina Hassan', 'Daniel Mwangi', 'Chebet Kiprop']);
    expect(names(await shop.call('GET', '/api/contacts?sort=created'))).toEqual(['Amina Hassan', 'Brian Otieno', 'Chebet Kiprop', 'Daniel Mwangi', 'Elgon Dairies']);
  });

  it('pages with a total', async () => {
    const first = (await shop.call('GET', '/api/contacts?pageSize=10&page=1')).json();
    expect(first).toMatchObject({ total: 5, totalCapped: false, page: 1, pageSize: 10 });
    const beyond = (await shop.call('GET', '/api/contacts?pageSize=10&page=2')).json();
    expect(beyond.items).toEqual([]);
    const searchPage = (await shop.call('GET', '/api/contacts?q=0712&pageSize=10&page=1')).json();
    expect(searchPage.total).toBe(2);
    expect((await shop.call('GET', '/api/contacts?pageSize=7')).status).toBe(400);
    expect((await shop.call('GET', '/api/contacts?sort=phone')).status).toBe(400);
  });
});
