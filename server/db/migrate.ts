import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** Any key will do as long as every server uses the same one. */
export const MIGRATION_LOCK_KEY = 7350021;

/**
 * Applies the pending migrations in one transaction that first takes a transaction-level advisory
 * lock (docs/decisions/0013-pooler-safe-database-use.md). Servers that start together queue on the
 * lock; the first applies what is pending and commits, the others then find nothing left to do.
 * A session-level lock (`pg_advisory_lock`) would be released on whichever pooled connection
 * PgBouncer's transaction mode hands the unlock to, leaving the lock held by an idle server
 * connection, and the next server to start would wait forever. The bookkeeping table is the one
 * drizzle-kit's migrator writes (`drizzle.__drizzle_migrations`), so existing databases carry on.
 */
export async function migrateInOneTransaction<TSchema extends Record<string, unknown>>(
  db: PgDatabase<PgQueryResultHKT, TSchema>,
  migrationsFolder: string,
): Promise<{ applied: number }> {
  const migrations = readMigrationFiles({ migrationsFolder });
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await tx.execute(sql`create schema if not exists drizzle`);
    await tx.execute(sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`);
    const result = (await tx.execute(sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`)) as unknown as {
      rows: { created_at: string | number }[];
    };
    const lastApplied = result.rows[0] ? Number(result.rows[0].created_at) : -Infinity;
    let applied = 0;
    for (const migration of migrations) {
      if (migration.folderMillis <= lastApplied) continue;
      for (const statement of migration.sql) await tx.execute(sql.raw(statement));
      await tx.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`);
      applied += 1;
    }
    return { applied };
  });
}
