import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, DEMO_PASSWORD } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';

// Issue 12: Kiswahili everywhere a cashier goes, chosen on /auth, kept across reloads, per person
// on a shared till, and the shop's default for a new device. Only this file signs in as the till
// cashier; the demo shop's default language is put back after the test that changes it.
const session = useBrowser();
/** An API call from the page, as the app makes it (its cookies, its address, its application header). */
function callApi(page: Page, method: 'PUT' | 'PATCH', path: string, body: unknown): Promise<number> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, { method, headers: { 'content-type': 'application/json', 'x-application-name': 'dukani' }, body: JSON.stringify(body) });
      return response.status;
    },
    { method, path, body },
  );
}

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

/**
 * The English texts of the interface that read differently in Kiswahili: none of them may be left
 * on a Kiswahili screen. (Texts that are the same in both, such as "KSh" or "M-Pesa", are not.)
 */
let englishLeftovers: { exact: Set<string>; long: string[] };

beforeAll(async () => {
  const config = getConfig({ cwd: process.cwd() });
  const exact = new Set<string>();
  for (const catalog of await getCatalogs(config)) {
    const swahili = (await catalog.read('sw')) ?? {};
    for (const [id, entry] of Object.entries((await catalog.read('en')) ?? {})) {
      const english = entry.translation || entry.message || id;
      const translated = swahili[id]?.translation;
      // Placeholders and tags vary on screen; words made only of placeholders are not text.
      if (!translated || translated === english || /[{<]/.test(english) || !/[a-z]{3}/i.test(english)) continue;
      exact.add(english);
    }
  }
  // The language menu names each language in itself ("English", "Kiswahili"), whatever the page's
  // language; a screen that names them in Kiswahili (Communications' templates) translates them.
  exact.delete('English');
  englishLeftovers = { exact, long: [...exact].filter((text) => text.length >= 24) };
});

/** Every text and label a person can read or hear on the page, as the browser shows them. */
function readableTexts(page: Page): Promise<{ texts: string[]; body: string }> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || element.closest('script, style, [aria-hidden="true"]')) continue;
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      if (text) texts.push(text);
    }
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    return { texts, body: document.body.innerText };
  });
}

async function expectNoEnglish(page: Page, where: string) {
  const { texts, body } = await readableTexts(page);
  const left = [
    ...texts.filter((text) => englishLeftovers.exact.has(text)),
    ...englishLeftovers.long.filter((text) => body.includes(text)),
  ];
  expect([...new Set(left)], `English left on ${where}`).toEqual([]);
}

async function chooseLanguageOnAuth(page: Page, language: 'Kiswahili' | 'English') {
  await page.locator('header').getByRole('button', { name: /Language|Lugha/ }).click();
  await page.getByRole('menuitemradio', { name: language }).click();
}

async function signIn(page: Page, email: string) {
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('input[name="password"]').press('Enter');
  await page.waitForURL((url) => url.pathname.startsWith('/admin'));
}

/** The header's account button is named after the person, in any language. */
const openAccountMenu = (page: Page, fullName: string) => page.locator('header').getByRole('button', { name: new RegExp(fullName) }).click();

async function signOut(page: Page, fullName: string) {
  await openAccountMenu(page, fullName);
  await page.getByRole('menuitem', { name: /Toka|Sign Out/ }).click();
  await page.waitForURL((url) => url.pathname === '/auth');
}

describe('languages', () => {
  it('a cashier who picks Kiswahili on /auth sees Kiswahili on every screen she can reach, after a reload too', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await page.goto(appUrl('/auth', 'demo'));
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await chooseLanguageOnAuth(page, 'Kiswahili');
    await page.waitForFunction(() => document.documentElement.lang === 'sw');
    await expectNoEnglish(page, '/auth');

    await signIn(page, ACCOUNTS.till.email);
    const nav = page.locator('aside nav').first();
    await nav.getByRole('link', { name: 'Bidhaa' }).waitFor();
    await expectNoEnglish(page, '/admin/dashboard');

    // Every area in her menu, as she would open them.
    const links = await nav.getByRole('link').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
    expect(links.length).toBeGreaterThan(3);
    for (const href of new Set(links)) {
      await page.goto(appUrl(href, 'demo'));
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      await expectNoEnglish(page, href);
    }

    // A product's page, and her own menu.
    await page.goto(appUrl('/admin/products', 'demo'));
    await page.locator('main table tbody tr a').first().click();
    await page.locator('main h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoEnglish(page, 'a product page');
    await openAccountMenu(page, ACCOUNTS.till.fullName);
    await page.getByRole('menuitem', { name: 'Toka' }).waitFor();
    await expectNoEnglish(page, 'the user menu');
    await page.keyboard.press('Escape');

    await page.reload();
    await nav.getByRole('link', { name: 'Bidhaa' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('sw');
  });

  it('on the same till, a second person gets their own language, and the till keeps its own after they leave', async () => {
    // The manager chose English on her profile, on another device.
    const elsewhere = await session.openPage({ cookieConsent: 'accepted' });
    await elsewhere.goto(appUrl('/auth', 'demo'));
    await signIn(elsewhere, ACCOUNTS.manager.email);
    expect(await callApi(elsewhere, 'PUT', '/api/profile/language', { language: 'en' })).toBe(200);

    const till = await session.openPage({ cookieConsent: 'accepted' });
    await till.goto(appUrl('/auth', 'demo'));
    await chooseLanguageOnAuth(till, 'Kiswahili');
    await signIn(till, ACCOUNTS.till.email);
    await till.locator('aside nav').first().getByRole('link', { name: 'Bidhaa' }).waitFor();
    await signOut(till, ACCOUNTS.till.fullName);

    await signIn(till, ACCOUNTS.manager.email);
    await till.locator('aside nav').first().getByRole('link', { name: 'Products' }).waitFor();
    expect(await till.locator('html').getAttribute('lang')).toBe('en');
    await signOut(till, ACCOUNTS.manager.fullName);
    await till.getByRole('button', { name: /Lugha/ }).waitFor();
    expect(await till.locator('html').getAttribute('lang')).toBe('sw');
  });

  it("the owner's default language is what a new device in the shop starts in", async () => {
    const owner = await session.openPage({ cookieConsent: 'accepted' });
    await owner.goto(appUrl('/auth', 'demo'));
    await signIn(owner, ACCOUNTS.owner.email);
    await owner.goto(appUrl('/admin/settings?tab=business', 'demo'));
    const form = owner.getByRole('form', { name: 'Business settings' });
    try {
      await form.getByLabel('Default language').selectOption({ label: 'Kiswahili' });
      await form.getByRole('button', { name: 'Save' }).click();
      await owner.getByText('Business settings saved').waitFor();

      const newDevice = await session.openPage({ cookieConsent: 'accepted' });
      await newDevice.goto(appUrl('/auth', 'demo'));
      await newDevice.waitForFunction(() => document.documentElement.lang === 'sw');
      await expectNoEnglish(newDevice, '/auth on a new device');
    } finally {
      expect(await callApi(owner, 'PATCH', '/api/settings/business', { defaultLanguage: null })).toBe(200);
    }
  });

  it("a device whose browser prefers Kiswahili starts in Kiswahili; one that prefers French starts in English", async () => {
    const swahiliBrowser = await session.openPage({ cookieConsent: 'accepted', locale: 'sw-KE' });
    await swahiliBrowser.goto(appUrl('/auth', 'demo'));
    await swahiliBrowser.waitForFunction(() => document.documentElement.lang === 'sw');
    const frenchBrowser = await session.openPage({ cookieConsent: 'accepted', locale: 'fr-FR' });
    await frenchBrowser.goto(appUrl('/auth', 'demo'));
    await frenchBrowser.getByRole('button', { name: /Language/ }).waitFor();
    expect(await frenchBrowser.locator('html').getAttribute('lang')).toBe('en');
  });
});
