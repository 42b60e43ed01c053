import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.rules';
import {
  columnOfPath,
  exportRowFields,
  importTemplateCsv,
  mapImportHeader,
  mapImportRow,
  markDuplicatesInFile,
  normalizeHeader,
  splitImportRecords,
  toProductInput,
  validateProductInput,
  type ImportHeader,
} from './product-import.rules';
import { IMPORT_COLUMNS } from './products.schemas';

function headerOf(cells: string[]): ImportHeader {
  const result = mapImportHeader(cells);
  if (!result.ok) throw new Error(result.message);
  return result.header;
}

const fullHeader = headerOf([...IMPORT_COLUMNS]);
const rowOf = (fields: Partial<Record<(typeof IMPORT_COLUMNS)[number], string>>, row = 2) =>
  mapImportRow({ row, fields: IMPORT_COLUMNS.map((column) => fields[column] ?? '') }, fullHeader);

describe('mapImportHeader', () => {
  it('accepts aliases in any order, any case, with a bracketed note', () => {
    const header = headerOf(['Selling Price (KES)', 'Item Name', 'Barcodes', 'QTY', 'Colour']);
    expect(header.indexes).toEqual({ selling_price: 0, name: 1, barcode: 2, opening_stock: 3 });
    expect(header.ignoredColumns).toEqual(['Colour']);
    expect(normalizeHeader(' Prices_Include-Tax ')).toBe('prices include tax');
  });

  it('needs a name column', () => {
    const result = mapImportHeader(['sku', 'price']);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(/"name" column/);
  });

  it('refuses two columns meaning the same', () => {
    const result = mapImportHeader(['name', 'price', 'selling_price']);
    expect(!result.ok && result.message).toMatch(/"price" and "selling_price" both mean selling_price/);
  });
});

describe('mapImportRow', () => {
  it('reads a full row into a draft and normalised values', () => {
    const mapped = rowOf({
      name: 'Coca-Cola 500 ml',
      sku: 'COKE-500',
      barcode: '5449000000996 | COKE500',
      category: 'Drinks >  Soft drinks',
      unit: 'Piece',
      cost_price: '45',
      selling_price: 'KES 1,250.5',
      tax_class: 'Zero-rated',
      prices_include_tax: 'No',
      track_stock: 'yes',
      reorder_level: '24',
      opening_stock: '2.5',
      description: 'Chilled',
    });
    expect(mapped.errors).toEqual({});
    expect(mapped.draft).toMatchObject({
      barcodes: ['5449000000996', 'COKE500'],
      categoryPath: ['Drinks', 'Soft drinks'],
      costPriceMinor: 4500,
      sellingPriceMinor: 125050,
      taxClass: 'zero_rated',
      pricesIncludeTax: false,
      trackStock: true,
      reorderLevelMilli: 24000,
      openingStockMilli: 2500,
      locationName: null,
    });
    expect(mapped.values).toMatchObject({ cost_price: '45.00', selling_price: '1250.50', category: 'Drinks > Soft drinks', prices_include_tax: 'no' });
  });

  it('fills defaults for blank optional cells', () => {
    const mapped = rowOf({ name: 'Bread', selling_price: '65' });
    expect(mapped.errors).toEqual({});
    // A blank tax class is the category's default VAT class, settled once the category is known.
    expect(mapped.draft).toMatchObject({ costPriceMinor: 0, taxClass: null, pricesIncludeTax: true, trackStock: true, reorderLevelMilli: null, openingStockMilli: 0 });
  });

  it('reports each bad cell against its column and keeps the text as given', () => {
    const mapped = rowOf({ name: 'Bad', selling_price: '-5', cost_price: '1.234', tax_class: 'luxury', track_stock: 'maybe', opening_stock: '1.2345' });
    expect(Object.keys(mapped.errors).sort()).toEqual(['cost_price', 'opening_stock', 'selling_price', 'tax_class', 'track_stock']);
    expect(mapped.values.selling_price).toBe('-5');
    expect(mapped.errors.tax_class).toEqual(['Use one of standard, reduced, zero_rated, exempt']);
  });

  it('needs a selling price and refuses opening stock for untracked products', () => {
    const mapped = rowOf({ name: 'Service', track_stock: 'no', opening_stock: '3' });
    expect(mapped.errors.selling_price?.[0]).toMatch(/Enter the selling price/);
    expect(mapped.errors.opening_stock).toEqual(['Opening stock needs track_stock yes']);
  });

  it("takes off an export's formula guard", () => {
    expect(rowOf({ name: "'=Promo pack", selling_price: '10' }).draft.name).toBe('=Promo pack');
  });
});

describe('markDuplicatesInFile', () => {
  it('marks later rows repeating a SKU (any case) or a barcode', () => {
    const rows = [
      rowOf({ name: 'A', sku: 'abc', barcode: '96385074', selling_price: '1' }, 2),
      rowOf({ name: 'B', sku: 'ABC', selling_price: '1' }, 3),
      rowOf({ name: 'C', barcode: 'X1|96385074', selling_price: '1' }, 4),
    ];
    markDuplicatesInFile(rows);
    expect(rows[0]!.errors).toEqual({});
    expect(rows[1]!.errors.sku).toEqual(['Row 2 has the same SKU']);
    expect(rows[2]!.errors.barcode).toEqual(['Row 2 has the same barcode 96385074']);
  });

  it('marks later rows repeating the name (any case or spacing) when neither row has a SKU or barcode', () => {
    const rows = [
      rowOf({ name: 'Sugar (loose)', selling_price: '160' }, 2),
      rowOf({ name: 'sugar  (LOOSE) ', selling_price: '170' }, 3),
      rowOf({ name: 'Sugar (loose)', sku: 'SUGAR-BULK', selling_price: '150' }, 4),
    ];
    markDuplicatesInFile(rows);
    expect(rows[1]!.errors.name).toEqual(['Row 2 has the same name, and neither row has a SKU or barcode to tell them apart']);
    expect(rows[2]!.errors).toEqual({});
  });
});

describe('splitImportRecords', () => {
  // Written by hand as LibreOffice Calc ("Text CSV") and Excel ("CSV UTF-8") save a sheet whose
  // formatting reaches below the data: CRLF line ends, a byte order mark from Excel, and every
  // formatted but empty row kept as its separators.
  const spreadsheetFile = [
    '\uFEFFname,sku,selling_price,tax_class',
    'Sugar (loose),,160.00,zero_rated',
    ',,,',
    'Festive white bread 400 g,FEST-400,65,',
    ',,,',
    ' , ,,',
    ',,,',
    '',
  ].join('\r\n');

  it('skips rows of separators only (or spaces) and counts them; the data rows keep their spreadsheet row numbers', () => {
    const parsed = parseCsv(spreadsheetFile);
    if (!parsed.ok) throw new Error(parsed.message);
    const split = splitImportRecords(parsed.records);
    expect(split.headerRecord?.fields).toEqual(['name', 'sku', 'selling_price', 'tax_class']);
    expect(split.dataRecords.map((record) => record.row)).toEqual([2, 4]);
    expect(split.blankRowCount).toBe(4);
  });

  it('finds the header below blank rows at the top, and a file of separators has none', () => {
    const parsed = parseCsv(',,\r\nname,selling_price\r\nTea,150\r\n');
    if (!parsed.ok) throw new Error(parsed.message);
    expect(splitImportRecords(parsed.records)).toMatchObject({ headerRecord: { row: 2 }, blankRowCount: 0 });
    const empty = parseCsv(',,,\r\n,,,\r\n');
    if (!empty.ok) throw new Error(empty.message);
    expect(splitImportRecords(empty.records)).toEqual({ headerRecord: undefined, dataRecords: [], blankRowCount: 0 });
  });
});

describe('toProductInput and validateProductInput', () => {
  const references = { categoryId: null, categoryTaxClass: null, brandId: null, unitId: null, locationId: '0190a7a0-0000-7000-8000-000000000001' };

  it("takes the category's default VAT class for a blank tax_class, and the file's own class over it", () => {
    const zeroRatedCategory = { ...references, categoryId: '0190a7a0-0000-7000-8000-000000000002', categoryTaxClass: 'zero_rated' as const };
    expect(toProductInput(rowOf({ name: 'Jogoo maize meal 2 kg', selling_price: '150' }).draft, zeroRatedCategory).taxClass).toBe('zero_rated');
    expect(toProductInput(rowOf({ name: 'Maize snack', selling_price: '50', tax_class: '16%' }).draft, zeroRatedCategory).taxClass).toBe('standard');
    expect(toProductInput(rowOf({ name: 'Soap', selling_price: '50' }).draft, references).taxClass).toBe('standard');
  });

  it('builds a simple product with opening stock at the location', () => {
    const { draft } = rowOf({ name: 'Milk 500 ml', sku: 'MILK', selling_price: '60', opening_stock: '12' });
    const result = validateProductInput(toProductInput(draft, references));
    expect(result.ok).toBe(true);
    expect(result.ok && result.data.variants[0]).toMatchObject({
      name: '',
      sku: 'MILK',
      sellingPriceMinor: 6000,
      openingStock: [{ locationId: references.locationId, quantityMilli: 12000 }],
    });
  });

  it('puts schema problems on the columns', () => {
    const { draft } = rowOf({ name: '', sku: 'bad sku!', barcode: '5901234123458', selling_price: '1' });
    const result = validateProductInput(toProductInput(draft, references));
    expect(result.ok).toBe(false);
    expect(!result.ok && Object.keys(result.errors).sort()).toEqual(['barcode', 'name', 'sku']);
  });

  it('maps service field paths to columns', () => {
    expect(columnOfPath(['variants', '0', 'barcodes', '1'])).toBe('barcode');
    expect(columnOfPath(['variants', '0', 'openingStock', '0', 'locationId'])).toBe('location');
    expect(columnOfPath(['variants', '0', 'openingStock', '0', 'quantityMilli'])).toBe('opening_stock');
    expect(columnOfPath(['brandId'])).toBe('brand');
    expect(columnOfPath(['components'])).toBe('_');
  });
});

describe('the template and the export', () => {
  it('has the header and two example rows that read without errors', () => {
    const parsed = parseCsv(importTemplateCsv());
    if (!parsed.ok) throw new Error(parsed.message);
    const [header, ...rows] = parsed.records;
    expect(header!.fields).toEqual([...IMPORT_COLUMNS]);
    expect(rows).toHaveLength(2);
    for (const record of rows) expect(mapImportRow(record, headerOf(header!.fields)).errors).toEqual({});
  });

  it('writes a row the import reads back to the same values', () => {
    const fields = exportRowFields({
      name: '=Odd name',
      sku: 'SKU-1',
      barcodes: ['96385074', 'IN-1'],
      categoryPath: ['Drinks', 'Soft drinks'],
      brandName: null,
      unitName: 'Kilogram',
      costPriceMinor: 4550,
      sellingPriceMinor: 6000,
      taxClass: 'reduced',
      pricesIncludeTax: false,
      trackStock: true,
      reorderLevelMilli: 1500,
      openingStockMilli: -2000,
      description: null,
    });
    const mapped = mapImportRow({ row: 2, fields }, fullHeader);
    expect(mapped.errors).toEqual({});
    expect(mapped.draft).toMatchObject({
      name: '=Odd name',
      barcodes: ['96385074', 'IN-1'],
      categoryPath: ['Drinks', 'Soft drinks'],
      unitName: 'Kilogram',
      costPriceMinor: 4550,
      sellingPriceMinor: 6000,
      taxClass: 'reduced',
      pricesIncludeTax: false,
      reorderLevelMilli: 1500,
      // Negative stock is exported as 0: an import cannot open with a debt.
      openingStockMilli: 0,
    });
  });
});
