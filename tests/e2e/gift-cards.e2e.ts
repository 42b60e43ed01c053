import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Locator } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, signInThroughForm } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';

// Gift cards (issue 14): the demo owner issues a card, sees its code once, prints it (the barcode
// read back by ZBar is the code) and checks its balance with the code; the Starter kiosk finds the
// section locked with the upgrade badge and the API answers 402.

const session = useBrowser();

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

const runFile = promisify(execFile);
const PX_PER_MM = 96 / 25.4;

/** What ZBar reads in a screenshot of the element, as the browser draws it. */
async function decode(element: Locator): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'dukani-e2e-gift-card-'));
  try {
    const file = join(dir, 'card.png');
    writeFileSync(file, await element.screenshot());
    const { stdout } = await runFile('zbarimg', ['--quiet', '--nodbus', file]);
    return stdout.split('\n').filter(Boolean);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('gift cards', () => {
  it('the owner issues a card, prints it with a barcode that reads as its code, and checks its balance with the code', async () => {
    // 4 device pixels per CSS pixel (about 380 dpi): a 0.25 mm module is ~3.8 pixels on the screenshot.
    const page = await session.openPage({ cookieConsent: 'accepted', deviceScaleFactor: 4 });
    await page.addInitScript(() => {
      const calls = { count: 0 };
      Object.assign(window, { e2ePrintCalls: calls });
      window.print = () => {
        calls.count += 1;
      };
    });
    await signInThroughForm(page, ACCOUNTS.owner);
    await page.goto(appUrl('/admin/customers/gift-cards', ACCOUNTS.owner.subdomain));
    await page.getByRole('heading', { name: 'Gift cards', level: 2, exact: true }).waitFor();

    await page.getByRole('button', { name: 'Issue gift card' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Issue gift card' });
    // A value with a cent fraction the form cannot hold is refused on its field, nothing sent.
    await dialog.getByLabel('Value (KSh)').fill('1500.555');
    await dialog.getByRole('button', { name: 'Issue gift card' }).click();
    await dialog.getByText('Enter an amount such as 1500 or 1500.50').waitFor();
    await dialog.getByLabel('Value (KSh)').fill('1,500');
    const nextYear = `${new Date().getUTCFullYear() + 1}-12-31`;
    await dialog.getByLabel('Last day of use (optional)').fill(nextYear);
    await dialog.getByRole('button', { name: 'Issue gift card' }).click();

    const issued = page.getByRole('dialog', { name: 'Gift card issued' });
    await issued.getByText('A card worth KSh 1,500.00.').waitFor();
    const grouped = (await issued.getByLabel('Gift card code').textContent())!.trim();
    expect(grouped).toMatch(/^[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){3}$/);
    const code = grouped.replace(/-/g, '');
    await issued.getByText('This code is shown only now').waitFor();

    // The printable card: bank-card size, the code as text and as a Code 128 barcode.
    await issued.getByRole('link', { name: 'Print card' }).click();
    const card = page.getByRole('article', { name: `Gift card ${grouped}` });
    await card.waitFor();
    expect(await card.getByTestId('gift-card-printed-code').textContent()).toBe(grouped);
    const text = await card.innerText();
    expect(text).toContain('KSh 1,500.00');
    expect(text).toContain('Valid until');
    const box = (await card.boundingBox())!;
    expect(box.width).toBeCloseTo(85.6 * PX_PER_MM, 0);
    expect(box.height).toBeCloseTo(54 * PX_PER_MM, 0);
    expect(await decode(card)).toEqual([`CODE-128:${code}`]);
    await page.getByRole('button', { name: 'Print' }).click();
    await page.waitForFunction(() => (window as unknown as { e2ePrintCalls: { count: number } }).e2ePrintCalls.count === 1);

    // Back on the list: the card shows only its last 4; its balance, from the code typed loosely.
    await page.goto(appUrl('/admin/customers/gift-cards', ACCOUNTS.owner.subdomain));
    const last4 = code.slice(-4);
    await page.getByRole('link', { name: `Card ending ${last4}` }).waitFor();
    expect(await page.getByRole('table', { name: 'Gift cards' }).innerText()).not.toContain(code.slice(0, 12));
    await page.getByRole('button', { name: 'Check balance' }).click();
    const check = page.getByRole('dialog', { name: 'Check balance' });
    await check.getByLabel('Gift card code').fill(`${code.slice(0, 4).toLowerCase()} ${code.slice(4, 8)} ${code.slice(8, 12)}-${code.slice(12)}`);
    await check.getByLabel('Gift card code').press('Enter');
    const result = check.getByRole('region', { name: `Balance of card ending ${last4}` });
    await result.waitFor();
    expect(await result.getByTestId('gift-card-balance').textContent()).toBe('KSh 1,500.00');
    expect(await result.innerText()).toContain('Active');

    // A code that opens no card: one message, nothing about which part was wrong.
    await check.getByLabel('Gift card code').fill('ABCD-EFGH-JKMN-PQRS');
    await check.getByRole('button', { name: 'Check balance' }).click();
    await check.getByText('No gift card with this code. Check the code and try again.').waitFor();
  });

  it('a manager issues a card from a customer’s page: the dialog is for that customer and the tab lists the card', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.manager);
    const customer = 'Agnes Mutheu';
    const id = await page.evaluate(async (name) => {
      const response = await fetch(`/api/contacts?q=${encodeURIComponent(name)}`, { headers: { accept: 'application/json' } });
      const body = (await response.json()) as { items: { id: string; name: string }[] };
      return body.items.find((item) => item.name === name)!.id;
    }, customer);
    await page.goto(appUrl(`/admin/customers/${id}`, ACCOUNTS.manager.subdomain));
    await page.getByRole('tab', { name: 'Gift cards' }).click();
    const tab = page.getByRole('region', { name: `Gift cards of ${customer}` });
    await tab.getByRole('button', { name: 'Issue gift card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Issue gift card' });
    await dialog.getByText(`A card for ${customer}.`, { exact: false }).waitFor();
    await dialog.getByLabel('Value (KSh)').fill('750.50');
    await dialog.getByRole('button', { name: 'Issue gift card' }).click();
    const issued = page.getByRole('dialog', { name: 'Gift card issued' });
    const last4 = (await issued.getByLabel('Gift card code').textContent())!.trim().slice(-4);
    await issued.getByRole('button', { name: 'Done' }).click();
    const row = tab.getByRole('row').filter({ hasText: last4 });
    await row.waitFor();
    expect(await row.innerText()).toContain('KSh 750.50');
    expect(await row.innerText()).toContain('No expiry');
    // The shop's list finds it by the customer's name.
    await page.goto(appUrl(`/admin/customers/gift-cards?q=${encodeURIComponent('agnes')}`, ACCOUNTS.manager.subdomain));
    await page.getByRole('link', { name: `Card ending ${last4}` }).click();
    await page.getByRole('heading', { level: 2 }).filter({ hasText: last4 }).waitFor();
    expect(await page.getByTestId('gift-card-detail-balance').textContent()).toBe('KSh 750.50');
  });

  it('a cashier on a phone (375 px) lists cards and checks a balance, but cannot issue, and nothing scrolls sideways', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted', viewport: { width: 375, height: 740 } });
    await signInThroughForm(page, ACCOUNTS.counter);
    await page.goto(appUrl('/admin/customers/gift-cards', ACCOUNTS.counter.subdomain));
    await page.getByRole('heading', { name: 'Gift cards', level: 2, exact: true }).waitFor();
    await page.getByRole('table', { name: 'Gift cards' }).or(page.getByText('No gift cards yet')).first().waitFor();
    expect(await page.getByRole('button', { name: 'Issue gift card' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: 'Check balance' }).click();
    const check = page.getByRole('dialog', { name: 'Check balance' });
    await check.getByLabel('Gift card code').fill('abcd efgh jkmn pqr0');
    await check.getByLabel('Gift card code').press('Enter');
    await check.getByText('Gift card codes have no 0, O, 1, I or L: check the code on the card').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  it('on the Starter plan the gift cards section is locked with the upgrade badge, and the API answers 402', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.kioskOwner);
    const statuses = await page.evaluate(async () => {
      const list = await fetch('/api/gift-cards', { headers: { accept: 'application/json' } });
      const issue = await fetch('/api/gift-cards', {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({ amountMinor: 100_000 }),
      });
      return [list.status, issue.status];
    });
    expect(statuses).toEqual([402, 402]);

    await page.goto(appUrl('/admin/customers/gift-cards', ACCOUNTS.kioskOwner.subdomain));
    const locked = page.getByRole('region', { name: 'Gift cards' });
    await locked.getByText('Upgrade to Pro to sell and redeem gift cards.').waitFor();
    expect(await locked.getByText('Pro', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Issue gift card' }).count()).toBe(0);
    // The section's own link in the area's navigation carries the lock and the badge too.
    const navLink = page.getByRole('navigation', { name: 'Contacts area' }).getByRole('link', { name: /Gift cards/ });
    expect(await navLink.getAttribute('href')).toBe('/admin/settings?tab=billing');
    expect(await navLink.textContent()).toContain('Pro');
  });
});
