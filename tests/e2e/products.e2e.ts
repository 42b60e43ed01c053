import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { withEan13CheckDigit } from '../../core/products/barcode.rules';
import { ACCOUNTS, signInAcmeOwner, signInThroughForm, toast } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import {
  expectCell,
  createProduct,
  fillSimpleProduct,
  listAnswered,
  productHeading,
  productsTable,
  randomEan13,
  searchProducts,
  stockTable,
  uniqueSuffix,
  withWrongCheckDigit,
} from './support/catalog';
import { measureHorizontalOverflow } from './support/page-helpers';

const session = useBrowser();
const filesDir = mkdtempSync(join(tmpdir(), 'dukani-e2e-products-'));

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});
afterAll(() => {
  rmSync(filesDir, { recursive: true, force: true });
});

const ACME = ACCOUNTS.acmeOwner.subdomain;
const KIOSK = ACCOUNTS.kioskOwner.subdomain;
const DEMO = ACCOUNTS.owner.subdomain;

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true },
  { name: 'till', viewport: { width: 1366, height: 768 }, isMobile: false, hasTouch: false },
] as const;

async function expectNoHorizontalOverflow(page: Page, what: string) {
  const { scrollWidth, viewportWidth } = await measureHorizontalOverflow(page);
  expect(scrollWidth, what).toBeLessThanOrEqual(viewportWidth);
}

/** "1–25 of 1,000": the list's total from its pager. */
async function listTotal(page: Page): Promise<number> {
  const text = await page.getByRole('navigation', { name: 'Pages' }).getByText(/^[\d,]+–[\d,]+ of [\d,]+$/).innerText();
  return Number(/ of ([\d,]+)$/.exec(text)?.[1]?.replaceAll(',', ''));
}

describe('the catalog', () => {
  it('creates a T-shirt in Size × Colour variants with a checked EAN-13, then finds it by barcode and by name', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInAcmeOwner(page);
    const name = `T-shirt ${uniqueSuffix()}`;
    const barcode = randomEan13();

    await page.goto(appUrl('/admin/products/new', ACME));
    const form = page.getByRole('form', { name: 'New product' });
    await form.getByLabel('Name', { exact: true }).fill(name);
    // The price typed before the grid is made is every variant's starting price.
    await form.getByLabel('Selling price').fill('850');
    await form.getByRole('switch', { name: 'This product has variants' }).click();
    await form.getByRole('heading', { name: 'Variants', exact: true }).waitFor();
    await form.getByLabel('Option name').first().fill('Size');
    await form.getByLabel('Values (comma-separated)').first().fill('S, M');
    await form.getByRole('button', { name: 'Add option' }).click();
    await form.getByLabel('Option name').nth(1).fill('Colour');
    await form.getByLabel('Values (comma-separated)').nth(1).fill('Red, Blue');
    await form.getByText('4 variants', { exact: true }).waitFor();
    const variants = form.getByRole('list', { name: 'Variants' });
    expect(await variants.getByRole('listitem').evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')))).toEqual([
      'Variant S / Red',
      'Variant S / Blue',
      'Variant M / Red',
      'Variant M / Blue',
    ]);

    // A mistyped check digit is refused beside the box, before anything is sent.
    const mediumBlue = variants.getByRole('listitem', { name: 'Variant M / Blue' });
    const barcodeBox = mediumBlue.getByLabel('Barcodes');
    await barcodeBox.fill(withWrongCheckDigit(barcode));
    await mediumBlue.getByText("This EAN-13 barcode's check digit is wrong; check the number on the pack").waitFor();
    expect(await barcodeBox.getAttribute('aria-invalid')).toBe('true');
    await mediumBlue.getByRole('button', { name: 'Add barcode' }).click();
    expect(await mediumBlue.getByRole('list', { name: 'Barcodes' }).count()).toBe(0);

    await barcodeBox.fill(barcode);
    await mediumBlue.getByRole('button', { name: 'Add barcode' }).click();
    const listed = mediumBlue.getByRole('list', { name: 'Barcodes' }).getByRole('listitem');
    await listed.getByText(barcode, { exact: true }).waitFor();
    expect(await listed.innerText()).toContain('EAN-13');
    expect(await mediumBlue.getByText('check digit is wrong').count()).toBe(0);

    await form.getByRole('button', { name: 'Create product' }).click();
    await toast(page, `${name} added`).waitFor();
    await productHeading(page, name).waitFor();
    await page.getByText('4 variants', { exact: true }).waitFor();
    const table = stockTable(page);
    await table.waitFor();
    for (const variant of ['S / Red', 'S / Blue', 'M / Red', 'M / Blue']) {
      await expectCell(table, variant, 'Price', 'KSh 850.00');
    }
    await expectCell(table, 'M / Blue', 'Barcodes', barcode);
    await expectCell(table, 'S / Red', 'Barcodes', '—');

    // The list finds it by the barcode (as typed, without Enter)…
    await page.goto(appUrl('/admin/products', ACME));
    await searchProducts(page, barcode);
    const products = productsTable(page);
    await products.getByRole('link', { name, exact: true }).waitFor();
    expect(await products.getByRole('link').count()).toBe(1);
    // …shows the parent with its variants on demand…
    await products.getByRole('button', { name: `Show variants of ${name}` }).click();
    await products.getByRole('cell', { name: 'M / Blue', exact: true }).waitFor();
    expect(await products.getByRole('row').count()).toBe(1 + 1 + 4);

    // …and by part of its name.
    await searchProducts(page, name.slice(2).toLowerCase());
    await products.getByRole('link', { name, exact: true }).waitFor();
  });

  it('shows an uploaded product image, and refuses a file that is not an image where it was chosen', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInAcmeOwner(page);
    const name = `Kikoi ${uniqueSuffix()}`;
    await createProduct(page, ACME, { name, sellingPrice: '1200' });

    const notAnImage = join(filesDir, 'price-list.txt');
    writeFileSync(notAnImage, 'Kikoi 1,200\n');
    const fileInput = page.getByLabel('Upload image');
    await fileInput.setInputFiles(notAnImage);
    await page.getByRole('alert').getByText('Use a PNG, JPEG or WebP image', { exact: true }).waitFor();

    // Named and typed as a PNG, but not one: the server looks inside and refuses it.
    const fakePng = join(filesDir, 'fake.png');
    writeFileSync(fakePng, 'this is not a picture');
    await fileInput.setInputFiles(fakePng);
    await page.getByRole('alert').getByText(/^That (file is not the image it claims to be|image could not be read)/).waitFor();
    expect(await page.getByRole('img', { name, exact: true }).count()).toBe(0);

    const photo = join(filesDir, 'kikoi.png');
    await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 60, b: 30 } } })
      .png()
      .toFile(photo);
    await fileInput.setInputFiles(photo);
    await toast(page, 'Image saved').waitFor();
    const image = page.getByRole('img', { name, exact: true });
    // The saved image comes from the server (not the local preview) and has loaded.
    await page.waitForFunction(
      (alt) => {
        const element = [...document.querySelectorAll('img')].find((img) => img.alt === alt);
        return Boolean(element && !element.src.startsWith('blob:') && element.complete && element.naturalWidth > 0);
      },
      name,
    );
    expect(await image.getAttribute('src')).not.toMatch(/^blob:/);
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.getByRole('button', { name: 'Remove image' }).waitFor();

    // The list shows it as the product's thumbnail too.
    await page.goto(appUrl('/admin/products', ACME));
    await searchProducts(page, name);
    const row = productsTable(page).getByRole('row').filter({ hasText: name });
    await row.locator('img').waitFor();
  });

  it("the demo shop's seeded mini-mart catalog is searchable, and a scanned barcode opens its product", async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.owner);
    await page.goto(appUrl('/admin/products', DEMO));
    const products = productsTable(page);
    await products.getByRole('link').first().waitFor();

    await searchProducts(page, 'keringet');
    await products.getByRole('link', { name: 'Keringet still water 500 ml', exact: true }).waitFor();
    await products.getByRole('link', { name: 'Keringet still water 1 l', exact: true }).waitFor();
    expect(await products.getByRole('link').count()).toBe(2);

    // A scanner types the code and presses Enter: the product opens straight away.
    const spriteBarcode = withEan13CheckDigit('616130020500');
    const search = page.getByRole('searchbox', { name: 'Search products' });
    await search.fill(spriteBarcode);
    await search.press('Enter');
    await productHeading(page, 'Sprite 500 ml').waitFor();
    await expectCell(stockTable(page), 'Sprite 500 ml', 'Barcodes', spriteBarcode);
  });
});

describe('a Starter shop', () => {
  it('sees the advanced controls and transfers locked, adds its 1,000th product and is refused the next', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.kioskOwner);

    await page.goto(appUrl('/admin/products/new', KIOSK));
    const form = page.getByRole('form', { name: 'New product' });
    await form.getByLabel('Name', { exact: true }).waitFor();
    const upgrade = 'Upgrade to Pro for brands, units, warranties, combos, wholesale pricing and camera barcode scanning.';
    // The lock badge beside Brand, Product type, Warranty and batch tracking, and in place of wholesale prices.
    await form.getByRole('link', { name: `${upgrade} Pro` }).first().waitFor();
    expect(await form.getByRole('link', { name: `${upgrade} Pro` }).count()).toBe(5);
    expect(await form.getByLabel('Brand').isDisabled()).toBe(true);
    expect(await form.getByLabel('Track batches and expiry').isDisabled()).toBe(true);
    expect(await form.getByLabel('Warranty (days)').isDisabled()).toBe(true);
    expect(await form.getByLabel('Product type').locator('option', { hasText: 'Combo' }).isDisabled()).toBe(true);
    const wholesale = form.locator('[data-locked]', { hasText: 'Wholesale prices' });
    expect(await wholesale.getByText('Pro', { exact: true }).isVisible()).toBe(true);
    expect(await form.getByRole('button', { name: 'Add wholesale price' }).count()).toBe(0);

    await page.goto(appUrl('/admin/products/transfers', KIOSK));
    const locked = page.getByRole('region', { name: 'Transfers between locations' });
    await locked.waitFor();
    expect(await locked.getByText('Pro', { exact: true }).isVisible()).toBe(true);
    expect(await locked.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/admin/settings?tab=billing');
    expect(await page.getByRole('link', { name: 'New transfer' }).count()).toBe(0);

    await page.goto(appUrl('/admin/products', KIOSK));
    await productsTable(page).getByRole('link').first().waitFor();
    expect(await listTotal(page)).toBe(999);

    const suffix = uniqueSuffix();
    await createProduct(page, KIOSK, { name: `Mandazi ${suffix}`, sellingPrice: '10' });

    await page.goto(appUrl('/admin/products/new', KIOSK));
    await fillSimpleProduct(page, { name: `Chapati ${suffix}`, sellingPrice: '20' });
    await page.getByRole('button', { name: 'Create product' }).click();
    await form.getByText('Your plan allows up to 1,000 products. Upgrade your subscription to add more.', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/products/new');

    await page.goto(appUrl('/admin/products', KIOSK));
    await productsTable(page).getByRole('link').first().waitFor();
    expect(await listTotal(page)).toBe(1000);
    await searchProducts(page, `Chapati ${suffix}`);
    await page.getByRole('heading', { name: 'No products match' }).waitFor();
  });
});

describe.each(VIEWPORTS)('catalog layout on a $viewport.width×$viewport.height screen', ({ name, ...device }) => {
  it('the products list and the product form fit without sideways scrolling', async () => {
    const page = await session.openPage({ ...device, cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.owner);
    await page.goto(appUrl('/admin/products', DEMO));
    // The table on a till, the compact list on a phone.
    await page.getByRole(name === 'phone' ? 'list' : 'table', { name: 'Products' }).getByRole('link').first().waitFor();
    await expectNoHorizontalOverflow(page, `products list (${name})`);

    await page.goto(appUrl('/admin/products/new', DEMO));
    const form = page.getByRole('form', { name: 'New product' });
    await form.getByRole('switch', { name: 'This product has variants' }).click();
    await form.getByLabel('Values (comma-separated)').first().fill('S, M, L');
    await form.getByRole('list', { name: 'Variants' }).getByRole('listitem', { name: 'Variant L' }).waitFor();
    await expectNoHorizontalOverflow(page, `product form (${name})`);
  });
});

describe('the products list by keyboard', () => {
  it('Tab reaches the search box; typing and Enter filter the list, and Enter on a barcode opens the product', async () => {
    const page = await session.openPage({ viewport: { width: 1366, height: 768 }, cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.owner);
    await page.goto(appUrl('/admin/products', DEMO));
    const search = page.getByRole('searchbox', { name: 'Search products' });
    await productsTable(page).getByRole('link').first().waitFor();

    let presses = 0;
    while (!(await search.evaluate((element) => element === document.activeElement))) {
      presses += 1;
      if (presses > 60) throw new Error('Tab never reached the search box');
      await page.keyboard.press('Tab');
    }
    const answered = listAnswered(page, 'brookside');
    await page.keyboard.type('brookside');
    await page.keyboard.press('Enter');
    await answered();
    const products = productsTable(page);
    await products.getByRole('link', { name: 'Brookside fresh milk 500 ml', exact: true }).waitFor();
    const names = await products.getByRole('link').allInnerTexts();
    expect(names.length).toBeGreaterThan(1);
    expect(names.every((text) => text.toLowerCase().includes('brookside'))).toBe(true);

    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(withEan13CheckDigit('616110000500'));
    await page.keyboard.press('Enter');
    await productHeading(page, 'Brookside fresh milk 500 ml').waitFor();
  });
});
