import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, signInThroughForm } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import { createProduct, MAIN_SHOP, uniqueSuffix } from './support/catalog';
import { callApi, measureHorizontalOverflow } from './support/page-helpers';

const session = useBrowser();
const artifactsDir = fileURLToPath(new URL('./artifacts/', import.meta.url));
const OWNER = ACCOUNTS.owner;

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true },
  { name: 'till', viewport: { width: 1366, height: 768 }, isMobile: false, hasTouch: false },
] as const;

async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, viewportWidth } = await measureHorizontalOverflow(page);
  expect(scrollWidth).toBeLessThanOrEqual(viewportWidth);
}

beforeAll(() => {
  mkdirSync(artifactsDir, { recursive: true });
});

describe.each(VIEWPORTS)('layout on a $viewport.width×$viewport.height screen', ({ name, ...device }) => {
  it('/auth fits, with the cookie notice open', async () => {
    const page = await session.openPage(device);
    await page.goto(appUrl('/auth', 'demo'));
    await page.getByRole('heading', { name: 'Demo Duka', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Cookies on Dukani' }).waitFor();
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${artifactsDir}auth-${name}.png` });

    await page.getByRole('button', { name: 'Details' }).click();
    await page.getByRole('region', { name: 'Essential cookies' }).waitFor();
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${artifactsDir}cookie-details-${name}.png` });
  });

  it('the sign-in form fits, with an error above it', async () => {
    const page = await session.openPage({ ...device, cookieConsent: 'accepted' });
    await page.goto(appUrl('/auth', 'demo'));
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill('owner@demo.test');
    await form.getByLabel('Password', { exact: true }).fill('wrong-password');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await form.getByRole('alert').getByText('Invalid email or password').waitFor();
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${artifactsDir}sign-in-error-${name}.png` });
  });

  it('/forgot-password and /reset-password fit', async () => {
    const page = await session.openPage({ ...device, cookieConsent: 'accepted' });
    await page.goto(appUrl('/forgot-password', 'demo'));
    await page.getByRole('heading', { name: 'Forgot password?', level: 1 }).waitFor();
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${artifactsDir}forgot-password-${name}.png` });
    await page.goto(appUrl('/reset-password?token=layout-check', 'demo'));
    await page.getByLabel('New password', { exact: true }).fill('Layout-Check-2026');
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${artifactsDir}reset-password-${name}.png` });
  });

  it('/dev/mailbox fits', async () => {
    // The mailbox opens only for this machine (or a platform admin): the browser is the local one here.
    const page = await session.openPage({ ...device, cookieConsent: 'accepted', clientAddress: '127.0.0.1' });
    // Something to show: a reset request for an address without an account still records nothing,
    // so ask for a real one (the link is never used).
    await page.goto(appUrl('/forgot-password', 'demo'));
    await page.getByLabel('Email').fill('owner@demo.test');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').waitFor();
    await page.goto(appUrl('/dev/mailbox', 'demo'));
    await page.getByRole('list', { name: 'Messages' }).waitFor();
    await page.frameLocator('iframe[title^="HTML of"]').getByRole('link', { name: 'Choose a new password' }).waitFor();
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${artifactsDir}mailbox-${name}.png` });
    // The message itself (a full-page capture leaves the sandboxed frame blank).
    await page.getByRole('article').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${artifactsDir}mailbox-message-${name}.png` });
  });

  it('/auth fits without the notice, in the dark theme', async () => {
    const page = await session.openPage({ ...device, cookieConsent: 'accepted', colorScheme: 'dark' });
    await page.goto(appUrl('/auth', 'acme'));
    await page.getByRole('heading', { name: 'Acme Hardware', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${artifactsDir}auth-dark-${name}.png` });
  });

  it('/privacy fits', async () => {
    const page = await session.openPage({ ...device, cookieConsent: 'accepted' });
    await page.goto(appUrl('/privacy'));
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${artifactsDir}privacy-${name}.png` });
    await page.getByRole('heading', { name: '3. Cookies and browser storage' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${artifactsDir}privacy-cookies-${name}.png` });
  });

  it('the error page fits', async () => {
    const page = await session.openPage({ ...device, cookieConsent: 'accepted' });
    await page.goto(appUrl('/dev/crash'));
    await page.getByRole('button', { name: 'Throw a render error' }).click();
    await page.getByRole('heading', { name: 'Something went wrong', level: 1 }).waitFor();
    await page.getByText('Component stack', { exact: true }).click();
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${artifactsDir}error-page-${name}.png`, fullPage: true });
  });
});

// Every admin screen (and each tab of the team, communications and commissions pages), at both
// sizes, as the demo owner (who may open all of them). The documents the detail pages show are
// made through the API on a product of this run's own.
const ADMIN_AREAS = ['sales', 'purchases', 'customers', 'accounting', 'reports', 'team', 'communications'] as const;
const AREA_TITLES: Record<(typeof ADMIN_AREAS)[number], string> = {
  sales: 'Sales',
  purchases: 'Purchases',
  customers: 'Contacts',
  accounting: 'Accounting',
  reports: 'Reports',
  team: 'Team',
  communications: 'Communications',
};

interface AdminFixture {
  productId: string;
  productName: string;
  adjustmentId: string;
  transferId: string;
  stockTakeId: string;
  /** A stock take this file started, cancelled once the pages are checked (one open count per location). */
  startedStockTakeId: string | null;
  /** The newest sale of the demo's history, if it has any yet. */
  sale: { id: string; receiptCode: string } | null;
  /** The newest shift (the demo's open one on Main shop Till 1), if there is one. */
  shift: { id: string; registerName: string } | null;
  /** A draft purchase order of the product from a supplier of this run's own. */
  order: { id: string; number: string };
  /** The same order again, marked as ordered (its goods can be received against it). */
  orderedOrderId: string;
  /** The newest journal entry (the adjustment's, at least) and the inventory account (its general ledger), for the accounting pages. */
  journalEntry: { id: string; number: string } | null;
  ledgerAccountId: string | null;
}

async function makeAdminFixture(page: Page): Promise<AdminFixture> {
  const productName = `Layout check maize flour with a long name to wrap ${uniqueSuffix()}`;
  const productId = await createProduct(page, OWNER.subdomain, { name: productName, sellingPrice: '180', openingStock: { [MAIN_SHOP]: '40' } });
  const product = await callApi<{ variants: Array<{ id: string }> }>(page, 'GET', `/api/products/${productId}`);
  const variantId = product.variants[0]?.id;
  const locations = (await callApi<{ items: Array<{ id: string; name: string }> }>(page, 'GET', '/api/locations')).items;
  const main = locations.find((location) => location.name === MAIN_SHOP);
  const other = locations.find((location) => location.name !== MAIN_SHOP);
  if (!variantId || !main || !other) throw new Error('The demo shop needs a product variant and two locations');

  const adjustment = await callApi<{ id: string }>(page, 'POST', '/api/inventory/adjustments', {
    locationId: main.id,
    reason: 'correction',
    note: 'Layout check',
    lines: [{ variantId, quantityChangeMilli: 2000 }],
  });
  const transfer = await callApi<{ id: string }>(page, 'POST', '/api/inventory/transfers', {
    fromLocationId: main.id,
    toLocationId: other.id,
    note: 'Layout check',
    lines: [{ variantId, quantityMilli: 1000 }],
  });
  // A count already open at the main shop (another file's) serves as well as a new one.
  const open = await callApi<{ items: Array<{ id: string; location: { id: string } }> }>(page, 'GET', '/api/inventory/stock-takes?status=counting');
  const existing = open.items.find((take) => take.location.id === main.id);
  const stockTakeId = existing?.id ?? (await callApi<{ id: string }>(page, 'POST', '/api/inventory/stock-takes', { locationId: main.id, note: 'Layout check' })).id;
  if (!existing) await callApi(page, 'PUT', `/api/inventory/stock-takes/${stockTakeId}/counts`, { variantId, countedQuantityMilli: 39_000 });
  const [sale] = (await callApi<{ items: Array<{ id: string; receiptCode: string }> }>(page, 'GET', '/api/sales?pageSize=1')).items;
  const [shift] = (await callApi<{ items: Array<{ id: string; registerName: string }> }>(page, 'GET', '/api/shifts?pageSize=1')).items;
  const supplier = await callApi<{ id: string }>(page, 'POST', '/api/contacts', { type: 'supplier', name: `Layout check millers and distributors ${uniqueSuffix()}` });
  const orderBody = { supplierId: supplier.id, locationId: main.id, note: 'Layout check', lines: [{ variantId, quantityMilli: 12_000, unitCostMinor: 14_500 }] };
  const order = await callApi<{ id: string; number: string }>(page, 'POST', '/api/purchase-orders', orderBody);
  const orderedOrder = await callApi<{ id: string }>(page, 'POST', '/api/purchase-orders', orderBody);
  await callApi(page, 'POST', `/api/purchase-orders/${orderedOrder.id}/order`);
  const [journalEntry] = (await callApi<{ items: Array<{ id: string; number: string }> }>(page, 'GET', '/api/accounting/journal?pageSize=1')).items;
  const accounts = (await callApi<{ items: Array<{ id: string; systemKey: string | null }> }>(page, 'GET', '/api/accounting/accounts')).items;
  return {
    productId,
    productName,
    adjustmentId: adjustment.id,
    transferId: transfer.id,
    stockTakeId,
    startedStockTakeId: existing ? null : stockTakeId,
    sale: sale ?? null,
    shift: shift ?? null,
    order: { id: order.id, number: order.number },
    orderedOrderId: orderedOrder.id,
    journalEntry: journalEntry ? { id: journalEntry.id, number: journalEntry.number } : null,
    ledgerAccountId: accounts.find((account) => account.systemKey === 'inventory')?.id ?? null,
  };
}

/** Each admin route with the browser tab title its page sets once it has rendered. */
function adminPages(fixture: AdminFixture): Array<{ path: string; title: string }> {
  const products = '/admin/products';
  const purchases = '/admin/purchases';
  const accounting = '/admin/accounting';
  return [
    { path: '/admin/dashboard', title: 'Home · Demo Duka' },
    { path: products, title: 'Products' },
    { path: `${products}/new`, title: 'New product' },
    { path: `${products}/${fixture.productId}`, title: fixture.productName },
    { path: `${products}/${fixture.productId}/edit`, title: `Edit ${fixture.productName}` },
    { path: `${products}/categories`, title: 'Categories' },
    { path: `${products}/brands`, title: 'Brands' },
    { path: `${products}/units`, title: 'Units' },
    { path: `${products}/locations`, title: 'Locations' },
    { path: `${products}/movements`, title: 'Stock movements' },
    { path: `${products}/adjustments`, title: 'Adjustments' },
    { path: `${products}/adjustments/new`, title: 'New adjustment' },
    { path: `${products}/adjustments/${fixture.adjustmentId}`, title: 'Adjustment' },
    { path: `${products}/transfers`, title: 'Transfers' },
    { path: `${products}/transfers/new`, title: 'New transfer' },
    { path: `${products}/transfers/${fixture.transferId}`, title: 'Transfer' },
    { path: `${products}/stock-takes`, title: 'Stock takes' },
    { path: `${products}/stock-takes/${fixture.stockTakeId}`, title: 'Stock take' },
    { path: `${products}/low-stock`, title: 'Low stock' },
    { path: `${products}/import`, title: 'Import products' },
    { path: `${products}/labels?ids=${fixture.productId}`, title: 'Print labels' },
    ...['business', 'inventory', 'sales', 'mpesa', 'etims', 'billing', 'features'].map((tab) => ({ path: `/admin/settings?tab=${tab}`, title: 'Settings' })),
    { path: '/admin/etims', title: 'eTIMS' },
    { path: '/admin/etims?tab=items', title: 'eTIMS' },
    { path: '/admin/audit', title: 'Audit log' },
    { path: '/admin/commissions', title: 'Commissions' },
    { path: '/admin/commissions?view=rates', title: 'Commissions' },
    ...ADMIN_AREAS.map((area) => ({ path: `/admin/${area}`, title: AREA_TITLES[area] })),
    ...['invitations', 'roles'].map((tab) => ({ path: `/admin/team?tab=${tab}`, title: 'Team' })),
    ...['channels', 'templates', 'campaigns', 'automation'].map((tab) => ({ path: `/admin/communications?tab=${tab}`, title: 'Communications' })),
    { path: '/admin/sales?tab=new-sale', title: 'New sale' },
    ...(fixture.sale ? [{ path: `/admin/sales/${fixture.sale.id}`, title: `Sale ${fixture.sale.receiptCode}` }] : []),
    { path: '/admin/sales?tab=shifts', title: 'Shifts' },
    { path: '/admin/sales?tab=mpesa', title: 'M-Pesa' },
    ...(fixture.shift ? [{ path: `/admin/sales/shifts/${fixture.shift.id}`, title: `Shift on ${fixture.shift.registerName}` }] : []),
    { path: `${purchases}/orders`, title: 'Purchases' },
    { path: `${purchases}/orders/new`, title: 'New purchase order' },
    { path: `${purchases}/orders/${fixture.order.id}`, title: fixture.order.number },
    { path: `${purchases}/orders/${fixture.order.id}/edit`, title: 'Edit order' },
    { path: `${purchases}/receipts`, title: 'Receipts' },
    { path: `${purchases}/receipts/new`, title: 'Receive goods' },
    { path: `${purchases}/receipts/new?orderId=${fixture.orderedOrderId}`, title: 'Receive goods' },
    { path: `${purchases}/receipts/expiring`, title: 'Expiring soon' },
    { path: `${purchases}/bills`, title: 'Bills' },
    { path: `${purchases}/bills/new`, title: 'New bill' },
    { path: `${purchases}/returns`, title: 'Returns to suppliers' },
    { path: `${purchases}/returns/new`, title: 'Return goods' },
    { path: `${purchases}/expenses`, title: 'Expenses' },
    { path: `${purchases}/expenses/new`, title: 'New expense' },
    { path: `${purchases}/reorder`, title: 'Reorder' },
    { path: `${accounting}/journal`, title: 'Journal' },
    { path: `${accounting}/journal?view=recurring`, title: 'Journal' },
    { path: `${accounting}/journal/new`, title: 'New journal entry' },
    { path: `${accounting}/journal/recurring/new`, title: 'New recurring entry' },
    ...(fixture.journalEntry ? [{ path: `${accounting}/journal/${fixture.journalEntry.id}`, title: fixture.journalEntry.number }] : []),
    { path: `${accounting}/accounts`, title: 'Chart of accounts' },
    ...['profit-and-loss', 'profit-and-loss&columns=locations', 'balance-sheet', 'trial-balance', 'cash-summary', 'reconciliation'].map((report) => ({ path: `${accounting}/reports?report=${report}`, title: 'Reports' })),
    ...(fixture.ledgerAccountId ? [{ path: `${accounting}/reports?report=general-ledger&accountId=${fixture.ledgerAccountId}`, title: 'Reports' }] : []),
    { path: `${accounting}/vat`, title: 'VAT return' },
    { path: `${accounting}/settings`, title: 'Accounting settings' },
  ];
}

/** Waits for the page's title and for its data: no grey placeholders or spinners left. */
async function waitForAdminPage(page: Page, title: string) {
  await page.waitForFunction((expected) => document.title === expected, title);
  await page.waitForFunction(() => !document.querySelector('main [data-slot="skeleton"], main [role="status"] .animate-spin, main [aria-busy="true"]'));
}

describe('every admin page fits without sideways scrolling', () => {
  let fixture: AdminFixture;

  beforeAll(async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, OWNER);
    fixture = await makeAdminFixture(page);
    await page.context().close();
  });

  afterAll(async () => {
    if (!fixture?.startedStockTakeId) return;
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, OWNER);
    await callApi(page, 'POST', `/api/inventory/stock-takes/${fixture.startedStockTakeId}/cancel`);
    await page.context().close();
  });

  it.each(VIEWPORTS)('on a $viewport.width×$viewport.height screen', async ({ name, ...device }) => {
    const page = await session.openPage({ ...device, cookieConsent: 'accepted' });
    await signInThroughForm(page, OWNER);
    const overflowing: string[] = [];
    const check = async (what: string) => {
      const { scrollWidth, viewportWidth } = await measureHorizontalOverflow(page);
      if (scrollWidth > viewportWidth) overflowing.push(`${what}: ${scrollWidth}px`);
    };

    for (const { path, title } of adminPages(fixture)) {
      await page.goto(appUrl(path, OWNER.subdomain));
      await waitForAdminPage(page, title);
      await check(path);
    }

    // The notifications list, open over the dashboard.
    await page.goto(appUrl('/admin/dashboard', OWNER.subdomain));
    await waitForAdminPage(page, 'Home · Demo Duka');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('menu').waitFor();
    await check('notifications menu');
    await page.keyboard.press('Escape');

    // The team's dialogs: a fixed dialog scrolls nothing sideways, so each is measured itself.
    const checkDialog = async (what: string) => {
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      const { right, scrollWidth, clientWidth } = await dialog.evaluate((element) => ({ right: element.getBoundingClientRect().right, scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
      const { viewportWidth } = await measureHorizontalOverflow(page);
      if (right > viewportWidth || scrollWidth > clientWidth) overflowing.push(`${what}: ${Math.max(right, scrollWidth)}px`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    };
    await page.goto(appUrl('/admin/team?tab=roles', OWNER.subdomain));
    await waitForAdminPage(page, 'Team');
    await page.getByRole('button', { name: 'Invite' }).click();
    await checkDialog('invite dialog');
    await page.getByRole('button', { name: 'New role' }).click();
    await checkDialog('role dialog');

    await page.goto(appUrl('/profile', OWNER.subdomain));
    await waitForAdminPage(page, 'Profile · Dukani');
    for (const tab of ['Personal Info', 'Contact Profile', 'Security', 'Activity']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.waitForFunction(() => !document.querySelector('main [data-slot="skeleton"], main [role="status"] .animate-spin'));
      await check(`/profile ${tab}`);
    }
    await page.screenshot({ path: `${artifactsDir}admin-profile-${name}.png`, fullPage: true });
    expect(overflowing).toEqual([]);
    // Some sixty page loads on a busy CI machine: more than the suite's minute per test.
  }, 360_000);
});

describe.each(VIEWPORTS)('the platform pages on a $viewport.width×$viewport.height screen', ({ name, ...device }) => {
  it('fit without sideways scrolling', async () => {
    const page = await session.openPage({ ...device, cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.superAdmin);
    for (const path of ['/superadmin', '/superadmin/tenants', '/superadmin/users', '/profile']) {
      await page.goto(appUrl(path));
      await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
      await page.waitForFunction(() => !document.querySelector('main [data-slot="skeleton"], main [role="status"] .animate-spin'));
      const { scrollWidth, viewportWidth } = await measureHorizontalOverflow(page);
      expect(scrollWidth, path).toBeLessThanOrEqual(viewportWidth);
    }
    await page.screenshot({ path: `${artifactsDir}platform-profile-${name}.png` });
  });
});

describe('theme toggle', () => {
  it('switches to dark and remembers it', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted', colorScheme: 'light' });
    await page.goto(appUrl('/auth'));
    await page.getByRole('heading', { name: 'Dukani', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);

    await page.getByRole('button', { name: /^Theme/ }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    expect(await page.evaluate(() => localStorage.getItem('dukani.theme'))).toBe('dark');

    await page.reload();
    // Applied by theme-init.js before the app renders.
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
  });
});
