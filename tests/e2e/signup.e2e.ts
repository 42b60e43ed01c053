import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { toast, waitForMail } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import { fillSimpleProduct, productHeading, uniqueSuffix } from './support/catalog';

// Self-serve sign-up (issue 21): a new shop opened on the main host (the development host here,
// whose shops live at <subdomain>.localhost), its owner landing on the shop's own address signed
// in, with the first-run checklist on the dashboard, and a first product.

const session = useBrowser();

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

/** A step of the checklist, by its title; its state is read out as "(done)" or "(to do)". */
const step = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Get your shop ready' }).getByRole('listitem').filter({ hasText: title });

describe('sign-up', () => {
  it('opens a new shop from the main host and lands its owner on the shop’s own address, signed in, with the checklist; the first product ticks it', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    const suffix = uniqueSuffix();
    const shopName = `Duka la Wanjiru ${suffix}`;
    const subdomain = `duka-la-wanjiru-${suffix}`;
    const email = `wanjiru-${suffix}@example.test`;
    const startedAt = new Date().toISOString();

    await page.goto(appUrl('/auth'));
    await page.getByRole('link', { name: 'Open your shop' }).click();
    await page.waitForURL((url) => url.pathname === '/signup');
    const form = page.getByRole('form', { name: 'Open your shop' });

    // The address follows the shop's name, and is checked as it is typed.
    await form.getByLabel('Shop name').fill(shopName);
    const address = form.getByLabel('Shop address');
    await expect.poll(() => address.inputValue()).toBe(subdomain);
    await form.getByText(`${subdomain}.localhost:${new URL(appUrl('/')).port} is free`).waitFor();
    await address.fill('admin');
    await form.getByText('That address is reserved. Choose another.').waitFor();
    await address.fill('demo');
    await form.getByText('That address is taken. Choose another.').waitFor();
    await address.fill(subdomain);
    await form.getByText(/ is free$/).waitFor();

    await form.getByLabel('What do you sell?').selectOption({ label: 'General shop (duka)' });
    expect(await form.getByLabel('Country and currency').inputValue()).toBe('KE');
    await form.getByLabel('Full name').fill('Wanjiru Kamau');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Phone').fill('0712 345 678');
    await form.getByLabel('Password', { exact: true }).fill('sokoni');
    expect(await page.getByRole('meter', { name: 'Password strength' }).getAttribute('aria-valuetext')).toBe('Weak');
    await form.getByLabel('Password', { exact: true }).fill('Sokoni-2026!');
    expect(await page.getByRole('meter', { name: 'Password strength' }).getAttribute('aria-valuetext')).toBe('Strong');
    expect(await form.getByRole('radio', { name: /Start with the free trial/ }).isChecked()).toBe(true);
    await form.getByRole('button', { name: 'Open my shop' }).click();

    // The hand-over: the shop's own address, signed in, on the dashboard.
    await page.waitForURL((url) => url.hostname === `${subdomain}.localhost` && url.pathname.startsWith('/admin'), { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Welcome, Wanjiru Kamau' }).waitFor();
    await page.getByText(`You are signed in to ${shopName} as Business Owner.`).waitFor();
    const checklist = page.getByRole('region', { name: 'Get your shop ready' });
    await checklist.getByText('0 of 4 done').waitFor();
    for (const title of ['Add your products', 'Set your receipt details', 'Invite your staff', 'Connect M-Pesa']) {
      expect(await step(page, title).getByText('(to do)').count(), title).toBe(1);
    }
    await checklist.getByText(`We sent a verification code to ${email}.`, { exact: false }).waitFor();
    const code = await waitForMail(email, 'email_verification', startedAt);
    expect(code.subject).toMatch(/^Your Dukani verification code: \d{6}$/);
    // The session is this address's only: the main host knows nobody.
    expect((await page.context().cookies(appUrl('/'))).filter((cookie) => cookie.name.includes('session'))).toEqual([]);

    // The first product, from the checklist's own link.
    await step(page, 'Add your products').getByRole('link', { name: 'Add a product' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/products/new');
    const product = `Unga wa ngano 2 kg ${suffix}`;
    await fillSimpleProduct(page, { name: product, sellingPrice: '230' });
    await page.getByRole('button', { name: 'Create product' }).click();
    await toast(page, `${product} added`).waitFor();
    await productHeading(page, product).waitFor();

    await page.goto(appUrl('/admin/dashboard', subdomain));
    await checklist.getByText('1 of 4 done').waitFor();
    expect(await step(page, 'Add your products').getByText('(done)').count()).toBe(1);

    // Put away for good.
    await checklist.getByRole('button', { name: 'Hide this list' }).click();
    await checklist.waitFor({ state: 'detached' });
    // Asked again on the reload: the server keeps it put away.
    const asked = page.waitForResponse((response) => response.url().endsWith('/api/first-run-checklist') && response.ok());
    await page.reload();
    await asked;
    await page.getByRole('heading', { name: 'Welcome, Wanjiru Kamau' }).waitFor();
    expect(await page.getByRole('region', { name: 'Get your shop ready' }).count()).toBe(0);
  });

  it('a spent or wrong hand-over link sends the person to sign in', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await page.goto(appUrl('/auth/handoff?token=not-a-real-token', 'demo'));
    await page.getByText('This sign-in link is invalid, used or expired. Sign in with your e-mail and password.').waitFor();
    await page.getByRole('link', { name: 'Go to sign-in' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
  });

  it("a shop's address does not open shops: its sign-up page points to the main host", async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await page.goto(appUrl('/auth', 'demo'));
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    expect(await page.getByRole('link', { name: 'Open your shop' }).count()).toBe(0);
    await page.goto(appUrl('/signup', 'demo'));
    await page.getByText("New shops are opened on the Dukani home page, not at a shop's address.", { exact: false }).waitFor();
  });
});
