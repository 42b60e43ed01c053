import type { Page } from 'playwright-core';
import { ACCOUNTS, signInThroughForm } from './accounts';
import type { BrowserSession, OpenPageOptions } from './browser';

// The platform console's browser files (issue 21): their screens, the admin's sign-in, a figure's number.

export const DESKTOP = { viewport: { width: 1366, height: 768 }, cookieConsent: 'accepted' as const };
export const PHONE = { viewport: { width: 375, height: 667 }, cookieConsent: 'accepted' as const };

/** A new page signed in as the demo platform admin, on the overview. */
export async function signInAsPlatformAdmin(session: BrowserSession, options: OpenPageOptions) {
  const page = await session.openPage(options);
  await signInThroughForm(page, ACCOUNTS.superAdmin);
  await page.getByRole('heading', { name: 'Platform overview', level: 1 }).waitFor();
  return page;
}

/** The number a headline figure (console-parts' Figure) shows, its separators left out. */
export const numberIn = async (page: Page, testId: string) => Number((await page.getByTestId(testId).locator('p').first().innerText()).replace(/\D/g, ''));
