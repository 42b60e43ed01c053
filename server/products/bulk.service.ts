import { count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { serializeCsvRecord } from '../../core/products/csv.rules';
import { exportRowFields } from '../../core/products/product-import.rules';
import { IMPORT_COLUMNS, MAX_PRICE_MINOR, type bulkArchiveSchema, type bulkPriceUpdateSchema } from '../../core/products/products.schemas';
import { divideRounded } from '../../core/products/tax.rules';
import { roundPrice } from '../../core/settings/price-rounding.rules';
import { assertUnderPlanLimit } from '../billing/plan-limits';
import { queryRows, type Database, type TenantTx } from '../db/client';
import { productCategories, products, productVariants } from '../db/schema/products';
import { businessSettings } from '../db/schema/settings';
import { quantityFromNumeric } from '../db/schema/quantity';
import { HttpError, notFound } from '../http/errors';

// Bulk price changes, archiving and the catalog export (feature bulk_operations).

type BulkPriceUpdate = z.infer<typeof bulkPriceUpdateSchema>;
type BulkArchive = z.infer<typeof bulkArchiveSchema>;

/** Active products: what max_products counts (archived ones make room). */
export function countActiveProducts(tx: TenantTx): Promise<number> {
  return tx
    .select({ total: count() })
    .from(products)
    .where(eq(products.status, 'active'))
    .then(([row]) => row?.total ?? 0);
}

/**
 * Locks the chosen products; 404 when any id is not one of this shop's products (row-level
 * security hides other shops' rows, so their ids look absent and nothing of theirs changes).
 */
async function lockProducts(tx: TenantTx, productIds: string[]) {
  const ids = [...new Set(productIds)];
  const rows = await tx
    .select({ id: products.id, name: products.name, status: products.status })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(products.id)
    .for('update');
  if (rows.length !== ids.length) throw new HttpError('not_found', /*i18n*/ 'Some of the chosen products were not found; reload the list and try again.');
  return rows;
}

/** How the shop rounds a price it computes: a step in whole currency units (0: to the cent). */
export interface PriceRounding {
  step: number;
  currencyDecimals: number;
}

/**
 * The new selling price of a variant. A percent (basis points) is first taken to the cent, half
 * away from zero; a computed price (percent or amount) then rounds half up to the shop's step,
 * while a price set outright is used as typed.
 */
export function changedPrice(priceMinor: number, mode: BulkPriceUpdate['mode'], value: number, rounding: PriceRounding): number {
  if (mode === 'set') return value;
  const computed = mode === 'amount' ? priceMinor + value : divideRounded(priceMinor * (10_000 + value), 10_000);
  return roundPrice(computed, rounding.step, rounding.currencyDecimals);
}

async function readPriceRounding(tx: TenantTx): Promise<PriceRounding> {
  const [row] = await tx
    .select({ step: businessSettings.priceRoundingStep, currencyDecimals: businessSettings.currencyDecimals })
    .from(businessSettings)
    .limit(1);
  if (!row) throw notFound(/*i18n*/ 'Business settings not found');
  return row;
}

/** POST /api/products/bulk/price: every variant of the chosen products, or none when one would go below 0. */
export async function bulkUpdatePrices(database: Database, tenantId: string, input: BulkPriceUpdate): Promise<{ updated: number }> {
  return database.withTenant(tenantId, async (tx) => {
    const chosen = await lockProducts(tx, input.productIds);
    const variants = await tx
      .select({ id: productVariants.id, productId: productVariants.productId, priceMinor: productVariants.sellingPriceMinor })
      .from(productVariants)
      .where(inArray(productVariants.productId, chosen.map((product) => product.id)))
      .orderBy(productVariants.id)
      .for('update');
    const nameById = new Map(chosen.map((product) => [product.id, product.name]));
    const rounding = await readPriceRounding(tx);
    const updates = variants.map((variant) => ({ ...variant, newPriceMinor: changedPrice(variant.priceMinor, input.mode, input.value, rounding) }));
    const negative = [...new Set(updates.filter((update) => update.newPriceMinor < 0).map((update) => nameById.get(update.productId)!))];
    if (negative.length > 0) {
      const message = `A price cannot go below 0: ${listNames(negative)}. Nothing was changed.`;
      throw new HttpError('validation_failed', message, { value: [message] });
    }
    const tooLarge = [...new Set(updates.filter((update) => update.newPriceMinor > MAX_PRICE_MINOR).map((update) => nameById.get(update.productId)!))];
    if (tooLarge.length > 0) {
      const message = `The new price would be too large for ${listNames(tooLarge)}. Nothing was changed.`;
      throw new HttpError('validation_failed', message, { value: [message] });
    }
    const changed = updates.filter((update) => update.newPriceMinor !== update.priceMinor);
    if (changed.length > 0) {
      // One statement for all variants: their new prices travel as a VALUES list.
      await tx.execute(sql`
        update product_variants v set selling_price_minor = n.price, updated_at = now()
        from (values ${sql.join(
          changed.map((update) => sql`(${update.id}::uuid, ${update.newPriceMinor}::integer)`),
          sql`, `,
        )}) as n(id, price)
        where v.id = n.id`);
      await tx.update(products).set({ updatedAt: new Date() }).where(inArray(products.id, [...new Set(changed.map((update) => update.productId))]));
    }
    return { updated: chosen.length };
  });
}

function listNames(names: string[]): string {
  const shown = names.slice(0, 5).join(', ');
  return names.length > 5 ? `${shown} and ${names.length - 5} more` : shown;
}

/** POST /api/products/bulk/archive: archive or restore; restoring counts against max_products. */
export async function bulkArchiveProducts(database: Database, tenantId: string, input: BulkArchive): Promise<{ updated: number }> {
  return database.withTenant(tenantId, async (tx) => {
    const chosen = await lockProducts(tx, input.productIds);
    const status = input.archived ? 'archived' : 'active';
    const changing = chosen.filter((product) => product.status !== status).map((product) => product.id);
    if (changing.length === 0) return { updated: 0 };
    if (!input.archived) await assertUnderPlanLimit(tx, tenantId, 'max_products', () => countActiveProducts(tx), { adding: changing.length });
    await tx.update(products).set({ status, updatedAt: new Date() }).where(inArray(products.id, changing));
    return { updated: changing.length };
  });
}

const EXPORT_PAGE_PRODUCTS = 1000;

interface ExportRow {
  product_id: string;
  sort_name: string;
  name: string;
  description: string | null;
  category_id: string | null;
  brand_name: string | null;
  unit_name: string | null;
  tax_class: string;
  prices_include_tax: boolean;
  track_stock: boolean;
  reorder_level: string | null;
  variant_name: string;
  sku: string;
  cost_price_minor: number;
  selling_price_minor: number;
  barcodes: string;
  on_hand: string;
}

/**
 * GET /api/products/export.csv: the active catalog's standard products, one row per variant, in
 * the import's columns (a variant's name follows its product's: "T-shirt - Large / Red"), with
 * opening_stock the on hand summed over all locations. Streamed a page of products at a time,
 * so 100,000 products never sit in memory at once.
 */
export function exportCatalogCsv(database: Database, tenantId: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let categoryPaths: Map<string, string[]> | null = null;
  let after: { sortName: string; id: string } | null = null;
  let isDone = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (isDone) return;
      const page = await database.withTenant(tenantId, async (tx) => {
        categoryPaths ??= await readCategoryPaths(tx);
        return readExportPage(tx, after);
      });
      // The byte order mark makes Excel read the file as UTF-8 (the import drops it again).
      let text = after === null ? `\uFEFF${serializeCsvRecord([...IMPORT_COLUMNS])}` : '';
      for (const row of page) text += serializeCsvRecord(exportRowFields(toExportItem(row, categoryPaths!)));
      const last = page.at(-1);
      if (last) after = { sortName: last.sort_name, id: last.product_id };
      if (text) controller.enqueue(encoder.encode(text));
      if (page.length === 0 || new Set(page.map((row) => row.product_id)).size < EXPORT_PAGE_PRODUCTS) {
        isDone = true;
        controller.close();
      }
    },
  });
}

function toExportItem(row: ExportRow, categoryPaths: Map<string, string[]>) {
  return {
    name: row.variant_name ? `${row.name} - ${row.variant_name}` : row.name,
    sku: row.sku,
    barcodes: row.barcodes ? row.barcodes.split('|') : [],
    categoryPath: row.category_id ? (categoryPaths.get(row.category_id) ?? []) : [],
    brandName: row.brand_name,
    unitName: row.unit_name,
    costPriceMinor: row.cost_price_minor,
    sellingPriceMinor: row.selling_price_minor,
    taxClass: row.tax_class,
    pricesIncludeTax: row.prices_include_tax,
    trackStock: row.track_stock,
    reorderLevelMilli: row.reorder_level === null ? null : quantityFromNumeric(row.reorder_level),
    openingStockMilli: quantityFromNumeric(row.on_hand),
    description: row.description,
  };
}

async function readCategoryPaths(tx: TenantTx): Promise<Map<string, string[]>> {
  const rows = await tx.select({ id: productCategories.id, name: productCategories.name, parentId: productCategories.parentId }).from(productCategories);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const paths = new Map<string, string[]>();
  for (const row of rows) {
    const names: string[] = [];
    for (let current: typeof row | undefined = row; current && names.length <= rows.length; current = current.parentId ? byId.get(current.parentId) : undefined) {
      names.unshift(current.name);
    }
    paths.set(row.id, names);
  }
  return paths;
}

/** The variants of the next page of products by (lower(name), id), the order of products_name_order. */
function readExportPage(tx: TenantTx, after: { sortName: string; id: string } | null): Promise<ExportRow[]> {
  return queryRows<ExportRow>(
    tx,
    sql`select p.id as product_id, p.sort_name, p.name, p.description, p.category_id, b.name as brand_name, u.name as unit_name,
               p.tax_class, p.prices_include_tax, p.track_stock, p.reorder_level::text as reorder_level,
               v.name as variant_name, v.sku, v.cost_price_minor, v.selling_price_minor,
               coalesce((select string_agg(pb.code, '|' order by pb.created_at, pb.code) from product_barcodes pb
                         where pb.tenant_id = v.tenant_id and pb.variant_id = v.id), '') as barcodes,
               coalesce((select sum(s.on_hand) from stock_levels s where s.tenant_id = v.tenant_id and s.variant_id = v.id), 0)::text as on_hand
        from (select *, lower(name) as sort_name from products
              where status = 'active' and kind = 'standard'
                ${after ? sql`and (lower(name), id) > (${after.sortName}, ${after.id}::uuid)` : sql``}
              order by lower(name), id
              limit ${EXPORT_PAGE_PRODUCTS}) p
        join product_variants v on v.tenant_id = p.tenant_id and v.product_id = p.id
        left join brands b on b.tenant_id = p.tenant_id and b.id = p.brand_id
        left join units u on u.tenant_id = p.tenant_id and u.id = p.unit_id
        order by p.sort_name, p.id, v.position, v.id`,
  );
}
