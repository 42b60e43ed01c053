import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import { createTestShop, type TestShop, type TestShopOptions } from '../../tests/support/catalog-shop';
import type { TestApp } from '../../tests/support/test-app';

// For the stock tests (not a test file itself): the shop of tests/support/catalog-shop.ts, which
// can also count its stock documents.

export interface StockShop extends TestShop {
  /** Counts of every stock document and movement row: "nothing written" compares two of these. */
  documentCounts(): Promise<DocumentCounts>;
}

export interface DocumentCounts {
  movements: number;
  adjustments: number;
  transfers: number;
  transfer_lines: number;
  stock_takes: number;
  stock_take_lines: number;
  locations: number;
  /** Σ on hand over every stock row, as numeric text. */
  on_hand: string;
}

export async function createStockShop(testApp: TestApp, options: TestShopOptions = {}): Promise<StockShop> {
  const shop = await createTestShop(testApp, options);
  return {
    ...shop,
    documentCounts: () =>
      testApp.database.withTenant(shop.tenant.id, async (tx) => {
        const [row] = await queryRows<DocumentCounts>(
          tx,
          sql`select (select count(*)::int from stock_movements) as movements, (select count(*)::int from stock_adjustments) as adjustments,
                     (select count(*)::int from stock_transfers) as transfers, (select count(*)::int from stock_transfer_lines) as transfer_lines,
                     (select count(*)::int from stock_takes) as stock_takes, (select count(*)::int from stock_take_lines) as stock_take_lines,
                     (select count(*)::int from locations) as locations, (select coalesce(sum(on_hand), 0)::text from stock_levels) as on_hand`,
        );
        return row!;
      }),
  };
}

/** A fresh Idempotency-Key. */
export const newKey = () => randomUUID();
