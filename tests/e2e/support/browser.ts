import { randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';

export const CHROMIUM_PATH = '/usr/bin/chromium';

// Flags Debian's Chromium needs to run headless as root in a container, without background traffic.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** `hostResolverRules` maps real domain names to this machine, e.g. 'MAP *.dukani.co.ke 127.0.0.1'. */
export function launchChromium(options: { hostResolverRules?: string } = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}. Install it with: apt-get install -y chromium`);
  }
  const args = options.hostResolverRules
    ? [...CHROMIUM_ARGS, `--host-resolver-rules=${options.hostResolverRules}`]
    : CHROMIUM_ARGS;
  // playwright launches with a fresh temporary profile (user-data-dir) and removes it on close.
  return chromium.launch({ executablePath: CHROMIUM_PATH, args });
}

/** The server under test; `subdomain` gives a tenant's address, e.g. http://demo.localhost:PORT. */
export function appUrl(path: string, subdomain?: string): string {
  const url = new URL(path, inject('baseUrl'));
  if (subdomain) {
    // Chromium resolves any *.localhost name to the loopback address by itself.
    const host = /^[\d.]+$|^\[/.test(url.hostname) ? 'localhost' : url.hostname;
    url.hostname = `${subdomain}.${host}`;
  }
  return url.toString();
}

/**
 * A made-up client address for one browser context, sent as X-Forwarded-For (the test server
 * trusts it): every context is its own till on its own network, as far as rate limits and the
 * login history are concerned.
 */
export function newClientAddress(): string {
  return `10.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

export interface OpenPageOptions extends BrowserContextOptions {
  cookieConsent?: 'accepted' | 'declined';
  /** Defaults to a new random address (see newClientAddress). */
  clientAddress?: string;
}

export interface BrowserSession {
  /** A page in a new, empty browser context: no cookies or storage shared with other tests. */
  openPage(options?: OpenPageOptions): Promise<Page>;
  /** Uncaught errors the pages of the current test raised. */
  readonly pageErrors: Error[];
  /** console.error messages the pages of the current test printed (React warnings among them). */
  readonly consoleErrors: string[];
}

/** One Chromium per test file, one fresh context per test. */
export function useBrowser(launchOptions: Parameters<typeof launchChromium>[0] = {}): BrowserSession {
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  const pageErrors: Error[] = [];
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium(launchOptions);
  });
  afterEach(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    contexts = [];
    pageErrors.length = 0;
    consoleErrors.length = 0;
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    pageErrors,
    consoleErrors,
    async openPage({ cookieConsent, clientAddress = newClientAddress(), ...options } = {}) {
      if (!browser) throw new Error('useBrowser() hooks have not run');
      const context = await browser.newContext({
        ...options,
        extraHTTPHeaders: { ...options.extraHTTPHeaders, 'x-forwarded-for': clientAddress },
      });
      contexts.push(context);
      if (cookieConsent) {
        // Keeps the cookie notice out of the way of tests about something else.
        await context.addInitScript((choice) => {
          try {
            window.localStorage.setItem('cookie-consent', choice);
          } catch {
            // about:blank and other opaque origins have no storage.
          }
        }, cookieConsent);
      }
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error));
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      return page;
    },
  };
}
