import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, DEMO_PASSWORD, openUserMenu, signInAcmeOwner, signInThroughForm, submitSignIn } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import { collectRefusals, linkTargets, linkTexts, measureHorizontalOverflow } from './support/page-helpers';

const session = useBrowser();

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

const sidebar = (page: Page) => page.locator('aside[aria-label="Sidebar"]:visible');
const sidebarState = (page: Page) => sidebar(page).getAttribute('data-state');
const readCookie = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === 'sidebar_state');

describe('admin shell', () => {
  it('Ctrl+B collapses the sidebar to icons and the choice survives a reload', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted', viewport: { width: 1366, height: 768 } });
    await signInAcmeOwner(page);
    await sidebar(page).getByTestId('sidebar-user').getByText(ACCOUNTS.acmeOwner.fullName).waitFor();
    expect(await sidebarState(page)).toBe('expanded');
    expect(await sidebar(page).evaluate((element) => element.getBoundingClientRect().width)).toBe(256);

    await page.keyboard.press('Control+b');
    // 3rem of icons once the width transition ends.
    await page.waitForFunction(() => {
      const aside = document.querySelector('aside[data-state="collapsed"]');
      return aside !== null && Math.round(aside.getBoundingClientRect().width) === 48;
    });
    const cookie = await readCookie(page);
    expect(cookie?.value).toBe('false');
    expect(cookie?.path).toBe('/');
    // About 7 days from now.
    expect(Math.abs((cookie?.expires ?? 0) - (Date.now() / 1000 + 604800))).toBeLessThan(120);

    await page.reload();
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    expect(await sidebarState(page)).toBe('collapsed');
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    expect(await sidebarState(page)).toBe('expanded');
    expect((await readCookie(page))?.value).toBe('true');
  });

  it('the sidebar starts closed on the new-sale tab', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted', viewport: { width: 1366, height: 768 } });
    await signInAcmeOwner(page);
    await page.goto(appUrl('/admin/sales?tab=new-sale', 'acme'));
    await page.getByRole('heading', { name: 'Sales', level: 1 }).waitFor();
    expect(await sidebarState(page)).toBe('collapsed');
    await page.goto(appUrl('/admin/purchases', 'acme'));
    await page.getByRole('heading', { name: 'Purchases', level: 1 }).waitFor();
    expect(await sidebarState(page)).toBe('expanded');
  });

  it('the Professional owner has every sidebar item available, and the links lead to their areas', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted', viewport: { width: 1366, height: 768 } });
    await signInAcmeOwner(page);
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: 'Communications' }).waitFor();
    expect(await nav.locator('[data-locked]').count()).toBe(0);
    const titles = await nav.getByRole('link').allInnerTexts();
    expect(titles.map((title) => title.trim())).toEqual([
      'Dashboard',
      'Products',
      'Sales',
      'Purchases',
      'Contacts',
      'Accounting',
      'Reports',
      'Team',
      'Commissions',
      'Communications',
      'eTIMS',
      'Audit log',
      'Settings',
    ]);
    await nav.getByRole('link', { name: 'Contacts' }).click();
    await page.waitForURL(appUrl('/admin/customers', 'acme'));
    await page.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
    await nav.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();

    for (const [width, height] of [
      [375, 667],
      [1366, 768],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(appUrl('/admin/dashboard', 'acme'));
      await page.getByRole('region', { name: /^Plan: Professional/ }).waitFor();
      const { scrollWidth, viewportWidth } = await measureHorizontalOverflow(page);
      expect(scrollWidth).toBeLessThanOrEqual(viewportWidth);
      await page.screenshot({ path: `tests/e2e/artifacts/admin-shell-${width}x${height}.png`, fullPage: true });
    }
    // On a phone the sidebar is a sheet, opened from the header.
    await page.setViewportSize({ width: 375, height: 667 });
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    await sidebar(page).getByRole('link', { name: 'Products' }).click();
    await page.waitForURL(appUrl('/admin/products', 'acme'));
    expect(await sidebar(page).count()).toBe(0);
  });

  it('the notifications list opens from the header', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInAcmeOwner(page);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('menu').getByText('Notifications').first().waitFor();
  });

  it('a store manager reads the business settings but cannot change them, and is not offered the billing', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.manager);
    await page.goto(appUrl('/admin/settings', 'demo'));
    const business = page.getByRole('region', { name: 'Business settings' });
    await business.getByText('Only the shop owner can change these.').waitFor();
    expect(await business.innerText()).toContain('Africa/Nairobi');
    expect(await page.getByRole('textbox').count()).toBe(0);
    expect(await page.getByRole('tab').allInnerTexts()).toEqual(['Business', 'Inventory', 'Sales', 'Customers', 'Features']);
    // The stock pages a manager runs are in the Products area's bar.
    await page.goto(appUrl('/admin/products', 'demo'));
    const productsBar = page.getByRole('navigation', { name: 'Products area' });
    await productsBar.getByRole('link', { name: 'Stock takes' }).waitFor();
  });
});

describe('each person sees what their role can use (issue 10 item 6)', () => {
  it('a cashier visits every page in their navigation without one refused request; stock, billing and costs are not offered', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted', viewport: { width: 1366, height: 768 } });
    const refusals = collectRefusals(page);
    await signInThroughForm(page, ACCOUNTS.kioskCashier);
    const kiosk = ACCOUNTS.kioskCashier.subdomain;

    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: 'Products' }).waitFor();
    expect(await linkTexts(nav.getByRole('link'))).toEqual(['Dashboard', 'Products', 'Sales', 'Contacts', 'Settings']);
    for (const target of await linkTargets(nav.getByRole('link'))) {
      await page.goto(appUrl(target, kiosk));
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
    }

    // The dashboard: no plan or Billing link (the owner's business).
    await page.goto(appUrl('/admin/dashboard', kiosk));
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('region', { name: /^Plan:/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Billing' }).count()).toBe(0);

    // The Products area's bar: the catalog and the locations, no stock ledger or stock documents.
    await page.goto(appUrl('/admin/products', kiosk));
    const productsBar = page.getByRole('navigation', { name: 'Products area' });
    await productsBar.getByRole('link', { name: 'Locations' }).waitFor();
    expect(await linkTexts(productsBar.getByRole('link'))).toEqual(['Products', 'Categories', 'Brands', 'Units', 'Locations']);
    for (const target of await linkTargets(productsBar.getByRole('link'))) {
      await page.goto(appUrl(target, kiosk));
      await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
      await page.waitForLoadState('networkidle');
    }

    // A product: prices and stock, no costs, no stock history (the ledger is for managers).
    await page.goto(appUrl('/admin/products', kiosk));
    const products = page.getByRole('table', { name: 'Products' });
    await products.getByRole('row').nth(1).getByRole('link').first().click();
    const variants = page.getByRole('table', { name: /^(Prices|Variants) and stock$/ });
    await variants.waitFor();
    await page.waitForLoadState('networkidle');
    expect(await variants.getByRole('columnheader').allInnerTexts()).not.toContain('Cost');
    expect(await page.getByRole('heading', { name: 'Stock history' }).count()).toBe(0);

    // Settings: the shop's details and plan features, not the owner's billing.
    await page.goto(appUrl('/admin/settings', kiosk));
    const tabs = page.getByRole('tab');
    await tabs.first().waitFor();
    expect(await tabs.allInnerTexts()).toEqual(['Business', 'Inventory', 'Sales', 'Customers', 'Features']);
    for (const name of ['Inventory', 'Sales', 'Customers', 'Features']) {
      await page.getByRole('tab', { name }).click();
      await page.waitForLoadState('networkidle');
    }

    // A stock page's address typed by hand says why, and asks the server nothing it would refuse.
    for (const path of ['/admin/products/movements', '/admin/products/stock-takes', '/admin/products/transfers/new']) {
      await page.goto(appUrl(path, kiosk));
      await page.getByRole('alert').filter({ hasText: 'Your role does not include stock records and documents.' }).waitFor();
      await page.waitForLoadState('networkidle');
    }

    expect(refusals).toEqual([]);
  });
});

describe('a platform admin in the admin area (issue 10 item 7)', () => {
  it('opening /admin without a shop on the address goes to /superadmin, with no request to a shop', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    const shopRequests: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 404 && new URL(response.url()).pathname.startsWith('/api/')) shopRequests.push(new URL(response.url()).pathname);
    });
    await signInThroughForm(page, ACCOUNTS.superAdmin);
    await page.waitForURL(appUrl('/superadmin'));
    for (const path of ['/admin', '/admin/products', '/admin/settings?tab=billing']) {
      await page.goto(appUrl(path));
      await page.waitForURL(appUrl('/superadmin'));
      await page.getByRole('heading', { name: 'Platform overview', level: 1 }).waitFor();
    }
    expect(await page.getByRole('button', { name: 'New product' }).count()).toBe(0);
    // The platform console's own menu: Home goes to / (spec §2), which hands them on to /superadmin.
    const menu = await openUserMenu(page);
    expect(await menu.getByRole('menuitem', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(shopRequests).toEqual([]);
  });

  it("inside a shop (on its address), the platform admin's Home goes to /superadmin", async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await page.goto(appUrl('/auth', 'acme'));
    await submitSignIn(page, ACCOUNTS.superAdmin.email, DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/superadmin');
    await page.goto(appUrl('/admin/dashboard', 'acme'));
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    const menu = await openUserMenu(page);
    expect(await menu.getByRole('menuitem', { name: 'Home' }).getAttribute('href')).toBe('/superadmin');
  });
});
