import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, signInThroughForm } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import { callApi, measureHorizontalOverflow } from './support/page-helpers';
import { addMainShopTill } from './support/register';

// Sales history (issue 15), as the demo cashier Mercy Akinyi (her own sales only) and the demo
// manager: search and filters, a sale's page, the reprint says COPY and prints on an 80 mm roll,
// the receipt's barcode reads back (ZBar) as its receipt code, one line returned to the shelf with
// the cash refunded, and the CSV export. The demo's history is generated, so nothing here counts it:
// each test works on a sale of its own, made through the API on a till of this file's own.

const session = useBrowser();
const CASHIER = ACCOUNTS.history;
const MANAGER = ACCOUNTS.manager;
const runFile = promisify(execFile);

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;
const signedIn: Partial<Record<'cashier' | 'manager', StorageState>> = {};

interface MadeSale {
  id: string;
  receiptCode: string;
  lines: Array<{ productName: string; totalMinor: number }>;
}

/** The till this file sells on: added by the owner at the Main shop, its shift opened by the cashier (beforeAll). */
const till = { registerId: '', shiftId: '' };

/** Two products in stock at this file's till, sold for cash with change: the sale as the server answers it. */
async function makeSale(page: Page): Promise<MadeSale> {
  const register = { id: till.registerId, openShift: { id: till.shiftId } };
  const products = await callApi<{ items: Array<{ variants: Array<{ id: string }> }> }>(page, 'GET', '/api/products?pageSize=50');
  const variantIds = products.items.flatMap((product) => product.variants.map((variant) => variant.id));
  const quote = await callApi<{ lines: Array<{ variantId: string; onHandMilli: number | null; totalMinor: number }> }>(page, 'POST', '/api/sales/quote', {
    registerId: register.id,
    lines: variantIds.map((variantId) => ({ variantId, quantityMilli: 2000 })),
  });
  const chosen = quote.lines.filter((line) => line.onHandMilli === null || line.onHandMilli >= 10_000).slice(0, 2);
  if (chosen.length < 2) throw new Error('The demo needs two products in stock');
  const lines = chosen.map((line) => ({ variantId: line.variantId, quantityMilli: 2000 }));
  const priced = await callApi<{ totalMinor: number }>(page, 'POST', '/api/sales/quote', { registerId: register.id, lines });
  const tenderedMinor = (Math.floor(priced.totalMinor / 100_000) + 1) * 100_000;
  const result = await callApi<{ sale: MadeSale }>(page, 'POST', '/api/sales', {
    id: crypto.randomUUID(),
    registerId: register.id,
    shiftId: register.openShift.id,
    lines,
    payments: [{ tender: 'cash', amountMinor: priced.totalMinor, tenderedMinor }],
    expectedTotalMinor: priced.totalMinor,
    ringUpAt: new Date().toISOString(),
  });
  return result.sale;
}

async function openAs(who: 'cashier' | 'manager', options: BrowserContextOptions = {}): Promise<Page> {
  const page = await session.openPage({ cookieConsent: 'accepted', viewport: { width: 1366, height: 768 }, ...options, storageState: signedIn[who] });
  await page.goto(appUrl('/admin/dashboard', CASHIER.subdomain));
  return page;
}

/** What ZBar reads in a screenshot of the element, as the browser draws it. */
async function decode(element: Locator): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'dukani-e2e-receipt-'));
  try {
    const file = join(dir, 'receipt.png');
    writeFileSync(file, await element.screenshot());
    const { stdout } = await runFile('zbarimg', ['--quiet', '--nodbus', file]);
    return stdout.split('\n').filter(Boolean);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  const owner = await session.openPage({ cookieConsent: 'accepted' });
  await signInThroughForm(owner, ACCOUNTS.owner);
  till.registerId = (await addMainShopTill(owner, 'History till', 'H')).id;
  await owner.context().close();

  for (const [who, account] of [
    ['cashier', CASHIER],
    ['manager', MANAGER],
  ] as const) {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, account);
    signedIn[who] = await page.context().storageState();
    if (who === 'cashier') {
      const shift = await callApi<{ id: string }>(page, 'POST', '/api/shifts', { registerId: till.registerId, openingFloatMinor: 500_000, denominations: null });
      till.shiftId = shift.id;
    }
    await page.context().close();
  }
});

describe('sales history', () => {
  it('the cashier finds her sale by receipt number and filters, opens it, reprints it (COPY, 80 mm) and its barcode reads as the receipt number', async () => {
    const page = await openAs('cashier', { deviceScaleFactor: 4 });
    const sale = await makeSale(page);
    await page.addInitScript(() => {
      Object.assign(window, { e2ePrinted: 0 });
    });

    // A cashier lands on the register; the history is a tab away.
    await page.goto(appUrl('/admin/sales', CASHIER.subdomain));
    await page.getByRole('link', { name: 'New sale' }).and(page.locator('[aria-current="page"]')).waitFor();
    await page.getByRole('navigation', { name: 'Sales area' }).getByRole('link', { name: 'History' }).click();
    const table = page.getByRole('table', { name: 'Sales' });
    await table.waitFor();

    await page.getByLabel('Search').fill(sale.receiptCode);
    await page.waitForURL((url) => url.searchParams.get('q') === sale.receiptCode);
    const row = table.getByRole('row').filter({ hasText: sale.receiptCode });
    await row.waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await row.getByText('Cash').waitFor();
    await row.getByText('Completed').waitFor();

    // Filters narrow the list on the server: paid by M-Pesa, it is not there; by cash and completed, it is.
    await page.getByLabel('Paid by').selectOption({ label: 'M-Pesa' });
    await page.getByRole('heading', { name: 'No sales match' }).waitFor();
    await page.getByLabel('Paid by').selectOption({ label: 'Cash' });
    await page.getByLabel('Status').selectOption({ label: 'Completed' });
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Nairobi' });
    await page.getByLabel('From').fill(today);
    await row.waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL((url) => !url.searchParams.has('q') && !url.searchParams.has('tender'));

    // The sale's page: lines, payments, the stock it moved, and the receipt to reprint.
    await page.goto(appUrl(`/admin/sales/${sale.id}`, CASHIER.subdomain));
    await page.getByRole('heading', { name: `Sale ${sale.receiptCode}`, level: 1 }).waitFor();
    const items = page.getByRole('table', { name: 'Items' });
    for (const line of sale.lines) await items.getByText(line.productName, { exact: true }).waitFor();
    await page.getByRole('table', { name: 'Stock movements' }).getByText(sale.receiptCode).first().waitFor();

    const receipt = page.getByRole('article', { name: `Receipt ${sale.receiptCode}` });
    await receipt.waitFor();
    const text = (await receipt.textContent())!.replace(/\s+/g, ' ');
    expect(text).toContain('COPY');
    expect(text).toContain(sale.receiptCode);
    expect(text).toMatch(/TOTAL\s*KSh [\d,]+\.\d\d/);
    expect(text).toMatch(/VAT [ABCE] \d+(\.\d+)?% on KSh/);
    expect(text).toMatch(/Change\s*KSh/);
    expect(text).toContain(CASHIER.fullName);

    // The browser's own reading of the @page rule: an 80 mm roll (the demo's receipt width).
    const pageSizes = await page.evaluate(() =>
      Array.from(document.styleSheets).flatMap((sheet) =>
        Array.from(sheet.cssRules)
          .filter((rule): rule is CSSPageRule => rule instanceof CSSPageRule)
          .map((rule) => rule.cssText),
      ),
    );
    expect(pageSizes.join('\n')).toMatch(/@page\s*\{[^}]*size: 80mm 297mm/);
    // In print, only the receipt shows, as wide as the roll less its margins.
    await page.emulateMedia({ media: 'print' });
    const printedWidthMm = await receipt.evaluate((element) => element.getBoundingClientRect().width / (96 / 25.4));
    expect(printedWidthMm).toBeLessThanOrEqual(80);
    await page.emulateMedia({ media: 'screen' });

    await page.evaluate(() => {
      window.print = () => {
        (window as unknown as { e2ePrinted: number }).e2ePrinted += 1;
      };
    });
    await page.getByRole('button', { name: 'Reprint receipt' }).click();
    await page.waitForFunction(() => (window as unknown as { e2ePrinted: number }).e2ePrinted === 1);

    expect(await decode(receipt.getByTestId('receipt-barcode'))).toEqual([`CODE-128:${sale.receiptCode}`]);
  });

  it('the cashier returns one line of a sale to the shelf and the cash goes back', async () => {
    const page = await openAs('cashier');
    const sale = await makeSale(page);
    await page.goto(appUrl(`/admin/sales/${sale.id}`, CASHIER.subdomain));
    await page.getByRole('heading', { name: `Sale ${sale.receiptCode}`, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Return items' }).click();
    const dialog = page.getByRole('dialog', { name: `Return from ${sale.receiptCode}` });
    const [first] = sale.lines;
    // Nothing chosen: the form says so and sends nothing.
    await dialog.getByRole('button', { name: /^Return and refund/ }).click();
    await dialog.getByText('Enter the quantity of at least one item to return').waitFor();
    await dialog.getByLabel(`Quantity of ${first!.productName}`).fill('1');
    await dialog.getByLabel(`Condition of ${first!.productName}`).selectOption({ label: 'Back on the shelf' });
    await dialog.getByLabel('Reason').selectOption({ label: 'Changed their mind' });
    await dialog.getByText(/^Refund KSh [\d,]+\.\d\d to: Cash$/).waitFor();
    await dialog.getByRole('button', { name: /^Return and refund KSh/ }).click();
    await dialog.waitFor({ state: 'detached' });

    const returns = page.getByRole('list', { name: 'Returns' });
    await returns.getByText(/^CN-\d{6}$/).waitFor();
    await page.getByText('Partly returned').first().waitFor();
    const movements = page.getByRole('table', { name: 'Stock movements' });
    await movements.getByRole('row').filter({ hasText: /CN-\d{6}/ }).filter({ hasText: '+1' }).waitFor();
    // The line shows what came back; asking for more than is left is refused on its field.
    await page.getByRole('button', { name: 'Return items' }).click();
    const again = page.getByRole('dialog', { name: `Return from ${sale.receiptCode}` });
    await again.getByLabel(`Quantity of ${first!.productName}`).fill('5');
    await again.getByLabel('Reason').selectOption({ label: 'Wrong item' });
    await again.getByRole('button', { name: /^Return and refund/ }).click();
    await again.getByText('At most 1 can be returned').waitFor();
  });

  it('the manager e-mails a receipt and exports the day’s sales as CSV; on a phone the history and the sale’s page fit', async () => {
    const cashierPage = await openAs('cashier');
    const sale = await makeSale(cashierPage);
    const page = await openAs('manager');
    await page.goto(appUrl(`/admin/sales/${sale.id}`, MANAGER.subdomain));
    await page.getByRole('heading', { name: `Sale ${sale.receiptCode}`, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'E-mail receipt' }).click();
    const dialog = page.getByRole('dialog', { name: `E-mail receipt ${sale.receiptCode}` });
    await dialog.getByLabel('Customer’s e-mail').fill('mteja@example.test');
    await dialog.getByRole('button', { name: 'Send receipt' }).click();
    await page.getByText('Receipt sent to mteja@example.test').waitFor();

    await page.goto(appUrl(`/admin/sales?tab=history&q=${encodeURIComponent(sale.receiptCode)}`, MANAGER.subdomain));
    await page.getByRole('table', { name: 'Sales' }).getByText(sale.receiptCode).waitFor();
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^sales-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    const rows = csv.trim().split(/\r?\n/);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(sale.receiptCode);

    const phone = await openAs('manager', { viewport: { width: 375, height: 667 } });
    await phone.goto(appUrl('/admin/sales?tab=history', MANAGER.subdomain));
    await phone.getByRole('table', { name: 'Sales' }).waitFor();
    const history = await measureHorizontalOverflow(phone);
    expect(history.scrollWidth).toBeLessThanOrEqual(history.viewportWidth);
    await phone.goto(appUrl(`/admin/sales/${sale.id}`, MANAGER.subdomain));
    await phone.getByRole('article', { name: `Receipt ${sale.receiptCode}` }).waitFor();
    await phone.getByRole('table', { name: 'Stock movements' }).waitFor();
    const salePage = await measureHorizontalOverflow(phone);
    expect(salePage.scrollWidth).toBeLessThanOrEqual(salePage.viewportWidth);
  });
});
