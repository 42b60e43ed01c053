import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, signInThroughForm, toast } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import { callApi } from './support/page-helpers';
import { uniqueSuffix } from './support/catalog';

// Contacts (issue 14) in the browser: a customer's 07… number stored and shown as +254 7…, found
// by typing it as 2547…, two duplicates merged, the cashier looking a customer up, and the Starter
// plan's locked sections.

const session = useBrowser();

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

const DEMO = ACCOUNTS.owner.subdomain;

/** A Safaricom number no other run uses: 07 and eight random digits. */
function randomMobile(): { typed: string; shown: string; e164: string } {
  const digits = String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0');
  const subscriber = `7${digits}`;
  return {
    typed: `0${subscriber.slice(0, 3)} ${subscriber.slice(3, 6)} ${subscriber.slice(6)}`,
    shown: `+254 ${subscriber.slice(0, 3)} ${subscriber.slice(3, 6)} ${subscriber.slice(6)}`,
    e164: `+254${subscriber}`,
  };
}

const contactsTable = (page: Page) => page.getByRole('table', { name: 'Contacts' });

describe('contacts', () => {
  it('adds a customer typed with 07…, shows it as +254 7…, and finds it by typing 2547…', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.owner);
    const name = `Wairimu Mwangi ${uniqueSuffix()}`;
    const phone = randomMobile();

    await page.goto(appUrl('/admin/customers/new', DEMO));
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Phone', { exact: true }).fill(phone.typed);
    await page.getByLabel('KRA PIN (optional)').fill('a123456789b');
    await page.getByRole('button', { name: 'Add contact' }).click();
    await toast(page, `${name} added`).waitFor();
    await page.getByRole('heading', { name, level: 2 }).waitFor();
    await page.getByRole('link', { name: phone.shown }).waitFor();
    const contactId = new URL(page.url()).pathname.split('/').pop()!;
    const stored = await callApi<{ phone: string; kraPin: string }>(page, 'GET', `/api/contacts/${contactId}`);
    expect(stored).toMatchObject({ phone: phone.e164, kraPin: 'A123456789B' });

    await page.getByRole('navigation', { name: 'Contacts area' }).getByRole('link', { name: 'Contacts', exact: true }).click();
    await page.getByLabel('Search').fill(phone.e164.slice(1, 9)); // 2547 and four more digits
    await contactsTable(page).getByRole('link', { name, exact: true }).waitFor();
    await page.getByLabel('Search').fill(phone.e164.slice(1));
    await expect.poll(() => contactsTable(page).getByRole('row').count()).toBe(2);
    await contactsTable(page).getByRole('link', { name, exact: true }).click();
    await page.getByRole('heading', { name, level: 2 }).waitFor();
  });

  it('warns about a duplicate while typing and merges the two into one', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.owner);
    const phone = randomMobile();
    const keep = await callApi<{ id: string; name: string }>(page, 'POST', '/api/contacts', { name: `Baraka Ochieng ${uniqueSuffix()}`, phone: phone.typed });
    const duplicateName = `B. Ochieng ${uniqueSuffix()}`;

    await page.goto(appUrl('/admin/customers/new', DEMO));
    await page.getByLabel('Name', { exact: true }).fill(duplicateName);
    await page.getByLabel('Phone', { exact: true }).fill(phone.e164);
    await page.getByRole('status').filter({ hasText: 'already exists' }).getByRole('link', { name: keep.name }).waitFor();
    await page.getByRole('button', { name: 'Add contact' }).click();
    await page.getByRole('heading', { name: duplicateName, level: 2 }).waitFor();

    await page.getByRole('button', { name: 'Merge' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio').first().check();
    await dialog.getByRole('button', { name: `Merge into ${keep.name}` }).click();
    await toast(page, `${duplicateName} merged into ${keep.name}`).waitFor();
    await page.getByRole('heading', { name: keep.name, level: 2 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/customers/${keep.id}`);
    const found = await callApi<{ items: Array<{ id: string }> }>(page, 'GET', `/api/contacts?q=${encodeURIComponent(phone.e164)}`);
    expect(found.items.map((item) => item.id)).toEqual([keep.id]);
  });

  it('lets the cashier look up a customer, without merge or import', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.owner);
    // First by name, so it is on the list's first page before the search has settled.
    const name = `Aaliyah Abdi ${uniqueSuffix()}`;
    await callApi(page, 'POST', '/api/contacts', { name, phone: randomMobile().typed });
    await page.context().close();

    const till = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(till, ACCOUNTS.counter);
    await till.goto(appUrl('/admin/customers', DEMO));
    await contactsTable(till).getByRole('link', { name, exact: true }).waitFor();
    // The contact page's code arrives slowly (a busy till), and the result is clicked before the
    // typed search settles: the search must not take the till back to the list.
    await till.route('**/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await till.getByLabel('Search').fill(name);
    await contactsTable(till).getByRole('link', { name, exact: true }).click();
    await till.getByRole('heading', { name, level: 2 }).waitFor();
    await till.getByRole('link', { name: 'Edit', exact: true }).waitFor();
    expect(await till.getByRole('button', { name: 'Merge' }).count()).toBe(0);
    expect(await till.getByRole('navigation', { name: 'Contacts area' }).getByRole('link', { name: /Import/ }).count()).toBe(0);
  });

  it('shows the Starter shop its gift cards and import locked with the upgrade badge, and groups open', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.kioskOwner);
    await page.goto(appUrl('/admin/customers', ACCOUNTS.kioskOwner.subdomain));
    const nav = page.getByRole('navigation', { name: 'Contacts area' });
    const locked = nav.locator('[data-locked]');
    await expect.poll(() => locked.count()).toBe(2);
    const lockedTexts = await locked.allInnerTexts();
    expect(lockedTexts[0]).toContain('Gift cards');
    expect(lockedTexts[1]).toContain('Import');
    for (const text of lockedTexts) expect(text).toContain('Pro');
    await nav.getByRole('link', { name: 'Groups', exact: true }).click();
    await page.getByRole('heading', { name: 'Customer groups', exact: true }).waitFor();
    const refused = await page.evaluate(async () => (await fetch('/api/gift-cards')).status);
    expect(refused).toBe(402);
  });
});
