import { fillMessage } from '../i18n/message.rules';
import { escapeFormula, serializeCsv, unescapeFormula, type CsvRecord } from '../products/csv.rules';
import { addRowError, normalizeHeader, ROW_ERROR_KEY, type RowErrors } from '../products/product-import.rules';
import { formatMoneyPlain, parseMoney } from '../settings/money.rules';
import { normalizeKenyanPhone } from './contact.rules';
import { contactCreateSchema, MAX_MONEY_MINOR, MAX_TERMS_DAYS, type ContactCreateInput, type ContactType } from './contacts.schemas';

// The contacts CSV (import and export share it, as the products CSV does): one contact per row,
// columns by header name in any order. A row maps to a draft with errors per column; the server
// then resolves the customer group by name and checks the draft with the contact form's schema.
// Money is read from the written decimal ("1,500.00", "1500", "KES 1,500") into minor units
// without a float ever holding it.

export { addRowError, hasRowErrors, importFieldKey, splitImportRecords, type RowErrors } from '../products/product-import.rules';

export const CONTACT_IMPORT_COLUMNS = [
  'type',
  'name',
  'phone',
  'email',
  'company',
  'kra_pin',
  'address',
  'notes',
  'tags',
  'customer_group',
  'credit_limit',
  'payment_terms_days',
  'supplier_payment_terms_days',
  'opening_balance',
  'supplier_opening_balance',
] as const;
export type ContactImportColumn = (typeof CONTACT_IMPORT_COLUMNS)[number];

export const TAG_SEPARATOR = '|';
/** Largest file and row count of one contacts import (the products import's limits). */
export const CONTACT_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const CONTACT_IMPORT_MAX_ROWS = 10_000;

/** Spellings spreadsheets and other POS exports use for each column (after normalizeHeader). */
const HEADER_ALIASES: Record<string, ContactImportColumn> = {
  'type': 'type',
  'contact type': 'type',
  'name': 'name',
  'full name': 'name',
  'customer name': 'name',
  'contact name': 'name',
  'phone': 'phone',
  'phone number': 'phone',
  'mobile': 'phone',
  'telephone': 'phone',
  'email': 'email',
  'e mail': 'email',
  'email address': 'email',
  'company': 'company',
  'business': 'company',
  'kra pin': 'kra_pin',
  'pin': 'kra_pin',
  'tax pin': 'kra_pin',
  'address': 'address',
  'physical address': 'address',
  'notes': 'notes',
  'note': 'notes',
  'tags': 'tags',
  'customer group': 'customer_group',
  'group': 'customer_group',
  'credit limit': 'credit_limit',
  'payment terms days': 'payment_terms_days',
  'payment terms': 'payment_terms_days',
  'terms': 'payment_terms_days',
  'supplier payment terms days': 'supplier_payment_terms_days',
  'supplier payment terms': 'supplier_payment_terms_days',
  'opening balance': 'opening_balance',
  'balance': 'opening_balance',
  'balance due': 'opening_balance',
  'supplier opening balance': 'supplier_opening_balance',
  'payable balance': 'supplier_opening_balance',
};

export interface ContactImportHeader {
  indexes: Partial<Record<ContactImportColumn, number>>;
  ignoredColumns: string[];
}

export type ContactHeaderResult = { ok: true; header: ContactImportHeader } | { ok: false; message: string };

export function mapContactImportHeader(cells: readonly string[]): ContactHeaderResult {
  const indexes: Partial<Record<ContactImportColumn, number>> = {};
  const ignoredColumns: string[] = [];
  for (const [index, cell] of cells.entries()) {
    const column = HEADER_ALIASES[normalizeHeader(unescapeFormula(cell))];
    if (!column) {
      if (cell.trim()) ignoredColumns.push(cell.trim());
      continue;
    }
    const earlier = indexes[column];
    if (earlier !== undefined) {
      return { ok: false, message: fillMessage(/*i18n*/ 'The columns "{first}" and "{second}" both mean {column}; keep one of them', { first: cells[earlier] ?? '', second: cell, column }) };
    }
    indexes[column] = index;
  }
  if (indexes.name === undefined) {
    return { ok: false, message: /*i18n*/ 'The first row must be the header, with at least a "name" column (download the template to see the columns)' };
  }
  return { ok: true, header: { indexes, ignoredColumns } };
}

/** A row's values once read, before the customer group is resolved and the form's schema runs. */
export interface ContactImportDraft {
  type: ContactType;
  name: string;
  phone: string;
  email: string;
  company: string;
  kraPin: string;
  address: string;
  notes: string;
  tags: string[];
  customerGroupName: string | null;
  creditLimitMinor: number;
  customerPaymentTermsDays: number;
  supplierPaymentTermsDays: number;
  /** Signed: negative is a deposit (the shop owes the customer). */
  openingBalanceMinor: number;
  /** Signed: negative is an advance paid to the supplier. */
  supplierOpeningBalanceMinor: number;
}

export interface MappedContactRow {
  /** The spreadsheet row number (the header is row 1). */
  row: number;
  /** Per column, the value as it will be saved, or the text as given when it is wrong. */
  values: Record<ContactImportColumn, string>;
  draft: ContactImportDraft;
  errors: RowErrors;
}

const TYPE_ALIASES: Record<string, ContactType> = {
  'customer': 'customer',
  'client': 'customer',
  'mteja': 'customer',
  'supplier': 'supplier',
  'vendor': 'supplier',
  'msambazaji': 'supplier',
  'both': 'both',
  'customer and supplier': 'both',
  'customer supplier': 'both',
};

/**
 * "1,500.00", "1500", "KES 1,500.5", "-250" → minor units, exactly (the digits are read as text,
 * never as a float); null when it is not such an amount. A minus only where `signed`.
 */
export function parseCsvMoney(text: string, signed: boolean): number | null {
  let rest = text.trim().replace(/\u2212/g, '-');
  let sign = 1;
  if (rest.startsWith('-')) {
    if (!signed) return null;
    sign = -1;
    rest = rest.slice(1).trim();
  }
  rest = rest.replace(/^(kes|ksh\.?|kshs\.?)\s*/i, '');
  // Commas only as thousands separators: "12,5" is a European decimal, not 125.
  if (rest.includes(',') && !/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(rest)) return null;
  const minor = parseMoney(rest);
  if (minor === null || !Number.isSafeInteger(minor)) return null;
  return minor === 0 ? 0 : sign * minor;
}

/** Reads one data row; every problem is reported against its column. */
export function mapContactImportRow(record: CsvRecord, header: ContactImportHeader): MappedContactRow {
  const errors: RowErrors = {};
  const values = Object.fromEntries(CONTACT_IMPORT_COLUMNS.map((column) => [column, cell(column)])) as Record<ContactImportColumn, string>;
  function cell(column: ContactImportColumn): string {
    const index = header.indexes[column];
    return index === undefined ? '' : unescapeFormula((record.fields[index] ?? '').trim());
  }
  const fail = (column: ContactImportColumn, message: string) => addRowError(errors, column, message);

  const typeText = normalizeHeader(values.type);
  const type: ContactType = typeText === '' ? 'customer' : (TYPE_ALIASES[typeText] ?? 'customer');
  if (typeText !== '' && !TYPE_ALIASES[typeText]) fail('type', /*i18n*/ 'Write customer, supplier or both');
  else values.type = type;
  const isCustomer = type !== 'supplier';
  const isSupplier = type !== 'customer';

  const money = (column: 'credit_limit' | 'opening_balance' | 'supplier_opening_balance', signed: boolean): number => {
    const text = values[column];
    if (text === '') return 0;
    const minor = parseCsvMoney(text, signed);
    if (minor === null) {
      fail(
        column,
        signed
          ? /*i18n*/ 'Write an amount such as 1500 or 1,500.00 (at most 2 decimals; a minus sign for money owed to the contact)'
          : /*i18n*/ 'Write an amount such as 1500 or 1,500.00 (no minus sign, at most 2 decimals)',
      );
      return 0;
    }
    values[column] = formatMoneyPlain(minor);
    return minor;
  };
  const days = (column: 'payment_terms_days' | 'supplier_payment_terms_days'): number | null => {
    const text = values[column];
    if (text === '') return null;
    if (!/^\d{1,4}$/.test(text) || Number(text) > MAX_TERMS_DAYS) {
      fail(column, fillMessage(/*i18n*/ 'Write a whole number of days from 0 to {max}', { max: MAX_TERMS_DAYS }));
      return null;
    }
    values[column] = String(Number(text));
    return Number(text);
  };

  const tags = [...new Set(values.tags.split(TAG_SEPARATOR).map((tag) => tag.trim().replace(/\s+/g, ' ')).filter(Boolean))];
  values.tags = tags.join(TAG_SEPARATOR);

  const creditLimitMinor = money('credit_limit', false);
  const openingBalanceMinor = money('opening_balance', true);
  const supplierOpeningBalanceMinor = money('supplier_opening_balance', true);
  const terms = days('payment_terms_days');
  const supplierTerms = days('supplier_payment_terms_days');
  const customerGroupName = values.customer_group.replace(/\s+/g, ' ') || null;

  if (!isCustomer) {
    if (customerGroupName) fail('customer_group', /*i18n*/ 'Only customers have a customer group (set type to both)');
    if (creditLimitMinor !== 0) fail('credit_limit', /*i18n*/ 'Only customers have a credit limit (set type to both)');
    if (openingBalanceMinor !== 0) fail('opening_balance', /*i18n*/ 'A supplier’s balance goes in supplier_opening_balance');
  }
  if (!isSupplier) {
    if (supplierOpeningBalanceMinor !== 0) fail('supplier_opening_balance', /*i18n*/ 'Only suppliers have a supplier balance (set type to both)');
    if (supplierTerms !== null) fail('supplier_payment_terms_days', /*i18n*/ 'Only suppliers have supplier payment terms (set type to both)');
  }

  const draft: ContactImportDraft = {
    type,
    name: values.name.replace(/\s+/g, ' '),
    phone: values.phone,
    email: values.email,
    company: values.company,
    kraPin: values.kra_pin.toUpperCase(),
    address: values.address,
    notes: values.notes,
    tags,
    customerGroupName,
    creditLimitMinor,
    // One terms column serves a customer or a supplier; a contact that is both may give the supplier's apart.
    customerPaymentTermsDays: isCustomer ? (terms ?? 0) : 0,
    supplierPaymentTermsDays: isSupplier ? (supplierTerms ?? terms ?? 0) : 0,
    openingBalanceMinor,
    supplierOpeningBalanceMinor,
  };
  if (draft.kraPin) values.kra_pin = draft.kraPin;
  if (!draft.name) fail('name', /*i18n*/ 'Enter the contact’s name');
  return { row: record.row, values, draft, errors };
}

const COLUMN_OF_FIELD: Record<string, ContactImportColumn> = {
  name: 'name',
  type: 'type',
  phone: 'phone',
  email: 'email',
  company: 'company',
  kraPin: 'kra_pin',
  address: 'address',
  notes: 'notes',
  tags: 'tags',
  customerGroupId: 'customer_group',
  creditLimitMinor: 'credit_limit',
  customerPaymentTermsDays: 'payment_terms_days',
};

/**
 * Checks a row with the contact form's schema (core/contacts/contacts.schemas.ts): phone (a Kenyan
 * number in any written form, stored as E.164), e-mail, KRA PIN, lengths, no control characters.
 * Messages land on the row's columns; the values become the ones that will be saved. Returns the
 * phone and e-mail as they will be stored (null when blank or wrong).
 */
export function checkContactImportDraft(row: MappedContactRow): { phone: string | null; email: string | null } {
  const { draft, errors, values } = row;
  const parsed = contactCreateSchema.safeParse({
    name: draft.name,
    type: draft.type,
    phone: draft.phone,
    email: draft.email,
    company: draft.company,
    kraPin: draft.kraPin,
    address: draft.address,
    notes: draft.notes,
    tags: draft.tags,
    creditLimitMinor: draft.creditLimitMinor,
    customerPaymentTermsDays: draft.customerPaymentTermsDays,
    supplierPaymentTermsDays: draft.supplierPaymentTermsDays,
  } satisfies ContactCreateInput);
  for (const [column, amount] of [
    ['opening_balance', draft.openingBalanceMinor],
    ['supplier_opening_balance', draft.supplierOpeningBalanceMinor],
  ] as const) {
    if (Math.abs(amount) > MAX_MONEY_MINOR) addRowError(errors, column, /*i18n*/ 'This amount is too large');
  }
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [field] = issue.path.map(String);
      let column: string = (field && COLUMN_OF_FIELD[field]) || ROW_ERROR_KEY;
      if (field === 'supplierPaymentTermsDays') column = draft.type === 'both' && values.supplier_payment_terms_days ? 'supplier_payment_terms_days' : 'payment_terms_days';
      if (!errors[column]?.includes(issue.message)) addRowError(errors, column, issue.message);
    }
    const phone = errors.phone ? null : normalizeKenyanPhone(draft.phone);
    return { phone, email: errors.email || !draft.email ? null : draft.email.toLowerCase() };
  }
  const { data } = parsed;
  values.phone = data.phone ?? '';
  values.email = data.email ?? '';
  values.kra_pin = data.kraPin ?? '';
  values.tags = data.tags.join(TAG_SEPARATOR);
  draft.tags = data.tags;
  return { phone: data.phone, email: data.email };
}

/** The key two rows share when they are the same phone or e-mail (the phone already in E.164). */
export const emailKey = (email: string) => email.trim().toLowerCase();

/** Marks phones and e-mails more than one row of the file uses (the later rows). */
export function markContactDuplicatesInFile(rows: readonly { row: number; phone: string | null; email: string | null; errors: RowErrors }[]) {
  const phones = new Map<string, number>();
  const emails = new Map<string, number>();
  for (const row of rows) {
    if (row.phone) {
      const first = phones.get(row.phone);
      if (first === undefined) phones.set(row.phone, row.row);
      else addRowError(row.errors, 'phone', fillMessage(/*i18n*/ 'Row {row} has the same phone number', { row: first }));
    }
    if (row.email) {
      const key = emailKey(row.email);
      const first = emails.get(key);
      if (first === undefined) emails.set(key, row.row);
      else addRowError(row.errors, 'email', fillMessage(/*i18n*/ 'Row {row} has the same e-mail address', { row: first }));
    }
  }
}

/** A contact as the export writes it: the import's columns, balances as opening balances. */
export interface ContactExportItem {
  type: ContactType;
  name: string;
  phone: string | null;
  email: string | null;
  company: string | null;
  kraPin: string | null;
  address: string | null;
  notes: string | null;
  tags: readonly string[];
  customerGroupName: string | null;
  creditLimitMinor: number;
  customerPaymentTermsDays: number;
  supplierPaymentTermsDays: number;
  receivableMinor: number;
  payableMinor: number;
}

const PLAIN_AMOUNT = /^-?\d+\.\d{2}$/;

/** The export's fields in CONTACT_IMPORT_COLUMNS order, formula-safe (a leading = + - @ gets an apostrophe). */
export function contactExportFields(item: ContactExportItem): string[] {
  const isCustomer = item.type !== 'supplier';
  const isSupplier = item.type !== 'customer';
  const fields: Record<ContactImportColumn, string> = {
    type: item.type,
    name: item.name,
    phone: item.phone ?? '',
    email: item.email ?? '',
    company: item.company ?? '',
    kra_pin: item.kraPin ?? '',
    address: item.address ?? '',
    notes: item.notes ?? '',
    tags: item.tags.join(TAG_SEPARATOR),
    customer_group: isCustomer ? (item.customerGroupName ?? '') : '',
    credit_limit: isCustomer ? formatMoneyPlain(item.creditLimitMinor) : '',
    payment_terms_days: String(isCustomer ? item.customerPaymentTermsDays : item.supplierPaymentTermsDays),
    supplier_payment_terms_days: item.type === 'both' ? String(item.supplierPaymentTermsDays) : '',
    opening_balance: isCustomer ? formatMoneyPlain(item.receivableMinor) : '',
    supplier_opening_balance: isSupplier ? formatMoneyPlain(item.payableMinor) : '',
  };
  // A plain amount ("-250.50") is no formula and stays a number for the spreadsheet; a phone
  // ("+2547…") is escaped, which also keeps Excel from turning it into 254712345678.
  return CONTACT_IMPORT_COLUMNS.map((column) => (PLAIN_AMOUNT.test(fields[column]) ? fields[column] : escapeFormula(fields[column])));
}

/** The template: the header and three example rows (a customer, a supplier, one that is both). */
export function contactImportTemplateCsv(): string {
  const example = (item: Partial<ContactExportItem> & Pick<ContactExportItem, 'type' | 'name'>) =>
    contactExportFields({
      phone: null,
      email: null,
      company: null,
      kraPin: null,
      address: null,
      notes: null,
      tags: [],
      customerGroupName: null,
      creditLimitMinor: 0,
      customerPaymentTermsDays: 0,
      supplierPaymentTermsDays: 0,
      receivableMinor: 0,
      payableMinor: 0,
      ...item,
    });
  return `\uFEFF${serializeCsv([
    [...CONTACT_IMPORT_COLUMNS],
    example({ type: 'customer', name: 'Mary Wambui', phone: '+254712345678', email: 'mary@example.com', address: 'Kawangware, Nairobi', tags: ['regular', 'estate'], creditLimitMinor: 500000, customerPaymentTermsDays: 30, receivableMinor: 150000 }),
    example({ type: 'supplier', name: 'Brookside Dairy', phone: '+254709876543', company: 'Brookside Dairy Ltd', kraPin: 'P051234567X', supplierPaymentTermsDays: 14, payableMinor: 2450050 }),
    example({ type: 'both', name: 'Juma Hardware', phone: '0722000111', customerPaymentTermsDays: 7, supplierPaymentTermsDays: 30 }),
  ])}`;
}
