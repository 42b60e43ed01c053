import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, signInThroughForm } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import { callApi } from './support/page-helpers';
import { addItem, addMainShopTill, openRegisterScreen } from './support/register';

// Exchanges at the register (issue 15), as the demo cashier Grace on a till of her own: a sale of
// two items, then one of them exchanged for a dearer item — the credit at the top of the cart, the
// difference paid in cash, the exchange's answer lost once and the same exchange sent again — and
// the return, the new sale and their stock movements exist exactly once. Then, from the sale's
// page, an exchange whose credit is larger than the new item: the earlier sale's customer comes
// along, the refund is shown, and paid back in cash.

const session = useBrowser();
const CASHIER = ACCOUNTS.exchanges;
const TILL = { width: 1366, height: 768 };

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

interface SaleRead {
  id: string;
  receiptCode: string;
  status: string;
  totalMinor: number;
  changeMinor: number;
  lines: { variantId: string; productName: string; quantityMilli: number; returnedQuantityMilli: number }[];
  payments: { tender: string; amountMinor: number }[];
  returns: { id: string; returnCode: string; totalMinor: number }[];
  customer: { name: string } | null;
}
interface ReturnRead {
  id: string;
  returnCode: string;
  saleId: string;
  exchangeSaleId: string | null;
  totalMinor: number;
  lines: { variantId: string; quantityMilli: number; disposition: string }[];
  refunds: { tender: string; amountMinor: number }[];
}
interface Movements {
  items: { variantId: string; sourceType: string; sourceId: string | null; quantityMilli: number; kind: string }[];
}

let till = { id: '', name: '' };
let owner: Page;

beforeAll(async () => {
  owner = await session.openPage({ cookieConsent: 'accepted' });
  await signInThroughForm(owner, ACCOUNTS.owner);
  till = await addMainShopTill(owner, 'Exchange till', 'X');
});

/** The cashier at her own till, its shift opened with a float. */
async function openTill(): Promise<Page> {
  const page = await session.openPage({ cookieConsent: 'accepted', viewport: TILL });
  await signInThroughForm(page, CASHIER);
  await openRegisterScreen(page, CASHIER.subdomain, till.name);
  return page;
}

/** Sells what is in the cart for exact cash (F12) and answers its receipt code. */
async function sellForExactCash(page: Page): Promise<string> {
  await page.keyboard.press('F12');
  const completed = page.getByText(/^Sale \S+ completed$/);
  await completed.waitFor();
  const receiptCode = /^Sale (\S+) completed$/.exec((await completed.textContent())!)![1]!;
  await page.getByText('Scan an item or search to start a sale.').waitFor();
  return receiptCode;
}

/** Opens the sale by its receipt number and sends `quantity` of `productName` to the cart as an exchange credit. */
async function exchangeFromReceipt(page: Page, receiptCode: string, productName: string, quantity: string) {
  const search = page.getByRole('searchbox', { name: 'Search products or a receipt' });
  await search.fill(receiptCode);
  await search.press('Enter');
  const returnDialog = page.getByRole('dialog', { name: `Return from ${receiptCode}` });
  await returnDialog.waitFor();
  await returnDialog.getByLabel(`Quantity of ${productName}`).fill(quantity);
  await returnDialog.getByLabel('Reason').selectOption({ label: 'Wrong item' });
  await returnDialog.getByRole('button', { name: /^Exchange: / }).click();
  await returnDialog.waitFor({ state: 'hidden' });
}

/** The stock movements of one document (a sale or a return), through the owner's stock ledger. */
async function movementsOf(variantId: string, sourceId: string) {
  const ledger = await callApi<Movements>(owner, 'GET', `/api/inventory/movements?variantId=${variantId}&pageSize=100`);
  return ledger.items.filter((movement) => movement.sourceId === sourceId).map((movement) => ({ kind: movement.kind, quantityMilli: movement.quantityMilli }));
}

describe('exchanges at the register', () => {
  it('exchanges one of two items for a dearer one, the difference paid in cash, once even when the answer is lost', async () => {
    const page = await openTill();
    await addItem(page, 'OMO-500', 'Omo washing powder 500 g');
    await addItem(page, 'BLUEBAND-250', 'Blue Band margarine 250 g');
    await expect.poll(() => page.getByTestId('register-total').textContent()).toBe('KSh 350.00');
    const receiptCode = await sellForExactCash(page);

    // The margarine comes back: its credit sits at the top of the cart.
    await exchangeFromReceipt(page, receiptCode, 'Blue Band margarine 250 g', '1');
    expect(await page.getByTestId('exchange-credit').textContent()).toBe(`Exchange for receipt ${receiptCode}: −KSh 130.00`);
    await page.getByRole('list', { name: 'Items coming back' }).getByText('1 × Blue Band margarine 250 g').waitFor();

    // The new item: the totals show it, the credit, and what is left to pay.
    await addItem(page, 'OMO-1KG', 'Omo washing powder 1 kg');
    await expect.poll(() => page.getByTestId('register-total').textContent()).toBe('KSh 420.00');
    expect(await page.getByTestId('exchange-due').textContent()).toBe('KSh 290.00');

    // The exchange reaches the server, but its answer is lost on the way back (once).
    const PASS_THROUGH = 'x-e2e-pass-through';
    const sent: string[] = [];
    let written: number | null = null;
    await page.route('**/api/sale-exchanges', async (route) => {
      const request = route.request();
      if (request.headers()[PASS_THROUGH]) return route.continue();
      const body = request.postData()!;
      sent.push(body);
      if (sent.length > 1) return route.continue();
      written = await page.evaluate(
        async ({ body, header }) => (await fetch('/api/sale-exchanges', { method: 'POST', headers: { 'content-type': 'application/json', 'x-application-name': 'dukani', [header]: '1' }, body })).status,
        { body, header: PASS_THROUGH },
      );
      return route.abort('connectionreset');
    });

    // The payment takes only the difference.
    await page.keyboard.press('F9');
    const dialog = page.getByRole('dialog', { name: 'Payment' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('payment-total').textContent()).toBe('KSh 290.00');
    await dialog.getByLabel('Cash received').fill('300');
    await dialog.getByLabel('Cash received').press('Enter');
    expect(await dialog.getByTestId('payment-change').textContent()).toBe('KSh 10.00');
    await dialog.getByRole('button', { name: 'Complete exchange (KSh 290.00)' }).click();
    await dialog.getByRole('alert').getByText(/^The network did not answer, so the exchange is not confirmed/).waitFor();
    expect(written).toBe(201);

    // The cashier sends it again: the same body, answered as the first result.
    await dialog.getByRole('button', { name: 'Complete exchange (KSh 290.00)' }).click();
    const done = page.getByRole('dialog', { name: 'Exchange complete' });
    await done.waitFor();
    expect(await done.getByTestId('payment-change-due').textContent()).toBe('KSh 10.00');
    expect(sent).toHaveLength(2);
    expect(sent[1]).toBe(sent[0]);
    const description = (await done.getByText(/^Receipt /).textContent())!;
    const [, newReceiptCode, returnCode] = /^Receipt (\S+) · credit note (\S+)$/.exec(description)!;
    await done.getByRole('button', { name: 'New sale' }).click();
    await page.getByText('Scan an item or search to start a sale.').waitFor();
    expect(await page.getByTestId('exchange-credit').count()).toBe(0);

    // Through the API: the earlier sale has one return, the return names the new sale, and the new sale is paid by the credit and cash.
    const body = JSON.parse(sent[0]!) as { saleReturn: { id: string; saleId: string }; sale: { id: string } };
    const earlier = await callApi<SaleRead>(page, 'GET', `/api/sales/${body.saleReturn.saleId}`);
    expect(earlier).toMatchObject({ receiptCode, status: 'partly_returned' });
    expect(earlier.returns.map((entry) => entry.id)).toEqual([body.saleReturn.id]);
    const saleReturn = await callApi<ReturnRead>(page, 'GET', `/api/sale-returns/${body.saleReturn.id}`);
    expect(saleReturn).toMatchObject({ returnCode, exchangeSaleId: body.sale.id, totalMinor: 13_000, refunds: [{ tender: 'exchange', amountMinor: 13_000 }] });
    const sale = await callApi<SaleRead>(page, 'GET', `/api/sales/${body.sale.id}`);
    expect(sale).toMatchObject({ receiptCode: newReceiptCode, totalMinor: 42_000, changeMinor: 1_000 });
    expect(sale.payments.map((payment) => [payment.tender, payment.amountMinor])).toEqual([
      ['exchange', 13_000],
      ['cash', 29_000],
    ]);
    // The till's sales: the first one and the exchange's, no second copy of either.
    const tillSales = await callApi<{ items: { id: string }[] }>(page, 'GET', `/api/sales?registerId=${till.id}&pageSize=100`);
    expect(tillSales.items.map((item) => item.id).sort()).toEqual([earlier.id, sale.id].sort());

    // Stock: the margarine back on the shelf once, the new powder out once.
    const margarine = earlier.lines.find((line) => line.productName === 'Blue Band margarine 250 g')!;
    expect(margarine.returnedQuantityMilli).toBe(1_000);
    expect(await movementsOf(margarine.variantId, body.saleReturn.id)).toEqual([{ kind: 'sale_return', quantityMilli: 1_000 }]);
    expect(await movementsOf(sale.lines[0]!.variantId, body.sale.id)).toEqual([{ kind: 'sale', quantityMilli: -1_000 }]);
  });

  it('shows the refund when the credit is larger than the new item, and pays it back in cash', async () => {
    const page = await openTill();
    await addItem(page, 'KABRAS-2KG', 'Kabras sugar 2 kg');
    await page.keyboard.press('F4');
    const customerDialog = page.getByRole('dialog', { name: 'Customer' });
    await customerDialog.getByLabel('Name or phone').fill('Lucy Atieno');
    await customerDialog.getByRole('button', { name: /Lucy Atieno/ }).click();
    await page.getByRole('region', { name: 'Customer' }).getByText('Lucy Atieno').waitFor();
    const receiptCode = await sellForExactCash(page);

    // This time from the sale's page: its Exchange button opens the sale at the register.
    const earlier = await callApi<{ items: { id: string }[] }>(page, 'GET', `/api/sales?q=${encodeURIComponent(receiptCode)}`);
    await page.goto(appUrl(`/admin/sales/${earlier.items[0]!.id}`, CASHIER.subdomain));
    await page.getByRole('link', { name: 'Exchange at the register' }).click();
    const returnDialog = page.getByRole('dialog', { name: `Return from ${receiptCode}` });
    await returnDialog.getByLabel('Quantity of Kabras sugar 2 kg').fill('1');
    await returnDialog.getByLabel('Reason').selectOption({ label: 'Changed their mind' });
    await returnDialog.getByRole('button', { name: 'Exchange: KSh 330.00 credit to the cart' }).click();
    await returnDialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).searchParams.get('exchange')).toBeNull();
    // The new sale is the earlier sale's customer's too.
    await page.getByRole('region', { name: 'Customer' }).getByText('Lucy Atieno').waitFor();
    await addItem(page, 'JOGOO-2KG', 'Jogoo maize meal 2 kg');
    await expect.poll(() => page.getByTestId('register-total').textContent()).toBe('KSh 150.00');
    expect(await page.getByTestId('exchange-refund').textContent()).toBe('KSh 180.00');
    // Neither exact cash nor parking takes an exchange.
    expect(await page.getByRole('button', { name: /^Exact cash/ }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: /^Pay/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('payment-total').textContent()).toBe('KSh 0.00');
    await dialog.getByTestId('payment-exchange-refund').getByText('Refund KSh 180.00 to the customer').waitFor();
    await dialog.getByRole('button', { name: 'Complete exchange and refund KSh 180.00' }).click();
    const done = page.getByRole('dialog', { name: 'Exchange complete' });
    await done.waitFor();
    expect(await done.getByTestId('payment-refund-due').textContent()).toBe('KSh 180.00');
    await done.getByRole('list', { name: 'Refunds' }).getByText('Cash').waitFor();
    const [, newReceiptCode] = /^Receipt (\S+) · credit note (\S+)$/.exec((await done.getByText(/^Receipt /).textContent())!)!;

    const found = await callApi<{ items: { id: string }[] }>(page, 'GET', `/api/sales?q=${encodeURIComponent(newReceiptCode!)}`);
    const sale = await callApi<SaleRead>(page, 'GET', `/api/sales/${found.items[0]!.id}`);
    expect(sale.payments.map((payment) => [payment.tender, payment.amountMinor])).toEqual([['exchange', 15_000]]);
    expect(sale.customer?.name).toBe('Lucy Atieno');
    const returned = await callApi<SaleRead>(page, 'GET', `/api/sales/${earlier.items[0]!.id}`);
    expect(returned.status).toBe('returned');
    const saleReturn = await callApi<ReturnRead>(page, 'GET', `/api/sale-returns/${returned.returns[0]!.id}`);
    expect(saleReturn).toMatchObject({ exchangeSaleId: sale.id, totalMinor: 33_000 });
    expect(saleReturn.refunds).toEqual([
      { tender: 'exchange', amountMinor: 15_000, reference: null },
      { tender: 'cash', amountMinor: 18_000, reference: null },
    ]);
  });
});
