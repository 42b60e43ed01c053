import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, signInAcmeOwner, toast } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import { adjustFromProduct, createProduct, expectCell, MAIN_SHOP, movementLines, productHeading, randomEan13, stockTable, uniqueSuffix } from './support/catalog';

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
    const confirm = page.getByRole('dialog', { name: `Receive at ${depot}` });
    expect(await confirm.getByLabel(`Received quantity of ${name}`).inputValue()).toBe('4');
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

  it('a stock take counts a product short of the books, shows the variance and its value (−KSh), and posting makes on hand the counted figure', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInAcmeOwner(page);
    const name = `Paint 4 l ${uniqueSuffix()}`;
    const productId = await createProduct(page, ACME, { name, sellingPrice: '2300', costPrice: '100', openingStock: { [MAIN_SHOP]: '12' } });

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
    // Picked by search, the product starts at 1 as a scanned one does, ready to be typed over.
    await expect.poll(() => counted.inputValue()).toBe('1');
    await counted.fill('9');
    await counted.press('Enter');
    await row.getByText('Saved', { exact: true }).waitFor();
    // Expected 12 by the books, 9 on the shelf: 3 short.
    await row.getByText('−3', { exact: true }).waitFor();
    expect((await row.innerText()).replace(/\s+/g, ' ')).toContain('12');

    await page.getByRole('button', { name: 'Review & post' }).click();
    const review = page.getByRole('alertdialog', { name: 'Post this stock take?' });
    await review.getByText(`1 product counted at ${MAIN_SHOP}; 1 with a variance (0 over, 1 short). The stock becomes the counted figures.`).waitFor();
    // 3 short at KSh 100.00 each, with the minus sign before the currency.
    await review.getByText('\u2212KSh 300.00', { exact: true }).waitFor();
    await review.getByRole('button', { name: 'Post stock take' }).click();
    await toast(page, 'Stock take posted: the stock now matches the count').waitFor();
    await heading.getByText('Posted', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Review & post' }).count()).toBe(0);

    await openProduct(page, productId, name);
    await expectCell(stockTable(page), name, MAIN_SHOP, '9');
    await expectCell(stockTable(page), name, 'Total', '9');
    await expect.poll(() => movementLines(page)).toEqual([`Stock take variance | −3 | ${MAIN_SHOP} | 9`, `Opening stock | +12 | ${MAIN_SHOP} | 12`]);
  });

  it('a blind stock take: Enter on a barcode counts it as a scan, the sheet and picker show no expected stock, and posting reveals the variance', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInAcmeOwner(page);
    const name = `Bar soap ${uniqueSuffix()}`;
    const barcode = randomEan13();
    const productId = await createProduct(page, ACME, { name, sellingPrice: '120', barcode, openingStock: { [MAIN_SHOP]: '12' } });

    await page.goto(appUrl('/admin/products/stock-takes', ACME));
    await page.getByRole('button', { name: 'Start stock take' }).first().click();
    const start = page.getByRole('dialog', { name: 'Start stock take' });
    await start.getByLabel('Location').locator('option:checked', { hasText: MAIN_SHOP }).waitFor({ state: 'attached' });
    await start.getByRole('switch', { name: 'Blind count' }).click();
    await start.getByRole('button', { name: 'Start counting' }).click();
    await toast(page, `Counting at ${MAIN_SHOP}`).waitFor();
    const heading = page.getByRole('heading', { name: `Stock take at ${MAIN_SHOP}`, level: 2 });
    await heading.getByText('Blind', { exact: true }).waitFor();
    await page.getByRole('note').getByText(/^Blind count: the expected quantities stay hidden/).waitFor();

    // A second count at the same location is refused where the person looks: under Location.
    await page.goto(appUrl('/admin/products/stock-takes', ACME));
    await page.getByRole('button', { name: 'Start stock take' }).first().click();
    const second = page.getByRole('dialog', { name: 'Start stock take' });
    await second.getByLabel('Location').locator('option:checked', { hasText: MAIN_SHOP }).waitFor({ state: 'attached' });
    await second.getByRole('button', { name: 'Start counting' }).click();
    await second.getByText(`A stock take is already open at ${MAIN_SHOP}: post or cancel it before starting another`, { exact: true }).waitFor();
    await second.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('table', { name: 'Stock takes' }).getByRole('row').filter({ hasText: 'Blind' }).getByRole('link').first().click();
    await heading.waitFor();

    // Typing the barcode and Enter in the search counts one, as a scan does; twice makes 2. What the
    // server answers carries no expected figure.
    const search = page.getByLabel('Search products');
    const counted = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes('/counts'));
    await search.fill(barcode);
    await search.press('Enter');
    const answer = (await (await counted).json()) as { lines: Array<{ countedQuantityMilli: number; expectedQuantityMilli: number | null; varianceMilli: number | null }> };
    expect(answer.lines).toEqual([expect.objectContaining({ countedQuantityMilli: 1000, expectedQuantityMilli: null, varianceMilli: null })]);
    const row = page.getByRole('list', { name: 'Counted products' }).getByRole('listitem', { name });
    const count = row.getByLabel(`Counted quantity of ${name}`);
    await expect.poll(() => count.inputValue()).toBe('1');
    expect(await search.inputValue()).toBe('');
    await search.fill(barcode);
    await search.press('Enter');
    await expect.poll(() => count.inputValue()).toBe('2');

    expect(await page.getByText('Expected', { exact: true }).count()).toBe(0);
    expect(await page.getByText('With a variance').count()).toBe(0);
    // The picker lists the product without its stock while the count is blind.
    await search.fill(name);
    const option = page.getByRole('list', { name: 'Matching products' }).getByRole('button', { name: `Count ${name}` });
    await option.waitFor();
    expect(await option.innerText()).not.toMatch(/ at Main shop|in stock/);
    await search.press('Escape');

    await count.fill('10');
    await count.press('Enter');
    await row.getByText('Saved', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Review & post' }).click();
    const review = page.getByRole('alertdialog', { name: 'Post this stock take?' });
    await review.getByText(`1 product counted at ${MAIN_SHOP}; this is a blind count, so the variances show once it is posted. The stock becomes the counted figures.`).waitFor();
    await review.getByRole('button', { name: 'Post stock take' }).click();
    await toast(page, 'Stock take posted: the stock now matches the count').waitFor();
    await heading.getByText('Posted', { exact: true }).waitFor();
    // Posted: the manager sees what the books expected (12) and the variance (2 short).
    await row.getByText('−2', { exact: true }).waitFor();
    expect((await row.innerText()).replace(/\s+/g, ' ')).toContain('12');

    await openProduct(page, productId, name);
    await expectCell(stockTable(page), name, MAIN_SHOP, '10');
  });

  it('a transfer shows stock at the sending location, clears "Add at least one product" once a line is added, and is received in two parts with a loss', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInAcmeOwner(page);
    const suffix = uniqueSuffix();
    const depot = `Store ${suffix}`;
    await page.goto(appUrl('/admin/products/locations', ACME));
    await page.getByRole('button', { name: 'Add location' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add location' });
    await dialog.getByLabel('Name').fill(depot);
    await dialog.getByRole('button', { name: 'Add location' }).click();
    await toast(page, `${depot} added`).waitFor();

    const name = `Cooking oil 1 l ${suffix}`;
    const productId = await createProduct(page, ACME, { name, sellingPrice: '320', openingStock: { [MAIN_SHOP]: '10', [depot]: '3' } });

    await page.goto(appUrl('/admin/products/transfers/new', ACME));
    const form = page.getByRole('form', { name: 'New transfer' });
    await form.getByLabel('From location').locator('option:checked', { hasText: MAIN_SHOP }).waitFor({ state: 'attached' });
    await form.getByLabel('To location').selectOption({ label: depot });
    await form.getByRole('button', { name: 'Send transfer' }).click();
    const noLines = form.getByRole('alert').getByText('Add at least one product', { exact: true });
    await noLines.waitFor();

    // The match shows the stock at the sending location (10), not the 13 held everywhere.
    await form.getByLabel('Search products').fill(name);
    const option = form.getByRole('list', { name: 'Matching products' }).getByRole('button', { name: `Add ${name}` });
    await option.getByText(`10 at ${MAIN_SHOP}`, { exact: true }).waitFor();
    await option.click();
    const line = form.getByRole('list', { name: 'Lines' }).getByRole('listitem', { name });
    await line.waitFor();
    await noLines.waitFor({ state: 'detached' });
    await line.getByLabel(`Quantity to send of ${name}`).fill('8');
    await form.getByRole('button', { name: 'Send transfer' }).click();
    await toast(page, `Transfer sent to ${depot}`).waitFor();
    const heading = page.getByRole('heading', { name: `Transfer to ${depot}`, level: 2 });
    await heading.getByText('In transit', { exact: true }).waitFor();

    // First part: 5 arrive, 1 broke on the way; 2 stay in transit.
    await page.getByRole('button', { name: 'Receive', exact: true }).click();
    const receipt = page.getByRole('dialog', { name: `Receive at ${depot}` });
    const received = receipt.getByLabel(`Received quantity of ${name}`);
    expect(await received.inputValue()).toBe('8');
    await received.fill('5');
    await receipt.getByLabel(`Lost quantity of ${name}`).fill('1');
    await receipt.getByText('2 stays in transit', { exact: true }).waitFor();
    await receipt.getByRole('button', { name: 'Receive', exact: true }).click();
    await toast(page, `Part received at ${depot}: the rest is still in transit`).waitFor();
    await heading.getByText('Partly received', { exact: true }).waitFor();
    const lines = page.getByRole('list', { name: 'Lines' });
    await lines.getByText('5 received · 1 lost · 2 in transit', { exact: true }).waitFor();
    await page.getByText(`${name}: 5 received, 1 lost in transit`, { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel transfer' }).count()).toBe(0);

    // The rest arrives later.
    await page.getByRole('button', { name: 'Receive', exact: true }).click();
    const rest = page.getByRole('dialog', { name: `Receive at ${depot}` });
    expect(await rest.getByLabel(`Received quantity of ${name}`).inputValue()).toBe('2');
    await rest.getByRole('button', { name: 'Receive', exact: true }).click();
    await toast(page, `Received at ${depot}`).waitFor();
    await heading.getByText('Received', { exact: true }).waitFor();
    await lines.getByText('7 received · 1 lost', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Receive', exact: true }).count()).toBe(0);

    await openProduct(page, productId, name);
    await expectCell(stockTable(page), name, MAIN_SHOP, '2');
    await expectCell(stockTable(page), name, depot, '10');
    // The lost one is booked in at the store and written off there, so the store's balance runs 3 → 9 → 8 → 10.
    await expect.poll(async () => (await movementLines(page)).length).toBe(6);
    const history = await movementLines(page);
    expect(history.slice(0, 4)).toEqual([
      `Transfer in | +2 | ${depot} | 10`,
      `Lost in transit | −1 | ${depot} | 8`,
      `Transfer in | +6 | ${depot} | 9`,
      `Transfer out | −8 | ${MAIN_SHOP} | 2`,
    ]);
    expect(history.slice(4).sort()).toEqual([`Opening stock | +10 | ${MAIN_SHOP} | 10`, `Opening stock | +3 | ${depot} | 3`].sort());
  });
});
