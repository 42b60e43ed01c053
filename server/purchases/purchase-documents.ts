import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { fillMessage } from '../../core/i18n/message.rules';
import { QUANTITY_SCALE, lineAmount } from '../../core/products/quantity.rules';
import { addTax, divideRounded, type TaxClass } from '../../core/products/tax.rules';
import { queryRows, type TenantTx } from '../db/client';
import { contacts } from '../db/schema/contacts';
import { productVariants, products, units } from '../db/schema/products';
import { HttpError } from '../http/errors';
import { itemLabel } from '../inventory/inventory-documents';

// What the purchase documents (orders, receipts, bills, returns, expenses) share: the supplier
// check, the shop's VAT rates and day, and lines resolved against the catalog — the item, its
// purchase unit (a pack of the product's unit) and VAT band — with their amounts, VAT rounded half
// up per line.

const shopTimeZone = sql`coalesce((select time_zone from business_settings limit 1), 'Africa/Nairobi')`;

/** Today in the shop's time zone, as SQL (a date). */
export const shopToday = sql`(now() at time zone ${shopTimeZone})::date`;

/** A timestamp's day in the shop's time zone, as SQL, for from/to filters. */
export const shopDayOf = (column: SQL) => sql`(${column} at time zone ${shopTimeZone})::date`;

export async function readShopToday(tx: TenantTx): Promise<string> {
  const [row] = await queryRows<{ today: string }>(tx, sql`select ${shopToday}::text as today`);
  return row!.today;
}

/** A search text as a LIKE pattern's literal part. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** A contact of this shop that supplies (type supplier or both), or 400 on `field`. */
export async function requireSupplier(tx: TenantTx, supplierId: string, field = 'supplierId'): Promise<{ id: string; name: string; email: string | null; phone: string | null }> {
  const [supplier] = await tx
    .select({ id: contacts.id, name: contacts.name, type: contacts.type, email: contacts.email, phone: contacts.phone, mergedIntoId: contacts.mergedIntoId })
    .from(contacts)
    .where(eq(contacts.id, supplierId));
  if (!supplier || supplier.mergedIntoId !== null) throw new HttpError('validation_failed', /*i18n*/ 'Supplier not found', { [field]: [/*i18n*/ 'Supplier not found'] });
  if (supplier.type !== 'supplier' && supplier.type !== 'both') {
    const message = fillMessage(/*i18n*/ '{name} is not a supplier', { name: supplier.name });
    throw new HttpError('validation_failed', message, { [field]: [message] });
  }
  return { id: supplier.id, name: supplier.name, email: supplier.email, phone: supplier.phone };
}

export type VatRates = Record<TaxClass, number>;

/** The shop's VAT rates by band in basis points (zero-rated and exempt carry none). */
export async function readVatRates(tx: TenantTx): Promise<VatRates> {
  const [row] = await queryRows<{ standard: number; reduced: number }>(tx, sql`select vat_standard_bp as standard, vat_reduced_bp as reduced from business_settings limit 1`);
  return { standard: row?.standard ?? 1600, reduced: row?.reduced ?? 800, zero_rated: 0, exempt: 0 };
}

/** Does the shop claim back the VAT it pays (it has a KRA PIN)? */
export async function readShopClaimsVat(tx: TenantTx): Promise<boolean> {
  const [row] = await queryRows<{ claims: boolean }>(tx, sql`select coalesce(trim(kra_pin), '') <> '' as claims from business_settings limit 1`);
  return row?.claims ?? false;
}

/** A line's amount (VAT excluded) and its VAT, each rounded half up to the minor unit. */
export function purchaseLineAmounts(quantityMilli: number, unitCostMinor: number, rateBp: number): { lineSubtotalMinor: number; vatMinor: number } {
  const lineSubtotalMinor = lineAmount(unitCostMinor, quantityMilli);
  return { lineSubtotalMinor, vatMinor: addTax(lineSubtotalMinor, rateBp).taxMinor };
}

export interface PurchaseLineRequest {
  variantId: string;
  unitId: string | null;
  quantityMilli: number;
  unitCostMinor: number;
  taxClass: TaxClass | null;
}

export interface ResolvedPurchaseLine {
  variantId: string;
  productId: string;
  productName: string;
  variantName: string;
  sku: string;
  tracksBatches: boolean;
  /** null: the product's own unit. */
  unitId: string | null;
  unitName: string | null;
  /** Stock units per purchase unit, thousandths. */
  packSizeMilli: number;
  quantityMilli: number;
  /** quantity × pack: what the line is in stock units. */
  stockQuantityMilli: number;
  unitCostMinor: number;
  taxClass: TaxClass;
  lineSubtotalMinor: number;
  vatMinor: number;
}

interface CatalogItem {
  variantId: string;
  productId: string;
  productName: string;
  variantName: string;
  sku: string;
  trackStock: boolean;
  tracksBatches: boolean;
  productUnitId: string | null;
  productUnitAllowsDecimals: boolean;
  taxClass: TaxClass;
}

interface PackUnit {
  id: string;
  name: string;
  baseUnitId: string | null;
  baseQuantityMilli: number | null;
  allowsDecimals: boolean;
}

/** A document's own check of a resolved line (a receipt's batches): the problem's field in the line and message, or null. */
export type PurchaseLineCheck<Line> = (request: Line, resolved: ResolvedPurchaseLine) => { field: keyof Line & string; message: string } | null;

/**
 * The lines checked against this shop's catalog (others' ids are absent under RLS) and priced:
 * each item tracks stock; its unit is the product's own (null) or a pack whose base unit is the
 * product's unit; the quantity is whole unless that unit allows decimals, and some stock; a missing
 * VAT band is the product's; then the document's own `checkLine`. 400 with a message per bad line
 * (`lines.N.field`, under `path`), before anything is written.
 */
export async function resolvePurchaseLines<Line extends PurchaseLineRequest>(
  tx: TenantTx,
  lines: readonly Line[],
  rates: VatRates,
  { path = 'lines', checkLine }: { path?: string; checkLine?: PurchaseLineCheck<Line> } = {},
): Promise<ResolvedPurchaseLine[]> {
  const variantIds = [...new Set(lines.map((line) => line.variantId))];
  const unitIds = [...new Set(lines.flatMap((line) => (line.unitId ? [line.unitId] : [])))];
  const itemRows = variantIds.length
    ? await tx
        .select({
          variantId: productVariants.id,
          productId: products.id,
          productName: products.name,
          variantName: productVariants.name,
          sku: productVariants.sku,
          trackStock: products.trackStock,
          tracksBatches: products.tracksBatches,
          productUnitId: products.unitId,
          productUnitAllowsDecimals: sql<boolean>`coalesce(${units.allowsDecimals}, false)`,
          taxClass: sql<TaxClass>`${products.taxClass}`,
        })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .leftJoin(units, eq(units.id, products.unitId))
        .where(inArray(productVariants.id, variantIds))
    : [];
  const unitRows = unitIds.length
    ? await tx
        .select({ id: units.id, name: units.name, baseUnitId: units.baseUnitId, baseQuantityMilli: units.baseQuantity, allowsDecimals: units.allowsDecimals })
        .from(units)
        .where(inArray(units.id, unitIds))
    : [];
  const items = new Map<string, CatalogItem>(itemRows.map((row) => [row.variantId, row]));
  const packs = new Map<string, PackUnit>(unitRows.map((row) => [row.id, row]));

  const fields: Record<string, string[]> = {};
  const resolved: ResolvedPurchaseLine[] = [];
  lines.forEach((line, index) => {
    const field = (name: string) => `${path}.${index}.${name}`;
    const item = items.get(line.variantId);
    if (!item) {
      fields[field('variantId')] = [/*i18n*/ 'Product not found'];
      return;
    }
    if (!item.trackStock) {
      fields[field('variantId')] = [fillMessage(/*i18n*/ '{product} does not track stock', { product: itemLabel(item) })];
      return;
    }
    const pack = line.unitId && line.unitId !== item.productUnitId ? packs.get(line.unitId) : undefined;
    if (line.unitId && line.unitId !== item.productUnitId && (!pack || pack.baseUnitId === null || pack.baseUnitId !== item.productUnitId)) {
      fields[field('unitId')] = [fillMessage(/*i18n*/ 'Choose the unit of {product} or a pack of it', { product: itemLabel(item) })];
      return;
    }
    const allowsDecimals = pack ? pack.allowsDecimals : item.productUnitAllowsDecimals;
    if (!allowsDecimals && line.quantityMilli % QUANTITY_SCALE !== 0) {
      fields[field('quantityMilli')] = [fillMessage(/*i18n*/ '{product} is counted in whole units', { product: pack?.name ?? itemLabel(item) })];
      return;
    }
    const packSizeMilli = pack?.baseQuantityMilli ?? QUANTITY_SCALE;
    const stockQuantityMilli = stockQuantity(line.quantityMilli, packSizeMilli);
    if (stockQuantityMilli <= 0) {
      fields[field('quantityMilli')] = [/*i18n*/ 'Enter a quantity more than 0'];
      return;
    }
    const taxClass = line.taxClass ?? item.taxClass;
    const priced: ResolvedPurchaseLine = {
      variantId: item.variantId,
      productId: item.productId,
      productName: item.productName,
      variantName: item.variantName,
      sku: item.sku,
      tracksBatches: item.tracksBatches,
      unitId: pack?.id ?? null,
      unitName: pack?.name ?? null,
      packSizeMilli,
      quantityMilli: line.quantityMilli,
      stockQuantityMilli,
      unitCostMinor: line.unitCostMinor,
      taxClass,
      ...purchaseLineAmounts(line.quantityMilli, line.unitCostMinor, rates[taxClass]),
    };
    const problem = checkLine?.(line, priced);
    if (problem) fields[field(problem.field)] = [problem.message];
    else resolved.push(priced);
  });
  const problems = Object.values(fields);
  if (problems.length > 0) throw new HttpError('validation_failed', problems.length === 1 ? problems[0]![0]! : /*i18n*/ 'Some lines are invalid', fields);
  return resolved;
}

/** Purchase units × pack size, in stock-unit thousandths (rounded half up to a thousandth). */
export const stockQuantity = (quantityMilli: number, packSizeMilli: number) => divideRounded(quantityMilli * packSizeMilli, QUANTITY_SCALE);
