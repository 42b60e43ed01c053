import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../core/team/permissions.rules';
import { createTenant, createUser, TEST_PASSWORD, type TestTenant } from '../../tests/support/factories';
import { limitMember } from '../../tests/support/team-factories';
import { createTestApp, signInAs, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';
import { notify } from './notifications.service';

let testApp: TestApp;
let shop: TestTenant;
let other: TestTenant;
const HOST = 'notes.localhost:3000';

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createTenant(testApp.database, { subdomain: 'notes' });
  other = await createTenant(testApp.database, { subdomain: 'notes-other' });
  await testApp.database.withTenant(shop.id, async (tx) => {
    await notify(tx, shop.id, { kind: 'payment_completed', title: 'Payment received', body: 'KES 1,500.00 for Starter', link: '/admin/settings?tab=billing', permission: 'billing.manage' });
    await notify(tx, shop.id, { kind: 'low_stock', title: 'Low stock', body: 'Sugar 2kg is at 3', permission: 'inventory.manage' });
    await notify(tx, shop.id, { kind: 'announcement', title: 'Closed on Madaraka Day', body: 'The shop opens again on 2 June', permission: 'member' });
  });
  await testApp.database.withTenant(other.id, (tx) => notify(tx, other.id, { kind: 'announcement', title: 'Other shop news', body: 'x', permission: 'member' }));
});
afterAll(() => testApp.close());

async function member(role: string, tenantId = shop.id, host = HOST, permissions?: Permission[]) {
  const user = await createUser(testApp.database, testApp.deps.auth, { tenantId, role });
  if (permissions) await limitMember(testApp.database, tenantId, user.id, { permissions });
  const cookie = await signInAs(testApp, host, user.email, TEST_PASSWORD);
  return (path: string, options: { method?: string; body?: unknown } = {}) => testApp.request(path, { host, headers: { cookie }, ...options });
}

describe('notifications', () => {
  it('shows each person the notifications concerning a permission they hold, with an unread count', async () => {
    const titles = async (as: Awaited<ReturnType<typeof member>>) => (await as('/api/notifications')).json().notifications.map((n: { title: string }) => n.title).sort();
    const owner = await member('admin');
    expect(await titles(owner)).toEqual(['Closed on Madaraka Day', 'Low stock', 'Payment received']);
    expect((await owner('/api/notifications')).json().unreadCount).toBe(3);
    expect(await titles(await member('manager'))).toEqual(['Closed on Madaraka Day', 'Low stock']);
    expect(await titles(await member('cashier'))).toEqual(['Closed on Madaraka Day']);
    // A custom role that manages stock (and nothing of billing) is told about low stock, whatever its membership's role.
    const stockClerk = await member('cashier', shop.id, HOST, ['inventory.manage']);
    expect(await titles(stockClerk)).toEqual(['Closed on Madaraka Day', 'Low stock']);
  });

  it('marks one or all read, per person', async () => {
    const owner = await member('admin');
    const manager = await member('manager');
    const list = (await owner('/api/notifications')).json();
    const one = await owner('/api/notifications/read', { method: 'POST', body: { id: list.notifications[0].id } });
    expect(one.json().unreadCount).toBe(2);
    const all = await owner('/api/notifications/read', { method: 'POST', body: {} });
    expect(all.json().unreadCount).toBe(0);
    expect(all.json().notifications.every((n: { isRead: boolean }) => n.isRead)).toBe(true);
    expect((await manager('/api/notifications')).json().unreadCount).toBe(2);
    // Billing is not the manager's: its notification is not there to mark.
    const payment = list.notifications.find((n: { title: string }) => n.title === 'Payment received');
    expect((await manager('/api/notifications/read', { method: 'POST', body: { id: payment.id } })).status).toBe(404);
  });

  it("tenant B sees none of tenant A's notifications and cannot mark them", async () => {
    const otherCashier = await member('cashier', other.id, 'notes-other.localhost:3000');
    const list = (await otherCashier('/api/notifications')).json();
    expect(list.notifications.map((n: { title: string }) => n.title)).toEqual(['Other shop news']);
    const [aNotification] = await testApp.database.withTenant(shop.id, (tx) => queryRows<{ id: string }>(tx, sql`select id from notifications limit 1`));
    const marked = await otherCashier('/api/notifications/read', { method: 'POST', body: { id: aNotification!.id } });
    expect(marked.status).toBe(404);
  });
});
