import type { Locator, Page } from 'playwright-core';
import { inject } from 'vitest';
import { appUrl } from './browser';

// The demo data the server seeds into every fresh data folder (server/db/seed.ts).
export const DEMO_PASSWORD = 'Dukani-Demo-2026';
export const ACCOUNTS = {
  superAdmin: { email: 'super@dukani.test', fullName: 'Platform Admin', subdomain: undefined },
  owner: { email: 'owner@demo.test', fullName: 'Wanjiku Kamau', subdomain: 'demo' },
  manager: { email: 'manager@demo.test', fullName: 'Otieno Ouma', subdomain: 'demo' },
  cashier: { email: 'cashier@demo.test', fullName: 'Achieng Njeri', subdomain: 'demo' },
  newHire: { email: 'newhire@demo.test', fullName: 'Kevin Mutua', subdomain: 'demo' },
  /** Only languages.e2e.ts signs in as her. */
  till: { email: 'till@demo.test', fullName: 'Zawadi Chebet', subdomain: 'demo' },
  /** The contacts area's cashier (profile.e2e.ts changes and deactivates the demo cashier). */
  counter: { email: 'counter@demo.test', fullName: 'Baraka Kiprono', subdomain: 'demo' },
  /** The register's browser files, one cashier each: register.e2e.ts, register-payment.e2e.ts, sales-history.e2e.ts, shifts.e2e.ts, register-tenders.e2e.ts, register-exchange.e2e.ts. */
  register: { email: 'register@demo.test', fullName: 'Faith Wambui', subdomain: 'demo' },
  payments: { email: 'payments@demo.test', fullName: 'Brian Otieno', subdomain: 'demo' },
  history: { email: 'history@demo.test', fullName: 'Mercy Akinyi', subdomain: 'demo' },
  shifts: { email: 'shifts@demo.test', fullName: 'Dennis Kiptoo', subdomain: 'demo' },
  tenders: { email: 'tenders@demo.test', fullName: 'Lilian Wanjala', subdomain: 'demo' },
  exchanges: { email: 'exchanges@demo.test', fullName: 'Grace Muthoni', subdomain: 'demo' },
  acmeOwner: { email: 'owner@acme.test', fullName: 'Amina Hassan', subdomain: 'acme' },
  /** A paying Starter shop seeded one product short of its 1,000-product limit. */
  kioskOwner: { email: 'owner@kiosk.test', fullName: 'Njeri Wambui', subdomain: 'kiosk' },
  /** Only catalog-admin.e2e.ts signs in as her and changes nothing (the demo cashier is profile.e2e's). */
  kioskCashier: { email: 'cashier@kiosk.test', fullName: 'Mercy Atieno', subdomain: 'kiosk' },
  /** A shop on a retired plan with the default features only (no reports): locked screens. */
  mtaaOwner: { email: 'owner@mtaa.test', fullName: 'Hassan Omondi', subdomain: 'mtaa' },
} as const;

/** Fills the /auth form and submits it with Enter, as a till user would. */
export async function submitSignIn(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Password', { exact: true }).press('Enter');
}

/** Opens /auth on the account's address, signs in through the form and waits for its area. */
export async function signInThroughForm(
  page: Page,
  account: { email: string; subdomain: string | undefined },
  password = DEMO_PASSWORD,
) {
  await page.goto(appUrl('/auth', account.subdomain));
  await submitSignIn(page, account.email, password);
  await page.waitForURL((url) => url.pathname.startsWith('/admin') || url.pathname.startsWith('/superadmin'));
}

export interface OutboxMessage {
  id: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
  attachments: { filename: string; contentType: string; sizeBytes: number }[];
}

/** The newest messages to `to` in the server's development outbox. */
export async function readOutbox(to: string): Promise<OutboxMessage[]> {
  const url = new URL('/api/dev/outbox', inject('baseUrl'));
  url.searchParams.set('to', to);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}

/** Waits for a message of `kind` to `to` newer than `after` (ISO time) and returns it. */
export async function waitForMail(to: string, kind: string, after: string): Promise<OutboxMessage> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const message = (await readOutbox(to)).find((m) => m.kind === kind && m.createdAt > after);
    if (message) return message;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No ${kind} e-mail to ${to} arrived`);
}

/** The first link in a message's text that starts with the given path, e.g. /reset-password. */
export function linkIn(message: OutboxMessage, path: string): string {
  const link = message.text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname === path);
  if (!link) throw new Error(`No ${path} link in "${message.subject}"`);
  return link;
}

/** A sonner toast whose title is `title` (and whose description contains `description`), not yet marked seen. */
export function toast(page: Page, title: string, description?: string): Locator {
  let toasts = page
    .locator('[data-sonner-toast]:not([data-e2e-seen])')
    .filter({ has: page.locator('[data-title]', { hasText: title }) });
  if (description) toasts = toasts.filter({ has: page.locator('[data-description]', { hasText: description }) });
  return toasts.last();
}

/** The open user menu's items after clicking the header's account button. */
export async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: /account menu$/ }).click();
  return page.getByRole('menu');
}

/** How many toasts containing `text` the page holds (shown or stacked behind the newest). */
export function countToasts(page: Page, text: string): Promise<number> {
  return page.locator('[data-sonner-toast]').filter({ hasText: text }).count();
}

/** Marks the toasts shown so far, so toast() then waits for a new one with the same words. */
export async function markToastsSeen(page: Page) {
  await page.evaluate(() => {
    for (const element of document.querySelectorAll('[data-sonner-toast]')) element.setAttribute('data-e2e-seen', '');
  });
}

/** sign-in.e2e.ts resets the Acme owner's password to this one part way through the run. */
export const ACME_RESET_PASSWORD = 'Acme-Reset-2026!';

/** Signs the Acme owner in whether or not the password-reset test has run yet. */
export async function signInAcmeOwner(page: Page) {
  await page.goto(appUrl('/auth', ACCOUNTS.acmeOwner.subdomain));
  await submitSignIn(page, ACCOUNTS.acmeOwner.email, DEMO_PASSWORD);
  const refused = page.getByRole('form', { name: 'Sign in' }).getByRole('alert').getByText('Invalid email or password');
  // The losing wait settles later (or fails when the page closes): both outcomes are handled.
  const signedIn = page.waitForURL((url) => url.pathname.startsWith('/admin')).then(
    () => true,
    () => false,
  );
  const wasRefused = refused.waitFor().then(
    () => false,
    () => true,
  );
  if (!(await Promise.race([signedIn, wasRefused]))) {
    await submitSignIn(page, ACCOUNTS.acmeOwner.email, ACME_RESET_PASSWORD);
    await page.waitForURL((url) => url.pathname.startsWith('/admin'));
  }
}
