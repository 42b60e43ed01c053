import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { addOpeningStock, createTestProduct, type TestProductOptions } from '../../tests/support/catalog-factories';
import { createTestShop, type TestShop, type TestShopOptions } from '../../tests/support/catalog-shop';
import type { TestApp } from '../../tests/support/test-app';
import { queryRows, type Database } from '../db/client';

// For the register and sales tests (not a test file itself): a shop with its register at its default
// location, a shift open on it (made straight in the database: the shift API is tested on its
// own), products with stock, and a checkout body that adds up.

export interface SalesShop extends TestShop {
  registerId: string;
  shiftId: string;
}

/** The shop's own register (Till 1, prefix T1, made with the shop) with an open shift (float KES 1,000) by the cashier. */
export async function createSalesShop(testApp: TestApp, options: TestShopOptions = {}): Promise<SalesShop> {
  const shop = await createTestShop(testApp, options);
  const tenantId = shop.tenant.id;
  const { registerId, shiftId } = await testApp.database.withTenant(tenantId, async (tx) => {
    const [register] = await queryRows<{ id: string }>(tx, sql`select id from registers where receipt_prefix = 'T1'`);
    const [shift] = await queryRows<{ id: string }>(
      tx,
      sql`insert into shifts (tenant_id, register_id, location_id, opened_by, opening_float_minor)
          values (${tenantId}, ${register!.id}, ${shop.defaultLocationId}, ${shop.users.cashier.id}, 100000) returning id`,
    );
    return { registerId: register!.id, shiftId: shift!.id };
  });
  return { ...shop, registerId, shiftId };
}

/** Another register at the location (prefix unique in the shop: T1 is the shop's own), optionally with an open shift. */
export async function addRegisterWithShift(
  database: Database,
  shop: TestShop,
  options: { prefix: string; locationId?: string; openShift?: boolean; openedBy?: 'owner' | 'manager' | 'cashier' },
): Promise<{ registerId: string; shiftId: string }> {
  const tenantId = shop.tenant.id;
  const locationId = options.locationId ?? shop.defaultLocationId;
  return database.withTenant(tenantId, async (tx) => {
    const [register] = await queryRows<{ id: string }>(
      tx,
      sql`insert into registers (tenant_id, location_id, name, receipt_prefix)
          values (${tenantId}, ${locationId}, ${`Till ${options.prefix}`}, ${options.prefix}) returning id`,
    );
    if (options.openShift === false) return { registerId: register!.id, shiftId: '' };
    const [shift] = await queryRows<{ id: string }>(
      tx,
      sql`insert into shifts (tenant_id, register_id, location_id, opened_by, opening_float_minor)
          values (${tenantId}, ${register!.id}, ${locationId}, ${shop.users[options.openedBy ?? 'cashier'].id}, 100000) returning id`,
    );
    return { registerId: register!.id, shiftId: shift!.id };
  });
}

export interface StockedProduct {
  variantId: string;
  productId: string;
  name: string;
  sku: string;
  priceMinor: number;
}

/** A simple product at `priceMinor` with `onHandMilli` in stock at the shop's default location. */
export async function addStockedProduct(
  database: Database,
  shop: TestShop,
  options: { priceMinor?: number; onHandMilli?: number; name?: string } & Omit<TestProductOptions, 'variants' | 'name'> = {},
): Promise<StockedProduct> {
  const priceMinor = options.priceMinor ?? 10_000;
  const product = await createTestProduct(database, shop.tenant.id, { ...options, variants: [{ sellingPriceMinor: priceMinor }] });
  if ((options.onHandMilli ?? 100_000) > 0 && options.trackStock !== false) {
    await addOpeningStock(database, shop.tenant.id, {
      variantId: product.variantId,
      locationId: shop.defaultLocationId,
      quantityMilli: options.onHandMilli ?? 100_000,
      unitCostMinor: Math.floor(priceMinor * 0.6),
    });
  }
  return { variantId: product.variantId, productId: product.id, name: product.name, sku: product.variants[0]!.sku, priceMinor };
}

/**
 * A checkout body for whole-unit lines at catalog prices (no discounts, VAT-inclusive), paid in
 * cash unless payments are given. Pass `id` to retry the same sale.
 */
export function checkoutBody(
  shop: SalesShop,
  lines: { product: StockedProduct; quantityMilli?: number }[],
  extra: { id?: string; payments?: unknown[]; customerId?: string | null; fromOutbox?: boolean; approvalIds?: string[] } = {},
) {
  const totalMinor = lines.reduce((sum, line) => sum + Math.round((line.product.priceMinor * (line.quantityMilli ?? 1000)) / 1000), 0);
  return {
    id: extra.id ?? randomUUID(),
    registerId: shop.registerId,
    shiftId: shop.shiftId,
    customerId: extra.customerId ?? null,
    lines: lines.map((line) => ({ variantId: line.product.variantId, quantityMilli: line.quantityMilli ?? 1000 })),
    payments: extra.payments ?? [{ tender: 'cash', amountMinor: totalMinor, tenderedMinor: totalMinor }],
    approvalIds: extra.approvalIds ?? [],
    expectedTotalMinor: totalMinor,
    ringUpAt: new Date().toISOString(),
    fromOutbox: extra.fromOutbox ?? false,
  };
}

/** Rows written for the sale documents of a shop: for "nothing written" and "exactly once" checks. */
export async function salesCounts(database: Database, tenantId: string) {
  return database.withTenant(tenantId, async (tx) => {
    const [row] = await queryRows<{
      sales: number;
      lines: number;
      payments: number;
      movements: number;
      account_entries: number;
      loyalty_entries: number;
      gift_card_entries: number;
      mpesa_codes: number;
      returns: number;
    }>(
      tx,
      sql`select (select count(*)::int from sales) as sales,
                 (select count(*)::int from sale_lines) as lines,
                 (select count(*)::int from sale_payments) as payments,
                 (select count(*)::int from stock_movements where source_type <> 'opening' and kind <> 'opening') as movements,
                 (select count(*)::int from account_entries) as account_entries,
                 (select count(*)::int from loyalty_entries) as loyalty_entries,
                 (select count(*)::int from gift_card_entries) as gift_card_entries,
                 (select count(*)::int from mpesa_codes) as mpesa_codes,
                 (select count(*)::int from sale_returns) as returns`,
    );
    return row!;
  });
}
