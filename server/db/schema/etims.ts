import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { locations } from './inventory';
import { productVariants } from './products';
import { tenantOwnedColumns } from './tenancy';

// KRA eTIMS OSCU (issue 19, docs/decisions/0023-etims-oscu.md). Every sale and return is queued as
// an etims_documents row in its own transaction (a transactional outbox) with its gap-free invoice
// number taken from the device's settings row; a worker sends it and stores KRA's signature.

/**
 * A control unit (KRA branch + device): the shop's own (location_id null) or a location's. The
 * counters are taken by UPDATE … RETURNING inside the document's transaction, so they are gap-free.
 */
export const etimsSettings = pgTable(
  'etims_settings',
  {
    ...tenantOwnedColumns(),
    /** null: the shop's device, used by every location without one of its own. */
    locationId: uuid('location_id'),
    kraPin: text('kra_pin').notNull(),
    branchId: text('branch_id').notNull().default('00'),
    deviceSerial: text('device_serial').notNull(),
    environment: text('environment').notNull().default('simulated'),
    /** The communication key selectInitOsdcInfo returns once, sealed with the shop and purpose as context. */
    cmcKeySealed: text('cmc_key_sealed'),
    sdcId: text('sdc_id'),
    mrcNo: text('mrc_no'),
    taxpayerName: text('taxpayer_name'),
    initialisedAt: timestamp('initialised_at', { withTimezone: true }),
    lastInvoiceNumber: integer('last_invoice_number').notNull().default(0),
    lastSarNumber: integer('last_sar_number').notNull().default(0),
    /** Orders every document of the device (sales, credit notes, stock reports) for the worker. */
    lastDocumentSeq: bigint('last_document_seq', { mode: 'number' }).notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
    uniqueIndex('etims_settings_location_unique').on(t.tenantId, sql`coalesce(${t.locationId}, '00000000-0000-0000-0000-000000000000'::uuid)`),
    check('etims_settings_environment_check', sql`${t.environment} in ('sandbox', 'production', 'simulated')`),
    check('etims_settings_pin_check', sql`${t.kraPin} ~ '^[A-Z][0-9]{9}[A-Z]$'`),
    check('etims_settings_branch_check', sql`${t.branchId} ~ '^[0-9]{2}$'`),
    check('etims_settings_counters_check', sql`${t.lastInvoiceNumber} >= 0 and ${t.lastSarNumber} >= 0 and ${t.lastDocumentSeq} >= 0`),
  ],
);

/** KRA's item classification list (selectItemClsList), kept per shop for the searchable picker. */
export const etimsItemClasses = pgTable(
  'etims_item_classes',
  {
    ...tenantOwnedColumns(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    level: integer('level').notNull().default(0),
    taxType: text('tax_type'),
    isMajor: boolean('is_major').notNull().default(false),
    isUsed: boolean('is_used').notNull().default(true),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('etims_item_classes_code_unique').on(t.tenantId, t.code),
    index('etims_item_classes_name_idx').on(t.tenantId, sql`lower(${t.name})`),
  ],
);

/** KRA's code lists (selectCodeList) the shop uses: packaging units (class 17) and quantity units (class 10). */
export const etimsCodes = pgTable(
  'etims_codes',
  {
    ...tenantOwnedColumns(),
    codeClass: text('code_class').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    isUsed: boolean('is_used').notNull().default(true),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('etims_codes_code_unique').on(t.tenantId, t.codeClass, t.code)],
);

/** A variant's eTIMS item: its code (KE + type + packaging + quantity unit + sequence) and KRA codes. */
export const etimsItems = pgTable(
  'etims_items',
  {
    ...tenantOwnedColumns(),
    variantId: uuid('variant_id').notNull(),
    /** The 7-digit sequence of the item code, per shop. */
    sequence: integer('sequence').notNull(),
    itemCode: text('item_code').notNull(),
    itemTypeCode: text('item_type_code').notNull().default('2'),
    itemClassCode: text('item_class_code').notNull(),
    packagingUnitCode: text('packaging_unit_code').notNull(),
    quantityUnitCode: text('quantity_unit_code').notNull(),
    taxType: text('tax_type').notNull(),
    originCountry: text('origin_country').notNull().default('KE'),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    lastError: text('last_error'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.variantId], foreignColumns: [productVariants.tenantId, productVariants.id] }).onDelete('cascade'),
    uniqueIndex('etims_items_variant_unique').on(t.tenantId, t.variantId),
    uniqueIndex('etims_items_code_unique').on(t.tenantId, t.itemCode),
    uniqueIndex('etims_items_sequence_unique').on(t.tenantId, t.sequence),
    check('etims_items_tax_type_check', sql`${t.taxType} in ('A', 'B', 'C', 'D', 'E')`),
    check('etims_items_sequence_check', sql`${t.sequence} between 1 and 9999999`),
  ],
);

/**
 * The outbox: one row per document to send (a sale, a credit note, a stock report), written in the
 * document's own transaction with its frozen request; the worker leases, sends and signs it.
 */
export const etimsDocuments = pgTable(
  'etims_documents',
  {
    ...tenantOwnedColumns(),
    settingsId: uuid('settings_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    /** sale, sale_return or sale_void (a void's credit note names the sale). */
    sourceType: text('source_type').notNull(),
    sourceId: uuid('source_id').notNull(),
    invoiceNumber: integer('invoice_number'),
    originalInvoiceNumber: integer('original_invoice_number'),
    sarNumber: integer('sar_number'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** A send began and no answer was recorded: KRA is asked before any resend. */
    inDoubt: boolean('in_doubt').notNull().default(false),
    lastErrorCode: text('last_error_code'),
    lastErrorMessage: text('last_error_message'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** curRcptNo, totRcptNo, intrlData, rcptSign, sdcDateTime, sdcId, mrcNo. */
    result: jsonb('result').$type<Record<string, unknown>>(),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.settingsId], foreignColumns: [etimsSettings.tenantId, etimsSettings.id] }),
    uniqueIndex('etims_documents_seq_unique').on(t.tenantId, t.settingsId, t.seq),
    uniqueIndex('etims_documents_invoice_unique').on(t.tenantId, t.settingsId, t.invoiceNumber),
    // A sale has its invoice and, once voided, one credit note; a return has its credit note.
    uniqueIndex('etims_documents_source_unique').on(t.tenantId, t.sourceId, t.kind).where(sql`${t.kind} in ('sale', 'credit_note')`),
    index('etims_documents_credited_idx').on(t.tenantId, t.settingsId, t.originalInvoiceNumber).where(sql`${t.kind} = 'credit_note'`),
    index('etims_documents_due_idx').on(t.tenantId, t.settingsId, t.seq).where(sql`${t.status} in ('pending', 'sending')`),
    index('etims_documents_status_idx').on(t.tenantId, t.status, t.createdAt),
    check('etims_documents_kind_check', sql`${t.kind} in ('sale', 'credit_note', 'stock_io', 'stock_master')`),
    check('etims_documents_source_type_check', sql`${t.sourceType} in ('sale', 'sale_return', 'sale_void')`),
    check('etims_documents_status_check', sql`${t.status} in ('pending', 'sending', 'signed', 'failed')`),
    check('etims_documents_invoice_check', sql`(${t.kind} in ('sale', 'credit_note')) = (${t.invoiceNumber} is not null)`),
    check('etims_documents_signed_check', sql`(${t.status} = 'signed') = (${t.signedAt} is not null)`),
  ],
);
