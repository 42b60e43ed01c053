import type { Response } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, signInThroughForm } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';

// Issue 12, checked in the browser: the sign-in page fetches none of the areas, and an area's
// chunk arrives when it is opened. (The size of the first download is measured on the build
// manifest, by npm run bench -- web and scripts/web/bundle-size.test.ts: in the browser the
// chunks that come just after the page, such as the menus and Sonner, cannot be told apart.)
const session = useBrowser();

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

/** The paths of the scripts a page fetched. */
const scriptPaths = (responses: Response[]) =>
  responses.map((response) => new URL(response.url()).pathname).filter((path) => path.endsWith('.js'));

describe('what a page downloads', () => {
  it('/auth fetches none of the areas', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    await page.goto(appUrl('/auth', 'demo'));
    await page.locator('input[name="email"]').waitFor();
    await page.waitForLoadState('networkidle');
    const paths = scriptPaths(responses);
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter((path) => /admin-screens|product-list-screens|products-screens|inventory-screens|settings-screens|labels-screen/.test(path))).toEqual([]);
  });

  it('the products area arrives with its own chunk when a signed-in person opens it', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.manager);
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products' }).click();
    await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
    expect(scriptPaths(responses).some((path) => path.includes('product-list-screens'))).toBe(true);
  });
});
