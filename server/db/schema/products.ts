import { sql, type SQL } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { contacts } from './contacts';
import { quantity } from './quantity';
import { tenantOwnedColumns } from './tenancy';

// The catalog (issue "Products and inventory"). A product is what the shop talks about ("Coca-Cola
// 500 ml", "T-shirt"); a variant is what it sells and counts (every product has at least one: a
// simple product has exactly one, named ''). SKUs, barcodes, prices, costs and stock live on variants.

/** Nested product categories (parent in the same tenant). */
export const productCategories = pgTable(
  'product_categories',
  {
    ...tenantOwnedColumns(),
    name: text('name').notNull(),
    parentId: uuid('parent_id'),
    /** The VAT class new products in it start with (maize flour: zero_rated); null: its parent's, else standard. */
    defaultTaxClass: text('default_tax_class'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.parentId], foreignColumns: [t.tenantId, t.id] }),
    check('product_categories_default_tax_class_check', sql`${t.defaultTaxClass} in ('standard', 'reduced', 'zero_rated', 'exempt')`),
    uniqueIndex('product_categories_name_unique').on(t.tenantId, sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`, sql`lower(${t.name})`),
  ],
);

export const brands = pgTable(
  'brands',
  {
    ...tenantOwnedColumns(),
    name: text('name').notNull(),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('brands_name_unique').on(t.tenantId, sql`lower(${t.name})`)],
);

/**
 * Units of measure. A unit with a base unit is a pack of it: a Box with base Piece and
 * base_quantity 12 holds 12 pieces. Stock is always kept in the product's own unit.
 */
export const units = pgTable(
  'units',
  {
    ...tenantOwnedColumns(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    /** Weighed or measured goods (kg, litre): quantities to 3 decimals; otherwise whole numbers. */
    allowsDecimals: boolean('allows_decimals').notNull().default(false),
    baseUnitId: uuid('base_unit_id'),
    baseQuantity: quantity('base_quantity'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.baseUnitId], foreignColumns: [t.tenantId, t.id] }),
    uniqueIndex('units_name_unique').on(t.tenantId, sql`lower(${t.name})`),
    check('units_base_pair', sql`(${t.baseUnitId} is null) = (${t.baseQuantity} is null)`),
    check('units_base_quantity_positive', sql`${t.baseQuantity} is null or ${t.baseQuantity} > 0`),
  ],
);

export const products = pgTable(
  'products',
  {
    ...tenantOwnedColumns(),
    name: text('name').notNull(),
    /** lower(name), stored: the list's sort key, read from the index alone (an expression index cannot be). */
    nameKey: text('name_key')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${products.name})`),
    description: text('description'),
    /** standard (one or more variants) or combo (a bundle whose sale consumes its components). */
    kind: text('kind').notNull().default('standard'),
    categoryId: uuid('category_id'),
    brandId: uuid('brand_id'),
    unitId: uuid('unit_id'),
    /** Kenya VAT class (core/products/tax.rules.ts); the rate comes from the tenant's settings. */
    taxClass: text('tax_class').notNull().default('standard'),
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(true),
    trackStock: boolean('track_stock').notNull().default(true),
    /** Receipts record a batch number and expiry date per line (advanced inventory, issue 16). */
    tracksBatches: boolean('tracks_batches').notNull().default(false),
    /** The supplier reorder suggestions order it from (a contact that supplies). */
    preferredSupplierId: uuid('preferred_supplier_id'),
    /** At or below this on hand at a location, the product is low there (null: never low). */
    reorderLevel: quantity('reorder_level'),
    /** Warranty period in days, printed on receipts (advanced inventory). */
    warrantyDays: integer('warranty_days'),
    imageUrl: text('image_url'),
    status: text('status').notNull().default('active'),
    /** The client's Idempotency-Key of the request that created it: a retry returns this product. */
    requestKey: uuid('request_key'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.categoryId], foreignColumns: [productCategories.tenantId, productCategories.id] }),
    foreignKey({ columns: [t.tenantId, t.brandId], foreignColumns: [brands.tenantId, brands.id] }),
    foreignKey({ columns: [t.tenantId, t.unitId], foreignColumns: [units.tenantId, units.id] }),
    foreignKey({ columns: [t.tenantId, t.preferredSupplierId], foreignColumns: [contacts.tenantId, contacts.id] }).onDelete('set null'),
    index('products_preferred_supplier_idx').on(t.tenantId, t.preferredSupplierId),
    check('products_kind_check', sql`${t.kind} in ('standard', 'combo')`),
    check('products_status_check', sql`${t.status} in ('active', 'archived')`),
    check('products_tax_class_check', sql`${t.taxClass} in ('standard', 'reduced', 'zero_rated', 'exempt')`),
    check('products_reorder_level_check', sql`${t.reorderLevel} is null or ${t.reorderLevel} >= 0`),
    check('products_warranty_check', sql`${t.warrantyDays} is null or ${t.warrantyDays} > 0`),
    uniqueIndex('products_request_key_unique').on(t.tenantId, t.requestKey),
    index('products_name_order').on(t.tenantId, t.status, t.nameKey, t.id),
    index('products_updated_order').on(t.tenantId, t.updatedAt),
    index('products_status_idx').on(t.tenantId, t.status),
    index('products_category_idx').on(t.tenantId, t.categoryId),
    index('products_brand_idx').on(t.tenantId, t.brandId),
    // Searches match name_key, so one predicate can use this index or walk products_name_order.
    index('products_name_key_trgm').using('gin', sql`${t.nameKey} gin_trgm_ops`),
  ],
);

export const productVariants = pgTable(
  'product_variants',
  {
    ...tenantOwnedColumns(),
    productId: uuid('product_id').notNull(),
    /** '' for a simple product's only variant; otherwise e.g. "Large / Red". */
    name: text('name').notNull().default(''),
    /** The option values that make it, e.g. { "Size": "Large", "Colour": "Red" }. */
    options: jsonb('options').$type<Record<string, string>>().notNull().default({}),
    sku: text('sku').notNull(),
    costPriceMinor: integer('cost_price_minor').notNull().default(0),
    sellingPriceMinor: integer('selling_price_minor').notNull(),
    /** Weighted average cost per unit, updated on each receipt (stock valuation). */
    averageCostMinor: integer('average_cost_minor').notNull().default(0),
    position: integer('position').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.productId], foreignColumns: [products.tenantId, products.id] }).onDelete('cascade'),
    uniqueIndex('product_variants_sku_unique').on(t.tenantId, sql`upper(${t.sku})`),
    index('product_variants_product_idx').on(t.tenantId, t.productId),
    index('product_variants_sku_trgm').using('gin', sql`upper(${t.sku}) gin_trgm_ops`),
    check('product_variants_prices_check', sql`${t.costPriceMinor} >= 0 and ${t.sellingPriceMinor} >= 0 and ${t.averageCostMinor} >= 0`),
  ],
);

/** Barcodes of a variant (a product may carry several: the maker's EAN and an in-store code). */
export const productBarcodes = pgTable(
  'product_barcodes',
  {
    ...tenantOwnedColumns(),
    variantId: uuid('variant_id').notNull(),
    code: text('code').notNull(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.variantId], foreignColumns: [productVariants.tenantId, productVariants.id] }).onDelete('cascade'),
    uniqueIndex('product_barcodes_code_unique').on(t.tenantId, t.code),
    index('product_barcodes_variant_idx').on(t.tenantId, t.variantId),
  ],
);

/** Wholesale pricing: from min_quantity up, the unit price is price_minor (advanced inventory). */
export const productPriceTiers = pgTable(
  'product_price_tiers',
  {
    ...tenantOwnedColumns(),
    variantId: uuid('variant_id').notNull(),
    minQuantity: quantity('min_quantity').notNull(),
    priceMinor: integer('price_minor').notNull(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.variantId], foreignColumns: [productVariants.tenantId, productVariants.id] }).onDelete('cascade'),
    uniqueIndex('product_price_tiers_unique').on(t.tenantId, t.variantId, t.minQuantity),
    check('product_price_tiers_check', sql`${t.minQuantity} > 0 and ${t.priceMinor} >= 0`),
  ],
);

/** The components of a combo product: selling one combo consumes quantity of each component. */
export const comboComponents = pgTable(
  'combo_components',
  {
    ...tenantOwnedColumns(),
    productId: uuid('product_id').notNull(),
    componentVariantId: uuid('component_variant_id').notNull(),
    quantity: quantity('quantity').notNull(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.productId], foreignColumns: [products.tenantId, products.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.componentVariantId], foreignColumns: [productVariants.tenantId, productVariants.id] }),
    uniqueIndex('combo_components_unique').on(t.tenantId, t.productId, t.componentVariantId),
    check('combo_components_quantity_check', sql`${t.quantity} > 0`),
  ],
);
