import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_VALIDITY_MINUTES } from '../../core/sales/sales.schemas';
import { createTestShop, type ShopRole, type TestShop } from '../../tests/support/catalog-shop';
import { createUser, TEST_PASSWORD } from '../../tests/support/factories';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';
import { HttpError } from '../http/errors';
import { createSalesShop, type SalesShop } from '../sales/sales-test-kit';
import { consumeApproval, PIN_LOCK_MINUTES, PIN_MAX_MISSES, type ApprovalUse } from './approvals.service';

// Approvals at the register (issue 15): a manager or admin of THIS shop approves with their
// e-mail and password or PIN at the cashier's screen; the approval is recorded and spent once by
// the document that needed it (consumeApproval), within APPROVAL_VALIDITY_MINUTES. PINs lock after
// PIN_MAX_MISSES misses in a row. Wrong credentials write no approval and never say what was wrong.

let testApp: TestApp;
let shop: SalesShop;
let other: TestShop;

const REFUSED = 'The e-mail, password or PIN is not right';

function approve(body: Record<string, unknown>, as: ShopRole = 'cashier', target: TestShop = shop) {
  return target.call('POST', '/api/approvals', { as, body: { action: 'discount', ...body } });
}

function byPassword(email: string, secret = TEST_PASSWORD, extra: Record<string, unknown> = {}) {
  return { email, method: 'password', secret, ...extra };
}

function byPin(email: string, secret: string, extra: Record<string, unknown> = {}) {
  return { email, method: 'pin', secret, ...extra };
}

async function setPin(as: ShopRole, pin: string) {
  const response = await shop.call('PUT', '/api/approval-pin', { as, body: { pin, currentPassword: TEST_PASSWORD } });
  expect(response.status).toBe(200);
  expect(response.json()).toEqual({ hasPin: true });
}

const approvalCount = (target: TestShop = shop) =>
  testApp.database.withTenant(target.tenant.id, async (tx) => {
    const [row] = await queryRows<{ count: number }>(tx, sql`select count(*)::int as count from approvals`);
    return row!.count;
  });

const pinRow = (userId: string) =>
  testApp.database.withTenant(shop.tenant.id, async (tx) => {
    const [row] = await queryRows<{ pin_hash: string; failed_attempts: number; locked: boolean }>(
      tx,
      sql`select pin_hash, failed_attempts, coalesce(locked_until > now(), false) as locked from approval_pins where user_id = ${userId}`,
    );
    return row ?? null;
  });

function expectRefused(response: { status: number; json(): { error: { code: string; message: string; fields?: Record<string, string[]> } } }, message = REFUSED) {
  expect(response.status).toBe(422);
  expect(response.json().error).toMatchObject({ code: 'approval_refused', message, fields: { secret: [message] } });
}

/** consumeApproval in its own transaction, as checkout or a void calls it (in theirs). */
function consume(target: TestShop, approvalId: string, use: Partial<ApprovalUse> = {}) {
  return testApp.database.withTenant(target.tenant.id, (tx) =>
    consumeApproval(tx, target.tenant.id, approvalId, { action: 'discount', usedByType: 'sale', usedById: randomUUID(), ...use }),
  );
}

async function newApproval(action = 'discount'): Promise<string> {
  const response = await approve({ ...byPassword(shop.users.manager.email), action }, 'manager');
  expect(response.status).toBe(201);
  return response.json().id;
}

async function expectInvalid(attempt: Promise<unknown>) {
  const error = await attempt.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(HttpError);
  expect(error).toMatchObject({ code: 'approval_invalid', status: 409 });
}

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createSalesShop(testApp);
  other = await createTestShop(testApp);
});
afterAll(() => testApp.close());

describe('approving', () => {
  it('approves with the manager’s e-mail and password, recording who asked, what, where and why', async () => {
    const response = await approve(
      byPassword(shop.users.manager.email.toUpperCase(), TEST_PASSWORD, {
        registerId: shop.registerId,
        reason: 'Regular customer',
        details: { variantId: randomUUID(), discountBps: 1500 },
      }),
    );
    expect(response.status).toBe(201);
    const approval = response.json();
    expect(approval).toMatchObject({ action: 'discount', approverId: shop.users.manager.id, approverName: 'Shop manager' });
    expect(Date.parse(approval.expiresAt) - Date.parse(approval.createdAt)).toBe(APPROVAL_VALIDITY_MINUTES * 60_000);
    const [row] = await testApp.database.withTenant(shop.tenant.id, (tx) =>
      queryRows<Record<string, unknown>>(
        tx,
        sql`select approver_id, requested_by, register_id, reason, details, method, used_at from approvals where id = ${approval.id}`,
      ),
    );
    expect(row).toMatchObject({
      approver_id: shop.users.manager.id,
      requested_by: shop.users.cashier.id,
      register_id: shop.registerId,
      reason: 'Regular customer',
      details: { discountBps: 1500 },
      method: 'password',
      used_at: null,
    });
  });

  it('approves with a PIN the manager set with their password; the PIN is stored only as a salted scrypt hash', async () => {
    expect((await shop.call('GET', '/api/approval-pin', { as: 'manager' })).json()).toEqual({ hasPin: false });
    const wrongPassword = await shop.call('PUT', '/api/approval-pin', { as: 'manager', body: { pin: '2468', currentPassword: 'not-my-password' } });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.json().error.fields.currentPassword).toEqual(['Current password is incorrect']);
    expect(await pinRow(shop.users.manager.id)).toBeNull();

    await setPin('manager', '2468');
    expect((await shop.call('GET', '/api/approval-pin', { as: 'manager' })).json()).toEqual({ hasPin: true });
    const stored = await pinRow(shop.users.manager.id);
    expect(stored!.pin_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/);
    expect(stored!.pin_hash).not.toContain('2468');

    const response = await approve(byPin(shop.users.manager.email, '2468', { registerId: shop.registerId }), 'cashier');
    expect(response.status).toBe(201);
    expect(response.json()).toMatchObject({ approverId: shop.users.manager.id, action: 'discount' });
    const [row] = await testApp.database.withTenant(shop.tenant.id, (tx) =>
      queryRows<{ method: string }>(tx, sql`select method from approvals where id = ${response.json().id}`),
    );
    expect(row!.method).toBe('pin');

    // Setting it again gives a fresh salt; the old PIN stops working.
    await setPin('manager', '1357');
    expect((await pinRow(shop.users.manager.id))!.pin_hash).not.toBe(stored!.pin_hash);
    expectRefused(await approve(byPin(shop.users.manager.email, '2468')));
    expect((await approve(byPin(shop.users.manager.email, '1357'))).status).toBe(201);
  });

  it('removes a PIN (password approvals still work); only managers and admins have PINs', async () => {
    const { id: userId, email } = await createUser(testApp.database, testApp.deps.auth, { tenantId: shop.tenant.id, role: 'manager' });
    await testApp.database.withTenant(shop.tenant.id, (tx) =>
      tx.execute(sql`insert into approval_pins (tenant_id, user_id, pin_hash) values (${shop.tenant.id}, ${userId}, 'scrypt$1$1$1$AA$AA')`),
    );
    expect((await shop.call('DELETE', '/api/approval-pin', { as: 'owner' })).status).toBe(204);
    expect(await pinRow(userId)).not.toBeNull();

    expect((await shop.call('GET', '/api/approval-pin', { as: 'cashier' })).status).toBe(403);
    expect((await shop.call('PUT', '/api/approval-pin', { as: 'cashier', body: { pin: '1234', currentPassword: TEST_PASSWORD } })).status).toBe(403);
    expect((await shop.call('DELETE', '/api/approval-pin', { as: 'cashier' })).status).toBe(403);

    await setPin('owner', '8080');
    expect((await approve(byPin(shop.users.owner.email, '8080'))).status).toBe(201);
    expect((await shop.call('DELETE', '/api/approval-pin', { as: 'owner' })).status).toBe(204);
    expect((await shop.call('GET', '/api/approval-pin', { as: 'owner' })).json()).toEqual({ hasPin: false });
    expectRefused(await approve(byPin(shop.users.owner.email, '8080')));
    expect((await approve(byPassword(shop.users.owner.email))).status).toBe(201);
    // A PIN stored in a form this server does not know opens nothing.
    expectRefused(await approve(byPin(email, '1234')));
  });

  it('refuses a cashier, a deactivated manager and another shop’s manager as approvers, with the same message', async () => {
    const before = await approvalCount();
    expectRefused(await approve(byPassword(shop.users.cashier.email), 'manager'));
    expectRefused(await approve(byPassword(other.users.manager.email)));
    expectRefused(await approve(byPassword(other.users.owner.email)));
    const former = await createUser(testApp.database, testApp.deps.auth, { tenantId: shop.tenant.id, role: 'manager' });
    await testApp.database.withTenant(shop.tenant.id, (tx) => tx.execute(sql`update tenant_users set is_active = false where user_id = ${former.id}`));
    expectRefused(await approve(byPassword(former.email)));
    expect(await approvalCount()).toBe(before);
    // The other shop's manager approves in their own shop.
    expect((await approve(byPassword(other.users.manager.email), 'cashier', other)).status).toBe(201);
  });

  it('refuses a wrong password, a wrong PIN and an unknown e-mail alike, writing nothing', async () => {
    const before = await approvalCount();
    expectRefused(await approve(byPassword(shop.users.manager.email, 'Wrong-Horse-42')));
    expectRefused(await approve(byPin(shop.users.manager.email, '0000')));
    expectRefused(await approve(byPassword('nobody@example.test')));
    expectRefused(await approve(byPin('nobody@example.test', '1234')));
    expect(await approvalCount()).toBe(before);
    // A wrong PIN counts a miss; the right one clears the count.
    expect((await pinRow(shop.users.manager.id))!.failed_attempts).toBe(1);
    expect((await approve(byPin(shop.users.manager.email, '1357'))).status).toBe(201);
    expect((await pinRow(shop.users.manager.id))!.failed_attempts).toBe(0);
  });

  it('answers 404 for another shop’s register, writing nothing', async () => {
    const before = await approvalCount();
    const theirs = await createSalesShop(testApp);
    const response = await approve(byPassword(shop.users.manager.email, TEST_PASSWORD, { registerId: theirs.registerId }));
    expect(response.status).toBe(404);
    expect(response.json().error.fields.registerId).toHaveLength(1);
    expect(await approvalCount()).toBe(before);
  });

  it(`locks a PIN after ${PIN_MAX_MISSES} misses in a row, even against the right PIN, until the lock passes`, async () => {
    const owner = shop.users.owner;
    await setPin('owner', '4321');
    const before = await approvalCount();
    for (let miss = 1; miss < PIN_MAX_MISSES; miss += 1) expectRefused(await approve(byPin(owner.email, '1111'), 'manager'));
    expect((await pinRow(owner.id))!.failed_attempts).toBe(PIN_MAX_MISSES - 1);
    const locked = `Too many wrong PINs. Try again in ${PIN_LOCK_MINUTES} minutes.`;
    expectRefused(await approve(byPin(owner.email, '1111'), 'manager'), locked);
    expect((await pinRow(owner.id))!.locked).toBe(true);
    expectRefused(await approve(byPin(owner.email, '4321'), 'manager'), locked);
    expect(await approvalCount()).toBe(before);
    // Their password still approves while the PIN is locked.
    expect((await approve(byPassword(owner.email), 'manager')).status).toBe(201);

    await testApp.database.withTenant(shop.tenant.id, (tx) =>
      tx.execute(sql`update approval_pins set locked_until = now() + interval '150 seconds' where user_id = ${owner.id}`),
    );
    expectRefused(await approve(byPin(owner.email, '4321'), 'manager'), 'Too many wrong PINs. Try again in 3 minutes.');
    await testApp.database.withTenant(shop.tenant.id, (tx) =>
      tx.execute(sql`update approval_pins set locked_until = now() - interval '1 second' where user_id = ${owner.id}`),
    );
    expect((await approve(byPin(owner.email, '4321'), 'manager')).status).toBe(201);
    expect(await pinRow(owner.id)).toMatchObject({ failed_attempts: 0, locked: false });
  });

  it('rate-limits wrong approvals per approver e-mail (429), counting only refusals', async () => {
    const email = `guess-${randomUUID().slice(0, 8)}@example.test`;
    for (let attempt = 0; attempt < 10; attempt += 1) expectRefused(await approve(byPassword(email, 'Guess-1234'), 'owner'));
    const limited = await approve(byPassword(email, 'Guess-1234'), 'owner');
    expect(limited.status).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
  });
});

describe('bad input', () => {
  it('answers a PIN of 3 or 7 digits or letters with 400 and a message on the field, writing nothing', async () => {
    const before = await approvalCount();
    for (const pin of ['123', '1234567', 'abcd', '12a4', ' 1234']) {
      const approval = await approve(byPin(shop.users.manager.email, pin));
      expect(approval.status).toBe(400);
      expect(approval.json().error.fields.secret).toEqual(['A PIN is 4 to 6 digits']);
      const setting = await shop.call('PUT', '/api/approval-pin', { as: 'manager', body: { pin, currentPassword: TEST_PASSWORD } });
      expect(setting.status).toBe(400);
      expect(setting.json().error.fields.pin).toEqual(['A PIN is 4 to 6 digits']);
    }
    const unknownAction = await approve({ ...byPassword(shop.users.manager.email), action: 'give_away' });
    expect(unknownAction.status).toBe(400);
    expect(unknownAction.json().error.fields.action).toHaveLength(1);
    const noSecret = await approve(byPassword(shop.users.manager.email, ''));
    expect(noSecret.json().error.fields.secret).toEqual(['Enter the password or PIN']);
    expect(await approvalCount()).toBe(before);
    // The manager's PIN is the one set before (1357).
    expect((await approve(byPin(shop.users.manager.email, '1357'))).status).toBe(201);
  });
});

describe('consumeApproval', () => {
  it('spends an approval once, for its own action, and tells who approved', async () => {
    const approvalId = await newApproval('void');
    await expectInvalid(consume(shop, approvalId, { action: 'discount' }));
    const saleId = randomUUID();
    expect(await consume(shop, approvalId, { action: 'void', usedById: saleId })).toEqual({ approverId: shop.users.manager.id });
    await expectInvalid(consume(shop, approvalId, { action: 'void' }));
    const [row] = await testApp.database.withTenant(shop.tenant.id, (tx) =>
      queryRows<{ used_by_type: string; used_by_id: string; used: boolean }>(
        tx,
        sql`select used_by_type, used_by_id, used_at is not null as used from approvals where id = ${approvalId}`,
      ),
    );
    expect(row).toEqual({ used_by_type: 'sale', used_by_id: saleId, used: true });
    await expectInvalid(consume(shop, randomUUID()));
  });

  it(`refuses an approval older than ${APPROVAL_VALIDITY_MINUTES} minutes`, async () => {
    const approvalId = await newApproval();
    // The application role may not move created_at (approvals are history): the owner connection
    // does, in the shop's scope (row-level security is forced on the owner too).
    await testApp.database.platform.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.tenant_id', ${shop.tenant.id}, true)`);
      await tx.execute(sql`update approvals set created_at = now() - make_interval(mins => ${APPROVAL_VALIDITY_MINUTES}, secs => 1) where id = ${approvalId}`);
    });
    await expectInvalid(consume(shop, approvalId));
  });

  it('gives another shop nothing to spend: shop A’s approval is invalid in shop B, and still good in A', async () => {
    const approvalId = await newApproval();
    await expectInvalid(consume(other, approvalId));
    // Even naming shop A's tenant inside B's scope: row-level security hides the row.
    await expectInvalid(
      testApp.database.withTenant(other.tenant.id, (tx) =>
        consumeApproval(tx, shop.tenant.id, approvalId, { action: 'discount', usedByType: 'sale', usedById: randomUUID() }),
      ),
    );
    expect(await consume(shop, approvalId)).toEqual({ approverId: shop.users.manager.id });
  });

  it('lets exactly one of several simultaneous uses win', async () => {
    const approvalId = await newApproval();
    const results = await Promise.allSettled([consume(shop, approvalId), consume(shop, approvalId), consume(shop, approvalId)]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'approval_invalid' });
    }
  });
});
