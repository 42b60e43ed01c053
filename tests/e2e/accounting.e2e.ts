import { readFileSync } from 'node:fs';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, signInThroughForm, toast } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import { MAIN_SHOP, uniqueSuffix } from './support/catalog';
import { callApi, shownAmount } from './support/page-helpers';
import { addItem, addMainShopTill, openRegisterScreen } from './support/register';

// The books in the browser (issue 17), as the demo owner on a till of this file's own: a sale made
// at the register shows in the journal as a balanced entry on the right accounts, and the month's
// profit and loss and VAT return grow by exactly its figures; a manual entry is refused while it does
// not balance and posted once it does; a lock date refuses an earlier expense with its reason; the
// balance sheet downloads as a PDF. A Starter shop finds the area locked and the API answers 402.

const session = useBrowser();
const OWNER = ACCOUNTS.owner;
const DEMO = OWNER.subdomain;
const DESKTOP = { width: 1366, height: 768 };

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;
let ownerState: StorageState;
const till = { id: '', name: '' };

beforeAll(async () => {
  const page = await session.openPage({ cookieConsent: 'accepted' });
  await signInThroughForm(page, OWNER);
  Object.assign(till, await addMainShopTill(page, 'Ledger till', 'L'));
  // The demo's history is posted once the server has seeded it: the figures are read after that.
  const deadline = Date.now() + 60_000;
  while ((await callApi<{ historyPostedAt: string | null }>(page, 'GET', '/api/accounting/settings')).historyPostedAt === null) {
    if (Date.now() > deadline) throw new Error('The demo shop’s history was not posted within a minute');
    await page.waitForTimeout(500);
  }
  ownerState = await page.context().storageState();
  await page.context().close();
}, 120_000);

async function openAsOwner(path: string): Promise<Page> {
  const page = await session.openPage({ cookieConsent: 'accepted', viewport: DESKTOP, storageState: ownerState });
  await page.goto(appUrl(path, DEMO));
  return page;
}

/** The amount in a table's row (found by its first cell's text) and column (0 is the row's label). */
async function amountIn(table: Locator, rowLabel: string | RegExp, column = 1): Promise<number> {
  const row = table.getByRole('row').filter({ has: table.page().getByRole('cell', { name: rowLabel }) }).first();
  return shownAmount(row.getByRole('cell').nth(column));
}

/** Today and earlier days in the shop's calendar (Nairobi), as YYYY-MM-DD. */
function shopDay(daysBefore = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date(Date.now() - daysBefore * 86_400_000));
}

/** The month's P&L (income and gross profit) and VAT return (16% sales net and VAT), as the screens show them. */
async function monthFigures(page: Page) {
  await page.goto(appUrl('/admin/accounting/reports?report=profit-and-loss&columns=none', DEMO));
  const profitAndLoss = page.getByRole('table', { name: 'Profit and loss' });
  await profitAndLoss.waitFor();
  const income = await amountIn(profitAndLoss, 'Total Income');
  const grossProfit = await amountIn(profitAndLoss, 'Gross profit');

  await page.goto(appUrl('/admin/accounting/overview', DEMO));
  await page.getByRole('link', { name: 'VAT return' }).click();
  const sales = page.getByRole('table', { name: 'Sales and output VAT' });
  await sales.waitFor();
  // Laid out as VAT3 asks: a row per rate.
  for (const band of ['General rated sales', 'Sales at the reduced rate', 'Zero-rated sales', 'Exempt sales']) {
    await sales.getByRole('cell', { name: band, exact: true }).waitFor();
  }
  return { income, grossProfit, standardNet: await amountIn(sales, 'General rated sales', 2), standardVat: await amountIn(sales, 'General rated sales', 3) };
}

describe('accounting', () => {
  it('a sale at the register posts a balanced entry on the right accounts, and the month’s P&L and VAT return grow by it', async () => {
    const page = await openAsOwner('/admin/accounting');
    await page.getByRole('heading', { name: 'Overview' }).waitFor();

    // A product of this test's own: 16% VAT, KSh 116.00 on the shelf (VAT included), bought at KSh 60.00.
    const suffix = uniqueSuffix();
    const name = `Ledger check tea 250 g ${suffix}`;
    const sku = `LEDGER-${suffix}`.toUpperCase();
    const locations = await callApi<{ items: Array<{ id: string; name: string }> }>(page, 'GET', '/api/locations');
    const main = locations.items.find((location) => location.name === MAIN_SHOP)!;
    await callApi(page, 'POST', '/api/products', {
      name,
      taxClass: 'standard',
      variants: [{ sku, costPriceMinor: 6_000, sellingPriceMinor: 11_600, openingStock: [{ locationId: main.id, quantityMilli: 10_000 }] }],
    });
    const before = await monthFigures(page);

    // One sold for exact cash on this file's till.
    await openRegisterScreen(page, DEMO, till.name);
    await addItem(page, sku, name);
    await expect.poll(() => page.getByTestId('register-total').textContent()).toBe('KSh 116.00');
    await page.keyboard.press('F9');
    const payment = page.getByRole('dialog', { name: 'Payment' });
    await payment.getByLabel('Cash received').press('Enter');
    await payment.getByRole('list', { name: 'Payments' }).getByText('KSh 0.00 left').waitFor();
    await payment.getByRole('button', { name: /^Complete sale/ }).click();
    const done = page.getByRole('dialog', { name: 'Sale complete' });
    const receiptCode = (await done.getByText(/^Receipt /).textContent())!.replace('Receipt ', '').trim();

    // The journal finds the sale's entry by its receipt; the entry links back to the sale.
    await page.goto(appUrl(`/admin/accounting/journal?sourceType=sale&q=${encodeURIComponent(receiptCode)}`, DEMO));
    const journal = page.getByRole('table', { name: 'Journal entries' });
    const row = journal.getByRole('row').filter({ has: page.getByRole('link', { name: `Sale ${receiptCode}` }) });
    await row.getByRole('link', { name: /^JE-\d{6}$/ }).click();
    await page.getByRole('heading', { name: /^Journal entry JE-\d{6}$/ }).waitFor();
    await page.getByRole('link', { name: `Sale ${receiptCode}` }).waitFor();

    // Cash 116.00 in; sales 100.00 and VAT 16.00 at 16% (116.00 × 16/116); the tea left the shelf at
    // its average cost, 60.00, from inventory to cost of goods sold. Debits 176.00 = credits 176.00.
    const lines = page.getByRole('table', { name: 'Lines' });
    const debitAndCredit = async (account: RegExp) => {
      const line = lines.getByRole('row').filter({ has: page.getByRole('cell', { name: account }) });
      const cells = await line.getByRole('cell').allInnerTexts();
      return cells.slice(-2).map((text) => text.trim());
    };
    expect(await debitAndCredit(/Cash at Main shop/)).toEqual(['KSh 116.00', '']);
    expect(await debitAndCredit(/Sales at 16% VAT/)).toEqual(['', 'KSh 100.00']);
    expect(await debitAndCredit(/VAT output at 16%/)).toEqual(['', 'KSh 16.00']);
    expect(await debitAndCredit(/Cost of goods sold/)).toEqual(['KSh 60.00', '']);
    expect(await debitAndCredit(/^\d+ Inventory$/)).toEqual(['', 'KSh 60.00']);
    expect(await lines.getByRole('row').count()).toBe(1 + 5 + 1);
    const totals = (await lines.getByRole('row').last().getByRole('cell').allInnerTexts()).map((text) => text.trim());
    expect(totals).toEqual(['Total', 'KSh 176.00', 'KSh 176.00']);

    // The month: income up by the sale net of VAT (100.00), gross profit by 100.00 − 60.00 = 40.00;
    // the 16% line of the VAT return by 100.00 of sales and 16.00 of output VAT.
    const after = await monthFigures(page);
    expect(after.income - before.income).toBe(10_000);
    expect(after.grossProfit - before.grossProfit).toBe(4_000);
    expect(after.standardNet - before.standardNet).toBe(10_000);
    expect(after.standardVat - before.standardVat).toBe(1_600);
  });

  it('refuses a manual entry that does not balance, then posts it once it does (Enter adds the balancing line)', async () => {
    const page = await openAsOwner('/admin/accounting/journal');
    await page.getByRole('link', { name: 'New entry' }).click();
    const form = page.getByRole('form', { name: 'New journal entry' });
    const memo = `Owner's capital paid into the bank ${uniqueSuffix()}`;
    await form.getByLabel('Memo').fill(memo);
    await form.getByLabel('Account of line 1').selectOption({ label: '1050 · Bank' });
    await form.getByLabel('Debit of line 1').fill('5,000');
    await form.getByLabel('Account of line 2').selectOption({ label: '3000 · Owner’s capital' });
    await form.getByLabel('Credit of line 2').fill('4000');
    // 5,000.00 − 4,000.00 = 1,000.00 short on the credit side.
    expect(await form.getByTestId('journal-difference').innerText()).toBe('KSh 1,000.00');
    await form.getByRole('button', { name: 'Post entry' }).click();
    await form.getByRole('alert').getByText('Debits and credits must be equal').waitFor();

    // Enter on the last line adds the line that balances it, its account chosen next.
    await form.getByLabel('Credit of line 2').press('Enter');
    const account3 = form.getByLabel('Account of line 3');
    await expect.poll(() => account3.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await form.getByLabel('Credit of line 3').inputValue()).toBe('1000.00');
    expect(await form.getByTestId('journal-difference').innerText()).toBe('KSh 0.00');
    await account3.selectOption({ label: '3000 · Owner’s capital' });
    await form.getByLabel('Credit of line 3').press('Enter');

    await toast(page, 'Entry JE-').waitFor();
    await page.getByRole('heading', { name: /^Journal entry JE-\d{6}$/ }).waitFor();
    await page.getByText(memo).waitFor();
    const totals = (await page.getByRole('table', { name: 'Lines' }).getByRole('row').last().getByRole('cell').allInnerTexts()).map((text) => text.trim());
    expect(totals).toEqual(['Total', 'KSh 5,000.00', 'KSh 5,000.00']);
  });

  it('a lock date refuses an expense dated before it, with its reason on the expense form', async () => {
    const page = await openAsOwner('/admin/accounting/settings');
    const lockDate = shopDay(1);
    const settings = page.getByRole('form', { name: 'Accounting settings' });
    try {
      await settings.getByLabel('Locked up to').fill(lockDate);
      await settings.getByLabel('Refuse documents dated on or before the lock date').check();
      await settings.getByRole('button', { name: 'Save settings' }).click();
      await toast(page, 'Accounting settings saved').waitFor();

      await page.goto(appUrl('/admin/purchases/expenses/new', DEMO));
      await page.getByLabel('Category').selectOption({ label: 'Transport' });
      await page.getByLabel('Date').fill(shopDay(2));
      await page.getByLabel('What it was for').fill(`Boda to the wholesaler ${uniqueSuffix()}`);
      await page.getByLabel('Amount', { exact: true }).fill('300');
      await page.getByRole('button', { name: 'Record expense' }).click();
      await page.locator('form').getByText(`The books are locked up to ${lockDate}: choose a later date`).waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/purchases/expenses/new');

      // Unlocked again through the screen.
      await page.goto(appUrl('/admin/accounting/settings', DEMO));
      await settings.getByRole('button', { name: 'No lock date' }).click();
      await settings.getByRole('button', { name: 'Save settings' }).click();
      await toast(page, 'Accounting settings saved').waitFor();
      expect((await callApi<{ lockDate: string | null }>(page, 'GET', '/api/accounting/settings')).lockDate).toBeNull();
    } finally {
      // Other files date their documents freely, whatever happened above.
      await callApi(page, 'PUT', '/api/accounting/settings', { lockDate: null });
    }
  });

  it('shows the balance sheet and downloads it as a PDF', async () => {
    const page = await openAsOwner('/admin/accounting/overview');
    await page.getByRole('link', { name: 'Balance sheet' }).click();
    const sheet = page.getByRole('table', { name: 'Balance sheet' });
    await sheet.getByRole('row', { name: /^Total liabilities and equity/ }).waitFor();
    // Assets = liabilities + equity (the current earnings included).
    expect(await amountIn(sheet, 'Total Assets')).toBe(await amountIn(sheet, 'Total liabilities and equity'));

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download PDF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect(readFileSync((await download.path())!).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('is locked on the Starter plan, and the API answers 402', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted', viewport: DESKTOP });
    await signInThroughForm(page, ACCOUNTS.kioskOwner);
    await page.goto(appUrl('/admin/accounting', ACCOUNTS.kioskOwner.subdomain));
    const locked = page.getByRole('main').locator('[data-locked]');
    await locked.getByRole('heading', { name: 'Accounting' }).waitFor();
    await locked.getByText('Upgrade to Pro for the double-entry ledger, VAT returns and financial statements.').waitFor();
    await locked.getByRole('link', { name: 'See plans' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Accounting area' }).count()).toBe(0);
    const status = await page.evaluate(async () => (await fetch('/api/accounting/overview')).status);
    expect(status).toBe(402);
  });
});
