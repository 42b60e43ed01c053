import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, signInThroughForm, toast } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import { randomEan13, uniqueSuffix } from './support/catalog';
import { callApi, measureHorizontalOverflow } from './support/page-helpers';
import { addMainShopTill } from './support/register';

// A cashier's cash purchase in the browser (issue 16): the van at the door, paid from the drawer.
// With the shop's permission the cashier records it from the open shift on a phone, the stock
// rises and the drawer's expected cash falls; without it the action goes and the server refuses.

const session = useBrowser();

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

const DEMO = ACCOUNTS.manager.subdomain;
// The contacts area's cashier, as in expenses.e2e.ts (files run one after another).
const CASHIER = ACCOUNTS.counter;

interface OpenShift {
  id: string;
  locationId: string;
  openedByName: string | null;
}

/** The cashier's open shift (one expenses.e2e.ts left, say), else one opened on a till of this file's own. */
async function cashierShift(owner: Page, cashier: Page): Promise<OpenShift> {
  const open = await callApi<{ items: OpenShift[] }>(cashier, 'GET', '/api/shifts?status=open&pageSize=100');
  const own = open.items.find((shift) => shift.openedByName === CASHIER.fullName);
  if (own) return own;
  const till = await addMainShopTill(owner, 'Van till', 'V');
  return callApi<OpenShift>(cashier, 'POST', '/api/shifts', { registerId: till.id, openingFloatMinor: 200_000, denominations: null });
}

const expectedCash = async (page: Page, shiftId: string) => (await callApi<{ expectedCashMinor: number }>(page, 'GET', `/api/shifts/${shiftId}/report`)).expectedCashMinor;

const onHandAt = async (page: Page, productId: string, locationId: string) => {
  const product = await callApi<{ variants: Array<{ stock: Array<{ locationId: string; onHandMilli: number }> }> }>(page, 'GET', `/api/products/${productId}`);
  return product.variants[0]!.stock.find((level) => level.locationId === locationId)?.onHandMilli ?? 0;
};

describe('cash purchase from the shift', () => {
  it('a cashier pays a delivery from the drawer when the shop allows it, and is refused when not', async () => {
    const owner = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(owner, ACCOUNTS.owner);
    await callApi(owner, 'PUT', '/api/settings/purchases', { cashiersRecordCashPurchases: true });
    // The figures below are worked at the standard band's 16%.
    expect((await callApi<{ vatStandardBp: number }>(owner, 'GET', '/api/settings/inventory')).vatStandardBp).toBe(1600);
    const suffix = uniqueSuffix();
    const supplierName = `Mombasa Distributors ${suffix}`;
    const supplierId = (await callApi<{ id: string }>(owner, 'POST', '/api/contacts', { type: 'supplier', name: supplierName })).id;
    const productName = `Soda 500 ml ${suffix}`;
    const barcode = randomEan13();
    const product = await callApi<{ id: string; variants: Array<{ id: string }> }>(owner, 'POST', '/api/products', {
      name: productName,
      taxClass: 'standard',
      variants: [{ sellingPriceMinor: 6_000, barcodes: [barcode] }],
    });

    // The person at the door works on a phone.
    const page = await session.openPage({ cookieConsent: 'accepted', viewport: { width: 375, height: 667 } });
    await signInThroughForm(page, CASHIER);
    const shift = await cashierShift(owner, page);
    const cashBefore = await expectedCash(page, shift.id);
    const stockBefore = await onHandAt(owner, product.id, shift.locationId);

    await page.goto(appUrl(`/admin/sales/shifts/${shift.id}`, DEMO));
    await page.getByRole('button', { name: 'Record a cash purchase' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record a cash purchase' });
    const supplier = dialog.getByLabel('Supplier', { exact: true });
    await expect.poll(() => supplier.isEnabled()).toBe(true);
    // A shop with over a hundred suppliers is offered a search first.
    const findSupplier = dialog.getByRole('searchbox', { name: 'Find a supplier by name' });
    if (await findSupplier.isVisible()) await findSupplier.fill(supplierName);
    await supplier.selectOption({ label: supplierName });
    await dialog.getByLabel('Supplier invoice number (optional)').fill(`VAN-${suffix}`);
    const scan = dialog.getByLabel('Scan barcode');
    await scan.fill(barcode);
    await scan.press('Enter');
    const line = dialog.getByRole('listitem', { name: productName });
    await line.getByLabel(`Quantity of ${productName}`).fill('12');
    await line.getByLabel('Paid per unit, before VAT').fill('85');
    // 12 × 85.00 = 1,020.00; VAT 16% of it = 163.20; to pay 1,020.00 + 163.20 = 1,183.20.
    await dialog.getByLabel('Totals').getByText('1,183.20').waitFor();
    expect(await measureHorizontalOverflow(page)).toEqual({ scrollWidth: 375, viewportWidth: 375 });
    await dialog.getByRole('button', { name: 'Pay from the drawer' }).click();
    await toast(page, 'paid from the drawer').filter({ hasText: /Purchase GRN-\d{6} recorded: KSh\s?1,183\.20 paid from the drawer/ }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    // 12 pieces arrived at the shift's location; 1,183.20 left the drawer.
    expect(await onHandAt(owner, product.id, shift.locationId)).toBe(stockBefore + 12_000);
    expect(await expectedCash(page, shift.id)).toBe(cashBefore - 118_320);

    // The shop stops allowing it while the page is open: the server refuses with its reason, and
    // the shift page reads the setting again and drops the action.
    await callApi(owner, 'PUT', '/api/settings/purchases', { cashiersRecordCashPurchases: false });
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByRole('button', { name: 'Record a cash purchase' }).click();
    await expect.poll(() => supplier.isEnabled()).toBe(true);
    if (await findSupplier.isVisible()) await findSupplier.fill(supplierName);
    await supplier.selectOption({ label: supplierName });
    await dialog.getByLabel('Search products').fill(productName);
    await dialog.getByRole('button', { name: `Add ${productName}` }).click();
    await line.getByLabel('Paid per unit, before VAT').fill('85');
    expect(await measureHorizontalOverflow(page)).toEqual({ scrollWidth: 1366, viewportWidth: 1366 });
    await dialog.getByRole('button', { name: 'Pay from the drawer' }).click();
    await toast(page, 'The purchase was not recorded', 'In this shop only managers record deliveries').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Cash out' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Record a cash purchase' }).count()).toBe(0);
    await expect(
      callApi(page, 'POST', '/api/goods-receipts', {
        supplierId,
        locationId: shift.locationId,
        lines: [{ variantId: product.variants[0]!.id, quantityMilli: 1_000, unitCostMinor: 8_500 }],
        payment: { mode: 'paid', method: 'cash', shiftId: shift.id },
      }),
    ).rejects.toThrow(/answered 403/);
    // Nothing more arrived and no more cash left the drawer.
    expect(await onHandAt(owner, product.id, shift.locationId)).toBe(stockBefore + 12_000);
    expect(await expectedCash(page, shift.id)).toBe(cashBefore - 118_320);
  });
});
