import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { locations } from '../../server/db/schema/inventory';
import { products, productVariants, units } from '../../server/db/schema/products';
import { recordMovements } from '../../server/inventory/stock-ledger';

export interface TestProductOptions {
  name?: string;
  /** One variant each (default: one simple variant named ''). */
  variants?: { sku?: string; sellingPriceMinor?: number; costPriceMinor?: number }[];
  reorderLevelMilli?: number;
  trackStock?: boolean;
  /** One of the tenant's default units by name ('Piece', 'Kilogram'…); none by default (counted whole). */
  unitName?: string;
}

export interface TestProduct {
  id: string;
  name: string;
  variants: { id: string; sku: string }[];
  /** The first variant's id (the only one of a simple product). */
  variantId: string;
}

/**
 * A product with its variants, inserted directly in the tenant's scope (no HTTP, no stock): fast
 * enough to create hundreds. Names and SKUs are unique unless given.
 */
export async function createTestProduct(database: Database, tenantId: string, options: TestProductOptions = {}): Promise<TestProduct> {
  const suffix = randomBytes(4).toString('hex');
  const name = options.name ?? `Test product ${suffix}`;
  const variantSpecs = options.variants ?? [{}];
  return database.withTenant(tenantId, async (tx) => {
    const [unit] = options.unitName
      ? await tx.select({ id: units.id }).from(units).where(and(eq(units.tenantId, tenantId), eq(units.name, options.unitName)))
      : [];
    if (options.unitName && !unit) throw new Error(`No unit named ${options.unitName}`);
    const [product] = await tx
      .insert(products)
      .values({ tenantId, name, trackStock: options.trackStock ?? true, reorderLevel: options.reorderLevelMilli ?? null, unitId: unit?.id ?? null })
      .returning({ id: products.id });
    const variants = await tx
      .insert(productVariants)
      .values(
        variantSpecs.map((spec, position) => ({
          tenantId,
          productId: product!.id,
          name: variantSpecs.length === 1 ? '' : `Variant ${position + 1}`,
          sku: spec.sku ?? `T-${suffix}-${position + 1}`.toUpperCase(),
          sellingPriceMinor: spec.sellingPriceMinor ?? 10_000,
          costPriceMinor: spec.costPriceMinor ?? 6_000,
          position,
        })),
      )
      .returning({ id: productVariants.id, sku: productVariants.sku, position: productVariants.position });
    variants.sort((a, b) => a.position - b.position);
    const ordered = variants.map(({ id, sku }) => ({ id, sku }));
    return { id: product!.id, name, variants: ordered, variantId: ordered[0]!.id };
  });
}

/** The tenant's default location (every tenant has one). */
export async function defaultLocationId(database: Database, tenantId: string): Promise<string> {
  const [row] = await database.withTenant(tenantId, (tx) => tx.select({ id: locations.id }).from(locations).where(eq(locations.isDefault, true)));
  if (!row) throw new Error('The tenant has no default location');
  return row.id;
}

/** Opening stock through the ledger (one 'opening' movement, its cost averaged in). */
export async function addOpeningStock(
  database: Database,
  tenantId: string,
  stock: { variantId: string; locationId: string; quantityMilli: number; unitCostMinor?: number },
) {
  return database.withTenant(tenantId, async (tx) => {
    const [movement] = await recordMovements(tx, { tenantId, userId: null, allowNegative: false }, [
      { ...stock, kind: 'opening', sourceType: 'opening', sourceId: null },
    ]);
    return movement!;
  });
}
