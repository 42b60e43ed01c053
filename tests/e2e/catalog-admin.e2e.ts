import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, markToastsSeen, signInAcmeOwner, signInThroughForm, toast } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import { createProduct, expectCell, MAIN_SHOP, uniqueSuffix } from './support/catalog';

// The catalog's reference screens (categories, brands, units), the stock ledger, low stock with
// its header notification, Settings → Inventory, and a cashier's read-only view (the kiosk's
// cashier: profile.e2e.ts changes and deactivates the demo one).

const session = useBrowser();

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

const ACME = ACCOUNTS.acmeOwner.subdomain;
const DEMO = ACCOUNTS.manager.subdomain;
const KIOSK = ACCOUNTS.kioskOwner.subdomain;

/** A row's cells by their column header, whitespace collapsed (e.g. { Kind: 'Adjustment Correction' }). */
async function cellsByHeader(table: Locator, row: Locator): Promise<Record<string, string>> {
  const headers = (await table.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
  const cells = (await row.getByRole('cell').allInnerTexts()).map((text) => text.trim().replace(/\s+/g, ' '));
  return Object.fromEntries(headers.map((header, index) => [header, cells[index] ?? '']));
}

function rowNamed(table: Locator, name: string): Locator {
  return table.getByRole('row').filter({ has: table.page().getByRole('cell', { name, exact: true }) });
}

/** Opens a reference list's "New …" dialog, fills it with `fill`, saves and waits for the toast and the dialog to close. */
async function addReference(page: Page, noun: 'category' | 'brand' | 'unit', fill: (dialog: Locator) => Promise<void>) {
  await markToastsSeen(page);
  await page.getByRole('button', { name: `New ${noun}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `New ${noun}` });
  await fill(dialog);
  await dialog.getByRole('button', { name: `Add ${noun}` }).click();
  await toast(page, `${noun[0]!.toUpperCase()}${noun.slice(1)} added`).waitFor();
  await dialog.waitFor({ state: 'hidden' });
}

async function addCategory(page: Page, name: string, insidePath?: string) {
  await addReference(page, 'category', async (dialog) => {
    await dialog.getByLabel('Category name').fill(name);
    if (insidePath) await dialog.getByLabel('Inside category').selectOption({ label: insidePath });
  });
}

/** Confirms "Delete …?" for a row's item; returns the confirmation, still open when the server refused. */
async function confirmDelete(page: Page, noun: string, name: string): Promise<Locator> {
  await markToastsSeen(page);
  await page.getByRole('button', { name: `Delete ${noun} ${name}`, exact: true }).click();
  const confirmation = page.getByRole('alertdialog', { name: `Delete ${name}?` });
  await confirmation.getByRole('button', { name: 'Delete', exact: true }).click();
  return confirmation;
}

/** Saves an adjustment of one product at the main shop through /admin/products/adjustments/new, found by search. */
async function adjustStock(page: Page, name: string, change: { reason: string; direction: 'Add stock' | 'Remove stock'; quantity: string }) {
  await page.goto(appUrl('/admin/products/adjustments/new', ACME));
  const form = page.getByRole('form', { name: 'New adjustment' });
  await form.getByLabel('Location', { exact: true }).locator('option:checked', { hasText: MAIN_SHOP }).waitFor({ state: 'attached' });
  await form.getByLabel('Reason').selectOption({ label: change.reason });
  await form.getByLabel('Search products').fill(name);
  await form.getByRole('list', { name: 'Matching products' }).getByRole('button', { name: `Add ${name}` }).click();
  const line = form.getByRole('list', { name: 'Lines' }).getByRole('listitem', { name });
  await line.getByRole('button', { name: change.direction }).click();
  const verb = change.direction === 'Add stock' ? 'add' : 'remove';
  await line.getByLabel(`Quantity to ${verb} of ${name}`).fill(change.quantity);
  await form.getByRole('button', { name: 'Save adjustment' }).click();
  await toast(page, 'Stock adjusted').waitFor();
  await page.getByRole('heading', { name: `Adjustment: ${change.reason}` }).waitFor();
}

function movementsTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Stock movements' });
}

/** The ledger's lines of one product on the page shown, "Kind | Change | Location | Balance after", newest first. */
async function ledgerLines(page: Page, productName: string): Promise<string[]> {
  const table = movementsTable(page);
  await table.waitFor();
  const rows = await table.getByRole('row').filter({ has: page.getByRole('link', { name: productName, exact: true }) }).all();
  const lines: string[] = [];
  for (const row of rows) {
    const cells = await cellsByHeader(table, row);
    lines.push(`${cells.Kind} | ${cells.Change} | ${cells.Location} | ${cells['Balance after']}`);
  }
  return lines;
}

/** The Kind of every row the ledger shows. */
async function kindsShown(page: Page): Promise<string[]> {
  const table = movementsTable(page);
  await table.waitFor();
  const headers = (await table.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
  const rows = await table.getByRole('row').all();
  const kinds: string[] = [];
  for (const row of rows.slice(1)) kinds.push((await row.getByRole('cell').nth(headers.indexOf('Kind')).innerText()).trim().replace(/\s+/g, ' '));
  return kinds;
}

describe('categories, brands and units', () => {
  it('nests a category, renames it, refuses a duplicate name and the deletion of a category in use, and deletes an empty one', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInAcmeOwner(page);
    const suffix = uniqueSuffix();
    const drinks = `Drinks ${suffix}`;
    const softDrinks = `Soft drinks ${suffix}`;
    const fizzyDrinks = `Fizzy drinks ${suffix}`;
    const juices = `Juices ${suffix}`;

    await page.goto(appUrl('/admin/products/categories', ACME));
    await page.getByRole('heading', { name: 'Categories', level: 2, exact: true }).waitFor();
    await addCategory(page, drinks);
    await addCategory(page, softDrinks, drinks);
    const table = page.getByRole('table', { name: 'Categories' });
    await rowNamed(table, `${drinks} › ${softDrinks}`).waitFor();

    await page.getByRole('button', { name: `Edit category ${softDrinks}`, exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit category' });
    expect(await edit.getByLabel('Category name').inputValue()).toBe(softDrinks);
    await edit.getByLabel('Category name').fill(fizzyDrinks);
    await edit.getByRole('button', { name: 'Save category' }).click();
    await toast(page, 'Category saved').waitFor();
    await rowNamed(table, `${drinks} › ${fizzyDrinks}`).waitFor();
    expect(await rowNamed(table, `${drinks} › ${softDrinks}`).count()).toBe(0);

    // The same name at the same level, in other letter case: refused beside the name, nothing added.
    await page.getByRole('button', { name: 'New category', exact: true }).click();
    const duplicate = page.getByRole('dialog', { name: 'New category' });
    await duplicate.getByLabel('Category name').fill(drinks.toLowerCase());
    await duplicate.getByRole('button', { name: 'Add category' }).click();
    await duplicate.getByText('There is already a category with this name here', { exact: true }).waitFor();
    expect(await duplicate.getByLabel('Category name').getAttribute('aria-invalid')).toBe('true');
    await duplicate.getByRole('button', { name: 'Cancel' }).click();
    await duplicate.waitFor({ state: 'hidden' });
    expect(await table.getByRole('cell', { name: drinks, exact: true }).count()).toBe(1);

    await addCategory(page, juices, drinks);
    const product = `Ginger ale ${suffix}`;
    await createProduct(page, ACME, { name: product, sellingPrice: '90', category: `${drinks} › ${fizzyDrinks}` });

    await page.goto(appUrl('/admin/products/categories', ACME));
    await expectCell(table, `${drinks} › ${fizzyDrinks}`, 'Products', '1');
    let confirmation = await confirmDelete(page, 'category', fizzyDrinks);
    await confirmation.getByRole('alert').getByText('1 product(s) are in this category; move them first', { exact: true }).waitFor();
    await confirmation.getByRole('button', { name: 'Cancel' }).click();
    await confirmation.waitFor({ state: 'hidden' });

    confirmation = await confirmDelete(page, 'category', drinks);
    await confirmation.getByRole('alert').getByText('This category has sub-categories; move or delete them first', { exact: true }).waitFor();
    await confirmation.getByRole('button', { name: 'Cancel' }).click();
    await confirmation.waitFor({ state: 'hidden' });

    await confirmDelete(page, 'category', juices);
    await toast(page, `${juices} deleted`).waitFor();
    await rowNamed(table, `${drinks} › ${juices}`).waitFor({ state: 'detached' });
    await rowNamed(table, drinks).waitFor();
    await rowNamed(table, `${drinks} › ${fizzyDrinks}`).waitFor();
  });

  it("gives a category a VAT class for new products: the product form starts with it, inside sub-categories too", async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInAcmeOwner(page);
    const suffix = uniqueSuffix();
    const flour = `Flour ${suffix}`;
    const unga = `Unga ${suffix}`;

    await page.goto(appUrl('/admin/products/categories', ACME));
    await addReference(page, 'category', async (dialog) => {
      await dialog.getByLabel('Category name').fill(flour);
      await dialog.getByLabel('VAT class for new products').selectOption({ label: 'Zero-rated (0%)' });
    });
    await addReference(page, 'category', async (dialog) => {
      await dialog.getByLabel('Category name').fill(unga);
      await dialog.getByLabel('Inside category').selectOption({ label: flour });
      // Left blank, a sub-category takes its parent's class, and the blank choice says so.
      await dialog.getByRole('option', { name: `As ${flour} (Zero-rated (0%))` }).waitFor({ state: 'attached' });
    });
    const table = page.getByRole('table', { name: 'Categories' });
    await expectCell(table, flour, 'VAT for new products', 'Zero-rated (0%)');
    await expectCell(table, `${flour} › ${unga}`, 'VAT for new products', 'Zero-rated (0%)');

    await page.goto(appUrl('/admin/products/new', ACME));
    const form = page.getByRole('form', { name: 'New product' });
    const taxClass = form.getByLabel('Tax class');
    expect(await taxClass.inputValue()).toBe('standard');
    const name = `Jogoo maize meal 2 kg ${suffix}`;
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Selling price').fill('150');
    await form.getByLabel('Category', { exact: true }).selectOption({ label: `${flour} › ${unga}` });
    await expect.poll(() => taxClass.inputValue()).toBe('zero_rated');
    await form.getByText(`The VAT class for new products in ${flour} › ${unga}`, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Create product' }).click();
    await toast(page, `${name} added`).waitFor();
    await page.getByText('Zero-rated (0%), prices include VAT', { exact: true }).waitFor();
  });

  it('creates, renames and deletes a brand', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInAcmeOwner(page);
    const suffix = uniqueSuffix();
    const brand = `Bamburi ${suffix}`;
    const renamed = `Bamburi Cement ${suffix}`;

    await page.goto(appUrl('/admin/products/brands', ACME));
    await addReference(page, 'brand', (dialog) => dialog.getByLabel('Brand name').fill(brand));
    const table = page.getByRole('table', { name: 'Brands' });
    await expectCell(table, brand, 'Products', '0');

    await markToastsSeen(page);
    await page.getByRole('button', { name: `Edit brand ${brand}`, exact: true }).click();
    const rename = page.getByRole('dialog', { name: 'Rename brand' });
    await rename.getByLabel('Brand name').fill(renamed);
    await rename.getByRole('button', { name: 'Save brand' }).click();
    await toast(page, 'Brand saved').waitFor();
    await rowNamed(table, renamed).waitFor();
    expect(await rowNamed(table, brand).count()).toBe(0);

    await confirmDelete(page, 'brand', renamed);
    await toast(page, `${renamed} deleted`).waitFor();
    await rowNamed(table, renamed).waitFor({ state: 'detached' });
  });

  it('adds a crate that holds 24 pieces, shown as its pack contents; the built-in units cannot be changed', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInAcmeOwner(page);
    const crate = `Crate ${uniqueSuffix()}`;

    await page.goto(appUrl('/admin/products/units', ACME));
    await addReference(page, 'unit', async (dialog) => {
      await dialog.getByLabel('Unit name').fill(crate);
      await dialog.getByLabel('Short name').fill('crt');
      await dialog.getByLabel('Pack of').selectOption({ label: 'Piece (pc)' });
      await dialog.getByLabel('How many in one').fill('24');
    });
    const table = page.getByRole('table', { name: 'Units' });
    await expectCell(table, crate, 'Pack', 'contains 24 × pc');
    await expectCell(table, crate, 'Short name', 'crt');
    await expectCell(table, crate, 'Fractions', 'Whole numbers');
    await page.getByRole('button', { name: `Edit unit ${crate}`, exact: true }).waitFor();

    const piece = table.getByRole('row').filter({ hasText: 'Built in' }).filter({ hasText: 'Piece' });
    expect(await piece.innerText()).toContain('pc');
    expect(await page.getByRole('button', { name: 'Edit unit Piece', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete unit Piece', exact: true }).count()).toBe(0);
  });
});

describe('the stock ledger', () => {
  it('lists an adjustment with its signed change and the balance after it, and the Kind filter narrows the list', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInAcmeOwner(page);
    const name = `Sisal rope ${uniqueSuffix()}`;
    await createProduct(page, ACME, { name, sellingPrice: '350', openingStock: { [MAIN_SHOP]: '20' } });
    await adjustStock(page, name, { reason: 'Correction', direction: 'Add stock', quantity: '5' });

    await page.getByRole('navigation', { name: 'Products area' }).getByRole('link', { name: 'Stock movements' }).click();
    await page.getByRole('heading', { name: 'Stock movements', level: 2, exact: true }).waitFor();
    await expect.poll(() => ledgerLines(page, name)).toEqual([`Adjustment Correction | +5 | ${MAIN_SHOP} | 25`, `Opening stock | +20 | ${MAIN_SHOP} | 20`]);

    await page.getByLabel('Kind', { exact: true }).selectOption({ label: 'Adjustment' });
    await page.waitForURL((url) => url.searchParams.get('kind') === 'adjustment');
    await expect.poll(() => ledgerLines(page, name)).toEqual([`Adjustment Correction | +5 | ${MAIN_SHOP} | 25`]);
    expect((await kindsShown(page)).every((kind) => kind.startsWith('Adjustment'))).toBe(true);

    await page.getByLabel('Kind', { exact: true }).selectOption({ label: 'Opening stock' });
    await page.waitForURL((url) => url.searchParams.get('kind') === 'opening');
    await expect.poll(() => ledgerLines(page, name)).toEqual([`Opening stock | +20 | ${MAIN_SHOP} | 20`]);
    expect((await kindsShown(page)).every((kind) => kind === 'Opening stock')).toBe(true);
  });

  it("pages through the demo shop's ledger, 25 movements a page", async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.manager);
    await page.goto(appUrl('/admin/products/movements', DEMO));
    const pages = page.getByRole('navigation', { name: 'Pages' });
    const range = pages.getByText(/^[\d,]+–[\d,]+ of [\d,]+$/);
    await range.waitFor();
    expect(await range.innerText()).toMatch(/^1–25 of /);
    const total = Number(/ of ([\d,]+)$/.exec(await range.innerText())?.[1]?.replaceAll(',', ''));
    expect(total).toBeGreaterThan(25);
    expect(await movementsTable(page).getByRole('row').count()).toBe(1 + 25);
    expect(await pages.getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(true);

    await pages.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await pages.getByText(new RegExp(`^26–${Math.min(total, 50)} of `)).waitFor();
    await pages.getByText(`Page 2 of ${Math.ceil(total / 25)}`, { exact: true }).waitFor();
    expect(await pages.getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(false);
  });
});

describe('low stock', () => {
  it("the demo manager sees the seed's low items at the main shop, and Adjust opens the form with the line", async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.manager);
    await page.goto(appUrl('/admin/products/low-stock', DEMO));
    const table = page.getByRole('table', { name: 'Low stock' });
    await table.waitFor();

    const lowAtMainShop = [
      { name: 'Brookside fresh milk 500 ml', onHand: '12', reorderLevel: '24' },
      { name: 'Festive white bread 400 g', onHand: '6', reorderLevel: '10' },
      { name: 'Sukuma wiki', onHand: '3.5', reorderLevel: '5' },
    ];
    for (const item of lowAtMainShop) {
      const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: item.name, exact: true }) }).filter({ hasText: MAIN_SHOP });
      const cells = await cellsByHeader(table, row);
      expect(cells, item.name).toMatchObject({ Location: MAIN_SHOP, 'On hand': item.onHand, 'Reorder level': item.reorderLevel });
    }

    await page.getByRole('link', { name: `Adjust Brookside fresh milk 500 ml at ${MAIN_SHOP}`, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin/products/adjustments/new');
    const form = page.getByRole('form', { name: 'New adjustment' });
    await form.getByLabel('Location', { exact: true }).locator('option:checked', { hasText: MAIN_SHOP }).waitFor({ state: 'attached' });
    const lines = form.getByRole('list', { name: 'Lines' }).getByRole('listitem');
    const milk = lines.filter({ hasText: 'Brookside fresh milk 500 ml' });
    await milk.getByText(`On hand at ${MAIN_SHOP}: 12`).waitFor();
    expect(await lines.count()).toBe(1);
  });

  it('an adjustment that takes a product to its reorder level shows "Low stock: …" under the header bell', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInAcmeOwner(page);
    const name = `Gas cylinder ${uniqueSuffix()}`;
    await createProduct(page, ACME, { name, sellingPrice: '3200', reorderLevel: '4', openingStock: { [MAIN_SHOP]: '10' } });
    await adjustStock(page, name, { reason: 'Damaged', direction: 'Remove stock', quantity: '7' });

    await page.goto(appUrl('/admin/products', ACME));
    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    const notification = page.getByRole('menu').getByRole('menuitem').filter({ hasText: `Low stock: ${name}` });
    await notification.waitFor();
    expect(await notification.innerText()).toContain(`3 left at ${MAIN_SHOP} (reorder level 4).`);

    // It leads to the low-stock list, where the product now is.
    await notification.click();
    await page.waitForURL((url) => url.pathname === '/admin/products/low-stock');
    const table = page.getByRole('table', { name: 'Low stock' });
    await table.waitFor();
    const row = table.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
    expect(await cellsByHeader(table, row)).toMatchObject({ Location: MAIN_SHOP, 'On hand': '3', 'Reorder level': '4' });
  });
});

describe('Settings → Inventory', () => {
  it('the owner saves a reduced VAT rate of 8.5%, which stays after a reload; 16.555 is refused beside the field', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInAcmeOwner(page);
    await page.goto(appUrl('/admin/settings', ACME));
    await page.getByRole('tab', { name: 'Inventory' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'inventory');
    const form = page.getByRole('form', { name: 'Inventory settings' });
    const reduced = form.getByLabel('Reduced VAT rate');
    expect(await reduced.inputValue()).toBe('8');

    await reduced.fill('8.5');
    await form.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Inventory settings saved').waitFor();
    await page.reload();
    expect(await form.getByLabel('Reduced VAT rate').inputValue()).toBe('8.5');

    const sent: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/settings/inventory' && request.method() === 'PATCH') sent.push(request.url());
    });
    await reduced.fill('16.555');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Enter a rate like 8 or 7.5 (at most 2 decimals)', { exact: true }).waitFor();
    expect(await reduced.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);

    await reduced.fill('8');
    await form.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Inventory settings saved').waitFor();
    await page.reload();
    expect(await form.getByLabel('Reduced VAT rate').inputValue()).toBe('8');
  });

  it('price rounding is whole shillings until the owner picks another step, which stays after a reload', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInAcmeOwner(page);
    await page.goto(appUrl('/admin/settings', ACME));
    await page.getByRole('tab', { name: 'Inventory' }).click();
    const form = page.getByRole('form', { name: 'Inventory settings' });
    const rounding = form.getByLabel('Price rounding');
    expect(await rounding.inputValue()).toBe('1');
    await form.getByText('Prices the app works out, such as a bulk +7% change, round half up to this: KSh 144.45 → 144 (nearest 1), 145 (nearest 5). Prices you type are kept as typed.', { exact: true }).waitFor();

    await rounding.selectOption({ label: 'Nearest KSh 5' });
    await form.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Inventory settings saved').waitFor();
    await page.reload();
    expect(await form.getByLabel('Price rounding').inputValue()).toBe('5');

    // Back to whole shillings, as the other suites expect.
    await form.getByLabel('Price rounding').selectOption({ label: 'Nearest KSh 1' });
    await form.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Inventory settings saved').waitFor();
  });

  it('on Starter the "Allow negative stock" switch is locked with the Pro badge', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.kioskOwner);
    await page.goto(appUrl('/admin/settings?tab=inventory', KIOSK));
    const form = page.getByRole('form', { name: 'Inventory settings' });
    const locked = form.locator('[data-locked]');
    await locked.waitFor();
    expect(await locked.getByRole('switch', { name: 'Allow negative stock' }).isDisabled()).toBe(true);
    const upgrade = locked.getByRole('link', { name: /Upgrade to Pro/ });
    expect(await upgrade.getByText('Pro', { exact: true }).isVisible()).toBe(true);
    expect(await upgrade.getAttribute('href')).toBe('/admin/settings?tab=billing');
  });
});

describe('a cashier', () => {
  it('sees the catalog and the locations read-only: no New product, Edit or Add location', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted', viewport: { width: 1366, height: 768 } });
    await signInThroughForm(page, ACCOUNTS.kioskCashier);
    await page.goto(appUrl('/admin/products', KIOSK));
    const products = page.getByRole('table', { name: 'Products' });
    await products.getByRole('row').nth(1).waitFor();
    expect(await page.getByRole('link', { name: 'New product' }).count()).toBe(0);
    expect(await page.getByRole('checkbox').count()).toBe(0);

    await products.getByRole('row').nth(1).getByRole('link').first().click();
    await page.getByText(/^(Prices|Variants) and stock$/).first().waitFor();
    expect(await page.getByRole('link', { name: 'Edit', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Archive' }).count()).toBe(0);

    await page.goto(appUrl('/admin/products/locations', KIOSK));
    await page.getByRole('heading', { name: 'Locations', level: 2, exact: true }).waitFor();
    await page.getByText(MAIN_SHOP).first().waitFor();
    expect(await page.getByRole('button', { name: 'Add location' }).count()).toBe(0);
  });
});
