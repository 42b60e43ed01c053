import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../tests/support/factories';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-db';
import { queryRows } from './client';

// Under row-level security an index serves a condition only when its functions are LEAKPROOF
// (migration 0014). With sequential scans disabled, the plan shows whether one could be used.
let database: TestDatabase;
let shop: TestTenant;

beforeAll(async () => {
  database = await createTestDatabase();
  shop = await createTenant(database);
  // Enough varied rows (here and in another shop) for the planner to prefer a selective index.
  const neighbour = await createTenant(database);
  for (const tenant of [shop, neighbour]) await fillCatalog(tenant.id);
  // VACUUM moves the new rows out of the GIN pending list, as autovacuum would in a running shop.
  await database.platform.execute(sql`vacuum analyze products, product_variants`);
});
afterAll(() => database.dispose());

async function fillCatalog(tenantId: string) {
  await database.withTenant(tenantId, (tx) =>
    tx.execute(sql`
      with made as (
        insert into products (tenant_id, name)
        select ${tenantId}::uuid, 'Item ' || md5(${tenantId} || n) from generate_series(1, 5000) as n
        returning id, name
      )
      insert into product_variants (tenant_id, product_id, sku, selling_price_minor)
      select ${tenantId}::uuid, id, upper(replace(name, ' ', '-')), 100 from made`),
  );
}

async function planInTenantScope(query: string): Promise<string> {
  return database.withTenant(shop.id, async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const rows = await queryRows<{ 'QUERY PLAN': string }>(tx, sql.raw(`explain ${query}`));
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    return plan;
  });
}

describe(`search indexes inside the tenant scope (${process.env.TEST_DB})`, () => {
  it('the search functions are leakproof', async () => {
    const rows = await queryRows<{ proname: string; proleakproof: boolean }>(
      database.platform,
      sql`select proname, proleakproof from pg_proc where oid in ('pg_catalog.lower(text)'::regprocedure, 'pg_catalog.upper(text)'::regprocedure, 'pg_catalog.textlike(text, text)'::regprocedure)`,
    );
    expect(rows.map((row) => [row.proname, row.proleakproof]).sort()).toEqual([['lower', true], ['textlike', true], ['upper', true]]);
  });

  it('name search uses the trigram index', async () => {
    expect(await planInTenantScope(`select id from products where name_key like '%1e728d9d%'`)).toContain('products_name_key_trgm');
  });

  it('SKU search uses the SKU trigram index and exact SKU the unique index', async () => {
    expect(await planInTenantScope(`select id from product_variants where upper(sku) like '%1E728D9D%'`)).toContain('product_variants_sku_trgm');
    expect(await planInTenantScope(`select id from product_variants where upper(sku) = 'ITEM-1E728D9D'`)).toContain('product_variants_sku_unique');
  });

  it('exact barcode lookup uses the barcode index', async () => {
    expect(await planInTenantScope(`select variant_id from product_barcodes where code = '6161234567890'`)).toContain('product_barcodes_code_unique');
  });
});
