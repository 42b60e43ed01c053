import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, useBrowser } from './support/browser';
import { readLocalStorage, waitUntilPageTime } from './support/page-helpers';

const session = useBrowser();

const noticeOf = (page: Page) => page.getByRole('region', { name: 'Cookies on Dukani' });

async function openSignIn(subdomain?: string) {
  const page = await session.openPage();
  await page.goto(appUrl('/auth', subdomain));
  await page.getByRole('heading', { level: 1 }).waitFor();
  return page;
}

describe('cookie notice', () => {
  it('appears 1 second after load, not before', async () => {
    const page = await session.openPage();
    // Records, on the page's own clock, when the notice is added to the document.
    await page.addInitScript(() => {
      new MutationObserver((_changes, observer) => {
        if (document.querySelector('[data-testid="cookie-notice"]')) {
          (window as unknown as { noticeShownAt: number }).noticeShownAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(appUrl('/auth'));
    await page.getByRole('heading', { name: 'Dukani', level: 1 }).waitFor();
    const notice = noticeOf(page);
    expect(await notice.isVisible()).toBe(false);

    await waitUntilPageTime(page, 500);
    expect(await notice.isVisible()).toBe(false);

    await notice.waitFor({ state: 'visible' });
    const shownAt = await page.evaluate(() => (window as unknown as { noticeShownAt: number }).noticeShownAt);
    expect(shownAt).toBeGreaterThanOrEqual(900);
    expect(shownAt).toBeLessThan(5_000);
  });

  it('Accept All stores "accepted" and the notice does not return after a reload', async () => {
    const page = await openSignIn();
    await noticeOf(page).getByRole('button', { name: 'Accept All' }).click();
    await noticeOf(page).waitFor({ state: 'detached' });
    expect(await readLocalStorage(page, 'cookie-consent')).toBe('accepted');

    await page.reload();
    await page.getByRole('heading', { name: 'Dukani', level: 1 }).waitFor();
    await waitUntilPageTime(page, 1_500);
    expect(await noticeOf(page).count()).toBe(0);
  });

  it('Decline stores "declined" and drops functional storage, keeping the essential tenant context', async () => {
    const page = await openSignIn('demo');
    expect(await page.evaluate(() => sessionStorage.getItem('dukani.tenantName'))).toBe('Demo Duka');
    await page.evaluate(() => localStorage.setItem('dukani.theme', 'dark'));

    await noticeOf(page).getByRole('button', { name: 'Decline' }).click();
    await noticeOf(page).waitFor({ state: 'detached' });
    expect(await readLocalStorage(page, 'cookie-consent')).toBe('declined');
    expect(await readLocalStorage(page, 'dukani.theme')).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('dukani.tenantName'))).toBe('Demo Duka');

    await page.reload();
    await page.getByRole('heading', { name: 'Demo Duka', level: 1 }).waitFor();
    await waitUntilPageTime(page, 1_500);
    expect(await noticeOf(page).count()).toBe(0);
    expect(await page.evaluate(() => sessionStorage.getItem('dukani.tenantName'))).toBe('Demo Duka');
  });

  it('Details lists the essential and functional cookies, and hides them again', async () => {
    const page = await openSignIn();
    const notice = noticeOf(page);
    const details = notice.getByRole('button', { name: 'Details' });
    await details.click();
    expect(await details.getAttribute('aria-expanded')).toBe('true');

    const essential = notice.getByRole('region', { name: 'Essential cookies' });
    const functional = notice.getByRole('region', { name: 'Functional cookies' });
    await essential.waitFor();
    const essentialText = await essential.innerText();
    expect(essentialText).toContain('dukani.session_token');
    expect(essentialText).toContain('dukani.tenantId');
    expect(essentialText).toContain('sidebar_state');
    expect(essentialText).toContain('7 days');
    expect(essentialText).toContain('cookie-consent');
    const functionalText = await functional.innerText();
    expect(functionalText).toContain('dukani.theme');

    await details.click();
    await essential.waitFor({ state: 'detached' });
    expect(await details.getAttribute('aria-expanded')).toBe('false');
  });

  it('the close icon counts as accepting', async () => {
    const page = await openSignIn();
    await noticeOf(page).getByRole('button', { name: 'Close' }).click();
    await noticeOf(page).waitFor({ state: 'detached' });
    expect(await readLocalStorage(page, 'cookie-consent')).toBe('accepted');
  });

  it('links to the privacy policy and the terms', async () => {
    const page = await openSignIn();
    await noticeOf(page).getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL(appUrl('/privacy'));
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();

    // No choice made yet, so the notice is still offered on the legal pages.
    await noticeOf(page).getByRole('link', { name: 'Terms of Service' }).click();
    await page.waitForURL(appUrl('/terms'));
    await page.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
    expect(await readLocalStorage(page, 'cookie-consent')).toBeNull();
  });

  it('can be used with the keyboard alone', async () => {
    const page = await openSignIn();
    const accept = noticeOf(page).getByRole('button', { name: 'Accept All' });
    await accept.waitFor();
    for (let presses = 0; presses < 20; presses += 1) {
      await page.keyboard.press('Tab');
      if (await accept.evaluate((element) => element === document.activeElement)) break;
    }
    expect(await accept.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await noticeOf(page).waitFor({ state: 'detached' });
    expect(await readLocalStorage(page, 'cookie-consent')).toBe('accepted');
  });
});
