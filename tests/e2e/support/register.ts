import type { Page } from 'playwright-core';
import { appUrl } from './browser';
import { MAIN_SHOP, uniqueSuffix } from './catalog';
import { callApi } from './page-helpers';

// Shared steps of the register's browser files: a till of the
// file's own at the main shop (so no other file's shift is in the way), items added by SKU.

/** A register at the main shop added through the API by the signed-in owner, e.g. "Tender till K3F9" with prefix "TK3F9". */
export async function addMainShopTill(owner: Page, label: string, prefixLetter: string): Promise<{ id: string; name: string }> {
  const suffix = uniqueSuffix().replace(/[^A-Za-z0-9]/g, '').slice(-4).toUpperCase();
  const registers = await callApi<{ items: Array<{ locationId: string; locationName: string }> }>(owner, 'GET', '/api/registers');
  const locationId = registers.items.find((register) => register.locationName === MAIN_SHOP)!.locationId;
  const name = `${label} ${suffix}`;
  const register = await callApi<{ id: string }>(owner, 'POST', '/api/registers', { locationId, name, receiptPrefix: `${prefixLetter}${suffix}` });
  return { id: register.id, name };
}

/** Adds an item by its SKU through the register's search field and waits for its line. */
export async function addItem(page: Page, sku: string, productName: string) {
  const search = page.getByLabel('Search products or a receipt');
  await search.fill(sku);
  await search.press('Enter');
  await page.getByRole('list', { name: 'Cart lines' }).getByText(productName).first().waitFor();
}

/**
 * The register of a signed-in page, on the main shop's till of that name when one is given, ready
 * to scan: a shift is opened with a KSh 2,000 float when the till has none. Its search field.
 */
export async function openRegisterScreen(page: Page, subdomain: string, tillName?: string) {
  await page.goto(appUrl('/admin/sales?tab=new-sale', subdomain));
  if (tillName) {
    const picker = page.getByLabel('Register', { exact: true });
    await picker.waitFor();
    await picker.selectOption({ label: `${tillName} · ${MAIN_SHOP}` });
  }
  const search = page.getByRole('searchbox', { name: 'Search products or a receipt' });
  const openShift = page.getByRole('button', { name: 'Open shift' });
  await search.or(openShift).first().waitFor();
  if (await openShift.isVisible()) {
    await page.getByLabel('Opening float').fill('2000');
    await openShift.click();
    await search.waitFor();
  }
  return search;
}
