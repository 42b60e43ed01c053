import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
  ACME_RESET_PASSWORD,
  DEMO_PASSWORD,
  linkIn,
  openUserMenu,
  signInThroughForm,
  submitSignIn,
  waitForMail,
} from './support/accounts';
import { appUrl, newClientAddress, useBrowser } from './support/browser';

const session = useBrowser();

// No uncaught errors on any page. (Console errors are expected here: Chromium logs every 4xx
// answer, and these tests provoke refusals on purpose.)
afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

const pathOf = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;
const signInAlert = (page: Page) => page.getByRole('form', { name: 'Sign in' }).getByRole('alert');
const readSession = (page: Page) =>
  page.evaluate(async () => ((await (await fetch('/api/auth/session')).json()) as { user: { email: string } | null }).user);

describe('sign-in lands each role in its area', () => {
  it('the shop owner signs in with the keyboard on demo.localhost and lands in /admin', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await page.goto(appUrl('/auth', 'demo'));
    await page.getByRole('heading', { name: 'Demo Duka', level: 1 }).waitFor();
    // Focus starts nowhere in particular: Tab into the e-mail field, then on through the form.
    await page.getByLabel('Email').focus();
    await page.keyboard.type(ACCOUNTS.owner.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');

    await page.waitForURL(appUrl('/admin', 'demo'));
    await page.getByRole('heading', { name: `Welcome, ${ACCOUNTS.owner.fullName}`, level: 1 }).waitFor();
    await page.getByText('You are signed in to Demo Duka as Business Owner.').waitFor();
    // The dashboard's figures are in the shop's currency (KES, KSh).
    await page.getByRole('main').getByRole('group', { name: 'Sales', exact: true }).getByText(/^KSh [\d,]+\.\d{2}$/).waitFor();
    await page.getByRole('region', { name: /^Plan: / }).waitFor();
    expect(await page.title()).toBe('Home · Demo Duka');
  });

  it('the manager lands in /admin as Store Manager', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.manager);
    expect(pathOf(page)).toBe('/admin');
    await page.getByText('You are signed in to Demo Duka as Store Manager.').waitFor();
  });

  it('the platform admin signs in on localhost and lands in /superadmin, with its own menu', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.superAdmin);
    expect(pathOf(page)).toBe('/superadmin');
    await page.getByRole('heading', { name: 'Platform overview', level: 1 }).waitFor();

    let menu = await openUserMenu(page);
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['Home', 'My Profile', 'Sign Out']);
    expect(await menu.innerText()).toContain(ACCOUNTS.superAdmin.email);
    await menu.getByRole('menuitem', { name: 'My Profile' }).click();
    await page.waitForURL(appUrl('/profile'));
    await page.getByRole('heading', { name: 'Profile Settings', level: 1 }).waitFor();
    await page.getByTestId('profile-name').getByText('Platform Admin').waitFor();
    // A platform admin has no shop here, so no contact profile: the tab says why.
    await page.getByRole('tab', { name: 'Contact Profile' }).click();
    await page.getByText('A contact profile belongs to a shop').waitFor();

    // Home goes to /, which hands a signed-in person on to their area.
    menu = await openUserMenu(page);
    await menu.getByRole('menuitem', { name: 'Home' }).click();
    await page.waitForURL(appUrl('/superadmin'));

    // Without a shop at this address, the admin area sends a platform admin back to /superadmin
    // (issue 10 item 7; the details are in admin-shell.e2e.ts).
    await page.goto(appUrl('/admin'));
    await page.waitForURL(appUrl('/superadmin'));
  });

  it('a wrong password is refused inline, above the form, and the password is cleared', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await page.goto(appUrl('/auth', 'demo'));
    await submitSignIn(page, ACCOUNTS.owner.email, 'not-the-password');
    await signInAlert(page).getByText('Invalid email or password').waitFor();
    expect(pathOf(page)).toBe('/auth');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    expect(await readSession(page)).toBeNull();
  });

  it('checks the fields before asking the server, with the messages beside them', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await page.goto(appUrl('/auth', 'demo'));
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Enter a valid e-mail address').waitFor();
    await page.getByText('Enter your password').waitFor();
    const email = page.getByLabel('Email');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await email.evaluate((input) => input === document.activeElement)).toBe(true);
  });

  it('the password can be shown and hidden', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await page.goto(appUrl('/auth', 'demo'));
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret-value');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');
  });

  it("an Acme owner cannot sign in at Demo Duka's address, and learns nothing about her password there", async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await page.goto(appUrl('/auth', 'demo'));
    await submitSignIn(page, ACCOUNTS.acmeOwner.email, DEMO_PASSWORD);
    await signInAlert(page).getByText('Invalid email or password').waitFor();
    expect(pathOf(page)).toBe('/auth');
  });

  it('the Acme owner signs in at Acme and lands in /admin', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.acmeOwner);
    await page.getByText('You are signed in to Acme Hardware as Business Owner.').waitFor();
  });

  it('too many failed attempts show the wait and hold the button', async () => {
    const clientAddress = newClientAddress();
    const page = await session.openPage({ cookieConsent: 'accepted', clientAddress });
    await page.goto(appUrl('/auth', 'demo'));
    // Ten failures for one account from one network use up its window (server rate limits).
    await page.evaluate(async (email) => {
      for (let attempt = 0; attempt < 10; attempt += 1) {
        await fetch('/api/auth/sign-in', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-application-name': 'dukani' },
          body: JSON.stringify({ email, password: `wrong-${attempt}` }),
        });
      }
    }, ACCOUNTS.manager.email);
    await submitSignIn(page, ACCOUNTS.manager.email, DEMO_PASSWORD);
    await signInAlert(page).getByText(/Too many sign-in attempts for this account\. Please try again in \d+ seconds\./).waitFor();
    const button = page.getByRole('button', { name: /^Try again in \d+ min$/ });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
  });
});

describe('guards', () => {
  it('a guarded page while signed out goes to /auth keeping the way back, and returns there after sign-in', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await page.goto(appUrl('/admin/dashboard', 'demo'));
    await page.waitForURL(appUrl('/auth?from=%2Fadmin%2Fdashboard', 'demo'));
    await submitSignIn(page, ACCOUNTS.owner.email, DEMO_PASSWORD);
    await page.waitForURL(appUrl('/admin/dashboard', 'demo'));
    await page.getByRole('heading', { name: `Welcome, ${ACCOUNTS.owner.fullName}` }).waitFor();
  });

  it('/profile and /superadmin are guarded too', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await page.goto(appUrl('/profile'));
    await page.waitForURL(appUrl('/auth?from=%2Fprofile'));
    await page.goto(appUrl('/superadmin'));
    await page.waitForURL(appUrl('/auth?from=%2Fsuperadmin'));
  });

  it('a signed-in person opening /auth or / goes to their area; a shop admin is kept out of /superadmin', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.owner);
    await page.goto(appUrl('/auth', 'demo'));
    await page.waitForURL(appUrl('/admin', 'demo'));
    await page.goto(appUrl('/', 'demo'));
    await page.waitForURL(appUrl('/admin', 'demo'));
    await page.goto(appUrl('/superadmin', 'demo'));
    await page.waitForURL(appUrl('/admin', 'demo'));
    await page.getByRole('heading', { name: `Welcome, ${ACCOUNTS.owner.fullName}` }).waitFor();
  });

  it('unknown admin paths land on the dashboard', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.owner);
    await page.goto(appUrl('/admin/nowhere', 'demo'));
    await page.waitForURL(appUrl('/admin/dashboard', 'demo'));
  });

  it('Sign Out ends the session and returns to /auth; the guarded page stays closed', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.owner);
    const menu = await openUserMenu(page);
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['Profile Settings', 'Home', 'Sign Out']);
    expect(await menu.innerText()).toContain(ACCOUNTS.owner.fullName);
    await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL(appUrl('/auth', 'demo'));
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    expect(await readSession(page)).toBeNull();

    await page.goto(appUrl('/admin', 'demo'));
    await page.waitForURL(appUrl('/auth?from=%2Fadmin', 'demo'));
  });
});

describe('public auth pages', () => {
  it('/auth/callback without a known link says so', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await page.goto(appUrl('/auth/callback', 'demo'));
    await page.getByRole('heading', { name: 'Link not recognised' }).waitFor();
    await page.getByText('This link is incomplete').waitFor();
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await page.waitForURL(appUrl('/auth', 'demo'));
  });

  it('an e-mail change link that is invalid shows the server message', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await page.goto(appUrl('/auth/callback?type=email_change&token=not-a-real-token', 'demo'));
    await page.getByRole('heading', { name: 'E-mail address not changed' }).waitFor();
    await page.getByText('This link is invalid or has expired. Ask for a new one.').waitFor();
  });

  it('a reset link without a token, or with a bad one, says it is invalid', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await page.goto(appUrl('/reset-password', 'acme'));
    await page.getByText('This link is invalid or has expired. Ask for a new one.').waitFor();

    await page.goto(appUrl('/reset-password?token=bogus', 'acme'));
    await page.getByLabel('New password', { exact: true }).fill('Brand-New-Pass-1');
    await page.getByLabel('Confirm new password').fill('Brand-New-Pass-1');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('This link is invalid or has expired. Ask for a new one.').waitFor();
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await page.waitForURL(appUrl('/forgot-password', 'acme'));
  });

  // Last: changes the Acme owner's password for good (no later test in this file signs in as her).
  it('forgot password → link from the outbox → reset → sign in with the new password', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await page.goto(appUrl('/auth', 'acme'));
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(appUrl('/forgot-password', 'acme'));

    const requestedAt = new Date(Date.now() - 1_000).toISOString();
    await page.getByLabel('Email').fill(ACCOUNTS.acmeOwner.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').getByText('If that address has an account, a reset link is on its way.').waitFor();

    const mail = await waitForMail(ACCOUNTS.acmeOwner.email, 'password_reset', requestedAt);
    expect(mail.subject).toBe('Reset your Dukani password');
    const link = linkIn(mail, '/reset-password');
    expect(new URL(link).host).toBe(new URL(appUrl('/', 'acme')).host);

    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    const newPassword = ACME_RESET_PASSWORD;
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    expect(await page.getByRole('meter', { name: 'Password strength' }).getAttribute('aria-valuetext')).toBe('Strong');
    await page.getByLabel('Confirm new password').fill('Acme-Reset-2026?');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Please make sure both passwords are identical').waitFor();
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('status').getByText('Your password has been reset. Sign in with the new password.').waitFor();

    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await page.waitForURL(appUrl('/auth', 'acme'));
    await submitSignIn(page, ACCOUNTS.acmeOwner.email, DEMO_PASSWORD);
    await signInAlert(page).getByText('Invalid email or password').waitFor();
    await submitSignIn(page, ACCOUNTS.acmeOwner.email, newPassword);
    await page.waitForURL(appUrl('/admin', 'acme'));

    // The same e-mail, as the development mailbox shows it: to a platform admin only, when the
    // browser is not on this machine (each test context names its own remote address).
    await page.goto(appUrl('/dev/mailbox', 'acme'));
    await page.getByRole('alert').getByText('The development mailbox opens only on the machine running Dukani, or for a platform admin.').waitFor();
    await signInThroughForm(page, ACCOUNTS.superAdmin);
    await page.goto(appUrl('/dev/mailbox'));
    await page.getByRole('heading', { name: /Development mailbox/, level: 1 }).waitFor();
    await page.getByText('Local development only').waitFor();
    await page.getByLabel('Filter by address').fill(ACCOUNTS.acmeOwner.email);
    await page.getByRole('button', { name: 'Filter' }).click();
    const messages = page.getByRole('list', { name: 'Messages' });
    await messages.getByText('Reset your Dukani password').first().waitFor();
    expect(await page.getByTestId('message-text').innerText()).toContain('/reset-password?token=');
    const frame = page.frameLocator('iframe[title^="HTML of"]');
    await frame.getByRole('link', { name: 'Choose a new password' }).waitFor();
  });
});
