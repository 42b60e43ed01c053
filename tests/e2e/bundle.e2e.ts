import { gzipSync } from 'node:zlib';
import type { Response } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, signInThroughForm } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';

// Issue 12, checked in the browser: what Chromium really fetches for the sign-in page is only the
// first download and the sign-in catalogs (the areas come later), and stays under the guard that
// scripts/web/bundle-size.test.ts applies to the build manifest.
const session = useBrowser();
const AUTH_GUARD_BYTES = 170 * 1024;

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

/** The scripts a page fetched, with their gzipped size (as served with gzip -9). */
function recordScripts(responses: Response[]) {
  return Promise.all(
    responses
      .filter((response) => new URL(response.url()).pathname.endsWith('.js'))
      .map(async (response) => ({ path: new URL(response.url()).pathname, gzipBytes: gzipSync(await response.body(), { level: 9 }).length })),
  );
}

describe('what a page downloads', () => {
  it('/auth fetches none of the admin areas, and less than the guard of gzipped JavaScript', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    await page.goto(appUrl('/auth', 'demo'));
    await page.locator('input[name="email"]').waitFor();
    await page.waitForLoadState('networkidle');
    const scripts = await recordScripts(responses);
    const paths = scripts.map((script) => script.path);
    expect(paths.some((path) => /admin-screens|product-list-screens|products-screens|inventory-screens|settings-screens|labels-screen/.test(path))).toBe(false);
    expect(scripts.reduce((sum, script) => sum + script.gzipBytes, 0)).toBeLessThanOrEqual(AUTH_GUARD_BYTES);
  });

  it('the products area arrives with its own chunk when a signed-in person opens it', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.manager);
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products' }).click();
    await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
    const paths = (await recordScripts(responses)).map((script) => script.path);
    expect(paths.some((path) => path.includes('product-list-screens'))).toBe(true);
  });
});
