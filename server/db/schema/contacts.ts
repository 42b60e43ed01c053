import { sql, type SQL } from 'drizzle-orm';
import { bigint, boolean, check, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { timestamps } from './columns';
import { productVariants } from './products';
import { tenantOwnedColumns, tenants } from './tenancy';

// Contacts (issue 14): customers and suppliers, their credit accounts (an append-only ledger with
// open items), loyalty points and gift cards (docs/decisions/0016-contact-ledgers-and-jobs.md).
// Money is integer minor units; ledgers are appended to, never changed.

/** A price rule for a group of customers, applied by the register (`customer_management`). */
export const customerGroups = pgTable(
  'customer_groups',
  {
    ...tenantOwnedColumns(),
    name: text('name').notNull(),
    /** 'discount': discount_bps off every price; 'price_list': customer_group_prices per variant. */
    priceRule: text('price_rule').notNull().default('discount'),
    discountBps: integer('discount_bps').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('customer_groups_name_unique').on(t.tenantId, sql`lower(${t.name})`),
    check('customer_groups_price_rule_check', sql`${t.priceRule} in ('discount', 'price_list')`),
    check('customer_groups_discount_check', sql`${t.discountBps} between 0 and 10000`),
  ],
);

/** A group's named price for one variant (price rule 'price_list'). */
export const customerGroupPrices = pgTable(
  'customer_group_prices',
  {
    tenantId: uuid('tenant_id').notNull(),
    groupId: uuid('group_id').notNull(),
    variantId: uuid('variant_id').notNull(),
    priceMinor: integer('price_minor').notNull(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.groupId, t.variantId] }),
    foreignKey({ columns: [t.tenantId, t.groupId], foreignColumns: [customerGroups.tenantId, customerGroups.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.variantId], foreignColumns: [productVariants.tenantId, productVariants.id] }).onDelete('cascade'),
    check('customer_group_prices_price_check', sql`${t.priceMinor} >= 0`),
  ],
);

/**
 * Spec §3 contacts, widened by issue 14. The profile screen still writes type 'customer' rows with
 * user_id; blank values are stored as null except name.
 */
export const contacts = pgTable(
  'contacts',
  {
    ...tenantOwnedColumns(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'customer', 'supplier' or 'both'. */
    type: text('type').notNull().default('customer'),
    name: text('name').notNull(),
    /** lower(name), stored: the list's sort key and the trigram search column. */
    nameKey: text('name_key')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${contacts.name})`),
    email: text('email'),
    /** E.164 (+2547…) when entered through the contacts API; the profile screen stores it as typed. */
    phone: text('phone'),
    company: text('company'),
    /** KRA PIN, upper case: a letter, nine digits, a letter. */
    kraPin: text('kra_pin'),
    address: text('address'),
    notes: text('notes'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    isArchived: boolean('is_archived').notNull().default(false),
    customerGroupId: uuid('customer_group_id'),
    /** The most a customer may owe, in minor units; 0 = cash only. */
    creditLimitMinor: bigint('credit_limit_minor', { mode: 'number' }).notNull().default(0),
    customerPaymentTermsDays: integer('customer_payment_terms_days').notNull().default(0),
    supplierPaymentTermsDays: integer('supplier_payment_terms_days').notNull().default(0),
    /** Set when this contact was merged into another one; it is archived and its ledgers moved. */
    mergedIntoId: uuid('merged_into_id'),
    requestKey: uuid('request_key'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.customerGroupId], foreignColumns: [customerGroups.tenantId, customerGroups.id] }),
    foreignKey({ columns: [t.tenantId, t.mergedIntoId], foreignColumns: [t.tenantId, t.id] }),
    check('contacts_type_check', sql`${t.type} in ('customer', 'supplier', 'both')`),
    check('contacts_credit_limit_check', sql`${t.creditLimitMinor} >= 0`),
    check('contacts_terms_check', sql`${t.customerPaymentTermsDays} between 0 and 3650 and ${t.supplierPaymentTermsDays} between 0 and 3650`),
    index('contacts_user_idx').on(t.tenantId, t.userId),
    uniqueIndex('contacts_request_key_unique').on(t.tenantId, t.requestKey),
    index('contacts_name_order').on(t.tenantId, t.isArchived, t.nameKey, t.id),
    index('contacts_name_key_trgm').using('gin', sql`${t.nameKey} gin_trgm_ops`),
    index('contacts_company_trgm').using('gin', sql`lower(${t.company}) gin_trgm_ops`),
    index('contacts_phone_idx').on(t.tenantId, t.phone),
    index('contacts_email_idx').on(t.tenantId, sql`lower(${t.email})`),
    index('contacts_kra_pin_idx').on(t.tenantId, t.kraPin),
    index('contacts_tags_idx').using('gin', t.tags),
    index('contacts_group_idx').on(t.tenantId, t.customerGroupId),
  ],
);

/** Which ledger: what a customer owes the shop, or what the shop owes a supplier. */
export const ACCOUNT_SIDES_SQL = `'receivable', 'payable'`;

/**
 * A contact's balance on one side: Σ of its account_entries, kept by the same statement that
 * appends an entry (the stock_levels pattern). Its row is also the lock that makes a contact's
 * ledger operations take turns (server/contacts/account-ledger.ts).
 */
export const contactAccounts = pgTable(
  'contact_accounts',
  {
    tenantId: uuid('tenant_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    side: text('side').notNull(),
    /** Positive: the customer owes the shop (receivable) / the shop owes the supplier (payable). */
    balanceMinor: bigint('balance_minor', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.contactId, t.side] }),
    foreignKey({ columns: [t.tenantId, t.contactId], foreignColumns: [contacts.tenantId, contacts.id] }).onDelete('cascade'),
    check('contact_accounts_side_check', sql.raw(`side in (${ACCOUNT_SIDES_SQL})`)),
    index('contact_accounts_balance_idx').on(t.tenantId, t.side, t.balanceMinor),
  ],
);

export const ACCOUNT_ENTRY_KINDS = ['opening', 'charge', 'payment', 'credit_note', 'adjustment', 'write_off', 'refund'] as const;

/**
 * The append-only account ledger. amount_minor is signed: positive raises what is owed on its side
 * (a charge, a supplier bill, a positive opening balance), negative lowers it (a payment received
 * or made, a credit note, a write-off). Corrections are new entries. The application role may
 * insert and read; it may update only contact_id, which a merge moves.
 */
export const accountEntries = pgTable(
  'account_entries',
  {
    ...tenantOwnedColumns(),
    contactId: uuid('contact_id').notNull(),
    side: text('side').notNull(),
    kind: text('kind').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** Debit items (amount > 0): when it falls due, from the contact's payment terms. */
    dueDate: date('due_date'),
    /** Payments: cash, mpesa, card, bank_transfer, cheque (and 'deposit' for the register later). */
    method: text('method'),
    /** M-Pesa transaction code, cheque or bank reference. */
    reference: text('reference'),
    /** Payment receipts: PAY-000001, per shop. */
    number: text('number'),
    /** The document that caused it: sale, purchase, merge, import… */
    sourceType: text('source_type'),
    sourceId: uuid('source_id'),
    reason: text('reason'),
    note: text('note'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    requestKey: uuid('request_key'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.contactId], foreignColumns: [contacts.tenantId, contacts.id] }),
    check('account_entries_side_check', sql.raw(`side in (${ACCOUNT_SIDES_SQL})`)),
    check('account_entries_kind_check', sql.raw(`kind in (${ACCOUNT_ENTRY_KINDS.map((k) => `'${k}'`).join(', ')})`)),
    check('account_entries_amount_check', sql`${t.amountMinor} <> 0`),
    check('account_entries_method_check', sql`${t.method} is null or ${t.method} in ('cash', 'mpesa', 'card', 'bank_transfer', 'cheque', 'deposit')`),
    index('account_entries_contact_idx').on(t.tenantId, t.contactId, t.side, t.occurredAt),
    uniqueIndex('account_entries_request_key_unique').on(t.tenantId, t.requestKey),
    uniqueIndex('account_entries_number_unique').on(t.tenantId, t.number),
    // An M-Pesa code is used once per shop (a second payment with it is a mistake or a fraud).
    uniqueIndex('account_entries_mpesa_code_unique').on(t.tenantId, t.reference).where(sql`${t.method} = 'mpesa'`),
    index('account_entries_source_idx').on(t.tenantId, t.sourceType, t.sourceId),
  ],
);

/**
 * An entry's part still to be settled: a debit item (charge) still owed, or a credit item (payment,
 * credit note) not yet applied — a customer's deposit. open_minor only ever falls, by allocations.
 */
export const accountOpenItems = pgTable(
  'account_open_items',
  {
    tenantId: uuid('tenant_id').notNull(),
    entryId: uuid('entry_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    side: text('side').notNull(),
    /** 'debit' (amount > 0) or 'credit' (amount < 0, kept positive here). */
    direction: text('direction').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    openMinor: bigint('open_minor', { mode: 'number' }).notNull(),
    dueDate: date('due_date'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.entryId] }),
    foreignKey({ columns: [t.tenantId, t.entryId], foreignColumns: [accountEntries.tenantId, accountEntries.id] }),
    foreignKey({ columns: [t.tenantId, t.contactId], foreignColumns: [contacts.tenantId, contacts.id] }),
    check('account_open_items_direction_check', sql`${t.direction} in ('debit', 'credit')`),
    check('account_open_items_open_check', sql`${t.openMinor} >= 0 and ${t.openMinor} <= ${t.amountMinor} and ${t.amountMinor} > 0`),
    index('account_open_items_open_idx').on(t.tenantId, t.contactId, t.side, t.direction, t.occurredAt).where(sql`${t.openMinor} > 0`),
    index('account_open_items_due_idx').on(t.tenantId, t.side, t.dueDate).where(sql`${t.openMinor} > 0 and ${t.direction} = 'debit'`),
  ],
);

/** Settles part of a debit item with part of a credit item. Append-only. */
export const accountAllocations = pgTable(
  'account_allocations',
  {
    ...tenantOwnedColumns(),
    debitEntryId: uuid('debit_entry_id').notNull(),
    creditEntryId: uuid('credit_entry_id').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.debitEntryId], foreignColumns: [accountOpenItems.tenantId, accountOpenItems.entryId] }),
    foreignKey({ columns: [t.tenantId, t.creditEntryId], foreignColumns: [accountOpenItems.tenantId, accountOpenItems.entryId] }),
    check('account_allocations_amount_check', sql`${t.amountMinor} > 0`),
    index('account_allocations_debit_idx').on(t.tenantId, t.debitEntryId),
    index('account_allocations_credit_idx').on(t.tenantId, t.creditEntryId),
  ],
);

/** Per-shop counters for printed document numbers (PAY-000001, later sales and purchases). */
export const documentCounters = pgTable(
  'document_counters',
  {
    tenantId: uuid('tenant_id').notNull(),
    kind: text('kind').notNull(),
    lastNumber: bigint('last_number', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.kind] }), foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.id] }).onDelete('cascade')],
);

/** A merge of one contact into another: who, when, and the merged contact as it was. */
export const contactMerges = pgTable(
  'contact_merges',
  {
    ...tenantOwnedColumns(),
    sourceContactId: uuid('source_contact_id').notNull(),
    targetContactId: uuid('target_contact_id').notNull(),
    sourceSnapshot: jsonb('source_snapshot').notNull(),
    movedCounts: jsonb('moved_counts').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.sourceContactId], foreignColumns: [contacts.tenantId, contacts.id] }),
    foreignKey({ columns: [t.tenantId, t.targetContactId], foreignColumns: [contacts.tenantId, contacts.id] }),
  ],
);

/** One committed CSV import of contacts, kept for its Idempotency-Key. */
export const contactImports = pgTable(
  'contact_imports',
  {
    ...tenantOwnedColumns(),
    requestKey: uuid('request_key').notNull(),
    createdCount: integer('created_count').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('contact_imports_request_key_unique').on(t.tenantId, t.requestKey)],
);

/** A shop's loyalty programme (`loyalty_program`). One row per tenant; absent = off. */
export const loyaltySettings = pgTable(
  'loyalty_settings',
  {
    tenantId: uuid('tenant_id')
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    isEnabled: boolean('is_enabled').notNull().default(false),
    /** Points per KES 1 spent, in basis points: 100 = 1 point per KES 100. */
    earnRateBps: integer('earn_rate_bps').notNull().default(100),
    /** What one point is worth when redeemed, in minor units. */
    pointValueMinor: integer('point_value_minor').notNull().default(100),
    minRedeemPoints: integer('min_redeem_points').notNull().default(0),
    /** 0 = points never expire. */
    expiryMonths: integer('expiry_months').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    check('loyalty_settings_values_check', sql`${t.earnRateBps} >= 0 and ${t.pointValueMinor} >= 0 and ${t.minRedeemPoints} >= 0 and ${t.expiryMonths} between 0 and 120`),
  ],
);

/** A customer's points balance: Σ of its loyalty_entries, kept by the statement that appends one. */
export const loyaltyBalances = pgTable(
  'loyalty_balances',
  {
    tenantId: uuid('tenant_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    points: integer('points').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.contactId] }),
    foreignKey({ columns: [t.tenantId, t.contactId], foreignColumns: [contacts.tenantId, contacts.id] }).onDelete('cascade'),
    check('loyalty_balances_points_check', sql`${t.points} >= 0`),
  ],
);

/** Append-only points ledger: earn, redeem, expire, adjust, reverse. points is signed. */
export const loyaltyEntries = pgTable(
  'loyalty_entries',
  {
    ...tenantOwnedColumns(),
    contactId: uuid('contact_id').notNull(),
    kind: text('kind').notNull(),
    points: integer('points').notNull(),
    /** Earned points: when they lapse (null = never). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    sourceType: text('source_type'),
    /** The sale (or return) reference: an earn is keyed by it, so a retried sale never earns twice. */
    sourceRef: text('source_ref'),
    reason: text('reason'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.contactId], foreignColumns: [contacts.tenantId, contacts.id] }),
    check('loyalty_entries_kind_check', sql`${t.kind} in ('earn', 'redeem', 'expire', 'adjust', 'reverse')`),
    check('loyalty_entries_points_check', sql`${t.points} <> 0`),
    uniqueIndex('loyalty_entries_source_unique').on(t.tenantId, t.kind, t.sourceType, t.sourceRef).where(sql`${t.sourceRef} is not null`),
    index('loyalty_entries_contact_idx').on(t.tenantId, t.contactId, t.occurredAt),
  ],
);

/** A gift card: the code is stored hashed; last4 is what screens and receipts show. */
export const giftCards = pgTable(
  'gift_cards',
  {
    ...tenantOwnedColumns(),
    codeHash: text('code_hash').notNull(),
    last4: text('last4').notNull(),
    initialMinor: bigint('initial_minor', { mode: 'number' }).notNull(),
    /** Σ of its gift_card_entries, kept by the statement that appends one. */
    balanceMinor: bigint('balance_minor', { mode: 'number' }).notNull(),
    contactId: uuid('contact_id'),
    expiresOn: date('expires_on'),
    status: text('status').notNull().default('active'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    requestKey: uuid('request_key'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.contactId], foreignColumns: [contacts.tenantId, contacts.id] }),
    uniqueIndex('gift_cards_code_unique').on(t.tenantId, t.codeHash),
    uniqueIndex('gift_cards_request_key_unique').on(t.tenantId, t.requestKey),
    index('gift_cards_contact_idx').on(t.tenantId, t.contactId),
    index('gift_cards_created_idx').on(t.tenantId, t.createdAt),
    check('gift_cards_status_check', sql`${t.status} in ('active', 'void')`),
    check('gift_cards_amounts_check', sql`${t.initialMinor} > 0 and ${t.balanceMinor} >= 0`),
  ],
);

/** Append-only gift card ledger: issue, redeem, refund (back to the card), void. */
export const giftCardEntries = pgTable(
  'gift_card_entries',
  {
    ...tenantOwnedColumns(),
    giftCardId: uuid('gift_card_id').notNull(),
    kind: text('kind').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    balanceAfterMinor: bigint('balance_after_minor', { mode: 'number' }).notNull(),
    sourceType: text('source_type'),
    sourceRef: text('source_ref'),
    reason: text('reason'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.giftCardId], foreignColumns: [giftCards.tenantId, giftCards.id] }),
    check('gift_card_entries_kind_check', sql`${t.kind} in ('issue', 'redeem', 'refund', 'void')`),
    check('gift_card_entries_amount_check', sql`${t.amountMinor} <> 0 or ${t.kind} = 'void'`),
    index('gift_card_entries_card_idx').on(t.tenantId, t.giftCardId, t.occurredAt),
    uniqueIndex('gift_card_entries_source_unique').on(t.tenantId, t.kind, t.sourceType, t.sourceRef).where(sql`${t.sourceRef} is not null`),
  ],
);

/**
 * Platform table: the background job queue (docs/decisions/0016). One row per job; a recurring job
 * is re-armed by the run that finished it. Claimed with FOR UPDATE SKIP LOCKED, so exactly one
 * server runs each due job, through a transaction-mode pooler too.
 */
export const backgroundJobs = pgTable(
  'background_jobs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    /** A recurring job's fixed key ('loyalty.expire-points'); one row per key. */
    uniqueKey: text('unique_key'),
    payload: jsonb('payload').notNull().default(sql`'{}'::jsonb`),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** A claim lasts until then; a server that died mid-run lets another take the job afterwards. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('background_jobs_unique_key').on(t.uniqueKey), index('background_jobs_due_idx').on(t.runAt)],
);
