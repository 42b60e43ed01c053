import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, signInThroughForm } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import { MAIN_SHOP } from './support/catalog';
import { callApi } from './support/page-helpers';
import { addItem, addMainShopTill } from './support/register';

// M-Pesa at the register (issue 19) in the demo shop, which has no Daraja credentials: the
// sandbox's simulated phone answers the prompts through the same callback code as Safaricom's, so
// this runs offline. As the demo cashier Brian on a till of this file's own: a prompt approved on
// the simulated phone pays the sale; a cancelled one says so and a retry succeeds; a till payment
// arrives in the inbox and is taken; a typed code is accepted once and refused the second time;
// the manager's reconciliation finds a payment and disputes it; the owner's settings tab.

const session = useBrowser();
const CASHIER = ACCOUNTS.payments;
const TILL = { width: 1366, height: 768 };
const SOKO = { sku: 'SOKO-2KG', name: 'Soko maize meal 2 kg' };

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;
let cashierState: StorageState;
const till = { id: '', name: '' };

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

beforeAll(async () => {
  const owner = await session.openPage({ cookieConsent: 'accepted' });
  await signInThroughForm(owner, ACCOUNTS.owner);
  Object.assign(till, await addMainShopTill(owner, 'M-Pesa till', 'M'));
  await owner.context().close();
  const page = await session.openPage({ cookieConsent: 'accepted' });
  await signInThroughForm(page, CASHIER);
  cashierState = await page.context().storageState();
  await callApi(page, 'POST', '/api/shifts', { registerId: till.id, openingFloatMinor: 200_000, denominations: null });
  await page.context().close();
});

/** The cashier's register on this file's till with one KSh 145 item in the cart, the payment open on M-Pesa. */
async function payWithMpesa(): Promise<Page> {
  const page = await session.openPage({ cookieConsent: 'accepted', viewport: TILL, storageState: cashierState });
  await page.goto(appUrl('/admin/sales?tab=new-sale', CASHIER.subdomain));
  const picker = page.getByLabel('Register', { exact: true });
  await picker.waitFor();
  await picker.selectOption({ label: `${till.name} · ${MAIN_SHOP}` });
  await page.getByLabel('Search products or a receipt').waitFor();
  await addItem(page, SOKO.sku, SOKO.name);
  await expect.poll(() => page.getByTestId('register-total').textContent()).toBe('KSh 145.00');
  await page.keyboard.press('F9');
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await dialog.getByRole('group', { name: 'Paid by' }).getByRole('button', { name: 'M-Pesa' }).click();
  await dialog.getByTestId('mpesa-sandbox-badge').waitFor();
  return page;
}

async function sendPrompt(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await dialog.getByRole('button', { name: 'Send prompt' }).click();
  await dialog.getByLabel('Customer’s phone').fill('0712 345 678');
  await dialog.getByRole('button', { name: 'Send M-Pesa prompt' }).click();
  await dialog.getByTestId('mpesa-prompt').getByText('Prompt for KSh 145.00 sent to 0712 345 678').waitFor();
  return dialog.getByRole('region', { name: 'Simulated phone' });
}

/** Completes the paid sale and answers what the server recorded as its M-Pesa payment. */
async function completeAndRead(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await dialog.getByRole('list', { name: 'Payments' }).getByText('KSh 0.00 left').waitFor();
  await dialog.getByRole('button', { name: /^Complete sale/ }).click();
  const done = page.getByRole('dialog', { name: 'Sale complete' });
  await done.waitFor();
  const receipt = (await done.getByText(/^Receipt /).textContent())!.replace('Receipt ', '').trim();
  const found = await callApi<{ items: { id: string }[] }>(page, 'GET', `/api/sales?q=${encodeURIComponent(receipt)}`);
  const sale = await callApi<{ payments: { tender: string; amountMinor: number; reference: string | null }[] }>(page, 'GET', `/api/sales/${found.items[0]!.id}`);
  return sale.payments;
}

describe('M-Pesa at the register (sandbox)', () => {
  it('sells with a prompt approved on the simulated phone', async () => {
    const page = await payWithMpesa();
    const phone = await sendPrompt(page);
    await phone.getByText('Simulated phone: no real money moves').waitFor();
    await phone.getByRole('button', { name: 'Approve' }).click();
    // Paid: the receipt number becomes the sale's M-Pesa payment at once.
    expect(await completeAndRead(page)).toEqual([expect.objectContaining({ tender: 'mpesa', amountMinor: 14_500, reference: expect.stringMatching(/^S[A-Z0-9]{9}$/) })]);
  });

  it('shows a cancelled prompt’s message, and a retry succeeds', async () => {
    const page = await payWithMpesa();
    const phone = await sendPrompt(page);
    await phone.getByRole('button', { name: 'Cancel' }).click();
    const status = page.getByTestId('mpesa-prompt-status');
    await status.getByText('The customer cancelled the M-Pesa prompt').waitFor();
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('region', { name: 'Simulated phone' }).getByRole('button', { name: 'Approve' }).click();
    const payments = await completeAndRead(page);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ tender: 'mpesa', amountMinor: 14_500 });
  });

  it('takes a till payment from the inbox', async () => {
    const page = await payWithMpesa();
    const dialog = page.getByRole('dialog', { name: 'Payment' });
    await dialog.getByRole('button', { name: 'Till payments' }).click();
    const inbox = dialog.getByTestId('mpesa-inbox');
    await inbox.getByRole('button', { name: 'Simulate a till payment of KSh 145.00' }).click();
    const payment = inbox.getByTestId('mpesa-payment').first();
    await payment.waitFor();
    const code = (await payment.locator('.font-mono').textContent())!;
    await payment.getByRole('button', { name: 'Take this payment' }).click();
    await dialog.getByRole('list', { name: 'Payments' }).getByText(code).waitFor();
    expect(await completeAndRead(page)).toEqual([expect.objectContaining({ tender: 'mpesa', amountMinor: 14_500, reference: code })]);
    const left = await callApi<{ items: { transId: string }[] }>(page, 'GET', '/api/mpesa/payments?status=unallocated&sinceMinutes=30');
    expect(left.items.map((item) => item.transId)).not.toContain(code);
  });

  it('accepts a typed code once and refuses it the second time', async () => {
    const page = await payWithMpesa();
    const created = await callApi<{ transId: string }>(page, 'POST', '/api/mpesa/sandbox/till-payments', { amountMinor: 14_500 });
    const dialog = page.getByRole('dialog', { name: 'Payment' });
    await dialog.getByLabel('M-Pesa code').fill(created.transId.toLowerCase());
    await dialog.getByRole('button', { name: 'Check code' }).click();
    await dialog.getByRole('list', { name: 'Payments' }).getByText(created.transId).waitFor();
    expect(await completeAndRead(page)).toEqual([expect.objectContaining({ tender: 'mpesa', reference: created.transId })]);

    const again = await payWithMpesa();
    const second = again.getByRole('dialog', { name: 'Payment' });
    await second.getByLabel('M-Pesa code').fill(created.transId);
    await second.getByRole('button', { name: 'Check code' }).click();
    await second.getByText('This M-Pesa code has already been used').waitFor();
    expect(await second.getByRole('list', { name: 'Payments' }).count()).toBe(0);
  });
});

describe('M-Pesa for the manager and the owner', () => {
  it('reconciles the day, finds a payment and marks it disputed, then back', async () => {
    const cashier = await session.openPage({ cookieConsent: 'accepted', storageState: cashierState });
    await cashier.goto(appUrl('/admin/sales?tab=new-sale', CASHIER.subdomain));
    const created = await callApi<{ transId: string }>(cashier, 'POST', '/api/mpesa/sandbox/till-payments', { amountMinor: 7_700 });
    const manager = await session.openPage({ cookieConsent: 'accepted', viewport: TILL });
    await signInThroughForm(manager, ACCOUNTS.manager);
    await manager.goto(appUrl('/admin/sales?tab=mpesa', CASHIER.subdomain));
    const screen = manager.getByTestId('mpesa-reconciliation');
    await screen.getByRole('table', { name: 'M-Pesa received and tendered' }).getByTestId('mpesa-reconciliation-row').first().waitFor();
    await screen.getByLabel('Search').fill(created.transId);
    const row = screen.getByTestId('mpesa-payment-row').filter({ hasText: created.transId });
    await row.getByText('Unallocated').waitFor();
    await row.getByRole('button', { name: 'Dispute' }).click();
    const dialog = manager.getByRole('dialog', { name: `Dispute ${created.transId}` });
    await dialog.getByLabel('Why').fill('Customer says it was for another shop');
    await dialog.getByRole('button', { name: 'Mark disputed' }).click();
    await row.getByText('Customer says it was for another shop').waitFor();
    expect((await callApi<{ items: { transId: string }[] }>(cashier, 'GET', '/api/mpesa/payments?status=unallocated&amountMinor=7700')).items.map((item) => item.transId)).not.toContain(created.transId);
    await row.getByRole('button', { name: 'Undispute' }).click();
    await row.getByText('Unallocated').waitFor();
  });

  it('shows the owner the simulated mode, every credential not set', async () => {
    const owner = await session.openPage({ cookieConsent: 'accepted', viewport: TILL });
    await signInThroughForm(owner, ACCOUNTS.owner);
    await owner.goto(appUrl('/admin/settings?tab=mpesa', ACCOUNTS.owner.subdomain));
    const tab = owner.getByTestId('mpesa-settings');
    await tab.getByTestId('mpesa-mode').getByText('Simulated phone (no credentials)').waitFor();
    expect(await tab.getByText('Not set').count()).toBe(4);
  });
});
