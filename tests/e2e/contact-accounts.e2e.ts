import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, signInThroughForm, toast } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';

// Credit accounts in the browser (issue 14): a partial payment against two open charges, settled
// oldest first, and its 80 mm receipt; a cashier records a payment but has no adjust or write-off.

const session = useBrowser();

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

const DEMO = ACCOUNTS.owner.subdomain;

/** A JSON request from the signed-in page (same origin, its session cookie). */
async function api(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json', 'x-application-name': 'dukani', 'idempotency-key': crypto.randomUUID() },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, json: await response.json() };
    },
    { method, path, body },
  );
}

/** A customer who owes KSh 1,500.00 (opening balance) and then KSh 2,000.00 more (a manager's adjustment). */
async function customerWithTwoCharges(page: Page, name: string) {
  const created = await api(page, 'POST', '/api/contacts', { name, type: 'customer', openingBalance: { receivableMinor: 150_000 } });
  expect(created.status).toBe(201);
  const contactId: string = created.json.id;
  const adjusted = await api(page, 'POST', `/api/contacts/${contactId}/adjustments`, { amountMinor: 200_000, reason: 'Goods taken on credit last week' });
  expect(adjusted.status).toBe(201);
  return contactId;
}

const suffix = () => randomBytes(3).toString('hex');

describe('credit accounts', () => {
  it('the owner records a partial M-Pesa payment that settles the oldest charge first, and prints its receipt', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.owner);
    const name = `Mama Njeri ${suffix()}`;
    const contactId = await customerWithTwoCharges(page, name);

    await page.goto(appUrl(`/admin/customers/${contactId}`, DEMO));
    const openItems = page.getByRole('table', { name: 'Open items' });
    await openItems.waitFor();
    expect(await openItems.getByRole('row').count()).toBe(3);

    await page.getByRole('button', { name: 'Record payment' }).click();
    const dialog = page.getByRole('dialog', { name: `Record a payment from ${name}` });
    await dialog.getByLabel('Amount', { exact: true }).fill('2,000');
    await dialog.getByLabel('Paid by').selectOption({ label: 'M-Pesa' });
    const code = `SG${randomBytes(4).toString('hex').toUpperCase()}`;
    await dialog.getByLabel('M-Pesa code').fill(code.toLowerCase());
    await dialog.getByRole('button', { name: 'Record payment' }).click();

    const result = page.getByRole('status', { name: 'What was recorded' });
    await result.waitFor();
    const number = (await result.textContent())!.match(/PAY-\d{6}/)![0];
    await toast(page, `Payment ${number} recorded`).waitFor();
    expect(await result.textContent()).toContain('KSh 2,000.00');
    // Oldest first: the opening balance closes, KSh 500.00 of the adjustment is paid, KSh 1,500.00 stays open.
    await result.getByText(/^Opening balance .*: KSh 1,500\.00 — paid in full$/).waitFor();
    await result.getByText(/^Adjustment .*: KSh 500\.00 — KSh 1,500\.00 still open$/).waitFor();
    await result.getByText('Balance now KSh 1,500.00.').waitFor();
    await expect.poll(() => openItems.getByRole('row').count()).toBe(2);
    await openItems.getByRole('cell', { name: 'KSh 1,500.00' }).waitFor();

    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await result.getByRole('link', { name: 'Print receipt' }).click();
    const receipt = page.getByRole('article', { name: `Receipt ${number}` });
    await receipt.waitFor();
    const text = (await receipt.textContent())!.replace(/\s+/g, ' ');
    expect(text).toContain('PAYMENT RECEIVED');
    expect(text).toContain(name);
    expect(text).toContain(code);
    expect(text).toContain('M-Pesa');
    expect(text).toContain('KSh 2,000.00');
    expect(text).toMatch(/Balance now\s*KSh 1,500\.00/);
    expect(text).toContain(`Served by ${ACCOUNTS.owner.fullName}`);
    // The page prints on an 80 mm roll: the browser's own reading of the style sheets' @page rule.
    const pageSizes = await page.evaluate(() =>
      Array.from(document.styleSheets).flatMap((sheet) =>
        Array.from(sheet.cssRules)
          .filter((rule): rule is CSSPageRule => rule instanceof CSSPageRule)
          .map((rule) => rule.cssText),
      ),
    );
    expect(pageSizes.join('\n')).toMatch(/@page\s*\{[^}]*size: 80mm 297mm/);
    await page.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    // The customer is on the debtors list with what is still owed.
    await page.goto(appUrl('/admin/customers/debtors', DEMO));
    await page.getByLabel('Search').fill(name);
    const row = page.getByRole('table', { name: 'Debtors' }).getByRole('row').filter({ hasText: name });
    await row.getByRole('cell', { name: 'KSh 1,500.00' }).first().waitFor();
  });

  it('a cashier on a phone (375 px) records a payment but sees no credit note, adjustment or write-off, and the API refuses them', async () => {
    const owner = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(owner, ACCOUNTS.owner);
    const name = `Baba Otieno ${suffix()}`;
    const contactId = await customerWithTwoCharges(owner, name);

    const page = await session.openPage({ cookieConsent: 'accepted', viewport: { width: 375, height: 740 } });
    await signInThroughForm(page, ACCOUNTS.counter);
    await page.goto(appUrl(`/admin/customers/${contactId}`, DEMO));
    await page.getByRole('table', { name: 'Open items' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    for (const action of ['Credit note', 'Adjust', 'Write off']) {
      expect(await page.getByRole('button', { name: action, exact: true }).count(), action).toBe(0);
    }
    await page.getByRole('button', { name: 'Record payment' }).click();
    const dialog = page.getByRole('dialog', { name: `Record a payment from ${name}` });
    await dialog.getByLabel('Amount', { exact: true }).fill('500');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    const result = page.getByRole('status', { name: 'What was recorded' });
    await result.getByText('Balance now KSh 3,000.00.').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.goto(appUrl('/admin/customers/debtors', DEMO));
    await page.getByRole('table', { name: 'Debtors' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    expect((await api(page, 'POST', `/api/contacts/${contactId}/adjustments`, { amountMinor: -100, reason: 'Just because' })).status).toBe(403);
    expect((await api(page, 'POST', `/api/contacts/${contactId}/write-offs`, { amountMinor: 100, reason: 'Just because' })).status).toBe(403);
    const account = await api(page, 'GET', `/api/contacts/${contactId}/account`);
    expect(account.json.balanceMinor).toBe(300_000);
  });
});
