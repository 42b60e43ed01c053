import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { upgradeMessage, type PlanEntitlements } from '../../core/billing/plan-features.rules';
import { DEFAULT_UNITS, type Product, type ProductData } from '../../core/products/products.schemas';
import { QUANTITY_SCALE } from '../../core/products/quantity.rules';
import { postDocument } from '../accounting/post-document';
import { assertUnderPlanLimit } from '../billing/plan-limits';
import { readSubscriptionState } from '../billing/subscription.service';
import { queryRows, type Database, type TenantTx } from '../db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../db/errors';
import { contacts } from '../db/schema/contacts';
import { locations, stockLevels } from '../db/schema/inventory';
import { quantityFromNumeric } from '../db/schema/quantity';
import {
  brands,
  comboComponents,
  productBarcodes,
  productCategories,
  productPriceTiers,
  products,
  productVariants,
  units,
} from '../db/schema/products';
import { HttpError, notFound } from '../http/errors';
import { claimRequestKey, type RequestKey } from '../http/idempotency';
import { readAllowNegativeStock, recordMovements, refreshLowFlags, type MovementRequest } from '../inventory/stock-ledger';
import { requireSupplier } from '../purchases/purchase-documents';
import { readNewProductTaxClass } from './catalog-refs.service';

// Creating and changing catalog products (issue "Products and inventory"). Every problem with the
// input is an HttpError naming the field it concerns (variants.0.sku, components.1.variantId …),
// so the product form and the CSV import can show it next to the value.

export interface ProductWriteContext {
  tenantId: string;
  userId: string | null;
  /** The client's Idempotency-Key: a second create with it returns the first product. */
  requestKey: RequestKey | null;
  entitlements: PlanEntitlements;
  /** The shop's negative-stock setting (for the ledger context of opening stock). */
  allowNegative: boolean;
}

type UnitRow = typeof units.$inferSelect;
type VariantData = ProductData['variants'][number];

/** The context of a product write for this tenant now: its plan's entitlements and stock setting. */
export async function readProductWriteContext(
  tx: TenantTx,
  actor: { tenantId: string; userId: string | null; requestKey: RequestKey | null },
): Promise<ProductWriteContext> {
  const { entitlements } = await readSubscriptionState(tx, new Date());
  return { ...actor, entitlements, allowNegative: await readAllowNegativeStock(tx) };
}

/**
 * Creates a product with its variants, barcodes, tiers, components and opening stock in the
 * caller's transaction. With options.checkLimit the plan's max_products is checked here (the CSV
 * import checks it once for all its rows instead).
 */
export async function createProduct(
  tx: TenantTx,
  context: ProductWriteContext,
  data: ProductData,
  options: { checkLimit: boolean },
): Promise<{ id: string; replayed: boolean }> {
  if (context.requestKey) {
    // Same-key requests queue here, so the second sees the first's product instead of racing it.
    await claimRequestKey(tx, context.tenantId, context.requestKey);
    const [existing] = await tx.select({ id: products.id }).from(products).where(eq(products.requestKey, context.requestKey.key));
    if (existing) return { id: existing.id, replayed: true };
  }
  const unit = await checkReferences(tx, data, null);
  const taxClass = data.taxClass ?? (await readNewProductTaxClass(tx, data.categoryId));
  assertAdvancedAllowed(context.entitlements, data, unit, null);
  checkQuantities(data, unit);
  await checkOpeningStock(tx, data);
  if (options.checkLimit && data.status === 'active') {
    await assertUnderPlanLimit(tx, context.tenantId, 'max_products', () => countActiveProducts(tx));
  }

  const [product] = await tx
    .insert(products)
    .values({ tenantId: context.tenantId, ...productColumns(data), taxClass, requestKey: context.requestKey?.key ?? null })
    .returning({ id: products.id });
  const productId = product!.id;
  const variantIds = await insertVariants(tx, context.tenantId, productId, data.name, data.variants.map((variant, index) => ({ variant, index })));
  await insertBarcodes(tx, context.tenantId, data.variants.map((variant, index) => ({ variantId: variantIds[index]!, index, codes: variant.barcodes })));
  await insertPriceTiers(tx, context.tenantId, data.variants, variantIds);
  await insertComponents(tx, context.tenantId, productId, data.components);

  const openingMovements: MovementRequest[] = data.variants.flatMap((variant, index) =>
    variant.openingStock
      .filter((line) => line.quantityMilli > 0)
      .map((line) => ({
        variantId: variantIds[index]!,
        locationId: line.locationId,
        kind: 'opening' as const,
        quantityMilli: line.quantityMilli,
        unitCostMinor: variant.costPriceMinor,
        sourceType: 'product',
        sourceId: productId,
      })),
  );
  if (openingMovements.length > 0) {
    await recordMovements(tx, context, openingMovements);
    await postDocument(tx, context.tenantId, 'stock_opening', productId);
  }
  return { id: productId, replayed: false };
}

/**
 * Replaces a product's details. Variants with an id are updated, those without are added, and
 * those left out are removed, but only while nothing in the stock books refers to them. Opening
 * stock is ignored here (stock changes through adjustments and receipts).
 */
export async function updateProduct(tx: TenantTx, context: ProductWriteContext, productId: string, data: ProductData): Promise<void> {
  const [current] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
  if (!current) throw notFound(/*i18n*/ 'No such product');
  if (data.kind !== current.kind) {
    throw fieldError('validation_failed', 'kind', /*i18n*/ 'A product cannot switch between standard and combo; create a new product instead');
  }
  const existingVariants = await tx
    .select({ id: productVariants.id, sku: productVariants.sku })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  const existingIds = new Set(existingVariants.map((variant) => variant.id));
  data.variants.forEach((variant, index) => {
    if (variant.id && !existingIds.has(variant.id)) throw fieldError('validation_failed', `variants.${index}.id`, /*i18n*/ 'This variant is not part of the product; reload and try again');
  });

  const unit = await checkReferences(tx, data, productId);
  assertAdvancedAllowed(context.entitlements, data, unit, await readAdvancedState(tx, current));
  checkQuantities(data, unit);
  if (current.status === 'archived' && data.status === 'active') {
    await assertUnderPlanLimit(tx, context.tenantId, 'max_products', () => countActiveProducts(tx));
  }

  const keptIds = new Set(data.variants.flatMap((variant) => (variant.id ? [variant.id] : [])));
  const removedIds = existingVariants.filter((variant) => !keptIds.has(variant.id)).map((variant) => variant.id);
  await assertRemovable(tx, removedIds);

  await tx
    .update(products)
    .set({ ...productColumns(data), taxClass: data.taxClass ?? current.taxClass, updatedAt: new Date() })
    .where(eq(products.id, productId));
  if (removedIds.length > 0) await tx.delete(productVariants).where(inArray(productVariants.id, removedIds));
  await updateExistingVariants(tx, data.variants, new Map(existingVariants.map((variant) => [variant.id, variant.sku])));
  const added = data.variants.flatMap((variant, index) => (variant.id ? [] : [{ variant, index }]));
  const addedIds = await insertVariants(tx, context.tenantId, productId, data.name, added);
  const variantIds = data.variants.map((variant) => variant.id ?? '');
  added.forEach(({ index }, position) => (variantIds[index] = addedIds[position]!));

  await replaceBarcodes(tx, context.tenantId, data.variants, variantIds);
  if (keptIds.size > 0) await tx.delete(productPriceTiers).where(inArray(productPriceTiers.variantId, [...keptIds]));
  await insertPriceTiers(tx, context.tenantId, data.variants, variantIds);
  await tx.delete(comboComponents).where(eq(comboComponents.productId, productId));
  await insertComponents(tx, context.tenantId, productId, data.components);
  if (data.reorderLevelMilli !== current.reorderLevel) await refreshLowFlags(tx, productId);
}

/** POST /api/products: one transaction, limit checked, answered with the stored product. */
export async function createProductForRequest(
  database: Database,
  actor: { tenantId: string; userId: string | null; requestKey: RequestKey | null },
  data: ProductData,
): Promise<{ product: Product; replayed: boolean }> {
  return translateRaces(() =>
    database.withTenant(actor.tenantId, async (tx) => {
      const { id, replayed } = await createProduct(tx, await readProductWriteContext(tx, actor), data, { checkLimit: true });
      return { product: await getProduct(tx, id), replayed };
    }),
  );
}

/** PUT /api/products/{id}. */
export async function updateProductForRequest(
  database: Database,
  actor: { tenantId: string; userId: string | null },
  productId: string,
  data: ProductData,
): Promise<Product> {
  return translateRaces(() =>
    database.withTenant(actor.tenantId, async (tx) => {
      await updateProduct(tx, await readProductWriteContext(tx, { ...actor, requestKey: null }), productId, data);
      return getProduct(tx, productId);
    }),
  );
}

// The checks above read before writing; a row removed or taken by a concurrent request in between
// still gets a clear answer instead of a 500.
async function translateRaces<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'product_variants_sku_unique')) {
      throw fieldError('conflict', 'variants', /*i18n*/ 'One of these SKUs was just taken by another product; change it and save again');
    }
    if (isForeignKeyViolation(error)) {
      throw new HttpError('validation_failed', /*i18n*/ 'Something this product refers to was just removed; reload and try again');
    }
    throw error;
  }
}

/** A product with its variants, barcodes, tiers, stock per location and components (404 when absent). */
export async function getProduct(tx: TenantTx, productId: string): Promise<Product> {
  const [row] = await tx
    .select({
      product: products,
      categoryName: productCategories.name,
      brandName: brands.name,
      supplierName: contacts.name,
      unit: units,
    })
    .from(products)
    .leftJoin(productCategories, and(eq(productCategories.tenantId, products.tenantId), eq(productCategories.id, products.categoryId)))
    .leftJoin(brands, and(eq(brands.tenantId, products.tenantId), eq(brands.id, products.brandId)))
    .leftJoin(units, and(eq(units.tenantId, products.tenantId), eq(units.id, products.unitId)))
    .leftJoin(contacts, and(eq(contacts.tenantId, products.tenantId), eq(contacts.id, products.preferredSupplierId)))
    .where(eq(products.id, productId));
  if (!row) throw notFound(/*i18n*/ 'No such product');
  const { product, unit } = row;

  const variants = await tx
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.createdAt));
  const variantIds = variants.map((variant) => variant.id);
  const [barcodes, tiers, stock, components] = variantIds.length
    ? await Promise.all([
        tx
          .select({ variantId: productBarcodes.variantId, code: productBarcodes.code })
          .from(productBarcodes)
          .where(inArray(productBarcodes.variantId, variantIds))
          .orderBy(asc(productBarcodes.createdAt), asc(productBarcodes.code)),
        tx
          .select({ variantId: productPriceTiers.variantId, minQuantityMilli: productPriceTiers.minQuantity, priceMinor: productPriceTiers.priceMinor })
          .from(productPriceTiers)
          .where(inArray(productPriceTiers.variantId, variantIds))
          .orderBy(asc(productPriceTiers.minQuantity)),
        tx
          .select({
            variantId: stockLevels.variantId,
            locationId: stockLevels.locationId,
            locationName: locations.name,
            onHandMilli: stockLevels.onHand,
            isLow: stockLevels.isLow,
          })
          .from(stockLevels)
          .innerJoin(locations, and(eq(locations.tenantId, stockLevels.tenantId), eq(locations.id, stockLevels.locationId)))
          .where(inArray(stockLevels.variantId, variantIds))
          .orderBy(sql`${locations.isDefault} desc`, asc(locations.name)),
        readComponents(tx, productId),
      ])
    : [[], [], [], []];

  const byVariant = <T extends { variantId: string }>(rows: T[], variantId: string) => rows.filter((item) => item.variantId === variantId);
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    kind: product.kind as Product['kind'],
    category: product.categoryId && row.categoryName !== null ? { id: product.categoryId, name: row.categoryName } : null,
    brand: product.brandId && row.brandName !== null ? { id: product.brandId, name: row.brandName } : null,
    unit: unit
      ? {
          id: unit.id,
          name: unit.name,
          shortName: unit.shortName,
          allowsDecimals: unit.allowsDecimals,
          baseUnitId: unit.baseUnitId,
          baseQuantityMilli: unit.baseQuantity,
        }
      : null,
    taxClass: product.taxClass as Product['taxClass'],
    pricesIncludeTax: product.pricesIncludeTax,
    trackStock: product.trackStock,
    reorderLevelMilli: product.reorderLevel,
    warrantyDays: product.warrantyDays,
    tracksBatches: product.tracksBatches,
    preferredSupplier: product.preferredSupplierId && row.supplierName !== null ? { id: product.preferredSupplierId, name: row.supplierName } : null,
    imageUrl: product.imageUrl,
    status: product.status as Product['status'],
    variants: variants.map((variant) => {
      const levels = byVariant(stock, variant.id).map(({ variantId: _variantId, ...level }) => level);
      return {
        id: variant.id,
        name: variant.name,
        options: variant.options,
        sku: variant.sku,
        barcodes: byVariant(barcodes, variant.id).map((barcode) => barcode.code),
        costPriceMinor: variant.costPriceMinor,
        sellingPriceMinor: variant.sellingPriceMinor,
        averageCostMinor: variant.averageCostMinor,
        priceTiers: byVariant(tiers, variant.id).map(({ minQuantityMilli, priceMinor }) => ({ minQuantityMilli, priceMinor })),
        stock: levels,
        onHandMilli: levels.reduce((sum, level) => sum + level.onHandMilli, 0),
      };
    }),
    components,
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
  };
}

function readComponents(tx: TenantTx, productId: string) {
  return queryRows<{ variantId: string; productName: string; variantName: string; sku: string; quantity: string }>(
    tx,
    sql`select c.component_variant_id as "variantId", p.name as "productName", v.name as "variantName", v.sku, c.quantity::text as quantity
        from combo_components c
        join product_variants v on v.tenant_id = c.tenant_id and v.id = c.component_variant_id
        join products p on p.tenant_id = v.tenant_id and p.id = v.product_id
        where c.product_id = ${productId}
        order by c.created_at, p.name`,
  ).then((rows) => rows.map(({ quantity, ...component }) => ({ ...component, quantityMilli: quantityFromNumeric(quantity) })));
}

function productColumns(data: ProductData) {
  return {
    name: data.name,
    description: data.description,
    kind: data.kind,
    categoryId: data.categoryId,
    brandId: data.brandId,
    unitId: data.unitId,
    taxClass: data.taxClass,
    pricesIncludeTax: data.pricesIncludeTax,
    // A combo's stock is its components' stock.
    trackStock: data.kind === 'combo' ? false : data.trackStock,
    reorderLevel: data.reorderLevelMilli,
    warrantyDays: data.warrantyDays,
    tracksBatches: data.tracksBatches,
    preferredSupplierId: data.preferredSupplierId,
    status: data.status,
  };
}

function countActiveProducts(tx: TenantTx): Promise<number> {
  return tx
    .select({ total: count() })
    .from(products)
    .where(eq(products.status, 'active'))
    .then(([row]) => row?.total ?? 0);
}

function fieldError(code: 'validation_failed' | 'conflict', field: string, message: string): HttpError {
  return new HttpError(code, message, { [field]: [message] });
}

/** Category, brand, unit and combo components must be this shop's; returns the unit. */
async function checkReferences(tx: TenantTx, data: ProductData, productId: string | null): Promise<UnitRow | null> {
  if (data.categoryId) {
    const [category] = await tx.select({ id: productCategories.id }).from(productCategories).where(eq(productCategories.id, data.categoryId));
    if (!category) throw fieldError('validation_failed', 'categoryId', /*i18n*/ 'Choose a category from the list');
  }
  if (data.brandId) {
    const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, data.brandId));
    if (!brand) throw fieldError('validation_failed', 'brandId', /*i18n*/ 'Choose a brand from the list');
  }
  if (data.preferredSupplierId) await requireSupplier(tx, data.preferredSupplierId, 'preferredSupplierId');
  let unit: UnitRow | null = null;
  if (data.unitId) {
    [unit = null] = await tx.select().from(units).where(eq(units.id, data.unitId));
    if (!unit) throw fieldError('validation_failed', 'unitId', /*i18n*/ 'Choose a unit from the list');
  }
  if (data.components.length > 0) {
    const ids = data.components.map((component) => component.variantId);
    const found = await tx
      .select({ id: productVariants.id, kind: products.kind, productId: products.id })
      .from(productVariants)
      .innerJoin(products, and(eq(products.tenantId, productVariants.tenantId), eq(products.id, productVariants.productId)))
      .where(inArray(productVariants.id, ids));
    const usable = new Set(found.filter((row) => row.kind === 'standard' && row.productId !== productId).map((row) => row.id));
    const fields: Record<string, string[]> = {};
    data.components.forEach((component, index) => {
      if (!usable.has(component.variantId)) fields[`components.${index}.variantId`] = [/*i18n*/ 'Choose a component product from the list'];
      else if (ids.indexOf(component.variantId) !== index) fields[`components.${index}.variantId`] = [/*i18n*/ 'This product is already a component'];
    });
    if (Object.keys(fields).length > 0) throw new HttpError('validation_failed', /*i18n*/ 'Check the combo components', fields);
  }
  return unit;
}

/** Packs (a unit with a base unit) and units beyond the four every shop starts with are advanced inventory. */
function isAdvancedUnit(unit: UnitRow): boolean {
  return unit.baseUnitId !== null || !DEFAULT_UNITS.some((standard) => standard.name.toLowerCase() === unit.name.toLowerCase());
}

interface AdvancedState {
  brandId: string | null;
  unitId: string | null;
  warrantyDays: number | null;
  tracksBatches: boolean;
  componentsKey: string | null;
  tiersKeyByVariant: Map<string, string>;
}

const componentsKey = (components: { variantId: string; quantityMilli: number }[]) =>
  JSON.stringify(components.map((component) => [component.variantId, component.quantityMilli]).sort());
const tiersKey = (tiers: { minQuantityMilli: number; priceMinor: number }[]) =>
  JSON.stringify(tiers.map((tier) => [tier.minQuantityMilli, tier.priceMinor]).sort((a, b) => a[0]! - b[0]!));

async function readAdvancedState(tx: TenantTx, current: typeof products.$inferSelect): Promise<AdvancedState> {
  const tiers = await tx
    .select({ variantId: productPriceTiers.variantId, minQuantityMilli: productPriceTiers.minQuantity, priceMinor: productPriceTiers.priceMinor })
    .from(productPriceTiers)
    .innerJoin(productVariants, and(eq(productVariants.tenantId, productPriceTiers.tenantId), eq(productVariants.id, productPriceTiers.variantId)))
    .where(eq(productVariants.productId, current.id));
  const tiersKeyByVariant = new Map<string, string>();
  for (const variantId of new Set(tiers.map((tier) => tier.variantId))) {
    tiersKeyByVariant.set(variantId, tiersKey(tiers.filter((tier) => tier.variantId === variantId)));
  }
  const components = current.kind === 'combo' ? await readComponents(tx, current.id) : [];
  return {
    brandId: current.brandId,
    unitId: current.unitId,
    warrantyDays: current.warrantyDays,
    tracksBatches: current.tracksBatches,
    componentsKey: current.kind === 'combo' ? componentsKey(components) : null,
    tiersKeyByVariant,
  };
}

/**
 * Without advanced inventory, brands, packs and custom units, warranties, batch tracking, combos
 * and wholesale tiers are refused (402). What a product already had (from a trial or a better plan) may stay
 * as it is, so a shop that downgraded can still edit its prices.
 */
function assertAdvancedAllowed(entitlements: PlanEntitlements, data: ProductData, unit: UnitRow | null, previous: AdvancedState | null) {
  if (entitlements.features.advanced_inventory) return;
  const fields: string[] = [];
  if (data.brandId && data.brandId !== previous?.brandId) fields.push('brandId');
  if (unit && isAdvancedUnit(unit) && unit.id !== previous?.unitId) fields.push('unitId');
  if (data.warrantyDays !== null && data.warrantyDays !== previous?.warrantyDays) fields.push('warrantyDays');
  if (data.tracksBatches && !previous?.tracksBatches) fields.push('tracksBatches');
  if (data.kind === 'combo' && componentsKey(data.components) !== previous?.componentsKey) fields.push('components');
  data.variants.forEach((variant, index) => {
    if (variant.priceTiers.length > 0 && tiersKey(variant.priceTiers) !== previous?.tiersKeyByVariant.get(variant.id ?? '')) {
      fields.push(`variants.${index}.priceTiers`);
    }
  });
  if (fields.length === 0) return;
  const message = upgradeMessage('advanced_inventory');
  throw new HttpError('payment_required', message, Object.fromEntries(fields.map((field) => [field, [message]])));
}

/** Pieces are counted whole; only units that allow decimals (kg, litre) take fractions. */
function checkQuantities(data: ProductData, unit: UnitRow | null) {
  if (unit?.allowsDecimals) return;
  const message = `${unit?.name ?? 'Piece'} is counted in whole numbers`;
  const fields: Record<string, string[]> = {};
  if (data.reorderLevelMilli !== null && data.reorderLevelMilli % QUANTITY_SCALE !== 0) fields.reorderLevelMilli = [message];
  data.variants.forEach((variant, index) =>
    variant.openingStock.forEach((line, lineIndex) => {
      if (line.quantityMilli % QUANTITY_SCALE !== 0) fields[`variants.${index}.openingStock.${lineIndex}.quantityMilli`] = [message];
    }),
  );
  if (Object.keys(fields).length > 0) throw new HttpError('validation_failed', message, fields);
}

async function checkOpeningStock(tx: TenantTx, data: ProductData) {
  const lines = data.variants.flatMap((variant, index) => variant.openingStock.map((line, lineIndex) => ({ ...line, index, lineIndex })));
  if (lines.length === 0) return;
  if (data.kind === 'combo' || !data.trackStock) {
    const { index } = lines[0]!;
    throw fieldError('validation_failed', `variants.${index}.openingStock`, /*i18n*/ 'Only products that track stock have opening stock');
  }
  const known = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(inArray(locations.id, [...new Set(lines.map((line) => line.locationId))]));
  const knownIds = new Set(known.map((location) => location.id));
  const fields: Record<string, string[]> = {};
  for (const line of lines) {
    if (!knownIds.has(line.locationId)) fields[`variants.${line.index}.openingStock.${line.lineIndex}.locationId`] = [/*i18n*/ 'Choose a location from the list'];
  }
  if (Object.keys(fields).length > 0) throw new HttpError('validation_failed', /*i18n*/ 'Choose a location from the list', fields);
}

/** Variants that the stock books or a combo refer to stay (409); the others may go. */
async function assertRemovable(tx: TenantTx, variantIds: string[]) {
  if (variantIds.length === 0) return;
  const rows = await queryRows<{ name: string; sku: string; has_history: boolean; combo_name: string | null }>(
    tx,
    sql`select v.name, v.sku,
               exists (select 1 from stock_movements m where m.tenant_id = v.tenant_id and m.variant_id = v.id)
               or exists (select 1 from stock_transfer_lines t where t.tenant_id = v.tenant_id and t.variant_id = v.id)
               or exists (select 1 from stock_take_lines s where s.tenant_id = v.tenant_id and s.variant_id = v.id) as has_history,
               (select p.name from combo_components c join products p on p.tenant_id = c.tenant_id and p.id = c.product_id
                where c.tenant_id = v.tenant_id and c.component_variant_id = v.id limit 1) as combo_name
        from product_variants v
        where v.id in ${inList(variantIds)}`,
  );
  for (const row of rows) {
    const label = row.name || row.sku;
    if (row.has_history) throw fieldError('conflict', 'variants', `${label} has stock history and cannot be removed; archive the product instead`);
    if (row.combo_name) throw fieldError('conflict', 'variants', `${label} is a component of the combo ${row.combo_name}; remove it there first`);
  }
}

export function inList(values: string[]) {
  return sql`(${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`;
}

// SKUs: a blank one becomes the name in capitals (COCA-COLA-500-ML), numbered when taken (-2, -3 …).
const SKU_BASE_LENGTH = 32;

export function skuBase(productName: string, variantName: string): string {
  const base = `${productName} ${variantName}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, SKU_BASE_LENGTH)
    .replace(/-+$/, '');
  return base || 'ITEM';
}

async function freeSkus(tx: TenantTx, bases: string[]): Promise<string[]> {
  if (bases.length === 0) return [];
  const distinct = [...new Set(bases)];
  const taken = new Set(
    (
      await queryRows<{ sku: string }>(
        tx,
        // Bases hold only A-Z, 0-9 and '-', so they are safe inside the pattern.
        sql`select upper(sku) as sku from product_variants
            where ${sql.join(
              distinct.map((base) => sql`upper(sku) = ${base} or upper(sku) ~ ${`^${base}-[0-9]+$`}`),
              sql` or `,
            )}`,
      )
    ).map((row) => row.sku),
  );
  return bases.map((base) => {
    let sku = base;
    for (let number = 2; taken.has(sku); number += 1) sku = `${base}-${number}`;
    taken.add(sku);
    return sku;
  });
}

/** Inserts variants (position = their index in the form); returns their ids in the order given. */
async function insertVariants(
  tx: TenantTx,
  tenantId: string,
  productId: string,
  productName: string,
  entries: { variant: VariantData; index: number }[],
): Promise<string[]> {
  if (entries.length === 0) return [];
  const generatedAt = entries.flatMap((entry, position) => (entry.variant.sku ? [] : [position]));
  const skus = entries.map((entry) => entry.variant.sku);
  const generated = await freeSkus(tx, generatedAt.map((position) => skuBase(productName, entries[position]!.variant.name)));
  generatedAt.forEach((position, n) => (skus[position] = generated[n]!));

  const ids = new Array<string>(entries.length);
  let pending = entries.map((_, position) => position);
  for (let attempt = 0; pending.length > 0; attempt += 1) {
    const inserted = await tx
      .insert(productVariants)
      .values(
        pending.map((position) => {
          const { variant, index } = entries[position]!;
          return {
            tenantId,
            productId,
            name: variant.name,
            options: variant.options,
            sku: skus[position]!,
            costPriceMinor: variant.costPriceMinor,
            sellingPriceMinor: variant.sellingPriceMinor,
            position: index,
          };
        }),
      )
      .onConflictDoNothing()
      .returning({ id: productVariants.id, sku: productVariants.sku });
    const idBySku = new Map(inserted.map((row) => [row.sku.toUpperCase(), row.id]));
    const conflicting: number[] = [];
    for (const position of pending) {
      const id = idBySku.get(skus[position]!.toUpperCase());
      if (id) ids[position] = id;
      else conflicting.push(position);
    }
    const chosen = conflicting.filter((position) => entries[position]!.variant.sku);
    if (chosen.length > 0) await throwSkuConflict(tx, chosen.map((position) => ({ sku: skus[position]!, index: entries[position]!.index })));
    // Only generated SKUs remain: another product took the same one meanwhile; add a random tail.
    if (attempt >= 3 && conflicting.length > 0) throw new HttpError('conflict', /*i18n*/ 'Could not find a free SKU; enter one');
    for (const position of conflicting) {
      skus[position] = `${skuBase(productName, entries[position]!.variant.name).slice(0, 30)}-${randomBytes(3).toString('hex').toUpperCase()}`;
    }
    pending = conflicting;
  }
  return ids;
}

async function throwSkuConflict(tx: TenantTx, taken: { sku: string; index: number }[]): Promise<never> {
  const owners = await queryRows<{ sku: string; name: string }>(
    tx,
    sql`select upper(v.sku) as sku, p.name from product_variants v join products p on p.tenant_id = v.tenant_id and p.id = v.product_id
        where upper(v.sku) in ${inList(taken.map((item) => item.sku.toUpperCase()))}`,
  );
  const fields = Object.fromEntries(
    taken.map(({ sku, index }) => {
      const owner = owners.find((row) => row.sku === sku.toUpperCase());
      return [`variants.${index}.sku`, [owner ? `SKU ${sku} is already used by ${owner.name}` : `SKU ${sku} is already used`]];
    }),
  );
  throw new HttpError('conflict', /*i18n*/ 'That SKU is already used by another product', fields);
}

async function updateExistingVariants(tx: TenantTx, variants: VariantData[], skuById: Map<string, string>) {
  const changedSkus = variants.filter((variant) => variant.id && variant.sku && variant.sku.toUpperCase() !== skuById.get(variant.id)?.toUpperCase());
  if (changedSkus.length > 0) {
    const ownIds = [...skuById.keys()];
    const clashes = await tx
      .select({ sku: productVariants.sku })
      .from(productVariants)
      .where(and(sql`upper(${productVariants.sku}) in ${inList(changedSkus.map((variant) => variant.sku.toUpperCase()))}`, sql`${productVariants.id} not in ${inList(ownIds)}`));
    if (clashes.length > 0) {
      const clashing = new Set(clashes.map((row) => row.sku.toUpperCase()));
      await throwSkuConflict(
        tx,
        variants.flatMap((variant, index) => (variant.id && clashing.has(variant.sku.toUpperCase()) ? [{ sku: variant.sku, index }] : [])),
      );
    }
  }
  for (const [index, variant] of variants.entries()) {
    if (!variant.id) continue;
    await tx
      .update(productVariants)
      .set({
        name: variant.name,
        options: variant.options,
        // A blank SKU on an existing variant keeps the one it has.
        sku: variant.sku || skuById.get(variant.id)!,
        costPriceMinor: variant.costPriceMinor,
        sellingPriceMinor: variant.sellingPriceMinor,
        position: index,
        updatedAt: new Date(),
      })
      .where(eq(productVariants.id, variant.id));
  }
}

/** Inserts barcodes; a code another product already carries is a 409 on its field. */
async function insertBarcodes(tx: TenantTx, tenantId: string, entries: { variantId: string; index: number; codes: string[] }[]) {
  const rows = entries.flatMap(({ variantId, index, codes }) => codes.map((code, codeIndex) => ({ variantId, code, field: `variants.${index}.barcodes.${codeIndex}` })));
  if (rows.length === 0) return;
  const inserted = await tx
    .insert(productBarcodes)
    .values(rows.map(({ variantId, code }) => ({ tenantId, variantId, code })))
    .onConflictDoNothing()
    .returning({ code: productBarcodes.code });
  const stored = new Set(inserted.map((row) => row.code));
  const taken = rows.filter((row) => !stored.has(row.code));
  if (taken.length === 0) return;
  const owners = await queryRows<{ code: string; name: string }>(
    tx,
    sql`select b.code, p.name from product_barcodes b
        join product_variants v on v.tenant_id = b.tenant_id and v.id = b.variant_id
        join products p on p.tenant_id = v.tenant_id and p.id = v.product_id
        where b.code in ${inList(taken.map((row) => row.code))}`,
  );
  const fields = Object.fromEntries(
    taken.map(({ code, field }) => {
      const owner = owners.find((row) => row.code === code);
      return [field, [owner ? `Barcode ${code} is already on ${owner.name}` : `Barcode ${code} is already used`]];
    }),
  );
  throw new HttpError('conflict', /*i18n*/ 'That barcode is already on another product', fields);
}

/** Keeps unchanged codes (their age orders them), removes dropped ones, then adds the new ones. */
async function replaceBarcodes(tx: TenantTx, tenantId: string, variants: VariantData[], variantIds: string[]) {
  const existing = await tx.select({ id: productBarcodes.id, variantId: productBarcodes.variantId, code: productBarcodes.code }).from(productBarcodes).where(inArray(productBarcodes.variantId, variantIds));
  const wanted = new Set(variants.flatMap((variant, index) => variant.barcodes.map((code) => `${variantIds[index]}:${code}`)));
  const have = new Set(existing.map((row) => `${row.variantId}:${row.code}`));
  const dropped = existing.filter((row) => !wanted.has(`${row.variantId}:${row.code}`)).map((row) => row.id);
  if (dropped.length > 0) await tx.delete(productBarcodes).where(inArray(productBarcodes.id, dropped));
  await insertBarcodes(
    tx,
    tenantId,
    variants.map((variant, index) => ({
      variantId: variantIds[index]!,
      index,
      codes: variant.barcodes.filter((code) => !have.has(`${variantIds[index]}:${code}`)),
    })),
  );
}

async function insertPriceTiers(tx: TenantTx, tenantId: string, variants: VariantData[], variantIds: string[]) {
  const rows = variants.flatMap((variant, index) =>
    variant.priceTiers.map((tier) => ({ tenantId, variantId: variantIds[index]!, minQuantity: tier.minQuantityMilli, priceMinor: tier.priceMinor })),
  );
  if (rows.length > 0) await tx.insert(productPriceTiers).values(rows);
}

async function insertComponents(tx: TenantTx, tenantId: string, productId: string, components: ProductData['components']) {
  if (components.length === 0) return;
  await tx
    .insert(comboComponents)
    .values(components.map((component) => ({ tenantId, productId, componentVariantId: component.variantId, quantity: component.quantityMilli })));
}
