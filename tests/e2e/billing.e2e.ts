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
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
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
  it('the Professional owner sees the Enterprise-only settings locked on the Features tab', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInAcmeOwner(page);
    await page.goto(appUrl('/admin/settings?tab=features', 'acme'));
    const whiteLabel = page.getByRole('listitem', { name: 'White labelling' });
    await whiteLabel.getByText('Upgrade to Enterprise for your own domain and branding.').waitFor();
    expect(await whiteLabel.innerText()).toContain('Custom domains, Branding');
    expect(await whiteLabel.getByText('Enterprise', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('listitem', { name: 'Loyalty program' }).getByText('Included in your plan').waitFor();

    await page.getByRole('tab', { name: 'Billing' }).click();
    await page.waitForURL(appUrl('/admin/settings?tab=billing', 'acme'));
    await page.getByTestId('subscription-status').getByText('Active').waitFor();
    await page.getByRole('cell', { name: 'dk-demo-acme-professional' }).waitFor();
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

    // The owner hears of the payment: a red dot, gone once the list is opened.
    await popup.getByTestId('unread-dot').waitFor();
    await popup.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    await popup.getByRole('menu').getByRole('menuitem').first().waitFor();
    await popup.getByTestId('unread-dot').waitFor({ state: 'detached' });
  });

  it('a declined sandbox payment shows as failed', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.owner);
    await page.goto(appUrl('/admin/settings?tab=billing', 'demo'));
    const popup = await upgradeInNewTab(page, 'Upgrade to Professional (monthly)');
    await popup.getByRole('button', { name: 'Decline' }).click();
    await popup.waitForURL((url) => url.pathname === '/admin/settings');
    await toast(popup, 'Error', 'Failed to verify payment').waitFor();
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

    // Starter after the trial: Accounting and Communications are not in the plan, so they are
    // dimmed, lead to billing and carry the Pro badge; Reports and Team are included (spec §9).
    const nav = popup.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: /Accounting/ }).waitFor();
    const locked = nav.locator('[data-locked]');
    expect((await locked.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim())).toEqual(['Accounting Pro', 'Communications Pro']);
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
