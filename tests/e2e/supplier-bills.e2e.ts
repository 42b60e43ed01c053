import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, signInThroughForm, toast } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import { MAIN_SHOP, uniqueSuffix } from './support/catalog';
import { callApi } from './support/page-helpers';

// Supplier books in the browser (issue 16): the demo manager pays two bills of one supplier in one
// payment from the Bills tab, then returns damaged goods of a delivery for a credit, and the stock
// and what the shop owes the supplier fall. The deliveries are set up through the API.

const session = useBrowser();

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

const DEMO = ACCOUNTS.manager.subdomain;

interface Fixture {
  supplierId: string;
  supplierName: string;
  productId: string;
  productName: string;
  mainShopId: string;
  /** Receipt number → id, in the order received. */
  receipts: Array<{ id: string; number: string; billNumber: string }>;
}

/**
 * A new supplier and a VAT-exempt product (so the figures are the invoiced ones), and three
 * deliveries on account, each making a bill:
 *   A: 10 pieces × KSh 100.00 = KSh 1,000.00
 *   B:  5 pieces × KSh 120.00 = KSh 600.00
 *   C: 20 pieces × KSh 50.00  = KSh 1,000.00
 * The supplier is owed 1,000.00 + 600.00 + 1,000.00 = KSh 2,600.00; 35 pieces are on hand.
 */
async function supplierWithThreeDeliveries(page: Page): Promise<Fixture> {
  const suffix = uniqueSuffix();
  const supplierName = `Kisumu Wholesalers ${suffix}`;
  const supplier = await callApi<{ id: string }>(page, 'POST', '/api/contacts', { name: supplierName, type: 'supplier' });
  const productName = `Exercise books 96 pages ${suffix}`;
  const product = await callApi<{ id: string; variants: Array<{ id: string }> }>(page, 'POST', '/api/products', {
    name: productName,
    taxClass: 'exempt',
    variants: [{ sellingPriceMinor: 15_000 }],
  });
  const variantId = product.variants[0]!.id;
  const locations = await callApi<{ items: Array<{ id: string; name: string }> }>(page, 'GET', '/api/locations');
  const mainShopId = locations.items.find((location) => location.name === MAIN_SHOP)!.id;
  const receipts: Fixture['receipts'] = [];
  for (const [quantity, unitCostMinor, invoice] of [
    [10, 10_000, 'A'],
    [5, 12_000, 'B'],
    [20, 5_000, 'C'],
  ] as const) {
    const receipt = await callApi<{ id: string; number: string; bill: { number: string } }>(page, 'POST', '/api/goods-receipts', {
      supplierId: supplier.id,
      locationId: mainShopId,
      supplierInvoiceNumber: `INV-${suffix}-${invoice}`,
      lines: [{ variantId, quantityMilli: quantity * 1000, unitCostMinor, taxClass: 'exempt' }],
      payment: { mode: 'on_account' },
    });
    receipts.push({ id: receipt.id, number: receipt.number, billNumber: receipt.bill.number });
  }
  return { supplierId: supplier.id, supplierName, productId: product.id, productName, mainShopId, receipts };
}

const payableBalance = async (page: Page, supplierId: string) =>
  (await callApi<{ balanceMinor: number }>(page, 'GET', `/api/contacts/${supplierId}/account?side=payable`)).balanceMinor;

const onHandAt = async (page: Page, productId: string, locationId: string) => {
  const product = await callApi<{ variants: Array<{ stock: Array<{ locationId: string; onHandMilli: number }> }> }>(page, 'GET', `/api/products/${productId}`);
  return product.variants[0]!.stock.find((level) => level.locationId === locationId)?.onHandMilli ?? 0;
};

describe('supplier bills and returns', () => {
  it('the manager pays two bills in one payment, then returns damaged goods for a credit', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.manager);
    const fixture = await supplierWithThreeDeliveries(page);
    const [first, second, third] = fixture.receipts as [Fixture['receipts'][number], Fixture['receipts'][number], Fixture['receipts'][number]];
    expect(await payableBalance(page, fixture.supplierId)).toBe(260_000);
    expect(await onHandAt(page, fixture.productId, fixture.mainShopId)).toBe(35_000);

    // The Bills tab, filtered to the supplier: three bills, all due.
    await page.goto(appUrl(`/admin/purchases/bills?supplierId=${fixture.supplierId}`, DEMO));
    const bills = page.getByRole('table', { name: 'Bills' });
    await bills.getByRole('link', { name: third.billNumber }).waitFor();
    expect(await bills.getByRole('row').count()).toBe(4);

    // Pay A and B (KSh 1,000.00 + KSh 600.00 = KSh 1,600.00) in one bank payment.
    await page.getByRole('button', { name: 'Pay supplier' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay supplier' });
    await expect.poll(() => dialog.getByLabel('Supplier', { exact: true }).inputValue()).toBe(fixture.supplierId);
    const openBills = dialog.getByRole('list', { name: 'Open bills' });
    await openBills.waitFor();
    await openBills.getByRole('checkbox', { name: new RegExp(first.billNumber) }).check();
    await openBills.getByRole('checkbox', { name: new RegExp(second.billNumber) }).check();
    expect(await dialog.getByLabel(`Amount for ${first.billNumber}`).inputValue()).toBe('1000.00');
    expect(await dialog.getByLabel(`Amount for ${second.billNumber}`).inputValue()).toBe('600.00');
    expect(await dialog.getByLabel('Amount', { exact: true }).inputValue()).toBe('1600.00');
    await dialog.getByLabel('Paid by').selectOption({ label: 'Bank transfer' });
    await dialog.getByLabel('Reference (optional)').fill(`EFT ${uniqueSuffix()}`);
    await dialog.getByRole('button', { name: 'Record payment' }).click();

    const settled = page.getByRole('status', { name: 'What was settled' });
    await settled.waitFor();
    const number = (await page.getByRole('dialog').getByRole('heading').first().textContent())!.match(/PAY-\d{6}/)![0];
    await toast(page, `Payment ${number} recorded`).waitFor();
    const settledText = (await settled.textContent())!.replace(/\s+/g, ' ');
    expect(settledText).toContain(`${first.billNumber}KSh 1,000.00`);
    expect(settledText).toContain(`${second.billNumber}KSh 600.00`);
    expect(settledText).not.toContain(third.billNumber);
    await page.getByRole('button', { name: 'Done' }).click();

    // Both bills read Paid; C is still due. What is still owed: KSh 2,600.00 − 1,600.00 = KSh 1,000.00.
    const statusOf = (billNumber: string) => bills.getByRole('row').filter({ has: page.getByRole('link', { name: billNumber }) }).getByText(/^(Paid|Due|Partly paid|Overdue)$/);
    await expect.poll(() => statusOf(first.billNumber).textContent()).toBe('Paid');
    await expect.poll(() => statusOf(second.billNumber).textContent()).toBe('Paid');
    expect(await statusOf(third.billNumber).textContent()).toBe('Due');
    await expect.poll(async () => (await page.getByLabel('Totals of these bills').textContent())?.replace(/\s+/g, ' ')).toContain('Still owedKSh 1,000.00');
    expect(await payableBalance(page, fixture.supplierId)).toBe(100_000);

    // Return 4 damaged pieces of delivery C from its page: 4 × KSh 50.00 = KSh 200.00 credit.
    await page.goto(appUrl(`/admin/purchases/receipts/${third.id}`, DEMO));
    await page.getByRole('link', { name: 'Return goods' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/purchases/returns/new' && url.searchParams.get('receiptId') === third.id);
    const quantity = page.getByLabel(`Quantity to return of ${fixture.productName}`);
    // More than came in is refused on the line before anything is sent.
    await quantity.fill('21');
    await page.getByLabel('Reason').selectOption({ label: 'Damaged' });
    await page.getByRole('button', { name: 'Record return' }).click();
    await page.getByText('At most 20 can go back').waitFor();
    await quantity.fill('4');
    await page.getByLabel('Credit (lowers what we owe)').check();
    await page.getByRole('button', { name: 'Record return' }).click();

    await page.waitForURL((url) => /^\/admin\/purchases\/returns\/[0-9a-f-]{36}$/.test(url.pathname));
    const heading = page.getByRole('heading', { name: /^Return DN-\d{6}$/ });
    await heading.waitFor();
    const lines = page.getByRole('table', { name: 'Lines' });
    const total = lines.getByRole('row').filter({ hasText: /^Total/ });
    expect((await total.textContent())!.replace(/\s+/g, ' ')).toContain('KSh 200.00');
    await page.getByText('Damaged', { exact: true }).waitFor();

    // The stock fell by 4 (35 → 31) and the supplier is owed KSh 1,000.00 − 200.00 = KSh 800.00.
    expect(await onHandAt(page, fixture.productId, fixture.mainShopId)).toBe(31_000);
    expect(await payableBalance(page, fixture.supplierId)).toBe(80_000);

    // The receipt now shows what went back.
    await page.goto(appUrl(`/admin/purchases/receipts/${third.id}`, DEMO));
    const receiptLines = page.getByRole('table', { name: 'Lines' });
    await receiptLines.getByRole('row').filter({ hasText: fixture.productName }).getByRole('cell', { name: '4', exact: true }).waitFor();
  });

  it('the manager enters a transport bill without stock and pays it from its page', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.manager);
    const supplierName = `Rift Valley Transporters ${uniqueSuffix()}`;
    const supplier = await callApi<{ id: string }>(page, 'POST', '/api/contacts', { name: supplierName, type: 'supplier' });

    await page.goto(appUrl('/admin/purchases/bills', DEMO));
    await page.getByRole('link', { name: 'New bill' }).click();
    await page.getByLabel('Supplier', { exact: true }).selectOption({ label: supplierName });
    await page.getByLabel('Amount', { exact: true }).fill('3,480');
    await page.getByLabel('of which VAT (optional)').fill('480');
    await page.getByLabel('What it was for').fill('Delivery of stock from Nakuru');
    await page.getByRole('button', { name: 'Record bill' }).click();

    const heading = page.getByRole('heading', { name: /^Bill BILL-\d{6}$/ });
    await heading.waitFor();
    const billNumber = (await heading.textContent())!.replace('Bill ', '');
    await toast(page, `Bill ${billNumber} recorded`).waitFor();
    await page.getByText('Services', { exact: true }).waitFor();
    await page.getByText('Nothing paid yet.').waitFor();
    expect(await payableBalance(page, supplier.id)).toBe(348_000);

    // Pay opens with this bill picked for its whole open amount, KSh 3,480.00.
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay supplier' });
    await expect.poll(() => dialog.getByLabel('Amount', { exact: true }).inputValue()).toBe('3480.00');
    await dialog.getByLabel('Paid by').selectOption({ label: 'M-Pesa' });
    // An M-Pesa payment needs its code: refused beside the field before anything is sent.
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await dialog.getByText('Enter the M-Pesa transaction code').waitFor();
    await dialog.getByLabel('M-Pesa code').fill(`SG${uniqueSuffix().toUpperCase().padEnd(8, 'X').slice(0, 8)}`);
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await page.getByRole('status', { name: 'What was settled' }).getByText('KSh 3,480.00').waitFor();
    await page.getByRole('button', { name: 'Done' }).click();

    await page.getByText('Paid', { exact: true }).first().waitFor();
    const payments = page.getByRole('table', { name: 'Payments' });
    await payments.getByRole('cell', { name: 'KSh 3,480.00' }).waitFor();
    await payments.getByRole('cell', { name: 'M-Pesa' }).waitFor();
    expect(await payableBalance(page, supplier.id)).toBe(0);
  });
});
