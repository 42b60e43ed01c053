import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type ExtractTablesWithRelations, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { z } from 'zod';
import { migrateInOneTransaction } from './migrate';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type PlatformDb = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction on the owner connection: platform tables only (scripts/check-tenant-access.ts). */
export type PlatformTx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

// Only this module can produce the brand, so a platform transaction (which bypasses RLS on PGlite
// and for a superuser) cannot be handed to a tenant service: `getProduct(platformTx, id)` does not
// compile (docs/decisions/0012-isolation-by-construction.md).
declare const tenantScopeBrand: unique symbol;
/** A transaction scoped to one tenant: RLS limits every statement to that tenant's rows. */
export type TenantTx = PlatformTx & { readonly [tenantScopeBrand]: true };

export const MIGRATIONS_DIR = resolve('server/db/migrations');
export const APP_ROLE = 'dukani_app';

export type DatabaseOptions =
  | { driver: 'pglite'; dataDir?: string; sharedBuffers?: string }
  | { driver: 'postgres'; url: string; poolSize?: number };

export interface Database {
  readonly driver: 'pglite' | 'postgres';
  /**
   * Owner connection for platform tables (tenants, domains, plans) and migrations. Tenant-owned
   * tables are unreadable here on PostgreSQL unless the user bypasses RLS: use withTenant.
   */
  readonly platform: PlatformDb;
  /** The one way to reach tenant data (docs/decisions/0003-composite-keys-and-rls.md). */
  withTenant<T>(tenantId: string, work: (tx: TenantTx) => Promise<T>): Promise<T>;
  /**
   * Platform rows, then one tenant's rows, in one transaction (a new tenant and its first rows, a
   * new member). `enterTenant` switches the rest of the transaction to that tenant's scope: the
   * platform handle must not be used after it.
   */
  withPlatformThenTenant<T>(work: (tx: PlatformTx, enterTenant: (tenantId: string) => Promise<TenantTx>) => Promise<T>): Promise<T>;
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const tenantIdSchema = z.uuid();
const PING_TIMEOUT_MS = 3000;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.driver === 'pglite') {
    // PGlite does not create parent folders; an absent dataDir means an in-memory database (tests).
    // A small buffer pool keeps the embedded server's memory low (docs/decisions/0002).
    const pgliteOptions = {
      extensions: { pg_trgm },
      postgresqlconf: [`shared_buffers=${options.sharedBuffers ?? '16MB'}`],
    };
    let client: PGlite;
    if (options.dataDir) {
      mkdirSync(options.dataDir, { recursive: true });
      client = new PGlite(join(options.dataDir, 'pglite'), pgliteOptions);
    } else {
      client = new PGlite(pgliteOptions);
    }
    await client.waitReady;
    const platform = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as PlatformDb;
    return buildDatabase('pglite', platform, { close: () => client.close() });
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5000,
  });
  // An idle client's error (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const platform = drizzleNodePg(pool, { schema, casing: 'snake_case' }) as unknown as PlatformDb;
  return buildDatabase('postgres', platform, { close: () => pool.end() });
}

/**
 * Switches an open transaction to one tenant: the non-owner app role (so RLS applies) and
 * app.tenant_id. Transaction-local settings only (is_local = true), so a transaction-mode pooler
 * works. Not exported: withTenant and withPlatformThenTenant are the only ways in.
 */
async function enterTenantScope(tx: PlatformTx, tenantId: string): Promise<TenantTx> {
  if (!tenantIdSchema.safeParse(tenantId).success) throw new TypeError('A tenant scope needs a tenant uuid');
  await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true), set_config('role', ${APP_ROLE}, true)`);
  return tx as TenantTx;
}

function buildDatabase(
  driver: Database['driver'],
  platform: PlatformDb,
  lifecycle: { close: () => Promise<void> },
): Database {
  return {
    driver,
    platform,
    async withTenant(tenantId, work) {
      return platform.transaction(async (tx) => work(await enterTenantScope(tx, tenantId)));
    },
    async withPlatformThenTenant(work) {
      return platform.transaction(async (tx) => work(tx, (tenantId) => enterTenantScope(tx, tenantId)));
    },
    // Several app servers may start together, through a transaction-mode pooler: see migrate.ts.
    async migrate() {
      await migrateInOneTransaction(platform, MIGRATIONS_DIR);
    },
    async ping() {
      const timeout = new Promise<boolean>((resolve) => setTimeout(resolve, PING_TIMEOUT_MS, false).unref());
      const query = platform.execute(sql`select 1`).then(
        () => true,
        () => false,
      );
      return Promise.race([query, timeout]);
    },
    close: lifecycle.close,
  };
}

/** Runs raw SQL and returns its rows; both drivers answer with { rows }. */
export async function queryRows<T>(db: PlatformDb | TenantTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
