import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, signInAcmeOwner, toast } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import { createProduct, MAIN_SHOP, productsTable, randomEan13, searchProducts, uniqueSuffix, withWrongCheckDigit } from './support/catalog';

const session = useBrowser();

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

const ACME = ACCOUNTS.acmeOwner.subdomain;

interface CsvProduct {
  name: string;
  barcode: string;
  price: string;
  stock: string;
}

function productsCsv(rows: CsvProduct[]): Buffer {
  const lines = ['name,barcode,selling_price,opening_stock,location', ...rows.map((row) => `${row.name},${row.barcode},${row.price},${row.stock},${MAIN_SHOP}`)];
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

/**
 * A sheet as LibreOffice Calc ("Text CSV") and Excel ("CSV UTF-8") save it when its formatting
 * reaches below the data: a byte order mark, CRLF line ends, empty rows kept as separators.
 */
function spreadsheetCsv(rows: string[][]): Buffer {
  const separatorsOnly = ',,,,';
  const lines = ['name,category,selling_price,tax_class,opening_stock', rows[0]!.join(','), separatorsOnly, ...rows.slice(1).map((row) => row.join(',')), separatorsOnly, separatorsOnly];
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

describe('bulk operations', () => {
  it('a spreadsheet CSV with empty separator rows imports its products only; the same file again is refused row by row', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInAcmeOwner(page);
    const suffix = uniqueSuffix();
    const file = spreadsheetCsv([
      [`Loose sugar ${suffix}`, 'Groceries', '170', '', '25'],
      [`Maize meal 2 kg ${suffix}`, '', '150', 'zero_rated', '12'],
    ]);

    await page.goto(appUrl('/admin/products/import', ACME));
    await page.getByLabel('CSV file', { exact: true }).setInputFiles({ name: `sheet-${suffix}.csv`, mimeType: 'text/csv', buffer: file });
    const preview = page.getByRole('region', { name: `sheet-${suffix}.csv` });
    await preview.getByText('2 product rows · 2 ready · 3 empty rows skipped', { exact: true }).waitFor();
    await preview.getByRole('button', { name: 'Import 2 products' }).click();
    await toast(page, 'Imported 2 products').waitFor();

    await page.getByRole('button', { name: 'Import another file' }).click();
    await page.getByLabel('CSV file', { exact: true }).setInputFiles({ name: `sheet-${suffix}-again.csv`, mimeType: 'text/csv', buffer: file });
    const again = page.getByRole('region', { name: `sheet-${suffix}-again.csv` });
    await again.getByText('2 product rows · 0 ready · 2 with problems · 3 empty rows skipped', { exact: true }).waitFor();
    await again.getByText(new RegExp(`^Loose sugar ${suffix} is already in your catalog with SKU \\S+\\. A row without a SKU or barcode is matched by its name`)).waitFor();
    expect(await again.getByRole('button', { name: 'Import 0 products' }).isDisabled()).toBe(true);

    await page.goto(appUrl('/admin/products', ACME));
    await searchProducts(page, suffix);
    expect((await productsTable(page).getByRole('link').allInnerTexts()).sort()).toEqual([`Loose sugar ${suffix}`, `Maize meal 2 kg ${suffix}`]);
  });

  it("a +7% bulk change on KSh 135.00 gives KSh 144.00: computed prices round to the shop's whole shillings", async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInAcmeOwner(page);
    const suffix = uniqueSuffix();
    const name = `Pembe flour 2 kg ${suffix}`;
    await createProduct(page, ACME, { name, sellingPrice: '135' });

    await page.goto(appUrl('/admin/products', ACME));
    await searchProducts(page, suffix);
    const products = productsTable(page);
    await products.getByRole('checkbox', { name: `Select ${name}` }).check();
    await page.getByRole('button', { name: 'Change prices' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change prices' });
    await dialog.getByText('The new price is rounded to the nearest KSh 1, halves up (Settings › Inventory). A price may not go below 0.', { exact: true }).waitFor();
    await dialog.getByLabel('By percent').fill('7');
    await dialog.getByRole('button', { name: 'Change 1 product' }).click();
    await toast(page, 'Prices changed on 1 product').waitFor();
    await products.getByRole('row').filter({ hasText: name }).getByText('KSh 144.00').waitFor();
  });

  it('a CSV with one bad row is refused with nothing written; the fixed file imports, and Export CSV downloads the catalog with it', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    await signInAcmeOwner(page);
    const suffix = uniqueSuffix();
    const rows: CsvProduct[] = [
      { name: `Hammer ${suffix}`, barcode: randomEan13(), price: '650.00', stock: '12' },
      { name: `Nails 2in ${suffix}`, barcode: randomEan13(), price: '120.50', stock: '40' },
      { name: `Padlock ${suffix}`, barcode: randomEan13(), price: '480.00', stock: '6' },
    ];
    const badRows = rows.map((row, index) => (index === 2 ? { ...row, barcode: withWrongCheckDigit(row.barcode) } : row));

    await page.goto(appUrl('/admin/products', ACME));
    await page.getByRole('link', { name: 'Import', exact: true }).click();
    await page.getByRole('heading', { name: 'Import products', level: 2, exact: true }).waitFor();
    const fileInput = page.getByLabel('CSV file', { exact: true });
    await fileInput.setInputFiles({ name: `stock-${suffix}.csv`, mimeType: 'text/csv', buffer: productsCsv(badRows) });

    const preview = page.getByRole('region', { name: `stock-${suffix}.csv` });
    await preview.getByText('3 product rows · 2 ready · 1 with problems', { exact: true }).waitFor();
    const badRow = preview.getByRole('table', { name: 'Rows of the file' }).getByRole('row').filter({ hasText: rows[2]!.name });
    await badRow.getByText("This EAN-13 barcode's check digit is wrong; check the number on the pack").waitFor();
    expect(await badRow.getAttribute('data-invalid')).toBe('true');
    await preview.getByText('Fix the rows marked below in your file and choose it again: the import runs only when every row is right.').waitFor();
    const importButton = preview.getByRole('button', { name: 'Import 2 products' });
    expect(await importButton.isDisabled()).toBe(true);

    // Not even the good rows were written.
    await page.goto(appUrl('/admin/products', ACME));
    await searchProducts(page, suffix);
    await page.getByRole('heading', { name: 'No products match' }).waitFor();

    await page.goto(appUrl('/admin/products/import', ACME));
    await page.getByLabel('CSV file', { exact: true }).setInputFiles({ name: `stock-${suffix}-fixed.csv`, mimeType: 'text/csv', buffer: productsCsv(rows) });
    const fixed = page.getByRole('region', { name: `stock-${suffix}-fixed.csv` });
    await fixed.getByText('3 product rows · 3 ready', { exact: true }).waitFor();
    await fixed.getByRole('button', { name: 'Import 3 products' }).click();
    await toast(page, 'Imported 3 products').waitFor();
    await page.getByRole('heading', { name: '3 products imported' }).waitFor();

    await page.getByRole('link', { name: 'Back to the products' }).click();
    await searchProducts(page, suffix);
    const products = productsTable(page);
    for (const row of rows) await products.getByRole('link', { name: row.name, exact: true }).waitFor();
    expect((await products.getByRole('link').allInnerTexts()).sort()).toEqual(rows.map((row) => row.name).sort());
    const nails = products.getByRole('row').filter({ hasText: rows[1]!.name });
    expect(await nails.innerText()).toContain('KSh 120.50');
    expect(await nails.innerText()).toMatch(/\b40\b/);

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const exported = await readFile(await download.path(), 'utf8');
    const [header, ...lines] = exported.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(header?.split(',')).toEqual(expect.arrayContaining(['name', 'sku', 'barcode', 'selling_price', 'opening_stock']));
    for (const row of rows) {
      const line = lines.find((candidate) => candidate.startsWith(`${row.name},`));
      expect(line, `${row.name} in the export`).toBeDefined();
      expect(line).toContain(row.barcode);
      expect(line).toContain(row.price);
    }
  });
});
