import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, signInThroughForm } from './support/accounts';
import { useBrowser } from './support/browser';

// The team (issue 20): the demo owner invites a cashier with a temporary password for the
// Westlands branch; the cashier must change it, then sees and works only at Westlands; a custom
// role without refunds is refused a return; deactivating the signed-in cashier ends the session.
const session = useBrowser();

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

const TILL = { viewport: { width: 1366, height: 768 }, cookieConsent: 'accepted' as const };
const NEW_CASHIER = { email: `team-${Date.now()}@demo.test`, fullName: 'Neema Wanjiru', subdomain: 'demo' };
const NEW_PASSWORD = 'Neema-Westlands-2026';

const api = (page: Page, path: string, init: { method?: string; body?: unknown } = {}) =>
  page.evaluate(
    async ({ path, method, body }) => {
      const response = await fetch(path, { method: method ?? 'GET', headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
      return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
    },
    { path, method: init.method, body: init.body },
  );

describe('team', () => {
  // One story, one test: the pages live for one test.
  it('invite with a temporary password at Westlands; a role without refunds is refused; deactivation ends the session', async () => {
    const ownerPage = await session.openPage(TILL);
    await signInThroughForm(ownerPage, ACCOUNTS.owner);
    await ownerPage.goto(ownerPage.url().replace(/\/admin.*$/, '/admin/team'));
    await ownerPage.getByRole('heading', { name: 'Team', level: 1 }).waitFor();
    await ownerPage.getByRole('button', { name: 'Invite' }).first().click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Invite a team member' });
    await dialog.getByLabel('Full name').fill(NEW_CASHIER.fullName);
    await dialog.getByLabel('E-mail').fill(NEW_CASHIER.email);
    await dialog.getByText('Westlands branch').click();
    await dialog.getByRole('button', { name: 'Invite' }).click();
    const shown = dialog.getByTestId('temporary-password');
    await shown.waitFor();
    const temporaryPassword = (await shown.textContent())!.trim();
    expect(temporaryPassword).toMatch(/^[A-Za-z0-9]{12}$/);
    await dialog.getByRole('button', { name: 'Done' }).click();

    const cashierPage = await session.openPage(TILL);
    await signInThroughForm(cashierPage, NEW_CASHIER, temporaryPassword);
    const change = cashierPage.getByRole('dialog', { name: 'Password Change Required' });
    await change.waitFor();
    await change.getByLabel('New Password').fill(NEW_PASSWORD);
    await change.getByLabel('Confirm Password').fill(NEW_PASSWORD);
    await change.getByRole('button', { name: 'Update Password' }).click();
    await change.waitFor({ state: 'detached' });

    const locations = (await api(cashierPage, '/api/locations')).body as { items: Array<{ name: string }> };
    expect(locations.items.map((location) => location.name)).toEqual(['Westlands branch']);
    const registers = (await api(cashierPage, '/api/registers')).body as { items: Array<{ locationName: string }> };
    expect(new Set(registers.items.map((register) => register.locationName))).toEqual(new Set(['Westlands branch']));

    const role = await api(ownerPage, '/api/team/roles', { method: 'POST', body: { name: `No refunds ${Date.now()}`, permissions: ['sales.sell', 'shifts.open_close'], maxDiscountPercent: 0 } });
    expect(role.status).toBe(201);
    const members = (await api(ownerPage, `/api/team/members?search=${encodeURIComponent(NEW_CASHIER.email)}`)).body as { items: Array<{ id: string; locationIds: string[] }> };
    const member = members.items[0]!;
    const assigned = await api(ownerPage, `/api/team/members/${member.id}`, { method: 'PATCH', body: { role: 'cashier', customRoleId: (role.body as { id: string }).id, locationIds: member.locationIds } });
    expect(assigned.status).toBe(200);
    const refused = await api(cashierPage, '/api/sale-returns', { method: 'POST', body: {} });
    expect(refused.status).toBe(403);
    const me = (await api(cashierPage, '/api/auth/session')).body as { user: { permissions: string[] } };
    expect(me.user.permissions).not.toContain('sales.refund');

    await ownerPage.getByLabel('Search').fill(NEW_CASHIER.fullName);
    const row = ownerPage.getByRole('row', { name: new RegExp(NEW_CASHIER.fullName) });
    await row.getByRole('button', { name: 'Manage' }).click();
    await ownerPage.getByRole('dialog', { name: NEW_CASHIER.fullName }).getByRole('button', { name: 'Deactivate' }).click();
    await ownerPage.getByRole('dialog', { name: NEW_CASHIER.fullName }).waitFor({ state: 'detached' });
    expect(((await api(cashierPage, '/api/auth/session')).body as { user: unknown }).user).toBeNull();
    expect((await api(cashierPage, '/api/registers')).status).toBe(401);
  });
});
