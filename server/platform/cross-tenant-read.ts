import { sql } from 'drizzle-orm';
import type { Database, PlatformTx } from '../db/client';

/** The read-only role whose policies show every shop's rows of a few tenant tables (migration 0053). */
export const PLATFORM_READER_ROLE = 'dukani_platform_reader';

declare const crossTenantBrand: unique symbol;
/**
 * A read-only transaction as dukani_platform_reader: the tenant tables migration 0053 opened to it
 * (subscriptions, memberships, business settings, sales, payments, eTIMS documents) show every
 * shop's rows; nothing can be written. Only this module makes one.
 */
export type CrossTenantReadTx = PlatformTx & { readonly [crossTenantBrand]: true };

/**
 * Reads across every shop, for the super-admin console only (docs/decisions/0003: a cross-tenant
 * read is explicit and named `unsafe…`). The transaction is READ ONLY and runs as a role that holds
 * nothing but SELECT, so a mistake here can show too much to a platform admin, never change a shop.
 * Transaction-local settings only: a transaction-mode pooler works (docs/decisions/0013).
 */
export async function unsafeReadAcrossTenants<T>(database: Database, work: (tx: CrossTenantReadTx) => Promise<T>): Promise<T> {
  return database.platform.transaction(
    async (tx) => {
      await tx.execute(sql`select set_config('role', ${PLATFORM_READER_ROLE}, true)`);
      return work(tx as CrossTenantReadTx);
    },
    { accessMode: 'read only' },
  );
}
