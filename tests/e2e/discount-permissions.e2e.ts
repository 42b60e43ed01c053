import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, DEMO_PASSWORD, signInThroughForm } from './support/accounts';
import { useBrowser } from './support/browser';
import { uniqueSuffix } from './support/catalog';
import { callApi } from './support/page-helpers';
import { addItem, addMainShopTill, openRegisterScreen } from './support/register';

// Discounts by the seller's role at the register (issue 20): a custom role capped at 5% gives 5%
// on its own, and for 10% (within the demo shop's 10% limit, above the role's cap) the till asks
// for a manager's approval before the sale can be paid, as the checkout would; approved, it sells.
const session = useBrowser();

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

const TILL = { viewport: { width: 1366, height: 768 }, cookieConsent: 'accepted' as const };
const DEMO = ACCOUNTS.owner.subdomain;
const SELLER = { email: `capped-${Date.now()}@demo.test`, fullName: 'Halima Chepkoech', subdomain: DEMO };
const SELLER_PASSWORD = 'Halima-Capped-2026';
const KIMBO = { sku: 'KIMBO-1KG', name: 'Kimbo cooking fat 1 kg' };

/** The owner makes a role capped at 5% and invites the seller with a temporary password, replaced at their first sign-in. */
async function signInCappedSeller(owner: Page): Promise<Page> {
  const role = await callApi<{ id: string }>(owner, 'POST', '/api/team/roles', {
    name: `Capped at 5% ${uniqueSuffix()}`,
    permissions: ['sales.sell', 'sales.discount', 'shifts.open_close'],
    maxDiscountPercent: 5,
  });
  const invited = await callApi<{ temporaryPassword: string }>(owner, 'POST', '/api/team/invitations', {
    fullName: SELLER.fullName,
    email: SELLER.email,
    role: 'cashier',
    customRoleId: role.id,
    method: 'temporary_password',
  });
  const page = await session.openPage(TILL);
  await signInThroughForm(page, SELLER, invited.temporaryPassword);
  const change = page.getByRole('dialog', { name: 'Password Change Required' });
  await change.getByLabel('New Password').fill(SELLER_PASSWORD);
  await change.getByLabel('Confirm Password').fill(SELLER_PASSWORD);
  await change.getByRole('button', { name: 'Update Password' }).click();
  await change.waitFor({ state: 'detached' });
  return page;
}

async function discountLine(page: Page, percent: string) {
  await page.getByRole('button', { name: `Price or discount of ${KIMBO.name}` }).click();
  const lineDialog = page.getByRole('dialog', { name: KIMBO.name });
  // The dialog says where this seller's limit is.
  await lineDialog.getByText('A discount above 5% needs a manager’s approval.').waitFor();
  await lineDialog.getByLabel('Line discount').fill(percent);
  await lineDialog.getByRole('button', { name: 'Apply' }).click();
  await lineDialog.waitFor({ state: 'detached' });
}

describe('discounts by the seller’s role at the register', () => {
  it('a role capped at 5% gives 5% on its own and is asked for a manager’s PIN for 10%, then sells with the approval', async () => {
    const owner = await session.openPage(TILL);
    await signInThroughForm(owner, ACCOUNTS.owner);
    expect((await callApi<{ discountLimitBps: number }>(owner, 'GET', '/api/sales-settings')).discountLimitBps).toBe(1_000);
    const till = await addMainShopTill(owner, 'Capped till', 'C');

    const page = await signInCappedSeller(owner);
    await openRegisterScreen(page, DEMO, till.name);
    await addItem(page, KIMBO.sku, KIMBO.name);
    const needed = page.getByRole('region', { name: 'Manager approval needed' });

    // 5%: within the role's cap, nothing to approve (KSh 390 less 5% = KSh 370.50).
    await discountLine(page, '5');
    await expect.poll(() => page.getByTestId('register-total').textContent()).toBe('KSh 370.50');
    expect(await needed.count()).toBe(0);

    // 10%: the shop allows it, the role does not. No payment until a manager approves.
    await discountLine(page, '10');
    await needed.waitFor();
    expect(await needed.getByRole('listitem').textContent()).toContain(`${KIMBO.name}: A discount above your limit`);
    await page.keyboard.press('F12');
    await page.getByText('A manager must approve this sale’s prices first.').waitFor();
    await needed.getByRole('button', { name: 'Ask a manager' }).click();

    const approval = page.getByRole('dialog', { name: 'Manager approval' });
    await approval.getByText('A discount above your limit needs a manager.', { exact: false }).waitFor();
    // The PIN is asked first; the demo manager approves with their password here.
    await approval.getByLabel('Manager’s PIN').waitFor();
    await approval.getByLabel('Manager’s e-mail').fill(ACCOUNTS.manager.email);
    await approval.getByLabel('Password', { exact: true }).check();
    await approval.getByLabel('Manager’s password').fill(DEMO_PASSWORD);
    await approval.getByRole('button', { name: 'Approve' }).click();
    await approval.waitFor({ state: 'detached' });
    await needed.waitFor({ state: 'detached' });

    // Exact cash: KSh 390 less 10% = KSh 351.
    await page.keyboard.press('F12');
    const toastText = await page.getByText(/^Sale [A-Z0-9]+-\d{6} completed$/).textContent();
    const receiptCode = toastText!.replace(/^Sale | completed$/g, '');
    const sale = await callApi<{ totalMinor: number; discountMinor: number; cashierName: string }>(page, 'GET', `/api/sales/by-receipt/${receiptCode}`);
    expect(sale).toMatchObject({ totalMinor: 35_100, discountMinor: 3_900, cashierName: SELLER.fullName });
  }, 120_000);
});
