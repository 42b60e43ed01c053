import { randomBytes } from 'node:crypto';
import { createTenant, createUser, subscribeToPlan, TEST_PASSWORD, type TestTenant } from './factories';
import { defaultLocationId } from './catalog-factories';
import { signInAs, type TestApp, type TestResponse } from './test-app';

// For the catalog and stock tests: a shop with an owner (admin), a manager and a cashier signed in
// over HTTP, and one way to call the API as each of them.

export type ShopRole = 'owner' | 'manager' | 'cashier';

export interface ShopCallOptions {
  body?: unknown;
  as?: ShopRole;
  idempotencyKey?: string;
}

export interface TestShop {
  tenant: TestTenant;
  host: string;
  defaultLocationId: string;
  /** Session cookies by role, for requests `call` does not make (multipart uploads). */
  cookies: Record<ShopRole, string>;
  /** The shop's people by role (their password is TEST_PASSWORD): approvals, audit checks. */
  users: Record<ShopRole, { id: string; email: string }>;
  /** A JSON request as one of the shop's people (the owner unless `as` says otherwise). */
  call(method: string, path: string, options?: ShopCallOptions): Promise<TestResponse>;
}

export interface TestShopOptions {
  /** A paid plan, to test its features and limits (by default the shop is on a trial: every feature). */
  plan?: 'Starter' | 'Professional' | 'Enterprise';
}

export async function createTestShop(testApp: TestApp, options: TestShopOptions = {}): Promise<TestShop> {
  const subdomain = `shop-${randomBytes(4).toString('hex')}`;
  const host = `${subdomain}.localhost:3000`;
  const tenant = await createTenant(testApp.database, { subdomain });
  if (options.plan) await subscribeToPlan(testApp.database, tenant.id, options.plan);
  const cookies = {} as Record<ShopRole, string>;
  const users = {} as Record<ShopRole, { id: string; email: string }>;
  for (const [role, tenantRole] of [['owner', 'admin'], ['manager', 'manager'], ['cashier', 'cashier']] as const) {
    const user = await createUser(testApp.database, testApp.deps.auth, { tenantId: tenant.id, role: tenantRole, fullName: `Shop ${role}` });
    cookies[role] = await signInAs(testApp, host, user.email, TEST_PASSWORD);
    users[role] = { id: user.id, email: user.email };
  }
  return {
    tenant,
    host,
    defaultLocationId: await defaultLocationId(testApp.database, tenant.id),
    cookies,
    users,
    call: (method, path, callOptions = {}) =>
      testApp.request(path, {
        method,
        host,
        body: callOptions.body,
        headers: {
          // A fresh connection per call: after a long stretch of database work the server may
          // close an idle kept-alive socket just as the next request reuses it (ECONNRESET).
          connection: 'close',
          cookie: cookies[callOptions.as ?? 'owner'],
          ...(callOptions.idempotencyKey ? { 'idempotency-key': callOptions.idempotencyKey } : {}),
        },
      }),
  };
}
