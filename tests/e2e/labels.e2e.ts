import { execFile } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Locator } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { withEan13CheckDigit } from '../../core/products/barcode.rules';
import { ACCOUNTS, signInAcmeOwner } from './support/accounts';
import { appUrl, useBrowser } from './support/browser';
import { createProduct, productsTable, searchProducts, uniqueSuffix } from './support/catalog';

const session = useBrowser();

afterEach(() => {
  expect(session.pageErrors).toEqual([]);
});

const ACME = ACCOUNTS.acmeOwner.subdomain;
const runFile = promisify(execFile);
/** CSS pixels per millimetre. */
const PX_PER_MM = 96 / 25.4;

/** A code under GS1 Kenya's 616 (6169… is left to generated catalogs), different on every call. */
const kenyanEan13 = () => withEan13CheckDigit(`6169${String(randomInt(0, 10 ** 8)).padStart(8, '0')}`);

/** What ZBar reads in a screenshot of each label, as the browser draws it. */
async function decodeLabels(labels: Locator): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'dukani-e2e-labels-'));
  try {
    const files: string[] = [];
    for (let index = 0; index < (await labels.count()); index += 1) {
      const file = join(dir, `${index}.png`);
      writeFileSync(file, await labels.nth(index).screenshot());
      files.push(file);
    }
    const { stdout } = await runFile('zbarimg', ['--quiet', '--nodbus', '-Supca.enable', ...files]);
    return stdout.split('\n').filter(Boolean);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('label sheets', () => {
  it('prints names, prices and barcodes at their printed size whatever the name, readable by a decoder', async () => {
    // 4 device pixels per CSS pixel: about 380 dpi, so a 0.3 mm module is 4.5 pixels on the screenshot.
    const page = await session.openPage({ cookieConsent: 'accepted', deviceScaleFactor: 4 });
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
    const rope = { name: `Sisal rope ${suffix}`, sellingPrice: '350', barcode: kenyanEan13() };
    const flour = {
      name: `Jogoo maize meal fortified with vitamins and minerals, family value pack of two kilograms ${suffix}`,
      sellingPrice: '180',
      barcode: kenyanEan13(),
    };
    // An internal code, short enough for Code 128 at a readable module on the smallest label.
    const gloves = { name: `Work gloves ${suffix}`, sellingPrice: '275.50', barcode: `GL-${suffix}` };
    // No barcode: its SKU (HEAVY-DUTY-PADLOCK-…) is too long for readable bars on these labels.
    const padlock = { name: `Heavy duty padlock ${suffix}`, sellingPrice: '480' };
    const all = [rope, flour, gloves, padlock];
    for (const product of all) await createProduct(page, ACME, product);

    await page.goto(appUrl('/admin/products', ACME));
    await searchProducts(page, suffix);
    const products = productsTable(page);
    await products.getByRole('link', { name: rope.name, exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Print labels' }).isDisabled()).toBe(true);
    for (const product of all) await products.getByRole('checkbox', { name: `Select ${product.name}` }).check();
    await page.getByRole('link', { name: 'Print labels' }).click();

    await page.getByRole('heading', { name: 'Print labels', level: 2, exact: true }).waitFor();
    const chosen = page.getByRole('table', { name: 'Labels to print' });
    for (const product of all) await chosen.getByRole('cell', { name: product.name, exact: true }).waitFor();
    await chosen.getByLabel(`Labels of ${gloves.name}`).fill('3');
    await page.getByRole('button', { name: 'Print 6 labels' }).waitFor();
    const padlockRow = chosen.getByRole('row').filter({ has: page.getByRole('cell', { name: padlock.name, exact: true }) });
    await padlockRow.getByText('Too long for a readable barcode on this label: printed as text').waitFor();
    const padlockSku = (await padlockRow.getByText(/ \(SKU\)$/).innerText()).replace(/ \(SKU\)$/, '');

    const sheet = page.getByRole('region', { name: 'Preview of the sheets' });
    const sheetText = await sheet.innerText();
    expect(sheetText.match(new RegExp(rope.name, 'g'))).toHaveLength(1);
    expect(sheetText.match(new RegExp(gloves.name, 'g'))).toHaveLength(3);
    expect(sheetText).toContain('KSh 350.00');
    expect(sheetText).toContain('KSh 275.50');
    expect(sheetText).toContain(padlockSku);
    // The EAN-13s and the gloves' internal code (Code 128), each an SVG image carrying its printed size.
    const barcodeImages = sheet.getByRole('img', { name: /^Barcode / });
    expect(await barcodeImages.count()).toBe(5);
    for (const src of await barcodeImages.evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src))) {
      expect(decodeURIComponent(src)).toMatch(/^data:image\/svg\+xml;charset=utf-8,<svg width="[\d.]+mm" height="[\d.]+mm" /);
    }

    /** Each label's name, barcode and price boxes, in CSS pixels. */
    const layout = async () =>
      sheet.locator('.label').evaluateAll((labels) =>
        labels.map((label) => {
          const [name, barcode, price] = [...label.children].map((child) => child.getBoundingClientRect());
          const image = label.querySelector('img');
          if (!image) return null;
          const declared = image ? decodeURIComponent(image.src).match(/width="([\d.]+)mm" height="([\d.]+)mm"/) : null;
          return {
            text: label.textContent ?? '',
            box: label.getBoundingClientRect().toJSON() as DOMRect,
            name: name!.toJSON() as DOMRect,
            barcode: barcode!.toJSON() as DOMRect,
            price: price!.toJSON() as DOMRect,
            declaredMm: declared ? { width: Number(declared[1]), height: Number(declared[2]) } : null,
            nameClipped: label.children[0]!.scrollHeight > label.children[0]!.clientHeight,
          };
        }),
      );
    const checkLayout = async () => {
      const all = await layout();
      expect(all).toHaveLength(6);
      const labels = all.filter((label) => label !== null);
      expect(labels).toHaveLength(5);
      for (const label of labels) {
        // The barcode is drawn at the size it declares (not shrunk to make room for the name) …
        expect(label.declaredMm).not.toBeNull();
        expect(label.barcode.width).toBeCloseTo(label.declaredMm!.width * PX_PER_MM, 0);
        expect(label.barcode.height).toBeCloseTo(label.declaredMm!.height * PX_PER_MM, 0);
        // … inside its label, below the name and above the price.
        expect(label.barcode.left).toBeGreaterThanOrEqual(label.box.left);
        expect(label.barcode.right).toBeLessThanOrEqual(label.box.right);
        expect(label.name.bottom).toBeLessThanOrEqual(label.barcode.top + 0.5);
        expect(label.barcode.bottom).toBeLessThanOrEqual(label.price.top + 0.5);
        expect(label.price.bottom).toBeLessThanOrEqual(label.box.bottom + 0.5);
      }
      const [ropeLabel, flourLabel] = [rope, flour].map((product) => labels.find((label) => label.text.includes(product.name)));
      // The long name is cut short; its EAN-13 is as wide as the short name's.
      expect(flourLabel!.nameClipped).toBe(true);
      expect(flourLabel!.barcode.width).toBeCloseTo(ropeLabel!.barcode.width, 1);
      return ropeLabel!.barcode.width;
    };
    const smallWidth = await checkLayout();

    const decoded = await decodeLabels(sheet.locator('.label').filter({ has: page.getByRole('img') }));
    expect(decoded.sort()).toEqual([`EAN-13:${rope.barcode}`, `EAN-13:${flour.barcode}`, ...Array.from({ length: 3 }, () => `CODE-128:${gloves.barcode}`)].sort());

    // The larger label prints EAN-13 at GS1's nominal module (0.33 mm) instead of 0.30 mm.
    await page.getByLabel('Label size').selectOption({ label: '50 × 30 mm — A4 sheet of 36' });
    await page.waitForFunction(() => document.querySelector('.label-sheet')?.getAttribute('style')?.includes('repeat(4, 50mm)'));
    expect((await checkLayout()) / smallWidth).toBeCloseTo(0.33 / 0.3, 2);

    await page.getByRole('button', { name: 'Print 6 labels' }).click();
    await page.waitForFunction(() => (window as unknown as { e2ePrintCalls: { count: number } }).e2ePrintCalls.count === 1);
  });
});
