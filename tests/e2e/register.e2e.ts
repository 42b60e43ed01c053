import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, signInThroughForm } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import { MAIN_SHOP } from './support/catalog';
import { addMainShopTill } from './support/register';
import { measureHorizontalOverflow } from './support/page-helpers';

// The register (issue 15), as the demo cashier Faith: on a till of her own (added by the owner, so
// no other test's shift is in the way) she opens a shift with a float, scans three products with
// simulated scanner bursts (3*code among them) — one while the focus is in a line's quantity field,
// which the scan must not touch —, sells loose potatoes by weight, applies a customer, parks the
// cart and resumes it, completes it with exact cash and finds it again by its receipt number for a
// return. On a phone the same till works and fits the screen.

const session = useBrowser();
const CASHIER = ACCOUNTS.register;
const TILL = { viewport: { width: 1366, height: 768 } } as const;
const PHONE = { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true } as const;

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

/** The EAN-13 a 12-digit demo barcode body is printed as (its check digit appended). */
function ean13(body: string): string {
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const FANTA = ean13('616130010500');
const SPRITE = ean13('616130020500');
const WATER = ean13('616292000500');

/**
 * A scanner's burst: every key of the code and Enter within a millisecond, dispatched where the
 * focus is (a USB scanner is a keyboard that types fast).
 */
async function scan(page: Page, code: string) {
  await page.evaluate((text) => {
    const target = document.activeElement ?? document.body;
    for (const key of [...text, 'Enter']) target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  }, code);
}

/** Takes the focus off any field, as a cashier who just tapped an empty part of the screen. */
async function blur(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** A register of the main shop added by the owner through the API; its name. */
async function addRegister(): Promise<string> {
  const page = await session.openPage({ cookieConsent: 'accepted' });
  await signInThroughForm(page, ACCOUNTS.owner);
  const { name } = await addMainShopTill(page, 'E2E till', 'E');
  await page.context().close();
  return name;
}

let cashierState: BrowserContextOptions['storageState'];

beforeAll(async () => {
  const page = await session.openPage({ cookieConsent: 'accepted' });
  await signInThroughForm(page, CASHIER);
  cashierState = await page.context().storageState();
  await page.context().close();
});

/** The register on `registerName`, with its shift opened with `float`. */
async function openTill(device: BrowserContextOptions, registerName: string, float: string): Promise<Page> {
  const page = await session.openPage({ ...device, cookieConsent: 'accepted', storageState: cashierState });
  await page.goto(appUrl('/admin/sales?tab=new-sale', CASHIER.subdomain));
  const picker = page.getByLabel('Register', { exact: true });
  await picker.waitFor();
  await picker.selectOption({ label: `${registerName} · ${MAIN_SHOP}` });
  await page.getByRole('heading', { name: 'Open a shift' }).waitFor();
  await page.getByLabel('Opening float').fill(float);
  await page.getByRole('button', { name: 'Open shift' }).click();
  await page.getByRole('searchbox', { name: 'Search products or a receipt' }).waitFor();
  return page;
}

const lines = (page: Page) => page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem');
const total = (page: Page) => page.getByTestId('register-total');

describe('the register', () => {
  it('at a 1366×768 till: opens a shift, scans with 3*, sells by weight, applies a customer, parks and resumes, exact cash, receipt → return', async () => {
    const registerName = await addRegister();
    const page = await openTill(TILL, registerName, '2,000');
    await page.getByText(`Shift opened`).waitFor();
    // The register is remembered on this device.
    expect(await page.evaluate(() => localStorage.getItem('dukani-register-id'))).toBeTruthy();

    // Three scans: one Fanta, three Sprites (3*), one water; the cart fills in the order scanned.
    await blur(page);
    await scan(page, FANTA);
    await lines(page).filter({ hasText: 'Fanta Orange 500 ml' }).waitFor();
    await scan(page, `3*${SPRITE}`);
    const sprite = lines(page).filter({ hasText: 'Sprite 500 ml' });
    await sprite.waitFor();
    expect(await sprite.getByLabel('Quantity of Sprite 500 ml').inputValue()).toBe('3');

    // A scan while the focus is in a quantity field goes to the cart, not into the field.
    const fantaQuantity = page.getByLabel('Quantity of Fanta Orange 500 ml');
    await fantaQuantity.focus();
    await scan(page, WATER);
    await lines(page).filter({ hasText: 'Keringet still water 500 ml' }).waitFor();
    expect(await fantaQuantity.inputValue()).toBe('1');
    await expect.poll(() => lines(page).count()).toBe(3);
    // 70 + 3 × 70 + 40
    await expect.poll(() => total(page).textContent()).toContain('320.00');

    // An unknown code says so and adds nothing.
    await blur(page);
    await scan(page, '0000000000000');
    await page.getByRole('alert').getByText('Nothing has the code or name “0000000000000”: no line was added.').waitFor();
    expect(await lines(page).count()).toBe(3);

    // Loose potatoes by weight: 1.5 kg typed with its SKU, then weighed again at 2.25 kg.
    const search = page.getByRole('searchbox', { name: 'Search products or a receipt' });
    await search.fill('1.5*FP-POTATO');
    await search.press('Enter');
    const potatoes = lines(page).filter({ hasText: 'Irish potatoes' });
    await potatoes.waitFor();
    const weight = potatoes.getByLabel('Quantity of Irish potatoes');
    expect(await weight.inputValue()).toBe('1.5');
    await weight.fill('2.25');
    await weight.press('Enter');
    await expect.poll(() => weight.inputValue()).toBe('2.25');
    // 320 + 2.25 kg × 90
    await expect.poll(() => total(page).textContent()).toContain('522.50');
    // Potatoes are VAT exempt: their band shows apart from the 16% band.
    await page.getByText('VAT A (exempt)').waitFor();
    await page.getByText('VAT B (16%)').waitFor();

    // The customer (F4): search by name, choose; balance, limit and points shown.
    await blur(page);
    await page.keyboard.press('F4');
    const customerDialog = page.getByRole('dialog', { name: 'Customer' });
    await customerDialog.getByLabel('Name or phone').fill('Mama Mboga');
    await customerDialog.getByRole('button', { name: /Mama Mboga Wairimu/ }).click();
    const customer = page.getByRole('region', { name: 'Customer' });
    await customer.getByText('Mama Mboga Wairimu').waitFor();
    await customer.getByText(/limit KSh 15,000\.00/).waitFor();

    // Park (F8) under the customer's name; the register is empty; resume it from the parked carts.
    await page.keyboard.press('F8');
    const park = page.getByRole('dialog', { name: 'Park the cart' });
    expect(await park.getByLabel('Name').inputValue()).toBe('Mama Mboga Wairimu');
    await park.getByLabel('Note (optional)').fill('Gone to fetch money');
    await park.getByRole('button', { name: 'Park', exact: true }).click();
    await page.getByRole('status').getByText('Parked Mama Mboga Wairimu').waitFor();
    await page.getByText('Scan an item or search to start a sale.').waitFor();
    await page.getByRole('button', { name: 'Walk-in customer: choose a customer' }).waitFor();

    await page.getByRole('button', { name: 'Parked carts' }).click();
    const parked = page.getByRole('dialog', { name: 'Parked carts' });
    await parked.getByText('Gone to fetch money').waitFor();
    await parked.getByRole('button', { name: 'Resume Mama Mboga Wairimu' }).click();
    await page.getByRole('status').getByText('Resumed Mama Mboga Wairimu').waitFor();
    await expect.poll(() => lines(page).count()).toBe(4);
    await expect.poll(() => total(page).textContent()).toContain('522.50');
    await page.getByRole('region', { name: 'Customer' }).getByText('Mama Mboga Wairimu').waitFor();
    expect(await lines(page).filter({ hasText: 'Irish potatoes' }).getByLabel('Quantity of Irish potatoes').inputValue()).toBe('2.25');

    // + and Del act on the selected line (the last one resumed).
    await blur(page);
    await page.keyboard.press('Delete');
    await expect.poll(() => lines(page).count()).toBe(3);

    // Exact cash (F12) completes the sale at once; its receipt number typed in the search opens the sale for a return.
    await page.keyboard.press('F12');
    const completed = page.getByText(/^Sale \S+ completed$/);
    await completed.waitFor();
    const receiptCode = /^Sale (\S+) completed$/.exec((await completed.textContent())!)![1]!;
    await page.getByText('Scan an item or search to start a sale.').waitFor();
    await search.fill(receiptCode);
    await search.press('Enter');
    const returnDialog = page.getByRole('dialog', { name: `Return from ${receiptCode}` });
    await returnDialog.waitFor();
    await page.keyboard.press('Escape');
    await returnDialog.waitFor({ state: 'hidden' });

    // The shortcut overlay lists the keys.
    await page.keyboard.press('F1');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.getByText('Park the cart').waitFor();
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });
  });

  it('on a phone: opens a shift, scans and fits the screen', async () => {
    const registerName = await addRegister();
    const page = await openTill(PHONE, registerName, '500');
    await blur(page);
    await scan(page, `2*${FANTA}`);
    const fanta = lines(page).filter({ hasText: 'Fanta Orange 500 ml' });
    await fanta.waitFor();
    expect(await fanta.getByLabel('Quantity of Fanta Orange 500 ml').inputValue()).toBe('2');
    await fanta.getByRole('button', { name: 'One more of Fanta Orange 500 ml' }).click();
    await expect.poll(() => fanta.getByLabel('Quantity of Fanta Orange 500 ml').inputValue()).toBe('3');
    await expect.poll(() => total(page).textContent()).toContain('210.00');
    const { scrollWidth, viewportWidth } = await measureHorizontalOverflow(page);
    expect(scrollWidth).toBeLessThanOrEqual(viewportWidth);
  });
});
