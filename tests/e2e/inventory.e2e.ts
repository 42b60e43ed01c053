import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, signInAcmeOwner, toast } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import { createProduct, expectCell, MAIN_SHOP, movementLines, productHeading, stockTable, uniqueSuffix } from './support/catalog';

const session = useBrowser();

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

const ACME = ACCOUNTS.acmeOwner.subdomain;

async function openProduct(page: Page, productId: string, name: string) {
  await page.goto(appUrl(`/admin/products/${productId}`, ACME));
  await productHeading(page, name).waitFor();
  await stockTable(page).waitFor();
}

/**
 * Opens the adjustment form from the product's "Adjust stock" button (which brings the product's
 * line with it), sets the reason, direction and quantity, and saves.
 */
async function adjustFromProduct(page: Page, name: string, change: { reason: string; direction: 'Add stock' | 'Remove stock'; quantity: string }) {
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

describe('stock', () => {
  it('opening stock, an addition and a removal for damage show per location and in the history; removing more than is on hand is refused on its line', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInAcmeOwner(page);
    const name = `Wheelbarrow ${uniqueSuffix()}`;
    const productId = await createProduct(page, ACME, { name, sellingPrice: '4500', openingStock: { [MAIN_SHOP]: '20' } });
    await expectCell(stockTable(page), name, MAIN_SHOP, '20');

    await adjustFromProduct(page, name, { reason: 'Correction', direction: 'Add stock', quantity: '5' });
    await toast(page, 'Stock adjusted').waitFor();
    await page.getByRole('heading', { name: 'Adjustment: Correction' }).waitFor();

    await openProduct(page, productId, name);
    await adjustFromProduct(page, name, { reason: 'Damaged', direction: 'Remove stock', quantity: '3' });
    await toast(page, 'Stock adjusted').waitFor();
    await page.getByRole('heading', { name: 'Adjustment: Damaged' }).waitFor();

    await openProduct(page, productId, name);
    await expectCell(stockTable(page), name, MAIN_SHOP, '22');
    await expectCell(stockTable(page), name, 'Total', '22');
    await expect.poll(() => movementLines(page)).toEqual([
      `Adjustment Damaged | −3 | ${MAIN_SHOP} | 22`,
      `Adjustment Correction | +5 | ${MAIN_SHOP} | 25`,
      `Opening stock | +20 | ${MAIN_SHOP} | 20`,
    ]);

    // 30 off 22: the ledger refuses it and the form says so on the product's line, saving nothing.
    const { form, line } = await adjustFromProduct(page, name, { reason: 'Damaged', direction: 'Remove stock', quantity: '30' });
    await line.getByRole('alert').getByText(`Not enough stock of ${name} at ${MAIN_SHOP}: 22 on hand`, { exact: true }).waitFor();
    expect(await form.isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/admin/products/adjustments/new');

    await openProduct(page, productId, name);
    await expectCell(stockTable(page), name, 'Total', '22');
    expect(await movementLines(page)).toHaveLength(3);
  });

  it('a new location receives a transfer from the main shop: the stock moves and the transfer shows Received', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInAcmeOwner(page);
    const suffix = uniqueSuffix();
    const depot = `Depot ${suffix}`;

    await page.goto(appUrl('/admin/products/locations', ACME));
    const locations = page.getByRole('table', { name: 'Locations' });
    expect(await locations.getByRole('row').filter({ hasText: MAIN_SHOP }).innerText()).toMatch(/Default/);
    await page.getByRole('button', { name: 'Add location' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add location' });
    await dialog.getByLabel('Name').fill(depot);
    await dialog.getByLabel('Kind').selectOption({ label: 'Warehouse' });
    await dialog.getByRole('button', { name: 'Add location' }).click();
    await toast(page, `${depot} added`).waitFor();
    const depotRow = locations.getByRole('row').filter({ hasText: depot });
    expect(await depotRow.innerText()).toMatch(/Warehouse\s+Active/);

    const name = `Cement bag ${suffix}`;
    const productId = await createProduct(page, ACME, { name, sellingPrice: '850', openingStock: { [MAIN_SHOP]: '10' } });
    await expectCell(stockTable(page), name, depot, '0 OUT');

    await page.goto(appUrl('/admin/products/transfers/new', ACME));
    const form = page.getByRole('form', { name: 'New transfer' });
    await form.getByLabel('From location').locator('option:checked', { hasText: MAIN_SHOP }).waitFor({ state: 'attached' });
    await form.getByLabel('To location').selectOption({ label: depot });
    await form.getByLabel('Search products').fill(name);
    await form.getByRole('list', { name: 'Matching products' }).getByRole('button', { name: `Add ${name}` }).click();
    const line = form.getByRole('list', { name: 'Lines' }).getByRole('listitem', { name });
    await line.getByText(`On hand at ${MAIN_SHOP}: 10`).waitFor();
    await line.getByLabel(`Quantity to send of ${name}`).fill('4');
    await line.getByText('Left after sending: 6').waitFor();
    await form.getByRole('button', { name: 'Send transfer' }).click();

    await toast(page, `Transfer sent to ${depot}`).waitFor();
    const heading = page.getByRole('heading', { name: `Transfer to ${depot}`, level: 2 });
    await heading.getByText('In transit', { exact: true }).waitFor();
    await page.getByRole('list', { name: 'Lines' }).getByText(name).waitFor();
    await page.getByText(`Waiting at ${depot}`).waitFor();

    // Sent, not yet received: it has left the shop and not arrived anywhere.
    await openProduct(page, productId, name);
    await expectCell(stockTable(page), name, MAIN_SHOP, '6');
    await expectCell(stockTable(page), name, depot, '0 OUT');
    await page.goBack();

    await heading.getByText('In transit', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Receive', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: `Receive at ${depot}?` });
    await confirm.getByRole('button', { name: 'Receive', exact: true }).click();
    await toast(page, `Received at ${depot}`).waitFor();
    await heading.getByText('Received', { exact: true }).waitFor();
    await page.getByText(`Received at ${depot}`, { exact: true }).last().waitFor();
    expect(await page.getByRole('button', { name: 'Receive', exact: true }).count()).toBe(0);

    await openProduct(page, productId, name);
    await expectCell(stockTable(page), name, MAIN_SHOP, '6');
    await expectCell(stockTable(page), name, depot, '4');
    await expectCell(stockTable(page), name, 'Total', '10');
    await expect.poll(() => movementLines(page)).toEqual([
      `Transfer in | +4 | ${depot} | 4`,
      `Transfer out | −4 | ${MAIN_SHOP} | 6`,
      `Opening stock | +10 | ${MAIN_SHOP} | 10`,
    ]);

    await page.goto(appUrl('/admin/products/transfers?status=received', ACME));
    const received = page.getByRole('table', { name: 'Transfers' }).getByRole('row').filter({ hasText: depot });
    expect(await received.innerText()).toContain('Received');
  });

  it('a stock take counts a product short of the books, shows the variance, and posting makes on hand the counted figure', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInAcmeOwner(page);
    const name = `Paint 4 l ${uniqueSuffix()}`;
    const productId = await createProduct(page, ACME, { name, sellingPrice: '2300', openingStock: { [MAIN_SHOP]: '12' } });

    await page.goto(appUrl('/admin/products/stock-takes', ACME));
    await page.getByRole('button', { name: 'Start stock take' }).first().click();
    const start = page.getByRole('dialog', { name: 'Start stock take' });
    await start.getByLabel('Location').locator('option:checked', { hasText: MAIN_SHOP }).waitFor({ state: 'attached' });
    await start.getByRole('button', { name: 'Start counting' }).click();
    await toast(page, `Counting at ${MAIN_SHOP}`).waitFor();
    const heading = page.getByRole('heading', { name: `Stock take at ${MAIN_SHOP}`, level: 2 });
    await heading.getByText('Counting', { exact: true }).waitFor();

    await page.getByLabel('Search products').fill(name);
    await page.getByRole('list', { name: 'Matching products' }).getByRole('button', { name: `Count ${name}` }).click();
    const row = page.getByRole('list', { name: 'Counted products' }).getByRole('listitem', { name });
    const counted = row.getByLabel(`Counted quantity of ${name}`);
    await counted.fill('9');
    await counted.press('Enter');
    await row.getByText('Saved', { exact: true }).waitFor();
    // Expected 12 by the books, 9 on the shelf: 3 short.
    await row.getByText('−3', { exact: true }).waitFor();
    expect((await row.innerText()).replace(/\s+/g, ' ')).toContain('12');

    await page.getByRole('button', { name: 'Review & post' }).click();
    const review = page.getByRole('alertdialog', { name: 'Post this stock take?' });
    await review.getByText(`1 product counted at ${MAIN_SHOP}; 1 with a variance (0 over, 1 short). The stock becomes the counted figures.`).waitFor();
    await review.getByRole('button', { name: 'Post stock take' }).click();
    await toast(page, 'Stock take posted: the stock now matches the count').waitFor();
    await heading.getByText('Posted', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Review & post' }).count()).toBe(0);

    await openProduct(page, productId, name);
    await expectCell(stockTable(page), name, MAIN_SHOP, '9');
    await expectCell(stockTable(page), name, 'Total', '9');
    await expect.poll(() => movementLines(page)).toEqual([`Stock take variance | −3 | ${MAIN_SHOP} | 9`, `Opening stock | +12 | ${MAIN_SHOP} | 12`]);
  });
});
