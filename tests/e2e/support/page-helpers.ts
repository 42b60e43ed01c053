import type { Page } from 'playwright-core';

/** Waits until `ms` have passed since the page's navigation started (the page's own clock). */
export async function waitUntilPageTime(page: Page, ms: number) {
  await page.waitForFunction((target) => performance.now() >= target, ms, { polling: 20 });
}

export async function readLocalStorage(page: Page, key: string): Promise<string | null> {
  return page.evaluate((storageKey) => window.localStorage.getItem(storageKey), key);
}

/**
 * The page's width beside the window's, to assert nothing is wider than the viewport (no sideways
 * scrolling on phones). The layout viewport's width, not window.innerWidth: a phone browser zooms
 * out to show a page that overflows, and innerWidth then grows to the page's width.
 */
export async function measureHorizontalOverflow(page: Page) {
  return page.evaluate(() => ({
    scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
    viewportWidth: document.documentElement.clientWidth,
  }));
}

/** A same-origin API call from the signed-in page (its session cookie); throws on an error status. */
export async function callApi<Result>(page: Page, method: string, path: string, body?: unknown): Promise<Result> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() };
      const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as Result;
    },
    { method, path, body },
  );
}
