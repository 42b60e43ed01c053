import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, signInThroughForm } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import { callApi, measureHorizontalOverflow, shownAmount } from './support/page-helpers';
import { addMainShopTill } from './support/register';

// The dashboard (issue 18) in the browser. The demo owner reads today's Sales and Number of sales,
// a cashier rings up a sale through the API, and after Refresh the owner's figures have grown by
// exactly that sale's total, worked out here from the catalog price (one at the selling price,
// VAT-inclusive, no discount), and by one sale; the hour chart's table shows the sale's hour on
// the shop's clock (Nairobi). The cashier's own dashboard is her shift: a manager's sale on
// another till leaves it as it was, her own sale adds exactly its total. The demo's history is
// generated, so nothing here counts it: only the differences are compared.

const session = useBrowser();
const OWNER = ACCOUNTS.owner;
const CASHIER = ACCOUNTS.counter;
const MANAGER = ACCOUNTS.manager;
const DEMO = OWNER.subdomain;
const DESKTOP = { width: 1366, height: 768 };

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;
type Who = 'owner' | 'cashier' | 'manager';
const signedIn: Partial<Record<Who, StorageState>> = {};

interface OpenShift {
  id: string;
  registerId: string;
  openedByName: string | null;
}

/** Where each seller rings up: the shift and its till. */
const shifts: Partial<Record<'cashier' | 'manager', OpenShift & { openedHere: boolean }>> = {};

/** The person's open shift (one another file left, say), else one opened on a till of this file's own. */
async function shiftOf(page: Page, fullName: string, registerId: string): Promise<OpenShift & { openedHere: boolean }> {
  const open = await callApi<{ items: OpenShift[] }>(page, 'GET', '/api/shifts?status=open&pageSize=100');
  const own = open.items.find((shift) => shift.openedByName === fullName);
  if (own) return { ...own, openedHere: false };
  const opened = await callApi<OpenShift>(page, 'POST', '/api/shifts', { registerId, openingFloatMinor: 200_000, denominations: null });
  return { ...opened, openedHere: true };
}

beforeAll(async () => {
  const owner = await session.openPage({ cookieConsent: 'accepted' });
  await signInThroughForm(owner, OWNER);
  signedIn.owner = await owner.context().storageState();
  const tills = { cashier: await addMainShopTill(owner, 'Dashboard till', 'D'), manager: await addMainShopTill(owner, 'Dashboard back till', 'B') };
  await owner.context().close();

  for (const [who, account] of [
    ['cashier', CASHIER],
    ['manager', MANAGER],
  ] as const) {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, account);
    signedIn[who] = await page.context().storageState();
    shifts[who] = await shiftOf(page, account.fullName, tills[who].id);
    await page.context().close();
  }
}, 120_000);

afterAll(async () => {
  // The manager's shift is this file's own business: closed with the cash it expects.
  const shift = shifts.manager;
  if (!shift?.openedHere || !signedIn.manager) return;
  const page = await session.openPage({ cookieConsent: 'accepted', storageState: signedIn.manager });
  await page.goto(appUrl('/admin/dashboard', DEMO));
  const report = await callApi<{ expectedCashMinor: number }>(page, 'GET', `/api/shifts/${shift.id}/report`);
  await callApi(page, 'POST', `/api/shifts/${shift.id}/close`, { countedCashMinor: report.expectedCashMinor });
  await page.context().close();
});

async function openDashboard(who: Who, viewport = DESKTOP): Promise<Page> {
  const page = await session.openPage({ cookieConsent: 'accepted', viewport, storageState: signedIn[who] });
  await page.goto(appUrl('/admin/dashboard', DEMO));
  return page;
}

interface RungUp {
  totalMinor: number;
  ringUpAt: Date;
}

/**
 * One of a product in stock at the seller's till, sold for exact cash. The total is the catalog's
 * selling price (prices are VAT-inclusive); a product the quote prices otherwise (a price tier or
 * a promotion) is passed over, and the server must agree with the figure worked out here.
 */
async function ringUpSale(page: Page, seller: 'cashier' | 'manager'): Promise<RungUp> {
  const shift = shifts[seller]!;
  const products = await callApi<{ items: Array<{ variants: Array<{ id: string; sellingPriceMinor: number }> }> }>(page, 'GET', '/api/products?pageSize=50');
  const variants = products.items.flatMap((product) => product.variants).filter((variant) => variant.sellingPriceMinor > 0);
  const quote = await callApi<{ lines: Array<{ variantId: string; onHandMilli: number | null; totalMinor: number }> }>(page, 'POST', '/api/sales/quote', {
    registerId: shift.registerId,
    lines: variants.map((variant) => ({ variantId: variant.id, quantityMilli: 1000 })),
  });
  const priceOf = new Map(variants.map((variant) => [variant.id, variant.sellingPriceMinor]));
  const chosen = quote.lines.find((line) => (line.onHandMilli === null || line.onHandMilli >= 10_000) && line.totalMinor === priceOf.get(line.variantId));
  if (!chosen) throw new Error('The demo needs a product in stock at the main shop, sold at its catalog price');
  const totalMinor = priceOf.get(chosen.variantId)!;
  const ringUpAt = new Date();
  const result = await callApi<{ sale: { totalMinor: number } }>(page, 'POST', '/api/sales', {
    id: crypto.randomUUID(),
    registerId: shift.registerId,
    shiftId: shift.id,
    lines: [{ variantId: chosen.variantId, quantityMilli: 1000 }],
    payments: [{ tender: 'cash', amountMinor: totalMinor, tenderedMinor: totalMinor }],
    expectedTotalMinor: totalMinor,
    ringUpAt: ringUpAt.toISOString(),
  });
  expect(result.sale.totalMinor).toBe(totalMinor);
  return { totalMinor, ringUpAt };
}

/** A figure tile's value, found by its label (Sales, Number of sales, …). */
function tile(page: Page, label: string): Locator {
  return page.getByRole('main').getByRole('group', { name: label, exact: true }).locator('dd').first();
}

async function readFigures(page: Page) {
  await tile(page, 'Sales').waitFor();
  return {
    salesMinor: await shownAmount(tile(page, 'Sales')),
    count: Number((await tile(page, 'Number of sales').innerText()).replace(/,/g, '')),
  };
}

/** Refresh, and wait until the new figures have arrived and the button is back. */
async function refresh(page: Page) {
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/dashboard' && response.ok());
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await answered;
  // The button says "Refreshing…" until the figures are drawn.
  await page.getByRole('button', { name: 'Refresh', exact: true }).waitFor();
}

/** The hour a moment falls in on the shop's clock, as the hour table writes it ("14:00"). */
const nairobiHour = (moment: Date) => `${new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: 'Africa/Nairobi' }).format(moment)}:00`;

describe('the dashboard', () => {
  it("today's figures grow by exactly a new sale, and the hour table shows its hour", async () => {
    const page = await openDashboard('owner');
    await page.getByRole('heading', { name: `Welcome, ${OWNER.fullName}`, level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Today', level: 2 }).waitFor();
    // The owner sees the shop's profit and what to follow up.
    await tile(page, 'Gross profit').waitFor();
    await page.getByRole('heading', { name: 'To follow up' }).waitFor();
    expect(await page.getByRole('link', { name: 'See low stock' }).getAttribute('href')).toBe('/admin/products/low-stock');
    await page.getByText(/^Updated \d{2}:\d{2}$/).waitFor();
    const before = await readFigures(page);

    const cashierPage = await openDashboard('cashier');
    const sale = await ringUpSale(cashierPage, 'cashier');
    await cashierPage.context().close();

    await refresh(page);
    await expect.poll(async () => (await readFigures(page)).salesMinor).toBe(before.salesMinor + sale.totalMinor);
    expect((await readFigures(page)).count).toBe(before.count + 1);
    // The comparison with last week is worded for a single day.
    await page.getByRole('main').getByRole('group', { name: 'Sales', exact: true }).getByText(/(vs last \w+day|nothing last \w+day to compare with)$/).waitFor();

    // The hour chart as a table: the sale's hour is there with at least this sale.
    const hours = page.getByRole('region', { name: 'Sales by hour' });
    await hours.getByRole('img', { name: 'Bar chart of sales by hour of the day' }).waitFor();
    await hours.getByRole('button', { name: 'Table' }).click();
    const table = hours.getByRole('table', { name: 'Sales by hour' });
    const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: nairobiHour(sale.ringUpAt), exact: true }) });
    await row.waitFor();
    expect(Number(await row.getByRole('cell').nth(1).innerText())).toBeGreaterThanOrEqual(1);
    expect(await shownAmount(row.getByRole('cell').nth(2))).toBeGreaterThanOrEqual(sale.totalMinor);
    await hours.getByRole('button', { name: 'Chart' }).click();
    await hours.getByRole('img', { name: 'Bar chart of sales by hour of the day' }).waitFor();

    await page.screenshot({ path: 'tests/e2e/artifacts/dashboard-1366x768.png', fullPage: true });

    // Yesterday's figures are another period, in the address.
    await page.getByLabel('Period').selectOption({ label: 'Yesterday' });
    await page.waitForURL((url) => url.searchParams.get('period') === 'yesterday');
    await page.getByRole('heading', { name: 'Today', level: 2 }).waitFor({ state: 'detached' });

    // A phone: nothing wider than the window.
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto(appUrl('/admin/dashboard', DEMO));
    await tile(page, 'Sales').waitFor();
    const { scrollWidth, viewportWidth } = await measureHorizontalOverflow(page);
    expect(scrollWidth).toBeLessThanOrEqual(viewportWidth);
    await page.screenshot({ path: 'tests/e2e/artifacts/dashboard-375x667.png', fullPage: true });
  });

  it("a cashier's dashboard is her own shift: another till's sale leaves it, her own sale adds exactly its total", async () => {
    const page = await openDashboard('cashier');
    await page.getByRole('heading', { name: 'Your shift’s figures', level: 2 }).waitFor();
    // No period, location, cost or shop-wide cards for her.
    expect(await page.getByLabel('Period').count()).toBe(0);
    expect(await page.getByRole('main').getByRole('group', { name: 'Gross profit' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'To follow up' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: /^Plan:/ }).count()).toBe(0);
    const before = await readFigures(page);

    const managerPage = await openDashboard('manager');
    await ringUpSale(managerPage, 'manager');
    await managerPage.context().close();
    await refresh(page);
    expect(await readFigures(page)).toEqual(before);

    const own = await ringUpSale(page, 'cashier');
    await refresh(page);
    await expect.poll(async () => (await readFigures(page)).salesMinor).toBe(before.salesMinor + own.totalMinor);
    expect((await readFigures(page)).count).toBe(before.count + 1);
    await page.screenshot({ path: 'tests/e2e/artifacts/dashboard-cashier.png', fullPage: true });
  });
});
