import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, signInThroughForm } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import { MAIN_SHOP } from './support/catalog';
import { addMainShopTill } from './support/register';
import { measureHorizontalOverflow, readLocalStorage } from './support/page-helpers';

// The register's touch product grid (issue 15), as the demo cashier Faith on a till of her own
// (added by the owner, so no other test's shift is in the way): the Products button shows the
// grid (remembered on the device), a category's tiles add lines as a scan does, the total adds
// up, and the screen fits a 1366×768 till and a phone without sideways scrolling.

const session = useBrowser();
const CASHIER = ACCOUNTS.register;
const TILL = { viewport: { width: 1366, height: 768 } } as const;
const PHONE = { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true } as const;

let cashierState: BrowserContextOptions['storageState'];

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

beforeAll(async () => {
  const page = await session.openPage({ cookieConsent: 'accepted' });
  await signInThroughForm(page, CASHIER);
  cashierState = await page.context().storageState();
  await page.context().close();
});

/** A register of the main shop added by the owner through the API; its name. */
async function addTill(): Promise<string> {
  const page = await session.openPage({ cookieConsent: 'accepted' });
  await signInThroughForm(page, ACCOUNTS.owner);
  const { name } = await addMainShopTill(page, 'Grid till', 'G');
  await page.context().close();
  return name;
}

async function openTill(device: BrowserContextOptions, registerName: string): Promise<Page> {
  const page = await session.openPage({ ...device, cookieConsent: 'accepted', storageState: cashierState });
  await page.goto(appUrl('/admin/sales?tab=new-sale', CASHIER.subdomain));
  const picker = page.getByLabel('Register', { exact: true });
  await picker.waitFor();
  await picker.selectOption({ label: `${registerName} · ${MAIN_SHOP}` });
  await page.getByLabel('Opening float').fill('1,000');
  await page.getByRole('button', { name: 'Open shift' }).click();
  await page.getByRole('searchbox', { name: 'Search products or a receipt' }).waitFor();
  return page;
}

const lines = (page: Page) => page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem');

describe('the register’s product grid', () => {
  it.each([
    ['a 1366×768 till', TILL],
    ['a phone', PHONE],
  ] as const)('on %s: the Products button shows the grid; a category’s tiles add lines; the screen fits', async (_device, device) => {
    const page = await openTill(device, await addTill());
    const toggle = page.getByRole('button', { name: 'Products', exact: true });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    const grid = page.getByRole('region', { name: 'Product grid' });
    await grid.waitFor();
    expect(await grid.getByRole('button', { name: 'Top sellers' }).getAttribute('aria-pressed')).toBe('true');
    expect(await readLocalStorage(page, 'dukani-register-grid')).toBe('shown');

    const softDrinks = grid.getByRole('button', { name: 'Beverages › Soft drinks' });
    await softDrinks.click();
    expect(await softDrinks.getAttribute('aria-pressed')).toBe('true');
    const tiles = grid.getByRole('list', { name: 'Products' });
    const fanta = tiles.getByRole('button', { name: /^Fanta Orange 500 ml/ });
    await fanta.waitFor();
    // A tile is a big touch target with the price and the stock here.
    expect((await fanta.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await fanta.textContent()).toMatch(/KSh 70\.00.*On hand \d+/);
    // Only the category's products: water is a sibling category.
    expect(await tiles.getByRole('button', { name: /^Keringet/ }).count()).toBe(0);

    await fanta.click();
    await lines(page).filter({ hasText: 'Fanta Orange 500 ml' }).waitFor();
    await tiles.getByRole('button', { name: /^Sprite 500 ml/ }).click();
    await lines(page).filter({ hasText: 'Sprite 500 ml' }).waitFor();
    await expect.poll(() => lines(page).count()).toBe(2);
    expect(await page.getByLabel('Quantity of Sprite 500 ml').inputValue()).toBe('1');
    await expect.poll(() => page.getByTestId('register-total').textContent()).toContain('140.00');
    // Tiles are buttons: Enter on one adds it too, onto its line.
    await fanta.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByLabel('Quantity of Fanta Orange 500 ml').inputValue()).toBe('2');
    await expect.poll(() => page.getByTestId('register-total').textContent()).toContain('210.00');

    const { scrollWidth, viewportWidth } = await measureHorizontalOverflow(page);
    expect(scrollWidth).toBeLessThanOrEqual(viewportWidth);

    // The choice is the device's: after a reload the grid is there; the button hides it again.
    await page.reload();
    await page.getByRole('region', { name: 'Product grid' }).waitFor();
    await page.getByRole('button', { name: 'Products', exact: true }).click();
    await page.getByRole('region', { name: 'Product grid' }).waitFor({ state: 'hidden' });
    expect(await readLocalStorage(page, 'dukani-register-grid')).toBe('hidden');
  });
});
