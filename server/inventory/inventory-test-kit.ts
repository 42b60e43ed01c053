import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import { createTenant, createUser, subscribeToPlan, TEST_PASSWORD, type TestTenant } from '../../tests/support/factories';
import { defaultLocationId } from '../../tests/support/catalog-factories';
import { signInAs, type TestApp, type TestResponse } from '../../tests/support/test-app';

// For the stock tests (not a test file itself): a shop with an owner, a manager and a cashier signed
// in over HTTP, and one way to call the API as each of them.

export type ShopRole = 'owner' | 'manager' | 'cashier';

export interface StockShop {
  tenant: TestTenant;
  host: string;
  defaultLocationId: string;
  call(method: string, path: string, options?: { body?: unknown; as?: ShopRole; idempotencyKey?: string }): Promise<TestResponse>;
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

export async function createStockShop(testApp: TestApp, options: { plan?: 'Starter' | 'Professional' | 'Enterprise' } = {}): Promise<StockShop> {
  const subdomain = `stock-${randomBytes(4).toString('hex')}`;
  const host = `${subdomain}.localhost:3000`;
  const tenant = await createTenant(testApp.database, { subdomain });
  if (options.plan) await subscribeToPlan(testApp.database, tenant.id, options.plan);
  const cookies = {} as Record<ShopRole, string>;
  for (const [role, tenantRole] of [['owner', 'admin'], ['manager', 'manager'], ['cashier', 'cashier']] as const) {
    const user = await createUser(testApp.database, testApp.deps.auth, { tenantId: tenant.id, role: tenantRole, fullName: `Shop ${role}` });
    cookies[role] = await signInAs(testApp, host, user.email, TEST_PASSWORD);
  }
  return {
    tenant,
    host,
    defaultLocationId: await defaultLocationId(testApp.database, tenant.id),
    call: (method, path, callOptions = {}) =>
      testApp.request(path, {
        method,
        host,
        body: callOptions.body,
        headers: {
          // A fresh connection per call: after a long stretch of database work the server may
          // close an idle kept-alive socket just as the next request reuses it (ECONNRESET).
          connection: 'close',
          cookie: cookies[callOptions.as ?? 'owner'],
          ...(callOptions.idempotencyKey ? { 'idempotency-key': callOptions.idempotencyKey } : {}),
        },
      }),
    documentCounts: () =>
      testApp.database.withTenant(tenant.id, async (tx) => {
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
