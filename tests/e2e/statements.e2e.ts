import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, readOutbox, signInThroughForm, toast } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import { measureHorizontalOverflow } from './support/page-helpers';

// A demo customer's statement (issue 14). Hassan Abdi Noor (server/db/demo-contacts.ts) bought
// KES 9,800 on credit 105 days ago on 30 days' terms and has paid nothing: 75 days overdue today.

const session = useBrowser();

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

const DEMO = ACCOUNTS.manager.subdomain;
const CUSTOMER = 'Hassan Abdi Noor';

async function contactId(page: Page, name: string): Promise<string> {
  return page.evaluate(async (query) => {
    const response = await fetch(`/api/contacts?q=${encodeURIComponent(query)}`, { headers: { accept: 'application/json' } });
    const body = (await response.json()) as { items: { id: string; name: string }[] };
    const found = body.items.find((item) => item.name === query);
    if (!found) throw new Error(`No contact named ${query}`);
    return found.id;
  }, name);
}

/** A calendar date in Nairobi, `days` before today. */
function nairobiDate(daysAgo: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date(Date.now() - daysAgo * 86_400_000));
}

function pdfText(bytes: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'statement-e2e-')), 'statement.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('statements', () => {
  it('shows a demo customer’s statement for a period, downloads it as PDF and e-mails it', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.manager);
    const id = await contactId(page, CUSTOMER);
    await page.goto(appUrl(`/admin/customers/${id}/statement`, DEMO));
    await page.getByRole('heading', { name: 'Statement of account' }).first().waitFor();
    const document = page.getByRole('article', { name: 'Statement of account' });
    await document.getByText(CUSTOMER).waitFor();
    // This month: the credit sale is older, so it is the opening balance.
    await expect.poll(() => document.getByTestId('statement-opening').textContent()).toBe('KES 9,800.00');
    await expect.poll(() => document.getByTestId('statement-closing').textContent()).toBe('KES 9,800.00');
    await expect.poll(() => document.getByRole('definition').allTextContents()).toEqual(['KES 0.00', 'KES 0.00', 'KES 0.00', 'KES 9,800.00', 'KES 0.00', 'KES 9,800.00']);

    // A custom period that takes the sale in: opening 0, the sale, closing 9,800.
    await page.getByLabel('Period').selectOption({ label: 'Custom dates' });
    await page.getByLabel('From').fill(nairobiDate(120));
    await page.getByRole('button', { name: 'Show' }).click();
    await expect.poll(() => document.getByTestId('statement-opening').textContent()).toBe('KES 0.00');
    const sale = document.getByRole('row').filter({ hasText: 'Credit sale' });
    await expect.poll(() => sale.getByRole('cell').allTextContents()).toEqual([expect.any(String), 'Credit sale', '', 'KES 9,800.00', '', 'KES 9,800.00']);

    // The PDF of the same period.
    const href = await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
    expect(href).toContain(`from=${nairobiDate(120)}`);
    // Fetched by the page (its session cookie; Node cannot resolve demo.localhost).
    const response = await page.evaluate(async (path) => {
      const reply = await fetch(path);
      const bytes = new Uint8Array(await reply.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return { status: reply.status, contentType: reply.headers.get('content-type'), disposition: reply.headers.get('content-disposition'), base64: btoa(binary) };
    }, href!);
    expect(response.status).toBe(200);
    expect(response.contentType).toBe('application/pdf');
    expect(response.disposition).toMatch(/^attachment; filename="statement-hassan-abdi-noor-.*\.pdf"$/);
    const text = pdfText(Buffer.from(response.base64, 'base64'));
    expect(text).toContain(CUSTOMER);
    expect(text).toMatch(/Credit sale\s+KES 9,800\.00\s+KES 9,800\.00/);
    expect(text).toMatch(/Closing balance\s+KES 9,800\.00/);

    // By e-mail: Hassan has no address on file, so the dialog asks for one.
    const since = new Date().toISOString();
    await page.getByRole('button', { name: 'Send by e-mail' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send the statement by e-mail' });
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('Enter the e-mail address to send it to').waitFor();
    await dialog.getByLabel('E-mail address').fill('hassan.noor@example.com');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await toast(page, 'Statement sent to hassan.noor@example.com').waitFor();
    const [message] = await readOutbox('hassan.noor@example.com');
    expect(message?.kind).toBe('account_statement');
    expect(message!.createdAt >= since).toBe(true);

    // On a phone the page does not scroll sideways (the table scrolls in its own box).
    await page.setViewportSize({ width: 375, height: 800 });
    await document.waitFor();
    const { scrollWidth, viewportWidth } = await measureHorizontalOverflow(page);
    expect(scrollWidth).toBeLessThanOrEqual(viewportWidth);
  });
});
