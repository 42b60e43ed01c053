import type { Page } from 'playwright-core';

/** Waits until `ms` have passed since the page's navigation started (the page's own clock). */
export async function waitUntilPageTime(page: Page, ms: number) {
  await page.waitForFunction((target) => performance.now() >= target, ms, { polling: 20 });
}

export async function readLocalStorage(page: Page, key: string): Promise<string | null> {
  return page.evaluate((storageKey) => window.localStorage.getItem(storageKey), key);
}

/** Asserts nothing on the page is wider than the viewport (no sideways scrolling on phones). */
export async function measureHorizontalOverflow(page: Page) {
  return page.evaluate(() => ({
    scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
    viewportWidth: window.innerWidth,
  }));
}
