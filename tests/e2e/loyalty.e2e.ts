import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, signInThroughForm, toast } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';

// Loyalty points on the contact page (issue 14). The demo shop runs the programme (1 point per
// KES 100, a point worth KSh 1; server/db/demo-contacts.ts); the kiosk is on Starter, without it.

const session = useBrowser();

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

const CUSTOMER = 'Faith Chebet';

async function contactId(page: Page, name: string): Promise<string> {
  return page.evaluate(async (query) => {
    const response = await fetch(`/api/contacts?q=${encodeURIComponent(query)}`, { headers: { accept: 'application/json' } });
    const body = (await response.json()) as { items: { id: string; name: string }[] };
    const found = body.items.find((item) => item.name === query);
    if (!found) throw new Error(`No contact named ${query}`);
    return found.id;
  }, name);
}

const balanceOf = async (page: Page) => Number((await page.getByTestId('loyalty-balance').textContent())!.replace(/[^\d]/g, ''));

describe('loyalty', () => {
  it('the owner adds 50 points with a reason and sees the balance and the history', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.owner);
    const id = await contactId(page, CUSTOMER);
    await page.goto(appUrl(`/admin/customers/${id}`, ACCOUNTS.owner.subdomain));
    await page.getByRole('tab', { name: 'Loyalty' }).click();
    await page.getByTestId('loyalty-balance').waitFor();
    const before = await balanceOf(page);

    await page.getByRole('button', { name: 'Adjust points' }).click();
    const dialog = page.getByRole('dialog', { name: `Adjust ${CUSTOMER}’s points` });
    // Without a reason the form says so and nothing is sent.
    await dialog.getByLabel('Points').fill('50');
    await dialog.getByRole('button', { name: 'Save adjustment' }).click();
    await dialog.getByText('Enter the reason for the adjustment').waitFor();
    await dialog.getByLabel('Reason').fill('Birthday bonus');
    await dialog.getByRole('button', { name: 'Save adjustment' }).click();
    await toast(page, 'Points adjusted').waitFor();
    await dialog.waitFor({ state: 'detached' });

    await expect.poll(() => balanceOf(page)).toBe(before + 50);
    // A point is worth KSh 1.00 in the demo shop.
    const worth = page.locator('dt', { hasText: 'Worth when redeemed' }).locator('xpath=following-sibling::dd');
    await expect.poll(() => worth.textContent()).toBe(`KSh ${(before + 50).toLocaleString('en-KE')}.00`);
    const row = page.getByRole('row').filter({ hasText: 'Birthday bonus' });
    await expect.poll(() => row.getByRole('cell').nth(2).textContent()).toBe('+50');
    await expect.poll(() => row.getByRole('cell').nth(1).textContent()).toContain('Adjusted');
  });

  it('on the Starter plan the loyalty tab is locked with the upgrade badge, and the API answers 402', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.kioskOwner);
    const created = await page.evaluate(async () => {
      const response = await fetch('/api/contacts', {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({ name: `Loyal Customer ${Date.now()}`, type: 'customer' }),
      });
      return { status: response.status, body: (await response.json()) as { id: string } };
    });
    expect(created.status).toBe(201);
    const status = await page.evaluate(async (contactId) => (await fetch(`/api/contacts/${contactId}/loyalty`)).status, created.body.id);
    expect(status).toBe(402);

    await page.goto(appUrl(`/admin/customers/${created.body.id}`, ACCOUNTS.kioskOwner.subdomain));
    await page.getByRole('tab', { name: 'Loyalty' }).click();
    const locked = page.getByRole('region', { name: 'Loyalty points' });
    await locked.getByText('Upgrade to Pro to reward returning customers with points.').first().waitFor();
    const badge = locked.getByRole('link', { name: /Upgrade to Pro/ });
    expect(await badge.getAttribute('href')).toBe('/admin/settings?tab=billing');
    expect(await badge.textContent()).toContain('Pro');
    expect(await page.getByRole('button', { name: 'Adjust points' }).count()).toBe(0);
  });
});
