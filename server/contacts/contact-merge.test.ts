import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../tests/support/catalog-shop';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { postAccountEntry, postOpeningBalance } from '../accounts/account-ledger';
import { queryRows } from '../db/client';
import { issueGiftCard } from '../gift-cards/gift-card-ledger';
import { adjustPoints } from '../loyalty/loyalty-ledger';
import { contactCounts } from './contacts-test-kit';

// Merging a duplicate moves every ledger: the shop's totals are the same before and after, and the
// target holds the sum of both.

let testApp: TestApp;
let shop: TestShop;

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createTestShop(testApp);
});
afterAll(() => testApp.close());

interface Totals {
  receivable: number;
  payable: number;
  entries: number;
  entries_sum: number;
  open_sum: number;
  points: number;
  point_entries_sum: number;
  gift_cards: number;
}

const shopTotals = () =>
  testApp.database.withTenant(shop.tenant.id, async (tx) => {
    const [row] = await queryRows<Totals>(
      tx,
      sql`select (select coalesce(sum(balance_minor), 0)::int from contact_accounts where side = 'receivable') as receivable,
                 (select coalesce(sum(balance_minor), 0)::int from contact_accounts where side = 'payable') as payable,
                 (select count(*)::int from account_entries) as entries,
                 (select coalesce(sum(amount_minor), 0)::int from account_entries) as entries_sum,
                 (select coalesce(sum(open_minor), 0)::int from account_open_items) as open_sum,
                 (select coalesce(sum(points), 0)::int from loyalty_balances) as points,
                 (select coalesce(sum(points), 0)::int from loyalty_entries) as point_entries_sum,
                 (select count(*)::int from gift_cards) as gift_cards`,
    );
    return row!;
  });

const contactRowCounts = (contactId: string) =>
  testApp.database.withTenant(shop.tenant.id, async (tx) => {
    const [row] = await queryRows<Record<string, number>>(
      tx,
      sql`select (select count(*)::int from account_entries where contact_id = ${contactId}) as entries,
                 (select count(*)::int from account_open_items where contact_id = ${contactId}) as open_items,
                 (select count(*)::int from contact_accounts where contact_id = ${contactId}) as accounts,
                 (select count(*)::int from loyalty_entries where contact_id = ${contactId}) as loyalty_entries,
                 (select count(*)::int from loyalty_balances where contact_id = ${contactId}) as loyalty_balances,
                 (select count(*)::int from gift_cards where contact_id = ${contactId}) as gift_cards`,
    );
    return row!;
  });

describe('merging contacts', () => {
  it('moves the duplicate’s account, points and gift cards into the target, fills its blanks and archives the duplicate', async () => {
    const target = (await shop.call('POST', '/api/contacts', { body: { name: 'Grace Wanjiru', phone: '0712 000 111', tags: ['vip'] } })).json();
    const source = (
      await shop.call('POST', '/api/contacts', {
        body: { name: 'Grace W.', phone: '0712000111', email: 'grace@example.test', kraPin: 'A000000001Z', address: 'Gikomba market', tags: ['credit'] },
      })
    ).json();
    const tenantId = shop.tenant.id;
    await testApp.database.withTenant(tenantId, async (tx) => {
      // Target: owes 1,000.00. Source: opening 2,500.00, a charge of 700.00, paid 1,200.00 → owes 2,000.00.
      await postAccountEntry(tx, { tenantId, contactId: target.id, side: 'receivable', kind: 'charge', amountMinor: 100_000 });
      await postOpeningBalance(tx, { tenantId, contactId: source.id, side: 'receivable', amountMinor: 250_000, userId: null });
      await postAccountEntry(tx, { tenantId, contactId: source.id, side: 'receivable', kind: 'charge', amountMinor: 70_000 });
      await postAccountEntry(tx, { tenantId, contactId: source.id, side: 'receivable', kind: 'payment', amountMinor: -120_000, method: 'cash' });
      await adjustPoints(tx, { tenantId, contactId: target.id, points: 40, reason: 'Welcome', userId: null });
      await adjustPoints(tx, { tenantId, contactId: source.id, points: 25, reason: 'Welcome', userId: null });
      await issueGiftCard(tx, { tenantId, amountMinor: 50_000, contactId: source.id, userId: null });
    });
    const before = await shopTotals();
    const sourceBefore = await contactRowCounts(source.id);
    expect(sourceBefore).toMatchObject({ entries: 3, loyalty_entries: 1, gift_cards: 1 });

    const merged = await shop.call('POST', `/api/contacts/${source.id}/merge`, { body: { intoContactId: target.id }, as: 'manager' });
    expect(merged.status).toBe(200);
    expect(merged.json()).toEqual({
      sourceContactId: source.id,
      targetContactId: target.id,
      moved: { accountEntries: 3, openItems: sourceBefore.open_items, loyaltyEntries: 1, giftCards: 1 },
    });

    expect(await shopTotals()).toEqual(before);
    expect(await contactRowCounts(source.id)).toEqual({ entries: 0, open_items: 0, accounts: 0, loyalty_entries: 0, loyalty_balances: 0, gift_cards: 0 });
    const after = (await shop.call('GET', `/api/contacts/${target.id}`)).json();
    // 1,000.00 + 2,000.00 owed; 40 + 25 points.
    expect(after.balances.receivableMinor).toBe(300_000);
    expect(after.loyaltyPoints).toBe(65);
    expect(after).toMatchObject({ name: 'Grace Wanjiru', email: 'grace@example.test', kraPin: 'A000000001Z', address: 'Gikomba market', tags: ['vip', 'credit'] });
    const archived = (await shop.call('GET', `/api/contacts/${source.id}`)).json();
    expect(archived).toMatchObject({ isArchived: true, mergedIntoId: target.id });

    const [record] = await testApp.database.withTenant(tenantId, (tx) =>
      queryRows<{ source_snapshot: { name: string; email: string }; moved_counts: { accountEntries: number } }>(
        tx,
        sql`select source_snapshot, moved_counts from contact_merges where source_contact_id = ${source.id}`,
      ),
    );
    expect(record!.source_snapshot).toMatchObject({ name: 'Grace W.', email: 'grace@example.test' });
    expect(record!.moved_counts.accountEntries).toBe(3);

    // The merged contact cannot be merged again, changed or brought back.
    expect((await shop.call('POST', `/api/contacts/${source.id}/merge`, { body: { intoContactId: target.id } })).status).toBe(409);
    expect((await shop.call('PATCH', `/api/contacts/${source.id}`, { body: { name: 'Again' } })).status).toBe(409);
    expect((await shop.call('POST', `/api/contacts/${source.id}/archive`, { body: { archived: false } })).status).toBe(409);
  });

  it('makes a customer merged with a supplier both, adding the payable side', async () => {
    const customer = (await shop.call('POST', '/api/contacts', { body: { name: 'Kamau Traders', openingBalance: { receivableMinor: 10_000 } } })).json();
    const supplier = (await shop.call('POST', '/api/contacts', { body: { name: 'Kamau Traders Ltd', type: 'supplier', openingBalance: { payableMinor: 45_000 } } })).json();
    const before = await shopTotals();
    expect((await shop.call('POST', `/api/contacts/${supplier.id}/merge`, { body: { intoContactId: customer.id } })).status).toBe(200);
    const after = (await shop.call('GET', `/api/contacts/${customer.id}`)).json();
    expect(after).toMatchObject({ type: 'both', balances: expect.objectContaining({ receivableMinor: 10_000, payableMinor: 45_000 }) });
    expect(await shopTotals()).toEqual(before);
  });

  it('runs alongside payments on the target without a deadlock, every shilling accounted for', async () => {
    const tenantId = shop.tenant.id;
    const target = (await shop.call('POST', '/api/contacts', { body: { name: 'Busy Kiosk', openingBalance: { receivableMinor: 80_000 } } })).json();
    const source = (await shop.call('POST', '/api/contacts', { body: { name: 'Busy Kiosk (old)', openingBalance: { receivableMinor: 20_000 } } })).json();
    // 80,000 + 20,000 owed, less 8 payments of 1,000 = 92,000 whichever order they commit in.
    const payments = Array.from({ length: 8 }, () =>
      testApp.database.withTenant(tenantId, (tx) =>
        postAccountEntry(tx, { tenantId, contactId: target.id, side: 'receivable', kind: 'payment', amountMinor: -1_000, method: 'cash' }),
      ),
    );
    const [merged] = await Promise.all([shop.call('POST', `/api/contacts/${source.id}/merge`, { body: { intoContactId: target.id } }), ...payments]);
    expect(merged.status).toBe(200);
    const after = (await shop.call('GET', `/api/contacts/${target.id}`)).json();
    expect(after.balances.receivableMinor).toBe(92_000);
    const [sum] = await testApp.database.withTenant(tenantId, (tx) =>
      queryRows<{ total: number }>(tx, sql`select sum(amount_minor)::int as total from account_entries where contact_id = ${target.id}`),
    );
    expect(sum!.total).toBe(92_000);
  });

  it('refuses merging into itself or into an unknown contact, writing nothing', async () => {
    const contact = (await shop.call('POST', '/api/contacts', { body: { name: 'Lonely' } })).json();
    const before = await contactCounts(testApp, shop);
    const self = await shop.call('POST', `/api/contacts/${contact.id}/merge`, { body: { intoContactId: contact.id } });
    expect(self.status).toBe(422);
    expect(self.json().error.fields.intoContactId).toEqual(['Choose another contact to merge into']);
    const unknown = await shop.call('POST', `/api/contacts/${contact.id}/merge`, { body: { intoContactId: '5b1f0c9e-2d6a-4f3b-9c1e-7a8d6e5f4a3b' } });
    expect(unknown.status).toBe(422);
    expect(unknown.json().error.fields.intoContactId).toEqual(['Contact not found']);
    expect((await shop.call('POST', `/api/contacts/${contact.id}/merge`, { body: {} })).status).toBe(400);
    expect(await contactCounts(testApp, shop)).toEqual(before);
  });
});
