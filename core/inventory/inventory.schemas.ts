import { z } from 'zod';
import { safeLine, safeText } from '../api/text.schemas';
import { quantityMilliSchema } from '../products/products.schemas';
import { PRICE_ROUNDING_STEPS } from '../settings/price-rounding.rules';

// Stock's API contract (issue "Products and inventory"): locations, the movement ledger,
// adjustments, transfers, stock takes, low stock. Quantities are integer thousandths.

export const DEFAULT_LOCATION_NAME = 'Main shop';
export const LOCATION_KINDS = ['shop', 'warehouse'] as const;

export const MOVEMENT_KINDS = [
  'opening',
  'purchase_receipt',
  'sale',
  'sale_return',
  'adjustment',
  'transfer_out',
  'transfer_in',
  'transfer_loss',
  'count_variance',
  'supplier_return',
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

export const MOVEMENT_KIND_LABELS: Record<MovementKind, string> = {
  opening: /*i18n*/ 'Opening stock',
  purchase_receipt: /*i18n*/ 'Purchase receipt',
  sale: /*i18n*/ 'Sale',
  sale_return: /*i18n*/ 'Sale return',
  adjustment: /*i18n*/ 'Adjustment',
  transfer_out: /*i18n*/ 'Transfer out',
  transfer_in: /*i18n*/ 'Transfer in',
  transfer_loss: /*i18n*/ 'Lost in transit',
  count_variance: /*i18n*/ 'Stock take variance',
  supplier_return: /*i18n*/ 'Returned to supplier',
};

export const ADJUSTMENT_REASONS = ['damage', 'theft', 'expiry', 'correction'] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];
export const ADJUSTMENT_REASON_LABELS: Record<AdjustmentReason, string> = {
  damage: /*i18n*/ 'Damaged',
  theft: /*i18n*/ 'Theft or loss',
  expiry: /*i18n*/ 'Expired',
  correction: /*i18n*/ 'Correction',
};

const isoDate = z.iso.datetime();
const noteSchema = safeText()
  .max(500, { message: /*i18n*/ 'At most 500 characters' })
  .transform((value) => value.trim() || null)
  .nullable()
  .default(null);

// Locations
export const locationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(LOCATION_KINDS),
  address: z.string().nullable(),
  isDefault: z.boolean(),
  isActive: z.boolean(),
});
export type Location = z.infer<typeof locationSchema>;

const locationNameSchema = safeLine().trim().min(1, { message: /*i18n*/ 'Enter the location name' }).max(60, { message: /*i18n*/ 'At most 60 characters' });
const locationAddressSchema = safeText()
  .max(200, { message: /*i18n*/ 'At most 200 characters' })
  .transform((value) => value.trim() || null)
  .nullable();

export const locationInputSchema = z.object({
  name: locationNameSchema,
  kind: z.enum(LOCATION_KINDS).default('shop'),
  address: locationAddressSchema.default(null),
});
// Without defaults: a field left out of an update stays as it is.
export const locationUpdateSchema = z.object({
  name: locationNameSchema.optional(),
  kind: z.enum(LOCATION_KINDS).optional(),
  address: locationAddressSchema.optional(),
  isActive: z.boolean().optional(),
  /** Makes this the default location (the previous default stops being it). */
  isDefault: z.literal(true).optional(),
});

// The ledger
export const movementSchema = z.object({
  id: z.uuid(),
  productId: z.uuid(),
  productName: z.string(),
  variantId: z.uuid(),
  variantName: z.string(),
  sku: z.string(),
  locationId: z.uuid(),
  locationName: z.string(),
  kind: z.enum(MOVEMENT_KINDS),
  quantityMilli: z.int(),
  /** What a unit cost; null for a person without costs.view (issue 20). */
  unitCostMinor: z.int().nullable(),
  balanceAfterMilli: z.int(),
  sourceType: z.string(),
  sourceId: z.uuid().nullable(),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  userName: z.string().nullable(),
  createdAt: isoDate,
});
export type Movement = z.infer<typeof movementSchema>;

export const movementListQuerySchema = z.object({
  productId: z.uuid().optional(),
  variantId: z.uuid().optional(),
  locationId: z.uuid().optional(),
  kind: z.enum(MOVEMENT_KINDS).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const movementListSchema = z.object({ items: z.array(movementSchema), total: z.int(), page: z.int(), pageSize: z.int() });

// Adjustments
const lineVariantSchema = z.uuid({ message: /*i18n*/ 'Choose a product' });

export const adjustmentInputSchema = z.object({
  locationId: z.uuid({ message: /*i18n*/ 'Choose a location' }),
  reason: z.enum(ADJUSTMENT_REASONS, { message: /*i18n*/ 'Choose a reason' }),
  note: noteSchema,
  lines: z
    .array(
      z.object({
        variantId: lineVariantSchema,
        /** Signed change: −3000 removes 3, +2000 adds 2. */
        quantityChangeMilli: z
          .int({ message: /*i18n*/ 'Enter a quantity with at most 3 decimals' })
          .refine((change) => change !== 0, { message: /*i18n*/ 'Enter a change other than 0' })
          .refine((change) => Math.abs(change) <= 99_999_999_999, { message: /*i18n*/ 'That quantity is too large' }),
      }),
    )
    .min(1, { message: /*i18n*/ 'Add at least one product' })
    .max(500, { message: /*i18n*/ 'At most 500 lines' })
    .refine((lines) => new Set(lines.map((line) => line.variantId)).size === lines.length, { message: /*i18n*/ 'A product is listed twice' }),
});
export type AdjustmentInput = z.input<typeof adjustmentInputSchema>;

export const adjustmentSchema = z.object({
  id: z.uuid(),
  locationId: z.uuid(),
  locationName: z.string(),
  reason: z.enum(ADJUSTMENT_REASONS),
  note: z.string().nullable(),
  userName: z.string().nullable(),
  createdAt: isoDate,
  lines: z.array(z.object({ variantId: z.uuid(), productName: z.string(), variantName: z.string(), sku: z.string(), quantityChangeMilli: z.int(), balanceAfterMilli: z.int() })),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

// Transfers (feature multi_location)
/** partly_received: some arrived or was lost, the rest is still in transit; received: every unit arrived or was lost. */
export const TRANSFER_STATUSES = ['sent', 'partly_received', 'received', 'cancelled'] as const;

export const transferInputSchema = z
  .object({
    fromLocationId: z.uuid({ message: /*i18n*/ 'Choose where the stock leaves from' }),
    toLocationId: z.uuid({ message: /*i18n*/ 'Choose where the stock goes' }),
    note: noteSchema,
    lines: z
      .array(z.object({ variantId: lineVariantSchema, quantityMilli: quantityMilliSchema(/*i18n*/ 'Quantity').min(1, { message: /*i18n*/ 'Enter a quantity more than 0' }) }))
      .min(1, { message: /*i18n*/ 'Add at least one product' })
      .max(500, { message: /*i18n*/ 'At most 500 lines' })
      .refine((lines) => new Set(lines.map((line) => line.variantId)).size === lines.length, { message: /*i18n*/ 'A product is listed twice' }),
  })
  .refine((transfer) => transfer.fromLocationId !== transfer.toLocationId, {
    path: ['toLocationId'],
    message: /*i18n*/ 'Choose a different location to send to',
  });
export type TransferInput = z.input<typeof transferInputSchema>;

export const transferSchema = z.object({
  id: z.uuid(),
  fromLocation: z.object({ id: z.uuid(), name: z.string() }),
  toLocation: z.object({ id: z.uuid(), name: z.string() }),
  status: z.enum(TRANSFER_STATUSES),
  note: z.string().nullable(),
  sentByName: z.string().nullable(),
  sentAt: isoDate,
  /** The latest receipt's. */
  receivedByName: z.string().nullable(),
  receivedAt: isoDate.nullable(),
  lines: z.array(
    z.object({
      variantId: z.uuid(),
      productName: z.string(),
      variantName: z.string(),
      sku: z.string(),
      /** Sent = received + lost + in transit. */
      quantityMilli: z.int(),
      receivedQuantityMilli: z.int(),
      lostQuantityMilli: z.int(),
      inTransitMilli: z.int(),
    }),
  ),
  /** Each arrival, oldest first, with what it received and wrote off per product. */
  receipts: z.array(
    z.object({
      id: z.uuid(),
      receivedByName: z.string().nullable(),
      receivedAt: isoDate,
      lines: z.array(z.object({ variantId: z.uuid(), receivedQuantityMilli: z.int(), lostQuantityMilli: z.int() })),
    }),
  ),
});
export type Transfer = z.infer<typeof transferSchema>;

/**
 * A receipt of (part of) a transfer: per product, what arrived and what is written off as lost in
 * transit; the rest stays in transit. Without lines, everything still in transit arrives.
 */
export const transferReceiptInputSchema = z.object({
  lines: z
    .array(
      z.object({
        variantId: lineVariantSchema,
        receivedQuantityMilli: quantityMilliSchema(/*i18n*/ 'Received quantity'),
        lostQuantityMilli: quantityMilliSchema(/*i18n*/ 'Lost quantity').default(0),
      }),
    )
    .min(1, { message: /*i18n*/ 'Add at least one product' })
    .max(500, { message: /*i18n*/ 'At most 500 lines' })
    .refine((lines) => new Set(lines.map((line) => line.variantId)).size === lines.length, { message: /*i18n*/ 'A product is listed twice' })
    .refine((lines) => lines.some((line) => line.receivedQuantityMilli + line.lostQuantityMilli > 0), { message: /*i18n*/ 'Enter a quantity received or lost' })
    .optional(),
});
export type TransferReceiptInput = z.input<typeof transferReceiptInputSchema>;

// Stock takes
export const STOCK_TAKE_STATUSES = ['counting', 'posted', 'cancelled'] as const;

export const stockTakeInputSchema = z.object({
  locationId: z.uuid({ message: /*i18n*/ 'Choose a location' }),
  note: noteSchema,
  /** Blind: the counter is not shown the expected figures (nor the variances) until the take is posted. */
  isBlind: z.boolean({ message: /*i18n*/ 'Choose whether the count is blind' }).default(false),
});
export const stockTakeCountSchema = z.object({
  variantId: lineVariantSchema,
  countedQuantityMilli: quantityMilliSchema(/*i18n*/ 'Counted quantity'),
});

export const stockTakeSchema = z.object({
  id: z.uuid(),
  location: z.object({ id: z.uuid(), name: z.string() }),
  status: z.enum(STOCK_TAKE_STATUSES),
  isBlind: z.boolean(),
  note: z.string().nullable(),
  startedByName: z.string().nullable(),
  postedByName: z.string().nullable(),
  createdAt: isoDate,
  postedAt: isoDate.nullable(),
  lines: z.array(
    z.object({
      variantId: z.uuid(),
      productName: z.string(),
      variantName: z.string(),
      sku: z.string(),
      countedQuantityMilli: z.int(),
      /** While counting: on hand now; once posted: on hand when it was posted. Null while a blind take is counted. */
      expectedQuantityMilli: z.int().nullable(),
      varianceMilli: z.int().nullable(),
      /** The item's weighted average cost: the variance's value is varianceMilli × this. Null for a person without costs.view. */
      unitCostMinor: z.int().nullable(),
    }),
  ),
});
export type StockTake = z.infer<typeof stockTakeSchema>;

export const documentListQuerySchema = z.object({
  status: safeLine().optional(),
  locationId: z.uuid().optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

// Low stock and valuation
export const lowStockItemSchema = z.object({
  productId: z.uuid(),
  productName: z.string(),
  variantId: z.uuid(),
  variantName: z.string(),
  sku: z.string(),
  locationId: z.uuid(),
  locationName: z.string(),
  onHandMilli: z.int(),
  reorderLevelMilli: z.int(),
});
export type LowStockItem = z.infer<typeof lowStockItemSchema>;

export const inventorySummarySchema = z.object({
  /** Σ on hand × weighted average cost, at the location or everywhere; null for a person without costs.view. */
  valuationMinor: z.int().nullable(),
  productCount: z.int(),
  lowStockCount: z.int(),
  outOfStockCount: z.int(),
});

// Inventory settings (business_settings columns)
export const inventorySettingsSchema = z.object({
  vatStandardBp: z.int(),
  vatReducedBp: z.int(),
  allowNegativeStock: z.boolean(),
  /** Whole currency units computed prices round to (core/settings/price-rounding.rules.ts); 0: to the cent. */
  priceRoundingStep: z.int(),
});
export type InventorySettings = z.infer<typeof inventorySettingsSchema>;
export const inventorySettingsInputSchema = z
  .object({
    vatStandardBp: z.int().min(0, { message: /*i18n*/ 'A rate cannot be negative' }).max(5000, { message: /*i18n*/ 'At most 50%' }),
    vatReducedBp: z.int().min(0, { message: /*i18n*/ 'A rate cannot be negative' }).max(5000, { message: /*i18n*/ 'At most 50%' }),
    /** Advanced inventory. */
    allowNegativeStock: z.boolean(),
    priceRoundingStep: z.literal(PRICE_ROUNDING_STEPS, { message: /*i18n*/ 'Choose no rounding, or 1, 5 or 10' }),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: /*i18n*/ 'Nothing to update' });

// Document lists (paged; one row per document, its lines counted)
const pagedList = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.int(), page: z.int(), pageSize: z.int() });

export const locationListSchema = z.object({ items: z.array(locationSchema) });

export const adjustmentListItemSchema = adjustmentSchema.omit({ lines: true }).extend({ lineCount: z.int() });
export type AdjustmentListItem = z.infer<typeof adjustmentListItemSchema>;
export const adjustmentListSchema = pagedList(adjustmentListItemSchema);

export const transferListItemSchema = transferSchema.omit({ lines: true, receipts: true }).extend({ lineCount: z.int() });
export type TransferListItem = z.infer<typeof transferListItemSchema>;
export const transferListSchema = pagedList(transferListItemSchema);

export const stockTakeListItemSchema = stockTakeSchema.omit({ lines: true }).extend({ lineCount: z.int() });
export type StockTakeListItem = z.infer<typeof stockTakeListItemSchema>;
export const stockTakeListSchema = pagedList(stockTakeListItemSchema);

export const lowStockListSchema = z.object({ items: z.array(lowStockItemSchema) });
/** ?locationId= for the low-stock list and the summary (everywhere when absent). */
export const locationFilterQuerySchema = z.object({ locationId: z.uuid().optional() });
