import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { DatabaseOverview, TenantRowsPage, TenantRowsParams } from '../../core/platform/system.schemas';
import { MIGRATIONS_DIR, queryRows, type Database } from '../db/client';
import type { AppDependencies } from '../http/context';
import { unsafeReadAcrossTenants } from './cross-tenant-read';

// The Database page (issue 21, docs/platform.md): sizes from the catalog (owner connection, no shop
// rows), the migrations drizzle recorded against this release's journal, pg_stat_statements when
// the server has it, and rows per shop read across every shop (read-only platform reader role).

const TOP_TABLES = 50;
const SLOW_QUERIES = 20;

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

export function readJournal(folder: string = MIGRATIONS_DIR): JournalEntry[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries;
}

const asNumber = (value: string | number | null) => (value === null ? 0 : Number(value));

/** The commands that back up and restore the whole database this server uses (docs/platform.md "Backups"). */
export function backupCommands(deps: AppDependencies): DatabaseOverview['backups'] {
  if (deps.database.driver === 'postgres') {
    // As a superuser (or a role with BYPASSRLS): the owner in DATABASE_URL does not bypass the shops'
    // forced row-level security, so pg_dump as the owner stops at the first shop table.
    return {
      dataDir: null,
      commands: [
        { purpose: 'backup', command: 'pg_dump --format=custom --file="dukani-$(date +%Y%m%d-%H%M).dump" "postgres://postgres@<host>:5432/<database>"' },
        { purpose: 'restore', command: 'psql -U postgres -v owner=<owner> -v database=<database> -f scripts/postgres/create-owner.sql' },
        { purpose: 'restore', command: 'pg_restore --exit-on-error --dbname="postgres://postgres@<host>:5432/<database>" dukani-YYYYMMDD-HHMM.dump' },
      ],
    };
  }
  // PGlite is one process and its folder is consistent only while nothing writes to it: the app is stopped first.
  const dataDir = deps.config.dataDir;
  return {
    dataDir,
    commands: [
      { purpose: 'backup', command: `tar -czf "dukani-pglite-$(date +%Y%m%d-%H%M).tar.gz" -C "${dataDir}" pglite` },
      { purpose: 'restore', command: `mv "${dataDir}/pglite" "${dataDir}/pglite.old" && tar -xzf dukani-pglite-YYYYMMDD-HHMM.tar.gz -C "${dataDir}"` },
    ],
  };
}

async function readSlowQueries(database: Database): Promise<DatabaseOverview['slowQueries']> {
  const [installed] = await queryRows<{ installed: boolean }>(
    database.platform,
    sql`select exists (select 1 from pg_extension where extname = 'pg_stat_statements') as installed`,
  );
  if (!installed?.installed) return { status: 'not_installed', queries: [] };
  try {
    const rows = await queryRows<{ query: string; calls: string | number; total_ms: number; mean_ms: number; rows: string | number }>(
      database.platform,
      sql`select query, calls, total_exec_time as total_ms, mean_exec_time as mean_ms, rows
            from pg_stat_statements
           where dbid = (select oid from pg_database where datname = current_database())
           order by mean_exec_time desc limit ${SLOW_QUERIES}`,
    );
    return {
      status: 'available',
      queries: rows.map((row) => ({
        query: row.query.slice(0, 2000),
        calls: asNumber(row.calls),
        totalMs: Math.round(Number(row.total_ms) * 100) / 100,
        meanMs: Math.round(Number(row.mean_ms) * 100) / 100,
        rows: asNumber(row.rows),
      })),
    };
  } catch (error) {
    // "pg_stat_statements must be loaded via shared_preload_libraries"; older servers name the columns differently.
    // drizzle wraps the driver's error ("Failed query: …"): the server's words are in its cause.
    const message = [error, (error as { cause?: unknown } | null)?.cause].map((part) => (part instanceof Error ? part.message : String(part))).join(' ');
    return { status: /shared_preload_libraries/.test(message) ? 'not_loaded' : 'unsupported', queries: [] };
  }
}

export async function readDatabaseOverview(deps: AppDependencies): Promise<DatabaseOverview> {
  const { database } = deps;
  const [facts] = await queryRows<{ size: string | number; version: string; tables: number }>(
    database.platform,
    sql`select pg_database_size(current_database()) as size, current_setting('server_version') as version,
               (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
                 where c.relkind in ('r', 'p') and n.nspname = 'public') as tables`,
  );
  const tables = await queryRows<{ name: string; total: string | number; data: string | number; reltuples: number }>(
    database.platform,
    sql`select c.relname as name, pg_total_relation_size(c.oid) as total, pg_relation_size(c.oid) as data, c.reltuples
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where c.relkind in ('r', 'p') and n.nspname = 'public'
         order by pg_total_relation_size(c.oid) desc, c.relname limit ${TOP_TABLES}`,
  );
  const applied = await queryRows<{ hash: string; created_at: string | number }>(
    database.platform,
    sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at desc`,
  );
  const journal = readJournal();
  const tagByWhen = new Map(journal.map((entry) => [entry.when, entry.tag]));
  const lastApplied = applied.length ? Math.max(...applied.map((row) => Number(row.created_at))) : -Infinity;
  return {
    driver: database.driver,
    serverVersion: facts?.version ?? '',
    sizeBytes: asNumber(facts?.size ?? 0),
    tableCount: facts?.tables ?? 0,
    tables: tables.map((row) => {
      const total = asNumber(row.total);
      const data = asNumber(row.data);
      // reltuples is -1 on PostgreSQL 14+ (0 before) until the table is first vacuumed or analysed.
      const estimate = Number(row.reltuples);
      return { name: row.name, totalBytes: total, tableBytes: data, indexBytes: total - data, estimatedRows: estimate < 0 ? null : Math.round(estimate) };
    }),
    migrations: {
      known: journal.length,
      appliedCount: applied.length,
      applied: applied.map((row) => ({ tag: tagByWhen.get(Number(row.created_at)) ?? null, hash: row.hash, createdAt: new Date(Number(row.created_at)).toISOString() })),
      // As the migrator decides (server/db/migrate.ts): a journal entry newer than the last applied one.
      pending: journal.filter((entry) => entry.when > lastApplied).map((entry) => ({ tag: entry.tag, createdAt: new Date(entry.when).toISOString() })),
    },
    slowQueries: await readSlowQueries(database),
    backups: backupCommands(deps),
  };
}

const ROW_SORT_SQL = {
  total: sql.raw('total'),
  sales: sql.raw('sales'),
  products: sql.raw('products'),
  stockMovements: sql.raw('stock_movements'),
} as const;

/** Rows of the biggest tables per shop (sales, products, stock movements), biggest first, a page at a time. */
export async function readTenantRows(database: Database, query: TenantRowsParams): Promise<TenantRowsPage> {
  return unsafeReadAcrossTenants(database, async (tx) => {
    const rows = await queryRows<{ id: string; name: string; subdomain: string; sales: number; products: number; stock_movements: number; total: number; full_count: number }>(
      tx,
      sql`with s as (select tenant_id, count(*)::int as n from sales group by tenant_id),
               p as (select tenant_id, count(*)::int as n from products group by tenant_id),
               m as (select tenant_id, count(*)::int as n from stock_movements group by tenant_id),
               counted as (
                 select t.id, t.name, t.subdomain, coalesce(s.n, 0) as sales, coalesce(p.n, 0) as products, coalesce(m.n, 0) as stock_movements,
                        coalesce(s.n, 0) + coalesce(p.n, 0) + coalesce(m.n, 0) as total
                   from tenants t left join s on s.tenant_id = t.id left join p on p.tenant_id = t.id left join m on m.tenant_id = t.id)
          select *, count(*) over ()::int as full_count from counted
           order by ${ROW_SORT_SQL[query.sort]} desc, name, id
           limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    );
    let total = rows[0]?.full_count;
    if (total === undefined) {
      const [count] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from tenants`);
      total = count?.n ?? 0;
    }
    return {
      items: rows.map((row) => ({ id: row.id, name: row.name, subdomain: row.subdomain, sales: row.sales, products: row.products, stockMovements: row.stock_movements, total: row.total })),
      total,
    };
  });
}
