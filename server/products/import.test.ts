import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitMessage, upgradeMessage } from '../../core/billing/plan-features.rules';
import { parseCsv, serializeCsv } from '../../core/products/csv.rules';
import { IMPORT_COLUMNS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ImportPreview } from '../../core/products/products.schemas';
import { createTestShop, type ShopRole, type TestShop } from '../../tests/support/catalog-shop';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { queryRows } from '../db/client';
import { productCategories, products } from '../db/schema/products';

let testApp: TestApp;

function upload(shop: TestShop, path: string, file: string | Buffer, options: { key?: string; as?: ShopRole } = {}) {
  const boundary = '----dukani-import-test';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="products.csv"\r\nContent-Type: text/csv\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return testApp.request(path, {
    method: 'POST',
    host: shop.host,
    rawBody: Buffer.concat([head, Buffer.isBuffer(file) ? file : Buffer.from(file), tail]),
    headers: {
      // An oversized body is answered before it is read, and the server then drops the
      // connection; a kept-alive socket would take the next test's request down with it.
      connection: 'close',
      'content-type': `multipart/form-data; boundary=${boundary}`,
      cookie: shop.cookies[options.as ?? 'owner'],
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
  });
}
const preview = (shop: TestShop, file: string | Buffer) => upload(shop, '/api/products/import/preview', file);
const importFile = (shop: TestShop, file: string | Buffer, key?: string) => upload(shop, '/api/products/import', file, { key });

const csv = (rows: Array<Partial<Record<(typeof IMPORT_COLUMNS)[number], string>>>) =>
  serializeCsv([[...IMPORT_COLUMNS], ...rows.map((row) => IMPORT_COLUMNS.map((column) => row[column] ?? ''))]);

async function countsOf(shop: TestShop) {
  return testApp.database.withTenant(shop.tenant.id, async (tx) => {
    const [productRow] = await tx.select({ total: count() }).from(products);
    const [categoryRow] = await tx.select({ total: count() }).from(productCategories);
    const [movementRow] = await queryRows<{ total: number }>(tx, sql`select count(*)::int as total from stock_movements`);
    return { products: productRow!.total, categories: categoryRow!.total, movements: movementRow!.total };
  });
}

const GOOD_ROWS = [
  {
    name: 'Coca-Cola 500 ml',
    sku: 'COKE-500',
    barcode: '5449000000996|COKE500',
    category: 'Drinks > Soft drinks',
    unit: 'Piece',
    cost_price: '45',
    selling_price: '60.00',
    reorder_level: '24',
    opening_stock: '48',
  },
  { name: 'Sugar (loose)', category: 'Groceries', unit: 'kg', cost_price: '140', selling_price: '160', tax_class: 'zero_rated', opening_stock: '25.5' },
  { name: 'Airtime card, "Safaricom" 100', selling_price: '100', track_stock: 'no', tax_class: 'exempt', description: 'Scratch card\nsold at face value' },
];

let shop: TestShop;

beforeAll(async () => {
  testApp = await createTestApp();
  shop = await createTestShop(testApp);
});
afterAll(() => testApp.close());

describe('the template', () => {
  it('is a CSV attachment with the header and two example rows', async () => {
    const response = await shop.call('GET', '/api/products/import/template.csv');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="products-template.csv"/);
    const parsed = parseCsv(response.text);
    expect(parsed.ok && parsed.records.map((record) => record.fields[0])).toEqual(['name', 'Coca-Cola 500 ml', 'Sugar (loose)']);
  });
});

describe('preview', () => {
  it('shows each row with its values and its problems by column, and writes nothing', async () => {
    const before = await countsOf(shop);
    const file = csv([
      GOOD_ROWS[0]!,
      { name: 'Bad barcode', barcode: '5901234123458', selling_price: '10' },
      { name: 'Negative', selling_price: '-5', unit: 'Crate' },
      { name: 'Same SKU', sku: 'coke-500', selling_price: '10', location: 'Nowhere' },
      { name: 'Half a piece', selling_price: '10', opening_stock: '1.5' },
    ]);
    const response = await preview(shop, file);
    expect(response.status).toBe(200);
    const body = response.json<ImportPreview>();
    expect(body).toMatchObject({ totalRows: 5, validCount: 1, errorCount: 4, newCategories: ['Drinks', 'Drinks > Soft drinks'] });
    const byRow = new Map(body.rows.map((row) => [row.row, row]));
    expect(byRow.get(2)).toMatchObject({ errors: {}, values: { selling_price: '60.00', cost_price: '45.00', barcode: '5449000000996|COKE500' } });
    expect(byRow.get(3)!.errors.barcode?.[0]).toMatch(/check digit is wrong/);
    expect(Object.keys(byRow.get(4)!.errors).sort()).toEqual(['selling_price', 'unit']);
    expect(byRow.get(4)!.errors.unit?.[0]).toMatch(/Unknown unit "Crate"/);
    expect(byRow.get(5)!.errors).toEqual({ sku: ['Row 2 has the same SKU'], location: [expect.stringMatching(/Unknown location "Nowhere"/)] });
    expect(byRow.get(6)!.errors.opening_stock).toEqual(['Piece is counted in whole numbers']);
    expect(await countsOf(shop)).toEqual(before);
  });

  it('refuses files that are not a product CSV with a message, never a 500', async () => {
    const cases: Array<[string | Buffer, RegExp]> = [
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]), /Excel workbook/],
      [Buffer.from([0x00, 0x01, 0x02, 0x03, 0x41]), /not a text file/],
      ['', /The file is empty/],
      ['name,sku\r\n', /no products/],
      ['sku,price\r\nA,1\r\n', /"name" column/],
      ['name,price\r\n"unclosed,1\r\n', /never closed/],
      [`name,price\r\n${'x,1\r\n'.repeat(IMPORT_MAX_ROWS + 1)}`, /at most 10,000/],
    ];
    for (const [file, message] of cases) {
      const response = await preview(shop, file);
      expect(response.status, String(message)).toBe(400);
      expect(response.json().error.message).toMatch(message);
    }
    const noFile = await testApp.request('/api/products/import/preview', {
      method: 'POST',
      host: shop.host,
      headers: { cookie: shop.cookies.owner, 'content-type': 'text/csv' },
      rawBody: 'name\r\nx\r\n',
    });
    expect(noFile.status).toBe(400);
  });

  it('answers 413 for a file over the limit, whether the body limit or the service sees it first', async () => {
    const justOver = await preview(shop, Buffer.alloc(IMPORT_MAX_BYTES + 1, 'a'));
    expect(justOver.status).toBe(413);
    expect(justOver.json().error).toMatchObject({ code: 'payload_too_large', message: expect.stringMatching(/larger than 5 MB/) });
    const farOver = await preview(shop, Buffer.alloc(IMPORT_MAX_BYTES * 2, 'a'));
    expect(farOver.status).toBe(413);
    expect(farOver.json().error.message).toMatch(/larger than 5 MB/);
  });
});

describe('import', () => {
  it('refuses a file with one bad row with "row N.column" messages and writes nothing; the fixed file imports every row', async () => {
    const importShop = await createTestShop(testApp);
    const before = await countsOf(importShop);
    const bad = csv([GOOD_ROWS[0]!, { ...GOOD_ROWS[1]!, barcode: '5901234123458' }, GOOD_ROWS[2]!]);
    const refused = await importFile(importShop, bad);
    expect(refused.status).toBe(400);
    expect(refused.json().error.message).toMatch(/Row 3 has a problem; nothing was imported/);
    expect(Object.keys(refused.json().error.fields)).toEqual(['row 3.barcode']);
    expect(await countsOf(importShop)).toEqual(before);

    const imported = await importFile(importShop, csv(GOOD_ROWS), randomUUID());
    expect(imported.status).toBe(201);
    expect(imported.json()).toEqual({ createdCount: 3 });
    const after = await countsOf(importShop);
    expect(after).toEqual({ products: before.products + 3, categories: before.categories + 3, movements: before.movements + 2 });

    const [coke] = await testApp.database.withTenant(importShop.tenant.id, (tx) =>
      queryRows<{ sku: string; price: number; codes: string; on_hand: string; category: string; parent: string }>(
        tx,
        sql`select v.sku, v.selling_price_minor as price, (select string_agg(code, ',' order by code) from product_barcodes b where b.variant_id = v.id) as codes,
                   (select sum(on_hand)::text from stock_levels s where s.variant_id = v.id) as on_hand, c.name as category, pc.name as parent
            from products p join product_variants v on v.product_id = p.id
            join product_categories c on c.id = p.category_id join product_categories pc on pc.id = c.parent_id
            where p.name = 'Coca-Cola 500 ml'`,
      ),
    );
    expect(coke).toEqual({ sku: 'COKE-500', price: 6000, codes: '5449000000996,COKE500', on_hand: '48.000', category: 'Soft drinks', parent: 'Drinks' });
  });

  it('answers a repeated Idempotency-Key with the first result and imports nothing again', async () => {
    const replayShop = await createTestShop(testApp);
    const key = randomUUID();
    const first = await importFile(replayShop, csv(GOOD_ROWS.slice(1)), key);
    expect(first.status).toBe(201);
    const afterFirst = await countsOf(replayShop);
    const again = await importFile(replayShop, csv(GOOD_ROWS.slice(1)), key);
    expect(again.status).toBe(200);
    expect(again.json()).toEqual({ createdCount: 2 });
    expect(await countsOf(replayShop)).toEqual(afterFirst);
  });

  it('checks the product limit once for the whole file: over it, 402 and nothing written', async () => {
    const limitedShop = await createTestShop(testApp, { plan: 'Professional' });
    // 4,999 of Professional's 5,000 products exist; the file adds two.
    await testApp.database.withTenant(limitedShop.tenant.id, (tx) =>
      tx.execute(sql`insert into products (tenant_id, name) select ${limitedShop.tenant.id}::uuid, 'Seeded ' || n from generate_series(1, 4999) n`),
    );
    const before = await countsOf(limitedShop);
    const response = await importFile(limitedShop, csv(GOOD_ROWS.slice(0, 2)));
    expect(response.status).toBe(402);
    expect(response.json().error.message).toBe(limitMessage('max_products', 5000));
    expect(await countsOf(limitedShop)).toEqual(before);
    expect((await importFile(limitedShop, csv(GOOD_ROWS.slice(2)))).status).toBe(201);
  });

  it('creates missing brands when the plan has advanced inventory (the preview only lists them)', async () => {
    const response = await preview(shop, csv([{ name: 'Omo 1 kg', brand: 'Omo', selling_price: '250' }]));
    expect(response.json()).toMatchObject({ errorCount: 0, newBrands: ['Omo'] });
    const [row] = await testApp.database.withTenant(shop.tenant.id, (tx) => tx.select({ total: count() }).from(products).where(eq(products.name, 'Omo 1 kg')));
    expect(row!.total).toBe(0);
  });
});

describe('files saved by a spreadsheet, and the same file twice', () => {
  // Written by hand as LibreOffice Calc ("Text CSV") and Excel ("CSV UTF-8") save a sheet whose
  // formatting reaches below the data: a byte order mark (Excel), CRLF line ends, trailing empty
  // columns, and the formatted empty rows kept as separators.
  const spreadsheetFile = [
    '\uFEFFname,sku,barcode,category,unit,selling_price,tax_class,opening_stock,,',
    'Ndengu (loose),,,Cereals > Pulses,kg,200.00,,10,,',
    ',,,,,,,,,',
    'Jogoo maize meal 2 kg,,,Cereals > Unga,,150,,24,,',
    'Maize snack 50 g,,,Cereals > Unga,,50,standard,,,',
    ',,,,,,,,,',
    ',,,,,,,,,',
    '',
  ].join('\r\n');

  it("skips rows of separators only, counts only importable rows, and gives a blank tax_class the category's default VAT class", async () => {
    const spreadsheetShop = await createTestShop(testApp);
    const cereals = await spreadsheetShop.call('POST', '/api/product-categories', { body: { name: 'Cereals' } });
    const unga = await spreadsheetShop.call('POST', '/api/product-categories', {
      body: { name: 'Unga', parentId: cereals.json().id, defaultTaxClass: 'zero_rated' },
    });
    expect(unga.status).toBe(201);

    const checked = await preview(spreadsheetShop, spreadsheetFile);
    expect(checked.status).toBe(200);
    const body = checked.json<ImportPreview>();
    expect(body).toMatchObject({ totalRows: 3, validCount: 3, errorCount: 0, blankRowCount: 3, newCategories: ['Cereals > Pulses'] });
    expect(body.rows.map((row) => [row.row, row.values.tax_class])).toEqual([
      [2, 'standard'],
      [4, 'zero_rated'],
      [5, 'standard'],
    ]);

    const imported = await importFile(spreadsheetShop, spreadsheetFile, randomUUID());
    expect(imported.status).toBe(201);
    expect(imported.json()).toEqual({ createdCount: 3 });
    const saved = await testApp.database.withTenant(spreadsheetShop.tenant.id, (tx) =>
      tx.select({ name: products.name, taxClass: products.taxClass }).from(products).orderBy(products.name),
    );
    expect(saved).toEqual([
      { name: 'Jogoo maize meal 2 kg', taxClass: 'zero_rated' },
      { name: 'Maize snack 50 g', taxClass: 'standard' },
      { name: 'Ndengu (loose)', taxClass: 'standard' },
    ]);
  });

  it('refuses the same file again: rows without SKU or barcode are matched by name (and "Product - Variant"), nothing is added twice', async () => {
    const againShop = await createTestShop(testApp);
    const file = csv([
      { name: 'Sugar (loose)', unit: 'kg', selling_price: '160', opening_stock: '25' },
      { name: 'Airtime card 100', selling_price: '100', track_stock: 'no' },
    ]);
    expect((await importFile(againShop, file, randomUUID())).status).toBe(201);
    const afterFirst = await countsOf(againShop);

    const second = await importFile(againShop, file, randomUUID());
    expect(second.status).toBe(400);
    expect(second.json().error.message).toMatch(/2 rows have problems; nothing was imported/);
    const fields = second.json().error.fields as Record<string, string[]>;
    expect(Object.keys(fields)).toEqual(['row 2.name', 'row 3.name']);
    expect(fields['row 2.name']![0]).toMatch(/^Sugar \(loose\) is already in your catalog with SKU \S+\. A row without a SKU or barcode is matched by its name/);
    expect(await countsOf(againShop)).toEqual(afterFirst);

    // A variant is matched under the name the export gives it; a row with its own SKU is a new product.
    const shirt = await againShop.call('POST', '/api/products', {
      body: { name: 'T-shirt', variants: [{ name: 'L / Black', sku: 'TSHIRT-L-BLK', sellingPriceMinor: 55000, options: { Size: 'L', Colour: 'Black' } }] },
    });
    expect(shirt.status).toBe(201);
    const variantRow = await preview(againShop, csv([{ name: 't-shirt -  L / black', selling_price: '550' }, { name: 'Sugar (loose)', sku: 'SUGAR-2', selling_price: '150' }]));
    const rows = variantRow.json<ImportPreview>().rows;
    expect(rows[0]!.errors.name?.[0]).toMatch(/^t-shirt - {2}L \/ black is already in your catalog with SKU TSHIRT-L-BLK/);
    expect(rows[1]!.errors).toEqual({});
  });

  it("matches names in this shop's catalog only", async () => {
    const otherShop = await createTestShop(testApp);
    expect((await importFile(otherShop, csv([{ name: 'Unique to the other shop', selling_price: '10' }]), randomUUID())).status).toBe(201);
    const here = await preview(shop, csv([{ name: 'Unique to the other shop', selling_price: '10' }]));
    expect(here.json<ImportPreview>()).toMatchObject({ errorCount: 0 });
  });
});

describe('access and isolation', () => {
  it('refuses cashiers (403) and plans without bulk operations (402) on every import route', async () => {
    const starter = await createTestShop(testApp, { plan: 'Starter' });
    expect((await upload(shop, '/api/products/import/preview', csv(GOOD_ROWS), { as: 'cashier' })).status).toBe(403);
    const paths = ['/api/products/import/preview', '/api/products/import'];
    for (const path of paths) {
      const response = await upload(starter, path, csv(GOOD_ROWS));
      expect(response.status, path).toBe(402);
      expect(response.json().error.message).toBe(upgradeMessage('bulk_operations'));
    }
    expect((await starter.call('GET', '/api/products/import/template.csv')).status).toBe(402);
    // The export is the shop's own data, on any plan (docs/decisions/0009).
    expect((await starter.call('GET', '/api/products/export.csv')).status).toBe(200);
  });

  it("checks SKUs and barcodes against the shop's own catalog only, and exports only its own products", async () => {
    const shopA = await createTestShop(testApp);
    const shopB = await createTestShop(testApp);
    expect((await importFile(shopA, csv([GOOD_ROWS[0]!]))).status).toBe(201);
    const inB = await preview(shopB, csv([GOOD_ROWS[0]!]));
    expect(inB.json()).toMatchObject({ validCount: 1, errorCount: 0 });
    const inA = await preview(shopA, csv([GOOD_ROWS[0]!]));
    expect(inA.json().rows[0].errors).toMatchObject({ sku: ['SKU COKE-500 is already used by Coca-Cola 500 ml'], barcode: expect.any(Array) });
    const exportB = await shopB.call('GET', '/api/products/export.csv');
    expect(exportB.status).toBe(200);
    expect(exportB.text).not.toContain('COKE-500');
  });
});

describe('export', () => {
  it('writes the catalog in the import columns, and the file imports into another shop unchanged', async () => {
    const source = await createTestShop(testApp);
    expect((await importFile(source, csv(GOOD_ROWS))).status).toBe(201);
    const exported = await source.call('GET', '/api/products/export.csv');
    expect(exported.status).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    const parsed = parseCsv(exported.text);
    if (!parsed.ok) throw new Error(parsed.message);
    const [header, ...rows] = parsed.records.map((record) => record.fields);
    expect(header).toEqual([...IMPORT_COLUMNS]);
    expect(rows.map((row) => row[0])).toEqual(['Airtime card, "Safaricom" 100', 'Coca-Cola 500 ml', 'Sugar (loose)']);
    const sugar = Object.fromEntries(IMPORT_COLUMNS.map((column, index) => [column, rows[2]![index]]));
    expect(sugar).toMatchObject({ category: 'Groceries', unit: 'Kilogram', cost_price: '140.00', selling_price: '160.00', tax_class: 'zero_rated', opening_stock: '25.5', location: '' });
    expect(rows[0]![IMPORT_COLUMNS.indexOf('description')]).toBe('Scratch card\nsold at face value');

    const target = await createTestShop(testApp);
    const reimported = await importFile(target, exported.text);
    expect(reimported.status).toBe(201);
    expect(reimported.json()).toEqual({ createdCount: 3 });
    const again = await target.call('GET', '/api/products/export.csv');
    expect(again.text).toBe(exported.text);
  });

  it('pages through a catalog larger than one page', async () => {
    const large = await createTestShop(testApp);
    const rows = Array.from({ length: 1001 }, (_, index) => ({ name: `Item ${String(index).padStart(4, '0')}`, selling_price: '1', track_stock: 'no' }));
    expect((await importFile(large, csv(rows))).status).toBe(201);
    const exported = await large.call('GET', '/api/products/export.csv');
    const parsed = parseCsv(exported.text);
    expect(parsed.ok && parsed.records.length).toBe(1002);
    expect(parsed.ok && parsed.records.at(-1)!.fields[0]).toBe('Item 1000');
  });
});
