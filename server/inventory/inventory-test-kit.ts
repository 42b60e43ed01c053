import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';
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
  transfer_receipts: number;
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
                     (select count(*)::int from stock_transfer_receipts) as transfer_receipts,
                     (select count(*)::int from stock_takes) as stock_takes, (select count(*)::int from stock_take_lines) as stock_take_lines,
                     (select count(*)::int from locations) as locations, (select coalesce(sum(on_hand), 0)::text from stock_levels) as on_hand`,
        );
        return row!;
      }),
  };
}

/** A fresh Idempotency-Key. */
export const newKey = () => randomUUID();

export interface LedgerViolation {
  variant_id: string;
  location_id: string;
  on_hand: string;
  movement_sum: string | null;
  latest_balance: string | null;
}

/** Every (variant, location) whose on hand differs from its movements' sum or its latest balance. */
export async function ledgerViolations(database: Database, tenantId: string): Promise<LedgerViolation[]> {
  return database.withTenant(tenantId, (tx) =>
    queryRows<LedgerViolation>(
      tx,
      sql`select s.variant_id, s.location_id, s.on_hand::text, m.total::text as movement_sum, latest.balance_after::text as latest_balance
          from stock_levels s
          left join lateral (select sum(quantity) as total from stock_movements where variant_id = s.variant_id and location_id = s.location_id) m on true
          left join lateral (
            select balance_after from stock_movements where variant_id = s.variant_id and location_id = s.location_id
            order by created_at desc, id desc limit 1
          ) latest on true
          where s.on_hand <> coalesce(m.total, 0) or (latest.balance_after is not null and latest.balance_after <> s.on_hand)
          union all
          select m.variant_id, m.location_id, 'no stock row', sum(m.quantity)::text, null
          from stock_movements m
          where not exists (select 1 from stock_levels s where s.variant_id = m.variant_id and s.location_id = m.location_id)
          group by m.variant_id, m.location_id`,
    ),
  );
}
