import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, useBrowser } from './support/browser';
import { readLocalStorage } from './support/page-helpers';

const session = useBrowser();

const RENDER_ERROR_MESSAGE = 'Render error thrown on purpose by the error boundary check';
const MAX_RETRIES_TEXT =
  'Maximum retries reached: Please try refreshing the page or contact support if the issue persists.';

const fallbackHeading = (page: Page) => page.getByRole('heading', { name: 'Something went wrong', level: 1 });
const checkHeading = (page: Page) => page.getByRole('heading', { name: 'Error boundary check' });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function openCrashPage() {
  const page = await session.openPage({ cookieConsent: 'accepted' });
  await page.goto(appUrl('/dev/crash'));
  await checkHeading(page).waitFor();
  return page;
}

/** Throws the render error and returns when the fallback page shows. */
async function crash(page: Page) {
  await button(page, 'Throw a render error').click();
  await fallbackHeading(page).waitFor();
}

async function storedHistory(page: Page): Promise<{ message: string; occurredAt: string }[]> {
  return JSON.parse((await readLocalStorage(page, 'dukani.errorHistory')) ?? '[]');
}

describe('error boundary fallback page', () => {
  it('shows the message, component stack and recent errors, and reports the error to the server', async () => {
    const page = await openCrashPage();
    const reported = page.waitForRequest((request) => request.url().endsWith('/api/client-errors') && request.method() === 'POST');
    await crash(page);
    const report = (await reported).postDataJSON() as { message: string; source: string; componentStack?: string };
    expect(report).toMatchObject({ message: RENDER_ERROR_MESSAGE, source: 'render' });
    expect(report.componentStack).toMatch(/\bat \S+/);

    await page
      .getByText("An unexpected error occurred. We've logged this issue and our team has been notified.")
      .waitFor();
    expect(await page.getByTestId('error-message').innerText()).toBe(RENDER_ERROR_MESSAGE);

    const stack = page.getByTestId('component-stack');
    expect(await stack.isVisible()).toBe(false);
    await page.getByText('Component stack', { exact: true }).click();
    await stack.waitFor({ state: 'visible' });
    expect(await stack.innerText()).toMatch(/\bat \S+/);

    const recent = page.getByTestId('recent-errors').getByRole('listitem');
    expect(await recent.count()).toBe(1);
    expect(await recent.first().innerText()).toContain(RENDER_ERROR_MESSAGE);
    expect(await recent.first().locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('gates Try Again: not within 1 s of the error, at most 3 times', async () => {
    const page = await openCrashPage();
    await crash(page);
    const tryAgain = button(page, 'Try Again');

    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const shownAt = Date.now();
      expect(await tryAgain.isDisabled()).toBe(true);
      // click() waits for the button to be enabled, which it is once the second has passed.
      await tryAgain.click();
      expect(Date.now() - shownAt).toBeGreaterThanOrEqual(800);
      // The crash is still armed, so the re-render throws again.
      await page.getByText(`${attempt} of 3 retries used`).waitFor();
    }

    await page.getByText(MAX_RETRIES_TEXT).waitFor();
    expect(await tryAgain.isDisabled()).toBe(true);
    await page.waitForTimeout(1_100); // past the cooldown: still disabled, for good
    expect(await tryAgain.isDisabled()).toBe(true);
    expect(await storedHistory(page)).toHaveLength(4);
  });

  it('Reset Component recovers and clears the retry count', async () => {
    const page = await openCrashPage();
    await crash(page);
    await button(page, 'Reset Component').click();
    await checkHeading(page).waitFor();
    expect(await fallbackHeading(page).count()).toBe(0);

    await crash(page);
    await page.getByText('0 of 3 retries used').waitFor();
  });

  it('keeps at most 5 errors, shows the last 3, and Clear History empties it', async () => {
    const page = await openCrashPage();
    for (let n = 0; n < 6; n += 1) {
      await crash(page);
      await button(page, 'Reset Component').click();
      await checkHeading(page).waitFor();
    }
    await crash(page);
    expect(await storedHistory(page)).toHaveLength(5);
    const recent = page.getByTestId('recent-errors').getByRole('listitem');
    expect(await recent.count()).toBe(3);

    // The history survives a reload.
    await page.reload();
    await checkHeading(page).waitFor();
    await crash(page);
    expect(await storedHistory(page)).toHaveLength(5);

    await button(page, 'Clear History').click();
    await page.getByText('No recent errors.').waitFor();
    expect(await readLocalStorage(page, 'dukani.errorHistory')).toBeNull();
    expect(await button(page, 'Clear History').isDisabled()).toBe(true);
  });

  it('records uncaught errors but not browser-extension noise', async () => {
    const page = await openCrashPage();
    await page.evaluate(() => {
      const fromExtension = new Error('injected widget failed');
      fromExtension.stack = 'Error: injected widget failed\n    at chrome-extension://abcdef/content.js:1:1';
      window.dispatchEvent(
        new ErrorEvent('error', {
          message: fromExtension.message,
          error: fromExtension,
          filename: 'chrome-extension://abcdef/content.js',
        }),
      );
      window.dispatchEvent(new ErrorEvent('error', { message: 'ResizeObserver loop limit exceeded' }));
      window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
      window.dispatchEvent(
        new ErrorEvent('error', { message: 'Till drawer failed', error: new Error('Till drawer failed') }),
      );
    });
    await page.evaluate(() => {
      void Promise.reject('Extension context invalidated.');
      void Promise.reject(new Error('Receipt printer offline'));
    });
    await page.waitForFunction(() => (localStorage.getItem('dukani.errorHistory') ?? '').includes('Receipt printer'));

    const messages = (await storedHistory(page)).map((entry) => entry.message);
    expect(messages).toEqual(['Receipt printer offline', 'Till drawer failed']);
  });

  it('Go Home lands on /auth through the / redirect', async () => {
    const page = await openCrashPage();
    await crash(page);
    await button(page, 'Go Home').click();
    await page.waitForURL(appUrl('/auth'));
    await page.getByRole('heading', { name: 'Dukani', level: 1 }).waitFor();
  });

  it('Go Back returns to the previous page', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await page.goto(appUrl('/terms'));
    await page.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
    await page.goto(appUrl('/dev/crash'));
    await crash(page);
    await button(page, 'Go Back').click();
    await page.waitForURL(appUrl('/terms'));
    await page.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
  });
});
