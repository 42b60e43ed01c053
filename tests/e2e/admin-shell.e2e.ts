import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, signInAcmeOwner, signInThroughForm } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import { measureHorizontalOverflow } from './support/page-helpers';

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
      'Communications',
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

  it('a store manager reads the business settings but cannot change them or the billing', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.manager);
    await page.goto(appUrl('/admin/settings', 'demo'));
    const business = page.getByRole('region', { name: 'Business settings' });
    await business.getByText('Only the shop owner can change these.').waitFor();
    expect(await business.innerText()).toContain('Africa/Nairobi');
    expect(await page.getByRole('textbox').count()).toBe(0);
    await page.getByRole('tab', { name: 'Billing' }).click();
    await page.getByText('Only the shop owner manages the subscription and payments.').waitFor();
  });
});
