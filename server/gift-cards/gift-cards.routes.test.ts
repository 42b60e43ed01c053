import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upgradeMessage } from '../../core/billing/plan-features.rules';
import { createTestShop, type TestShop } from '../../tests/support/catalog-shop';
import { createTestApp, randomClientAddress, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';
import { hashGiftCardCode } from './gift-card-code';
import { GIFT_CARD_NOT_FOUND, redeemGiftCard, refundToGiftCard } from './gift-card-ledger';

// The gift card API (issue 14): issue (manager, Idempotency-Key, the code shown once), list,
// detail, void, balance check (cashier, rate-limited), the gift_cards feature, tenant isolation
// and bad input. The ledger's own promises are in gift-card-ledger.test.ts.

let testApp: TestApp;
let shop: TestShop;
let customerId: string;

async function addContact(target: TestShop, name: string, type: 'customer' | 'supplier' | 'both' = 'customer'): Promise<string> {
  const [row] = await testApp.database.withTenant(target.tenant.id, (tx) =>
    queryRows<{ id: string }>(tx, sql`insert into contacts (tenant_id, name, type) values (${target.tenant.id}, ${name}, ${type}) returning id`),
  );
  return row!.id;
}

const cardCount = (target: TestShop) =>
  testApp.database.withTenant(target.tenant.id, async (tx) => {
    const [row] = await queryRows<{ cards: number; entries: number }>(
      tx,
      sql`select (select count(*)::int from gift_cards) as cards, (select count(*)::int from gift_card_entries) as entries`,
    );
    return row!;
  });

/** A day relative to today in Nairobi (the shops' default time zone), YYYY-MM-DD. */
function nairobiDay(offsetDays: number): string {
  const nairobi = new Date(Date.now() + 3 * 3600_000 + offsetDays * 86_400_000);
  return nairobi.toISOString().slice(0, 10);
}

async function issueCard(body: Record<string, unknown>, target = shop) {
  const response = await target.call('POST', '/api/gift-cards', { body, idempotencyKey: randomUUID() });
  expect(response.status).toBe(201);
  return response.json() as { card: { id: string; last4: string; balanceMinor: number }; code: string };
}

function checkBalance(target: TestShop, code: string, options: { as?: 'owner' | 'manager' | 'cashier'; address?: string } = {}) {
  return testApp.request('/api/gift-cards/balance', {
    method: 'POST',
    host: target.host,
    body: { code },
    headers: { connection: 'close', cookie: target.cookies[options.as ?? 'cashier'], 'x-forwarded-for': options.address ?? randomClientAddress() },
  });
}

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createTestShop(testApp);
  customerId = await addContact(shop, 'Wanjiru Kamau');
});
afterAll(() => testApp.close());

describe('issuing', () => {
  it('issues a card for a customer with its code once; only a hash and the last 4 are stored', async () => {
    const response = await shop.call('POST', '/api/gift-cards', {
      body: { amountMinor: 250_000, contactId: customerId, expiresOn: nairobiDay(365) },
      idempotencyKey: randomUUID(),
      as: 'manager',
    });
    expect(response.status).toBe(201);
    const { card, code, replayed } = response.json();
    expect(replayed).toBe(false);
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{16}$/);
    expect(card).toMatchObject({
      last4: code.slice(-4),
      initialMinor: 250_000,
      balanceMinor: 250_000,
      status: 'active',
      expiresOn: nairobiDay(365),
      isExpired: false,
      contactId: customerId,
      contactName: 'Wanjiru Kamau',
      issuedByName: 'Shop manager',
    });
    const [stored] = await testApp.database.withTenant(shop.tenant.id, (tx) =>
      queryRows<Record<string, unknown>>(tx, sql`select * from gift_cards where id = ${card.id}`),
    );
    expect(stored!.code_hash).toBe(hashGiftCardCode(code));
    expect(JSON.stringify(stored)).not.toContain(code);

    const detail = (await shop.call('GET', `/api/gift-cards/${card.id}`, { as: 'cashier' })).json();
    expect(detail.entries).toEqual([expect.objectContaining({ kind: 'issue', amountMinor: 250_000, balanceAfterMinor: 250_000, userName: 'Shop manager' })]);
    expect(JSON.stringify(detail)).not.toContain(code);
  });

  it('answers a retry with the same card and no code (it was shown once), even when the retry races the first', async () => {
    const key = randomUUID();
    const body = { amountMinor: 10_000 };
    const before = await cardCount(shop);
    const [first, second] = await Promise.all([
      shop.call('POST', '/api/gift-cards', { body, idempotencyKey: key }),
      shop.call('POST', '/api/gift-cards', { body, idempotencyKey: key }),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    const answers = [first.json(), second.json()];
    expect(answers[0].card.id).toBe(answers[1].card.id);
    expect(answers.filter((answer) => answer.code !== null)).toHaveLength(1);
    expect(answers.filter((answer) => answer.replayed)).toHaveLength(1);
    const third = (await shop.call('POST', '/api/gift-cards', { body, idempotencyKey: key })).json();
    expect(third).toMatchObject({ card: { id: answers[0].card.id }, code: null, replayed: true });
    expect(await cardCount(shop)).toEqual({ cards: before.cards + 1, entries: before.entries + 1 });

    const reused = await shop.call('POST', '/api/gift-cards', { body: { amountMinor: 20_000 }, idempotencyKey: key });
    expect(reused.status).toBe(422);
  });

  it('refuses bad input with field messages and writes nothing', async () => {
    const supplierId = await addContact(shop, 'Brookside Dairy', 'supplier');
    const other = await createTestShop(testApp);
    const othersCustomer = await addContact(other, 'Someone elsewhere');
    const before = await cardCount(shop);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ amountMinor: 100.5 }, 'amountMinor', 'Enter a whole amount in cents (minor units)'],
      [{ amountMinor: -500 }, 'amountMinor', 'The amount must be more than zero'],
      [{ amountMinor: 0 }, 'amountMinor', 'The amount must be more than zero'],
      [{ amountMinor: '5000' }, 'amountMinor', 'Enter a whole amount in cents (minor units)'],
      [{ amountMinor: 5000, expiresOn: nairobiDay(-1) }, 'expiresOn', 'The expiry date must be after today'],
      [{ amountMinor: 5000, expiresOn: nairobiDay(0) }, 'expiresOn', 'The expiry date must be after today'],
      [{ amountMinor: 5000, expiresOn: '31/12/2030' }, 'expiresOn', 'Enter a date as YYYY-MM-DD'],
      [{ amountMinor: 5000, contactId: randomUUID() }, 'contactId', 'Customer not found'],
      [{ amountMinor: 5000, contactId: othersCustomer }, 'contactId', 'Customer not found'],
      [{ amountMinor: 5000, contactId: supplierId }, 'contactId', 'Gift cards are issued to customers, not suppliers'],
      [{ amountMinor: 5000, contactId: 'not-a-uuid' }, 'contactId', 'Choose a customer from the list'],
    ];
    for (const [body, field, message] of cases) {
      const response = await shop.call('POST', '/api/gift-cards', { body, idempotencyKey: randomUUID() });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json().error.fields[field]).toEqual([message]);
    }
    expect(await cardCount(shop)).toEqual(before);
  });

  it('lets only managers and owners issue and void: a cashier gets 403 and nothing changes', async () => {
    const before = await cardCount(shop);
    expect((await shop.call('POST', '/api/gift-cards', { body: { amountMinor: 5000 }, as: 'cashier' })).status).toBe(403);
    const { card } = await issueCard({ amountMinor: 5000 });
    expect((await shop.call('POST', `/api/gift-cards/${card.id}/void`, { body: { reason: 'Lost' }, as: 'cashier' })).status).toBe(403);
    expect((await shop.call('GET', `/api/gift-cards/${card.id}`, { as: 'cashier' })).json()).toMatchObject({ status: 'active', balanceMinor: 5000 });
    expect(await cardCount(shop)).toEqual({ cards: before.cards + 1, entries: before.entries + 1 });
  });
});

describe('balance check', () => {
  it('reads a card’s balance from its code in any written form, for a cashier', async () => {
    const { card, code } = await issueCard({ amountMinor: 75_000, expiresOn: nairobiDay(30) });
    const spaced = `${code.slice(0, 4).toLowerCase()} ${code.slice(4, 8)}-${code.slice(8, 12)} ${code.slice(12).toLowerCase()}`;
    const response = await checkBalance(shop, spaced);
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ id: card.id, last4: code.slice(-4), balanceMinor: 75_000, status: 'active', expiresOn: nairobiDay(30), isExpired: false });
  });

  it('answers an unknown code with 404 and one message, and a code that cannot exist with 400 on the field', async () => {
    const unknown = await checkBalance(shop, 'ABCD-EFGH-JKMN-PQRS');
    expect(unknown.status).toBe(404);
    expect(unknown.json().error.message).toBe(GIFT_CARD_NOT_FOUND);
    const malformed = await checkBalance(shop, 'ABCD-EFGH-JKMN-PQR0');
    expect(malformed.status).toBe(400);
    expect(malformed.json().error.fields.code).toEqual(['Gift card codes have no 0, O, 1, I or L: check the code on the card']);
  });

  it('limits wrong codes per person (429 with Retry-After), while right codes never count', async () => {
    const limited = await createTestShop(testApp);
    const { code } = await issueCard({ amountMinor: 1000 }, limited);
    for (let attempt = 0; attempt < 12; attempt += 1) expect((await checkBalance(limited, code)).status).toBe(200);
    for (let attempt = 0; attempt < 10; attempt += 1) expect((await checkBalance(limited, 'ABCD-EFGH-JKMN-PQRS')).status).toBe(404);
    const refused = await checkBalance(limited, 'ABCD-EFGH-JKMN-PQRT');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    expect(refused.json().error.message).toMatch(/^Too many wrong gift card codes\. Try again in \d+ seconds\.$/);
    // The limit is the person's: the right code too is refused now, the manager is still free.
    expect((await checkBalance(limited, code)).status).toBe(429);
    expect((await checkBalance(limited, code, { as: 'manager' })).status).toBe(200);
  });

  it('limits wrong codes per address across people', async () => {
    const limited = await createTestShop(testApp);
    const address = randomClientAddress().replace('198.51.100.', '203.0.113.');
    const roles = ['owner', 'manager', 'cashier'] as const;
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const response = await checkBalance(limited, 'ABCD-EFGH-JKMN-PQRS', { as: roles[attempt % 3]!, address });
      expect(response.status).toBe(404);
    }
    const refused = await checkBalance(limited, 'ABCD-EFGH-JKMN-PQRS', { as: 'owner', address });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('list, detail and void', () => {
  it('lists cards paginated, sorted and searched by last 4 or customer name', async () => {
    const listed = await createTestShop(testApp);
    const achieng = await addContact(listed, 'Achieng Otieno');
    const cards = [
      await issueCard({ amountMinor: 3000 }, listed),
      await issueCard({ amountMinor: 1000, contactId: achieng }, listed),
      await issueCard({ amountMinor: 2000 }, listed),
    ];
    const all = (await listed.call('GET', '/api/gift-cards?pageSize=10', { as: 'cashier' })).json();
    expect(all.total).toBe(3);
    expect(all.items.map((card: { id: string }) => card.id)).toEqual(cards.map((card) => card.card.id).reverse());
    const byBalance = (await listed.call('GET', '/api/gift-cards?sort=balance&order=asc')).json();
    expect(byBalance.items.map((card: { balanceMinor: number }) => card.balanceMinor)).toEqual([1000, 2000, 3000]);
    const paged = (await listed.call('GET', '/api/gift-cards?sort=balance&order=asc&pageSize=10&page=2')).json();
    expect(paged).toMatchObject({ items: [], total: 3, page: 2 });
    const byName = (await listed.call('GET', '/api/gift-cards?search=achieng')).json();
    expect(byName.items.map((card: { id: string }) => card.id)).toEqual([cards[1]!.card.id]);
    const byLast4 = (await listed.call('GET', `/api/gift-cards?search=${cards[2]!.code.slice(-4).toLowerCase()}`)).json();
    expect(byLast4.items.map((card: { id: string }) => card.id)).toEqual([cards[2]!.card.id]);
    const byContact = (await listed.call('GET', `/api/gift-cards?contactId=${achieng}`)).json();
    expect(byContact.total).toBe(1);
    expect((await listed.call('GET', '/api/gift-cards?pageSize=7')).status).toBe(400);
  });

  it('voids a card: balance to 0 with a void entry and the reason; redemption and a second void are refused', async () => {
    const { card, code } = await issueCard({ amountMinor: 40_000 });
    await testApp.database.withTenant(shop.tenant.id, (tx) =>
      redeemGiftCard(tx, { tenantId: shop.tenant.id, code, amountMinor: 15_000, saleRef: `sale-${randomUUID()}`, userId: null }),
    );
    expect((await shop.call('POST', `/api/gift-cards/${card.id}/void`, { body: { reason: ' ' }, as: 'manager' })).json().error.fields.reason).toEqual([
      'Say why the card is voided',
    ]);
    const voided = await shop.call('POST', `/api/gift-cards/${card.id}/void`, { body: { reason: 'Reported stolen' }, as: 'manager' });
    expect(voided.status).toBe(200);
    expect(voided.json()).toMatchObject({ status: 'void', balanceMinor: 0 });
    expect(voided.json().entries.map((entry: { kind: string; amountMinor: number; balanceAfterMinor: number; reason: string | null }) => [entry.kind, entry.amountMinor, entry.balanceAfterMinor, entry.reason])).toEqual([
      ['issue', 40_000, 40_000, null],
      ['redeem', -15_000, 25_000, null],
      ['void', -25_000, 0, 'Reported stolen'],
    ]);
    expect((await shop.call('POST', `/api/gift-cards/${card.id}/void`, { body: { reason: 'Again' } })).status).toBe(409);
    const redeem = testApp.database.withTenant(shop.tenant.id, (tx) =>
      redeemGiftCard(tx, { tenantId: shop.tenant.id, code, amountMinor: 1, saleRef: `sale-${randomUUID()}`, userId: null }),
    );
    await expect(redeem).rejects.toMatchObject({ status: 409, message: 'This gift card was voided and cannot be used' });
    const refund = testApp.database.withTenant(shop.tenant.id, (tx) =>
      refundToGiftCard(tx, { tenantId: shop.tenant.id, giftCardId: card.id, amountMinor: 100, returnRef: `return-${randomUUID()}`, userId: null }),
    );
    await expect(refund).rejects.toMatchObject({ status: 409 });
    expect((await checkBalance(shop, code)).json()).toMatchObject({ status: 'void', balanceMinor: 0 });
  });
});

describe('plan and isolation', () => {
  it('answers 402 with the upgrade message on a Starter shop, for every gift card route', async () => {
    const starter = await createTestShop(testApp, { plan: 'Starter' });
    const message = upgradeMessage('gift_cards');
    const calls = [
      starter.call('GET', '/api/gift-cards'),
      starter.call('POST', '/api/gift-cards', { body: { amountMinor: 1000 } }),
      starter.call('GET', `/api/gift-cards/${randomUUID()}`),
      starter.call('POST', `/api/gift-cards/${randomUUID()}/void`, { body: { reason: 'x' } }),
      checkBalance(starter, 'ABCD-EFGH-JKMN-PQRS'),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(402);
      expect(response.json().error.message).toBe(message);
    }
    expect(await cardCount(starter)).toEqual({ cards: 0, entries: 0 });
  });

  it("gives tenant B a 404 for tenant A's card, by id and by code, and lists none of them", async () => {
    const { card, code } = await issueCard({ amountMinor: 9000 });
    const other = await createTestShop(testApp);
    expect((await other.call('GET', `/api/gift-cards/${card.id}`)).status).toBe(404);
    expect((await other.call('POST', `/api/gift-cards/${card.id}/void`, { body: { reason: 'Mine now' } })).status).toBe(404);
    const byCode = await checkBalance(other, code);
    expect(byCode.status).toBe(404);
    expect(byCode.json().error.message).toBe(GIFT_CARD_NOT_FOUND);
    expect((await other.call('GET', '/api/gift-cards')).json().total).toBe(0);
    const redeem = testApp.database.withTenant(other.tenant.id, (tx) =>
      redeemGiftCard(tx, { tenantId: other.tenant.id, code, amountMinor: 100, saleRef: 'sale-elsewhere', userId: null }),
    );
    await expect(redeem).rejects.toMatchObject({ status: 404 });
    expect((await shop.call('GET', `/api/gift-cards/${card.id}`)).json()).toMatchObject({ status: 'active', balanceMinor: 9000 });
  });
});
