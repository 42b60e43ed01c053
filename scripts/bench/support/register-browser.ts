// The register in a real browser (issue 15): Debian's Chromium through playwright-core, as the
// browser suite launches it (tests/e2e/support/browser.ts), against the app's own server (the
// `npm start` entry, from source) serving a production build of the web app. Every figure is taken
// inside the page with performance.now(), so neither the DevTools protocol nor this process's
// scheduling is in it.
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../../server/db/seed';
import { launchChromium } from '../../../tests/e2e/support/browser';
import { buildWeb, REGISTER_ROUTE } from '../../web/bundle-size';
import { DEMO_SUBDOMAIN } from './bench-tenants';
import { BENCH_AUTH_SECRET, baseChildEnv, createTempDataDir, findFreePort, startChildServer, type ChildServer } from './child-server';
import { REPO_ROOT } from './paths';
import { BenchError } from './suite';

const AUTH_PATH = '/auth';
const CASHIER_EMAIL = 'cashier@demo.test';
/** A 1366×768 till, the register's design target. */
const TILL_VIEWPORT = { width: 1366, height: 768 };
/** What the register's search field is called (English; the bench browser asks for English). */
const REGISTER_SEARCH = 'input[type="search"][aria-label="Search products or a receipt"]';
const AUTH_EMAIL = 'input[type="email"]';
const CART_LINES = 'ul[aria-label="Cart lines"]';
const REGISTER_STORAGE_KEY = 'dukani-register-id';
const STEP_TIMEOUT_MS = 30_000;

/** A production build of the web app (NODE_ENV=production, precompressed), once per bench run. */
export async function buildRegisterWeb(): Promise<string> {
  const outDir = join(REPO_ROOT, 'dist/bench-register-web');
  await buildWeb(outDir);
  return outDir;
}

/**
 * The app as `npm start` runs it (server/main.ts: migrations, seed check, background jobs) serving
 * `webDistDir`, on PGlite in `dataDir` or on the PostgreSQL database `databaseUrl`.
 */
export async function startWebServer(options: { label: string; webDistDir: string; dataDir?: string; databaseUrl?: string }): Promise<ChildServer> {
  const port = await findFreePort();
  const dataDir = options.dataDir ?? createTempDataDir('web');
  return startChildServer({
    label: options.label,
    nodeArgs: ['--import', 'tsx', join(REPO_ROOT, 'server/main.ts')],
    env: {
      ...baseChildEnv(),
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      AUTH_SECRET: BENCH_AUTH_SECRET,
      LOG_LEVEL: 'error',
      WEB_DIST_DIR: options.webDistDir,
      DEMO_SALES_DAYS: '0',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl, SEED_DEMO: 'true' } : {}),
    },
    dataDir,
    port,
    isReadyLine: (line) => line.includes('Dukani is running on'),
  });
}

// ---------------------------------------------------------------- in the page

interface ReadyProbe {
  selector: string;
  /** The element must also have the focus (the register's search field: a scan lands there). */
  focused: boolean;
}

declare global {
  interface Window {
    /** performance.now() (ms since the navigation started) when the probe's element was first ready. */
    __benchReady?: Promise<number>;
  }
}

/** Runs in every document before its own scripts: resolves when the element is there, enabled (and focused). */
function installReadyProbe({ selector, focused }: ReadyProbe) {
  window.__benchReady = new Promise<number>((resolve) => {
    const check = () => {
      const element = document.querySelector<HTMLInputElement>(selector);
      if (!element || element.disabled || (focused && document.activeElement !== element)) return;
      observer.disconnect();
      document.removeEventListener('focusin', check, true);
      resolve(performance.now());
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { childList: true, subtree: true, attributes: true });
    document.addEventListener('focusin', check, true);
  });
}

/** Where a navigation's time went, from the page's own Navigation and Resource Timing entries (ms from its start). */
export interface ReadyBreakdown {
  readyMs: number;
  documentMs: number;
  domContentLoadedMs: number;
  /** When the last JavaScript file (entry and lazy chunks) had arrived. */
  scriptsMs: number;
  scriptFiles: number;
  /** Bytes on the wire (Content-Encoding as served), 0 from the HTTP cache. */
  scriptTransferBytes: number;
  /**
   * The JavaScript in waves: a file requested after every file of the wave before had arrived
   * starts a new wave (a lazy import the code asked for once it ran): each wave costs a round trip.
   */
  scriptWaves: { files: number; startMs: number; endMs: number; transferBytes: number }[];
  /** The API requests made before ready, in order: path, start, end. */
  api: { path: string; startMs: number; endMs: number }[];
}

async function readBreakdown(page: Page, readyMs: number): Promise<ReadyBreakdown> {
  return page.evaluate((ready) => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) => entry.startTime <= ready);
    const scripts = resources.filter((entry) => new URL(entry.name).pathname.endsWith('.js'));
    return {
      readyMs: ready,
      documentMs: navigation?.responseEnd ?? Number.NaN,
      domContentLoadedMs: navigation?.domContentLoadedEventEnd ?? Number.NaN,
      scriptsMs: Math.max(0, ...scripts.map((entry) => entry.responseEnd)),
      scriptFiles: scripts.length,
      scriptTransferBytes: scripts.reduce((sum, entry) => sum + entry.transferSize, 0),
      scriptWaves: [...scripts]
        .sort((a, b) => a.startTime - b.startTime)
        .reduce<{ files: number; startMs: number; endMs: number; transferBytes: number }[]>((waves, entry) => {
          const last = waves.at(-1);
          if (last && entry.startTime <= last.endMs) {
            last.files += 1;
            last.endMs = Math.max(last.endMs, entry.responseEnd);
            last.transferBytes += entry.transferSize;
          } else waves.push({ files: 1, startMs: entry.startTime, endMs: entry.responseEnd, transferBytes: entry.transferSize });
          return waves;
        }, []),
      api: resources
        .filter((entry) => new URL(entry.name).pathname.startsWith('/api/'))
        .map((entry) => ({ path: new URL(entry.name).pathname + new URL(entry.name).search, startMs: entry.startTime, endMs: entry.responseEnd }))
        .sort((a, b) => a.startMs - b.startMs),
    };
  }, readyMs);
}

/** Navigates (or reloads) and waits for the probe; the breakdown of that navigation. */
async function timeNavigation(page: Page, url: string | null): Promise<ReadyBreakdown> {
  if (url) await page.goto(url, { waitUntil: 'commit', timeout: STEP_TIMEOUT_MS });
  else await page.reload({ waitUntil: 'commit', timeout: STEP_TIMEOUT_MS });
  const readyMs = await page.evaluate(
    (timeoutMs) =>
      Promise.race([window.__benchReady!, new Promise<number>((_, reject) => setTimeout(() => reject(new Error(`not ready within ${timeoutMs} ms`)), timeoutMs))]),
    STEP_TIMEOUT_MS,
  );
  return readBreakdown(page, readyMs);
}

/** One scan's time, and where it went (ms). */
export interface ScanTiming {
  /** First keydown → the frame that shows the new cart line. */
  totalMs: number;
  /** First keydown → the lookup request sent (the scanner detector, the query queue). */
  beforeRequestMs: number;
  /** GET /api/register/items?code=… on the wire and in the server (Resource Timing). */
  requestMs: number;
  /** Response received → the line in the page (parsing, the cart, React's render). */
  renderMs: number;
  /** The line in the page → the frame that paints it. */
  frameMs: number;
}

/**
 * Scans each code as a USB scanner types it (every key and Enter within a millisecond, dispatched
 * where the focus is, as tests/e2e/register.e2e.ts does) and times it from the first keydown to
 * the frame that shows the new cart line. The codes must be of different products, so each adds a line.
 */
async function timeScans(page: Page, codes: string[]): Promise<ScanTiming[]> {
  return page.evaluate(
    async ({ codes, linesSelector, timeoutMs }) => {
      performance.setResourceTimingBufferSize(10_000);
      const lineCount = () => document.querySelector(linesSelector)?.children.length ?? 0;
      const timings: ScanTiming[] = [];
      for (const code of codes) {
        const before = lineCount();
        const target = document.activeElement ?? document.body;
        const started = performance.now();
        for (const key of [...code, 'Enter']) target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
        const { inPage, painted } = await new Promise<{ inPage: number; painted: number }>((resolve, reject) => {
          const timer = setTimeout(() => {
            observer.disconnect();
            const alert = document.querySelector('[role="alert"]')?.textContent ?? 'no message';
            reject(new Error(`the scan of ${code} added no cart line within ${timeoutMs} ms (${alert})`));
          }, timeoutMs);
          const check = () => {
            if (lineCount() <= before) return;
            const inPage = performance.now();
            observer.disconnect();
            clearTimeout(timer);
            // The next frame paints the line.
            requestAnimationFrame(() => resolve({ inPage, painted: performance.now() }));
          };
          const observer = new MutationObserver(check);
          observer.observe(document.body, { childList: true, subtree: true });
          check();
        });
        const request = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find(
          (entry) => entry.startTime >= started && entry.name.includes('/api/register/items') && entry.name.includes(code),
        );
        timings.push({
          totalMs: painted - started,
          beforeRequestMs: request ? request.startTime - started : Number.NaN,
          requestMs: request ? request.responseEnd - request.startTime : Number.NaN,
          renderMs: request ? inPage - request.responseEnd : Number.NaN,
          frameMs: painted - inPage,
        });
      }
      return timings;
    },
    { codes, linesSelector: CART_LINES, timeoutMs: STEP_TIMEOUT_MS },
  );
}

/** The register's barcode lookup alone (GET /api/register/items?code=…), timed from the page with fetch. */
async function timeLookups(page: Page, codes: string[]): Promise<number[]> {
  return page.evaluate(
    async ({ codes, storageKey }) => {
      const registerId = localStorage.getItem(storageKey) ?? '';
      const durations: number[] = [];
      for (const code of codes) {
        const started = performance.now();
        const response = await fetch(`/api/register/items?${new URLSearchParams({ registerId, code }).toString()}`, { headers: { accept: 'application/json' } });
        const body = (await response.json()) as { items?: unknown[] };
        durations.push(performance.now() - started);
        if (!response.ok || body.items?.length !== 1) throw new Error(`GET /api/register/items?code=${code} answered ${response.status} with ${body.items?.length ?? 0} items`);
      }
      return durations;
    },
    { codes, storageKey: REGISTER_STORAGE_KEY },
  );
}

// ---------------------------------------------------------------- the run

/**
 * A browser context for a till. tsx compiles this file keeping function names (esbuild's
 * keepNames), which wraps the functions passed into the page in a `__name` helper the page lacks.
 */
async function newTillContext(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: TILL_VIEWPORT, locale: 'en-GB', ...options });
  await context.addInitScript({ content: 'globalThis.__name = (target) => target;' });
  return context;
}

export interface RegisterBrowserSettings {
  /** Cold navigations to the register (and to /auth): each in a new browser context, empty cache. */
  navigations: number;
  /** Scans per navigation (a basket): the cart is emptied by the next navigation. */
  scansPerNavigation: number;
  /** Barcodes are picked among the generated products 1…products (support/catalog-dataset.ts). */
  products: number;
  barcodeOf(index: number): string;
}

export interface RegisterBrowserFigures {
  chromiumVersion: string;
  register: { cold: ReadyBreakdown[]; warm: ReadyBreakdown[] };
  auth: { cold: ReadyBreakdown[]; warm: ReadyBreakdown[] };
  scans: ScanTiming[];
  lookupsMs: number[];
  registerName: string;
}

/** `count` different generated products' barcodes. */
function randomCodes(settings: RegisterBrowserSettings, count: number): string[] {
  const indexes = new Set<number>();
  while (indexes.size < Math.min(count, settings.products)) indexes.add(1 + Math.floor(Math.random() * settings.products));
  return [...indexes].map((index) => settings.barcodeOf(index));
}

/**
 * Signs the demo cashier in, opens a shift on the first register of theirs that has none (through
 * the API, as the screen would) and keeps it as the device's register: the browser state every
 * timed context starts from.
 */
async function prepareCashier(browser: Browser, origin: string): Promise<{ storageState: Awaited<ReturnType<BrowserContext['storageState']>>; registerName: string }> {
  const context = await newTillContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(`${origin}${AUTH_PATH}`, { timeout: STEP_TIMEOUT_MS });
    const result = await page.evaluate(
      async ({ email, password, storageKey }) => {
        const json = { accept: 'application/json', 'content-type': 'application/json' };
        const signIn = await fetch('/api/auth/sign-in', { method: 'POST', headers: json, body: JSON.stringify({ email, password }) });
        if (!signIn.ok) return { problem: `sign-in answered ${signIn.status}` };
        const registers = (await (await fetch('/api/registers', { headers: json })).json()) as { items: { id: string; name: string; locationName: string; isActive: boolean; openShift: unknown }[] };
        for (const register of registers.items.filter((candidate) => candidate.isActive && !candidate.openShift)) {
          const opened = await fetch('/api/shifts', {
            method: 'POST',
            headers: { ...json, 'idempotency-key': crypto.randomUUID() },
            body: JSON.stringify({ registerId: register.id, openingFloatMinor: 500_000, denominations: null }),
          });
          if (opened.status !== 201) continue;
          localStorage.setItem(storageKey, register.id);
          localStorage.setItem('cookie-consent', 'accepted');
          return { registerName: `${register.name} · ${register.locationName}` };
        }
        return { problem: `no register could open a shift (${registers.items.length} registers)` };
      },
      { email: CASHIER_EMAIL, password: DEMO_PASSWORD, storageKey: REGISTER_STORAGE_KEY },
    );
    if ('problem' in result) throw new BenchError(`preparing the register as ${CASHIER_EMAIL}: ${result.problem}`);
    return { storageState: await context.storageState(), registerName: result.registerName };
  } finally {
    await context.close();
  }
}

/**
 * Per navigation round: /auth signed out in a new context, then reloaded (the baseline); the
 * register signed in as the cashier in a new context (time to ready, cold), a basket of scans and
 * as many lookups through the API alone, then the register reloaded (warm). One untimed round first.
 */
export async function measureRegisterInBrowser(port: number, settings: RegisterBrowserSettings): Promise<RegisterBrowserFigures> {
  // Chromium resolves *.localhost by itself, to ::1 first; the server listens on 127.0.0.1.
  const browser = await launchChromium({ hostResolverRules: 'MAP *.localhost 127.0.0.1' });
  const origin = `http://${DEMO_SUBDOMAIN}.localhost:${port}`;
  try {
    const { storageState, registerName } = await prepareCashier(browser, origin);
    const figures: RegisterBrowserFigures = {
      chromiumVersion: browser.version(),
      register: { cold: [], warm: [] },
      auth: { cold: [], warm: [] },
      scans: [],
      lookupsMs: [],
      registerName,
    };
    for (let round = 0; round <= settings.navigations; round += 1) {
      const timed = round > 0;
      const auth = await newTillContext(browser);
      try {
        await auth.addInitScript(installReadyProbe, { selector: AUTH_EMAIL, focused: false });
        const page = await auth.newPage();
        const cold = await timeNavigation(page, `${origin}${AUTH_PATH}`);
        const warm = await timeNavigation(page, null);
        if (timed) {
          figures.auth.cold.push(cold);
          figures.auth.warm.push(warm);
        }
      } finally {
        await auth.close();
      }

      const till = await newTillContext(browser, { storageState });
      try {
        await till.addInitScript(installReadyProbe, { selector: REGISTER_SEARCH, focused: true });
        const page = await till.newPage();
        const cold = await timeNavigation(page, `${origin}${REGISTER_ROUTE}`);
        const scans = await timeScans(page, randomCodes(settings, settings.scansPerNavigation));
        const lookups = await timeLookups(page, randomCodes(settings, settings.scansPerNavigation));
        const warm = await timeNavigation(page, null);
        if (timed) {
          figures.register.cold.push(cold);
          figures.register.warm.push(warm);
          figures.scans.push(...scans);
          figures.lookupsMs.push(...lookups);
        }
      } finally {
        await till.close();
      }
    }
    return figures;
  } catch (error) {
    if (error instanceof BenchError) throw error;
    throw new BenchError(`the register in Chromium: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  } finally {
    await browser.close();
  }
}
