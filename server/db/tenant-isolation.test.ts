import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../tests/support/factories';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-db';
import { APP_ROLE, queryRows } from './client';
import { isPlatformTable } from './platform-tables';
import { businessSettings } from './schema/index';

// Every table not named in PLATFORM_TABLES (with its reason) is tenant-owned.
let database: TestDatabase;
let tenantA: TestTenant;
let tenantB: TestTenant;

beforeAll(async () => {
  database = await createTestDatabase();
  tenantA = await createTenant(database);
  tenantB = await createTenant(database);
});
afterAll(() => database.dispose());

describe(`schema rule: every tenant-owned table is isolated (${process.env.TEST_DB})`, () => {
  it('(a) has tenant_id first in its primary key and foreign keys, and a forced tenant policy', async () => {
    const tables = await queryRows<{ name: string; rls: boolean; forced: boolean }>(
      database.platform,
      sql`select c.relname as name, c.relrowsecurity as rls, c.relforcerowsecurity as forced
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r' order by 1`,
    );
    const tenantTables = tables.filter((t) => !isPlatformTable(t.name));
    expect(tenantTables.map((t) => t.name)).toContain('business_settings');

    const problems: string[] = [];
    for (const table of tenantTables) {
      if (!table.rls || !table.forced) problems.push(`${table.name}: row-level security not enabled and forced`);
      const primaryKey = await constraintColumns(table.name, 'p');
      if (primaryKey.length !== 1 || primaryKey[0]?.columns[0] !== 'tenant_id') {
        problems.push(`${table.name}: primary key must start with tenant_id (has ${JSON.stringify(primaryKey)})`);
      }
      for (const foreignKey of await constraintColumns(table.name, 'f')) {
        const pointsAtTenantTable = !isPlatformTable(foreignKey.target);
        if (pointsAtTenantTable && !foreignKey.columns.includes('tenant_id')) {
          problems.push(`${table.name}: foreign key ${foreignKey.name} to ${foreignKey.target} lacks tenant_id`);
        }
      }
      const policies = await queryRows<{ qual: string | null; with_check: string | null; cmd: string }>(
        database.platform,
        sql`select qual, with_check, cmd from pg_policies where schemaname = 'public' and tablename = ${table.name}`,
      );
      const isolating = policies.find(
        (p) => p.cmd === 'ALL' && p.qual?.includes('app.tenant_id') && p.with_check?.includes('app.tenant_id'),
      );
      if (!isolating) problems.push(`${table.name}: no policy comparing tenant_id to app.tenant_id for all commands`);
    }
    expect(problems).toEqual([]);
  });

  it('the application role cannot bypass row-level security', async () => {
    const [role] = await queryRows<{ rolbypassrls: boolean; rolsuper: boolean }>(
      database.platform,
      sql`select rolbypassrls, rolsuper from pg_roles where rolname = ${APP_ROLE}`,
    );
    expect(role).toEqual({ rolbypassrls: false, rolsuper: false });
  });
});

describe('withTenant', () => {
  it('(b) sees only its own tenant rows', async () => {
    const rows = await database.withTenant(tenantA.id, (tx) =>
      tx.select({ tenantId: businessSettings.tenantId }).from(businessSettings),
    );
    expect(rows).toEqual([{ tenantId: tenantA.id }]);
  });

  it("(b) rejects an insert of another tenant's row and writes nothing", async () => {
    await expect(
      database.withTenant(tenantA.id, (tx) => tx.insert(businessSettings).values({ tenantId: tenantB.id })),
    ).rejects.toThrow();
    const rowsOfB = await database.withTenant(tenantB.id, (tx) => tx.select().from(businessSettings));
    expect(rowsOfB).toHaveLength(1);
  });

  it("(b) cannot update or delete another tenant's rows, nor move a row to another tenant", async () => {
    const updated = await database.withTenant(tenantA.id, (tx) =>
      tx.update(businessSettings).set({ currencyCode: 'XXX' }).where(sql`tenant_id = ${tenantB.id}`).returning(),
    );
    expect(updated).toEqual([]);
    const deleted = await database.withTenant(tenantA.id, (tx) =>
      tx.delete(businessSettings).where(sql`tenant_id = ${tenantB.id}`).returning(),
    );
    expect(deleted).toEqual([]);
    await expect(
      database.withTenant(tenantA.id, (tx) => tx.update(businessSettings).set({ tenantId: tenantB.id })),
    ).rejects.toThrow();
    const [settingsOfB] = await database.withTenant(tenantB.id, (tx) => tx.select().from(businessSettings));
    expect(settingsOfB?.currencyCode).toBe('USD');
  });

  it('runs as the application role with transaction-local settings only', async () => {
    const [inside] = await database.withTenant(tenantA.id, (tx) =>
      queryRows<{ role: string; tenant: string }>(tx, sql`select current_user as role, current_setting('app.tenant_id', true) as tenant`),
    );
    expect(inside).toEqual({ role: APP_ROLE, tenant: tenantA.id });
    const [after] = await queryRows<{ tenant: string | null }>(
      database.platform,
      sql`select current_setting('app.tenant_id', true) as tenant`,
    );
    expect(after?.tenant ?? '').toBe('');
  });

  it('refuses a tenant id that is not a uuid', async () => {
    await expect(database.withTenant("x' or 1=1 --", async () => 1)).rejects.toThrow(TypeError);
  });

  it('rolls back everything when the work fails', async () => {
    await expect(
      database.withTenant(tenantA.id, async (tx) => {
        await tx.update(businessSettings).set({ currencySymbol: 'Sh' });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const [settings] = await database.withTenant(tenantA.id, (tx) => tx.select().from(businessSettings));
    expect(settings?.currencySymbol).toBe('$');
  });
});

describe('(c) the application role without a tenant set', () => {
  it('sees zero rows, whether the setting was never used or is empty', async () => {
    const counts = await database.platform.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', ${APP_ROLE}, true)`);
      const [unset] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from business_settings`);
      await tx.execute(sql`select set_config('app.tenant_id', '', true)`);
      const [empty] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from business_settings`);
      return [unset?.n, empty?.n];
    });
    expect(counts).toEqual([0, 0]);
  });

  it('cannot insert rows for any tenant', async () => {
    await expect(
      database.platform.transaction(async (tx) => {
        await tx.execute(sql`select set_config('role', ${APP_ROLE}, true)`);
        await tx.insert(businessSettings).values({ tenantId: tenantA.id });
      }),
    ).rejects.toThrow();
  });
});

async function constraintColumns(table: string, type: 'p' | 'f') {
  return queryRows<{ name: string; target: string; columns: string[] }>(
    database.platform,
    sql`select con.conname as name, coalesce(target.relname, '') as target,
               array(select a.attname::text from unnest(con.conkey) with ordinality k(attnum, ord)
                     join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum order by k.ord) as columns
        from pg_constraint con
        join pg_class c on c.oid = con.conrelid
        left join pg_class target on target.oid = con.confrelid
        where c.relname = ${table} and con.contype = ${type}`,
  );
}
