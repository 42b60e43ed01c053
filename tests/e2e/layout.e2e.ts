import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appUrl, useBrowser } from './support/browser';
import { measureHorizontalOverflow } from './support/page-helpers';

const session = useBrowser();
const artifactsDir = fileURLToPath(new URL('./artifacts/', import.meta.url));

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true },
  { name: 'till', viewport: { width: 1366, height: 768 }, isMobile: false, hasTouch: false },
] as const;

async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, viewportWidth } = await measureHorizontalOverflow(page);
  expect(scrollWidth).toBeLessThanOrEqual(viewportWidth);
}

beforeAll(() => {
  mkdirSync(artifactsDir, { recursive: true });
});

describe.each(VIEWPORTS)('layout on a $viewport.width×$viewport.height screen', ({ name, ...device }) => {
  it('/auth fits, with the cookie notice open', async () => {
    const page = await session.openPage(device);
    await page.goto(appUrl('/auth', 'demo'));
    await page.getByRole('heading', { name: 'Demo Duka', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Cookies on Dukani' }).waitFor();
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${artifactsDir}auth-${name}.png` });

    await page.getByRole('button', { name: 'Details' }).click();
    await page.getByRole('region', { name: 'Essential cookies' }).waitFor();
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${artifactsDir}cookie-details-${name}.png` });
  });

  it('/auth fits without the notice, in the dark theme', async () => {
    const page = await session.openPage({ ...device, cookieConsent: 'accepted', colorScheme: 'dark' });
    await page.goto(appUrl('/auth', 'acme'));
    await page.getByRole('heading', { name: 'Acme Hardware', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${artifactsDir}auth-dark-${name}.png` });
  });

  it('/privacy fits', async () => {
    const page = await session.openPage({ ...device, cookieConsent: 'accepted' });
    await page.goto(appUrl('/privacy'));
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${artifactsDir}privacy-${name}.png` });
    await page.getByRole('heading', { name: '3. Cookies and browser storage' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${artifactsDir}privacy-cookies-${name}.png` });
  });

  it('the error page fits', async () => {
    const page = await session.openPage({ ...device, cookieConsent: 'accepted' });
    await page.goto(appUrl('/dev/crash'));
    await page.getByRole('button', { name: 'Throw a render error' }).click();
    await page.getByRole('heading', { name: 'Something went wrong', level: 1 }).waitFor();
    await page.getByText('Component stack', { exact: true }).click();
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${artifactsDir}error-page-${name}.png`, fullPage: true });
  });
});

describe('theme toggle', () => {
  it('switches to dark and remembers it', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted', colorScheme: 'light' });
    await page.goto(appUrl('/auth'));
    await page.getByRole('heading', { name: 'Dukani', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);

    await page.getByRole('button', { name: /^Theme/ }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    expect(await page.evaluate(() => localStorage.getItem('dukani.theme'))).toBe('dark');

    await page.reload();
    // Applied by theme-init.js before the app renders.
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
  });
});
