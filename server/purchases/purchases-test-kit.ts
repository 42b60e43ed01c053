import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { GoodsReceiptInput } from '../../core/purchases/purchases.schemas';
import { createTestShop, type ShopRole, type TestShop } from '../../tests/support/catalog-shop';
import type { TestApp } from '../../tests/support/test-app';
import { createTestContact } from '../accounts/accounts-test-kit';
import { queryRows } from '../db/client';
import { products, productVariants, units } from '../db/schema/products';
import { businessSettings } from '../db/schema/settings';

// For the purchases tests (not a test file itself): a shop with a supplier, a crate unit, receipts
// made over HTTP, a shift to pay cash from, and counts of every purchase row for "nothing written".

export interface PurchaseShop extends TestShop {
  supplierId: string;
  /** "Crate of 24" pieces: a pack unit of the tenant's Piece. */
  crateUnitId: string;
  addSupplier(options?: { name?: string; termsDays?: number }): Promise<string>;
  receive(input: Partial<GoodsReceiptInput> & Pick<GoodsReceiptInput, 'lines'>, options?: { as?: ShopRole; key?: string }): ReturnType<TestShop['call']>;
  averageCost(variantId: string): Promise<number>;
  /** The open shift of the shop's register (opened by `as` when none is). */
  openShift(as?: ShopRole): Promise<string>;
  expectedCash(shiftId: string): Promise<number>;
  setting(values: Partial<{ cashiersRecordCashPurchases: boolean; kraPin: string | null; allowNegativeStock: boolean }>): Promise<void>;
  /** Rows of every purchase table and the ledgers they post to. */
  counts(): Promise<Record<string, number | string>>;
}

export async function createPurchaseShop(testApp: TestApp): Promise<PurchaseShop> {
  const shop = await createTestShop(testApp);
  const tenantId = shop.tenant.id;
  const addSupplier = (options: { name?: string; termsDays?: number } = {}) =>
    createTestContact(testApp.database, tenantId, { type: 'supplier', name: options.name ?? `Supplier ${randomUUID().slice(0, 6)}`, supplierTermsDays: options.termsDays ?? 30 });
  const crateUnitId = await testApp.database.withTenant(tenantId, async (tx) => {
    const [piece] = await tx.select({ id: units.id }).from(units).where(eq(units.name, 'Piece'));
    const [crate] = await tx
      .insert(units)
      .values({ tenantId, name: 'Crate of 24', shortName: 'crate', baseUnitId: piece!.id, baseQuantity: 24_000 })
      .returning({ id: units.id });
    return crate!.id;
  });
  const supplierId = await addSupplier({ name: 'Mombasa Distributors' });
  return {
    ...shop,
    supplierId,
    crateUnitId,
    addSupplier,
    receive: (input, options = {}) =>
      shop.call('POST', '/api/goods-receipts', {
        as: options.as ?? 'manager',
        idempotencyKey: options.key,
        body: { supplierId, locationId: shop.defaultLocationId, payment: { mode: 'on_account' }, ...input },
      }),
    averageCost: async (variantId) =>
      (await testApp.database.withTenant(tenantId, (tx) => tx.select({ cost: productVariants.averageCostMinor }).from(productVariants).where(eq(productVariants.id, variantId))))[0]!.cost,
    openShift: async (as = 'cashier') => {
      const registerId = (await shop.call('GET', '/api/registers', { as })).json<{ items: { id: string }[] }>().items[0]!.id;
      const current = await shop.call('GET', `/api/shifts/current?registerId=${registerId}`, { as });
      if (current.status === 200) return current.json<{ id: string }>().id;
      const opened = await shop.call('POST', '/api/shifts', { as, body: { registerId, openingFloatMinor: 500_000 }, idempotencyKey: randomUUID() });
      expect(opened.status).toBe(201);
      return opened.json<{ id: string }>().id;
    },
    expectedCash: async (shiftId) => (await shop.call('GET', `/api/shifts/${shiftId}/report`, { as: 'manager' })).json<{ expectedCashMinor: number }>().expectedCashMinor,
    setting: async (values) => {
      await testApp.database.withTenant(tenantId, (tx) => tx.update(businessSettings).set(values));
    },
    counts: () =>
      testApp.database.withTenant(tenantId, async (tx) => {
        const [row] = await queryRows<Record<string, number | string>>(
          tx,
          sql`select (select count(*)::int from goods_receipts) as receipts, (select count(*)::int from goods_receipt_lines) as receipt_lines,
                     (select count(*)::int from supplier_bills) as bills, (select count(*)::int from supplier_returns) as returns,
                     (select count(*)::int from supplier_return_lines) as return_lines, (select count(*)::int from account_entries) as entries,
                     (select count(*)::int from account_allocations) as allocations, (select count(*)::int from stock_movements) as movements,
                     (select count(*)::int from shift_cash_movements) as cash_movements, (select count(*)::int from document_counters) as counters,
                     (select coalesce(sum(on_hand), 0)::text from stock_levels) as on_hand,
                     (select coalesce(sum(received_quantity), 0)::text from purchase_order_lines) as ordered_received,
                     (select coalesce(sum(returned_quantity), 0)::text from goods_receipt_lines) as returned`,
        );
        return row!;
      }),
  };
}

/** Marks a product as tracking batches (advanced inventory). */
export async function trackBatches(testApp: TestApp, tenantId: string, productId: string) {
  await testApp.database.withTenant(tenantId, (tx) => tx.update(products).set({ tracksBatches: true }).where(and(eq(products.tenantId, tenantId), eq(products.id, productId))));
}
