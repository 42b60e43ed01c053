import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { timestamps } from './columns';
import { contacts } from './contacts';
import { locations } from './inventory';
import { expenseCategories } from './purchases';
import { tenantOwnedColumns, tenants } from './tenancy';

// The general ledger (issue 17, docs/decisions/0020). Every document that moves money or stock
// posts one journal entry in its own transaction, through server/accounting/posting.ts; an entry's
// lines balance (a constraint trigger checks at commit), entries and lines are never changed or
// deleted (a correction is a reversing entry), and nothing is dated on or before the lock date.

export const ACCOUNT_TYPES_SQL = `'asset', 'liability', 'equity', 'income', 'expense'`;

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    ...tenantOwnedColumns(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    /** The account's role in the chart (core/accounting/chart.ts); null for accounts the shop added. */
    systemKey: text('system_key'),
    /** What a one-per-thing account is for: its location (cash), tax class (sales, VAT) or expense category. */
    locationId: uuid('location_id'),
    taxClass: text('tax_class'),
    expenseCategoryId: uuid('expense_category_id'),
    parentId: uuid('parent_id'),
    description: text('description'),
    isArchived: boolean('is_archived').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.parentId], foreignColumns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
    foreignKey({ columns: [t.tenantId, t.expenseCategoryId], foreignColumns: [expenseCategories.tenantId, expenseCategories.id] }),
    uniqueIndex('ledger_accounts_code_unique').on(t.tenantId, t.code),
    uniqueIndex('ledger_accounts_role_unique')
      .on(t.tenantId, t.systemKey, sql`coalesce(${t.locationId}::text, ${t.taxClass}, ${t.expenseCategoryId}::text, '')`)
      .where(sql`${t.systemKey} is not null`),
    check('ledger_accounts_type_check', sql.raw(`type in (${ACCOUNT_TYPES_SQL})`)),
    check('ledger_accounts_code_check', sql`length(${t.code}) between 1 and 20`),
  ],
);

export const journalEntries = pgTable(
  'journal_entries',
  {
    ...tenantOwnedColumns(),
    /** JE-000001, per shop, in posting order. */
    number: integer('number').notNull(),
    entryDate: date('entry_date').notNull(),
    sourceType: text('source_type').notNull(),
    /** The document posted; the ledger posts each (type, document) once. Null for manual entries. */
    sourceId: uuid('source_id'),
    memo: text('memo').notNull(),
    /** A reversal names the entry it cancels; that entry can be reversed once. */
    reversesEntryId: uuid('reverses_entry_id'),
    attachmentFile: text('attachment_file'),
    attachmentType: text('attachment_type'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    requestKey: uuid('request_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.reversesEntryId], foreignColumns: [t.tenantId, t.id] }),
    uniqueIndex('journal_entries_number_unique').on(t.tenantId, t.number),
    uniqueIndex('journal_entries_source_unique').on(t.tenantId, t.sourceType, t.sourceId).where(sql`${t.sourceId} is not null`),
    uniqueIndex('journal_entries_reverses_unique').on(t.tenantId, t.reversesEntryId).where(sql`${t.reversesEntryId} is not null`),
    uniqueIndex('journal_entries_request_key_unique').on(t.tenantId, t.requestKey),
    index('journal_entries_date_idx').on(t.tenantId, t.entryDate, t.number),
  ],
);

/** An entry's lines; entry_date is the entry's, copied so reports read lines alone. */
export const journalLines = pgTable(
  'journal_lines',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    entryId: uuid('entry_id').notNull(),
    lineNo: smallint('line_no').notNull(),
    accountId: uuid('account_id').notNull(),
    entryDate: date('entry_date').notNull(),
    debitMinor: bigint('debit_minor', { mode: 'number' }).notNull().default(0),
    creditMinor: bigint('credit_minor', { mode: 'number' }).notNull().default(0),
    contactId: uuid('contact_id'),
    locationId: uuid('location_id'),
    description: text('description'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.entryId, t.lineNo] }),
    foreignKey({ columns: [t.tenantId, t.entryId], foreignColumns: [journalEntries.tenantId, journalEntries.id] }),
    foreignKey({ columns: [t.tenantId, t.accountId], foreignColumns: [ledgerAccounts.tenantId, ledgerAccounts.id] }),
    foreignKey({ columns: [t.tenantId, t.contactId], foreignColumns: [contacts.tenantId, contacts.id] }),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
    index('journal_lines_account_date_idx').on(t.tenantId, t.accountId, t.entryDate),
    index('journal_lines_contact_idx').on(t.tenantId, t.contactId).where(sql`${t.contactId} is not null`),
    check('journal_lines_amount_check', sql`${t.debitMinor} >= 0 and ${t.creditMinor} >= 0 and (${t.debitMinor} = 0) <> (${t.creditMinor} = 0)`),
  ],
);

export const LOCK_POLICIES_SQL = `'refuse', 'next_open_day'`;

export const accountingSettings = pgTable(
  'accounting_settings',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** Nothing is posted on or before this day. */
    lockDate: date('lock_date'),
    /** A document dated on or before the lock date: refused, or posted on the day after it. */
    lockPolicy: text('lock_policy').notNull().default('refuse'),
    /** Tender → account id, for the tenders a shop may point elsewhere (M-Pesa, card, bank transfer). */
    tenderAccounts: jsonb('tender_accounts').$type<Record<string, string>>().notNull().default({}),
    /** Value loyalty points as a liability when earned (else a redemption is a discount when spent). */
    valueLoyaltyPoints: boolean('value_loyalty_points').notNull().default(false),
    /** When the shop's documents from before the ledger were posted (the history backfill). */
    historyPostedAt: timestamp('history_posted_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId] }), check('accounting_settings_lock_policy_check', sql.raw(`lock_policy in (${LOCK_POLICIES_SQL})`))],
);

/** A manual entry made again every month (or week) from its lines, each date once. */
export const recurringJournals = pgTable(
  'recurring_journals',
  {
    ...tenantOwnedColumns(),
    memo: text('memo').notNull(),
    frequency: text('frequency').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    /** [{ accountId, debitMinor, creditMinor, description, contactId, locationId }]: checked balanced on save. */
    lines: jsonb('lines').$type<{ accountId: string; debitMinor: number; creditMinor: number; description: string | null; contactId: string | null; locationId: string | null }[]>().notNull(),
    nextDate: date('next_date'),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), check('recurring_journals_frequency_check', sql`${t.frequency} in ('weekly', 'monthly', 'quarterly', 'yearly')`)],
);

export const recurringJournalRuns = pgTable(
  'recurring_journal_runs',
  {
    tenantId: uuid('tenant_id').notNull(),
    recurringId: uuid('recurring_id').notNull(),
    runDate: date('run_date').notNull(),
    entryId: uuid('entry_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.recurringId, t.runDate] }),
    foreignKey({ columns: [t.tenantId, t.recurringId], foreignColumns: [recurringJournals.tenantId, recurringJournals.id] }),
    foreignKey({ columns: [t.tenantId, t.entryId], foreignColumns: [journalEntries.tenantId, journalEntries.id] }),
  ],
);

/**
 * What the ledger's inventory account holds for one stock row: its value at average cost when last
 * posted. A posting moves it to the row's value now and posts the difference, so the inventory
 * account always equals the stock valuation (Σ of each row's value rounded to the cent).
 */
export const inventoryBookValues = pgTable(
  'inventory_book_values',
  {
    tenantId: uuid('tenant_id').notNull(),
    variantId: uuid('variant_id').notNull(),
    locationId: uuid('location_id').notNull(),
    valueMinor: bigint('value_minor', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.variantId, t.locationId] }), foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] })],
);
