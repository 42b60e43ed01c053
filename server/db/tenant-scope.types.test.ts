import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../tests/support/factories';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-db';
import { getProduct } from '../products/products.service';
import { queryRows, type PlatformTx, type TenantTx } from './client';

// The tenant transaction is a branded type that only withTenant and withPlatformThenTenant make
// (docs/decisions/0012). `npm run typecheck` compiles this file: each @ts-expect-error below must
// stay an error, or the build fails with "Unused '@ts-expect-error' directive".
let database: TestDatabase;
let tenant: TestTenant;

beforeAll(async () => {
  database = await createTestDatabase();
  tenant = await createTenant(database);
});
afterAll(() => database.dispose());

export function wrongCallsThatMustNotCompile(platformTx: PlatformTx, productId: string) {
  // @ts-expect-error a platform transaction bypasses RLS: tenant services refuse it.
  void getProduct(platformTx, productId);
  // @ts-expect-error the platform handle's own transaction is no tenant transaction either.
  void database.platform.transaction((tx) => getProduct(tx, productId));
  // @ts-expect-error a cast through the platform type does not make a tenant scope.
  const forged: TenantTx = platformTx;
  return forged;
}

describe(`tenant scope (${process.env.TEST_DB})`, () => {
  it('withTenant hands out a transaction in the app role with the tenant set', async () => {
    const [scope] = await database.withTenant(tenant.id, (tx) =>
      queryRows<{ role: string; tenantId: string }>(tx, sql`select current_user as role, current_setting('app.tenant_id') as "tenantId"`),
    );
    expect(scope).toEqual({ role: 'dukani_app', tenantId: tenant.id });
  });

  it('withPlatformThenTenant writes platform rows first, then enters the tenant scope', async () => {
    const scope = await database.withPlatformThenTenant(async (tx, enterTenant) => {
      const [before] = await queryRows<{ tenantId: string }>(tx, sql`select coalesce(current_setting('app.tenant_id', true), '') as "tenantId"`);
      const scoped = await enterTenant(tenant.id);
      const [after] = await queryRows<{ role: string; tenantId: string }>(
        scoped,
        sql`select current_user as role, current_setting('app.tenant_id') as "tenantId"`,
      );
      return { before: before?.tenantId, after };
    });
    expect(scope).toEqual({ before: '', after: { role: 'dukani_app', tenantId: tenant.id } });
  });

  it('refuses a scope that is not a tenant uuid', async () => {
    await expect(database.withTenant('not-a-uuid', async () => undefined)).rejects.toThrow('A tenant scope needs a tenant uuid');
  });
});
