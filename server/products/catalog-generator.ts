import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type TenantTx } from '../db/client';

// Large catalogs for benchmarks, load tests and big demo tenants (issue "Products and inventory").
// Everything is set-based: one INSERT … SELECT over generate_series per table, all in a single
// statement, so 100,000 products take seconds where one insert per row would take many minutes.
// Opening stock is written as ledger rows beside the levels they explain, so on hand = Σ movements
// holds for generated data exactly as for data entered through the app.

export interface CatalogOptions {
  count: number;
  /** Opening stock is put at each of these (with withStock); the first always gets some. */
  locationIds: string[];
  /** Index of the first product: names, SKUs and barcodes derive from it, so a catalog can be extended. */
  startIndex?: number;
  withStock?: boolean;
}

export interface GeneratedCatalog {
  products: number;
  movements: number;
}

interface GoodsGroup {
  category: string;
  taxClass: 'standard' | 'zero_rated' | 'exempt';
  items: string[];
  sizes: string[];
  /** Shelf price of the smallest size, in KES. */
  basePriceKes: number;
}

// A Nairobi mini-mart's shelves. Names combine brand × range × item × size, so a word of any of
// them (a brand, "biscuits", "500 ml") finds a realistic share of the catalog.
const GOODS: GoodsGroup[] = [
  { category: 'Beverages', taxClass: 'standard', items: ['Soda', 'Mango Juice', 'Mineral Water', 'Energy Drink', 'Passion Juice'], sizes: ['300 ml', '500 ml', '1 l', '2 l'], basePriceKes: 45 },
  { category: 'Beverages', taxClass: 'standard', items: ['Tea Leaves', 'Instant Coffee', 'Drinking Chocolate'], sizes: ['50 g', '100 g', '250 g', '500 g'], basePriceKes: 60 },
  // Kenyan VAT as in server/db/demo-catalog.ts: milk, bread and flour 0%; milled rice and pulses exempt; yoghurt, buns, pasta 16%.
  { category: 'Dairy', taxClass: 'zero_rated', items: ['Fresh Milk', 'Long Life Milk'], sizes: ['250 ml', '500 ml', '1 l'], basePriceKes: 35 },
  { category: 'Dairy', taxClass: 'standard', items: ['Mala', 'Yoghurt'], sizes: ['250 ml', '500 ml', '1 l'], basePriceKes: 35 },
  { category: 'Dairy', taxClass: 'standard', items: ['Ghee', 'Butter'], sizes: ['250 g', '500 g'], basePriceKes: 250 },
  { category: 'Bakery', taxClass: 'zero_rated', items: ['White Bread', 'Brown Bread'], sizes: ['400 g', '600 g', '800 g'], basePriceKes: 60 },
  { category: 'Bakery', taxClass: 'standard', items: ['Buns', 'Scones'], sizes: ['400 g', '600 g', '800 g'], basePriceKes: 60 },
  { category: 'Cereals & flour', taxClass: 'zero_rated', items: ['Maize Flour', 'Wheat Flour', 'Chapati Flour', 'Porridge Flour'], sizes: ['1 kg', '2 kg', '5 kg'], basePriceKes: 90 },
  { category: 'Cereals & flour', taxClass: 'exempt', items: ['Pishori Rice', 'Green Grams'], sizes: ['500 g', '1 kg', '2 kg'], basePriceKes: 110 },
  { category: 'Cereals & flour', taxClass: 'standard', items: ['Spaghetti'], sizes: ['500 g', '1 kg', '2 kg'], basePriceKes: 110 },
  { category: 'Cooking oil & fats', taxClass: 'standard', items: ['Cooking Oil', 'Sunflower Oil', 'Corn Oil'], sizes: ['500 ml', '1 l', '3 l', '5 l'], basePriceKes: 180 },
  { category: 'Cooking oil & fats', taxClass: 'standard', items: ['Cooking Fat', 'Margarine'], sizes: ['250 g', '500 g', '1 kg'], basePriceKes: 90 },
  { category: 'Sugar & salt', taxClass: 'standard', items: ['Brown Sugar', 'White Sugar', 'Table Salt', 'Iodised Salt'], sizes: ['500 g', '1 kg', '2 kg'], basePriceKes: 30 },
  { category: 'Household', taxClass: 'standard', items: ['Bar Soap', 'Washing Powder', 'Dishwashing Paste'], sizes: ['200 g', '500 g', '1 kg'], basePriceKes: 40 },
  { category: 'Household', taxClass: 'standard', items: ['Bleach', 'Insecticide Spray', 'Liquid Detergent'], sizes: ['250 ml', '500 ml', '750 ml'], basePriceKes: 120 },
  { category: 'Household', taxClass: 'standard', items: ['Toilet Paper', 'Matchboxes', 'Candles', 'Serviettes'], sizes: ['pack of 4', 'pack of 10', 'pack of 12'], basePriceKes: 50 },
  { category: 'Personal care', taxClass: 'standard', items: ['Toothpaste', 'Petroleum Jelly', 'Body Lotion', 'Shampoo', 'Hair Oil'], sizes: ['50 ml', '100 ml', '250 ml', '400 ml'], basePriceKes: 70 },
  { category: 'Personal care', taxClass: 'standard', items: ['Bathing Soap', 'Beauty Soap'], sizes: ['100 g', '175 g', '250 g'], basePriceKes: 55 },
  { category: 'Snacks', taxClass: 'standard', items: ['Biscuits', 'Crisps', 'Groundnuts', 'Chocolate Bar', 'Popcorn', 'Cookies'], sizes: ['50 g', '100 g', '200 g'], basePriceKes: 20 },
  { category: 'Fresh produce', taxClass: 'exempt', items: ['Sukuma Wiki', 'Tomatoes', 'Onions', 'Irish Potatoes', 'Bananas', 'Avocados', 'Carrots'], sizes: ['500 g', '1 kg', '2 kg'], basePriceKes: 30 },
];

const BRANDS = ['Savanna', 'Kilima', 'Baraka', 'Jamii', 'Tausi', 'Nyota', 'Simba', 'Zawadi', 'Amani', 'Mlima', 'Pwani', 'Tamu', 'Bahari', 'Upendo', 'Neema', 'Faraja'];
const RANGES = ['Classic', 'Premium', 'Family', 'Gold', 'Original', 'Extra', 'Select', 'Everyday', 'Value', 'Natural', 'Royal', 'Deluxe', 'Lite', 'Super', 'Special', 'Plus'];

/** Every generated barcode starts so: 616 (GS1 Kenya) and a company digit no seeded product uses. */
export const GENERATED_BARCODE_PREFIX = '6169';
export const GENERATED_SKU_PREFIX = 'GEN-';
/** The barcode keeps 8 digits for the product index. */
const MAX_INDEX = 99_999_999;

/** The item words of generated names, e.g. for benchmarks that search them. */
export const GENERATED_ITEM_WORDS: readonly string[] = GOODS.flatMap((group) => group.items);
export const GENERATED_BRANDS: readonly string[] = BRANDS;

const flatGoods = GOODS.flatMap((group) =>
  group.items.map((item) => ({ item, category: group.category, taxClass: group.taxClass, sizes: group.sizes, basePriceKes: group.basePriceKes })),
);

/**
 * Writes `count` simple products (one variant, one EAN-13 each) into the tenant, creating the
 * categories and brands they use when missing; with withStock, opening stock at the locations as
 * 'opening' movements (source 'import', keyed by this generation) and their stock levels, at cost,
 * so average cost = cost. It posts no journal entry (bulk data bypasses the services): the history
 * backfill, which the demo seed runs, posts a generation as opening stock (server/accounting/history.ts).
 * Product i (from startIndex + 1) is SKU GEN-00000i and barcode 6169 + i (8 digits) + check digit.
 */
export async function generateCatalog(tx: TenantTx, tenantId: string, options: CatalogOptions): Promise<GeneratedCatalog> {
  const first = (options.startIndex ?? 0) + 1;
  const last = first + options.count - 1;
  if (!Number.isInteger(options.count) || options.count < 1) throw new RangeError('count must be a whole number of products, at least 1');
  if (!Number.isInteger(first) || first < 1 || last > MAX_INDEX) throw new RangeError(`Product indexes must stay within 1…${MAX_INDEX}`);
  const withStock = Boolean(options.withStock) && options.locationIds.length > 0;

  await tx.execute(sql`insert into product_categories (tenant_id, name)
    select ${tenantId}, name from jsonb_array_elements_text(${JSON.stringify([...new Set(GOODS.map((group) => group.category))])}::jsonb) as name
    on conflict do nothing`);
  await tx.execute(sql`insert into brands (tenant_id, name)
    select ${tenantId}, name from jsonb_array_elements_text(${JSON.stringify(BRANDS)}::jsonb) as name
    on conflict do nothing`);

  const [result] = await queryRows<{ products: number; movements: number }>(
    tx,
    sql`with lists as materialized (
          select ${JSON.stringify(flatGoods)}::jsonb as goods, ${JSON.stringify(BRANDS)}::jsonb as brands, ${JSON.stringify(RANGES)}::jsonb as ranges,
                 (select jsonb_object_agg(lower(name), id) from product_categories where parent_id is null) as category_ids,
                 (select jsonb_object_agg(lower(name), id) from brands) as brand_ids,
                 (select id from units where lower(name) = 'piece') as piece_id
        ),
        picked as (
          -- Independent strides through the lists, so neighbours differ in every word.
          select g, lists.goods -> (g % ${flatGoods.length})::int as good,
                 lists.brands ->> ((g / ${flatGoods.length}) % ${BRANDS.length})::int as brand,
                 lists.ranges ->> ((g / ${flatGoods.length * BRANDS.length}) % ${RANGES.length})::int as range_name,
                 '${sql.raw(GENERATED_BARCODE_PREFIX)}' || lpad(g::text, 8, '0') as barcode_body
          from generate_series(${first}::int, ${last}::int) as g, lists
        ),
        source as materialized (
          select picked.g, gen_random_uuid() as product_id, gen_random_uuid() as variant_id,
                 picked.brand || ' ' || picked.range_name || ' ' || (good ->> 'item') || ' ' || size.label as name,
                 lists.category_ids ->> lower(good ->> 'category') as category_id,
                 lists.brand_ids ->> lower(picked.brand) as brand_id,
                 lists.piece_id,
                 good ->> 'taxClass' as tax_class,
                 -- Every fifth product has a reorder level, so "low stock" has something to show.
                 case when picked.g % 5 = 0 then 12 end as reorder_level,
                 price.selling_minor,
                 price.selling_minor * (70 + picked.g % 16) / 100 / 100 * 100 as cost_minor,
                 picked.barcode_body || check_digit.digit as barcode
          from picked
          cross join lists
          cross join lateral (
            select size.value as label, size.ordinality as step
            from jsonb_array_elements_text(good -> 'sizes') with ordinality as size
            where size.ordinality = 1 + (picked.g * 7) % jsonb_array_length(good -> 'sizes')
          ) as size
          cross join lateral (
            -- Whole shillings ending in 0 or 5, growing with the size.
            select (((good ->> 'basePriceKes')::int * size.step + picked.g % 40) / 5 * 5 * 100)::int as selling_minor
          ) as price
          cross join lateral (
            -- GS1: weights 1,3,1,3… from the left of the 12-digit body.
            select ((10 - sum(substr(picked.barcode_body, position, 1)::int * (case when position % 2 = 0 then 3 else 1 end)) % 10) % 10)::text as digit
            from generate_series(1, 12) as position
          ) as check_digit
        ),
        new_products as (
          insert into products (id, tenant_id, name, category_id, brand_id, unit_id, tax_class, reorder_level)
          select product_id, ${tenantId}, name, category_id::uuid, brand_id::uuid, piece_id, tax_class, reorder_level from source
        ),
        new_variants as (
          insert into product_variants (id, tenant_id, product_id, sku, cost_price_minor, selling_price_minor, average_cost_minor)
          select variant_id, ${tenantId}, product_id, '${sql.raw(GENERATED_SKU_PREFIX)}' || lpad(g::text, greatest(8, length(g::text)), '0'),
                 cost_minor, selling_minor, case when ${withStock} then cost_minor else 0 end
          from source
        ),
        new_barcodes as (
          insert into product_barcodes (tenant_id, variant_id, code) select ${tenantId}, variant_id, barcode from source
        ),
        opening as materialized (
          select source.variant_id, source.cost_minor, source.reorder_level, location.id::uuid as location_id,
                 -- The first location always holds some; others may hold none.
                 ((source.g * 37 + location.position * 11) % 120 + case when location.position = 1 then 1 else 0 end)::numeric as quantity
          from source
          cross join unnest(${`{${options.locationIds.join(',')}}`}::uuid[]) with ordinality as location(id, position)
          where ${withStock}
        ),
        new_movements as (
          insert into stock_movements (tenant_id, variant_id, location_id, kind, quantity, unit_cost_minor, balance_after, source_type, source_id)
          select ${tenantId}, variant_id, location_id, 'opening', quantity, cost_minor, quantity, 'import', ${randomUUID()}::uuid from opening where quantity > 0
          returning 1
        ),
        new_levels as (
          insert into stock_levels (tenant_id, variant_id, location_id, on_hand, is_low)
          select ${tenantId}, variant_id, location_id, quantity, coalesce(quantity <= reorder_level, false) from opening where quantity > 0
        )
        select (select count(*) from source)::int as products, (select count(*) from new_movements)::int as movements`,
  );
  return { products: result?.products ?? 0, movements: result?.movements ?? 0 };
}

/**
 * Fresh planner statistics, after (or between) large writes; on the platform connection, as the
 * app role may not ANALYZE. PGlite runs no autovacuum: without this, the foreign-key checks of
 * product_variants were planned as scans of products while the catalog was small, and each batch
 * of products took longer than the last (45 s, then 125 s, for 20,000 after the demo seed).
 */
export async function refreshPlannerStatistics(database: Database) {
  await database.platform.execute(sql`analyze`);
}
