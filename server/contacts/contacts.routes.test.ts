import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upgradeMessage } from '../../core/billing/plan-features.rules';
import { createTestProduct } from '../../tests/support/catalog-factories';
import { createTestShop, type TestShop } from '../../tests/support/catalog-shop';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';
import { contactCounts, newKey, subscribeToBasicDefaults } from './contacts-test-kit';

let testApp: TestApp;
let shop: TestShop;
let other: TestShop;

beforeAll(async () => {
  testApp = await createTestApp();
  [shop, other] = await Promise.all([createTestShop(testApp), createTestShop(testApp)]);
});
afterAll(() => testApp.close());

describe('contacts', () => {
  it('stores a customer typed with 07… as +2547…, blank fields as null, the KRA PIN upper case, and reads it back', async () => {
    const created = await shop.call('POST', '/api/contacts', {
      body: { name: '  Wanjiku Kamau ', phone: '0712 345 678', email: ' Wanjiku@Example.TEST ', company: '  ', kraPin: 'a123456789b', tags: ['VIP', ' mama mboga '] },
    });
    expect(created.status).toBe(201);
    const contact = created.json();
    expect(contact).toMatchObject({
      name: 'Wanjiku Kamau',
      type: 'customer',
      phone: '+254712345678',
      email: 'wanjiku@example.test',
      company: null,
      kraPin: 'A123456789B',
      address: null,
      tags: ['VIP', 'mama mboga'],
      creditLimitMinor: 0,
      isArchived: false,
      balances: { receivableMinor: 0, payableMinor: 0, overdueMinor: 0, depositMinor: 0 },
      loyaltyPoints: null,
      duplicates: [],
    });
    const read = await shop.call('GET', `/api/contacts/${contact.id}`, { as: 'cashier' });
    expect(read.status).toBe(200);
    expect(read.json().phone).toBe('+254712345678');
  });

  it('posts opening balances to the ledger on create: KES 1,500.00 owed by a customer, KES 20,000.00 owed to a supplier', async () => {
    const both = await shop.call('POST', '/api/contacts', {
      body: { name: 'Bidco Distributors', type: 'both', phone: '+254 733 100 200', openingBalance: { receivableMinor: 150_000, payableMinor: 2_000_000 } },
    });
    expect(both.status).toBe(201);
    expect(both.json().balances).toMatchObject({ receivableMinor: 150_000, payableMinor: 2_000_000 });
    const entries = await testApp.database.withTenant(shop.tenant.id, (tx) =>
      queryRows(tx, sql`select side, kind, amount_minor::int as amount from account_entries where contact_id = ${both.json().id} order by side`),
    );
    expect(entries).toEqual([
      { side: 'payable', kind: 'opening', amount: 2_000_000 },
      { side: 'receivable', kind: 'opening', amount: 150_000 },
    ]);
  });

  it('creates once per Idempotency-Key, even when the retry races the first request', async () => {
    const key = newKey();
    const body = { name: 'Otieno Hardware', phone: '0722000111', type: 'supplier', openingBalance: { payableMinor: 5_000 } };
    const [first, second] = await Promise.all([
      shop.call('POST', '/api/contacts', { body, idempotencyKey: key }),
      shop.call('POST', '/api/contacts', { body, idempotencyKey: key }),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.json().id).toBe(first.json().id);
    expect(second.json().balances.payableMinor).toBe(5_000);
    const reused = await shop.call('POST', '/api/contacts', { body: { ...body, name: 'Someone else' }, idempotencyKey: key });
    expect(reused.status).toBe(422);
  });

  it('warns about duplicates on phone (any written form) or e-mail without refusing', async () => {
    const first = (await shop.call('POST', '/api/contacts', { body: { name: 'Achieng Odhiambo', phone: '0798 111 222', email: 'achieng@example.test' } })).json();
    const second = await shop.call('POST', '/api/contacts', { body: { name: 'Achieng O.', phone: '254798111222' } });
    expect(second.status).toBe(201);
    expect(second.json().duplicates).toEqual([expect.objectContaining({ id: first.id, name: 'Achieng Odhiambo', matchedOn: ['phone'] })]);
    const check = await shop.call('GET', `/api/contacts/duplicates?phone=${encodeURIComponent('+254 798-111-222')}&email=ACHIENG@example.test&excludeId=${second.json().id}`, { as: 'cashier' });
    expect(check.json().items).toEqual([expect.objectContaining({ id: first.id, matchedOn: ['phone', 'email'] })]);
  });

  it('updates only the fields given, and archives and brings back (manager)', async () => {
    const contact = (await shop.call('POST', '/api/contacts', { body: { name: 'Mutua Kioko', phone: '0711222333', notes: 'Pays on Fridays' } })).json();
    const updated = await shop.call('PATCH', `/api/contacts/${contact.id}`, { body: { email: 'mutua@example.test', notes: '' }, as: 'cashier' });
    expect(updated.status).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Mutua Kioko', phone: '+254711222333', email: 'mutua@example.test', notes: null });
    expect((await shop.call('POST', `/api/contacts/${contact.id}/archive`, { body: { archived: true }, as: 'cashier' })).status).toBe(403);
    const archived = await shop.call('POST', `/api/contacts/${contact.id}/archive`, { body: { archived: true }, as: 'manager' });
    expect(archived.json().isArchived).toBe(true);
    const back = await shop.call('POST', `/api/contacts/${contact.id}/archive`, { body: { archived: false }, as: 'manager' });
    expect(back.json().isArchived).toBe(false);
  });

  it('refuses bad input with a message per field and writes nothing', async () => {
    const before = await contactCounts(testApp, shop);
    const bad = await shop.call('POST', '/api/contacts', {
      body: { name: ' ', phone: '0812 345 678', kraPin: 'A12345678B', creditLimitMinor: 150.5, email: 'not-an-email', openingBalance: { receivableMinor: -100 } },
    });
    expect(bad.status).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      name: ['Enter the name'],
      phone: ['Enter a Kenyan phone number such as 0712 345 678'],
      kraPin: ['A KRA PIN is a letter, nine digits and a letter, e.g. A123456789B'],
      creditLimitMinor: ['Enter a whole amount in cents (minor units)'],
      email: ['Enter a valid e-mail address'],
      'openingBalance.receivableMinor': ['Cannot be negative'],
    });
    const negative = await shop.call('POST', '/api/contacts', { body: { name: 'X', creditLimitMinor: -1 } });
    expect(negative.json().error.fields.creditLimitMinor).toEqual(['Cannot be negative']);
    const unknownGroup = await shop.call('POST', '/api/contacts', { body: { name: 'X', customerGroupId: '5b1f0c9e-2d6a-4f3b-9c1e-7a8d6e5f4a3b' } });
    expect(unknownGroup.status).toBe(422);
    expect(unknownGroup.json().error.fields.customerGroupId).toEqual(['Customer group not found']);
    const wrongSide = await shop.call('POST', '/api/contacts', { body: { name: 'X', type: 'customer', openingBalance: { payableMinor: 100 } } });
    expect(wrongSide.status).toBe(422);
    expect(wrongSide.json().error.fields['openingBalance.payableMinor']).toEqual(['Only a supplier is owed an opening balance']);
    expect(await contactCounts(testApp, shop)).toEqual(before);
  });

  it('lets a cashier add and edit customers but not suppliers, credit limits, opening balances or merges', async () => {
    const customer = await shop.call('POST', '/api/contacts', { body: { name: 'Walk-in regular', phone: '0700123456' }, as: 'cashier' });
    expect(customer.status).toBe(201);
    const before = await contactCounts(testApp, shop);
    const supplier = await shop.call('POST', '/api/contacts', { body: { name: 'Kapa Oil', type: 'supplier' }, as: 'cashier' });
    expect(supplier.status).toBe(403);
    expect(supplier.json().error.fields.type).toEqual(['Your role does not include adding or changing suppliers']);
    const credit = await shop.call('POST', '/api/contacts', { body: { name: 'Credit', creditLimitMinor: 500_000, openingBalance: { receivableMinor: 100 } }, as: 'cashier' });
    expect(credit.status).toBe(403);
    expect(Object.keys(credit.json().error.fields).sort()).toEqual(['creditLimitMinor', 'openingBalance']);
    const raise = await shop.call('PATCH', `/api/contacts/${customer.json().id}`, { body: { creditLimitMinor: 100_000 }, as: 'cashier' });
    expect(raise.status).toBe(403);
    const other = (await shop.call('POST', '/api/contacts', { body: { name: 'Walk-in regular 2' } })).json();
    const merge = await shop.call('POST', `/api/contacts/${other.id}/merge`, { body: { intoContactId: customer.json().id }, as: 'cashier' });
    expect(merge.status).toBe(403);
    expect((await contactCounts(testApp, shop)).merges).toBe(before.merges);
  });

  it('gives another shop 404 for this shop’s contacts, groups and merges', async () => {
    const contact = (await shop.call('POST', '/api/contacts', { body: { name: 'Njeri Wambui', phone: '0745000111' } })).json();
    const target = (await shop.call('POST', '/api/contacts', { body: { name: 'Njeri W.' } })).json();
    const group = (await shop.call('POST', '/api/customer-groups', { body: { name: 'Isolation wholesale', discountBps: 500 } })).json();
    expect((await other.call('GET', `/api/contacts/${contact.id}`)).status).toBe(404);
    expect((await other.call('PATCH', `/api/contacts/${contact.id}`, { body: { name: 'Taken' } })).status).toBe(404);
    expect((await other.call('POST', `/api/contacts/${contact.id}/archive`, { body: { archived: true } })).status).toBe(404);
    expect((await other.call('POST', `/api/contacts/${contact.id}/merge`, { body: { intoContactId: target.id } })).status).toBe(404);
    expect((await other.call('GET', `/api/customer-groups/${group.id}`)).status).toBe(404);
    expect((await other.call('PUT', `/api/customer-groups/${group.id}`, { body: { name: 'Taken' } })).status).toBe(404);
    expect((await other.call('DELETE', `/api/customer-groups/${group.id}`)).status).toBe(404);
    const assign = await other.call('POST', '/api/contacts', { body: { name: 'Mine', customerGroupId: group.id } });
    expect(assign.status).toBe(422);
    const search = (await other.call('GET', '/api/contacts?q=njeri')).json();
    expect(search.items).toEqual([]);
    expect((await shop.call('GET', `/api/contacts/${contact.id}`)).json().name).toBe('Njeri Wambui');
  });
});

describe('customer groups', () => {
  it('keeps a discount group and a price-list group, assigns customers and counts them', async () => {
    const product = await createTestProduct(testApp.database, shop.tenant.id, { name: 'Unga 2kg', variants: [{ sellingPriceMinor: 23_000 }] });
    const discount = await shop.call('POST', '/api/customer-groups', { body: { name: 'Wholesale', priceRule: 'discount', discountBps: 750 }, as: 'manager' });
    expect(discount.status).toBe(201);
    expect(discount.json()).toMatchObject({ name: 'Wholesale', priceRule: 'discount', discountBps: 750, memberCount: 0, prices: [] });
    const list = await shop.call('POST', '/api/customer-groups', {
      body: { name: 'Hotels', priceRule: 'price_list', discountBps: 300, prices: [{ variantId: product.variantId, priceMinor: 21_500 }] },
    });
    expect(list.json()).toMatchObject({
      priceRule: 'price_list',
      discountBps: 0,
      prices: [{ variantId: product.variantId, productName: 'Unga 2kg', sellingPriceMinor: 23_000, priceMinor: 21_500 }],
    });
    const member = await shop.call('POST', '/api/contacts', { body: { name: 'Serena Hotel', customerGroupId: list.json().id } });
    expect(member.json().customerGroupName).toBe('Hotels');
    const groups = (await shop.call('GET', '/api/customer-groups', { as: 'cashier' })).json().items;
    expect(groups.find((group: { name: string }) => group.name === 'Hotels').memberCount).toBe(1);
    const duplicate = await shop.call('POST', '/api/customer-groups', { body: { name: 'WHOLESALE' } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.json().error.fields.name).toEqual(['A customer group with this name already exists']);
    const tooMuch = await shop.call('POST', '/api/customer-groups', { body: { name: 'Free', discountBps: 10_001 } });
    expect(tooMuch.status).toBe(400);
    expect((await shop.call('POST', '/api/customer-groups', { body: { name: 'Cashier group' }, as: 'cashier' })).status).toBe(403);
    await shop.call('DELETE', `/api/customer-groups/${list.json().id}`);
    expect((await shop.call('GET', `/api/contacts/${member.json().id}`)).json().customerGroupId).toBeNull();
  });

  it('lets a Starter shop use groups (advanced_customer_management) and answers 402 to a plan without customer management', async () => {
    const starter = await createTestShop(testApp, { plan: 'Starter' });
    expect((await starter.call('POST', '/api/customer-groups', { body: { name: 'Regulars', discountBps: 200 } })).status).toBe(201);
    const lite = await createTestShop(testApp);
    await subscribeToBasicDefaults(testApp, lite.tenant.id);
    const refused = await lite.call('GET', '/api/customer-groups');
    expect(refused.status).toBe(402);
    expect(refused.json().error.message).toBe(upgradeMessage('customer_management'));
    expect((await lite.call('POST', '/api/customer-groups', { body: { name: 'Regulars' } })).status).toBe(402);
    // Contacts themselves are always on (the `customers` feature).
    expect((await lite.call('POST', '/api/contacts', { body: { name: 'Still a customer' } })).status).toBe(201);
  });
});
