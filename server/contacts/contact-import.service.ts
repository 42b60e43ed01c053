import { eq, sql } from 'drizzle-orm';
import {
  addRowError,
  checkContactImportDraft,
  CONTACT_IMPORT_MAX_BYTES,
  CONTACT_IMPORT_MAX_ROWS,
  emailKey,
  hasRowErrors,
  importFieldKey,
  mapContactImportHeader,
  mapContactImportRow,
  markContactDuplicatesInFile,
  splitImportRecords,
  type ContactImportDraft,
  type MappedContactRow,
} from '../../core/contacts/contact-import.rules';
import type { ContactImportPreview } from '../../core/contacts/contact-import.schemas';
import { hasCustomerManagement } from '../../core/contacts/contact.rules';
import { upgradeMessage } from '../../core/billing/plan-features.rules';
import { fillMessage } from '../../core/i18n/message.rules';
import { parseCsv } from '../../core/products/csv.rules';
import { postDocument } from '../accounting/post-document';
import { postOpeningBalance } from '../accounts/account-ledger';
import { readSubscriptionState } from '../billing/subscription.service';
import { queryRows, type Database, type TenantTx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { contactImports, contacts, customerGroups } from '../db/schema/contacts';
import { HttpError } from '../http/errors';
import { claimRequestKey, type RequestKey } from '../http/idempotency';

// CSV import of contacts with opening balances (feature bulk_operations, manager), on the products
// import's machinery (core/products/csv.rules.ts, the same preview → commit flow): the preview and
// the import run the same checks; the import writes only when every row passes, in one
// transaction (contacts and their opening balances), so a refused file leaves no trace.

const MEGABYTE = 1024 * 1024;
/** PostgreSQL takes at most 65,535 parameters per statement. */
const LOOKUP_CHUNK = 5000;
const INSERT_CHUNK = 1000;

export interface ContactImportActor {
  tenantId: string;
  userId: string;
  requestKey: RequestKey | null;
}

/** A row once read and checked on its own: the draft with its phone in E.164, or errors. */
interface ReadRow extends MappedContactRow {
  phone: string | null;
  email: string | null;
}

interface ParsedContactImport {
  rows: ReadRow[];
  ignoredColumns: string[];
  blankRowCount: number;
}

const fileError = (message: string) => new HttpError('validation_failed', message, { file: [message] });

/** 413 for a file over the import limit (also answered by the body limit in server/app.ts). */
export function contactFileTooLargeError(): HttpError {
  return new HttpError(
    'payload_too_large',
    fillMessage(/*i18n*/ 'The file is larger than {megabytes} MB. Split it into smaller files of at most {rows} rows.', {
      megabytes: CONTACT_IMPORT_MAX_BYTES / MEGABYTE,
      rows: CONTACT_IMPORT_MAX_ROWS.toLocaleString('en-KE'),
    }),
  );
}

/** UTF-8 (with or without BOM), else Windows-1252 as older Excel saves "CSV (Comma delimited)". */
function decodeCsvText(bytes: Uint8Array): string {
  const head = bytes.subarray(0, 4);
  const isZip = head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
  const isOldExcel = head[0] === 0xd0 && head[1] === 0xcf && head[2] === 0x11 && head[3] === 0xe0;
  if (isZip || isOldExcel) throw fileError(/*i18n*/ 'This is an Excel workbook, not a CSV file. In Excel choose File › Save As › "CSV UTF-8", then upload that file.');
  if (bytes.subarray(0, 8192).includes(0)) throw fileError(/*i18n*/ 'This is not a text file. Upload the contacts as a CSV file.');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Size, encoding, CSV syntax, header, row count, each row on its own and duplicates within the file. */
export function readContactImportFile(bytes: Uint8Array): ParsedContactImport {
  if (bytes.byteLength > CONTACT_IMPORT_MAX_BYTES) throw contactFileTooLargeError();
  const parsed = parseCsv(decodeCsvText(bytes));
  if (!parsed.ok) throw fileError(fillMessage(/*i18n*/ 'This is not a readable CSV file. {problem}.', { problem: parsed.message }));
  const { headerRecord, dataRecords, blankRowCount } = splitImportRecords(parsed.records);
  if (!headerRecord) throw fileError(/*i18n*/ 'The file is empty. Download the template, fill in your contacts and upload it.');
  const header = mapContactImportHeader(headerRecord.fields);
  if (!header.ok) throw fileError(header.message);
  if (dataRecords.length === 0) throw fileError(/*i18n*/ 'The file has a header but no contacts below it.');
  if (dataRecords.length > CONTACT_IMPORT_MAX_ROWS) {
    throw fileError(
      fillMessage(/*i18n*/ 'The file has {count} contacts; at most {max} go in one import. Split it into smaller files.', {
        count: dataRecords.length.toLocaleString('en-KE'),
        max: CONTACT_IMPORT_MAX_ROWS.toLocaleString('en-KE'),
      }),
    );
  }
  const rows = dataRecords.map((record): ReadRow => {
    const mapped = mapContactImportRow(record, header.header);
    const { phone, email } = checkContactImportDraft(mapped);
    return { ...mapped, phone, email };
  });
  markContactDuplicatesInFile(rows);
  return { rows, ignoredColumns: header.header.ignoredColumns, blankRowCount };
}

interface CheckedRow extends ReadRow {
  customerGroupId: string | null;
}

/** Every check against the shop: the customer group by name, phones and e-mails already in use. */
async function checkRows(tx: TenantTx, rows: ReadRow[]): Promise<CheckedRow[]> {
  const [groups, { entitlements }] = await Promise.all([
    tx.select({ id: customerGroups.id, name: customerGroups.name }).from(customerGroups),
    readSubscriptionState(tx, new Date()),
  ]);
  const groupByName = new Map(groups.map((group) => [group.name.toLowerCase(), group]));
  const canUseGroups = hasCustomerManagement(entitlements.features);
  const checked = rows.map((row): CheckedRow => {
    const name = row.draft.customerGroupName;
    if (!name) return { ...row, customerGroupId: null };
    const group = groupByName.get(name.toLowerCase());
    if (!canUseGroups) addRowError(row.errors, 'customer_group', upgradeMessage('customer_management'));
    else if (!group) {
      const known = groups.map((g) => g.name).join(', ');
      addRowError(
        row.errors,
        'customer_group',
        known
          ? fillMessage(/*i18n*/ 'Unknown customer group "{name}". Use one of: {groups}', { name, groups: known })
          : fillMessage(/*i18n*/ 'Unknown customer group "{name}": this shop has no customer groups yet (create them under Groups)', { name }),
      );
    } else row.values.customer_group = group.name;
    return { ...row, customerGroupId: group?.id ?? null };
  });
  await markTakenPhonesAndEmails(tx, checked);
  return checked;
}

/**
 * A phone or e-mail another contact of the shop already has is refused, naming that contact: an
 * import that adds a second "Mary Wambui" with the same number would split her account in two.
 */
async function markTakenPhonesAndEmails(tx: TenantTx, rows: CheckedRow[]) {
  const phones = [...new Set(rows.map((row) => row.phone).filter((phone): phone is string => Boolean(phone)))];
  const emails = [...new Set(rows.map((row) => (row.email ? emailKey(row.email) : '')).filter(Boolean))];
  const phoneOwners = new Map<string, { name: string; archived: boolean }>();
  const emailOwners = new Map<string, { name: string; archived: boolean }>();
  for (let start = 0; start < phones.length; start += LOOKUP_CHUNK) {
    const found = await queryRows<{ phone: string; name: string; is_archived: boolean }>(
      tx,
      sql`select phone, name, is_archived from contacts
          where merged_into_id is null and phone in (${sql.join(phones.slice(start, start + LOOKUP_CHUNK).map((phone) => sql`${phone}`), sql`, `)})`,
    );
    for (const row of found) if (!phoneOwners.has(row.phone)) phoneOwners.set(row.phone, { name: row.name, archived: row.is_archived });
  }
  for (let start = 0; start < emails.length; start += LOOKUP_CHUNK) {
    const found = await queryRows<{ email: string; name: string; is_archived: boolean }>(
      tx,
      sql`select lower(email) as email, name, is_archived from contacts
          where merged_into_id is null and lower(email) in (${sql.join(emails.slice(start, start + LOOKUP_CHUNK).map((email) => sql`${email}`), sql`, `)})`,
    );
    for (const row of found) if (!emailOwners.has(row.email)) emailOwners.set(row.email, { name: row.name, archived: row.is_archived });
  }
  for (const row of rows) {
    const phoneOwner = row.phone ? phoneOwners.get(row.phone) : undefined;
    if (phoneOwner) {
      addRowError(
        row.errors,
        'phone',
        phoneOwner.archived
          ? fillMessage(/*i18n*/ '{phone} is already the phone number of {name} (archived). Leave the row out, or restore that contact.', { phone: row.phone ?? '', name: phoneOwner.name })
          : fillMessage(/*i18n*/ '{phone} is already the phone number of {name}. Leave the row out (the contact exists).', { phone: row.phone ?? '', name: phoneOwner.name }),
      );
    }
    const emailOwner = row.email ? emailOwners.get(emailKey(row.email)) : undefined;
    if (emailOwner) {
      addRowError(row.errors, 'email', fillMessage(/*i18n*/ '{email} is already the e-mail address of {name}. Leave the row out (the contact exists).', { email: row.email ?? '', name: emailOwner.name }));
    }
  }
}

/** POST /api/contacts/import/preview: what the import would do, row by row; writes nothing. */
export async function previewContactImport(database: Database, tenantId: string, bytes: Uint8Array): Promise<ContactImportPreview> {
  const { rows, ignoredColumns, blankRowCount } = readContactImportFile(bytes);
  const checked = await database.withTenant(tenantId, (tx) => checkRows(tx, rows));
  const errorCount = checked.filter(hasRowErrors).length;
  return {
    totalRows: checked.length,
    validCount: checked.length - errorCount,
    blankRowCount,
    errorCount,
    ignoredColumns,
    receivableTotalMinor: checked.reduce((sum, row) => sum + row.draft.openingBalanceMinor, 0),
    payableTotalMinor: checked.reduce((sum, row) => sum + row.draft.supplierOpeningBalanceMinor, 0),
    rows: checked.map(({ row, values, errors }) => ({ row, values, errors })),
  };
}

/**
 * POST /api/contacts/import: all rows or none, contacts and opening balances in one transaction.
 * With an Idempotency-Key, a repeated upload answers with the first import's count.
 */
export async function commitContactImport(database: Database, actor: ContactImportActor, bytes: Uint8Array): Promise<{ createdCount: number; replayed: boolean }> {
  const { rows } = readContactImportFile(bytes);
  try {
    return await database.withTenant(actor.tenantId, (tx) => importRows(tx, actor, rows));
  } catch (error) {
    if (actor.requestKey && isUniqueViolation(error, 'contact_imports_request_key_unique')) {
      // The same upload finished in another request meanwhile: answer with its result.
      const [existing] = await database.withTenant(actor.tenantId, (tx) =>
        tx.select({ createdCount: contactImports.createdCount }).from(contactImports).where(eq(contactImports.requestKey, actor.requestKey!.key)),
      );
      if (existing) return { createdCount: existing.createdCount, replayed: true };
    }
    throw error;
  }
}

async function importRows(tx: TenantTx, actor: ContactImportActor, rows: ReadRow[]): Promise<{ createdCount: number; replayed: boolean }> {
  if (actor.requestKey) {
    await claimRequestKey(tx, actor.tenantId, actor.requestKey);
    const [existing] = await tx.select({ createdCount: contactImports.createdCount }).from(contactImports).where(eq(contactImports.requestKey, actor.requestKey.key));
    if (existing) return { createdCount: existing.createdCount, replayed: true };
  }
  // Phones and e-mails are checked again inside the transaction that writes: two imports of the
  // same people at once are taken in turn (the lock is the shop's, for the duration of the import).
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`contact-import:${actor.tenantId}`}, 0))`);
  const checked = await checkRows(tx, rows);
  throwRowErrors(checked);

  for (let start = 0; start < checked.length; start += INSERT_CHUNK) {
    const chunk = checked.slice(start, start + INSERT_CHUNK);
    const inserted = await tx
      .insert(contacts)
      .values(chunk.map((row) => contactValues(actor.tenantId, row)))
      .returning({ id: contacts.id });
    for (const [index, row] of chunk.entries()) {
      const contactId = inserted[index]!.id;
      const { openingBalanceMinor, supplierOpeningBalanceMinor } = row.draft;
      for (const [side, amountMinor] of [
        ['receivable', openingBalanceMinor],
        ['payable', supplierOpeningBalanceMinor],
      ] as const) {
        if (amountMinor === 0) continue;
        const opening = await postOpeningBalance(tx, { tenantId: actor.tenantId, contactId, side, amountMinor, userId: actor.userId, sourceType: 'import' });
        await postDocument(tx, actor.tenantId, 'contact_entry', opening.id);
      }
    }
  }
  if (actor.requestKey) {
    await tx.insert(contactImports).values({ tenantId: actor.tenantId, requestKey: actor.requestKey.key, createdCount: checked.length, userId: actor.userId });
  }
  return { createdCount: checked.length, replayed: false };
}

/** A checked row as a contacts row: blank values stored as null except the name. */
function contactValues(tenantId: string, row: CheckedRow): typeof contacts.$inferInsert {
  const draft: ContactImportDraft = row.draft;
  const orNull = (value: string) => (value === '' ? null : value);
  return {
    tenantId,
    type: draft.type,
    name: draft.name,
    phone: row.phone,
    email: row.email,
    company: orNull(draft.company),
    kraPin: orNull(draft.kraPin),
    address: orNull(draft.address),
    notes: orNull(draft.notes),
    tags: draft.tags,
    customerGroupId: row.customerGroupId,
    creditLimitMinor: draft.creditLimitMinor,
    customerPaymentTermsDays: draft.customerPaymentTermsDays,
    supplierPaymentTermsDays: draft.supplierPaymentTermsDays,
  };
}

/** 400 naming every problem as "row N.column", or nothing when all rows are fine. */
function throwRowErrors(rows: readonly MappedContactRow[]) {
  const bad = rows.filter(hasRowErrors);
  if (bad.length === 0) return;
  const fields: Record<string, string[]> = {};
  for (const row of bad) for (const [column, messages] of Object.entries(row.errors)) fields[importFieldKey(row.row, column)] = messages;
  const message =
    bad.length === 1
      ? fillMessage(/*i18n*/ 'Row {row} has a problem; nothing was imported. Fix the file and upload it again.', { row: bad[0]!.row })
      : fillMessage(/*i18n*/ '{count} rows have problems; nothing was imported. Fix the file and upload it again.', { count: bad.length.toLocaleString('en-KE') });
  throw new HttpError('validation_failed', message, fields);
}
