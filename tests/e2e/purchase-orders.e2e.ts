import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, signInThroughForm, toast, waitForMail } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import { uniqueSuffix } from './support/catalog';
import { callApi } from './support/page-helpers';

const session = useBrowser();

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

const DEMO = ACCOUNTS.manager.subdomain;
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } as const;

interface StockFigures {
  onHandMilli: number;
  averageCostMinor: number;
}

/** The product's stock at the location and its average cost, as the catalog's API answers a manager. */
async function stockOf(page: Page, productId: string, locationId: string): Promise<StockFigures> {
  const product = await callApi<{ variants: Array<{ averageCostMinor: number; stock: Array<{ locationId: string; onHandMilli: number }> }> }>(page, 'GET', `/api/products/${productId}`);
  const variant = product.variants[0]!;
  return { onHandMilli: variant.stock.find((stock) => stock.locationId === locationId)?.onHandMilli ?? 0, averageCostMinor: variant.averageCostMinor };
}

/** On the receive form: the line's quantity, then the landed cost, then Receive; waits for the receipt's page. */
async function receive(page: Page, name: string, quantity: string, landedCost?: string) {
  const form = page.getByRole('form', { name: /^Receive against PO-/ });
  const line = form.getByRole('list', { name: 'Lines' }).getByRole('listitem', { name });
  await line.getByLabel(`Quantity of ${name}`).fill(quantity);
  if (landedCost) await form.getByLabel('Transport and loading (optional)').fill(landedCost);
  await form.getByRole('button', { name: 'Receive goods' }).click();
  await toast(page, 'Goods received').waitFor();
  await page.waitForURL((url) => /^\/admin\/purchases\/receipts\/[0-9a-f-]{36}$/.test(url.pathname));
}

describe('purchase orders', () => {
  it('reorders a low item, sends the order by e-mail, receives it in two parts on a phone with a landed cost, and the stock and average cost follow', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted', viewport: { width: 1366, height: 768 } });
    await signInThroughForm(page, ACCOUNTS.manager);

    // What the test needs, made through the API: a supplier of its own and a product it supplies,
    // exempt from VAT (so no VAT share enters the cost), 4 on hand at 100.00 and a reorder level of 10.
    const suffix = uniqueSuffix();
    const name = `Maize flour 2 kg ${suffix}`;
    const supplierEmail = `orders-${suffix}@millers.example`;
    const supplier = await callApi<{ id: string; name: string }>(page, 'POST', '/api/contacts', { type: 'supplier', name: `Millers ${suffix}`, email: supplierEmail });
    const locations = await callApi<{ items: Array<{ id: string; name: string; isDefault: boolean }> }>(page, 'GET', '/api/locations');
    const location = locations.items.find((candidate) => candidate.isDefault)!;
    const product = await callApi<{ id: string }>(page, 'POST', '/api/products', {
      name,
      taxClass: 'exempt',
      reorderLevelMilli: 10_000,
      preferredSupplierId: supplier.id,
      variants: [{ costPriceMinor: 10_000, sellingPriceMinor: 15_000, openingStock: [{ locationId: location.id, quantityMilli: 4_000 }] }],
    });
    expect(await stockOf(page, product.id, location.id)).toEqual({ onHandMilli: 4_000, averageCostMinor: 10_000 });

    // Reorder: 4 on hand against a level of 10 and no sales → 10 − 4 = 6 suggested, in its supplier's group.
    await page.goto(appUrl('/admin/purchases/reorder', DEMO));
    await page.getByLabel('Location').selectOption({ label: location.name });
    await page.getByRole('button', { name: 'Suggest' }).click();
    const group = page.getByRole('region', { name: supplier.name });
    const item = group.getByRole('listitem', { name });
    await expect.poll(() => item.getByLabel(`Quantity of ${name}`).inputValue()).toBe('6');
    // Only this test's item becomes a draft.
    for (const checkbox of await page.getByRole('checkbox', { name: /^Order / }).all()) {
      if ((await checkbox.getAttribute('aria-label')) !== `Order ${name}`) await checkbox.click();
    }
    await item.getByLabel('Unit cost').fill('120');
    await page.getByRole('button', { name: 'Create draft orders' }).click();
    await page.getByRole('heading', { name: 'Draft orders made' }).waitFor();
    await page.getByRole('link', { name: new RegExp(`^PO-\\d{6} to ${supplier.name}$`) }).click();

    // The draft: edit the quantity from 6 to 10.
    const heading = page.getByRole('heading', { name: /^Order PO-\d{6}/ });
    await heading.waitFor();
    const number = /PO-\d{6}/.exec((await heading.textContent()) ?? '')![0];
    const orderPath = new URL(page.url()).pathname;
    await page.getByRole('link', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: `Edit order ${number}` });
    await form.getByLabel(`Quantity of ${name}`).fill('10');
    await form.getByRole('button', { name: 'Save draft' }).click();
    await toast(page, `Order ${number} saved as a draft`).waitFor();
    // 10 × 120.00 = 1,200.00, no VAT.
    await page.getByLabel('Totals').getByText('KSh 1,200.00').last().waitFor();

    // Send by e-mail to the supplier's address: the outbox has it, and its PDF is the order's.
    const since = new Date().toISOString();
    await page.getByRole('button', { name: 'Send' }).click();
    const dialog = page.getByRole('dialog', { name: `Send order ${number}` });
    expect(await dialog.getByLabel("Supplier's e-mail").inputValue()).toBe(supplierEmail);
    await dialog.getByLabel('Message (optional)').fill('Please deliver on Friday.');
    await dialog.getByRole('button', { name: 'Send by e-mail' }).click();
    await toast(page, `Order ${number} sent to ${supplierEmail}`).waitFor();
    const mail = await waitForMail(supplierEmail, 'purchase_order', since);
    expect(mail.subject).toContain(number);
    await page.getByRole('heading', { name: `Order ${number} Ordered` }).waitFor();
    // The development mailbox shows the e-mail with the order's PDF attached, and opens it.
    expect(mail.attachments).toEqual([expect.objectContaining({ contentType: 'application/pdf' })]);
    // The mailbox opens only for this machine: the browser says it is the local one.
    const mailbox = await session.openPage({ cookieConsent: 'accepted', clientAddress: '127.0.0.1' });
    await mailbox.goto(appUrl('/dev/mailbox', DEMO));
    await mailbox.getByLabel('Filter by address').fill(supplierEmail);
    await mailbox.getByRole('button', { name: 'Filter' }).click();
    const attachment = mailbox.getByRole('region', { name: 'Attachments' }).getByRole('link', { name: new RegExp(mail.attachments[0]!.filename) });
    const pdf = await mailbox.evaluate(async (path) => {
      const reply = await fetch(path);
      const bytes = new Uint8Array(await reply.arrayBuffer());
      return { status: reply.status, type: reply.headers.get('content-type'), magic: String.fromCharCode(...bytes.subarray(0, 4)) };
    }, (await attachment.getAttribute('href'))!);
    expect(pdf).toEqual({ status: 200, type: 'application/pdf', magic: '%PDF' });
    await mailbox.close();

    // At the back door on a phone: 4 of the 10 arrive, with 40.00 of transport.
    const phone = await session.openPage({ ...PHONE, cookieConsent: 'accepted', storageState: await page.context().storageState() });
    await phone.goto(appUrl(orderPath, DEMO));
    await phone.getByRole('link', { name: 'Receive goods' }).click();
    await receive(phone, name, '4', '40');
    // Invoiced 4 × 120.00 = 480.00, plus the whole 40.00 landed (the only line) = 520.00 → 130.00 a unit.
    // Average: (4 × 100.00 + 4 × 130.00) / 8 = 920.00 / 8 = 115.00; on hand 4 + 4 = 8.
    expect(await stockOf(phone, product.id, location.id)).toEqual({ onHandMilli: 8_000, averageCostMinor: 11_500 });

    // The order is partly received, and the form offers what is still to come: 6.
    await phone.goto(appUrl(orderPath, DEMO));
    await phone.getByRole('heading', { name: `Order ${number} Partly received` }).waitFor();
    await phone.getByRole('link', { name: 'Receive goods' }).click();
    const rest = phone.getByRole('form', { name: /^Receive against PO-/ }).getByLabel(`Quantity of ${name}`);
    await expect.poll(() => rest.inputValue()).toBe('6');
    await receive(phone, name, '6');
    // 6 at 120.00: (8 × 115.00 + 6 × 120.00) / 14 = (920.00 + 720.00) / 14 = 117.142… → 117.14; on hand 14.
    expect(await stockOf(phone, product.id, location.id)).toEqual({ onHandMilli: 14_000, averageCostMinor: 11_714 });

    await page.goto(appUrl(orderPath, DEMO));
    await page.getByRole('heading', { name: `Order ${number} Received` }).waitFor();
    const line = page.getByRole('row', { name });
    await expect.poll(() => line.getByRole('cell').allTextContents()).toEqual([expect.stringContaining(name), '10', 'KSh 120.00', '10', '10', '0', 'KSh 1,200.00']);
    expect(await page.getByRole('region', { name: 'Goods received' }).getByRole('link', { name: /^GRN-/ }).count()).toBe(2);
  });
});
