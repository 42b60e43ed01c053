import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upgradeMessage } from '../../core/billing/plan-features.rules';
import { createTestShop, type TestShop } from '../../tests/support/catalog-shop';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { earnPoints } from './loyalty-ledger';
import { createLoyaltyContact, loyaltyFigures, loyaltyRowCounts } from './loyalty-test-kit';

let testApp: TestApp;
let shop: TestShop;
let other: TestShop;
let customer: string;

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createTestShop(testApp);
  other = await createTestShop(testApp);
  customer = await createLoyaltyContact(testApp.database, shop.tenant.id, { name: 'Achieng Odhiambo' });
});
afterAll(() => testApp.close());

const settingsBody = { isEnabled: true, earnRateBps: 250, pointValueMinor: 50, minRedeemPoints: 100, expiryMonths: 12 };

describe('settings', () => {
  it('start off with default figures; the owner changes them; a manager reads but cannot write', async () => {
    const initial = await shop.call('GET', '/api/loyalty/settings', { as: 'manager' });
    expect(initial.status).toBe(200);
    expect(initial.json()).toEqual({ isEnabled: false, earnRateBps: 100, pointValueMinor: 100, minRedeemPoints: 0, expiryMonths: 0 });
    expect((await shop.call('PUT', '/api/loyalty/settings', { as: 'manager', body: settingsBody })).status).toBe(403);
    expect((await shop.call('GET', '/api/loyalty/settings', { as: 'cashier' })).status).toBe(403);
    const saved = await shop.call('PUT', '/api/loyalty/settings', { body: settingsBody });
    expect(saved.status).toBe(200);
    expect(saved.json()).toEqual(settingsBody);
    expect((await shop.call('GET', '/api/loyalty/settings')).json()).toEqual(settingsBody);
  });

  it('refuses fractions, negatives and out-of-range figures with a message per field, writing nothing', async () => {
    const before = await loyaltyRowCounts(testApp.database, other.tenant.id);
    const response = await other.call('PUT', '/api/loyalty/settings', {
      body: { isEnabled: 'yes', earnRateBps: 1.5, pointValueMinor: -1, minRedeemPoints: 0, expiryMonths: 121 },
    });
    expect(response.status).toBe(400);
    expect(response.json().error.fields).toEqual({
      isEnabled: ['Choose on or off'],
      earnRateBps: ['Enter a whole number'],
      pointValueMinor: ['Enter 0 or more'],
      expiryMonths: ['At most 120 months'],
    });
    expect(await loyaltyRowCounts(testApp.database, other.tenant.id)).toEqual(before);
  });
});

describe('a customer’s points', () => {
  it('shows the balance, its value and the history with who adjusted and why', async () => {
    // 2.5 points per KES 100: KES 2,000.00 earns 50 points.
    await testApp.database.withTenant(shop.tenant.id, (tx) =>
      earnPoints(tx, { tenantId: shop.tenant.id, contactId: customer, saleRef: 'S-1', amountMinor: 200_000, userId: null }),
    );
    const adjusted = await shop.call('POST', `/api/contacts/${customer}/loyalty/adjustments`, {
      as: 'manager',
      body: { points: 25, reason: ' Welcome bonus ' },
      idempotencyKey: randomUUID(),
    });
    expect(adjusted.status).toBe(201);
    // 75 points × KES 0.50 = KES 37.50
    expect(adjusted.json()).toMatchObject({ points: 75, valueMinor: 3_750, entry: { kind: 'adjust', points: 25, reason: 'Welcome bonus', userName: 'Shop manager' } });

    const view = await shop.call('GET', `/api/contacts/${customer}/loyalty?pageSize=1`, { as: 'cashier' });
    expect(view.status).toBe(200);
    expect(view.json()).toMatchObject({ contactId: customer, points: 75, valueMinor: 3_750, programme: settingsBody, entries: { total: 2, page: 1, pageSize: 1 } });
    expect(view.json().entries.items.map((entry: { kind: string; points: number }) => [entry.kind, entry.points])).toEqual([['adjust', 25]]);
    const second = (await shop.call('GET', `/api/contacts/${customer}/loyalty?page=2&pageSize=1`)).json();
    expect(second.entries.items).toMatchObject([{ kind: 'earn', points: 50, sourceRef: 'S-1', userName: null }]);
    expect(second.entries.items[0].expiresAt).not.toBeNull();
  });

  it('adjusts once per Idempotency-Key, even when the retry races the first request', async () => {
    const contact = await createLoyaltyContact(testApp.database, shop.tenant.id, { name: 'Kiprop Cheruiyot' });
    const key = randomUUID();
    const body = { points: 40, reason: 'Promotion' };
    const [first, second] = await Promise.all([
      shop.call('POST', `/api/contacts/${contact}/loyalty/adjustments`, { body, idempotencyKey: key }),
      shop.call('POST', `/api/contacts/${contact}/loyalty/adjustments`, { body, idempotencyKey: key }),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.json().entry.id).toBe(first.json().entry.id);
    expect(await loyaltyFigures(testApp.database, shop.tenant.id, contact)).toEqual({ balance: 40, sumOfEntries: 40, entries: 1 });
    const reused = await shop.call('POST', `/api/contacts/${contact}/loyalty/adjustments`, { body: { points: 1, reason: 'Other' }, idempotencyKey: key });
    expect(reused.status).toBe(422);
  });

  it('refuses bad input with field messages and writes nothing', async () => {
    const before = await loyaltyFigures(testApp.database, shop.tenant.id, customer);
    const post = (body: unknown, contactId = customer) => shop.call('POST', `/api/contacts/${contactId}/loyalty/adjustments`, { body });
    const fraction = await post({ points: 1.5, reason: 'x' });
    expect(fraction.status).toBe(400);
    expect(fraction.json().error.fields).toEqual({ points: ['Enter a whole number'] });
    const blank = await post({ points: 5, reason: '   ' });
    expect(blank.json().error.fields).toEqual({ reason: ['Enter the reason for the adjustment'] });
    const zero = await post({ points: 0, reason: 'x' });
    expect(zero.json().error.fields).toEqual({ points: ['Enter a change other than 0'] });
    const tooMuch = await post({ points: -76, reason: 'Correction' });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.json().error.fields).toEqual({ points: ['More points than the customer has'] });
    expect((await post({ points: 5, reason: 'x' }, randomUUID())).status).toBe(404);
    expect((await shop.call('GET', '/api/contacts/not-a-uuid/loyalty')).status).toBe(400);
    const supplier = await createLoyaltyContact(testApp.database, shop.tenant.id, { name: 'Unga Millers', type: 'supplier' });
    expect((await post({ points: 5, reason: 'x' }, supplier)).status).toBe(422);
    expect(await loyaltyFigures(testApp.database, shop.tenant.id, customer)).toEqual(before);
    expect(await loyaltyFigures(testApp.database, shop.tenant.id, supplier)).toEqual({ balance: 0, sumOfEntries: 0, entries: 0 });
  });

  it('a cashier sees points but cannot adjust them', async () => {
    const response = await shop.call('POST', `/api/contacts/${customer}/loyalty/adjustments`, { as: 'cashier', body: { points: 5, reason: 'x' } });
    expect(response.status).toBe(403);
  });

  it('another shop gets 404 for this shop’s customer', async () => {
    expect((await other.call('GET', `/api/contacts/${customer}/loyalty`)).status).toBe(404);
    expect((await other.call('POST', `/api/contacts/${customer}/loyalty/adjustments`, { body: { points: 5, reason: 'x' } })).status).toBe(404);
    expect((await loyaltyFigures(testApp.database, shop.tenant.id, customer)).balance).toBe(75);
  });
});

describe('plan', () => {
  it('a Starter shop gets 402 with the upgrade message on every loyalty route', async () => {
    const starter = await createTestShop(testApp, { plan: 'Starter' });
    const contact = await createLoyaltyContact(testApp.database, starter.tenant.id);
    const responses = await Promise.all([
      starter.call('GET', '/api/loyalty/settings'),
      starter.call('PUT', '/api/loyalty/settings', { body: settingsBody }),
      starter.call('GET', `/api/contacts/${contact}/loyalty`),
      starter.call('POST', `/api/contacts/${contact}/loyalty/adjustments`, { body: { points: 5, reason: 'x' } }),
    ]);
    expect(responses.map((response) => response.status)).toEqual([402, 402, 402, 402]);
    expect(responses[0]!.json().error.message).toBe(upgradeMessage('loyalty_program'));
    expect(await loyaltyRowCounts(testApp.database, starter.tenant.id)).toEqual({ entries: 0, settings: 0 });
  });
});
