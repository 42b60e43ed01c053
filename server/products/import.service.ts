import { eq, sql } from 'drizzle-orm';
import { upgradeMessage, type PlanEntitlements } from '../../core/billing/plan-features.rules';
import { parseCsv } from '../../core/products/csv.rules';
import {
  addRowError,
  catalogNameKey,
  hasNoCode,
  hasRowErrors,
  importFieldKey,
  mapImportHeader,
  mapImportRow,
  markDuplicatesInFile,
  columnOfPath,
  splitImportRecords,
  toProductInput,
  validateProductInput,
  type ImportDraft,
  type ImportReferences,
  type MappedImportRow,
  type RowErrors,
} from '../../core/products/product-import.rules';
import { DEFAULT_UNITS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ImportPreview, type ProductData } from '../../core/products/products.schemas';
import { QUANTITY_SCALE } from '../../core/products/quantity.rules';
import type { TaxClass } from '../../core/products/tax.rules';
import { assertUnderPlanLimit } from '../billing/plan-limits';
import { readSubscriptionState } from '../billing/subscription.service';
import { queryRows, type Database, type TenantTx } from '../db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../db/errors';
import { locations } from '../db/schema/inventory';
import { productImports } from '../db/schema/product-imports';
import { brands, productCategories, units } from '../db/schema/products';
import { HttpError } from '../http/errors';
import { claimRequestKey, type RequestKey } from '../http/idempotency';
import { countActiveProducts } from './bulk.service';
import { createProduct, readProductWriteContext } from './products.service';

// CSV import of simple products with opening stock (feature bulk_operations). The preview and
// the import run the same checks; the import writes only when every row passes, in one
// transaction (categories and brands it creates included), so a refused file leaves no trace.

const MEGABYTE = 1024 * 1024;
/** Stands in for the id of a category or brand the import will create, while rows are checked. */
const TO_BE_CREATED = '00000000-0000-4000-8000-000000000000';
/** PostgreSQL takes at most 65,535 parameters per statement. */
const LOOKUP_CHUNK = 5000;

export interface ImportActor {
  tenantId: string;
  userId: string;
  requestKey: RequestKey | null;
}

interface ParsedImport {
  rows: MappedImportRow[];
  ignoredColumns: string[];
  /** Rows of separators only below the header, skipped. */
  blankRowCount: number;
}

/** Size, encoding, CSV syntax, header and row count: 413 or 400 with a message saying what to do. */
export function readImportFile(bytes: Uint8Array): ParsedImport {
  if (bytes.byteLength > IMPORT_MAX_BYTES) throw fileTooLargeError();
  const text = decodeCsvText(bytes);
  const parsed = parseCsv(text);
  if (!parsed.ok) throw fileError(`This is not a readable CSV file. ${parsed.message}.`);
  const { headerRecord, dataRecords: records, blankRowCount } = splitImportRecords(parsed.records);
  if (!headerRecord) throw fileError(/*i18n*/ 'The file is empty. Download the template, fill in your products and upload it.');
  const header = mapImportHeader(headerRecord.fields);
  if (!header.ok) throw fileError(header.message);
  if (records.length === 0) throw fileError(/*i18n*/ 'The file has a header but no products below it.');
  if (records.length > IMPORT_MAX_ROWS) {
    throw fileError(`The file has ${records.length.toLocaleString('en-KE')} products; at most ${IMPORT_MAX_ROWS.toLocaleString('en-KE')} go in one import. Split it into smaller files.`);
  }
  const rows = records.map((record) => mapImportRow(record, header.header));
  markDuplicatesInFile(rows);
  return { rows, ignoredColumns: header.header.ignoredColumns, blankRowCount };
}

/** 413 for a file over IMPORT_MAX_BYTES (also answered by the body limit in server/app.ts). */
export function fileTooLargeError(): HttpError {
  return new HttpError(
    'payload_too_large',
    `The file is larger than ${IMPORT_MAX_BYTES / MEGABYTE} MB. Split it into smaller files of at most ${IMPORT_MAX_ROWS.toLocaleString('en-KE')} rows.`,
  );
}

const fileError = (message: string) => new HttpError('validation_failed', message, { file: [message] });

/** UTF-8 (with or without BOM), else Windows-1252 as older Excel saves "CSV (Comma delimited)". */
function decodeCsvText(bytes: Uint8Array): string {
  const head = bytes.subarray(0, 8);
  const isZip = head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
  const isOldExcel = head[0] === 0xd0 && head[1] === 0xcf && head[2] === 0x11 && head[3] === 0xe0;
  if (isZip || isOldExcel) throw fileError(/*i18n*/ 'This is an Excel workbook, not a CSV file. In Excel choose File › Save As › "CSV UTF-8", then upload that file.');
  if (bytes.subarray(0, 8192).includes(0)) throw fileError(/*i18n*/ 'This is not a text file. Upload the products as a CSV file.');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The shop's names the file may refer to, read once per import. */
interface Catalog {
  categoryIdByPath: Map<string, string>;
  /** Each category's own default VAT class (none: absent), by path key. */
  categoryTaxClassByPath: Map<string, TaxClass>;
  brandIdByName: Map<string, string>;
  unitsByName: Map<string, typeof units.$inferSelect>;
  unitNames: string[];
  locationByName: Map<string, { id: string; name: string; isActive: boolean }>;
  defaultLocationId: string;
  entitlements: PlanEntitlements;
}

const pathKey = (path: readonly string[]) => path.map((part) => part.toLowerCase()).join('\u0000');

async function readCatalog(tx: TenantTx): Promise<Catalog> {
  const [categoryRows, brandRows, unitRows, locationRows, { entitlements }] = await Promise.all([
    tx
      .select({ id: productCategories.id, name: productCategories.name, parentId: productCategories.parentId, defaultTaxClass: productCategories.defaultTaxClass })
      .from(productCategories),
    tx.select({ id: brands.id, name: brands.name }).from(brands),
    tx.select().from(units),
    tx.select({ id: locations.id, name: locations.name, isActive: locations.isActive, isDefault: locations.isDefault }).from(locations),
    readSubscriptionState(tx, new Date()),
  ]);
  const categoryById = new Map(categoryRows.map((row) => [row.id, row]));
  const pathOf = (id: string): string[] => {
    const names: string[] = [];
    for (let current = categoryById.get(id); current && names.length <= categoryRows.length; current = current.parentId ? categoryById.get(current.parentId) : undefined) {
      names.unshift(current.name);
    }
    return names;
  };
  const unitsByName = new Map<string, typeof units.$inferSelect>();
  for (const unit of unitRows) {
    unitsByName.set(unit.name.toLowerCase(), unit);
    if (!unitsByName.has(unit.shortName.toLowerCase())) unitsByName.set(unit.shortName.toLowerCase(), unit);
  }
  const defaultLocation = locationRows.find((row) => row.isDefault);
  if (!defaultLocation) throw new HttpError('conflict', /*i18n*/ 'This shop has no default location; set one under Locations first.');
  return {
    categoryIdByPath: new Map(categoryRows.map((row) => [pathKey(pathOf(row.id)), row.id])),
    categoryTaxClassByPath: new Map(
      categoryRows.flatMap((row) => (row.defaultTaxClass ? [[pathKey(pathOf(row.id)), row.defaultTaxClass as TaxClass] as const] : [])),
    ),
    brandIdByName: new Map(brandRows.map((row) => [row.name.toLowerCase(), row.id])),
    unitsByName,
    unitNames: unitRows.map((unit) => unit.name),
    locationByName: new Map(locationRows.map((row) => [row.name.toLowerCase(), row])),
    defaultLocationId: defaultLocation.id,
    entitlements,
  };
}

/** Packs and units beyond the four every shop starts with are advanced inventory (as for the product form). */
const isAdvancedUnit = (unit: typeof units.$inferSelect) =>
  unit.baseUnitId !== null || !DEFAULT_UNITS.some((standard) => standard.name.toLowerCase() === unit.name.toLowerCase());

interface CheckedRow extends MappedImportRow {
  /** Resolved ids (TO_BE_CREATED for categories and brands the import adds). */
  unitId: string | null;
  locationId: string;
}

interface CheckedImport {
  rows: CheckedRow[];
  /** Category paths to create, parents first. */
  newCategoryPaths: string[][];
  newBrandNames: string[];
}

/** Every check a row can fail before anything is written; problems land on the rows. */
async function checkRows(tx: TenantTx, rows: MappedImportRow[]): Promise<CheckedImport> {
  const catalog = await readCatalog(tx);
  const newCategoryPaths = new Map<string, string[]>();
  const newBrandNames = new Map<string, string>();
  const checked = rows.map((row): CheckedRow => {
    const { draft, errors } = row;
    for (let depth = 1; depth <= draft.categoryPath.length; depth += 1) {
      const path = draft.categoryPath.slice(0, depth);
      if (!catalog.categoryIdByPath.has(pathKey(path)) && !newCategoryPaths.has(pathKey(path))) newCategoryPaths.set(pathKey(path), path);
    }
    if (draft.brandName && !catalog.brandIdByName.has(draft.brandName.toLowerCase())) {
      if (catalog.entitlements.features.advanced_inventory) newBrandNames.set(draft.brandName.toLowerCase(), draft.brandName);
    }
    if (draft.brandName && !catalog.entitlements.features.advanced_inventory) addRowError(errors, 'brand', upgradeMessage('advanced_inventory'));
    const unit = draft.unitName ? catalog.unitsByName.get(draft.unitName.toLowerCase()) : undefined;
    if (draft.unitName && !unit) addRowError(errors, 'unit', `Unknown unit "${draft.unitName}". Use one of: ${catalog.unitNames.join(', ')}`);
    if (unit && isAdvancedUnit(unit) && !catalog.entitlements.features.advanced_inventory) addRowError(errors, 'unit', upgradeMessage('advanced_inventory'));
    checkWholeQuantities(draft, errors, unit);
    const location = draft.locationName ? catalog.locationByName.get(draft.locationName.toLowerCase()) : undefined;
    if (draft.locationName && !location) addRowError(errors, 'location', `Unknown location "${draft.locationName}"; leave it blank for the default location`);
    else if (location && !location.isActive) addRowError(errors, 'location', `${location.name} is closed; choose an open location`);
    const checkedRow = { ...row, unitId: unit?.id ?? null, locationId: location?.id ?? catalog.defaultLocationId };
    const references = referencesOf(checkedRow, catalog, TO_BE_CREATED);
    if (draft.taxClass === null) row.values.tax_class = references.categoryTaxClass ?? 'standard';
    const validation = validateProductInput(toProductInput(draft, references));
    if (!validation.ok) mergeErrors(errors, validation.errors);
    return checkedRow;
  });
  await markTakenCodes(tx, checked);
  await markTakenNames(tx, checked);
  return { rows: checked, newCategoryPaths: [...newCategoryPaths.values()], newBrandNames: [...newBrandNames.values()] };
}

function referencesOf(row: CheckedRow, catalog: Catalog, missing: string): ImportReferences {
  const { categoryPath, brandName } = row.draft;
  return {
    categoryId: categoryPath.length ? (catalog.categoryIdByPath.get(pathKey(categoryPath)) ?? missing) : null,
    categoryTaxClass: categoryTaxClassOf(categoryPath, catalog),
    brandId: brandName ? (catalog.brandIdByName.get(brandName.toLowerCase()) ?? missing) : null,
    unitId: row.unitId,
    locationId: row.locationId,
  };
}

/** The default VAT class of the category or its nearest parent that has one (a category the import creates has none of its own). */
function categoryTaxClassOf(path: readonly string[], catalog: Catalog): TaxClass | null {
  for (let depth = path.length; depth > 0; depth -= 1) {
    const taxClass = catalog.categoryTaxClassByPath.get(pathKey(path.slice(0, depth)));
    if (taxClass) return taxClass;
  }
  return null;
}

function checkWholeQuantities(draft: ImportDraft, errors: RowErrors, unit: typeof units.$inferSelect | undefined) {
  if (unit?.allowsDecimals) return;
  const message = `${unit?.name ?? 'Piece'} is counted in whole numbers`;
  if (draft.openingStockMilli % QUANTITY_SCALE !== 0) addRowError(errors, 'opening_stock', message);
  if (draft.reorderLevelMilli !== null && draft.reorderLevelMilli % QUANTITY_SCALE !== 0) addRowError(errors, 'reorder_level', message);
}

function mergeErrors(into: RowErrors, from: RowErrors) {
  for (const [key, messages] of Object.entries(from)) for (const message of messages) if (!into[key]?.includes(message)) addRowError(into, key, message);
}

/** SKUs and barcodes the shop already uses (named with the product that has them). */
async function markTakenCodes(tx: TenantTx, rows: CheckedRow[]) {
  const skus = [...new Set(rows.map((row) => row.draft.sku.toUpperCase()).filter(Boolean))];
  const codes = [...new Set(rows.flatMap((row) => row.draft.barcodes))];
  const skuOwners = new Map<string, string>();
  const codeOwners = new Map<string, string>();
  for (let start = 0; start < skus.length; start += LOOKUP_CHUNK) {
    const found = await queryRows<{ sku: string; name: string }>(
      tx,
      sql`select upper(v.sku) as sku, p.name from product_variants v join products p on p.tenant_id = v.tenant_id and p.id = v.product_id
          where upper(v.sku) in (${sql.join(skus.slice(start, start + LOOKUP_CHUNK).map((sku) => sql`${sku}`), sql`, `)})`,
    );
    for (const row of found) skuOwners.set(row.sku, row.name);
  }
  for (let start = 0; start < codes.length; start += LOOKUP_CHUNK) {
    const found = await queryRows<{ code: string; name: string }>(
      tx,
      sql`select b.code, p.name from product_barcodes b
          join product_variants v on v.tenant_id = b.tenant_id and v.id = b.variant_id
          join products p on p.tenant_id = v.tenant_id and p.id = v.product_id
          where b.code in (${sql.join(codes.slice(start, start + LOOKUP_CHUNK).map((code) => sql`${code}`), sql`, `)})`,
    );
    for (const row of found) codeOwners.set(row.code, row.name);
  }
  for (const row of rows) {
    const skuOwner = skuOwners.get(row.draft.sku.toUpperCase());
    if (skuOwner) addRowError(row.errors, 'sku', `SKU ${row.draft.sku} is already used by ${skuOwner}`);
    for (const code of row.draft.barcodes) {
      const codeOwner = codeOwners.get(code);
      if (codeOwner) addRowError(row.errors, 'barcode', `Barcode ${code} is already on ${codeOwner}`);
    }
  }
}

/**
 * Rows with neither SKU nor barcode are matched to the catalog by name ("Product - Variant" for a
 * variant, as the export writes it): importing the same file twice must not add every such row
 * again. A match is refused, as a taken SKU is, with the product's SKU to use instead.
 */
async function markTakenNames(tx: TenantTx, rows: CheckedRow[]) {
  const codeless = rows.filter((row) => hasNoCode(row.draft) && row.draft.name);
  const keys = [...new Set(codeless.map((row) => catalogNameKey(row.draft.name)))];
  const owners = new Map<string, { sku: string; status: string }>();
  for (let start = 0; start < keys.length; start += LOOKUP_CHUNK) {
    const found = await queryRows<{ key: string; sku: string; status: string }>(
      tx,
      sql`select m.key, m.sku, m.status from (
            select lower(regexp_replace(btrim(case when v.name = '' then p.name else p.name || ' - ' || v.name end), '[[:space:]]+', ' ', 'g')) as key,
                   v.sku, p.status
            from products p join product_variants v on v.tenant_id = p.tenant_id and v.product_id = p.id
          ) m
          where m.key in (${sql.join(keys.slice(start, start + LOOKUP_CHUNK).map((key) => sql`${key}`), sql`, `)})`,
    );
    for (const row of found) if (!owners.has(row.key)) owners.set(row.key, row);
  }
  for (const row of codeless) {
    const owner = owners.get(catalogNameKey(row.draft.name));
    if (!owner) continue;
    const archived = owner.status === 'archived' ? ' (archived)' : '';
    addRowError(
      row.errors,
      'name',
      `${row.draft.name} is already in your catalog${archived} with SKU ${owner.sku}. A row without a SKU or barcode is matched by its name: leave it out, or give it its own SKU to add another product.`,
    );
  }
}

/** POST /api/products/import/preview: what the import would do, row by row; writes nothing. */
export async function previewImport(database: Database, tenantId: string, bytes: Uint8Array): Promise<ImportPreview> {
  const { rows, ignoredColumns, blankRowCount } = readImportFile(bytes);
  const checked = await database.withTenant(tenantId, (tx) => checkRows(tx, rows));
  const errorCount = checked.rows.filter(hasRowErrors).length;
  return {
    totalRows: checked.rows.length,
    validCount: checked.rows.length - errorCount,
    blankRowCount,
    errorCount,
    newCategories: checked.newCategoryPaths.map((path) => path.join(' > ')),
    newBrands: checked.newBrandNames,
    ignoredColumns,
    rows: checked.rows.map(({ row, values, errors }) => ({ row, values, errors })),
  };
}

/**
 * POST /api/products/import: all rows or none. The plan's product limit is checked once for the
 * whole file; each row then goes through the product service like a product saved in the form.
 * With an Idempotency-Key, a repeated upload answers with the first import's count.
 */
export async function commitImport(database: Database, actor: ImportActor, bytes: Uint8Array): Promise<{ createdCount: number; replayed: boolean }> {
  const { rows } = readImportFile(bytes);
  try {
    return await database.withTenant(actor.tenantId, (tx) => importRows(tx, actor, rows));
  } catch (error) {
    if (actor.requestKey && isUniqueViolation(error, 'product_imports_request_key_unique')) {
      // The same upload finished in another request meanwhile: answer with its result.
      return { createdCount: await readImportResult(database, actor.tenantId, actor.requestKey.key), replayed: true };
    }
    if (isUniqueViolation(error) || isForeignKeyViolation(error)) {
      throw new HttpError('conflict', /*i18n*/ 'Someone changed the catalog while the file was being imported. Nothing was imported; preview the file again.');
    }
    throw error;
  }
}

async function readImportResult(database: Database, tenantId: string, requestKey: string): Promise<number> {
  const [existing] = await database.withTenant(tenantId, (tx) =>
    tx.select({ createdCount: productImports.createdCount }).from(productImports).where(eq(productImports.requestKey, requestKey)),
  );
  if (!existing) throw new HttpError('conflict', /*i18n*/ 'This import is still running; wait a moment and reload the products list.');
  return existing.createdCount;
}

async function importRows(tx: TenantTx, actor: ImportActor, rows: MappedImportRow[]): Promise<{ createdCount: number; replayed: boolean }> {
  if (actor.requestKey) {
    await claimRequestKey(tx, actor.tenantId, actor.requestKey);
    const [existing] = await tx.select({ createdCount: productImports.createdCount }).from(productImports).where(eq(productImports.requestKey, actor.requestKey.key));
    if (existing) return { createdCount: existing.createdCount, replayed: true };
  }
  const checked = await checkRows(tx, rows);
  throwRowErrors(checked.rows);

  const context = await readProductWriteContext(tx, { tenantId: actor.tenantId, userId: actor.userId, requestKey: null });
  await assertUnderPlanLimit(tx, actor.tenantId, 'max_products', () => countActiveProducts(tx), { adding: checked.rows.length });
  const catalog = await createMissingNames(tx, actor.tenantId, checked);
  for (const row of checked.rows) {
    const validation = validateProductInput(toProductInput(row.draft, referencesOf(row, catalog, TO_BE_CREATED)));
    if (!validation.ok) throw rowError(row.row, validation.errors);
    await createRowProduct(tx, context, row.row, validation.data);
  }
  if (actor.requestKey) {
    await tx.insert(productImports).values({ tenantId: actor.tenantId, requestKey: actor.requestKey.key, createdCount: checked.rows.length, userId: actor.userId });
  }
  return { createdCount: checked.rows.length, replayed: false };
}

/** 400 naming every problem as "row N.column", or nothing when all rows are fine. */
function throwRowErrors(rows: readonly MappedImportRow[]) {
  const bad = rows.filter(hasRowErrors);
  if (bad.length === 0) return;
  const fields: Record<string, string[]> = {};
  for (const row of bad) for (const [column, messages] of Object.entries(row.errors)) fields[importFieldKey(row.row, column)] = messages;
  const count = bad.length === 1 ? `Row ${bad[0]!.row} has a problem` : `${bad.length.toLocaleString('en-KE')} rows have problems`;
  throw new HttpError('validation_failed', `${count}; nothing was imported. Fix the file and upload it again.`, fields);
}

function rowError(row: number, errors: RowErrors): HttpError {
  const fields = Object.fromEntries(Object.entries(errors).map(([column, messages]) => [importFieldKey(row, column), messages]));
  return new HttpError('validation_failed', `Row ${row} has a problem; nothing was imported. Fix the file and upload it again.`, fields);
}

async function createRowProduct(tx: TenantTx, context: Awaited<ReturnType<typeof readProductWriteContext>>, row: number, data: ProductData) {
  try {
    await createProduct(tx, context, data, { checkLimit: false });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const errors: RowErrors = {};
    for (const [path, messages] of Object.entries(error.fields ?? { _: [error.message] })) {
      for (const message of messages) addRowError(errors, columnOfPath(path.split('.')), message);
    }
    throw new HttpError(error.code, `Row ${row}: ${error.message}. Nothing was imported.`, rowError(row, errors).fields);
  }
}

/** Creates the categories (parents first) and brands the file names, and returns the full name maps. */
async function createMissingNames(tx: TenantTx, tenantId: string, checked: CheckedImport): Promise<Catalog> {
  const catalog = await readCatalog(tx);
  for (const path of checked.newCategoryPaths) {
    const parentId = path.length > 1 ? catalog.categoryIdByPath.get(pathKey(path.slice(0, -1)))! : null;
    const [created] = await tx.insert(productCategories).values({ tenantId, name: path.at(-1)!, parentId }).returning({ id: productCategories.id });
    catalog.categoryIdByPath.set(pathKey(path), created!.id);
  }
  if (checked.newBrandNames.length > 0) {
    const created = await tx.insert(brands).values(checked.newBrandNames.map((name) => ({ tenantId, name }))).returning({ id: brands.id, name: brands.name });
    for (const brand of created) catalog.brandIdByName.set(brand.name.toLowerCase(), brand.id);
  }
  return catalog;
}
