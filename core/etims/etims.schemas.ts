import { z } from 'zod';
import { safeLine } from '../api/text.schemas';
import { ETIMS_TAX_TYPES } from './etims.rules';

// eTIMS inputs and answers shared by the settings tab, the item registration and monitoring
// screens, the receipt and the API (issue 19).

export const ETIMS_ENVIRONMENTS = ['simulated', 'sandbox', 'production'] as const;
export const ETIMS_DOCUMENT_KINDS = ['sale', 'credit_note', 'stock_io', 'stock_master'] as const;
export const ETIMS_DOCUMENT_STATUSES = ['pending', 'sending', 'signed', 'failed'] as const;

const KRA_PIN_MESSAGE = /*i18n*/ 'A KRA PIN is a letter, 9 digits and a letter (P051234567X)';
const BRANCH_MESSAGE = /*i18n*/ 'The branch id is two digits (00 for the head office)';
const CODE_MESSAGE = /*i18n*/ 'Use KRA’s code (letters and digits)';

export const etimsSettingsInputSchema = z.object({
  /** null: the shop's device; a location's id: that branch's own device. */
  locationId: z.uuid().nullable().default(null),
  kraPin: safeLine()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z][0-9]{9}[A-Z]$/, { message: KRA_PIN_MESSAGE }),
  branchId: safeLine()
    .trim()
    .regex(/^[0-9]{2}$/, { message: BRANCH_MESSAGE }),
  deviceSerial: safeLine().trim().min(1).max(100),
  environment: z.enum(ETIMS_ENVIRONMENTS),
});
export type EtimsSettingsInput = z.infer<typeof etimsSettingsInputSchema>;

export const etimsDeviceSchema = z.object({
  id: z.uuid(),
  locationId: z.uuid().nullable(),
  locationName: z.string().nullable(),
  kraPin: z.string(),
  branchId: z.string(),
  deviceSerial: z.string(),
  environment: z.enum(ETIMS_ENVIRONMENTS),
  /** Never the key itself: whether it is set and its last four characters. */
  cmcKey: z.object({ set: z.boolean(), last4: z.string().nullable() }),
  sdcId: z.string().nullable(),
  mrcNo: z.string().nullable(),
  taxpayerName: z.string().nullable(),
  initialisedAt: z.string().nullable(),
  lastInvoiceNumber: z.int(),
});
export type EtimsDevice = z.infer<typeof etimsDeviceSchema>;
export const etimsDeviceListSchema = z.object({ devices: z.array(etimsDeviceSchema) });

const kraCode = () =>
  safeLine()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{1,10}$/, { message: CODE_MESSAGE });

/** What a variant is registered with; the tax type comes from the product's VAT class. */
export const etimsItemInputSchema = z.object({
  itemClassCode: safeLine()
    .trim()
    .regex(/^[0-9]{2,10}$/, { message: /*i18n*/ 'Choose a classification from KRA’s list' }),
  packagingUnitCode: kraCode(),
  quantityUnitCode: kraCode(),
  itemTypeCode: z.enum(['1', '2', '3']).default('2'),
  originCountry: safeLine()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { message: /*i18n*/ 'A two-letter country code (KE)' })
    .default('KE'),
});
export type EtimsItemInput = z.infer<typeof etimsItemInputSchema>;

export const etimsItemRowSchema = z.object({
  variantId: z.uuid(),
  productName: z.string(),
  variantName: z.string(),
  sku: z.string(),
  taxType: z.enum(ETIMS_TAX_TYPES),
  itemCode: z.string().nullable(),
  itemClassCode: z.string().nullable(),
  packagingUnitCode: z.string().nullable(),
  quantityUnitCode: z.string().nullable(),
  registeredAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** What is missing before it can be registered. */
  missing: z.array(z.enum(['item_class', 'packaging_unit', 'quantity_unit'])),
});
export type EtimsItemRow = z.infer<typeof etimsItemRowSchema>;

export const etimsItemListQuerySchema = z.object({
  filter: z.enum(['all', 'missing', 'ready', 'registered']).default('all'),
  q: safeLine().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const etimsItemListSchema = z.object({ items: z.array(etimsItemRowSchema), total: z.int(), page: z.int(), pageSize: z.int() });

export const etimsItemClassQuerySchema = z.object({ q: safeLine().trim().max(100).default(''), limit: z.coerce.number().int().min(1).max(50).default(20) });
export const etimsItemClassListSchema = z.object({
  classes: z.array(z.object({ code: z.string(), name: z.string(), level: z.int(), taxType: z.string().nullable() })),
  fetchedAt: z.string().nullable(),
});

const unitCodeList = z.array(z.object({ code: z.string(), name: z.string() }));
/** KRA's unit codes the shop fetched (empty until it did): the item form offers them. */
export const etimsUnitCodesSchema = z.object({ packagingUnits: unitCodeList, quantityUnits: unitCodeList });

export const etimsDocumentListQuerySchema = z.object({
  status: z.enum(ETIMS_DOCUMENT_STATUSES).optional(),
  kind: z.enum(ETIMS_DOCUMENT_KINDS).optional(),
  q: safeLine().trim().max(100).optional(),
  sort: z.enum(['created', 'invoice']).default('created'),
  direction: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type EtimsDocumentListQuery = z.infer<typeof etimsDocumentListQuerySchema>;

export const etimsDocumentSchema = z.object({
  id: z.uuid(),
  kind: z.enum(ETIMS_DOCUMENT_KINDS),
  sourceId: z.uuid(),
  /** The sale's receipt code or the return's code, for people. */
  reference: z.string().nullable(),
  invoiceNumber: z.int().nullable(),
  originalInvoiceNumber: z.int().nullable(),
  status: z.enum(ETIMS_DOCUMENT_STATUSES),
  attempts: z.int(),
  nextAttemptAt: z.string(),
  lastErrorCode: z.string().nullable(),
  lastErrorMessage: z.string().nullable(),
  totalMinor: z.int().nullable(),
  receiptNumber: z.int().nullable(),
  signedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type EtimsDocument = z.infer<typeof etimsDocumentSchema>;
export const etimsDocumentListSchema = z.object({
  documents: z.array(etimsDocumentSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
  counts: z.object({ pending: z.int(), failed: z.int(), signed: z.int(), pendingOverAnHour: z.int() }),
});

/** What a receipt prints: pending until KRA signed, then the control unit's data. */
export const etimsReceiptBlockSchema = z.object({
  status: z.enum(['pending', 'signed', 'failed']),
  environment: z.enum(ETIMS_ENVIRONMENTS),
  kraPin: z.string(),
  invoiceNumber: z.int(),
  receiptTypeLabel: z.enum(['NS', 'NC']),
  sdcId: z.string().nullable(),
  mrcNo: z.string().nullable(),
  receiptNumber: z.int().nullable(),
  totalReceiptNumber: z.int().nullable(),
  internalData: z.string().nullable(),
  receiptSignature: z.string().nullable(),
  controlUnitTime: z.string().nullable(),
  verificationUrl: z.string().nullable(),
});
export type EtimsReceiptBlock = z.infer<typeof etimsReceiptBlockSchema>;
