import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, signInThroughForm, toast } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import { uniqueSuffix } from './support/catalog';

// Contacts CSV import and export (issue 14) as the demo owner: a file with one bad row writes
// nothing; the fixed file imports every row with its opening balance; Export CSV downloads them.

const session = useBrowser();

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

const DEMO = ACCOUNTS.owner.subdomain;

/** A Safaricom number as people write it (0712 345 678), unused by the demo data. */
const randomPhone = () => `07${randomInt(10_000_000, 99_999_999)}`;

function contactsCsv(rows: string[][]): Buffer {
  const lines = ['type,name,phone,kra_pin,opening_balance,supplier_opening_balance', ...rows.map((row) => row.join(','))];
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/** The shop's contacts whose name contains `query`, read through the API from the signed-in page. */
function contactNames(page: Page, query: string): Promise<string[]> {
  return page.evaluate(async (q) => {
    const response = await fetch(`/api/contacts?q=${encodeURIComponent(q)}`, { headers: { accept: 'application/json' } });
    const body = (await response.json()) as { items: { name: string }[] };
    return body.items.map((item) => item.name).sort();
  }, query);
}

describe('contacts import and export', () => {
  it('a CSV with one bad row writes nothing; the fixed file imports all rows; Export CSV downloads them', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInThroughForm(page, ACCOUNTS.owner);
    const suffix = uniqueSuffix();
    const names = [`Auma Shop ${suffix}`, `Baraka Traders ${suffix}`, `Chiku Kiosk ${suffix}`];
    const phones = names.map(randomPhone);
    const rows = [
      ['customer', names[0]!, phones[0]!, '', '"1,500.00"', ''],
      ['supplier', names[1]!, phones[1]!, 'P051234567X', '', '24500'],
      ['both', names[2]!, phones[2]!, '', '250.50', '100'],
    ];
    const badRows = rows.map((row, index) => (index === 1 ? [...row.slice(0, 3), 'P05123X', ...row.slice(4)] : row));

    await page.goto(appUrl('/admin/customers/import', DEMO));
    await page.getByRole('heading', { name: 'Import contacts', level: 2, exact: true }).waitFor();
    await page.getByLabel('CSV file of contacts', { exact: true }).setInputFiles({ name: `people-${suffix}.csv`, mimeType: 'text/csv', buffer: contactsCsv(badRows) });

    const preview = page.getByRole('region', { name: `people-${suffix}.csv` });
    await preview.getByText('3 contact rows · 2 ready · 1 with problems', { exact: true }).waitFor();
    const badRow = preview.getByRole('table', { name: 'Rows of the file' }).getByRole('row').filter({ hasText: names[1]! });
    await badRow.getByText('A KRA PIN is a letter, nine digits and a letter, e.g. A123456789B').waitFor();
    expect(await badRow.getAttribute('data-invalid')).toBe('true');
    expect(await preview.getByRole('button', { name: 'Import 2 contacts' }).isDisabled()).toBe(true);
    // The phones as they will be stored.
    await preview.getByText(`+254${phones[0]!.slice(1)}`, { exact: true }).waitFor();
    expect(await contactNames(page, suffix)).toEqual([]);

    await page.getByLabel('CSV file of contacts', { exact: true }).setInputFiles({ name: `people-${suffix}-fixed.csv`, mimeType: 'text/csv', buffer: contactsCsv(rows) });
    const fixed = page.getByRole('region', { name: `people-${suffix}-fixed.csv` });
    await fixed.getByText('3 contact rows · 3 ready', { exact: true }).waitFor();
    await fixed.getByText('Opening balances: customers owe KSh 1,750.50; owed to suppliers KSh 24,600.00.').waitFor();
    await fixed.getByRole('button', { name: 'Import 3 contacts' }).click();
    await toast(page, 'Imported 3 contacts').waitFor();
    await page.getByRole('heading', { name: '3 contacts imported' }).waitFor();
    expect(await contactNames(page, suffix)).toEqual(names);

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
    const exported = await readFile((await download.path())!, 'utf8');
    expect(exported.startsWith('\uFEFF')).toBe(true);
    const [header, ...lines] = exported.slice(1).split('\r\n');
    expect(header).toBe(
      'type,name,phone,email,company,kra_pin,address,notes,tags,customer_group,credit_limit,payment_terms_days,supplier_payment_terms_days,opening_balance,supplier_opening_balance',
    );
    const baraka = lines.find((line) => line.includes(names[1]!));
    expect(baraka).toBe(`supplier,${names[1]},'+254${phones[1]!.slice(1)},,,P051234567X,,,,,,0,,,24500.00`);
    // The demo shop's own customers are in it too.
    expect(lines.some((line) => line.startsWith('customer,Hassan Abdi Noor,'))).toBe(true);
  });
});
