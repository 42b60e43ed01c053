import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, signInAcmeOwner, signInThroughForm, toast } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import { measureHorizontalOverflow } from './support/page-helpers';

const session = useBrowser();

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

const LAPSED_OWNER = { email: 'owner@lapsed.test', subdomain: 'lapsed' } as const;
const ONE_PIXEL_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000970485973000003e8000003e801b57b526b' + '0000000d49444154089963606860f80f0002840180d8525d890000000049454e44ae426082',
  'hex',
);
const ARTIFACTS = 'tests/e2e/artifacts';

/** Clicks a plan's Upgrade button and returns the sandbox checkout page it opens in a new tab. */
async function upgradeInNewTab(page: Page, buttonName: string) {
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: buttonName }).click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  await popup.getByRole('heading', { name: 'Dukani subscription' }).waitFor();
  expect(new URL(popup.url()).pathname).toMatch(/^\/api\/billing\/sandbox\//);
  return popup;
}

async function screenshots(page: Page, name: string) {
  for (const [width, height] of [
    [375, 667],
    [1366, 768],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(100);
    const { scrollWidth, viewportWidth } = await measureHorizontalOverflow(page);
    expect(scrollWidth, `${name} at ${width}px`).toBeLessThanOrEqual(viewportWidth);
    await page.screenshot({ path: `${ARTIFACTS}/${name}-${width}x${height}.png`, fullPage: true });
  }
}

describe('billing', () => {
  it('the Features tab and the plan cards agree and sell only what is built (issue 10 item 16)', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInAcmeOwner(page);
    await page.goto(appUrl('/admin/settings?tab=features', 'acme'));
    // Professional: transfers between its five locations are built and included.
    const multiLocation = page.getByRole('listitem', { name: 'Multi-location' });
    await multiLocation.getByText('Included in your plan').waitFor();
    expect(await multiLocation.innerText()).toContain('Stock transfers between locations. Your plan has up to 5 locations.');
    // Loyalty points are built (issue 14) and Professional has them.
    await page.getByRole('listitem', { name: 'Loyalty program' }).getByText('Included in your plan').waitFor();
    // Not built yet: coming soon, never "Included" nor an upgrade to buy.
    const onlineOrders = page.getByRole('listitem', { name: 'Online orders' });
    await onlineOrders.getByText('Coming soon').waitFor();
    expect(await onlineOrders.innerText()).toContain('Not built yet. Your plan will include it.');
    const whiteLabel = page.getByRole('listitem', { name: 'White labelling' });
    await whiteLabel.getByText('Coming soon').waitFor();
    expect(await whiteLabel.getByText('Enterprise', { exact: true }).count()).toBe(0);
    // Advanced inventory, multi-location, loyalty, gift cards, user roles and notifications (issue 20).
    expect(await page.getByText('Included in your plan').count()).toBe(6);

    await page.getByRole('tab', { name: 'Billing' }).click();
    await page.waitForURL(appUrl('/admin/settings?tab=billing', 'acme'));
    await page.getByTestId('subscription-status').getByText('Active').waitFor();
    await page.getByRole('cell', { name: 'dk-demo-acme-professional' }).waitFor();

    // The cards: what each plan does today, and what is coming.
    const starter = page.getByRole('listitem', { name: 'Starter monthly plan' });
    expect(await starter.getByRole('list', { name: 'Starter includes' }).innerText()).toContain('Stock at up to 2 locations');
    expect(await starter.getByRole('list', { name: 'Starter includes' }).innerText()).toContain('Point of sale: the till, receipts, M-Pesa');
    // eTIMS on every plan (issue 19); staff accounts with roles on Starter and up (issue 20).
    expect(await starter.getByRole('list', { name: 'Starter includes' }).innerText()).toContain('KRA eTIMS invoices');
    expect(await starter.getByRole('list', { name: 'Starter includes' }).innerText()).toContain('Up to 10 staff accounts with roles');
    const professional = page.getByRole('listitem', { name: 'Professional monthly plan' });
    const professionalIncludes = await professional.getByRole('list', { name: 'Professional includes' }).innerText();
    expect(professionalIncludes).toContain('Stock transfers between locations');
    expect(professionalIncludes).toContain('Loyalty points');
    expect(professionalIncludes).toContain('Point of sale: the till, receipts, M-Pesa');
    expect(professionalIncludes).toContain('Accounting and VAT returns');
    expect(professionalIncludes).toContain('Sales and profit reports');
    expect(professionalIncludes).toContain('SMS, WhatsApp and e-mail to customers');
    expect(await professional.getByRole('list', { name: 'Professional: coming soon' }).count()).toBe(0);
    expect(await page.getByRole('list', { name: 'Starter includes' }).last().innerText()).toContain('2 months free');
  });

  it('a Starter shop reads the truth about its two locations (issue 10 item 16)', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.kioskOwner);
    await page.goto(appUrl('/admin/settings?tab=features', 'kiosk'));
    const multiLocation = page.getByRole('listitem', { name: 'Multi-location' });
    await multiLocation.getByText('Upgrade to Pro to move stock between your locations with transfers.').waitFor();
    expect(await multiLocation.innerText()).toContain('Your plan has up to 2 locations.');
  });

  it('the trial owner upgrades to Starter through the sandbox: verified, active, paid', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.owner);
    await page.goto(appUrl('/admin/settings?tab=billing', 'demo'));
    await page.getByRole('heading', { name: 'Plans' }).waitFor();
    await screenshots(page, 'billing-tab');

    const popup = await upgradeInNewTab(page, 'Upgrade to Starter (monthly)');
    await toast(page, 'Payment Window Opened', 'Complete your payment in the new tab to upgrade your plan.').waitFor();
    await popup.getByRole('button', { name: 'Pay' }).click();

    await popup.waitForURL((url) => url.pathname === '/admin/settings' && url.searchParams.get('tab') === 'billing');
    await toast(popup, 'Payment Verified!', 'Your subscription has been activated successfully.').waitFor();
    // The reference leaves the address once verified.
    await popup.waitForURL((url) => !url.searchParams.has('reference'));
    await popup.getByTestId('subscription-status').getByText('Active').waitFor();
    await popup.getByRole('region', { name: 'Payment history' }).getByText('Completed').first().waitFor();
    // One status: paid, the trial's days kept, the next renewal a month after the trial ends (issue 10 item 2).
    const currentPlan = popup.getByRole('region', { name: 'Current plan' });
    expect(await currentPlan.innerText()).not.toMatch(/Trial days left|Days until expiry/);
    await currentPlan.getByText('Next renewal').waitFor();
    expect(await popup.getByTestId('trial-kept').innerText()).toMatch(/^Your free trial runs to .+; the Starter plan you paid for starts then and renews on .+\.$/);

    // The owner hears of the payment: a red dot, gone once the list is opened.
    await popup.getByTestId('unread-dot').waitFor();
    await popup.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    await popup.getByRole('menu').getByRole('menuitem').first().waitFor();
    await popup.getByTestId('unread-dot').waitFor({ state: 'detached' });
  });

  it('a declined sandbox payment says "Payment declined" and shows as failed; the checkout page names the plan and the amount', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.owner);
    await page.goto(appUrl('/admin/settings?tab=billing', 'demo'));
    const popup = await upgradeInNewTab(page, 'Upgrade to Professional (monthly)');
    expect(await popup.getByRole('heading', { level: 1 }).innerText()).toBe('Dukani subscription: Professional, monthly');
    expect(await popup.getByTestId('amount').innerText()).toBe('KES 3,500.00');
    await popup.getByRole('button', { name: 'Decline' }).click();
    await popup.waitForURL((url) => url.pathname === '/admin/settings');
    await toast(popup, 'Payment declined', 'No money was taken').waitFor();
    expect(await popup.getByText('Failed to verify payment').count()).toBe(0);
    await popup.getByRole('region', { name: 'Payment history' }).getByText('Failed').first().waitFor();
  });

  it('a blocked popup falls back to redirecting this tab', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.owner);
    await page.goto(appUrl('/admin/settings?tab=billing', 'demo'));
    await page.getByRole('heading', { name: 'Plans' }).waitFor();
    await page.evaluate(() => {
      window.open = () => null;
    });
    await page.getByRole('button', { name: 'Upgrade to Starter (yearly)' }).click();
    await toast(page, 'Redirecting to Payment').waitFor();
    await page.waitForURL((url) => url.pathname.startsWith('/api/billing/sandbox/'));
  });

  it('Sign Out on the Subscription Required page goes to /auth', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, LAPSED_OWNER);
    await page.getByRole('heading', { name: 'Subscription Required', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(appUrl('/auth', 'lapsed'));
  });

  it('behind the gate the lapsed owner opens the profile and exports the data, and no request is refused (issue 10 item 8)', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 402 || response.status() === 403) refused.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    await signInThroughForm(page, LAPSED_OWNER);
    await page.getByRole('heading', { name: 'Subscription Required', level: 1 }).waitFor();
    await page.getByText(/^Trial ended on \d{1,2} [A-Z][a-z]{2} \d{4}$/).waitFor();
    await page.waitForLoadState('networkidle');

    // The profile: password and sign-in activity.
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL(appUrl('/profile', 'lapsed'));
    await page.getByRole('tab', { name: 'Activity' }).click();
    await page.getByText('Successful').first().waitFor();
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByRole('button', { name: 'Change Password' }).waitFor();
    await page.waitForLoadState('networkidle');

    // Back to the gate, and the shop's data goes with its owner.
    await page.getByRole('link', { name: 'Back' }).click();
    await page.getByRole('heading', { name: 'Subscription Required', level: 1 }).waitFor();
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export products (CSV)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split(/\r?\n/)[0]).toMatch(/^\uFEFF?name,/i);

    // The billing tab says the trial ended, not "Trial · 0 days · Free during the trial".
    await page.goto(appUrl('/admin/settings?tab=billing', 'lapsed'));
    const currentPlan = page.getByRole('region', { name: 'Current plan' });
    await currentPlan.getByTestId('subscription-status').getByText('Trial ended').waitFor();
    expect(await currentPlan.innerText()).not.toMatch(/Free during the trial|Days until expiry/);
    await page.getByRole('heading', { name: 'Plans' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(refused).toEqual([]);
  });

  it('the lapsed owner sees Subscription Required, upgrades and gets back in', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, LAPSED_OWNER);
    await page.getByRole('heading', { name: 'Subscription Required', level: 1 }).waitFor();
    await page.getByText('Your trial has expired. Upgrade to continue using the system.').waitFor();
    expect(await page.getByRole('group', { name: 'Current plan' }).innerText()).toContain('Trial');
    await screenshots(page, 'subscription-required');

    // Every admin page is behind the gate.
    await page.goto(appUrl('/admin/settings?tab=features', 'lapsed'));
    await page.getByRole('heading', { name: 'Subscription Required', level: 1 }).waitFor();

    // No plan on record: Upgrade Now opens the plans list.
    await page.getByRole('button', { name: 'Upgrade Now' }).click();
    await page.waitForURL(appUrl('/admin/settings?tab=billing', 'lapsed'));
    const popup = await upgradeInNewTab(page, 'Upgrade to Starter (monthly)');
    await popup.getByRole('button', { name: 'Pay' }).click();
    await toast(popup, 'Payment Verified!').waitFor();

    await popup.goto(appUrl('/admin/dashboard', 'lapsed'));
    await popup.getByRole('heading', { name: /^Welcome, / }).waitFor();
    expect(await popup.getByRole('heading', { name: 'Subscription Required' }).count()).toBe(0);

    // Starter after the trial: Accounting, Commissions and Communications are not in the plan, so
    // they are dimmed, lead to billing and carry the Pro badge; Reports and Team are included (spec §9).
    const nav = popup.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: /Accounting/ }).waitFor();
    const locked = nav.locator('[data-locked]');
    expect((await locked.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim())).toEqual(['Accounting Pro', 'Commissions Pro', 'Communications Pro']);
    expect(await nav.getByRole('link', { name: /Accounting/ }).getAttribute('href')).toBe('/admin/settings?tab=billing');
    expect(await nav.getByRole('link', { name: 'Reports' }).getAttribute('href')).toBe('/admin/reports');
  });

  it('the owner of the paid-up shop edits the business settings and logo, and the sign-in page shows them', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, LAPSED_OWNER);
    await page.goto(appUrl('/admin/settings?tab=business', 'lapsed'));
    const form = page.getByRole('form', { name: 'Business settings' });
    await form.getByLabel('Business name').fill('Lapsed Kiosk Ltd');
    await form.getByLabel('KRA PIN').fill('12345');
    await form.getByLabel('Receipt footer').fill('Asante! Karibu tena.');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('A KRA PIN is a letter, 9 digits and a letter, e.g. P051234567X').waitFor();
    await form.getByLabel('KRA PIN').fill('p051234567x');
    await form.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Business settings saved').waitFor();
    await page.getByLabel('Upload a new logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    await toast(page, 'Logo updated').waitFor();
    await page.reload();
    expect(await page.getByRole('form', { name: 'Business settings' }).getByLabel('KRA PIN').inputValue()).toBe('P051234567X');

    const visitor = await session.openPage({ cookieConsent: 'accepted' });
    await visitor.goto(appUrl('/auth', 'lapsed'));
    await visitor.getByRole('heading', { name: 'Lapsed Kiosk Ltd', level: 1 }).waitFor();
    const logo = visitor.getByRole('img', { name: /logo/i }).first();
    expect(await logo.getAttribute('src')).toMatch(/^\/api\/files\/[0-9a-f-]+\/logo-[0-9a-f]{16}\.png$/);
  });
});
