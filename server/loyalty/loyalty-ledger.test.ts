import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../tests/support/factories';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-db';
import type { LoyaltySettingsInput } from '../../core/loyalty/loyalty.schemas';
import { queryRows, type TenantTx } from '../db/client';
import { createJobQueue } from '../jobs/job-queue';
import { createLogger } from '../logger';
import { adjustPoints, earnPoints, expireLapsedPoints, loyaltyBalance, redeemPoints, reversePoints } from './loyalty-ledger';
import { expirePointsInAllShops, loyaltyExpiryJob } from './loyalty-expiry.job';
import { createLoyaltyContact, loyaltyFigures } from './loyalty-test-kit';
import { updateLoyaltySettings } from './loyalty.service';

// The points ledger as the register, returns and the expiry job call it, with hand-worked figures.

let database: TestDatabase;
let shop: TestTenant;

// Settings saves are audited with who made them; this ledger test has nobody signed in.
const SETTINGS_EDITOR = randomUUID();
const programme: LoyaltySettingsInput = { isEnabled: true, earnRateBps: 100, pointValueMinor: 50, minRedeemPoints: 100, expiryMonths: 6 };

beforeAll(async () => {
  database = await createTestDatabase();
  shop = await createTenant(database);
  await updateLoyaltySettings(database, shop.id, programme, SETTINGS_EDITOR);
});
afterAll(() => database.dispose());

const inShop = <T>(work: (tx: TenantTx) => Promise<T>) => database.withTenant(shop.id, work);

async function expectInvariants(contactId: string) {
  const figures = await loyaltyFigures(database, shop.id, contactId);
  expect(figures.balance).toBe(figures.sumOfEntries);
  expect(figures.balance).toBeGreaterThanOrEqual(0);
  return figures;
}

describe('earning', () => {
  it('floors the points: KES 1,234.50 at 1 point per KES 100 earns 12 (12.345), KES 99.99 earns none', async () => {
    const customer = await createLoyaltyContact(database, shop.id);
    const earned = await inShop((tx) => earnPoints(tx, { tenantId: shop.id, contactId: customer, saleRef: 'S-1001', amountMinor: 123_450, userId: null }));
    expect(earned.entry).toMatchObject({ kind: 'earn', points: 12, sourceType: 'sale', sourceRef: 'S-1001' });
    expect(earned.balance).toBe(12);
    const tooSmall = await inShop((tx) => earnPoints(tx, { tenantId: shop.id, contactId: customer, saleRef: 'S-1002', amountMinor: 9_999, userId: null }));
    expect(tooSmall).toEqual({ entry: null, balance: 12, replayed: false });
    expect(await expectInvariants(customer)).toEqual({ balance: 12, sumOfEntries: 12, entries: 1 });
  });

  it('a retried sale earns once, also when both tries run at the same time', async () => {
    const customer = await createLoyaltyContact(database, shop.id);
    const sale = { tenantId: shop.id, contactId: customer, saleRef: 'S-2001', amountMinor: 50_000, userId: null };
    const [first, second] = await Promise.all([inShop((tx) => earnPoints(tx, sale)), inShop((tx) => earnPoints(tx, sale))]);
    expect([first.entry?.id, second.entry?.id]).toEqual([first.entry!.id, first.entry!.id]);
    expect([first.replayed, second.replayed].sort()).toEqual([false, true]);
    const again = await inShop((tx) => earnPoints(tx, sale));
    expect(again).toMatchObject({ replayed: true, balance: 5 });
    expect(await expectInvariants(customer)).toEqual({ balance: 5, sumOfEntries: 5, entries: 1 });
  });

  it('sets the expiry six calendar months after the sale (31 Aug → 28 Feb)', async () => {
    const customer = await createLoyaltyContact(database, shop.id);
    const earned = await inShop((tx) =>
      earnPoints(tx, { tenantId: shop.id, contactId: customer, saleRef: 'S-3001', amountMinor: 100_000, userId: null, occurredAt: new Date('2026-08-31T10:00:00Z') }),
    );
    expect(earned.entry!.expiresAt!.toISOString()).toBe('2027-02-28T10:00:00.000Z');
  });

  it('refuses an unknown contact (404) and a supplier (422), writing nothing', async () => {
    const supplier = await createLoyaltyContact(database, shop.id, { name: 'Brookside Dairy', type: 'supplier' });
    await expect(inShop((tx) => earnPoints(tx, { tenantId: shop.id, contactId: '00000000-0000-4000-8000-000000000001', saleRef: 'S-4001', amountMinor: 10_000, userId: null }))).rejects.toMatchObject({ status: 404 });
    await expect(inShop((tx) => earnPoints(tx, { tenantId: shop.id, contactId: supplier, saleRef: 'S-4002', amountMinor: 10_000, userId: null }))).rejects.toMatchObject({ status: 422 });
    expect(await loyaltyFigures(database, shop.id, supplier)).toEqual({ balance: 0, sumOfEntries: 0, entries: 0 });
  });
});

describe('redeeming, reversing and adjusting', () => {
  it('refuses below the minimum balance and above the balance; a redemption is worth points × value; a retry answers the first', async () => {
    const customer = await createLoyaltyContact(database, shop.id);
    await inShop((tx) => earnPoints(tx, { tenantId: shop.id, contactId: customer, saleRef: 'S-5001', amountMinor: 800_000, userId: null })); // 80 points
    const redeem = (points: number, saleRef: string) => inShop((tx) => redeemPoints(tx, { tenantId: shop.id, contactId: customer, points, saleRef, userId: null }));
    await expect(redeem(10, 'S-5002')).rejects.toMatchObject({ status: 422, fields: { points: ['The balance is below the minimum to redeem'] } });
    await inShop((tx) => earnPoints(tx, { tenantId: shop.id, contactId: customer, saleRef: 'S-5003', amountMinor: 400_000, userId: null })); // 120 points
    await expect(redeem(121, 'S-5004')).rejects.toMatchObject({ status: 422, fields: { points: ['More points than the customer has'] } });
    const redeemed = await redeem(100, 'S-5005');
    // 100 points × KES 0.50 = KES 50.00
    expect({ points: redeemed.entry!.points, valueMinor: redeemed.valueMinor, balance: redeemed.balance }).toEqual({ points: -100, valueMinor: 5_000, balance: 20 });
    expect(await redeem(100, 'S-5005')).toMatchObject({ replayed: true, balance: 20, valueMinor: 5_000 });
    expect(await expectInvariants(customer)).toEqual({ balance: 20, sumOfEntries: 20, entries: 3 });
  });

  it('a return takes back at most what its sale earned, at most the balance, once per return', async () => {
    const customer = await createLoyaltyContact(database, shop.id);
    await inShop((tx) => earnPoints(tx, { tenantId: shop.id, contactId: customer, saleRef: 'S-6001', amountMinor: 123_450, userId: null })); // 12
    const reverse = (points: number, returnRef: string) =>
      inShop((tx) => reversePoints(tx, { tenantId: shop.id, contactId: customer, saleRef: 'S-6001', returnRef, points, userId: null }));
    expect((await reverse(5, 'R-1')).entry!.points).toBe(-5);
    expect((await reverse(10, 'R-2')).entry!.points).toBe(-7); // 12 − 5 left
    expect(await reverse(10, 'R-2')).toMatchObject({ replayed: true, balance: 0 });
    expect(await reverse(3, 'R-3')).toEqual({ entry: null, balance: 0, replayed: false });
    expect(await expectInvariants(customer)).toEqual({ balance: 0, sumOfEntries: 0, entries: 3 });
  });

  it('an adjustment needs a reason and never takes the balance below zero', async () => {
    const customer = await createLoyaltyContact(database, shop.id);
    const adjust = (points: number, reason = 'Goodwill') => inShop((tx) => adjustPoints(tx, { tenantId: shop.id, contactId: customer, points, reason, userId: null }));
    expect((await adjust(30)).balance).toBe(30);
    await expect(adjust(-31)).rejects.toMatchObject({ status: 422, fields: { points: ['More points than the customer has'] } });
    await expect(adjust(5, '  ')).rejects.toMatchObject({ status: 422, fields: { reason: ['Enter the reason for the adjustment'] } });
    expect((await adjust(-30)).balance).toBe(0);
    // The database's own guard: no statement can take a balance below zero.
    await expect(inShop((tx) => tx.execute(sql`update loyalty_balances set points = -1 where contact_id = ${customer}`))).rejects.toThrow();
    expect(await expectInvariants(customer)).toEqual({ balance: 0, sumOfEntries: 0, entries: 2 });
  });

  it('entries are append-only for the app', async () => {
    const customer = await createLoyaltyContact(database, shop.id);
    await inShop((tx) => adjustPoints(tx, { tenantId: shop.id, contactId: customer, points: 3, reason: 'Test', userId: null }));
    await expect(inShop((tx) => tx.execute(sql`update loyalty_entries set points = 300 where contact_id = ${customer}`))).rejects.toThrow();
    await expect(inShop((tx) => tx.execute(sql`delete from loyalty_entries where contact_id = ${customer}`))).rejects.toThrow();
  });
});

describe('expiry, first in first out', () => {
  it('expires what lapsed less what was spent from the oldest points, once', async () => {
    const expiryShop = await createTenant(database);
    await updateLoyaltySettings(database, expiryShop.id, { ...programme, minRedeemPoints: 0 }, SETTINGS_EDITOR);
    const customer = await createLoyaltyContact(database, expiryShop.id, { name: 'Otieno Ouma' });
    const t = expiryShop.id;
    const run = <T>(work: (tx: TenantTx) => Promise<T>) => database.withTenant(t, work);
    const earn = (saleRef: string, amountMinor: number, at: string) =>
      run((tx) => earnPoints(tx, { tenantId: t, contactId: customer, saleRef, amountMinor, userId: null, occurredAt: new Date(at) }));
    const expireAt = (at: string) => run((tx) => expireLapsedPoints(tx, t, new Date(at)));

    await earn('A', 1_000_000, '2026-01-10T09:00:00Z'); // 100 points, lapse 2026-07-10
    await earn('B', 800_000, '2026-02-15T09:00:00Z'); //   80 points, lapse 2026-08-15
    await run((tx) => redeemPoints(tx, { tenantId: t, contactId: customer, points: 120, saleRef: 'C', userId: null }));
    await run((tx) => adjustPoints(tx, { tenantId: t, contactId: customer, points: 30, reason: 'Birthday', userId: null })); // never lapses
    await earn('D', 500_000, '2026-05-05T09:00:00Z'); //   50 points, lapse 2026-11-05
    expect(await run((tx) => loyaltyBalance(tx, customer))).toBe(140); // 100 + 80 − 120 + 30 + 50

    // 11 Jul: A's 100 lapsed, but the 120 redeemed took all of A first: nothing to expire.
    expect([...(await expireAt('2026-07-11T00:00:00Z')).values()]).toEqual([]);
    // 16 Aug: A and B lapsed (180) − 120 spent = 60 of B expire.
    expect(Object.fromEntries(await expireAt('2026-08-16T00:00:00Z'))).toEqual({ [customer]: 60 });
    expect(Object.fromEntries(await expireAt('2026-08-16T00:00:00Z'))).toEqual({});
    expect(await run((tx) => loyaltyBalance(tx, customer))).toBe(80);

    await run((tx) => adjustPoints(tx, { tenantId: t, contactId: customer, points: -10, reason: 'Correction', userId: null }));
    // 6 Nov: lapsed 230 − spent 130 − expired 60 = 40 of D; the +30 adjustment stays.
    expect(Object.fromEntries(await expireAt('2026-11-06T00:00:00Z'))).toEqual({ [customer]: 40 });
    expect(await expectInvariantsIn(t, customer)).toEqual({ balance: 30, sumOfEntries: 30, entries: 8 });
    const expiries = await database.withTenant(t, (tx) =>
      queryRows<{ points: number; occurred_at: Date | string }>(tx, sql`select points, occurred_at from loyalty_entries where kind = 'expire' order by occurred_at`),
    );
    expect(expiries.map((row) => [row.points, new Date(row.occurred_at).toISOString()])).toEqual([
      [-60, '2026-08-16T00:00:00.000Z'],
      [-40, '2026-11-06T00:00:00.000Z'],
    ]);
  });

  it('the daily job expires in shops with the programme on and an expiry, and leaves the others', async () => {
    const withExpiry = await createTenant(database);
    const neverExpires = await createTenant(database);
    const programmeOff = await createTenant(database);
    await updateLoyaltySettings(database, withExpiry.id, programme, SETTINGS_EDITOR);
    await updateLoyaltySettings(database, neverExpires.id, { ...programme, expiryMonths: 0 }, SETTINGS_EDITOR);
    await updateLoyaltySettings(database, programmeOff.id, programme, SETTINGS_EDITOR);
    const customers: Record<string, string> = {};
    for (const tenant of [withExpiry, neverExpires, programmeOff]) {
      customers[tenant.id] = await createLoyaltyContact(database, tenant.id);
      await database.withTenant(tenant.id, (tx) =>
        earnPoints(tx, { tenantId: tenant.id, contactId: customers[tenant.id]!, saleRef: 'OLD', amountMinor: 250_000, userId: null, occurredAt: new Date('2026-01-02T08:00:00Z') }),
      );
    }
    await updateLoyaltySettings(database, programmeOff.id, { ...programme, isEnabled: false }, SETTINGS_EDITOR);

    let now = new Date('2026-09-01T00:00:00Z');
    const queue = createJobQueue(database, [loyaltyExpiryJob(database, createLogger('error'))], { clock: () => now });
    await queue.registerRecurring();
    expect(await queue.runDue()).toEqual([expect.objectContaining({ name: 'loyalty.expire-points', ok: true })]);
    const balances = async () =>
      Promise.all([withExpiry, neverExpires, programmeOff].map((tenant) => loyaltyFigures(database, tenant.id, customers[tenant.id]!).then((f) => f.balance)));
    expect(await balances()).toEqual([0, 25, 25]);
    // Re-armed for the next day; running the expiry again changes nothing.
    now = new Date('2026-09-02T00:00:00Z');
    expect(await queue.runDue()).toHaveLength(1);
    expect(await expirePointsInAllShops(database, now)).toMatchObject({ customers: 0, points: 0 });
    expect(await balances()).toEqual([0, 25, 25]);
  });
});

async function expectInvariantsIn(tenantId: string, contactId: string) {
  const figures = await loyaltyFigures(database, tenantId, contactId);
  expect(figures.balance).toBe(figures.sumOfEntries);
  return figures;
}
