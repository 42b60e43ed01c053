import { z } from 'zod';
import { safeLine, safeText } from '../api/text.schemas';
import { TAX_CLASSES } from '../products/tax.rules';
import { calendarDaySchema, EXPENSE_ATTACHMENT_TYPES } from '../purchases/purchases.schemas';
import { ACCOUNT_TYPES, CONFIGURABLE_TENDERS, SYSTEM_ACCOUNT_KEYS } from './chart';
import { SOURCE_TYPES } from './posting';
import { PROFIT_AND_LOSS_COLUMN_KINDS } from './statements.rules';

// Accounting's API contract (issue 17): the chart of accounts, the journal (automatic and manual
// entries, reversals, recurring entries), the settings (lock date, tender accounts) and the
// reports. Money is whole minor units; days are YYYY-MM-DD in the shop's time zone. Under
// /api/accounting; managers read, admins write; the area needs the advanced_accounting feature
// (402 without it) while postings happen on every plan.

/** KES 10,000,000,000.00 on one line: beyond any shop's entry, short of a slip of the keyboard. */
export const MAX_JOURNAL_LINE_MINOR = 1_000_000_000_000;
export const MAX_JOURNAL_LINES = 100;

/** A voucher's photo or PDF as stored by the upload (the same checks as an expense's receipt). */
export const JOURNAL_ATTACHMENT_FILE_PATTERN = /^journal-[a-f0-9]{32}\.(jpg|png|webp|pdf)$/;

export const formatJournalNumber = (sequence: number) => `JE-${String(sequence).padStart(6, '0')}`;

// --- chart of accounts ---

export const ledgerAccountSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  type: z.enum(ACCOUNT_TYPES),
  systemKey: z.enum(SYSTEM_ACCOUNT_KEYS).nullable(),
  parentId: z.uuid().nullable(),
  description: z.string().nullable(),
  isArchived: z.boolean(),
  /** Debit-natured accounts (assets, expenses): debits − credits; the others: credits − debits. */
  balanceMinor: z.int(),
  hasPostings: z.boolean(),
});
export type LedgerAccount = z.infer<typeof ledgerAccountSchema>;

const accountCode = safeLine()
  .trim()
  .min(1, { message: /*i18n*/ 'Enter a code' })
  .max(20, { message: /*i18n*/ 'A code is at most 20 characters' })
  .regex(/^[0-9A-Za-z.-]+$/, { message: /*i18n*/ 'Use digits, letters, dots and dashes' });
const accountName = safeLine().trim().min(1, { message: /*i18n*/ 'Enter a name' }).max(120, { message: /*i18n*/ 'A name is at most 120 characters' });
const accountDescription = safeText().trim().max(500).nullable().default(null);

export const ledgerAccountInputSchema = z.object({
  code: accountCode,
  name: accountName,
  type: z.enum(ACCOUNT_TYPES, { message: /*i18n*/ 'Choose a type' }),
  parentId: z.uuid().nullable().default(null),
  description: accountDescription,
});

export const ledgerAccountListSchema = z.object({ items: z.array(ledgerAccountSchema) });

/**
 * Rename, renumber, move under another parent, archive or bring back; the type changes only on an
 * account the shop added that has no postings and no sub-accounts. No defaults: what is left out
 * stays as it is.
 */
export const ledgerAccountUpdateSchema = z
  .object({
    code: accountCode,
    name: accountName,
    type: z.enum(ACCOUNT_TYPES, { message: /*i18n*/ 'Choose a type' }),
    parentId: z.uuid().nullable(),
    description: safeText().trim().max(500).nullable(),
    isArchived: z.boolean(),
  })
  .partial();

// --- journal ---

export const journalLineSchema = z.object({
  lineNo: z.int(),
  accountId: z.uuid(),
  accountCode: z.string(),
  accountName: z.string(),
  debitMinor: z.int(),
  creditMinor: z.int(),
  description: z.string().nullable(),
  contactId: z.uuid().nullable(),
  contactName: z.string().nullable(),
  locationId: z.uuid().nullable(),
  locationName: z.string().nullable(),
});

/** Where the source document is shown in the app (its page), or null when it has none. */
export const sourceLinkSchema = z.object({ label: z.string(), href: z.string().nullable() });

export const journalEntrySchema = z.object({
  id: z.uuid(),
  number: z.string(),
  entryDate: z.iso.date(),
  sourceType: z.enum(SOURCE_TYPES),
  sourceId: z.uuid().nullable(),
  source: sourceLinkSchema,
  memo: z.string(),
  totalMinor: z.int(),
  reversesEntryId: z.uuid().nullable(),
  reversedByEntryId: z.uuid().nullable(),
  hasAttachment: z.boolean(),
  createdByName: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  lines: z.array(journalLineSchema),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

export const journalListQuerySchema = z.object({
  search: safeLine().trim().max(60).optional(),
  from: calendarDaySchema.optional(),
  to: calendarDaySchema.optional(),
  sourceType: z.enum(SOURCE_TYPES).optional(),
  accountId: z.uuid().optional(),
  sort: z.enum(['newest', 'oldest', 'number', 'total']).default('newest'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type JournalListQuery = z.input<typeof journalListQuerySchema>;

export const journalPageSchema = z.object({ items: z.array(journalEntrySchema), total: z.int(), page: z.int(), pageSize: z.int() });

const lineAmount = z
  .number({ message: /*i18n*/ 'Enter an amount' })
  .int({ message: /*i18n*/ 'Enter an amount in whole cents' })
  .min(0, { message: /*i18n*/ 'An amount cannot be negative' })
  .max(MAX_JOURNAL_LINE_MINOR, { message: /*i18n*/ 'This amount is too large' });

export const manualLineInputSchema = z
  .object({
    accountId: z.uuid({ message: /*i18n*/ 'Choose an account' }),
    debitMinor: lineAmount.default(0),
    creditMinor: lineAmount.default(0),
    description: safeLine().trim().max(200).nullable().default(null),
    contactId: z.uuid().nullable().default(null),
    locationId: z.uuid().nullable().default(null),
  })
  .refine((line) => (line.debitMinor === 0) !== (line.creditMinor === 0), { message: /*i18n*/ 'Enter a debit or a credit, not both', path: ['debitMinor'] });

/** Σ debits − Σ credits of lines (0 for a balanced entry). */
export const manualLinesDifference = (lines: readonly { debitMinor: number; creditMinor: number }[]) =>
  lines.reduce((sum, line) => sum + line.debitMinor - line.creditMinor, 0);

const balancedLines = z
  .array(manualLineInputSchema)
  .min(2, { message: /*i18n*/ 'An entry needs at least two lines' })
  .max(MAX_JOURNAL_LINES, { message: /*i18n*/ 'An entry has at most 100 lines' })
  .refine((lines) => manualLinesDifference(lines) === 0, { message: /*i18n*/ 'Debits and credits must be equal' });

export const manualEntryInputSchema = z.object({
  entryDate: calendarDaySchema,
  memo: safeLine().trim().min(1, { message: /*i18n*/ 'Say what the entry is for' }).max(200),
  lines: balancedLines,
  /** A file uploaded first (POST /api/accounting/attachments): a photo or PDF of the voucher. */
  attachment: z.string().regex(JOURNAL_ATTACHMENT_FILE_PATTERN, { message: /*i18n*/ 'Upload the file again' }).nullable().default(null),
});
export type ManualEntryInput = z.input<typeof manualEntryInputSchema>;

/** What POST /api/accounting/attachments answers: the stored file's name, for the entry's `attachment`. */
export const journalAttachmentUploadSchema = z.object({ file: z.string(), type: z.enum(EXPENSE_ATTACHMENT_TYPES) });

export const reverseEntryInputSchema = z.object({
  entryDate: calendarDaySchema.optional(),
  memo: safeLine().trim().max(200).optional(),
});

export const RECURRING_FREQUENCIES = ['weekly', 'monthly', 'quarterly', 'yearly'] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];
export const RECURRING_FREQUENCY_LABELS: Record<RecurringFrequency, string> = {
  weekly: /*i18n*/ 'Every week',
  monthly: /*i18n*/ 'Every month',
  quarterly: /*i18n*/ 'Every three months',
  yearly: /*i18n*/ 'Every year',
};

const recurringEntryFields = {
  memo: safeLine().trim().min(1, { message: /*i18n*/ 'Say what the entry is for' }).max(200),
  frequency: z.enum(RECURRING_FREQUENCIES, { message: /*i18n*/ 'Choose how often' }),
  startDate: calendarDaySchema,
  endDate: calendarDaySchema.nullable(),
  lines: balancedLines,
  isActive: z.boolean(),
};
const endNotBeforeStart = {
  check: (entry: { startDate?: string; endDate?: string | null }) => !entry.startDate || !entry.endDate || entry.endDate >= entry.startDate,
  message: { message: /*i18n*/ 'The end date is before the start date', path: ['endDate'] },
};

/** Posted on the start date, then every week, month (on the start's day), three months or year, until the end date. */
export const recurringEntryInputSchema = z
  .object({ ...recurringEntryFields, endDate: recurringEntryFields.endDate.default(null), isActive: recurringEntryFields.isActive.default(true) })
  .refine(endNotBeforeStart.check, endNotBeforeStart.message);

/** Change the next entries (what was posted stays), or pause and resume; what is left out stays as it is. */
export const recurringEntryUpdateSchema = z.object(recurringEntryFields).partial().refine(endNotBeforeStart.check, endNotBeforeStart.message);

export const recurringEntrySchema = z.object({
  id: z.uuid(),
  memo: z.string(),
  frequency: z.enum(RECURRING_FREQUENCIES),
  startDate: z.iso.date(),
  endDate: z.iso.date().nullable(),
  nextDate: z.iso.date().nullable(),
  isActive: z.boolean(),
  totalMinor: z.int(),
  lines: z.array(z.object({ accountId: z.uuid(), debitMinor: z.int(), creditMinor: z.int(), description: z.string().nullable(), contactId: z.uuid().nullable(), locationId: z.uuid().nullable() })),
  /** The last date posted, or null before the first. */
  lastRunDate: z.iso.date().nullable(),
});
export const recurringEntryListSchema = z.object({ items: z.array(recurringEntrySchema) });

// --- settings ---

export const LOCK_POLICIES = ['refuse', 'next_open_day'] as const;
export const LOCK_POLICY_LABELS: Record<(typeof LOCK_POLICIES)[number], string> = {
  refuse: /*i18n*/ 'Refuse documents dated on or before the lock date',
  next_open_day: /*i18n*/ 'Post them on the day after the lock date',
};

export const accountingSettingsSchema = z.object({
  lockDate: z.iso.date().nullable(),
  lockPolicy: z.enum(LOCK_POLICIES),
  /** The account each configurable tender posts to (its default account when not chosen). */
  tenderAccounts: z.object(Object.fromEntries(CONFIGURABLE_TENDERS.map((tender) => [tender, z.uuid()])) as Record<(typeof CONFIGURABLE_TENDERS)[number], z.ZodUUID>),
  valueLoyaltyPoints: z.boolean(),
  historyPostedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type AccountingSettings = z.infer<typeof accountingSettingsSchema>;

export const accountingSettingsInputSchema = z
  .object({
    lockDate: calendarDaySchema.nullable(),
    lockPolicy: z.enum(LOCK_POLICIES),
    tenderAccounts: z.object(Object.fromEntries(CONFIGURABLE_TENDERS.map((tender) => [tender, z.uuid({ message: /*i18n*/ 'Choose an account' })])) as Record<(typeof CONFIGURABLE_TENDERS)[number], z.ZodUUID>).partial(),
    valueLoyaltyPoints: z.boolean(),
  })
  .partial();

// --- reports ---

export const REPORT_FORMATS = ['json', 'csv', 'pdf'] as const;
const reportFormat = z.enum(REPORT_FORMATS).default('json');

export const atDateQuerySchema = z.object({ date: calendarDaySchema.optional(), format: reportFormat });
export const periodQuerySchema = z
  .object({ from: calendarDaySchema, to: calendarDaySchema, locationId: z.uuid().optional(), format: reportFormat })
  .refine((query) => query.from <= query.to, { message: /*i18n*/ 'The start is after the end', path: ['to'] });

export const profitAndLossQuerySchema = z
  .object({
    from: calendarDaySchema,
    to: calendarDaySchema,
    /** The same length of time just before, side by side (whole months: as many whole months before). */
    compare: z.enum(['none', 'previous_period']).default('previous_period'),
    /** One column per location (income and expenses posted with a location); takes the place of the comparison. */
    byLocation: z
      .enum(['true', 'false'])
      .transform((value) => value === 'true')
      .default(false),
    format: reportFormat,
  })
  .refine((query) => query.from <= query.to, { message: /*i18n*/ 'The start is after the end', path: ['to'] });

export const generalLedgerQuerySchema = z
  .object({
    accountId: z.uuid({ message: /*i18n*/ 'Choose an account' }),
    from: calendarDaySchema,
    to: calendarDaySchema,
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(500).default(100),
    format: reportFormat,
  })
  .refine((query) => query.from <= query.to, { message: /*i18n*/ 'The start is after the end', path: ['to'] });

const accountAmount = z.object({ accountId: z.uuid(), code: z.string(), name: z.string(), type: z.enum(ACCOUNT_TYPES), amountMinor: z.int() });

export const trialBalanceSchema = z.object({
  date: z.iso.date(),
  rows: z.array(z.object({ accountId: z.uuid(), code: z.string(), name: z.string(), type: z.enum(ACCOUNT_TYPES), debitMinor: z.int(), creditMinor: z.int() })),
  totalDebitMinor: z.int(),
  totalCreditMinor: z.int(),
});

export const generalLedgerSchema = z.object({
  account: z.object({ id: z.uuid(), code: z.string(), name: z.string(), type: z.enum(ACCOUNT_TYPES) }),
  from: z.iso.date(),
  to: z.iso.date(),
  openingBalanceMinor: z.int(),
  closingBalanceMinor: z.int(),
  rows: z.array(
    z.object({
      entryId: z.uuid(),
      number: z.string(),
      entryDate: z.iso.date(),
      memo: z.string(),
      description: z.string().nullable(),
      source: sourceLinkSchema,
      debitMinor: z.int(),
      creditMinor: z.int(),
      /** The account's balance after this line, in its natural sign. */
      balanceMinor: z.int(),
    }),
  ),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});

/** A P&L or balance-sheet section: its accounts and total, per column (the period, the previous one, each location). */
const statementSection = z.object({
  key: z.string(),
  title: z.string(),
  rows: z.array(accountAmount.extend({ columns: z.array(z.int()) })),
  totals: z.array(z.int()),
});

export const profitAndLossSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  /** Column headings: this period, then the previous one or each location (and "No location" for lines without one). */
  columns: z.array(
    z.object({ label: z.string(), kind: z.enum(PROFIT_AND_LOSS_COLUMN_KINDS), from: z.iso.date(), to: z.iso.date(), locationId: z.uuid().nullable() }),
  ),
  sections: z.array(statementSection),
  grossProfit: z.array(z.int()),
  netProfit: z.array(z.int()),
});

export const balanceSheetSchema = z.object({
  date: z.iso.date(),
  sections: z.array(statementSection),
  /** Profit not yet closed to retained earnings (income − expenses to date): the last line of equity. */
  currentEarningsMinor: z.int(),
  totalAssetsMinor: z.int(),
  /** The equity accounts and the current earnings. */
  totalEquityMinor: z.int(),
  totalLiabilitiesAndEquityMinor: z.int(),
});

export const cashSummarySchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  rows: z.array(z.object({ accountId: z.uuid(), code: z.string(), name: z.string(), openingMinor: z.int(), inMinor: z.int(), outMinor: z.int(), closingMinor: z.int() })),
});

/** KRA VAT3's figures: sales and output VAT per rate, purchases and input VAT, the net payable. */
export const vatReturnSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  sales: z.array(z.object({ taxClass: z.enum(TAX_CLASSES), rateBp: z.int(), netMinor: z.int(), vatMinor: z.int() })),
  totalSalesNetMinor: z.int(),
  outputVatMinor: z.int(),
  purchases: z.object({ netMinor: z.int(), vatMinor: z.int() }),
  expenses: z.object({ netMinor: z.int(), vatMinor: z.int() }),
  inputVatMinor: z.int(),
  /** Output − input: positive is owed to KRA, negative is a credit to carry forward. */
  netVatMinor: z.int(),
});

/** Receivables and payables: the control account against Σ of the contacts' balances. */
export const reconciliationSchema = z.object({
  date: z.iso.date(),
  rows: z.array(z.object({ side: z.enum(['receivable', 'payable', 'gift_cards', 'inventory']), ledgerMinor: z.int(), subledgerMinor: z.int(), differenceMinor: z.int() })),
});

export const accountingOverviewSchema = z.object({
  cashMinor: z.int(),
  bankMinor: z.int(),
  mpesaMinor: z.int(),
  receivableMinor: z.int(),
  payableMinor: z.int(),
  monthIncomeMinor: z.int(),
  monthExpensesMinor: z.int(),
  monthProfitMinor: z.int(),
  monthFrom: z.iso.date(),
  monthTo: z.iso.date(),
  vatDueMinor: z.int(),
  lockDate: z.iso.date().nullable(),
  historyPostedAt: z.iso.datetime({ offset: true }).nullable(),
});
