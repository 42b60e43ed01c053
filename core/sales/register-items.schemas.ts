import { z } from 'zod';
import { safeLine } from '../api/text.schemas';
import { TAX_CLASSES } from '../products/tax.rules';

// What the register needs to price a line before the server does (GET /api/register/items) and a
// customer's prices (GET /api/register/customers/{id}): the catalog's figures the cart's preview
// totals come from (core/sales/pricing.rules.ts). The server prices the sale again at checkout.

/** At most this many items answer a search (the pick list); a code or a list of ids answers all it matches. */
export const REGISTER_SEARCH_LIMIT = 20;
/** A resumed parked cart asks for at most this many variants at once. */
export const REGISTER_VARIANT_IDS_MAX = 200;
/** The product grid's page: its top sellers, or one page of a category. */
export const REGISTER_GRID_PAGE_SIZE = 24;
/** How far back the grid's top sellers look. */
export const REGISTER_TOP_SELLER_DAYS = 30;

const productId = z.uuid();

export const registerItemsQuerySchema = z
  .object({
    registerId: z.uuid({ message: /*i18n*/ 'Choose a register' }),
    /** An exact barcode or SKU (a scan). */
    code: safeLine().trim().min(1).max(64).optional(),
    /** A name, part of a SKU, or a barcode (typed). */
    q: safeLine().trim().min(1).max(100).optional(),
    /** Comma-separated variant ids (a parked cart being resumed). */
    variantIds: safeLine()
      .max(REGISTER_VARIANT_IDS_MAX * 37)
      .transform((value) => value.split(',').filter(Boolean))
      // Refined as a whole so a bad id is reported on the parameter itself.
      .refine((ids) => ids.length >= 1 && ids.length <= REGISTER_VARIANT_IDS_MAX && ids.every((id) => productId.safeParse(id).success), {
        message: /*i18n*/ 'Not a product id',
      })
      .optional(),
    /** The product grid's top sellers at the register's location. */
    grid: z.literal('top', { message: /*i18n*/ 'Not a product grid' }).optional(),
    /** The product grid's category (with the categories inside it), a page at a time. */
    categoryId: z.uuid({ message: /*i18n*/ 'Not a category id' }).optional(),
    page: z.coerce.number({ message: /*i18n*/ 'Not a page number' }).int().min(1).max(10_000).optional(),
  })
  .refine((query) => [query.code, query.q, query.variantIds, query.grid, query.categoryId].filter((value) => value !== undefined).length === 1, {
    message: /*i18n*/ 'Give a code, a search, product ids, the top sellers or a category',
    path: ['q'],
  })
  .refine((query) => query.page === undefined || query.categoryId !== undefined, {
    message: /*i18n*/ 'Pages are for a category',
    path: ['page'],
  });
export type RegisterItemsQuery = z.input<typeof registerItemsQuerySchema>;

export const registerItemPackSchema = z.object({
  unitId: z.uuid(),
  name: z.string(),
  /** Stock units per pack ×1000 (a crate of 24 bottles: 24000). */
  packSizeMilli: z.int(),
  allowsDecimals: z.boolean(),
});
export type RegisterItemPack = z.infer<typeof registerItemPackSchema>;

export const registerItemSchema = z.object({
  variantId: z.uuid(),
  productId: z.uuid(),
  productName: z.string(),
  variantName: z.string(),
  sku: z.string(),
  barcodes: z.array(z.string()),
  /** Per stock unit, VAT-inclusive. */
  sellingPriceMinor: z.int(),
  taxClass: z.enum(TAX_CLASSES),
  /** Wholesale tiers by stock quantity. */
  tiers: z.array(z.object({ minQuantityMilli: z.int(), priceMinor: z.int() })),
  /** The product's own unit (null: counted in pieces, whole). */
  unit: z.object({ id: z.uuid(), name: z.string(), allowsDecimals: z.boolean() }).nullable(),
  /** Packs of the product's unit it may be sold in (a crate of 24). */
  packs: z.array(registerItemPackSchema),
  /** On hand at the register's location (stock units ×1000); null when stock is not tracked (services, combos). */
  onHandMilli: z.int().nullable(),
  /** The product's picture (the grid's tile). */
  imageUrl: z.string().nullable(),
});
export type RegisterItem = z.infer<typeof registerItemSchema>;

export const registerItemListSchema = z.object({
  items: z.array(registerItemSchema),
  /** More match than were answered: the grid's next page (a search answers its first REGISTER_SEARCH_LIMIT). */
  hasMore: z.boolean(),
});
export type RegisterItemList = z.infer<typeof registerItemListSchema>;

export const registerCustomerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  phone: z.string().nullable(),
  groupName: z.string().nullable(),
  /** The group's discount off list prices (0 without one, or with a price list instead). */
  groupDiscountBps: z.int(),
  /** The group's price list: per stock unit, by variant. */
  groupPrices: z.array(z.object({ variantId: z.uuid(), priceMinor: z.int() })),
  /** What the customer owes (negative: money with the shop). */
  balanceMinor: z.int(),
  depositMinor: z.int(),
  creditLimitMinor: z.int(),
  loyaltyPoints: z.int(),
});
export type RegisterCustomer = z.infer<typeof registerCustomerSchema>;
