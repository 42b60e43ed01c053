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

describe('bulk operations', () => {
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
    await preview.getByText('3 rows · 2 ready · 1 with problems', { exact: true }).waitFor();
    const badRow = preview.getByRole('table', { name: 'Rows of the file' }).getByRole('row').filter({ hasText: rows[2]!.name });
    await badRow.getByText("This EAN-13 barcode's check digit is wrong; check the number on the pack").waitFor();
    expect(await badRow.getAttribute('data-invalid')).toBe('true');
    await preview.getByText('Fix the rows marked below in your file and choose it again: the import runs only when every row is right.').waitFor();
    const importButton = preview.getByRole('button', { name: 'Import 3 products' });
    expect(await importButton.isDisabled()).toBe(true);

    // Not even the good rows were written.
    await page.goto(appUrl('/admin/products', ACME));
    await searchProducts(page, suffix);
    await page.getByRole('heading', { name: 'No products match' }).waitFor();

    await page.goto(appUrl('/admin/products/import', ACME));
    await page.getByLabel('CSV file', { exact: true }).setInputFiles({ name: `stock-${suffix}-fixed.csv`, mimeType: 'text/csv', buffer: productsCsv(rows) });
    const fixed = page.getByRole('region', { name: `stock-${suffix}-fixed.csv` });
    await fixed.getByText('3 rows · 3 ready', { exact: true }).waitFor();
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

  it('prints a label sheet of chosen products with names, prices and barcode images', async () => {
    const page = await session.openPage({ cookieConsent: 'accepted' });
    // Printing opens the browser's dialog; the page's call to window.print is what is observed.
    await page.addInitScript(() => {
      const calls = { count: 0 };
      Object.assign(window, { e2ePrintCalls: calls });
      window.print = () => {
        calls.count += 1;
      };
    });
    await signInAcmeOwner(page);
    const suffix = uniqueSuffix();
    const rope = { name: `Sisal rope ${suffix}`, sellingPrice: '350', barcode: randomEan13() };
    const gloves = { name: `Work gloves ${suffix}`, sellingPrice: '275.50' };
    await createProduct(page, ACME, rope);
    await createProduct(page, ACME, gloves);

    await page.goto(appUrl('/admin/products', ACME));
    await searchProducts(page, suffix);
    const products = productsTable(page);
    await products.getByRole('link', { name: rope.name, exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Print labels' }).isDisabled()).toBe(true);
    await products.getByRole('checkbox', { name: `Select ${rope.name}` }).check();
    await products.getByRole('checkbox', { name: `Select ${gloves.name}` }).check();
    await page.getByRole('link', { name: 'Print labels' }).click();

    await page.getByRole('heading', { name: 'Print labels', level: 2, exact: true }).waitFor();
    const chosen = page.getByRole('table', { name: 'Labels to print' });
    await chosen.getByRole('cell', { name: rope.name, exact: true }).waitFor();
    await chosen.getByRole('cell', { name: gloves.name, exact: true }).waitFor();
    await chosen.getByLabel(`Labels of ${gloves.name}`).fill('3');
    await page.getByRole('button', { name: 'Print 4 labels' }).waitFor();

    const sheet = page.getByRole('region', { name: 'Preview of the sheets' });
    const sheetText = await sheet.innerText();
    expect(sheetText.match(new RegExp(rope.name, 'g'))).toHaveLength(1);
    expect(sheetText.match(new RegExp(gloves.name, 'g'))).toHaveLength(3);
    expect(sheetText).toContain('KSh 350.00');
    expect(sheetText).toContain('KSh 275.50');
    // The rope's EAN-13, the gloves' SKU (Code 128): each drawn as an SVG image.
    const ropeBarcode = sheet.getByRole('img', { name: `Barcode ${rope.barcode}` });
    expect(await ropeBarcode.count()).toBe(1);
    const barcodeImages = await sheet.getByRole('img', { name: /^Barcode / }).evaluateAll((images) =>
      images.map((image) => ({ src: (image as HTMLImageElement).src, loaded: (image as HTMLImageElement).naturalWidth > 0 })),
    );
    expect(barcodeImages).toHaveLength(4);
    for (const image of barcodeImages) {
      expect(image.src).toMatch(/^data:image\/svg\+xml/);
      const svg = decodeURIComponent(image.src.slice(image.src.indexOf(',') + 1));
      expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg.match(/<rect /g)?.length).toBeGreaterThan(20);
    }
    expect(decodeURIComponent((await ropeBarcode.getAttribute('src')) ?? '')).toContain(`>${rope.barcode}</text>`);

    await page.getByRole('button', { name: 'Print 4 labels' }).click();
    await page.waitForFunction(() => (window as unknown as { e2ePrintCalls: { count: number } }).e2ePrintCalls.count === 1);
  });
});
