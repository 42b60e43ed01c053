import { z } from 'zod';
import { safeLine, safeText } from '../api/text.schemas';
import { fillMessage } from '../i18n/message.rules';
import { barcodeProblem } from './barcode.rules';
import { TAX_CLASSES } from './tax.rules';

// The catalog's API contract (issue "Products and inventory"), shared by the product form and the
// server. Money is integer minor units; quantities are integer thousandths ("…Milli": 1.5 kg = 1500).

export const PRODUCT_KINDS = ['standard', 'combo'] as const;
export const PRODUCT_STATUSES = ['active', 'archived'] as const;
export const MAX_VARIANTS = 100;
export const MAX_BARCODES_PER_VARIANT = 5;
/** A till price above KSh 10 million is a typing mistake, not a product. */
export const MAX_PRICE_MINOR = 1_000_000_000;
export const MAX_QUANTITY_MILLI = 99_999_999_999;

const isoDate = z.iso.datetime();

export const moneyMinorSchema = (label: string) =>
  z
    .int({ message: fillMessage(/*i18n*/ '{label} must be a whole number of cents', { label }) })
    .min(0, { message: fillMessage(/*i18n*/ '{label} cannot be negative', { label }) })
    .max(MAX_PRICE_MINOR, { message: fillMessage(/*i18n*/ '{label} is too large', { label }) });

export const quantityMilliSchema = (label: string) =>
  z
    .int({ message: fillMessage(/*i18n*/ '{label} must be a quantity with at most 3 decimals', { label }) })
    .min(0, { message: fillMessage(/*i18n*/ '{label} cannot be negative', { label }) })
    .max(MAX_QUANTITY_MILLI, { message: fillMessage(/*i18n*/ '{label} is too large', { label }) });

/** "At most 80 characters": the length limit of a text field. */
export const atMostCharacters = (max: number) => fillMessage(/*i18n*/ 'At most {max} characters', { max });

const nameSchema = (label: string, max: number) =>
  safeLine()
    .trim()
    .min(1, { message: fillMessage(/*i18n*/ 'Enter the {label}', { label }) })
    .max(max, { message: atMostCharacters(max) });

const optionalTextSchema = (max: number) =>
  safeText()
    .max(max, { message: atMostCharacters(max) })
    .transform((value) => value.trim() || null)
    .nullable();

/** Letters, digits and - _ . / ; blank means "generate one". Compared without case. */
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._\-/]{0,39}$/;
export const skuSchema = safeLine()
  .trim()
  .refine((sku) => sku === '' || SKU_PATTERN.test(sku), { message: /*i18n*/ 'Use up to 40 letters, digits, dots, dashes, slashes or underscores' });

export const barcodeSchema = safeLine()
  .trim()
  .min(1, { message: /*i18n*/ 'Enter the barcode or remove the row' })
  .superRefine((code, context) => {
    const problem = barcodeProblem(code);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

export const priceTierInputSchema = z.object({
  minQuantityMilli: quantityMilliSchema(/*i18n*/ 'Minimum quantity').min(1, { message: /*i18n*/ 'Minimum quantity must be more than 0' }),
  priceMinor: moneyMinorSchema(/*i18n*/ 'Tier price'),
});
export type PriceTierInput = z.infer<typeof priceTierInputSchema>;

export const openingStockInputSchema = z.object({
  locationId: z.uuid({ message: /*i18n*/ 'Choose a location' }),
  quantityMilli: quantityMilliSchema(/*i18n*/ 'Opening stock'),
});

export const variantInputSchema = z.object({
  /** Present when editing an existing variant. */
  id: z.uuid().optional(),
  name: safeLine().trim().max(80, { message: /*i18n*/ 'At most 80 characters' }).default(''),
  options: z.record(safeLine().trim().min(1).max(40), safeLine().trim().min(1).max(40)).default({}),
  sku: skuSchema.default(''),
  barcodes: z
    .array(barcodeSchema)
    .max(MAX_BARCODES_PER_VARIANT, { message: fillMessage(/*i18n*/ 'At most {max} barcodes per item', { max: MAX_BARCODES_PER_VARIANT }) })
    .refine((codes) => new Set(codes).size === codes.length, { message: /*i18n*/ 'The same barcode is listed twice' })
    .default([]),
  costPriceMinor: moneyMinorSchema(/*i18n*/ 'Cost price').default(0),
  sellingPriceMinor: moneyMinorSchema(/*i18n*/ 'Selling price'),
  /** Wholesale pricing (advanced inventory). */
  priceTiers: z
    .array(priceTierInputSchema)
    .max(10, { message: /*i18n*/ 'At most 10 price tiers' })
    .refine((tiers) => new Set(tiers.map((tier) => tier.minQuantityMilli)).size === tiers.length, {
      message: /*i18n*/ 'Two tiers start at the same quantity',
    })
    .default([]),
  /** Only when creating: stock already on the shelf, as "opening" movements at the variant's cost. */
  openingStock: z.array(openingStockInputSchema).max(50).default([]),
});
export type VariantInput = z.input<typeof variantInputSchema>;

export const comboComponentInputSchema = z.object({
  variantId: z.uuid({ message: /*i18n*/ 'Choose a component product' }),
  quantityMilli: quantityMilliSchema(/*i18n*/ 'Component quantity').min(1, { message: /*i18n*/ 'Component quantity must be more than 0' }),
});

export const productInputSchema = z
  .object({
    name: nameSchema(/*i18n*/ 'product name', 120),
    description: optionalTextSchema(2000).default(null),
    kind: z.enum(PRODUCT_KINDS).default('standard'),
    categoryId: z.uuid({ message: /*i18n*/ 'Choose a category from the list' }).nullable().default(null),
    /** Brands are advanced inventory. */
    brandId: z.uuid({ message: /*i18n*/ 'Choose a brand from the list' }).nullable().default(null),
    /** null: sold by the piece. Custom units and packs are advanced inventory. */
    unitId: z.uuid({ message: /*i18n*/ 'Choose a unit from the list' }).nullable().default(null),
    /** Omitted: on create the category's default VAT class (standard without one), on update unchanged. */
    taxClass: z.enum(TAX_CLASSES, { message: /*i18n*/ 'Choose a tax class' }).optional(),
    pricesIncludeTax: z.boolean().default(true),
    trackStock: z.boolean().default(true),
    reorderLevelMilli: quantityMilliSchema(/*i18n*/ 'Reorder level').nullable().default(null),
    /** Advanced inventory. */
    warrantyDays: z.int().min(1, { message: /*i18n*/ 'Warranty must be at least 1 day' }).max(3650, { message: /*i18n*/ 'At most 10 years' }).nullable().default(null),
    /** Receipts record a batch and expiry per line (advanced inventory). */
    tracksBatches: z.boolean().default(false),
    /** The supplier reorder suggestions order it from: a contact that supplies. */
    preferredSupplierId: z.uuid({ message: /*i18n*/ 'Choose a supplier from the list' }).nullable().default(null),
    status: z.enum(PRODUCT_STATUSES).default('active'),
    variants: z
      .array(variantInputSchema)
      .min(1, { message: /*i18n*/ 'A product needs at least one item to sell' })
      .max(MAX_VARIANTS, { message: fillMessage(/*i18n*/ 'At most {max} variants', { max: MAX_VARIANTS }) }),
    /** Combo products (advanced inventory): what one sale consumes. */
    components: z.array(comboComponentInputSchema).max(30, { message: /*i18n*/ 'At most 30 components' }).default([]),
  })
  .superRefine((product, context) => {
    const skus = product.variants.map((variant) => variant.sku.toUpperCase()).filter(Boolean);
    product.variants.forEach((variant, index) => {
      if (variant.sku && skus.indexOf(variant.sku.toUpperCase()) !== index) {
        context.addIssue({ code: 'custom', path: ['variants', index, 'sku'], message: /*i18n*/ 'Two variants have the same SKU' });
      }
    });
    const codes = product.variants.flatMap((variant) => variant.barcodes);
    if (new Set(codes).size !== codes.length) {
      context.addIssue({ code: 'custom', path: ['variants'], message: /*i18n*/ 'The same barcode is on two variants' });
    }
    if (product.variants.length > 1 && product.variants.some((variant) => !variant.name)) {
      context.addIssue({ code: 'custom', path: ['variants'], message: /*i18n*/ 'Name each variant, e.g. "Large / Red"' });
    }
    if (product.kind === 'combo' && product.components.length === 0) {
      context.addIssue({ code: 'custom', path: ['components'], message: /*i18n*/ 'A combo needs at least one component' });
    }
    if (product.kind === 'combo' && product.variants.length > 1) {
      context.addIssue({ code: 'custom', path: ['variants'], message: /*i18n*/ 'A combo is sold as one item: no variants' });
    }
    if (product.kind !== 'combo' && product.components.length > 0) {
      context.addIssue({ code: 'custom', path: ['components'], message: /*i18n*/ 'Only combo products have components' });
    }
  });
export type ProductInput = z.input<typeof productInputSchema>;
export type ProductData = z.output<typeof productInputSchema>;

export const namedRefSchema = z.object({ id: z.uuid(), name: z.string() });

export const variantStockSchema = z.object({
  locationId: z.uuid(),
  locationName: z.string(),
  onHandMilli: z.int(),
  isLow: z.boolean(),
});

/**
 * What the shop paid: present only in answers to people holding costs.view (issue 20); the others'
 * answers leave it out (server/products/cost-visibility.ts).
 */
const costMinorSchema = z.int().optional();

export const variantSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  options: z.record(z.string(), z.string()),
  sku: z.string(),
  barcodes: z.array(z.string()),
  costPriceMinor: costMinorSchema,
  sellingPriceMinor: z.int(),
  averageCostMinor: costMinorSchema,
  priceTiers: z.array(z.object({ minQuantityMilli: z.int(), priceMinor: z.int() })),
  stock: z.array(variantStockSchema),
  onHandMilli: z.int(),
});
export type Variant = z.infer<typeof variantSchema>;

export const unitSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  shortName: z.string(),
  allowsDecimals: z.boolean(),
  baseUnitId: z.uuid().nullable(),
  baseQuantityMilli: z.int().nullable(),
});
export type Unit = z.infer<typeof unitSchema>;

export const productSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  kind: z.enum(PRODUCT_KINDS),
  category: namedRefSchema.nullable(),
  brand: namedRefSchema.nullable(),
  unit: unitSchema.nullable(),
  taxClass: z.enum(TAX_CLASSES),
  pricesIncludeTax: z.boolean(),
  trackStock: z.boolean(),
  reorderLevelMilli: z.int().nullable(),
  warrantyDays: z.int().nullable(),
  tracksBatches: z.boolean(),
  preferredSupplier: namedRefSchema.nullable(),
  imageUrl: z.string().nullable(),
  status: z.enum(PRODUCT_STATUSES),
  variants: z.array(variantSchema),
  components: z.array(
    z.object({ variantId: z.uuid(), productName: z.string(), variantName: z.string(), sku: z.string(), quantityMilli: z.int() }),
  ),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Product = z.infer<typeof productSchema>;

// The products list: server-side pagination, sort, filters and search (name, SKU or barcode).
export const PRODUCT_SORTS = ['name', 'sku', 'price', 'onHand', 'updatedAt'] as const;
export const STOCK_FILTERS = ['all', 'in', 'low', 'out'] as const;
export const PAGE_SIZES = [10, 25, 50, 100] as const;

export const productListQuerySchema = z.object({
  search: safeLine().trim().max(100).optional(),
  categoryId: z.uuid().optional(),
  brandId: z.uuid().optional(),
  /** Stock figures and the stock filter at this location (default: all locations together). */
  locationId: z.uuid().optional(),
  stock: z.enum(STOCK_FILTERS).default('all'),
  status: z.enum([...PRODUCT_STATUSES, 'all']).default('active'),
  sort: z.enum(PRODUCT_SORTS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().refine((size) => (PAGE_SIZES as readonly number[]).includes(size), { message: /*i18n*/ 'Page size is 10, 25, 50 or 100' }).default(25),
});
export type ProductListQuery = z.input<typeof productListQuerySchema>;

export const productListItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  status: z.enum(PRODUCT_STATUSES),
  imageUrl: z.string().nullable(),
  categoryName: z.string().nullable(),
  brandName: z.string().nullable(),
  unitShortName: z.string().nullable(),
  trackStock: z.boolean(),
  reorderLevelMilli: z.int().nullable(),
  onHandMilli: z.int(),
  isLow: z.boolean(),
  variants: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      sku: z.string(),
      barcodes: z.array(z.string()),
      sellingPriceMinor: z.int(),
      costPriceMinor: costMinorSchema,
      onHandMilli: z.int(),
    }),
  ),
});
export type ProductListItem = z.infer<typeof productListItemSchema>;

/** Lists count matching products up to this many; beyond it they say "over 10,000". */
export const PRODUCT_COUNT_CAP = 10_000;
/**
 * Searches count their matches up to this many; beyond it they say "over 1,000". A word that
 * broad is refined, not paged through, and counting every match of it would read every match.
 */
export const SEARCH_COUNT_CAP = 1_000;

export const productListSchema = z.object({
  items: z.array(productListItemSchema),
  /** Matching products, at most PRODUCT_COUNT_CAP (SEARCH_COUNT_CAP for a search). */
  total: z.int(),
  /** More than `total` match (the count stopped at the cap). */
  totalCapped: z.boolean(),
  page: z.int(),
  pageSize: z.int(),
});
export type ProductList = z.infer<typeof productListSchema>;

/** Exact barcode (or SKU) lookup, for scanners: the variant and its product. */
export const barcodeLookupSchema = z.object({
  productId: z.uuid(),
  productName: z.string(),
  variantId: z.uuid(),
  variantName: z.string(),
  sku: z.string(),
  sellingPriceMinor: z.int(),
  taxClass: z.enum(TAX_CLASSES),
  onHandMilli: z.int(),
});
export type BarcodeLookup = z.infer<typeof barcodeLookupSchema>;

// Categories (nested), brands, units.
export const categorySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  parentId: z.uuid().nullable(),
  /** "Drinks › Soft drinks" */
  path: z.string(),
  productCount: z.int(),
  /** Its own default VAT class for new products; null: none set. */
  defaultTaxClass: z.enum(TAX_CLASSES).nullable(),
  /** What a new product in it starts with: its own default, else its nearest parent's, else standard. */
  newProductTaxClass: z.enum(TAX_CLASSES),
});
export type Category = z.infer<typeof categorySchema>;

const categoryTaxClassSchema = z.enum(TAX_CLASSES, { message: /*i18n*/ 'Choose a VAT class, or none to use the parent category’s' }).nullable();

export const categoryInputSchema = z.object({
  name: nameSchema(/*i18n*/ 'category name', 60),
  parentId: z.uuid({ message: /*i18n*/ 'Choose a parent category from the list' }).nullable().default(null),
  defaultTaxClass: categoryTaxClassSchema.default(null),
});

export const brandSchema = z.object({ id: z.uuid(), name: z.string(), productCount: z.int() });
export type Brand = z.infer<typeof brandSchema>;
export const brandInputSchema = z.object({ name: nameSchema(/*i18n*/ 'brand name', 60) });

export const unitInputSchema = z
  .object({
    name: nameSchema(/*i18n*/ 'unit name', 40),
    shortName: nameSchema(/*i18n*/ 'short name', 10),
    allowsDecimals: z.boolean().default(false),
    baseUnitId: z.uuid({ message: /*i18n*/ 'Choose the unit this one contains' }).nullable().default(null),
    baseQuantityMilli: quantityMilliSchema(/*i18n*/ 'Quantity').min(1, { message: /*i18n*/ 'A pack holds more than 0' }).nullable().default(null),
  })
  .refine((unit) => (unit.baseUnitId === null) === (unit.baseQuantityMilli === null), {
    path: ['baseQuantityMilli'],
    message: /*i18n*/ 'Say how many of the base unit one of this holds',
  });

/** Units every new shop starts with; packs (Box of 12 …) are added by the shop (advanced inventory). */
export const DEFAULT_UNITS = [
  { name: 'Piece', shortName: 'pc', allowsDecimals: false },
  { name: 'Kilogram', shortName: 'kg', allowsDecimals: true },
  { name: 'Litre', shortName: 'l', allowsDecimals: true },
  { name: 'Metre', shortName: 'm', allowsDecimals: true },
] as const;

// Bulk operations (feature bulk_operations).
export const bulkPriceUpdateSchema = z.object({
  productIds: z.array(z.uuid()).min(1, { message: /*i18n*/ 'Choose at least one product' }).max(1000),
  /** set: every variant costs amountMinor; percent: change by basis points (+500 = +5%); amount: add amountMinor (may be negative). */
  mode: z.enum(['set', 'percent', 'amount']),
  value: z.int().min(-MAX_PRICE_MINOR).max(MAX_PRICE_MINOR),
});
export const bulkArchiveSchema = z.object({
  productIds: z.array(z.uuid()).min(1, { message: /*i18n*/ 'Choose at least one product' }).max(1000),
  archived: z.boolean(),
});
export const bulkResultSchema = z.object({ updated: z.int() });

/** CSV import limits: larger files are refused before parsing (413 with a message). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 10_000;

/**
 * The CSV columns of the import and the export, in file order: a simple product per row
 * (core/products/product-import.rules.ts maps a row onto productInputSchema).
 */
export const IMPORT_COLUMNS = [
  'name',
  'sku',
  'barcode',
  'category',
  'brand',
  'unit',
  'cost_price',
  'selling_price',
  'tax_class',
  'prices_include_tax',
  'track_stock',
  'reorder_level',
  'opening_stock',
  'location',
  'description',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** One row of an import preview: its values as they will be saved and its problems by column ('_': the whole row). */
export const importRowPreviewSchema = z.object({
  /** The spreadsheet row number (the header is row 1). */
  row: z.int(),
  values: z.record(z.string(), z.string()),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ImportRowPreview = z.infer<typeof importRowPreviewSchema>;

export const importPreviewSchema = z.object({
  /** Data rows (rows of separators only, as spreadsheets keep empty rows, are skipped and counted in blankRowCount). */
  totalRows: z.int(),
  validCount: z.int(),
  blankRowCount: z.int(),
  errorCount: z.int(),
  /** Category paths the import will create ("Drinks > Soft drinks"). */
  newCategories: z.array(z.string()),
  /** Brands the import will create (advanced inventory). */
  newBrands: z.array(z.string()),
  /** Header cells that name no known column (left out of the import). */
  ignoredColumns: z.array(z.string()),
  rows: z.array(importRowPreviewSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importResultSchema = z.object({ createdCount: z.int() });

// Partial updates of the catalog's reference data (PATCH): only the fields sent change.
export const categoryPatchSchema = z.object({
  name: nameSchema(/*i18n*/ 'category name', 60).optional(),
  parentId: z.uuid({ message: /*i18n*/ 'Choose a parent category from the list' }).nullable().optional(),
  defaultTaxClass: categoryTaxClassSchema.optional(),
});
export const unitPatchSchema = z.object({
  name: nameSchema(/*i18n*/ 'unit name', 40).optional(),
  shortName: nameSchema(/*i18n*/ 'short name', 10).optional(),
  allowsDecimals: z.boolean().optional(),
  baseUnitId: z.uuid({ message: /*i18n*/ 'Choose the unit this one contains' }).nullable().optional(),
  baseQuantityMilli: quantityMilliSchema(/*i18n*/ 'Quantity').min(1, { message: /*i18n*/ 'A pack holds more than 0' }).nullable().optional(),
});

/** Product photos: PNG, JPEG or WebP up to 5 MB, stored as WebP fitting 800×800. */
export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PRODUCT_IMAGE_CONTENT_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;
