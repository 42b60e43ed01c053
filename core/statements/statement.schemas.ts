import { z } from 'zod';
import { isIsoDate } from '../accounts/aging.rules';
import { LOCALES } from '../i18n/locale.rules';
import { MAX_STATEMENT_DAYS, periodLengthDays } from './statement.rules';

// Statements' API contract (issue 14): a contact's account for a period, with running balance and
// aging, as JSON, as an A4 PDF and by e-mail. Money is integer minor units; dates are calendar
// dates in the shop's time zone.

export const STATEMENT_SIDES = ['receivable', 'payable'] as const;
export type StatementSide = (typeof STATEMENT_SIDES)[number];

export const STATEMENT_ENTRY_KINDS = ['opening', 'charge', 'payment', 'credit_note', 'adjustment', 'write_off', 'refund'] as const;
export type StatementEntryKind = (typeof STATEMENT_ENTRY_KINDS)[number];

const isoDateField = z
  .string({ message: /*i18n*/ 'Enter a date as YYYY-MM-DD' })
  .refine(isIsoDate, { message: /*i18n*/ 'Enter a date as YYYY-MM-DD' });

const periodFields = {
  side: z.enum(STATEMENT_SIDES, { message: /*i18n*/ 'Choose receivable or payable' }).optional(),
  from: isoDateField.optional(),
  to: isoDateField.optional(),
  /** The PDF's language (a download link cannot send the screen's Accept-Language). */
  language: z.enum(LOCALES, { message: /*i18n*/ 'Choose a supported language' }).optional(),
};

/** A period's dates must be in order and not span more than MAX_STATEMENT_DAYS. */
function checkPeriod(value: { from?: string; to?: string }, context: z.RefinementCtx) {
  if (!value.from || !value.to || !isIsoDate(value.from) || !isIsoDate(value.to)) return;
  if (value.from > value.to) {
    context.addIssue({ code: 'custom', path: ['to'], message: /*i18n*/ 'The end date must not be before the start date' });
  } else if (periodLengthDays({ from: value.from, to: value.to }) > MAX_STATEMENT_DAYS) {
    context.addIssue({ code: 'custom', path: ['from'], message: /*i18n*/ 'A statement covers at most ten years' });
  }
}

/** GET /api/contacts/:id/statement(.pdf): side (default: the contact's own), from and to (default: this month). */
export const statementQuerySchema = z.object(periodFields).superRefine(checkPeriod);
export type StatementQuery = z.output<typeof statementQuerySchema>;

/**
 * POST /api/contacts/:id/statement/email: the recipient (default: the contact's e-mail), the period
 * and the language (default: the recipient's — an account's choice, else the shop's default language).
 */
const emailField = z.email({ message: /*i18n*/ 'Enter a valid e-mail address' }).max(254, { message: /*i18n*/ 'Enter a valid e-mail address' });

export const statementEmailInputSchema = z
  .object({ ...periodFields, email: emailField.optional() })
  .strict()
  .superRefine(checkPeriod);
export type StatementEmailInput = z.output<typeof statementEmailInputSchema>;

/** The "Send by e-mail" dialog: the address (required there, prefilled with the contact's) and the language. */
export const statementEmailFormSchema = z.object({
  email: z.string().trim().min(1, { message: /*i18n*/ 'Enter the e-mail address to send it to' }).pipe(emailField),
  language: z.enum(['', ...LOCALES]).transform((value) => (value === '' ? undefined : value)),
});

const moneySchema = z.number().int();

export const agingSchema = z.object({
  currentMinor: moneySchema,
  days1to30Minor: moneySchema,
  days31to60Minor: moneySchema,
  days61to90Minor: moneySchema,
  over90Minor: moneySchema,
  totalMinor: moneySchema,
});

export const statementEntrySchema = z.object({
  id: z.uuid(),
  /** The calendar date in the shop's time zone. */
  date: z.string(),
  occurredAt: z.iso.datetime(),
  kind: z.enum(STATEMENT_ENTRY_KINDS),
  /** Receipt number (PAY-000001), when the entry has one. */
  number: z.string().nullable(),
  reference: z.string().nullable(),
  method: z.string().nullable(),
  dueDate: z.string().nullable(),
  note: z.string().nullable(),
  /** Raises what is owed (> 0) or lowers it (< 0). */
  amountMinor: moneySchema,
  /** The balance after this entry. */
  balanceMinor: moneySchema,
});
export type StatementEntry = z.infer<typeof statementEntrySchema>;

export const statementSchema = z.object({
  shop: z.object({ name: z.string(), kraPin: z.string().nullable(), currencyCode: z.string(), currencyDecimals: z.number().int(), timeZone: z.string() }),
  contact: z.object({
    id: z.uuid(),
    type: z.enum(['customer', 'supplier', 'both']),
    name: z.string(),
    company: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    kraPin: z.string().nullable(),
    address: z.string().nullable(),
  }),
  side: z.enum(STATEMENT_SIDES),
  /** The sides this contact has (both for a customer who is also a supplier). */
  sides: z.array(z.enum(STATEMENT_SIDES)),
  from: z.string(),
  to: z.string(),
  /** Today in the shop's time zone: the period picker's presets are worked out from it. */
  today: z.string(),
  openingBalanceMinor: moneySchema,
  entries: z.array(statementEntrySchema),
  /** Σ of the period's entries that raised the balance, and of those that lowered it (a negative number). */
  totalDebitsMinor: moneySchema,
  totalCreditsMinor: moneySchema,
  closingBalanceMinor: moneySchema,
  /** What was still owed at the end of `to`, by how long it had been overdue then. */
  aging: agingSchema,
  /** Payments and credits not yet applied to a charge at the end of `to` (a deposit), as a positive number. */
  unappliedCreditsMinor: moneySchema,
  generatedAt: z.iso.datetime(),
});
export type Statement = z.infer<typeof statementSchema>;

export const statementEmailResultSchema = z.object({ sentTo: z.string(), language: z.enum(LOCALES), fileName: z.string() });
export type StatementEmailResult = z.infer<typeof statementEmailResultSchema>;
