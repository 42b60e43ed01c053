import type { Locator, Page } from 'playwright-core';

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

/** Every API answer of 401, 402 or 403 the page receives: requests the person's role or plan cannot make. */
export function collectRefusals(page: Page): string[] {
  const refusals: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') && [401, 402, 403].includes(response.status())) {
      refusals.push(`${response.status()} ${response.request().method()} ${url.pathname}${url.search}`);
    }
  });
  return refusals;
}

/** The links' texts, trimmed, in order. */
export const linkTexts = async (links: Locator) => (await links.allInnerTexts()).map((text) => text.trim());
/** The links' addresses, in order. */
export const linkTargets = (links: Locator) => links.evaluateAll((elements) => elements.map((element) => element.getAttribute('href') ?? ''));

/** "KSh 1,234.50" → 123450; "−KSh 20.00" → −2000. */
export function minorOf(text: string): number {
  const match = /^(−|-)?\s*KSh\s*([\d,]+)\.(\d{2})$/.exec(text.trim());
  if (!match) throw new Error(`${JSON.stringify(text)} is not an amount`);
  const minor = Number(match[2]!.replace(/,/g, '')) * 100 + Number(match[3]);
  return match[1] ? -minor : minor;
}

/**
 * The amount an element shows, in minor units. Figures can paint before the shop's settings bring
 * the currency symbol, so this waits for the symbol rather than reading a bare number.
 */
export async function shownAmount(element: Locator): Promise<number> {
  await element.page().waitForFunction((node) => node?.textContent?.includes('KSh') ?? false, await element.elementHandle(), { polling: 50 });
  return minorOf(await element.innerText());
}
