import type { z } from 'zod';
import { fillMessage } from '../i18n/message.rules';
import { formatMoneyPlain, parseMoney } from '../settings/money.rules';
import { escapeFormula, serializeCsv, unescapeFormula, type CsvRecord } from './csv.rules';
import { IMPORT_COLUMNS, productInputSchema, type ImportColumn, type ProductData, type ProductInput } from './products.schemas';
import { formatQuantity, parseQuantity } from './quantity.rules';
import { TAX_CLASSES, type TaxClass } from './tax.rules';

// The product CSV (import and export share it): one simple product per row, columns by header
// name in any order. A row maps to a draft with errors per column; once the server has resolved
// the names (category, brand, unit, location) to ids the draft becomes a ProductInput and is
// checked with the same schema as the product form.

/** Errors of one row by column; '_' holds those about the row as a whole. */
export type RowErrors = Record<string, string[]>;
export const ROW_ERROR_KEY = '_';

export const BARCODE_SEPARATOR = '|';
export const CATEGORY_SEPARATOR = '>';

/** Spellings spreadsheets and other POS exports use for each column (after normalizeHeader). */
const HEADER_ALIASES: Record<string, ImportColumn> = {
  'name': 'name',
  'product': 'name',
  'product name': 'name',
  'item': 'name',
  'item name': 'name',
  'sku': 'sku',
  'item code': 'sku',
  'product code': 'sku',
  'barcode': 'barcode',
  'barcodes': 'barcode',
  'ean': 'barcode',
  'upc': 'barcode',
  'category': 'category',
  'category path': 'category',
  'brand': 'brand',
  'unit': 'unit',
  'uom': 'unit',
  'unit of measure': 'unit',
  'cost price': 'cost_price',
  'cost': 'cost_price',
  'buying price': 'cost_price',
  'selling price': 'selling_price',
  'price': 'selling_price',
  'sale price': 'selling_price',
  'retail price': 'selling_price',
  'tax class': 'tax_class',
  'tax': 'tax_class',
  'vat': 'tax_class',
  'vat class': 'tax_class',
  'prices include tax': 'prices_include_tax',
  'price includes tax': 'prices_include_tax',
  'tax inclusive': 'prices_include_tax',
  'vat inclusive': 'prices_include_tax',
  'track stock': 'track_stock',
  'track inventory': 'track_stock',
  'reorder level': 'reorder_level',
  'reorder point': 'reorder_level',
  'low stock level': 'reorder_level',
  'opening stock': 'opening_stock',
  'stock': 'opening_stock',
  'quantity': 'opening_stock',
  'qty': 'opening_stock',
  'on hand': 'opening_stock',
  'in stock': 'opening_stock',
  'location': 'location',
  'branch': 'location',
  'store': 'location',
  'description': 'description',
};

/** "Selling Price (KES)" → "selling price": case, underscores, dashes and a bracketed note do not matter. */
export function normalizeHeader(cell: string): string {
  return cell
    .replace(/\([^)]*\)/g, ' ')
    .toLowerCase()
    .replace(/[_\-\s]+/g, ' ')
    .trim();
}

export interface ImportHeader {
  /** The field index of each column the file has. */
  indexes: Partial<Record<ImportColumn, number>>;
  /** Header cells that name no column. */
  ignoredColumns: string[];
}

export type HeaderResult = { ok: true; header: ImportHeader } | { ok: false; message: string };

export function mapImportHeader(cells: readonly string[]): HeaderResult {
  const indexes: Partial<Record<ImportColumn, number>> = {};
  const ignoredColumns: string[] = [];
  for (const [index, cell] of cells.entries()) {
    const column = HEADER_ALIASES[normalizeHeader(cell)];
    if (!column) {
      if (cell.trim()) ignoredColumns.push(cell.trim());
      continue;
    }
    const earlier = indexes[column];
    if (earlier !== undefined) {
      return { ok: false, message: fillMessage(/*i18n*/ 'The columns "{first}" and "{second}" both mean {column}; keep one of them', { first: cells[earlier] ?? '', second: cell, column }) };
    }
    indexes[column] = index;
  }
  if (indexes.name === undefined) {
    return { ok: false, message: /*i18n*/ 'The first row must be the header, with at least a "name" column (download the template to see the columns)' };
  }
  return { ok: true, header: { indexes, ignoredColumns } };
}

/** A row's values once read, before names are resolved to ids. */
export interface ImportDraft {
  name: string;
  sku: string;
  barcodes: string[];
  /** ["Drinks", "Soft drinks"]; empty: no category. */
  categoryPath: string[];
  brandName: string | null;
  unitName: string | null;
  costPriceMinor: number;
  sellingPriceMinor: number;
  /** null: blank, the category's default VAT class (standard when it has none). */
  taxClass: TaxClass | null;
  pricesIncludeTax: boolean;
  trackStock: boolean;
  reorderLevelMilli: number | null;
  openingStockMilli: number;
  /** null: the default location. */
  locationName: string | null;
  description: string | null;
}

export interface MappedImportRow {
  row: number;
  /** Per column, the value as it will be saved (prices "120.00", yes/no), or the text as given when it is wrong. */
  values: Record<ImportColumn, string>;
  draft: ImportDraft;
  errors: RowErrors;
}

export function addRowError(errors: RowErrors, key: string, message: string) {
  (errors[key] ??= []).push(message);
}

export const hasRowErrors = (row: { errors: RowErrors }) => Object.keys(row.errors).length > 0;

const TAX_CLASS_ALIASES: Record<string, TaxClass> = {
  'standard': 'standard',
  '16%': 'standard',
  'reduced': 'reduced',
  '8%': 'reduced',
  'zero rated': 'zero_rated',
  'zero': 'zero_rated',
  '0%': 'zero_rated',
  'exempt': 'exempt',
};

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

/** A price in the shop's currency, "120", "1,250.50" or "KES 120.00". */
function parsePrice(text: string): number | null {
  return parseMoney(text.replace(/^(kes|ksh|ksh\.)\s*/i, ''));
}

/** Reads one data row; every problem is reported against its column. */
export function mapImportRow(record: CsvRecord, header: ImportHeader): MappedImportRow {
  const errors: RowErrors = {};
  const values = Object.fromEntries(IMPORT_COLUMNS.map((column) => [column, cell(column)])) as Record<ImportColumn, string>;
  function cell(column: ImportColumn): string {
    const index = header.indexes[column];
    return index === undefined ? '' : unescapeFormula((record.fields[index] ?? '').trim());
  }
  const fail = (column: ImportColumn, message: string) => addRowError(errors, column, message);

  const price = (column: 'cost_price' | 'selling_price', label: string, blank: number | null): number => {
    const text = values[column];
    if (text === '') {
      if (blank === null) fail(column, fillMessage(/*i18n*/ 'Enter the {label}, e.g. 120.00', { label }));
      return blank ?? 0;
    }
    const minor = parsePrice(text);
    if (minor === null) {
      fail(column, fillMessage(/*i18n*/ 'The {label} must be an amount such as 120 or 99.50 (no minus sign, at most 2 decimals)', { label }));
      return 0;
    }
    values[column] = formatMoneyPlain(minor);
    return minor;
  };
  const quantity = (column: 'reorder_level' | 'opening_stock', label: string): number | null => {
    const text = values[column];
    if (text === '') return null;
    const milli = parseQuantity(text.replace(/,/g, ''));
    if (milli === null) {
      fail(column, fillMessage(/*i18n*/ 'The {label} must be a number such as 12 or 2.5 (no minus sign, at most 3 decimals)', { label }));
      return null;
    }
    values[column] = formatQuantity(milli);
    return milli;
  };
  const flag = (column: 'prices_include_tax' | 'track_stock'): boolean => {
    const text = values[column].toLowerCase();
    if (text === '') {
      values[column] = 'yes';
      return true;
    }
    if (YES.has(text) || NO.has(text)) {
      values[column] = YES.has(text) ? 'yes' : 'no';
      return YES.has(text);
    }
    fail(column, /*i18n*/ 'Write yes or no');
    return true;
  };

  const taxText = normalizeHeader(values.tax_class);
  const taxClass = taxText === '' ? null : TAX_CLASS_ALIASES[taxText];
  if (taxClass) values.tax_class = taxClass;
  else if (taxClass === undefined) fail('tax_class', fillMessage(/*i18n*/ 'Use one of {classes}', { classes: TAX_CLASSES.join(', ') }));

  const barcodes = values.barcode
    .split(BARCODE_SEPARATOR)
    .map((code) => code.trim())
    .filter(Boolean);
  values.barcode = barcodes.join(BARCODE_SEPARATOR);
  const categoryPath = splitCategoryPath(values.category);
  values.category = categoryPath.join(` ${CATEGORY_SEPARATOR} `);

  const trackStock = flag('track_stock');
  const openingStockMilli = quantity('opening_stock', /*i18n*/ 'opening stock') ?? 0;
  if (!trackStock && openingStockMilli > 0) fail('opening_stock', /*i18n*/ 'Opening stock needs track_stock yes');

  const draft: ImportDraft = {
    name: values.name,
    sku: values.sku,
    barcodes,
    categoryPath,
    brandName: values.brand || null,
    unitName: values.unit || null,
    costPriceMinor: price('cost_price', /*i18n*/ 'cost price', 0),
    sellingPriceMinor: price('selling_price', /*i18n*/ 'selling price', null),
    taxClass: taxClass ?? null,
    pricesIncludeTax: flag('prices_include_tax'),
    trackStock,
    reorderLevelMilli: quantity('reorder_level', /*i18n*/ 'reorder level'),
    openingStockMilli,
    locationName: values.location || null,
    description: values.description || null,
  };
  if (values.cost_price === '') values.cost_price = formatMoneyPlain(0);
  return { row: record.row, values, draft, errors };
}

/** "Drinks > Soft drinks" → ["Drinks", "Soft drinks"] (blank parts dropped). */
export function splitCategoryPath(text: string): string[] {
  return text
    .split(CATEGORY_SEPARATOR)
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
}

/**
 * A spreadsheet row left empty but kept in the file: only separators (",,,,", as LibreOffice and
 * Excel write rows whose formatting reaches below the data), or only spaces.
 */
export function isBlankRecord(record: CsvRecord): boolean {
  return record.fields.every((field) => field.trim() === '');
}

/** The header (the first row that is not blank), the data rows after it, and how many blank rows after it were skipped. */
export function splitImportRecords(records: readonly CsvRecord[]): { headerRecord: CsvRecord | undefined; dataRecords: CsvRecord[]; blankRowCount: number } {
  const headerIndex = records.findIndex((record) => !isBlankRecord(record));
  if (headerIndex === -1) return { headerRecord: undefined, dataRecords: [], blankRowCount: 0 };
  const after = records.slice(headerIndex + 1);
  const dataRecords = after.filter((record) => !isBlankRecord(record));
  return { headerRecord: records[headerIndex], dataRecords, blankRowCount: after.length - dataRecords.length };
}

/**
 * How a row without SKU or barcode is matched to the catalog: its name, or "Product - Variant"
 * as the export names a variant, in any case and spacing.
 */
export function catalogNameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The row has nothing but its name to tell it from another product. */
export const hasNoCode = (draft: Pick<ImportDraft, 'sku' | 'barcodes'>) => draft.sku === '' && draft.barcodes.length === 0;

/**
 * Marks SKUs (without case) and barcodes that more than one row of the file uses, and names
 * repeated by rows that have neither (they would become two products no one can tell apart).
 */
export function markDuplicatesInFile(rows: readonly MappedImportRow[]) {
  const firstRowOf = { sku: new Map<string, number>(), barcode: new Map<string, number>(), name: new Map<string, number>() };
  for (const row of rows) {
    if (hasNoCode(row.draft) && row.draft.name) {
      const key = catalogNameKey(row.draft.name);
      const first = firstRowOf.name.get(key);
      if (first === undefined) firstRowOf.name.set(key, row.row);
      else addRowError(row.errors, 'name', fillMessage(/*i18n*/ 'Row {row} has the same name, and neither row has a SKU or barcode to tell them apart', { row: first }));
    }
    const sku = row.draft.sku.toUpperCase();
    if (sku) {
      const first = firstRowOf.sku.get(sku);
      if (first === undefined) firstRowOf.sku.set(sku, row.row);
      else addRowError(row.errors, 'sku', fillMessage(/*i18n*/ 'Row {row} has the same SKU', { row: first }));
    }
    for (const code of row.draft.barcodes) {
      const first = firstRowOf.barcode.get(code);
      if (first === undefined) firstRowOf.barcode.set(code, row.row);
      else if (first !== row.row) addRowError(row.errors, 'barcode', fillMessage(/*i18n*/ 'Row {row} has the same barcode {code}', { row: first, code }));
    }
  }
}

/** The ids the server found (or created) for a row's names. */
export interface ImportReferences {
  categoryId: string | null;
  /** The category's default VAT class (its own or its nearest parent's); null: none. */
  categoryTaxClass: TaxClass | null;
  brandId: string | null;
  unitId: string | null;
  locationId: string;
}

export function toProductInput(draft: ImportDraft, references: ImportReferences): ProductInput {
  return {
    name: draft.name,
    description: draft.description,
    kind: 'standard',
    categoryId: references.categoryId,
    brandId: references.brandId,
    unitId: references.unitId,
    taxClass: draft.taxClass ?? references.categoryTaxClass ?? 'standard',
    pricesIncludeTax: draft.pricesIncludeTax,
    trackStock: draft.trackStock,
    reorderLevelMilli: draft.reorderLevelMilli,
    variants: [
      {
        name: '',
        sku: draft.sku,
        barcodes: draft.barcodes,
        costPriceMinor: draft.costPriceMinor,
        sellingPriceMinor: draft.sellingPriceMinor,
        openingStock: draft.openingStockMilli > 0 ? [{ locationId: references.locationId, quantityMilli: draft.openingStockMilli }] : [],
      },
    ],
  };
}

/** Checks a row with the product form's schema; messages land on the row's columns. */
export function validateProductInput(input: ProductInput): { ok: true; data: ProductData } | { ok: false; errors: RowErrors } {
  const parsed = productInputSchema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, errors: rowErrorsOfIssues(parsed.error.issues) };
}

export function rowErrorsOfIssues(issues: readonly z.core.$ZodIssue[]): RowErrors {
  const errors: RowErrors = {};
  for (const issue of issues) addRowError(errors, columnOfPath(issue.path.map(String)), issue.message);
  return errors;
}

const COLUMN_OF_FIELD: Record<string, ImportColumn> = {
  name: 'name',
  description: 'description',
  categoryId: 'category',
  brandId: 'brand',
  unitId: 'unit',
  taxClass: 'tax_class',
  pricesIncludeTax: 'prices_include_tax',
  trackStock: 'track_stock',
  reorderLevelMilli: 'reorder_level',
  sku: 'sku',
  barcodes: 'barcode',
  costPriceMinor: 'cost_price',
  sellingPriceMinor: 'selling_price',
};

/**
 * The CSV column of a ProductInput field path ("variants.0.barcodes.1" → barcode), for schema
 * issues and the field paths the product service throws; '_' when no column fits.
 */
export function columnOfPath(path: readonly string[]): string {
  const [first, , variantField, , openingField] = path;
  if (first === 'variants') {
    if (variantField === 'openingStock') return openingField === 'locationId' ? 'location' : 'opening_stock';
    if (variantField === undefined) return 'barcode';
    return COLUMN_OF_FIELD[variantField] ?? ROW_ERROR_KEY;
  }
  return (first !== undefined && COLUMN_OF_FIELD[first]) || ROW_ERROR_KEY;
}

/** The key of a row's column in a 400 answer: "row 3.barcode". */
export const importFieldKey = (row: number, column: string) => `row ${row}.${column}`;

/** A catalog item as the export writes it: the same columns the import reads. */
export interface ExportItem {
  name: string;
  sku: string;
  barcodes: readonly string[];
  categoryPath: readonly string[];
  brandName: string | null;
  unitName: string | null;
  costPriceMinor: number;
  sellingPriceMinor: number;
  taxClass: string;
  pricesIncludeTax: boolean;
  trackStock: boolean;
  reorderLevelMilli: number | null;
  openingStockMilli: number;
  description: string | null;
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** One export row; the location is left blank so a re-import puts the stock at the default location. */
export function exportRowFields(item: ExportItem): string[] {
  const byColumn: Record<ImportColumn, string> = {
    name: item.name,
    sku: item.sku,
    barcode: item.barcodes.join(BARCODE_SEPARATOR),
    category: item.categoryPath.join(` ${CATEGORY_SEPARATOR} `),
    brand: item.brandName ?? '',
    unit: item.unitName ?? '',
    cost_price: formatMoneyPlain(item.costPriceMinor),
    selling_price: formatMoneyPlain(item.sellingPriceMinor),
    tax_class: item.taxClass,
    prices_include_tax: yesNo(item.pricesIncludeTax),
    track_stock: yesNo(item.trackStock),
    reorder_level: item.reorderLevelMilli === null ? '' : formatQuantity(item.reorderLevelMilli),
    opening_stock: formatQuantity(Math.max(0, item.openingStockMilli)),
    location: '',
    description: item.description ?? '',
  };
  return IMPORT_COLUMNS.map((column) => escapeFormula(byColumn[column]));
}

/** The template: the header and two example rows (a barcoded bottle and a weighed good). */
export function importTemplateCsv(): string {
  return serializeCsv([
    [...IMPORT_COLUMNS],
    [
      'Coca-Cola 500 ml',
      'COKE-500',
      '5449000000996',
      'Drinks > Soft drinks',
      '',
      'Piece',
      '45.00',
      '60.00',
      'standard',
      'yes',
      'yes',
      '24',
      '48',
      '',
      'Chilled bottle',
    ],
    ['Sugar (loose)', '', '', 'Groceries > Sugar', '', 'Kilogram', '140.00', '160.00', 'zero_rated', 'yes', 'yes', '5', '25.5', '', ''],
  ]);
}
