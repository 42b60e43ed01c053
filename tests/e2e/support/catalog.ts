import { randomInt } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { withEan13CheckDigit } from '../../../core/products/barcode.rules';
import { toast } from './accounts';
import { appUrl } from './browser';

// Shared steps of the catalog and stock e2e files: every test makes its own products, named with
// a suffix of its own, so the files pass in any order and on a server other files have changed.

/** The default location every tenant starts with (DEFAULT_LOCATION_NAME). */
export const MAIN_SHOP = 'Main shop';

/** e.g. "k3f9q2": tells this run's products from anything else on the server. */
export function uniqueSuffix(): string {
  return randomInt(36 ** 5, 36 ** 6).toString(36);
}

/** A valid EAN-13 in the in-store range (prefix 2), different on every call. */
export function randomEan13(): string {
  const body = `2${String(randomInt(0, 10 ** 11)).padStart(11, '0')}`;
  return withEan13CheckDigit(body);
}

/** The same code with its check digit off by one. */
export function withWrongCheckDigit(code: string): string {
  const last = Number(code.at(-1));
  return `${code.slice(0, -1)}${(last + 1) % 10}`;
}

export interface NewProduct {
  name: string;
  sellingPrice: string;
  /** What the shop pays, e.g. '100' (the opening stock's cost). */
  costPrice?: string;
  barcode?: string;
  /** Opening stock by location name, e.g. { 'Main shop': '20' }. */
  openingStock?: Record<string, string>;
  /** The category's path as the picker lists it, e.g. "Drinks › Soft drinks". */
  category?: string;
  reorderLevel?: string;
}

/** Fills the product form's single-item fields (name, price, barcode, category, reorder level, opening stock). */
export async function fillSimpleProduct(page: Page, product: NewProduct) {
  const form = page.getByRole('form', { name: 'New product' });
  await form.getByLabel('Name', { exact: true }).fill(product.name);
  await form.getByLabel('Selling price').fill(product.sellingPrice);
  if (product.costPrice) await form.getByLabel('Cost price').fill(product.costPrice);
  // Waits for the categories to load: the picker lists them once they have.
  if (product.category) await form.getByLabel('Category', { exact: true }).selectOption({ label: product.category });
  if (product.reorderLevel) await form.getByLabel('Reorder level').fill(product.reorderLevel);
  if (product.barcode) {
    await form.getByLabel('Barcodes').fill(product.barcode);
    await form.getByRole('button', { name: 'Add barcode' }).click();
    await form.getByRole('list', { name: 'Barcodes' }).getByText(product.barcode, { exact: true }).waitFor();
  }
  const opening = form.getByRole('group', { name: 'Opening stock' });
  for (const [location, quantity] of Object.entries(product.openingStock ?? {})) {
    await opening.getByLabel(location, { exact: true }).fill(quantity);
  }
}

/**
 * Adds a simple product through /admin/products/new as the signed-in manager or owner and
 * returns its id, once its page shows it.
 */
export async function createProduct(page: Page, subdomain: string, product: NewProduct): Promise<string> {
  await page.goto(appUrl('/admin/products/new', subdomain));
  await fillSimpleProduct(page, product);
  await page.getByRole('button', { name: 'Create product' }).click();
  await toast(page, `${product.name} added`).waitFor();
  await productHeading(page, product.name).waitFor();
  return productIdFromUrl(page);
}

export function productIdFromUrl(page: Page): string {
  const match = /\/admin\/products\/([0-9a-f-]{36})$/.exec(new URL(page.url()).pathname);
  if (!match?.[1]) throw new Error(`${page.url()} is not a product's page`);
  return match[1];
}

export function productHeading(page: Page, name: string): Locator {
  return page.getByRole('heading', { name, exact: true, level: 2 });
}

/** The product page's "Prices and stock" / "Variants and stock" table. */
export function stockTable(page: Page): Locator {
  return page.getByRole('table', { name: /^(Prices|Variants) and stock$/ });
}

/** The text of a column (by its header) in the row of a variant (by its first cell), e.g. "0 OUT". */
async function cellText(table: Locator, rowName: string, column: string): Promise<string> {
  const headers = (await table.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
  const index = headers.indexOf(column);
  if (index === -1) throw new Error(`No column ${column} among ${headers.join(', ')}`);
  const row = table.getByRole('row').filter({ has: table.page().getByRole('cell', { name: rowName, exact: true }) });
  return (await row.getByRole('cell').nth(index).innerText()).trim().replace(/\s+/g, ' ');
}

/**
 * Waits for a cell to read `expected` (columns of locations appear once the locations have
 * loaded), failing with what it said last.
 */
export async function expectCell(table: Locator, rowName: string, column: string, expected: string) {
  await expect
    .poll(() => cellText(table, rowName, column).catch((error: unknown) => `(${(error as Error).message})`), { message: `${rowName}, ${column}` })
    .toBe(expected);
}

/**
 * Opens the adjustment form from the product's "Adjust stock" button (which brings the product's
 * line with it), sets the reason, direction and quantity, and saves.
 */
export async function adjustFromProduct(page: Page, name: string, change: { reason: string; direction: 'Add stock' | 'Remove stock'; quantity: string }) {
  await page.getByRole('link', { name: 'Adjust stock', exact: true }).click();
  const form = page.getByRole('form', { name: 'New adjustment' });
  const line = form.getByRole('list', { name: 'Lines' }).getByRole('listitem', { name });
  await line.waitFor();
  await form.getByLabel('Reason').selectOption({ label: change.reason });
  await line.getByRole('button', { name: change.direction }).click();
  const verb = change.direction === 'Add stock' ? 'add' : 'remove';
  await line.getByLabel(`Quantity to ${verb} of ${name}`).fill(change.quantity);
  await form.getByRole('button', { name: 'Save adjustment' }).click();
  return { form, line };
}

/** The product page's stock history, one "Movement | Change | Location | Balance" line per movement, newest first. */
export async function movementLines(page: Page): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Stock history' });
  await table.waitFor();
  const headers = (await table.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
  const rows = await table.getByRole('row').all();
  const lines: string[] = [];
  for (const row of rows.slice(1)) {
    const cells = (await row.getByRole('cell').allInnerTexts()).map((text) => text.trim().replace(/\s+/g, ' '));
    const at = (column: string) => cells[headers.indexOf(column)] ?? '';
    lines.push(`${at('Movement')} | ${at('Change')} | ${at('Location')} | ${at('Balance')}`);
  }
  return lines;
}

/**
 * Resolves once the products list shows the server's answer to the search `text` (until then it
 * keeps the previous rows, dimmed). Call it before the step that starts the search.
 */
export function listAnswered(page: Page, text: string): () => Promise<void> {
  const response = page.waitForResponse((candidate) => {
    const url = new URL(candidate.url());
    return url.pathname === '/api/products' && url.searchParams.get('search') === text;
  });
  return async () => {
    await response;
    await page.waitForURL((url) => url.searchParams.get('search') === text);
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  };
}

/** Types into the products list's search box and waits for the list of what matches. */
export async function searchProducts(page: Page, text: string) {
  const answered = listAnswered(page, text);
  await page.getByRole('searchbox', { name: 'Search products' }).fill(text);
  await answered();
}

/** The catalog table (till and desktop screens; phones get a list instead). */
export function productsTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Products' });
}
