import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { inArray, sql, type SQL } from 'drizzle-orm';
import {
  TENANT_EXPORT_FORMAT,
  TENANT_EXPORT_FORMAT_VERSION,
  TENANT_EXPORT_MANIFEST,
  tenantExportFileName,
  type TenantExportManifest,
  type TenantExportTable,
} from '../../core/platform/tenant-export.schemas';
import { recordAudit } from '../audit/audit-events.service';
import { queryRows, type Database } from '../db/client';
import { isPlatformTable } from '../db/platform-tables';
import { tenantUsers, users } from '../db/schema/auth';
import type { AppDependencies } from '../http/context';
import { readJournal } from './database.service';
import { recordPlatformAudit } from './platform-audit';
import { tarGzStream, type TarEntry } from './tar-writer';
import { requireTenant } from './tenants.service';

// The per-shop export archive (issue 21, docs/platform.md "Per-shop export"): every row of one shop
// as a .tar.gz of JSON Lines files, one per table, and a manifest. The tables are read from the
// catalog (every table of `public` with a tenant_id column that is not a platform table), so a new
// table is exported without anyone listing it. Each is read a page at a time, each page its own
// tenant transaction (RLS keeps it to the shop's rows; on PGlite, one transaction at a time, a long
// download never holds the database), spooled to a temporary file (a ustar header states the
// file's size first), then streamed into the archive and deleted.

const PAGE_ROWS = 1000;

/** Platform tables with rows about one shop: the shop's own row, its addresses, its suspension. */
const PLATFORM_ROWS_OF_SHOP: readonly { table: string; column: string }[] = [
  { table: 'tenants', column: 'id' },
  { table: 'tenant_domains', column: 'tenant_id' },
  { table: 'tenant_suspensions', column: 'tenant_id' },
];

export interface ExportRequester {
  userId: string;
  /** `platform`: a platform admin from the console; `owner`: the shop's own admin from its settings. */
  as: 'platform' | 'owner';
}

export interface TenantExport {
  fileName: string;
  body: ReadableStream<Uint8Array>;
}

interface ShopTable {
  name: string;
  /** The primary key's columns and types, in order: the pages' cursor. */
  key: { column: string; type: string }[];
}

type Shop = Awaited<ReturnType<typeof requireTenant>>;

/**
 * Starts a shop's export: recorded first (the platform audit log and the shop's own log for a
 * platform admin, the shop's log for its owner), then the archive streams as it is read.
 */
export async function startTenantExport(deps: AppDependencies, tenantId: string, requester: ExportRequester): Promise<TenantExport> {
  const { database } = deps;
  const shop = await requireTenant(database.platform, tenantId);
  const exportedAt = new Date();
  const fileName = tenantExportFileName(shop.subdomain, exportedAt);
  await recordExport(database, tenantId, requester, fileName);
  const tables = await listShopTables(database);
  const archive = tarGzStream(archiveEntries(deps, shop, exportedAt, tables));
  return { fileName, body: Readable.toWeb(archive) as ReadableStream<Uint8Array> };
}

async function recordExport(database: Database, tenantId: string, requester: ExportRequester, fileName: string) {
  const details = { fileName };
  if (requester.as === 'owner') {
    await database.withTenant(tenantId, (tx) => recordAudit(tx, { tenantId, actorUserId: requester.userId, action: 'export.archive', details }));
    return;
  }
  await database.withPlatformThenTenant(async (tx, enterTenant) => {
    await recordPlatformAudit(tx, { actorUserId: requester.userId, action: 'tenant.exported', tenantId, details });
    await recordAudit(await enterTenant(tenantId), { tenantId, actorUserId: requester.userId, action: 'platform.data_exported', details });
  });
}

/** The tenant-owned tables, from the catalog, with their primary keys (every tenant table has one, tenant_id first). */
async function listShopTables(database: Database): Promise<ShopTable[]> {
  const tables = await queryRows<{ name: string; key: ShopTable['key'] | null }>(
    database.platform,
    sql`
    select c.relname as name,
      (select json_agg(json_build_object('column', a.attname, 'type', format_type(a.atttypid, a.atttypmod)) order by k.position)
         from pg_index i
         cross join lateral unnest(i.indkey) with ordinality as k(attnum, position)
         join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
        where i.indrelid = c.oid and i.indisprimary) as key
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
       and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)
     order by c.relname`,
  );
  return tables
    .filter((table) => !isPlatformTable(table.name))
    .map((table) => {
      if (!table.key) throw new Error(`Shop table ${table.name} has no primary key to page the export by`);
      return { name: table.name, key: table.key };
    });
}

async function* archiveEntries(deps: AppDependencies, shop: Shop, exportedAt: Date, tables: ShopTable[]): AsyncGenerator<TarEntry> {
  const folder = await mkdtemp(join(tmpdir(), 'dukani-export-'));
  try {
    const listed: TenantExportTable[] = [];
    for (const { table, column } of PLATFORM_ROWS_OF_SHOP) {
      const lines = await platformRowsOfShop(deps.database, table, column, shop.id);
      listed.push({ table, file: `${table}.jsonl`, rows: lines.length, scope: 'platform' });
      yield inMemoryEntry(`${table}.jsonl`, exportedAt, lines);
    }
    const people = await peopleOfShop(deps.database, shop.id);
    listed.push({ table: 'users', file: 'users.jsonl', rows: people.length, scope: 'platform' });
    yield inMemoryEntry('users.jsonl', exportedAt, people);
    for (const table of tables) {
      const path = join(folder, `${table.name}.jsonl`);
      const rows = await spoolShopTable(deps.database, shop.id, table, path);
      listed.push({ table: table.name, file: `${table.name}.jsonl`, rows, scope: 'shop' });
      try {
        yield { name: `${table.name}.jsonl`, size: (await stat(path)).size, mtime: exportedAt, body: createReadStream(path) };
      } finally {
        await rm(path, { force: true });
      }
    }
    const manifest: TenantExportManifest = {
      format: TENANT_EXPORT_FORMAT,
      formatVersion: TENANT_EXPORT_FORMAT_VERSION,
      shop: { id: shop.id, name: shop.name, subdomain: shop.subdomain },
      exportedAt: exportedAt.toISOString(),
      app: { version: deps.config.version, commit: deps.config.gitCommit ?? null },
      schemaMigration: readJournal().at(-1)?.tag ?? '',
      tables: listed,
    };
    const bytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    yield { name: TENANT_EXPORT_MANIFEST, size: bytes.byteLength, mtime: exportedAt, body: bytes };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

function inMemoryEntry(name: string, mtime: Date, lines: string[]): TarEntry {
  const body = Buffer.from(lines.map((line) => `${line}\n`).join(''));
  return { name, size: body.byteLength, mtime, body };
}

/** Timestamps as ISO 8601 in UTC in the JSON of the rows (the transaction's own setting). */
const UTC_TIMES = sql`select set_config('TimeZone', 'UTC', true)`;

async function platformRowsOfShop(database: Database, table: string, column: string, tenantId: string): Promise<string[]> {
  return database.platform.transaction(async (tx) => {
    await tx.execute(UTC_TIMES);
    const result = await tx.execute(
      sql`select row_to_json(t)::text as line from ${sql.identifier(table)} t where t.${sql.identifier(column)} = ${tenantId} order by 1`,
    );
    return (result as unknown as { rows: { line: string }[] }).rows.map((row) => row.line);
  });
}

/** The shop's people (its memberships' accounts): id, name, e-mail, when made; never a password. */
async function peopleOfShop(database: Database, tenantId: string): Promise<string[]> {
  const members = await database.withTenant(tenantId, (tx) => tx.selectDistinct({ userId: tenantUsers.userId }).from(tenantUsers));
  if (members.length === 0) return [];
  const rows = await database.platform
    .select({ id: users.id, name: users.name, email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(inArray(users.id, members.map((member) => member.userId)))
    .orderBy(users.id);
  return rows.map((row) => JSON.stringify({ id: row.id, name: row.name, email: row.email, created_at: row.createdAt.toISOString() }));
}

interface PageRow {
  line: string;
  /** The row's key as text, where the next page starts after. */
  cursor: string[];
}

/** Writes the shop's rows of `table` to `path`, a page at a time in key order; answers how many. */
async function spoolShopTable(database: Database, tenantId: string, table: ShopTable, path: string): Promise<number> {
  const file = await open(path, 'w');
  try {
    let rows = 0;
    let after: string[] | null = null;
    for (;;) {
      const cursor: string[] | null = after;
      const page: PageRow[] = await database.withTenant(tenantId, async (tx) => {
        await tx.execute(UTC_TIMES);
        return queryRows<PageRow>(tx, pageSql(table, cursor));
      });
      if (page.length > 0) await file.write(page.map((row) => `${row.line}\n`).join(''));
      rows += page.length;
      if (page.length < PAGE_ROWS) return rows;
      after = page.at(-1)!.cursor;
    }
  } finally {
    await file.close();
  }
}

/** One page of a table's rows as JSON, after the key `after` (keyset paging: each page an index range). */
function pageSql(table: ShopTable, after: string[] | null): SQL {
  const alias = sql.identifier('t');
  const columns = table.key.map((key) => sql`${alias}.${sql.identifier(key.column)}`);
  const keyText = sql.join(
    columns.map((column) => sql`${column}::text`),
    sql`, `,
  );
  // The key's types come from the catalog, never from a request.
  const from = after
    ? sql`where (${sql.join(columns, sql`, `)}) > (${sql.join(
        table.key.map((key, index) => sql`${after[index]}::${sql.raw(key.type)}`),
        sql`, `,
      )})`
    : sql``;
  return sql`select row_to_json(${alias})::text as line, json_build_array(${keyText}) as cursor
    from ${sql.identifier(table.name)} ${alias} ${from}
    order by ${sql.join(columns, sql`, `)} limit ${PAGE_ROWS}`;
}
