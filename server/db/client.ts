import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type ExtractTablesWithRelations, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgDialect, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, PgliteSession, PgliteTransaction } from 'drizzle-orm/pglite';
import pg from 'pg';
import { isReadOnlyRefusal } from './errors';
import { canHold, hold, releaseHeld, takeHeld } from './held-transaction';
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

/** A statement for Database.readFrequent: `key` names its prepared form on PGlite. */
export interface FrequentRead {
  readonly key: string;
  readonly statement: string;
}

export type DatabaseOptions =
  | {
      driver: 'pglite';
      dataDir?: string;
      sharedBuffers?: string;
      /** A dump of a data folder (PGlite's dumpDataDir) to start from: the tests' migrated copy. */
      loadDataDir?: Blob;
    }
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
  /**
   * A read of platform tables that runs on (nearly) every request, e.g. the session read: plain
   * SQL with $1… text parameters. On PGlite, one session that only this process uses, it is
   * prepared once and executed with its parameters as quoted literals (no planning per request);
   * on PostgreSQL it goes as an unnamed parameterised query, so a transaction-mode pooler works
   * (docs/decisions/0013). Platform tables only: a tenant table reads nothing here on PostgreSQL.
   */
  readFrequent<T>(read: FrequentRead, params: readonly string[]): Promise<T[]>;
  /**
   * readFrequent in the same round trip as BEGIN and the scope of a tenant transaction, which the
   * request's first withTenant(tenantId) then takes over instead of opening its own (the session
   * read of a read request's guard: docs/decisions/0018). Inside a holding scope
   * (server/db/held-transaction.ts) only; elsewhere it is readFrequent. The read runs as the owner,
   * before the scope: platform tables only.
   */
  readHoldingTenant<T>(tenantId: string, read: FrequentRead, params: readonly string[]): Promise<T[]>;
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const PING_TIMEOUT_MS = 3000;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.driver === 'pglite') {
    // PGlite does not create parent folders; an absent dataDir means an in-memory database (tests).
    // A small buffer pool keeps the embedded server's memory low (docs/decisions/0002).
    const pgliteOptions = {
      extensions: { pg_trgm },
      postgresqlconf: [`shared_buffers=${options.sharedBuffers ?? '16MB'}`],
      loadDataDir: options.loadDataDir,
    };
    let client: PGlite;
    if (options.dataDir) {
      mkdirSync(options.dataDir, { recursive: true });
      client = new PGlite(join(options.dataDir, 'pglite'), pgliteOptions);
    } else {
      client = new PGlite(pgliteOptions);
    }
    await client.waitReady;
    const platform = drizzlePglite(releasingHeldFirst(client, ['query', 'exec', 'sql', 'transaction'], { takingTurns: true }), {
      schema,
      casing: 'snake_case',
    }) as unknown as PlatformDb;
    const parts = drizzlePartsOf(platform);
    const preparing = new Map<string, Promise<unknown>>();
    /** Prepares `read` once; returns the statement that executes it with `params` as quoted literals. */
    const executing = async (read: FrequentRead, params: readonly string[]) => {
      if (!FREQUENT_READ_KEY.test(read.key)) throw new TypeError(`Not a statement name: ${read.key}`);
      let prepared = preparing.get(read.key);
      if (!prepared) {
        // session-state: PGlite is one session that only this process uses (no pooler); PostgreSQL gets an unnamed query.
        prepared = client.exec(`prepare ${read.key} as ${read.statement}`);
        preparing.set(read.key, prepared);
        prepared.catch(() => preparing.delete(read.key));
      }
      await prepared;
      return `execute ${read.key}(${params.map((param) => pg.escapeLiteral(param)).join(', ')})`;
    };
    // PGlite answers in this thread with promises that resolve at once, so a background job's chain
    // of transactions would never let the event loop take a request or a timer: each transaction
    // and platform statement first waits one turn of the loop (takingTurns).
    // PGlite runs one transaction at a time (its own mutex). BEGIN is its own call; a first read
    // (as the owner) and the scope go together with the simple protocol (exec), a fraction of a
    // parameterised query's protocol steps. Nothing is read-only here: in-process, a COMMIT costs
    // no round trip worth saving.
    const beginTenant: BeginTenant = async (tenantId, work, { firstRead: first } = {}) => {
      await nextTurn();
      const firstRead = first ? await executing(first.read, first.params) : null;
      return client.transaction(async (transaction) => {
        const scope = tenantScopeStatement(tenantId);
        const results = await transaction.exec(firstRead ? `${firstRead}; ${scope}` : scope);
        const session = new PgliteSession(transaction, parts.dialect, parts.relations, parts.options);
        return work(new PgliteTransaction(parts.dialect, session, parts.relations) as unknown as TenantTx, firstRead ? results[0]!.rows : []);
      });
    };
    const readFrequent: ReadFrequent = async <T>(read: FrequentRead, params: readonly string[]) => {
      await releaseHeld();
      const [result] = await client.exec(await executing(read, params));
      return (result?.rows ?? []) as T[];
    };
    return buildDatabase('pglite', platform, beginTenant, readFrequent, { close: () => client.close() });
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5000,
  });
  // An idle client's error (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const platform = drizzleNodePg(releasingHeldFirst(pool, ['query', 'connect']), { schema, casing: 'snake_case' }) as unknown as PlatformDb;
  const parts = drizzlePartsOf(platform);
  const beginTenant: BeginTenant = async (tenantId, work, { firstRead, readOnly = false } = {}) => {
    const client = await pool.connect();
    let failure: Error | undefined;
    let released = false;
    try {
      // BEGIN, a first read (as the owner) and the tenant scope in one round trip: one
      // simple-protocol query (no parameters, so several statements may go together; the tenant id
      // is checked to be a uuid first, the read's parameters go as quoted literals).
      const opening = [readOnly ? 'begin read only' : 'begin', ...(firstRead ? [withLiterals(firstRead.read, firstRead.params)] : []), tenantScopeStatement(tenantId)];
      const opened = await client.query(opening.join('; '));
      const firstRows = firstRead ? (opened as unknown as pg.QueryResult[])[1]!.rows : [];
      const session = new NodePgSession(client, parts.dialect, parts.relations, parts.options);
      const result = await work(new NodePgTransaction(parts.dialect, session, parts.relations) as unknown as TenantTx, firstRows);
      if (readOnly) {
        // A read-only transaction has nothing to lose at COMMIT, so the answer does not wait for
        // it; the connection goes back to the pool once the COMMIT is done (closed if it failed).
        released = true;
        void client.query('commit').then(
          () => client.release(),
          (commitError: unknown) => client.release(toError(commitError)),
        );
        return result;
      }
      await client.query('commit');
      return result;
    } catch (error) {
      // Whatever failed (BEGIN, the scope, the work or COMMIT), the connection goes back to the
      // pool outside any transaction, or is closed when even ROLLBACK fails.
      await client.query('rollback').catch((rollbackError: unknown) => {
        failure = toError(rollbackError);
      });
      throw error;
    } finally {
      if (!released) client.release(failure);
    }
  };
  const readFrequent: ReadFrequent = async <T>(read: FrequentRead, params: readonly string[]) => {
    await releaseHeld();
    return (await pool.query({ text: read.statement, values: [...params] })).rows as T[];
  };
  return buildDatabase('postgres', platform, beginTenant, readFrequent, { close: () => pool.end() });
}

type ReadFrequent = Database['readFrequent'];
const FREQUENT_READ_KEY = /^[a-z][a-z0-9_]{0,62}$/;

/**
 * Opens a transaction, sets the tenant scope and runs `work` in it; commits, or rolls back on an
 * error. A first read goes in the same round trip as the opening, before the scope, and its rows
 * are handed to `work`. A read-only transaction may answer before its COMMIT has (PostgreSQL).
 */
type BeginTenant = <T>(
  tenantId: string,
  work: (tx: TenantTx, firstRows: unknown[]) => Promise<T>,
  options?: { firstRead?: { read: FrequentRead; params: readonly string[] }; readOnly?: boolean },
) => Promise<T>;

const toError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/** A FrequentRead's statement with its $n parameters written in as quoted literals (one simple-protocol query). */
function withLiterals(read: FrequentRead, params: readonly string[]): string {
  return read.statement.replace(/\$(\d+)/g, (placeholder, position: string) => {
    const param = params[Number(position) - 1];
    if (param === undefined) throw new TypeError(`${read.key} has no parameter ${placeholder}`);
    return pg.escapeLiteral(param);
  });
}

/**
 * The driver's client as drizzle's platform handle sees it: a request's held transaction is let
 * go before any of `methods` runs (see releaseHeld), so platform reads and writes never wait on it;
 * with `takingTurns`, each call first waits one turn of the event loop (PGlite, above).
 */
function releasingHeldFirst<Client extends object>(client: Client, methods: readonly string[], { takingTurns = false } = {}): Client {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (typeof property !== 'string' || !methods.includes(property)) return value.bind(target);
      return async (...args: unknown[]) => {
        if (takingTurns) await nextTurn();
        await releaseHeld();
        return value.apply(target, args);
      };
    },
  });
}

/**
 * What drizzle builds its own transactions from (the dialect, the relational schema, the logger
 * and cache options), read off the platform database so that tenant transactions are the same
 * drizzle transaction classes, started our way (withTenant).
 */
function drizzlePartsOf(platform: PlatformDb) {
  const { dialect, session } = platform as unknown as {
    dialect: PgDialect;
    session: { schema: never; options: never };
  };
  if (!dialect || !session || !('schema' in session) || !('options' in session)) {
    throw new Error('drizzle-orm changed: the tenant transaction cannot read its dialect and session (server/db/client.ts)');
  }
  return { dialect, relations: session.schema, options: session.options };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The statement that switches an open transaction to one tenant: the non-owner app role (so RLS
 * applies) and app.tenant_id. Transaction-local settings only (is_local = true), so a
 * transaction-mode pooler works. The tenant id is written into the text, to go in the same round
 * trip as BEGIN: only a well-formed uuid (hex digits and dashes) gets there.
 */
function tenantScopeStatement(tenantId: string): string {
  if (!UUID.test(tenantId)) throw new TypeError('A tenant scope needs a tenant uuid');
  return `select set_config('app.tenant_id', '${tenantId}', true), set_config('role', '${APP_ROLE}', true)`;
}

/**
 * Switches an open transaction to one tenant: the non-owner app role (so RLS applies) and
 * app.tenant_id. Transaction-local settings only (is_local = true), so a transaction-mode pooler
 * works. Not exported: withTenant and withPlatformThenTenant are the only ways in.
 */
async function enterTenantScope(tx: PlatformTx, tenantId: string): Promise<TenantTx> {
  await tx.execute(sql.raw(tenantScopeStatement(tenantId)));
  return tx as TenantTx;
}

function buildDatabase(
  driver: Database['driver'],
  platform: PlatformDb,
  beginTenant: BeginTenant,
  readFrequent: ReadFrequent,
  lifecycle: { close: () => Promise<void> },
): Database {
  return {
    driver,
    platform,
    readFrequent,
    async withTenant(tenantId, work) {
      const held = takeHeld(tenantId);
      if (held) return held.complete(work);
      await releaseHeld();
      return beginTenant(tenantId, work);
    },
    async readHoldingTenant<T>(tenantId: string, read: FrequentRead, params: readonly string[]) {
      if (!canHold()) return readFrequent<T>(read, params);
      await releaseHeld();
      return new Promise<T[]>((resolveRows, rejectRows) => {
        let handOver!: (work: (tx: TenantTx) => Promise<unknown>) => void;
        const workArrives = new Promise<(tx: TenantTx) => Promise<unknown>>((resolve) => (handOver = resolve));
        // Read-only, so its COMMIT need not be waited for (a read request's handler reads).
        const finished = beginTenant(
          tenantId,
          async (tx, firstRows) => {
            resolveRows(firstRows as T[]);
            return (await workArrives)(tx);
          },
          { firstRead: { read, params }, readOnly: true },
        );
        // A failure before the rows fails the read; one after them fails whoever completes the transaction.
        finished.catch(rejectRows);
        hold({
          tenantId,
          complete: async <R>(work: (tx: TenantTx) => Promise<R>) => {
            handOver(work);
            try {
              return (await finished) as R;
            } catch (error) {
              if (!isReadOnlyRefusal(error)) throw error;
              // A read request that writes after all (a platform admin's audit entry): its work
              // again from the start, in a read-write transaction; the refused one wrote nothing.
              return beginTenant(tenantId, work);
            }
          },
        });
      });
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
