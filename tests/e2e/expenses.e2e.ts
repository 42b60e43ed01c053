import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, signInThroughForm, toast } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import { uniqueSuffix } from './support/catalog';
import { callApi } from './support/page-helpers';
import { addMainShopTill } from './support/register';

// Expenses in the browser (issue 16): the demo manager records an expense with a photo of its
// receipt, finds it in the list and opens the photo; a cashier with an open shift records a cash
// expense from the shift when the shop allows it, and is refused (with the server's message) when not.

const session = useBrowser();

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

const DEMO = ACCOUNTS.manager.subdomain;
// The contacts area's cashier: no other file opens a shift as him.
const CASHIER = ACCOUNTS.counter;

/** A small real JPEG, as a phone camera would save it. */
async function receiptPhoto(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'dukani-expense-'));
  const path = join(folder, 'receipt.jpg');
  await writeFile(path, await sharp({ create: { width: 320, height: 480, channels: 3, background: '#f4efe6' } }).jpeg({ quality: 80 }).toBuffer());
  return path;
}

describe('expenses', () => {
  it('the manager records an expense with a receipt photo, sees it in the list and opens the photo', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.manager);
    const description = `Fundi fixed the shutter ${uniqueSuffix()}`;

    await page.goto(appUrl('/admin/purchases/expenses/new', DEMO));
    await page.getByLabel('Category').selectOption({ label: 'Repairs and maintenance' });
    await page.getByLabel('What it was for').fill(description);
    await page.getByLabel('Amount', { exact: true }).fill('1,250.50');
    await page.getByLabel('Paid from').selectOption({ label: 'M-Pesa' });
    await page.getByLabel('Reference (optional)').fill('SGH7K2LQ9P');
    await page.getByLabel('Receipt photo or PDF (optional)').setInputFiles(await receiptPhoto());
    await page.getByRole('status').filter({ hasText: 'Receipt uploaded: receipt.jpg' }).waitFor();
    await page.getByRole('img', { name: 'Preview of the receipt' }).waitFor();
    await page.getByRole('button', { name: 'Record expense' }).click();

    await page.getByRole('heading', { name: /^Expense EXP-\d{6}$/ }).waitFor();
    const photo = page.getByRole('img', { name: /^Receipt of EXP-\d{6}$/ });
    await photo.waitFor();
    // The photo is served by the expense (decoded by the browser: a real image).
    expect(await photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

    await page.goto(appUrl(`/admin/purchases/expenses?q=${encodeURIComponent(description)}`, DEMO));
    const row = page.getByRole('table', { name: 'Expenses' }).getByRole('row').filter({ hasText: description });
    await row.waitFor();
    expect(await row.getByText('1,250.50').count()).toBe(1);
    await row.getByRole('link').first().click();
    await page.getByRole('img', { name: /^Receipt of EXP-\d{6}$/ }).waitFor();
  });

  it('a cashier records a cash expense from the open shift when the shop allows it, and is refused when not', async () => {
    const owner = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(owner, ACCOUNTS.owner);
    const till = await addMainShopTill(owner, 'Expense till', 'E');
    await callApi(owner, 'PUT', '/api/settings/purchases', { cashiersRecordCashPurchases: true });

    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, CASHIER);
    const shift = await callApi<{ id: string }>(page, 'POST', '/api/shifts', { registerId: till.id, openingFloatMinor: 100_000, denominations: null });
    await page.goto(appUrl(`/admin/sales/shifts/${shift.id}`, DEMO));
    await page.getByRole('button', { name: 'Record an expense' }).click();
    let dialog = page.getByRole('dialog', { name: 'Record an expense' });
    await dialog.getByLabel('Category').selectOption({ label: 'Transport' });
    await dialog.getByLabel('What it was for').fill('Boda to the wholesaler');
    await dialog.getByLabel('Amount').fill('300');
    await dialog.getByRole('button', { name: 'Record expense' }).click();
    await toast(page, ' recorded').waitFor();
    // Float 1,000.00 less 300.00 leaves 700.00 expected in the drawer.
    const report = await callApi<{ expectedCashMinor: number }>(page, 'GET', `/api/shifts/${shift.id}/report`);
    expect(report.expectedCashMinor).toBe(70_000);

    // The shop stops allowing it while the page is open: the server refuses with its reason.
    await callApi(owner, 'PUT', '/api/settings/purchases', { cashiersRecordCashPurchases: false });
    await page.getByRole('button', { name: 'Record an expense' }).click();
    dialog = page.getByRole('dialog', { name: 'Record an expense' });
    await dialog.getByLabel('Category').selectOption({ label: 'Transport' });
    await dialog.getByLabel('What it was for').fill('Matatu fare');
    await dialog.getByLabel('Amount').fill('150');
    await dialog.getByRole('button', { name: 'Record expense' }).click();
    await toast(page, 'The expense was not recorded', 'This shop does not let cashiers record expenses. Ask a manager.').waitFor();
    // Once the page reads the setting again, the button is gone.
    await page.reload();
    await page.getByRole('button', { name: 'Cash out' }).waitFor();
    expect(await page.getByRole('button', { name: 'Record an expense' }).count()).toBe(0);
  });
});
