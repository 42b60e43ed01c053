import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, signInThroughForm, toast } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import { uniqueSuffix } from './support/catalog';
import { callApi, measureHorizontalOverflow } from './support/page-helpers';

// The Reports screen in the browser (issue 18), as the demo owner (a trial: every feature): Sales
// by category opens from its address for last month, then this month (the e2e server seeds a day
// of demo sales), sorts from a header and keeps it over a reload, downloads its CSV and PDF (read
// back: the header, a category's row, the PDF's text), is saved, pinned to the dashboard, opened
// again from ?saved=<id> and deleted. A Starter shop (reports, but no analyses, exports or saved
// reports) finds the analyses and the files locked with the upgrade badge, and the API answers 402;
// a shop on a retired plan without reports finds the Reports item and screen locked.

const session = useBrowser();
const OWNER = ACCOUNTS.owner;
const DEMO = OWNER.subdomain;
const DESKTOP = { width: 1366, height: 768 };

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;
let ownerState: StorageState;

beforeAll(async () => {
  const page = await session.openPage({ cookieConsent: 'accepted' });
  await signInThroughForm(page, OWNER);
  ownerState = await page.context().storageState();
  await page.context().close();
}, 120_000);

async function openAsOwner(path: string): Promise<Page> {
  const page = await session.openPage({ cookieConsent: 'accepted', viewport: DESKTOP, storageState: ownerState, acceptDownloads: true });
  await page.goto(appUrl(path, DEMO));
  return page;
}

/** Clicks a download button and answers the saved file's name and bytes. */
async function download(page: Page, button: string): Promise<{ name: string; body: Buffer }> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const file = await downloading;
  return { name: file.suggestedFilename(), body: readFileSync((await file.path())!) };
}

describe('Reports', () => {
  it('shows sales by category for a period, downloads its CSV and PDF, saves it and pins it to the dashboard', async () => {
    const page = await openAsOwner('/admin/reports?report=sales-by-category&preset=last_month');
    await page.getByRole('heading', { name: 'Sales by category', level: 2 }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Period' }).inputValue()).toBe('last_month');
    // The report's own list in the picker marks it as the one open.
    expect(await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: /^Sales by category/ }).getAttribute('aria-current')).toBe('page');
    // Last month is read (the server seeds today's sales only, so it may well be empty).
    await page.locator('#report-print').or(page.getByText('Nothing in this report')).first().waitFor();

    // This month holds the demo's sales: the address follows the choice.
    await page.getByRole('combobox', { name: 'Period' }).selectOption('this_month');
    await page.waitForURL((url) => !url.searchParams.has('preset'));
    const table = page.getByRole('table', { name: 'Sales by category' });
    await table.waitFor();
    const headers = await table.getByRole('columnheader').allInnerTexts();
    expect(headers.map((text) => text.trim())).toEqual(expect.arrayContaining(['Category', 'Net sales (incl. VAT)', 'Gross profit']));
    const firstRow = table.getByRole('row').nth(1);
    const category = (await firstRow.getByRole('cell').first().innerText()).trim();
    expect(category.length).toBeGreaterThan(0);
    await table.getByRole('row', { name: /^Total/ }).waitFor();

    // A header sorts on the server, says so with aria-sort, and the order survives a reload.
    await table.getByRole('button', { name: 'Sort by Category' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'categoryName' && url.searchParams.get('dir') === 'asc');
    await table.locator('th[aria-sort="ascending"]').getByRole('button', { name: 'Sort by Category' }).waitFor();
    await page.reload();
    await page.getByRole('table', { name: 'Sales by category' }).locator('th[aria-sort="ascending"]').getByRole('button', { name: 'Sort by Category' }).waitFor();

    // The CSV: its header and the category's row.
    const csv = await download(page, 'Download CSV');
    expect(csv.name).toMatch(/\.csv$/);
    const lines = csv.body.toString('utf8').replace(/^\uFEFF/, '').split(/\r?\n/).filter(Boolean);
    expect(lines[0]).toMatch(/Category/);
    expect(lines[0]).toMatch(/Net sales/);
    expect(lines.slice(1).some((line) => line.includes(category))).toBe(true);

    // The PDF: a real PDF whose text has the title and the category.
    const pdf = await download(page, 'Download PDF');
    expect(pdf.name).toMatch(/\.pdf$/);
    expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.body }).toString('utf8');
    expect(text).toContain('Sales by category');
    expect(text).toContain(category);

    // Saved under a name, then pinned to the dashboard.
    const name = `Categories ${uniqueSuffix()}`;
    await page.getByRole('button', { name: 'Save report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this report' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, `${name} saved`).waitFor();
    const saved = page.getByRole('region', { name: 'Saved reports' });
    await saved.getByRole('link', { name }).waitFor();
    const { items } = await callApi<{ items: Array<{ id: string; name: string; reportKey: string; params: { sort?: string; dir?: string } }> }>(page, 'GET', '/api/saved-reports');
    const item = items.find((entry) => entry.name === name)!;
    expect(item).toMatchObject({ reportKey: 'sales-by-category', params: { sort: 'categoryName', dir: 'asc' } });

    await saved.getByRole('button', { name: `Pin ${name} to the dashboard` }).click();
    await toast(page, `${name} is on the dashboard`).waitFor();
    const dashboard = await callApi<{ pinned: Array<{ id: string; name: string }> }>(page, 'GET', '/api/dashboard');
    expect(dashboard.pinned).toEqual(expect.arrayContaining([expect.objectContaining({ id: item.id, name })]));

    // The dashboard lists it, and its link opens the report with the saved choices.
    await page.goto(appUrl('/admin/dashboard', DEMO));
    await page.getByRole('region', { name: 'Pinned reports' }).getByRole('link', { name }).click();
    await page.waitForURL((url) => url.searchParams.get('opened') === item.id && url.searchParams.get('report') === 'sales-by-category');
    expect(new URL(page.url()).searchParams.get('sort')).toBe('categoryName');
    await page.getByText(`Saved report: ${name}`).waitFor();
    await page.getByRole('table', { name: 'Sales by category' }).waitFor();

    // Deleted: gone from the list and from the dashboard.
    await page.getByRole('region', { name: 'Saved reports' }).getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete saved report' }).click();
    await toast(page, `${name} deleted`).waitFor();
    const after = await callApi<{ pinned: Array<{ id: string }> }>(page, 'GET', '/api/dashboard');
    expect(after.pinned.some((entry) => entry.id === item.id)).toBe(false);
  });

  it('fits a phone and a laptop without sideways scrolling, the picker a select on the phone', async () => {
    for (const viewport of [{ width: 375, height: 667 }, DESKTOP]) {
      const page = await session.openPage({ cookieConsent: 'accepted', viewport, storageState: ownerState });
      await page.goto(appUrl('/admin/reports?report=sales-by-variant', DEMO));
      await page.getByRole('table', { name: 'Sales by variant' }).or(page.getByText('Nothing in this report')).first().waitFor();
      const picker = page.getByRole('combobox', { name: 'Report' });
      expect(await picker.isVisible()).toBe(viewport.width < 1024);
      if (viewport.width < 1024) {
        // The phone's select opens another report, keeping the period.
        await picker.selectOption('sales-by-tender');
        await page.getByRole('heading', { name: 'Sales by payment method', level: 2 }).waitFor();
        await page.getByRole('table', { name: 'Sales by payment method' }).or(page.getByText('Nothing in this report')).first().waitFor();
      }
      const { scrollWidth, viewportWidth } = await measureHorizontalOverflow(page);
      expect(scrollWidth).toBeLessThanOrEqual(viewportWidth);
      await page.context().close();
    }
  });

  it('the owner turns the daily summary e-mail on at a closing time', async () => {
    const page = await openAsOwner('/admin/reports?report=sales-by-tender');
    const panel = page.getByRole('region', { name: 'Daily summary e-mail' });
    const before = await callApi<{ dailySummaryEnabled: boolean; closingTime: string }>(page, 'GET', '/api/reports/settings');
    try {
      const enabled = panel.getByRole('switch', { name: 'Send the daily summary' });
      await enabled.waitFor();
      if ((await enabled.getAttribute('aria-checked')) !== 'true') await enabled.click();
      await panel.getByLabel('Closing time').fill('21:30');
      await panel.getByRole('button', { name: 'Save settings' }).click();
      await toast(page, 'Daily summary settings saved').waitFor();
      expect(await callApi(page, 'GET', '/api/reports/settings')).toMatchObject({ dailySummaryEnabled: true, closingTime: '21:30' });
    } finally {
      await callApi(page, 'PUT', '/api/reports/settings', { dailySummaryEnabled: before.dailySummaryEnabled, closingTime: before.closingTime });
    }
  });

  it('on the Starter plan the analyses, the files and saving are locked with the upgrade badge, and the API answers 402', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted', viewport: DESKTOP });
    await signInThroughForm(page, ACCOUNTS.kioskOwner);
    const kiosk = ACCOUNTS.kioskOwner.subdomain;

    // An analysis (advanced_analytics): locked, with the badge and the way to the plans.
    await page.goto(appUrl('/admin/reports?report=sales-by-hour', kiosk));
    const locked = page.getByRole('main').locator('section[data-locked]');
    await locked.getByRole('heading', { name: 'Sales by hour of day' }).waitFor();
    // The way to the plans (its words are the inventory catalog's "See plans").
    await locked.locator('a[href="/admin/settings?tab=billing"]').waitFor();
    expect(await locked.innerText()).toMatch(/Pro/);
    const picker = page.getByRole('navigation', { name: 'Reports' });
    expect((await picker.getByRole('link', { name: /^Sales by hour of day/ }).innerText()).replace(/\s+/g, ' ')).toContain('Pro');

    // A report the plan has: shown, but the files and saving are locked beside the badge.
    await page.goto(appUrl('/admin/reports?report=sales-by-category&preset=this_year', kiosk));
    await page.locator('#report-print').or(page.getByText('Nothing in this report')).first().waitFor();
    expect(await page.getByRole('button', { name: 'Download CSV' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Download PDF' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save report' }).isDisabled()).toBe(true);
    expect(await page.locator('[data-locked]').count()).toBeGreaterThan(0);

    const statuses = await page.evaluate(async () =>
      Promise.all(['/api/reports/sales-by-hour', '/api/reports/sales-by-category?format=csv', '/api/reports/sales-by-category?format=pdf', '/api/saved-reports'].map(async (path) => (await fetch(path)).status)),
    );
    expect(statuses).toEqual([402, 402, 402, 402]);
  });

  it('on a plan without reports the sidebar item carries the upgrade badge, the screen is locked, and the API answers 402', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted', viewport: DESKTOP });
    await signInThroughForm(page, ACCOUNTS.mtaaOwner);
    const mtaa = ACCOUNTS.mtaaOwner.subdomain;
    await page.goto(appUrl('/admin/dashboard', mtaa));
    const item = page.getByRole('navigation').locator('a[data-locked]', { hasText: 'Reports' });
    await item.waitFor();
    expect(await item.getAttribute('href')).toBe('/admin/settings?tab=billing');
    expect((await item.innerText()).replace(/\s+/g, ' ')).toMatch(/Reports\s*Pro/);

    await page.goto(appUrl('/admin/reports', mtaa));
    const locked = page.getByRole('main').locator('section[data-locked]');
    await locked.getByRole('heading', { name: 'Reports' }).waitFor();
    expect(await locked.innerText()).toContain('Upgrade to Pro for detailed sales, profit and stock reports.');
    await locked.getByRole('link', { name: 'See plans' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/settings' && url.searchParams.get('tab') === 'billing');

    const statuses = await page.evaluate(async () =>
      Promise.all(['/api/reports/sales-by-period', '/api/reports/sales-by-category?format=pdf', '/api/dashboard'].map(async (path) => (await fetch(path)).status)),
    );
    expect(statuses).toEqual([402, 402, 200]);
  });
});
