import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOpeningStock, createTestProduct, type TestProduct } from '../../tests/support/catalog-factories';
import { createUser } from '../../tests/support/factories';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';
import { notifications } from '../db/schema/notifications';
import { productVariants } from '../db/schema/products';
import { stockMovements } from '../db/schema/inventory';
import { HttpError } from '../http/errors';
import { createAdjustment } from './adjustments.service';
import type { DocumentAuthor } from './inventory-documents';
import { createStockShop, ledgerViolations, type StockShop } from './inventory-test-kit';
import { onHandAt, recordMovements } from './stock-ledger';
import { cancelStockTake, postStockTake, recordCount, startStockTake } from './stock-takes.service';
import { cancelTransfer, receiveTransfer, sendTransfer } from './transfers.service';

// The ledger's promises (docs/decisions/0010-stock-ledger.md), on PGlite (interleaved writers) and
// PostgreSQL (truly concurrent ones): on hand is the sum of movements, never below zero when the
// shop does not allow it, the ledger cannot be edited, costs average exactly, low stock notifies
// once per crossing.

let testApp: TestApp;
let shop: StockShop;

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createStockShop(testApp);
});
afterAll(() => testApp.close());

const onHand = (variantId: string, locationId: string, tenantId = shop.tenant.id) =>
  testApp.database.withTenant(tenantId, (tx) => onHandAt(tx, variantId, locationId));

/** A small deterministic generator (mulberry32), so a failing sequence can be replayed. */
function seededRandom(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const integer = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[integer(0, items.length - 1)]!;
  const some = <T>(items: readonly T[], most: number): T[] => [...items].sort(() => next() - 0.5).slice(0, integer(1, most));
  return { next, integer, pick, some };
}

describe('the ledger invariant', () => {
  it('keeps on hand = Σ movements = latest balance after several hundred operations by 8 concurrent writers', async () => {
    const tenantId = shop.tenant.id;
    const user = await createUser(testApp.database, testApp.deps.auth, { tenantId, role: 'manager' });
    const author: DocumentAuthor = { tenantId, userId: user.id, requestKey: null };
    const locationIds = [shop.defaultLocationId];
    for (const name of ['Invariant branch', 'Invariant store']) locationIds.push((await shop.call('POST', '/api/locations', { body: { name } })).json().id);
    const pieces = await createTestProduct(testApp.database, tenantId, { name: 'Invariant pieces', variants: [{}, {}, {}], reorderLevelMilli: 4000, unitName: 'Piece' });
    const loose = await createTestProduct(testApp.database, tenantId, { name: 'Invariant kilos', variants: [{}, {}], reorderLevelMilli: 2500, unitName: 'Kilogram' });
    const decimals = new Set(loose.variants.map((variant) => variant.id));
    const variantIds = [...pieces.variants, ...loose.variants].map((variant) => variant.id);
    const quantity = (random: ReturnType<typeof seededRandom>, variantId: string, maxUnits: number) =>
      decimals.has(variantId) ? random.integer(1, maxUnits * 1000) : random.integer(1, maxUnits) * 1000;

    const pendingTransfers: string[] = [];
    const done: Record<string, number> = { opening: 0, adjustment: 0, send: 0, receive: 0, cancel: 0, stockTake: 0, refused: 0 };

    // Refusals (not enough stock, already received…) are part of the sequence; anything else fails the test.
    const attempt = async (kind: string, operation: () => Promise<unknown>) => {
      try {
        await operation();
        done[kind]! += 1;
      } catch (error) {
        if (!(error instanceof HttpError && error.status === 409)) throw error;
        done.refused! += 1;
      }
    };

    const writer = async (seed: number, steps: number) => {
      const random = seededRandom(seed);
      for (let step = 0; step < steps; step += 1) {
        const roll = random.next();
        const locationId = random.pick(locationIds);
        if (roll < 0.18) {
          const variantId = random.pick(variantIds);
          await attempt('opening', () =>
            addOpeningStock(testApp.database, tenantId, { variantId, locationId, quantityMilli: quantity(random, variantId, 10), unitCostMinor: random.integer(50, 500) }),
          );
        } else if (roll < 0.45) {
          const lines = random.some(variantIds, 3).map((variantId) => ({
            variantId,
            quantityChangeMilli: (random.next() < 0.65 ? -1 : 1) * quantity(random, variantId, 5),
          }));
          await attempt('adjustment', () => createAdjustment(testApp.database, author, { locationId, reason: 'correction', note: null, lines }));
        } else if (roll < 0.65) {
          const toLocationId = random.pick(locationIds.filter((id) => id !== locationId));
          const lines = random.some(variantIds, 2).map((variantId) => ({ variantId, quantityMilli: quantity(random, variantId, 4) }));
          await attempt('send', async () => {
            const transfer = await sendTransfer(testApp.database, author, { fromLocationId: locationId, toLocationId, note: null, lines });
            pendingTransfers.push(transfer.id);
          });
        } else if (roll < 0.8) {
          if (pendingTransfers.length === 0) continue;
          const transferId = random.pick(pendingTransfers);
          await attempt('receive', () => receiveTransfer(testApp.database, author, transferId));
        } else if (roll < 0.87) {
          if (pendingTransfers.length === 0) continue;
          const transferId = random.pick(pendingTransfers);
          await attempt('cancel', () => cancelTransfer(testApp.database, author, transferId));
        } else {
          await attempt('stockTake', async () => {
            const take = await startStockTake(testApp.database, author, { locationId, note: null, isBlind: false });
            for (const variantId of random.some(variantIds, 3)) {
              await recordCount(testApp.database, author, take.id, { variantId, countedQuantityMilli: random.next() < 0.2 ? 0 : quantity(random, variantId, 12) });
            }
            await (random.next() < 0.8 ? postStockTake(testApp.database, author, take.id) : cancelStockTake(testApp.database, author, take.id));
          });
        }
      }
    };

    for (const variantId of variantIds) {
      await addOpeningStock(testApp.database, tenantId, { variantId, locationId: shop.defaultLocationId, quantityMilli: 20_000, unitCostMinor: 100 });
    }
    await writer(1, 80);
    await Promise.all([2, 3, 4, 5, 6, 7, 8, 9].map((seed) => writer(seed, 40)));

    const operations = Object.values(done).reduce((sum, count) => sum + count, 0);
    expect(operations).toBeGreaterThanOrEqual(300);
    for (const kind of ['opening', 'adjustment', 'send', 'receive', 'cancel', 'stockTake', 'refused']) expect(done[kind]).toBeGreaterThan(0);
    expect(await ledgerViolations(testApp.database, tenantId)).toEqual([]);
    const [negative] = await testApp.database.withTenant(tenantId, (tx) =>
      queryRows<{ count: number }>(tx, sql`select count(*)::int as count from stock_levels where on_hand < 0`),
    );
    expect(negative!.count).toBe(0);
    // Every transfer's movements match its state: out at the source, then in at one end or none.
    const [mismatched] = await testApp.database.withTenant(tenantId, (tx) =>
      queryRows<{ count: number }>(
        tx,
        sql`select count(*)::int as count from stock_transfers t
            where (select count(*) from stock_movements m where m.source_id = t.id and m.kind = 'transfer_out')
                  <> (select count(*) from stock_transfer_lines l where l.transfer_id = t.id)
               or (select count(*) from stock_movements m where m.source_id = t.id and m.kind = 'transfer_in')
                  <> case t.status when 'sent' then 0 else (select count(*) from stock_transfer_lines l where l.transfer_id = t.id) end`,
      ),
    );
    expect(mismatched!.count).toBe(0);
  }, 180_000);
});

describe('no negative stock under concurrency', () => {
  it('lets exactly 3 of 8 concurrent adjustments take 3 from 10', async () => {
    const product = await createTestProduct(testApp.database, shop.tenant.id, { name: 'Scarce soap' });
    await addOpeningStock(testApp.database, shop.tenant.id, { variantId: product.variantId, locationId: shop.defaultLocationId, quantityMilli: 10_000 });
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        shop.call('POST', '/api/inventory/adjustments', {
          as: 'manager',
          body: { locationId: shop.defaultLocationId, reason: 'theft', lines: [{ variantId: product.variantId, quantityChangeMilli: -3000 }] },
        }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
    expect(await onHand(product.variantId, shop.defaultLocationId)).toBe(1000);
    expect(await ledgerViolations(testApp.database, shop.tenant.id)).toEqual([]);
  });

  it('moves several items in one go, or none of them when one is short, naming it and what is on hand', async () => {
    const tenantId = shop.tenant.id;
    const [rice, beans, salt] = await Promise.all(
      ['Batch rice', 'Batch beans', 'Batch salt'].map((name) => createTestProduct(testApp.database, tenantId, { name })),
    );
    for (const product of [rice!, beans!]) {
      await addOpeningStock(testApp.database, tenantId, { variantId: product.variantId, locationId: shop.defaultLocationId, quantityMilli: 5000 });
    }
    const adjust = (lines: { variantId: string; quantityChangeMilli: number }[]) =>
      shop.call('POST', '/api/inventory/adjustments', { as: 'manager', body: { locationId: shop.defaultLocationId, reason: 'correction', lines } });

    // Salt has never been stocked here: no stock row yet, so it takes the one-by-one path.
    const short = await adjust([
      { variantId: rice!.variantId, quantityChangeMilli: -2000 },
      { variantId: beans!.variantId, quantityChangeMilli: -6000 },
      { variantId: salt!.variantId, quantityChangeMilli: 1000 },
    ]);
    expect(short.status).toBe(409);
    expect(short.json().error.message).toBe('Not enough stock of Batch beans at Main shop: 5 on hand');
    expect(await onHand(rice!.variantId, shop.defaultLocationId)).toBe(5000);
    expect(await onHand(salt!.variantId, shop.defaultLocationId)).toBe(0);

    const moved = await adjust([
      { variantId: rice!.variantId, quantityChangeMilli: -2000 },
      { variantId: beans!.variantId, quantityChangeMilli: -5000 },
      { variantId: salt!.variantId, quantityChangeMilli: 1000 },
    ]);
    expect(moved.status).toBe(201);
    expect(await onHand(rice!.variantId, shop.defaultLocationId)).toBe(3000);
    expect(await onHand(beans!.variantId, shop.defaultLocationId)).toBe(0);
    expect(await onHand(salt!.variantId, shop.defaultLocationId)).toBe(1000);
    expect(await ledgerViolations(testApp.database, tenantId)).toEqual([]);
  });

  it('lets exactly 3 of 8 concurrent transfers send 3 of 10', async () => {
    const product = await createTestProduct(testApp.database, shop.tenant.id, { name: 'Scarce oil' });
    const branchId = (await shop.call('POST', '/api/locations', { body: { name: 'Concurrency branch' } })).json().id;
    await addOpeningStock(testApp.database, shop.tenant.id, { variantId: product.variantId, locationId: shop.defaultLocationId, quantityMilli: 10_000 });
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        shop.call('POST', '/api/inventory/transfers', {
          as: 'manager',
          body: { fromLocationId: shop.defaultLocationId, toLocationId: branchId, lines: [{ variantId: product.variantId, quantityMilli: 3000 }] },
        }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
    expect(await onHand(product.variantId, shop.defaultLocationId)).toBe(1000);
  });
});

describe('the append-only ledger', () => {
  it('refuses UPDATE and DELETE of movements to the application role', async () => {
    const product = await createTestProduct(testApp.database, shop.tenant.id);
    const movement = await addOpeningStock(testApp.database, shop.tenant.id, { variantId: product.variantId, locationId: shop.defaultLocationId, quantityMilli: 1000 });
    const failure = (work: () => Promise<unknown>) =>
      work().then(
        () => 'succeeded',
        (error: { message?: string; cause?: { message?: string } }) => error.cause?.message ?? error.message ?? String(error),
      );
    const update = await failure(() =>
      testApp.database.withTenant(shop.tenant.id, (tx) => tx.update(stockMovements).set({ quantity: 5000 }).where(eq(stockMovements.id, movement.id))),
    );
    const remove = await failure(() => testApp.database.withTenant(shop.tenant.id, (tx) => tx.delete(stockMovements).where(eq(stockMovements.id, movement.id))));
    expect(update).toMatch(/permission denied/);
    expect(remove).toMatch(/permission denied/);
    const [kept] = await testApp.database.withTenant(shop.tenant.id, (tx) =>
      tx.select({ quantity: stockMovements.quantity }).from(stockMovements).where(eq(stockMovements.id, movement.id)),
    );
    expect(kept!.quantity).toBe(1000);
  });
});

describe('weighted average cost and valuation', () => {
  it('averages costed receipts across locations exactly as by hand and values stock once-rounded', async () => {
    const valued = await createStockShop(testApp);
    const tenantId = valued.tenant.id;
    const branchId = (await valued.call('POST', '/api/locations', { body: { name: 'Valuation branch' } })).json().id;
    const soda = await createTestProduct(testApp.database, tenantId, { name: 'Soda' });
    const rice = await createTestProduct(testApp.database, tenantId, { name: 'Rice', unitName: 'Kilogram' });
    const flour = await createTestProduct(testApp.database, tenantId, { name: 'Flour', unitName: 'Kilogram' });
    const averageCost = async (product: TestProduct) =>
      (await testApp.database.withTenant(tenantId, (tx) => tx.select({ cost: productVariants.averageCostMinor }).from(productVariants).where(eq(productVariants.id, product.variantId))))[0]!.cost;

    await addOpeningStock(testApp.database, tenantId, { variantId: soda.variantId, locationId: valued.defaultLocationId, quantityMilli: 10_000, unitCostMinor: 100 });
    expect(await averageCost(soda)).toBe(100);
    // (10 × 100 + 5 × 130) / 15 = 110
    await addOpeningStock(testApp.database, tenantId, { variantId: soda.variantId, locationId: valued.defaultLocationId, quantityMilli: 5000, unitCostMinor: 130 });
    expect(await averageCost(soda)).toBe(110);
    // Goods leaving do not move the average; their movement carries it.
    const out = await valued.call('POST', '/api/inventory/adjustments', {
      body: { locationId: valued.defaultLocationId, reason: 'damage', lines: [{ variantId: soda.variantId, quantityChangeMilli: -3000 }] },
    });
    expect(out.status).toBe(201);
    expect(await averageCost(soda)).toBe(110);
    const movements = (await valued.call('GET', `/api/inventory/movements?variantId=${soda.variantId}&kind=adjustment`)).json();
    expect(movements.items[0].unitCostMinor).toBe(110);
    // At another location, over all 12 on hand: (12 × 110 + 4 × 97) / 16 = 106.75 → 107
    await addOpeningStock(testApp.database, tenantId, { variantId: soda.variantId, locationId: branchId, quantityMilli: 4000, unitCostMinor: 97 });
    expect(await averageCost(soda)).toBe(107);

    await addOpeningStock(testApp.database, tenantId, { variantId: rice.variantId, locationId: valued.defaultLocationId, quantityMilli: 2500, unitCostMinor: 333 });
    await addOpeningStock(testApp.database, tenantId, { variantId: flour.variantId, locationId: branchId, quantityMilli: 1500, unitCostMinor: 111 });
    // 16 × 107 + 2.5 × 333 + 1.5 × 111 = 1712 + 832.5 + 166.5 = 2711 (rounding each line would say 2712)
    const summary = (await valued.call('GET', '/api/inventory/summary', { as: 'manager' })).json();
    expect(summary).toEqual({ valuationMinor: 2711, productCount: 3, lowStockCount: 0, outOfStockCount: 0 });
    // At the branch: 4 × 107 + 1.5 × 111 = 428 + 166.5 = 594.5 → 595; rice has none there.
    const atBranch = (await valued.call('GET', `/api/inventory/summary?locationId=${branchId}`, { as: 'manager' })).json();
    expect(atBranch).toEqual({ valuationMinor: 595, productCount: 3, lowStockCount: 0, outOfStockCount: 1 });
  });
  it('takes goods returned to their supplier out of the average at what they came in at', async () => {
    const returning = await createStockShop(testApp);
    const tenantId = returning.tenant.id;
    const locationId = returning.defaultLocationId;
    const tea = await createTestProduct(testApp.database, tenantId, { name: 'Tea leaves 250 g' });
    const averageCost = async () =>
      (await testApp.database.withTenant(tenantId, (tx) => tx.select({ cost: productVariants.averageCostMinor }).from(productVariants).where(eq(productVariants.id, tea.variantId))))[0]!.cost;
    const returnToSupplier = (quantityMilli: number, unitCostMinor: number) =>
      testApp.database.withTenant(tenantId, (tx) =>
        recordMovements(tx, { tenantId, userId: null, allowNegative: false }, [
          { variantId: tea.variantId, locationId, kind: 'supplier_return', quantityMilli: -quantityMilli, unitCostMinor, sourceType: 'supplier_return', sourceId: null },
        ]),
      );

    await addOpeningStock(testApp.database, tenantId, { variantId: tea.variantId, locationId, quantityMilli: 10_000, unitCostMinor: 100 });
    // (10 × 100 + 5 × 160) / 15 = 1800 / 15 = 120
    await addOpeningStock(testApp.database, tenantId, { variantId: tea.variantId, locationId, quantityMilli: 5000, unitCostMinor: 160 });
    expect(await averageCost()).toBe(120);
    // Two of the 160 ones go back: (15 × 120 − 2 × 160) / 13 = 1480 / 13 = 113.85 → 114
    await returnToSupplier(2000, 160);
    expect(await averageCost()).toBe(114);
    const [movement] = await testApp.database.withTenant(tenantId, (tx) =>
      tx.select({ cost: stockMovements.unitCostMinor, quantity: stockMovements.quantity }).from(stockMovements).where(eq(stockMovements.kind, 'supplier_return')),
    );
    expect(movement).toEqual({ cost: 160, quantity: -2000 });
    // Never below 0: (13 × 114 − 12 × 200) / 1 = 1482 − 2400 < 0 → 0
    await returnToSupplier(12_000, 200);
    expect(await averageCost()).toBe(0);
    // Nothing left to carry an average: it stays as it was.
    await addOpeningStock(testApp.database, tenantId, { variantId: tea.variantId, locationId, quantityMilli: 1000, unitCostMinor: 90 });
    // (1 × 0 + 1 × 90) / 2 = 45
    expect(await averageCost()).toBe(45);
    await returnToSupplier(2000, 90);
    expect(await averageCost()).toBe(45);
    expect(await onHand(tea.variantId, locationId, tenantId)).toBe(0);
  });
});

describe('low stock', () => {
  it('notifies once per downward crossing of the reorder level and lists the item while it is low', async () => {
    const tenantId = shop.tenant.id;
    const product = await createTestProduct(testApp.database, tenantId, { name: 'Milk 500 ml', reorderLevelMilli: 5000 });
    await addOpeningStock(testApp.database, tenantId, { variantId: product.variantId, locationId: shop.defaultLocationId, quantityMilli: 10_000 });
    const adjust = async (quantityChangeMilli: number) => {
      const response = await shop.call('POST', '/api/inventory/adjustments', {
        as: 'manager',
        body: { locationId: shop.defaultLocationId, reason: 'correction', lines: [{ variantId: product.variantId, quantityChangeMilli }] },
      });
      expect(response.status).toBe(201);
    };
    const milkNotifications = () =>
      testApp.database.withTenant(tenantId, async (tx) =>
        (await tx.select({ title: notifications.title, link: notifications.link, permission: notifications.permission }).from(notifications).where(eq(notifications.kind, 'low_stock'))).filter(
          (row) => row.title === 'Low stock: Milk 500 ml',
        ),
      );
    const lowStockIds = async () =>
      (await shop.call('GET', `/api/inventory/low-stock?locationId=${shop.defaultLocationId}`, { as: 'manager' })).json().items.map((item: { variantId: string }) => item.variantId);

    await adjust(-4000);
    expect(await milkNotifications()).toHaveLength(0);
    await adjust(-1000);
    expect(await milkNotifications()).toEqual([{ title: 'Low stock: Milk 500 ml', link: '/admin/products/low-stock', permission: 'inventory.manage' }]);
    expect(await lowStockIds()).toContain(product.variantId);
    await adjust(-1000);
    expect(await milkNotifications()).toHaveLength(1);
    await adjust(5000);
    expect(await lowStockIds()).not.toContain(product.variantId);
    await adjust(-5000);
    expect(await milkNotifications()).toHaveLength(2);
    const [item] = (await shop.call('GET', '/api/inventory/low-stock', { as: 'manager' })).json().items.filter((row: { variantId: string }) => row.variantId === product.variantId);
    expect(item).toMatchObject({ productName: 'Milk 500 ml', locationName: 'Main shop', onHandMilli: 4000, reorderLevelMilli: 5000 });
  });
});
