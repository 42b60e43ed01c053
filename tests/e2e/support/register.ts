import type { Page } from 'playwright-core';
import { MAIN_SHOP, uniqueSuffix } from './catalog';

// Shared steps of the register's browser files: API calls from a signed-in page, a till of the
// file's own at the main shop (so no other file's shift is in the way), items added by SKU.

/** A same-origin API call from the signed-in page (its session cookie); throws on an error status. */
export async function callApi<Result>(page: Page, method: string, path: string, body?: unknown): Promise<Result> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() };
      const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as Result;
    },
    { method, path, body },
  );
}

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
