import { describe, expect, it } from 'vitest';
import { findTenantAccessViolations, tenantTablesOfSchema } from './check-tenant-access';

const tenantTables = tenantTablesOfSchema();
const scan = (source: string) => findTenantAccessViolations('planted.ts', source, tenantTables).map((v) => `${v.line}: ${v.message}`);

describe('the tenant access scan', () => {
  it('classifies tables by the platform list', () => {
    expect(tenantTables.get('products')).toBe('products');
    expect(tenantTables.get('stockMovements')).toBe('stock_movements');
    expect(tenantTables.has('tenants')).toBe(false);
    expect(tenantTables.has('sessions')).toBe(false);
  });

  it('catches a tenant table read, written or joined through the platform handle', () => {
    const planted = `
import { products as catalog, stockLevels } from '../db/schema/products';
import { tenants } from '../db/schema/tenancy';
export async function leak(deps: Deps, id: string) {
  await deps.database.platform.select().from(catalog).where(eq(catalog.id, id));
  await deps.database.platform.update(stockLevels).set({ onHand: '0' });
  await deps.database.platform.select().from(tenants).innerJoin(catalog, eq(catalog.tenantId, tenants.id));
  await deps.database.platform.select().from(tenants);
}`;
    expect(scan(planted)).toEqual([
      '5: tenant table products reached through the platform handle (.from): use database.withTenant',
      '6: tenant table stock_levels reached through the platform handle (.update): use database.withTenant',
      '7: tenant table products reached through the platform handle (.innerJoin): use database.withTenant',
    ]);
  });

  it('follows the handle into variables, typed parameters and platform transactions', () => {
    const planted = `
import { products } from '../db/schema/index';
async function viaAlias(database: Database) {
  const db = database.platform;
  return db.select().from(products);
}
async function viaType(db: PlatformDb) {
  return db.delete(products);
}
async function viaTransaction(database: Database) {
  return database.platform.transaction(async (tx) => tx.insert(products).values([]));
}
async function beforeEnteringTheTenant(database: Database) {
  return database.withPlatformThenTenant(async (tx, enterTenant) => {
    await tx.select().from(products);
    const scoped = await enterTenant(id);
    return scoped.select().from(products);
  });
}`;
    expect(scan(planted).map((line) => line.split(':')[0])).toEqual(['5', '8', '11', '15']);
  });

  it('keeps a name to its own function: a later tenant transaction named tx is not the platform one', () => {
    const planted = `
import { products } from '../db/schema/products';
async function claim(database: Database) {
  return database.platform.transaction(async (tx) => tx.select().from(tenants));
}
async function fill(database: Database, id: string) {
  await database.withTenant(id, async (tx) => tx.insert(products).values([]));
  await database.platform.transaction(async (tx) => tx.insert(products).values([]));
}`;
    expect(scan(planted).map((line) => line.split(':')[0])).toEqual(['8']);
  });

  it('catches raw SQL naming a tenant table on the platform handle, and accepts it in a tenant scope', () => {
    const planted = `
import { products } from '../db/schema/products';
async function raw(database: Database) {
  await queryRows(database.platform, sql\`select count(*) from stock_movements\`);
  await database.platform.execute(sql\`update "products" set name = ''\`);
  await database.platform.execute(sql\`select * from \${products}\`);
  await queryRows(database.platform, sql\`select count(*) from tenants\`);
  await database.withTenant(id, (tx) => queryRows(tx, sql\`select count(*) from stock_movements\`));
}`;
    expect(scan(planted).map((line) => line.split(':')[0])).toEqual(['4', '5', '6']);
  });

  it('accepts an exception only with its reason on the line before', () => {
    const planted = `
import { products } from '../db/schema/products';
async function maintenance(database: Database) {
  // tenant-access: counts every shop's rows, reads none of them
  await database.platform.execute(sql\`select count(*) from products\`);
  await database.platform.execute(sql\`select count(*) from products\`);
}`;
    expect(scan(planted).map((line) => line.split(':')[0])).toEqual(['6']);
  });

  it('reads the SQL of the statements given to readFrequent, which run outside any tenant scope', () => {
    const planted = `
const SESSION_READ: FrequentRead = {
  key: 'session_read',
  statement: 'select s.id, (select u.email from users u where u.id = s.user_id) as email from sessions s where s.token = $1',
};
const STOCK_READ: FrequentRead = {
  key: 'stock_read',
  statement: \`select s.on_hand
                from sessions x
                join stock_levels s on s.tenant_id = x.tenant_id\`,
};
const SHOP_READ = { key: 'shop_read', statement: 'select name from products where id = $1' } satisfies FrequentRead;
const UNTYPED_READ = { key: 'untyped_read', statement: \`select * from "sales" where id = \${'$1'}\` };
export async function reads(database: Database) {
  await database.readFrequent(SESSION_READ, []);
  await database.readFrequent(STOCK_READ, []);
  await database.readFrequent(UNTYPED_READ, []);
  await database.readFrequent({ key: 'inline_read', statement: 'select 1 from customer_groups' }, []);
}`;
    expect(scan(planted)).toEqual([
      '6: FrequentRead statement naming tenant table stock_levels: readFrequent runs outside any tenant scope, use database.withTenant',
      '12: FrequentRead statement naming tenant table products: readFrequent runs outside any tenant scope, use database.withTenant',
      '13: FrequentRead statement naming tenant table sales: readFrequent runs outside any tenant scope, use database.withTenant',
      '18: FrequentRead statement naming tenant table customer_groups: readFrequent runs outside any tenant scope, use database.withTenant',
    ]);
  });

  it('accepts a FrequentRead of platform tables only, and an exception with its reason', () => {
    const planted = `
const TENANT_READ: FrequentRead = { key: 'tenant_read', statement: 'select t.id from tenant_domains d join tenants t on t.id = d.tenant_id' };
// tenant-access: counts every shop's rows, reads none of them
const COUNT_READ: FrequentRead = { key: 'count_read', statement: 'select count(*) from products' };
export const read = (database: Database) => database.readFrequent(TENANT_READ, []);`;
    expect(scan(planted)).toEqual([]);
  });
});
