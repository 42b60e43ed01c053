import { afterEach, describe, expect, it } from 'vitest';
import { appUrl, useBrowser } from './support/browser';

const session = useBrowser();

// These pages must load cleanly: no uncaught errors, no React warnings.
afterEach(() => {
  expect(session.pageErrors).toEqual([]);
  expect(session.consoleErrors).toEqual([]);
});

describe('routes', () => {
  it('redirects / to /auth, replacing the history entry', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await page.goto(appUrl('/privacy'));
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    await page.goto(appUrl('/'));
    await page.waitForURL(appUrl('/auth'));
    await page.getByRole('heading', { name: 'Dukani' }).waitFor();

    // A replaced entry means Back skips "/" and returns to the page before it.
    await page.goBack();
    await page.waitForURL(appUrl('/privacy'));
  });

  it('redirects an unknown path to /auth', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await page.goto(appUrl('/no/such/page?x=1'));
    await page.waitForURL(appUrl('/auth'));
    await page.getByRole('heading', { name: 'Dukani' }).waitFor();
  });

  it.each([
    ['demo', 'Demo Duka'],
    ['acme', 'Acme Hardware'],
  ])('shows the tenant on %s.localhost/auth', async (subdomain, name) => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await page.goto(appUrl('/auth', subdomain));
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    // The demo tenants have no logo of their own, so the Dukani logo stands in.
    expect(await page.getByRole('img', { name: 'Dukani logo' }).getAttribute('src')).toBe('/dukani-logo.svg');
    const form = page.getByRole('form', { name: 'Sign in' });
    expect(await form.getByLabel('Email').isVisible()).toBe(true);
    expect(await form.getByRole('button', { name: 'Sign In' }).isVisible()).toBe(true);
    expect(await page.getByText('Staff sign-in').isVisible()).toBe(true);
    expect(await page.title()).toBe(`Sign in · ${name}`);
  });

  it('shows the product name on localhost, where tenantless sign-in is allowed', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await page.goto(appUrl('/auth'));
    await page.getByRole('heading', { name: 'Dukani', level: 1 }).waitFor();
    expect(await page.getByRole('form', { name: 'Sign in' }).isVisible()).toBe(true);
    expect(await page.getByText('This address does not belong to a shop').count()).toBe(0);
  });

  it.each([
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
  ])('%s renders its heading, sections and a way back', async (path, title) => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await page.goto(appUrl(path));
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(8);
    expect(await page.title()).toBe(`${title} · Dukani`);
    await page.getByRole('link', { name: 'Back to sign-in' }).click();
    await page.waitForURL(appUrl('/auth'));
  });

  it('the privacy policy covers cookies, retention, ownership and the Data Protection Act', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await page.goto(appUrl('/privacy'));
    const text = await page.getByRole('article').innerText();
    for (const phrase of ['sidebar_state', '7 days', 'cookie-consent', 'dukani.theme', 'dukani.tenantId']) {
      expect(text).toContain(phrase);
    }
    expect(text).toMatch(/Data Protection Act, 2019/);
    expect(text).toMatch(/Export/);
    expect(text).toMatch(/Deletion/);
    expect(text).toMatch(/privacy@dukani\.co\.ke/);
  });
});

describe('production-style hosts', () => {
  // Chromium maps the real domains to this machine, so the server sees the Host a visitor would send.
  const mapped = useBrowser({ hostResolverRules: 'MAP dukani.co.ke 127.0.0.1, MAP *.dukani.co.ke 127.0.0.1' });
  const onDomain = (path: string, host: string) => {
    const url = new URL(appUrl(path));
    url.hostname = host;
    return url.toString();
  };

  it('a tenant subdomain of the main domain shows that tenant', async () => {
    const page = await mapped.openPage({ cookieConsent: 'accepted' });
    await page.goto(onDomain('/auth', 'acme.dukani.co.ke'));
    await page.getByRole('heading', { name: 'Acme Hardware', level: 1 }).waitFor();
  });

  it('the main domain has no shop and says so', async () => {
    const page = await mapped.openPage({ cookieConsent: 'accepted' });
    await page.goto(onDomain('/auth', 'dukani.co.ke'));
    await page.getByRole('heading', { name: 'Dukani', level: 1 }).waitFor();
    await page.getByText('This address does not belong to a shop.').waitFor();
    // No form where nobody may sign in.
    expect(await page.getByRole('form', { name: 'Sign in' }).count()).toBe(0);
  });
});
