import { randomInt } from 'node:crypto';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GIFT_CARD_CODE_ALPHABET, GIFT_CARD_CODE_LENGTH, formatGiftCardCode } from '../../core/gift-cards/gift-card-code.rules';
import { ACCOUNTS, signInThroughForm } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import { MAIN_SHOP, uniqueSuffix } from './support/catalog';
import { callApi } from './support/page-helpers';
import { addItem, addMainShopTill } from './support/register';

// The tenders beyond cash and M-Pesa at the register (issue 15), as the demo cashier Lilian on a
// till of this file's own: a sale on the customer's account (pay later) raises what they owe, one
// past their credit limit is refused with the server's words, and pay later needs a customer; part
// of a sale from the customer's deposit; a gift card by its code (an unknown code says so); loyalty
// points. Each customer and card is made for the test by the demo manager through the API, and each
// sale is checked on screen and as the server recorded it.

const session = useBrowser();
const CASHIER = ACCOUNTS.tenders;
const MANAGER = ACCOUNTS.manager;
const TILL = { width: 1366, height: 768 };

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;
const signedIn: Partial<Record<'cashier' | 'manager', StorageState>> = {};
const till = { id: '', name: '' };

/** Two zero-rated items, KSh 145 + KSh 155: a KSh 300 sale. */
const SOKO = { sku: 'SOKO-2KG', name: 'Soko maize meal 2 kg' };
const PEMBE = { sku: 'PEMBE-MAIZE-2KG', name: 'Pembe maize flour 2 kg' };

interface SalePayment {
  tender: string;
  amountMinor: number;
  tenderedMinor: number | null;
  reference: string | null;
  loyaltyPoints: number | null;
}
interface RecordedSale {
  id: string;
  totalMinor: number;
  changeMinor: number;
  customer: { id: string; name: string } | null;
  payments: SalePayment[];
  loyaltyPointsEarned: number;
  customerBalanceMinor: number | null;
}
interface CustomerAccount {
  balanceMinor: number;
  depositMinor: number;
  creditLimitMinor: number;
}

beforeAll(async () => {
  const owner = await session.openPage({ cookieConsent: 'accepted' });
  await signInThroughForm(owner, ACCOUNTS.owner);
  Object.assign(till, await addMainShopTill(owner, 'Tender till', 'P'));
  await owner.context().close();

  for (const [who, account] of [
    ['cashier', CASHIER],
    ['manager', MANAGER],
  ] as const) {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, account);
    signedIn[who] = await page.context().storageState();
    if (who === 'cashier') await callApi(page, 'POST', '/api/shifts', { registerId: till.id, openingFloatMinor: 200_000, denominations: null });
    await page.context().close();
  }
});

async function openAs(who: 'cashier' | 'manager'): Promise<Page> {
  const page = await session.openPage({ cookieConsent: 'accepted', viewport: TILL, storageState: signedIn[who] });
  await page.goto(appUrl(who === 'cashier' ? '/admin/sales?tab=new-sale' : '/admin/dashboard', CASHIER.subdomain));
  return page;
}

/** The cashier's register on this file's till, ready to scan. */
async function openTill(): Promise<Page> {
  const page = await openAs('cashier');
  const picker = page.getByLabel('Register', { exact: true });
  await picker.waitFor();
  await picker.selectOption({ label: `${till.name} · ${MAIN_SHOP}` });
  await page.getByLabel('Search products or a receipt').waitFor();
  return page;
}

/** A customer of the demo shop the manager adds for one test, e.g. with a credit limit; its id and name. */
async function addCustomer(manager: Page, firstName: string, fields: { creditLimitMinor?: number; customerPaymentTermsDays?: number } = {}) {
  const name = `${firstName} Wekesa ${uniqueSuffix()}`;
  const created = await callApi<{ id: string }>(manager, 'POST', '/api/contacts', { name, type: 'customer', ...fields });
  return { id: created.id, name };
}

const accountOf = (page: Page, customerId: string) => callApi<CustomerAccount>(page, 'GET', `/api/contacts/${customerId}/account`);

/** F4, search by name, choose: the customer panel shows them. */
async function chooseCustomer(page: Page, name: string) {
  await page.keyboard.press('F4');
  const dialog = page.getByRole('dialog', { name: 'Customer' });
  await dialog.getByLabel('Name or phone').fill(name);
  await dialog.getByRole('list', { name: 'Customers found' }).getByRole('button', { name }).click();
  await dialog.waitFor({ state: 'detached' });
  const panel = page.getByRole('region', { name: 'Customer' });
  await panel.getByText(name, { exact: true }).waitFor();
  return panel;
}

/** F9: the payment dialog for the cart. */
async function openPayment(page: Page): Promise<Locator> {
  await page.keyboard.press('F9');
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await dialog.waitFor();
  return dialog;
}

async function chooseTender(dialog: Locator, label: string) {
  await dialog.getByRole('group', { name: 'Paid by' }).getByRole('button', { name: label, exact: true }).click();
}

/** The rest in exact cash, then Complete: the sale as the server recorded it. */
async function payRestInCashAndComplete(page: Page, dialog: Locator): Promise<RecordedSale> {
  await dialog.getByLabel('Cash received').press('Enter');
  await dialog.getByRole('list', { name: 'Payments' }).getByText('KSh 0.00 left').waitFor();
  return complete(page, dialog);
}

async function complete(page: Page, dialog: Locator): Promise<RecordedSale> {
  await dialog.getByRole('button', { name: /^Complete sale/ }).click();
  const done = page.getByRole('dialog', { name: 'Sale complete' });
  await done.waitFor();
  const receiptCode = (await done.getByText(/^Receipt /).textContent())!.replace('Receipt ', '').trim();
  const found = await callApi<{ items: Array<{ id: string }> }>(page, 'GET', `/api/sales?q=${encodeURIComponent(receiptCode)}`);
  expect(found.items).toHaveLength(1);
  const sale = await callApi<RecordedSale>(page, 'GET', `/api/sales/${found.items[0]!.id}`);
  await done.getByRole('button', { name: 'New sale' }).click();
  await page.getByText('Scan an item or search to start a sale.').waitFor();
  return sale;
}

async function ringUpKsh300(page: Page) {
  await addItem(page, SOKO.sku, SOKO.name);
  await addItem(page, PEMBE.sku, PEMBE.name);
  await expect.poll(() => page.getByTestId('register-total').textContent()).toBe('KSh 300.00');
}

/** A code with the form of a gift card's that no card of this run has (drawn from 31^16). */
function unknownGiftCardCode(): string {
  return formatGiftCardCode(Array.from({ length: GIFT_CARD_CODE_LENGTH }, () => GIFT_CARD_CODE_ALPHABET[randomInt(GIFT_CARD_CODE_ALPHABET.length)]).join(''));
}

describe('tenders at the register', () => {
  it('pay later: needs a customer, raises what the customer owes, and a sale past the credit limit is refused with the server’s words', async () => {
    const manager = await openAs('manager');
    const customer = await addCustomer(manager, 'Akoth', { creditLimitMinor: 100_000, customerPaymentTermsDays: 7 });
    const page = await openTill();
    await ringUpKsh300(page);

    // Walk-in: the account tender asks for a customer and offers no payment to add.
    let dialog = await openPayment(page);
    await chooseTender(dialog, 'Customer account');
    await dialog.getByText('Choose the customer first (F4): this payment is taken from their account.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Add payment' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Back to the cart' }).click();
    await dialog.waitFor({ state: 'detached' });

    const panel = await chooseCustomer(page, customer.name);
    await panel.getByText('Balance KSh 0.00 · limit KSh 1,000.00 · 0 points').waitFor();
    dialog = await openPayment(page);
    await chooseTender(dialog, 'Customer account');
    expect(await dialog.getByTestId('payment-account-summary').textContent()).toBe(`${customer.name} owes KSh 0.00; credit limit KSh 1,000.00.`);
    await dialog.getByLabel('Amount', { exact: true }).press('Enter');
    await dialog.getByRole('list', { name: 'Payments' }).getByText('KSh 0.00 left').waitFor();
    const sale = await complete(page, dialog);
    expect(sale).toMatchObject({ totalMinor: 30_000, changeMinor: 0, customer: { id: customer.id, name: customer.name }, customerBalanceMinor: 30_000 });
    expect(sale.payments).toEqual([{ tender: 'account', amountMinor: 30_000, tenderedMinor: null, reference: null, loyaltyPoints: null }]);
    expect(await accountOf(manager, customer.id)).toMatchObject({ balanceMinor: 30_000, creditLimitMinor: 100_000 });

    // KSh 750 more would take them to KSh 1,050 owing, past the KSh 1,000 limit: the server refuses,
    // the dialog says why and drops that payment; nothing is charged.
    await addItem(page, 'BRK-BUTTER-250', 'Brookside salted butter 250 g');
    await addItem(page, 'NESCAFE-50', 'Nescafé Classic instant coffee 50 g');
    await expect.poll(() => page.getByTestId('register-total').textContent()).toBe('KSh 750.00');
    // (The sale on account earned points too.)
    const earned = sale.loyaltyPointsEarned;
    await (await chooseCustomer(page, customer.name)).getByText(`Balance KSh 300.00 · limit KSh 1,000.00 · ${earned} points`).waitFor();
    dialog = await openPayment(page);
    await chooseTender(dialog, 'Customer account');
    await dialog.getByLabel('Amount', { exact: true }).press('Enter');
    await dialog.getByRole('button', { name: /^Complete sale/ }).click();
    await dialog.getByRole('alert').getByText(`This would take ${customer.name} to KSh 1,050.00 owing, past the credit limit of KSh 1,000.00`).waitFor();
    expect(await dialog.getByRole('list', { name: 'Payments' }).count()).toBe(0);
    expect(await dialog.getByTestId('payment-remaining').textContent()).toBe('KSh 750.00');
    expect((await accountOf(manager, customer.id)).balanceMinor).toBe(30_000);
    const sales = await callApi<{ total: number }>(manager, 'GET', `/api/sales?customerId=${customer.id}`);
    expect(sales.total).toBe(1);
  });

  it('customer deposit: part of a sale from what the customer paid in advance, the rest in cash', async () => {
    const manager = await openAs('manager');
    const customer = await addCustomer(manager, 'Nafula');
    await callApi(manager, 'POST', `/api/contacts/${customer.id}/payments`, { amountMinor: 20_000, method: 'cash', note: 'Paid in advance' });
    expect((await accountOf(manager, customer.id)).depositMinor).toBe(20_000);

    const page = await openTill();
    await ringUpKsh300(page);
    await chooseCustomer(page, customer.name);
    const dialog = await openPayment(page);
    await chooseTender(dialog, 'Customer deposit');
    await dialog.getByText(`${customer.name} has KSh 200.00 on deposit.`).waitFor();
    // More than the deposit is caught before anything is sent.
    await dialog.getByLabel('Amount', { exact: true }).fill('250');
    await dialog.getByLabel('Amount', { exact: true }).press('Enter');
    await dialog.getByText('The customer’s deposit is KSh 200.00').waitFor();
    await dialog.getByLabel('Amount', { exact: true }).fill('200');
    await dialog.getByLabel('Amount', { exact: true }).press('Enter');
    await dialog.getByRole('list', { name: 'Payments' }).getByText('KSh 100.00 left').waitFor();

    const sale = await payRestInCashAndComplete(page, dialog);
    expect(sale).toMatchObject({ totalMinor: 30_000, changeMinor: 0, customer: { id: customer.id } });
    expect(sale.payments).toEqual([
      { tender: 'deposit', amountMinor: 20_000, tenderedMinor: null, reference: null, loyaltyPoints: null },
      { tender: 'cash', amountMinor: 10_000, tenderedMinor: 10_000, reference: null, loyaltyPoints: null },
    ]);
    expect(await accountOf(manager, customer.id)).toMatchObject({ depositMinor: 0, balanceMinor: 0 });
  });

  it('gift card: an unknown code says so; the card’s code pays part of the sale and its balance drops', async () => {
    const manager = await openAs('manager');
    const issued = await callApi<{ card: { id: string; last4: string }; code: string }>(manager, 'POST', '/api/gift-cards', { amountMinor: 50_000 });

    const page = await openTill();
    await ringUpKsh300(page);
    const dialog = await openPayment(page);
    const payments = dialog.getByRole('list', { name: 'Payments' });

    await chooseTender(dialog, 'Gift card');
    await dialog.getByLabel('Gift card code').fill(unknownGiftCardCode());
    await dialog.getByLabel('Gift card code').press('Enter');
    await payments.getByText('KSh 0.00 left').waitFor();
    await dialog.getByRole('button', { name: /^Complete sale/ }).click();
    await dialog.getByRole('alert').getByText('No gift card with this code. Check the code and try again.').waitFor();
    // The refused payment is dropped: the whole KSh 300 is left to pay again.
    expect(await payments.count()).toBe(0);
    expect(await dialog.getByTestId('payment-remaining').textContent()).toBe('KSh 300.00');

    await chooseTender(dialog, 'Gift card');
    // Typed in lower case without dashes, as read off the card.
    await dialog.getByLabel('Gift card code').fill(issued.code.replaceAll('-', '').toLowerCase());
    await dialog.getByLabel('Amount', { exact: true }).fill('200');
    await dialog.getByLabel('Amount', { exact: true }).press('Enter');
    await payments.getByText('KSh 100.00 left').waitFor();

    const sale = await payRestInCashAndComplete(page, dialog);
    expect(sale.totalMinor).toBe(30_000);
    expect(sale.payments).toEqual([
      { tender: 'gift_card', amountMinor: 20_000, tenderedMinor: null, reference: issued.card.last4, loyaltyPoints: null },
      { tender: 'cash', amountMinor: 10_000, tenderedMinor: 10_000, reference: null, loyaltyPoints: null },
    ]);
    const card = await callApi<{ balanceMinor: number }>(manager, 'GET', `/api/gift-cards/${issued.card.id}`);
    expect(card.balanceMinor).toBe(30_000);
  });

  it('loyalty points: the customer redeems points for part of a sale and their balance drops', async () => {
    const manager = await openAs('manager');
    const customer = await addCustomer(manager, 'Chepkoech');
    await callApi(manager, 'POST', `/api/contacts/${customer.id}/loyalty/adjustments`, { points: 500, reason: 'Welcome points' });
    const before = await callApi<{ points: number; programme: { pointValueMinor: number } }>(manager, 'GET', `/api/contacts/${customer.id}/loyalty?page=1&pageSize=1`);
    expect(before.points).toBe(500);
    // The demo's point is worth KSh 1.00: 150 points pay KSh 150 of the KSh 300.
    expect(before.programme.pointValueMinor).toBe(100);

    const page = await openTill();
    await ringUpKsh300(page);
    const panel = await chooseCustomer(page, customer.name);
    await panel.getByText('Balance KSh 0.00 · limit KSh 0.00 · 500 points').waitFor();
    const dialog = await openPayment(page);
    await chooseTender(dialog, 'Loyalty points');
    await dialog.getByText('500 points available; a point is worth KSh 1.00').waitFor();
    await dialog.getByLabel('Points to spend').fill('150');
    await dialog.getByLabel('Points to spend').press('Enter');
    await dialog.getByRole('list', { name: 'Payments' }).getByText('KSh 150.00 left').waitFor();

    const sale = await payRestInCashAndComplete(page, dialog);
    expect(sale).toMatchObject({ totalMinor: 30_000, customer: { id: customer.id } });
    expect(sale.payments).toEqual([
      { tender: 'loyalty', amountMinor: 15_000, tenderedMinor: null, reference: null, loyaltyPoints: 150 },
      { tender: 'cash', amountMinor: 15_000, tenderedMinor: 15_000, reference: null, loyaltyPoints: null },
    ]);
    const after = await callApi<{ points: number }>(manager, 'GET', `/api/contacts/${customer.id}/loyalty?page=1&pageSize=1`);
    expect(sale.loyaltyPointsEarned).toBeLessThan(150);
    expect(after.points).toBe(500 - 150 + sale.loyaltyPointsEarned);
  });
});
