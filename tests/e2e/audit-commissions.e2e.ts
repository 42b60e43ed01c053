import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, DEMO_PASSWORD, signInThroughForm } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import { callApi } from './support/page-helpers';
import { addItem, addMainShopTill, openRegisterScreen } from './support/register';

// The audit log and commissions (issue 20), in the demo shop as its owner Wanjiku on a till of this
// file's own: a price override at the register approved by the manager Otieno with his password
// shows in the audit log with its approver and the device; a commission rate set on the rates
// screen gives her a commission for today, which she marks as paid, and the period shows paid.
// Both screens fit a phone (375×667) and the 1366×768 till without sideways scrolling.
// The screens are at /admin/audit and /admin/commissions until the Team page gives them tabs.

const session = useBrowser();
const OWNER = ACCOUNTS.owner;
const TILL = { width: 1366, height: 768 };
const PHONE = { width: 375, height: 667 };
const KIMBO = { sku: 'KIMBO-1KG', name: 'Kimbo cooking fat 1 kg' };
const till = { id: '', name: '' };

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

beforeAll(async () => {
  const page = await session.openPage({ cookieConsent: 'accepted' });
  await signInThroughForm(page, OWNER);
  Object.assign(till, await addMainShopTill(page, 'Audit till', 'U'));
  await page.context().close();
});

async function ownerPage(viewport = TILL): Promise<Page> {
  const page = await session.openPage({ cookieConsent: 'accepted', viewport });
  await signInThroughForm(page, OWNER);
  return page;
}

async function fitsTheWindow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('the audit log', () => {
  it('shows a price override with its approver', async () => {
    const page = await ownerPage();
    await openRegisterScreen(page, OWNER.subdomain, till.name);
    await addItem(page, KIMBO.sku, KIMBO.name);
    await page.getByRole('button', { name: `Price or discount of ${KIMBO.name}` }).click();
    const lineDialog = page.getByRole('dialog', { name: KIMBO.name });
    await lineDialog.getByLabel('Price per unit (empty: list price)').fill('300');
    await lineDialog.getByRole('button', { name: 'Apply' }).click();

    const needed = page.getByRole('region', { name: 'Manager approval needed' });
    await needed.getByRole('button', { name: 'Ask a manager' }).click();
    const approval = page.getByRole('dialog', { name: 'Manager approval' });
    await approval.getByLabel('Manager’s e-mail').fill(ACCOUNTS.manager.email);
    await approval.getByLabel('Password', { exact: true }).check();
    await approval.getByLabel('Manager’s password').fill(DEMO_PASSWORD);
    await approval.getByRole('button', { name: 'Approve' }).click();
    await approval.waitFor({ state: 'detached' });
    await needed.waitFor({ state: 'detached' });
    await page.keyboard.press('F12');
    const toastText = await page.getByText(/^Sale [A-Z0-9]+-\d{6} completed$/).textContent();
    const receiptCode = toastText!.replace(/^Sale | completed$/g, '');

    await page.goto(appUrl('/admin/audit', OWNER.subdomain));
    await page.getByLabel('Action').selectOption({ label: 'Price override' });
    const log = page.getByRole('table', { name: 'Audit log' });
    const row = log.getByRole('row').filter({ hasText: 'Otieno Ouma' }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('Wanjiku Kamau');
    expect(await row.textContent()).toContain('Price override');
    await row.getByRole('button', { name: 'Details' }).click();
    const details = page.getByRole('dialog', { name: 'Price override' });
    await details.getByText('Otieno Ouma').waitFor();
    expect(await details.getByText(/Chrome|HeadlessChrome/).count()).toBeGreaterThan(0);
    expect(await details.getByRole('definition').filter({ hasText: '30000' }).count()).toBeGreaterThan(0);

    // The API agrees: the event names the sale of that receipt and the approver.
    const found = await callApi<{ items: { id: string }[] }>(page, 'GET', `/api/sales?q=${encodeURIComponent(receiptCode)}`);
    const events = await callApi<{ items: { entityId: string; approvedByName: string | null; actorName: string | null }[] }>(page, 'GET', '/api/audit-events?action=sale.price_override');
    expect(events.items.find((event) => event.entityId === found.items[0]!.id)).toMatchObject({ approvedByName: 'Otieno Ouma', actorName: 'Wanjiku Kamau' });
  });

  it('fits a phone', async () => {
    const page = await ownerPage(PHONE);
    await page.goto(appUrl('/admin/audit', OWNER.subdomain));
    await page.getByRole('table', { name: 'Audit log' }).waitFor();
    await fitsTheWindow(page);
  });
});

describe('commissions', () => {
  it('a rate set on the rates screen, the report for today, and a payout that locks it', async () => {
    const page = await ownerPage();
    await page.goto(appUrl('/admin/commissions?view=rates', OWNER.subdomain));
    await page.getByLabel('Rate (%)').fill('5');
    await page.getByRole('button', { name: 'Save rate' }).click();
    await page.getByRole('table', { name: 'Commission rates' }).getByText('5% of net sales').waitFor();

    await page.getByRole('tab', { name: 'Report and payouts' }).click();
    await page.getByLabel('Period').selectOption({ label: 'Today' });
    const report = page.getByRole('table', { name: 'Commission by person' });
    const row = report.getByRole('row').filter({ hasText: 'Wanjiku Kamau' });
    await row.waitFor();
    const shown = await row.getByRole('cell').nth(3).textContent();
    await row.getByRole('button', { name: 'Mark as paid' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark Wanjiku Kamau’s commission as paid' });
    await dialog.getByLabel('Note (optional)').fill('Paid by M-Pesa');
    await dialog.getByRole('button', { name: 'Record payout' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText(/^Paid /).waitFor();
    expect(await row.getByRole('button', { name: 'Mark as paid' }).count()).toBe(0);

    const payouts = await callApi<{ items: { commissionMinor: number; note: string | null; paidByName: string | null }[] }>(page, 'GET', '/api/commission-payouts');
    expect(payouts.items[0]).toMatchObject({ note: 'Paid by M-Pesa', paidByName: 'Wanjiku Kamau' });
    expect(shown).toBe(`KSh ${(payouts.items[0]!.commissionMinor / 100).toLocaleString('en-KE', { minimumFractionDigits: 2 })}`);
    expect(payouts.items[0]!.commissionMinor).toBeGreaterThan(0);

    // The payout is in the audit log.
    const events = await callApi<{ items: unknown[] }>(page, 'GET', '/api/audit-events?action=commission.payout');
    expect(events.items).toHaveLength(1);
  });

  it('fits a phone', async () => {
    const page = await ownerPage(PHONE);
    await page.goto(appUrl('/admin/commissions', OWNER.subdomain));
    await page.getByRole('table', { name: 'Commission by person' }).or(page.getByText('No sales in this period')).first().waitFor();
    await fitsTheWindow(page);
  });
});
