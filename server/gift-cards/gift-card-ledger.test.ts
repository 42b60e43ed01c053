import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../tests/support/factories';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';
import { issueGiftCard, redeemGiftCard, refundToGiftCard, voidGiftCard } from './gift-card-ledger';

// The gift card ledger's promises (server/gift-cards/gift-card-ledger.ts), as the register will
// call it inside its own transactions: a card's balance is the sum of its entries and never
// negative; concurrent redemptions cannot overspend; a retried sale or return applies once; the
// entries cannot be edited.

let testApp: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  testApp = await createTestApp();
  tenant = await createTenant(testApp.database, { subdomain: `ledger-${randomUUID().slice(0, 8)}` });
});
afterAll(() => testApp.close());

const inShop = <T,>(work: Parameters<typeof testApp.database.withTenant<T>>[1]) => testApp.database.withTenant(tenant.id, work);

async function newCard(amountMinor: number, expiresOn: string | null = null) {
  return inShop((tx) => issueGiftCard(tx, { tenantId: tenant.id, amountMinor, expiresOn, userId: null }));
}

const redeem = (code: string, amountMinor: number, saleRef = `sale-${randomUUID()}`) =>
  inShop((tx) => redeemGiftCard(tx, { tenantId: tenant.id, code, amountMinor, saleRef, userId: null }));

/** Cards whose balance is not the sum of their entries, or whose entries' running balances do not add up. */
async function ledgerViolations(): Promise<unknown[]> {
  return inShop((tx) =>
    queryRows(
      tx,
      sql`select c.id, c.balance_minor, sum(e.amount_minor) as total
          from gift_cards c join gift_card_entries e on e.gift_card_id = c.id
          group by c.id, c.balance_minor
          having c.balance_minor <> sum(e.amount_minor) or c.balance_minor < 0
          union all
          select e.gift_card_id, e.balance_after_minor, sum(e.amount_minor) over (partition by e.gift_card_id order by e.occurred_at, e.id)
          from gift_card_entries e
          where e.balance_after_minor < 0`,
    ),
  );
}

async function runningBalancesAddUp(cardId: string): Promise<boolean> {
  const rows = await inShop((tx) =>
    queryRows<{ amount_minor: string; balance_after_minor: string }>(
      tx,
      sql`select amount_minor, balance_after_minor from gift_card_entries where gift_card_id = ${cardId} order by occurred_at, id`,
    ),
  );
  let running = 0;
  for (const row of rows) {
    running += Number(row.amount_minor);
    if (running !== Number(row.balance_after_minor)) return false;
  }
  return true;
}

describe('gift card ledger', () => {
  it('keeps balance = Σ entries through issue, redemptions, a refund and a void (figures worked by hand)', async () => {
    const { card, code } = await newCard(100_000);
    expect((await redeem(code, 30_000)).card.balanceMinor).toBe(70_000);
    expect((await redeem(code, 45_050)).card.balanceMinor).toBe(24_950);
    const refunded = await inShop((tx) =>
      refundToGiftCard(tx, { tenantId: tenant.id, giftCardId: card.id, amountMinor: 5_050, returnRef: `return-${randomUUID()}`, userId: null }),
    );
    expect(refunded.card.balanceMinor).toBe(30_000);
    const voided = await inShop((tx) => voidGiftCard(tx, { tenantId: tenant.id, giftCardId: card.id, reason: 'Lost', userId: null }));
    expect(voided.entry).toMatchObject({ kind: 'void', amountMinor: -30_000, balanceAfterMinor: 0 });
    expect(await runningBalancesAddUp(card.id)).toBe(true);
    expect(await ledgerViolations()).toEqual([]);
  });

  it('refuses more than the balance, and more back than was spent, writing nothing', async () => {
    const { card, code } = await newCard(5_000);
    await expect(redeem(code, 5_001)).rejects.toMatchObject({ status: 409, fields: { amountMinor: ['More than the card holds'] } });
    await redeem(code, 2_000);
    const refund = (amountMinor: number) =>
      inShop((tx) => refundToGiftCard(tx, { tenantId: tenant.id, giftCardId: card.id, amountMinor, returnRef: `return-${randomUUID()}`, userId: null }));
    await expect(refund(2_001)).rejects.toMatchObject({ status: 409 });
    await expect(redeem(code, 0)).rejects.toMatchObject({ status: 400 });
    await expect(redeem(code, 10.5)).rejects.toMatchObject({ status: 400 });
    await expect(redeem(code, -100)).rejects.toMatchObject({ status: 400 });
    const [row] = await inShop((tx) =>
      queryRows<{ balance: string; entries: number }>(
        tx,
        sql`select c.balance_minor as balance, (select count(*)::int from gift_card_entries e where e.gift_card_id = c.id) as entries from gift_cards c where c.id = ${card.id}`,
      ),
    );
    expect({ balance: Number(row!.balance), entries: row!.entries }).toEqual({ balance: 3_000, entries: 2 });
  });

  it('lets concurrent redemptions of one card spend at most its balance (8 × 300 against 1,000: exactly 3 succeed)', async () => {
    const { card, code } = await newCard(1_000);
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => redeem(code, 300)));
    const succeeded = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(succeeded).toHaveLength(3);
    expect(refused).toHaveLength(5);
    for (const failure of refused) expect(failure.reason).toMatchObject({ status: 409 });
    const [row] = await inShop((tx) => queryRows<{ balance: string }>(tx, sql`select balance_minor as balance from gift_cards where id = ${card.id}`));
    expect(Number(row!.balance)).toBe(100);
    expect(await runningBalancesAddUp(card.id)).toBe(true);
    expect(await ledgerViolations()).toEqual([]);
  });

  it('two simultaneous redemptions of the whole balance: one wins, the other is refused', async () => {
    const { code } = await newCard(2_500);
    const results = await Promise.allSettled([redeem(code, 2_500), redeem(code, 2_500)]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('redeems once per sale: a retried sale (even concurrent) gets its first redemption back', async () => {
    const { card, code } = await newCard(10_000);
    const saleRef = `sale-${randomUUID()}`;
    const [first, second] = await Promise.all([redeem(code, 4_000, saleRef), redeem(code, 4_000, saleRef)]);
    expect(first.entry.id).toBe(second.entry.id);
    expect([first.replayed, second.replayed].sort()).toEqual([false, true]);
    const third = await redeem(code, 4_000, saleRef);
    expect(third).toMatchObject({ replayed: true, entry: { id: first.entry.id } });
    await expect(redeem(code, 1_000, saleRef)).rejects.toMatchObject({ status: 409 });
    const [row] = await inShop((tx) => queryRows<{ balance: string }>(tx, sql`select balance_minor as balance from gift_cards where id = ${card.id}`));
    expect(Number(row!.balance)).toBe(6_000);
  });

  it('refunds once per return', async () => {
    const { card, code } = await newCard(8_000);
    await redeem(code, 8_000);
    const returnRef = `return-${randomUUID()}`;
    const refund = () => inShop((tx) => refundToGiftCard(tx, { tenantId: tenant.id, giftCardId: card.id, amountMinor: 3_000, returnRef, userId: null }));
    const first = await refund();
    const again = await refund();
    expect(again).toMatchObject({ replayed: true, entry: { id: first.entry.id } });
    expect(again.card.balanceMinor).toBe(3_000);
  });

  it('refuses an expired card (yesterday in the shop) and accepts one expiring today', async () => {
    const yesterday = new Date(Date.now() + 3 * 3600_000 - 86_400_000).toISOString().slice(0, 10);
    const today = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
    // Issued valid, then moved to its last days directly (issuing refuses a past date).
    const expired = await newCard(1_000, null);
    const lastDay = await newCard(1_000, null);
    await inShop(async (tx) => {
      await tx.execute(sql`update gift_cards set expires_on = ${yesterday} where id = ${expired.card.id}`);
      await tx.execute(sql`update gift_cards set expires_on = ${today} where id = ${lastDay.card.id}`);
    });
    await expect(redeem(expired.code, 100)).rejects.toMatchObject({ status: 409, message: 'This gift card has expired and cannot be used' });
    expect((await redeem(lastDay.code, 100)).card.balanceMinor).toBe(900);
  });

  it('answers 404 for a code that opens no card and 400 for one that cannot exist', async () => {
    await expect(redeem('ABCD-EFGH-JKMN-PQRS', 100)).rejects.toMatchObject({ status: 404 });
    await expect(redeem('ABCD-EFGH-JKMN-PQR1', 100)).rejects.toMatchObject({ status: 400 });
  });

  it('cannot edit or delete entries (append-only)', async () => {
    const { card } = await newCard(1_000);
    await expect(inShop((tx) => tx.execute(sql`update gift_card_entries set amount_minor = 5 where gift_card_id = ${card.id}`))).rejects.toThrow();
    await expect(inShop((tx) => tx.execute(sql`delete from gift_card_entries where gift_card_id = ${card.id}`))).rejects.toThrow();
  });
});
