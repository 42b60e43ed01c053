import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, TEST_PASSWORD, type TestTenant } from '../../tests/support/factories';
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
    await notify(tx, shop.id, { kind: 'payment_completed', title: 'Payment received', body: 'KES 1,500.00 for Starter', link: '/admin/settings?tab=billing', minRole: 'admin' });
    await notify(tx, shop.id, { kind: 'low_stock', title: 'Low stock', body: 'Sugar 2kg is at 3', minRole: 'cashier' });
  });
  await testApp.database.withTenant(other.id, (tx) => notify(tx, other.id, { kind: 'low_stock', title: 'Other shop stock', body: 'x', minRole: 'cashier' }));
});
afterAll(() => testApp.close());

async function member(role: string, tenantId = shop.id, host = HOST) {
  const user = await createUser(testApp.database, testApp.deps.auth, { tenantId, role });
  const cookie = await signInAs(testApp, host, user.email, TEST_PASSWORD);
  return (path: string, options: { method?: string; body?: unknown } = {}) => testApp.request(path, { host, headers: { cookie }, ...options });
}

describe('notifications', () => {
  it('shows each person the notifications for their role, newest first, with an unread count', async () => {
    const owner = await member('admin');
    const cashier = await member('cashier');
    const ownerList = (await owner('/api/notifications')).json();
    expect(ownerList.notifications.map((n: { title: string }) => n.title).sort()).toEqual(['Low stock', 'Payment received']);
    expect(ownerList.unreadCount).toBe(2);
    const cashierList = (await cashier('/api/notifications')).json();
    expect(cashierList.notifications.map((n: { title: string }) => n.title)).toEqual(['Low stock']);
  });

  it('marks one or all read, per person', async () => {
    const owner = await member('admin');
    const manager = await member('manager');
    const list = (await owner('/api/notifications')).json();
    const one = await owner('/api/notifications/read', { method: 'POST', body: { id: list.notifications[0].id } });
    expect(one.json().unreadCount).toBe(1);
    const all = await owner('/api/notifications/read', { method: 'POST', body: {} });
    expect(all.json().unreadCount).toBe(0);
    expect(all.json().notifications.every((n: { isRead: boolean }) => n.isRead)).toBe(true);
    expect((await manager('/api/notifications')).json().unreadCount).toBe(1);
  });

  it("tenant B sees none of tenant A's notifications and cannot mark them", async () => {
    const otherCashier = await member('cashier', other.id, 'notes-other.localhost:3000');
    const list = (await otherCashier('/api/notifications')).json();
    expect(list.notifications.map((n: { title: string }) => n.title)).toEqual(['Other shop stock']);
    const [aNotification] = await testApp.database.withTenant(shop.id, (tx) => queryRows<{ id: string }>(tx, sql`select id from notifications limit 1`));
    const marked = await otherCashier('/api/notifications/read', { method: 'POST', body: { id: aNotification!.id } });
    expect(marked.status).toBe(404);
  });
});
