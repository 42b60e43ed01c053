import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { PRODUCT_COUNT_CAP, SEARCH_COUNT_CAP, type BarcodeLookup, type ProductList, type ProductListItem, type productListQuerySchema } from '../../core/products/products.schemas';
import { queryRows, type TenantTx } from '../db/client';
import { quantityFromNumeric } from '../db/schema/quantity';
import { HttpError } from '../http/errors';
import { inList } from './products.service';

// The products list and the scanner lookup: the catalog's hot reads (a shop may have 100,000
// products). Each filter is written so an index can answer it (docs in the functions), the page
// is read first and only its 10–100 products get their variants, barcodes and stock.

export type ProductListOptions = z.output<typeof productListQuerySchema>;

interface ProductRow {
  id: string;
  name: string;
  kind: ProductListItem['kind'];
  status: ProductListItem['status'];
  image_url: string | null;
  category_name: string | null;
  brand_name: string | null;
  unit_short_name: string | null;
  track_stock: boolean;
  reorder_level: string | null;
}

interface VariantRow {
  product_id: string;
  id: string;
  name: string;
  sku: string;
  barcodes: string[];
  selling_price_minor: number;
  cost_price_minor: number;
  on_hand: string;
  is_low: boolean;
}

/** One page of products with their variants and stock (at a location, or summed over all). */
export async function listProducts(tx: TenantTx, tenantId: string, options: ProductListOptions): Promise<ProductList> {
  const search = options.search?.trim();
  const offset = (options.page - 1) * options.pageSize;
  // The page's ids and the total first, then only those products' details.
  const { ids, total, totalCapped } = search
    ? await searchPage(tx, tenantId, options, searchMatches(tenantId, search), offset)
    : await catalogPage(tx, tenantId, options, offset);
  const rows = ids.length ? await pageProducts(tx, tenantId, ids) : [];
  const variants = rows.length ? await pageVariants(tx, tenantId, rows.map((row) => row.id), options.locationId) : [];

  return {
    items: rows.map((row) => {
      const own = variants.filter((variant) => variant.product_id === row.id);
      const stock = own.map((variant) => quantityFromNumeric(variant.on_hand));
      return {
        id: row.id,
        name: row.name,
        kind: row.kind,
        status: row.status,
        imageUrl: row.image_url,
        categoryName: row.category_name,
        brandName: row.brand_name,
        unitShortName: row.unit_short_name,
        trackStock: row.track_stock,
        reorderLevelMilli: row.reorder_level === null ? null : quantityFromNumeric(row.reorder_level),
        onHandMilli: stock.reduce((sum, milli) => sum + milli, 0),
        isLow: own.some((variant) => variant.is_low),
        variants: own.map((variant, index) => ({
          id: variant.id,
          name: variant.name,
          sku: variant.sku,
          barcodes: variant.barcodes,
          sellingPriceMinor: variant.selling_price_minor,
          costPriceMinor: variant.cost_price_minor,
          onHandMilli: stock[index]!,
        })),
      };
    }),
    total,
    totalCapped,
    page: options.page,
    pageSize: options.pageSize,
  };
}

/** The products of a page, in the page's order. */
async function pageProducts(tx: TenantTx, tenantId: string, ids: string[]): Promise<ProductRow[]> {
  const rows = await queryRows<ProductRow>(
    tx,
    sql`select p.id, p.name, p.kind, p.status, p.image_url, c.name as category_name, b.name as brand_name, u.short_name as unit_short_name,
               p.track_stock, p.reorder_level::text as reorder_level
        from products p
        left join product_categories c on c.tenant_id = p.tenant_id and c.id = p.category_id
        left join brands b on b.tenant_id = p.tenant_id and b.id = p.brand_id
        left join units u on u.tenant_id = p.tenant_id and u.id = p.unit_id
        where p.tenant_id = ${tenantId} and p.id in ${inList(ids)}`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

interface PageIds {
  ids: string[];
  total: number;
  /** More than `total` match: counting stopped at the cap. */
  totalCapped: boolean;
}

const sortDirection = (options: ProductListOptions) => (options.order === 'desc' ? sql`desc` : sql`asc`);
const orderedBy = (keys: SQL[], options: ProductListOptions) => sql.join(keys.map((key) => sql`${key} ${sortDirection(options)}`), sql`, `);

/** The per-product stock totals, when a filter or the sort needs them. */
const stockJoin = (tenantId: string, options: ProductListOptions) => (needsStockTotals(options) ? stockTotalsJoin(tenantId, options.locationId) : sql``);

function sortJoins(tenantId: string, options: ProductListOptions): SQL {
  return sql`${stockJoin(tenantId, options)} ${options.sort === 'price' || options.sort === 'sku' ? variantTotalsJoin(tenantId) : sql``}`;
}

/**
 * A catalog page: its ids from the sort's index (a deep page walks index entries, not joined
 * rows). A partly filled page tells the total without counting (small shops); otherwise counting
 * stops past PRODUCT_COUNT_CAP, so a 100,000-item catalog is not counted on every page turn.
 */
async function catalogPage(tx: TenantTx, tenantId: string, options: ProductListOptions, offset: number): Promise<PageIds> {
  const where = sql.join(productFilters(tenantId, options), sql` and `);
  const page = await queryRows<{ id: string }>(
    tx,
    sql`select p.id from products p ${sortJoins(tenantId, options)} where ${where}
        order by ${orderedBy(sortKeys(options), options)} limit ${options.pageSize} offset ${offset}`,
  );
  const ids = page.map((row) => row.id);
  if (ids.length > 0 && ids.length < options.pageSize) return { ids, total: offset + ids.length, totalCapped: false };
  const { counted } = (
    await queryRows<{ counted: number }>(
      tx,
      sql`select count(*)::int as counted from (select 1 from products p ${stockJoin(tenantId, options)} where ${where} limit ${PRODUCT_COUNT_CAP + 1}) matched`,
    )
  )[0]!;
  return { ids, total: Math.min(counted, PRODUCT_COUNT_CAP), totalCapped: counted > PRODUCT_COUNT_CAP };
}

/**
 * A search page and its total from one ordered read of the first SEARCH_COUNT_CAP + 1 matches
 * (more for a deeper page). Each way of matching is its own query cut to that many rows in sort
 * order, and the cuts are merged: a broad word walks products_name_order once and stops, a narrow
 * one comes from the trigram index. Sorting or counting every match of a broad word would read
 * every match; an OR across the ways would read the whole catalog.
 */
async function searchPage(tx: TenantTx, tenantId: string, options: ProductListOptions, matches: SQL[], offset: number): Promise<PageIds> {
  const reach = Math.max(offset + options.pageSize, SEARCH_COUNT_CAP + 1);
  const keys = sortKeys(options);
  const keyNames = keys.map((_, index) => sql.raw(`sort_key_${index}`));
  const selectKeys = sql.join(keys.map((key, index) => sql`${key} as ${keyNames[index]}`), sql`, `);
  const filters = productFilters(tenantId, options);
  const cuts = matches.map(
    (match) => sql`(select p.id, ${selectKeys} from products p ${sortJoins(tenantId, options)}
                    where ${sql.join([...filters, match], sql` and `)} order by ${orderedBy(keys, options)} limit ${reach})`,
  );
  const found = (await queryRows<{ ids: string[]; found: number }>(
    tx,
    sql`with found as materialized (
          select id, ${sql.join(keyNames, sql`, `)} from (${sql.join(cuts, sql` union `)}) matched
          order by ${orderedBy(keyNames, options)} limit ${reach})
        select (select count(*) from found)::int as found,
               array(select id from found order by ${orderedBy(keyNames, options)} offset ${offset} limit ${options.pageSize})::text[] as ids`,
  ))[0]!;
  // Every match was read unless the read stopped at its reach.
  const complete = found.found < reach;
  return { ids: found.ids, total: complete ? found.found : SEARCH_COUNT_CAP, totalCapped: !complete };
}

function productFilters(tenantId: string, options: ProductListOptions): SQL[] {
  const filters = [sql`p.tenant_id = ${tenantId}`];
  if (options.status !== 'all') filters.push(sql`p.status = ${options.status}`);
  if (options.brandId) filters.push(sql`p.brand_id = ${options.brandId}`);
  if (options.categoryId) {
    // The category and everything nested in it.
    filters.push(sql`p.category_id in (
      with recursive nested as (
        select id from product_categories where tenant_id = ${tenantId} and id = ${options.categoryId}
        union
        select c.id from product_categories c join nested on c.parent_id = nested.id where c.tenant_id = ${tenantId}
      ) select id from nested)`);
  }
  if (options.stock === 'low') {
    // The partial index stock_levels_low_idx holds only the low rows.
    filters.push(sql`p.id in (
      select v.product_id from stock_levels s join product_variants v on v.tenant_id = s.tenant_id and v.id = s.variant_id
      where s.tenant_id = ${tenantId} and s.is_low ${atLocation(options.locationId)})`);
  } else if (options.stock === 'in') {
    filters.push(sql`p.track_stock and coalesce(stock.on_hand, 0) > 0`);
  } else if (options.stock === 'out') {
    filters.push(sql`p.track_stock and coalesce(stock.on_hand, 0) <= 0`);
  }
  return filters;
}

const needsStockTotals = (options: ProductListOptions) => options.sort === 'onHand' || options.stock === 'in' || options.stock === 'out';

// Sorting or filtering by a per-product total aggregates the tenant's rows once (hash join),
// rather than once per product.
function stockTotalsJoin(tenantId: string, locationId: string | undefined): SQL {
  return sql`left join (
    select v.product_id, sum(s.on_hand) as on_hand from stock_levels s
    join product_variants v on v.tenant_id = s.tenant_id and v.id = s.variant_id
    where s.tenant_id = ${tenantId} ${atLocation(locationId)}
    group by v.product_id) stock on stock.product_id = p.id`;
}

function variantTotalsJoin(tenantId: string): SQL {
  return sql`join (
    select product_id, min(selling_price_minor) as price, min(upper(sku)) as sku from product_variants
    where tenant_id = ${tenantId} group by product_id) variant on variant.product_id = p.id`;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/**
 * The ways a search matches a product: its name contains every word (name_key, indexed by
 * products_name_key_trgm and ordered by products_name_order), or, for a single word (SKUs and
 * barcodes have no spaces), a variant's SKU contains it (product_variants_sku_trgm) or a barcode
 * is exactly it (product_barcodes_code_unique).
 */
function searchMatches(tenantId: string, search: string): SQL[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const byName = sql.join(
    words.map((word) => sql`p.name_key like ${`%${escapeLike(word)}%`}`),
    sql` and `,
  );
  if (words.length > 1) return [byName];
  return [
    byName,
    sql`p.id in (select v.product_id from product_variants v where v.tenant_id = ${tenantId} and upper(v.sku) like ${`%${escapeLike(search.toUpperCase())}%`})`,
    sql`p.id in (select v.product_id from product_barcodes b join product_variants v on v.tenant_id = b.tenant_id and v.id = b.variant_id
      where b.tenant_id = ${tenantId} and b.code = ${search})`,
  ];
}

const atLocation = (locationId: string | undefined) => (locationId ? sql`and s.location_id = ${locationId}` : sql``);

/** The sort's keys, ending with the id; name and last-changed follow their indexes (products_name_order, products_updated_order). */
function sortKeys(options: ProductListOptions): SQL[] {
  const byName = [sql`p.name_key`, sql`p.id`];
  switch (options.sort) {
    case 'name':
      return byName;
    case 'updatedAt':
      return [sql`p.updated_at`, sql`p.id`];
    case 'sku':
      return [sql`variant.sku`, ...byName];
    case 'price':
      return [sql`variant.price`, ...byName];
    case 'onHand':
      return [sql`coalesce(stock.on_hand, 0)`, ...byName];
  }
}

function pageVariants(tx: TenantTx, tenantId: string, productIds: string[], locationId: string | undefined) {
  return queryRows<VariantRow>(
    tx,
    sql`select v.product_id, v.id, v.name, v.sku, v.selling_price_minor, v.cost_price_minor,
               coalesce((select json_agg(b.code order by b.created_at, b.code) from product_barcodes b
                         where b.tenant_id = v.tenant_id and b.variant_id = v.id), '[]'::json) as barcodes,
               coalesce(level.on_hand, 0)::text as on_hand, coalesce(level.is_low, false) as is_low
        from product_variants v
        left join lateral (
          select sum(s.on_hand) as on_hand, bool_or(s.is_low) as is_low from stock_levels s
          where s.tenant_id = v.tenant_id and s.variant_id = v.id ${atLocation(locationId)}
        ) level on true
        where v.tenant_id = ${tenantId} and v.product_id in ${inList(productIds)}
        order by v.product_id, v.position, v.created_at`,
  );
}

interface LookupRow {
  product_id: string;
  product_name: string;
  variant_id: string;
  variant_name: string;
  sku: string;
  selling_price_minor: number;
  tax_class: BarcodeLookup['taxClass'];
  on_hand: string;
}

/**
 * The active product variant a scanned or typed code names: an exact barcode first, otherwise an
 * exact SKU (any case). Two small statements, the second only when the first finds nothing: a
 * scan needs one, and each plans in a fraction of the time a union of both took.
 */
export async function lookupCode(tx: TenantTx, tenantId: string, code: string, locationId?: string): Promise<BarcodeLookup> {
  const variantWhere = async (match: SQL) =>
    (
      await queryRows<LookupRow>(
        tx,
        sql`select p.id as product_id, p.name as product_name, v.id as variant_id, v.name as variant_name, v.sku, v.selling_price_minor, p.tax_class,
                   (select coalesce(sum(s.on_hand), 0)::text from stock_levels s
                    where s.tenant_id = v.tenant_id and s.variant_id = v.id ${atLocation(locationId)}) as on_hand
            from product_variants v
            join products p on p.tenant_id = v.tenant_id and p.id = v.product_id
            where v.tenant_id = ${tenantId} and p.status = 'active' and ${match}`,
      )
    )[0];
  const row =
    (await variantWhere(sql`v.id = (select b.variant_id from product_barcodes b where b.tenant_id = ${tenantId} and b.code = ${code})`)) ??
    (await variantWhere(sql`upper(v.sku) = ${code.toUpperCase()}`));
  if (!row) throw new HttpError('not_found', `No product has the barcode or SKU ${code}`);
  return {
    productId: row.product_id,
    productName: row.product_name,
    variantId: row.variant_id,
    variantName: row.variant_name,
    sku: row.sku,
    sellingPriceMinor: row.selling_price_minor,
    taxClass: row.tax_class,
    onHandMilli: quantityFromNumeric(row.on_hand),
  };
}
