import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { formatJournalNumber, type JournalEntry, type manualEntryInputSchema, type manualLineInputSchema, type reverseEntryInputSchema } from '../../core/accounting/accounting.schemas';
import { CONTROL_ACCOUNT_KEYS } from '../../core/accounting/chart';
import type { PostingLine, SourceType } from '../../core/accounting/posting';
import { fillMessage } from '../../core/i18n/message.rules';
import { queryRows, type TenantTx } from '../db/client';
import { requireUploadedAttachment, storeAttachment, type AttachmentType } from '../expenses/expense-attachments';
import type { AppDependencies } from '../http/context';
import { HttpError, notFound } from '../http/errors';
import { createOnce, type DocumentAuthor } from '../inventory/inventory-documents';
import { getJournalEntry } from './journal.service';
import { applyLockDate, entryLines, postEntry, readLedgerSettings, shopDayOf } from './posting';

// Entries by hand (admins, issue 17): a manual entry with a memo and an optional voucher, posted
// once per Idempotency-Key, and the reversal of an entry, once. Both go through postEntry like
// every automatic posting. The lock date always refuses them (whatever the shop's policy for
// documents): someone chose this date, so moving it silently would post what they did not ask for.

type ManualEntryInput = z.output<typeof manualEntryInputSchema>;
type ManualLine = z.output<typeof manualLineInputSchema>;
type ReverseInput = z.output<typeof reverseEntryInputSchema>;

/** Entries a person made, and so may reverse; a document's entry is corrected by the document (a return, a void). */
const REVERSIBLE_SOURCES: readonly SourceType[] = ['manual', 'recurring_journal', 'reversal'];

/** Refuses (422 on the date field) a day on or before the lock date. */
export async function requireOpenDay(tx: TenantTx, day: string, field: string) {
  applyLockDate(day, { ...(await readLedgerSettings(tx)), lockPolicy: 'refuse' }, field);
}

/**
 * Refuses (400, a message on the line's field) lines naming an account, contact or location the shop
 * does not have, an archived account, or a control account (receivables, payables, inventory, gift
 * cards: an entry by hand would part them from their sub-ledger). The accounts are locked for share,
 * so none is deleted before the lines are written.
 */
export async function requirePostableLines(tx: TenantTx, lines: readonly ManualLine[], field = 'lines') {
  const idList = (ids: (string | null)[]) => {
    const unique = [...new Set(ids.filter((id): id is string => id !== null))];
    return unique.length === 0 ? sql`null::uuid` : sql.join(unique.map((id) => sql`${id}::uuid`), sql`, `);
  };
  const accounts = await queryRows<{ id: string; name: string; is_archived: boolean; is_control: boolean }>(
    tx,
    sql`select id, name, is_archived, coalesce(system_key in (${sql.join(
      CONTROL_ACCOUNT_KEYS.map((key) => sql`${key}`),
      sql`, `,
    )}), false) as is_control
        from ledger_accounts where id in (${idList(lines.map((line) => line.accountId))}) for share`,
  );
  const others = await queryRows<{ kind: 'contact' | 'location'; id: string }>(
    tx,
    sql`select 'contact' as kind, id from contacts where id in (${idList(lines.map((line) => line.contactId))})
        union all select 'location' as kind, id from locations where id in (${idList(lines.map((line) => line.locationId))})`,
  );
  const accountById = new Map(accounts.map((account) => [account.id, account]));
  const found = new Set(others.map((row) => `${row.kind}:${row.id}`));
  const fields: Record<string, string[]> = {};
  lines.forEach((line, index) => {
    const account = accountById.get(line.accountId);
    if (!account) fields[`${field}.${index}.accountId`] = [/*i18n*/ 'Account not found'];
    else if (account.is_archived) fields[`${field}.${index}.accountId`] = [fillMessage(/*i18n*/ '{account} is archived: choose another account', { account: account.name })];
    else if (account.is_control) {
      fields[`${field}.${index}.accountId`] = [fillMessage(/*i18n*/ '{account} follows its own ledger: record a payment, credit note or stock change instead', { account: account.name })];
    }
    if (line.contactId && !found.has(`contact:${line.contactId}`)) fields[`${field}.${index}.contactId`] = [/*i18n*/ 'Contact not found'];
    if (line.locationId && !found.has(`location:${line.locationId}`)) fields[`${field}.${index}.locationId`] = [/*i18n*/ 'Location not found'];
  });
  if (Object.keys(fields).length > 0) throw new HttpError('validation_failed', /*i18n*/ 'Some lines are invalid', fields);
}

/** Lines as typed (a debit or a credit) as the posting service takes them (signed). */
export const toPostingLines = (lines: readonly ManualLine[]): PostingLine[] =>
  lines.map((line) => ({
    account: { id: line.accountId },
    amountMinor: line.debitMinor - line.creditMinor,
    description: line.description,
    contactId: line.contactId,
    locationId: line.locationId,
  }));

/** Posts a manual entry once per Idempotency-Key (a replay answers the first entry). */
export async function createManualEntry(deps: Pick<AppDependencies, 'database' | 'config'>, author: DocumentAuthor, input: ManualEntryInput): Promise<JournalEntry> {
  const attachmentType = input.attachment
    ? await requireUploadedAttachment(deps, author.tenantId, input.attachment, { field: 'attachment', message: /*i18n*/ 'Upload the file again' })
    : null;
  const id = await createOnce(
    deps.database,
    author,
    async (tx, requestKey) => (await queryRows<{ id: string }>(tx, sql`select id from journal_entries where request_key = ${requestKey}::uuid`))[0]?.id,
    async (tx) => {
      await requireOpenDay(tx, input.entryDate, 'entryDate');
      await requirePostableLines(tx, input.lines);
      const posted = await postEntry(
        tx,
        author.tenantId,
        { sourceType: 'manual', sourceId: null, entryDate: input.entryDate, memo: input.memo, lines: toPostingLines(input.lines) },
        {
          createdBy: author.userId,
          requestKey: author.requestKey?.key ?? null,
          attachment: input.attachment && attachmentType ? { file: input.attachment, type: attachmentType } : null,
          dateField: 'entryDate',
        },
      );
      return posted!.entryId;
    },
  );
  return getJournalEntry(deps.database, author.tenantId, id);
}

/**
 * Posts the reversal of a manual or recurring entry (or of a reversal): the same lines the other way,
 * on the day given or the shop's today. An entry is reversed once: 409 after that.
 */
export async function reverseJournalEntry(deps: Pick<AppDependencies, 'database'>, author: { tenantId: string; userId: string }, id: string, input: ReverseInput): Promise<JournalEntry> {
  const reversalId = await deps.database.withTenant(author.tenantId, async (tx) => {
    const [entry] = await queryRows<{ number: number; source_type: SourceType; reversed_by: number | null; today: string }>(
      tx,
      sql`select e.number, e.source_type, (select r.number from journal_entries r where r.reverses_entry_id = e.id) as reversed_by, ${shopDayOf(sql`now()`)} as today
          from journal_entries e where e.id = ${id}::uuid`,
    );
    if (!entry) throw notFound(/*i18n*/ 'Journal entry not found');
    const alreadyReversed = () =>
      new HttpError('conflict', fillMessage(/*i18n*/ 'This entry was already reversed by {number}', { number: entry.reversed_by ? formatJournalNumber(entry.reversed_by) : '' }));
    if (entry.reversed_by !== null) throw alreadyReversed();
    if (!REVERSIBLE_SOURCES.includes(entry.source_type)) {
      throw new HttpError('conflict', /*i18n*/ 'A document posted this entry: correct the document instead (a return, a void, a credit note)');
    }
    const entryDate = input.entryDate ?? entry.today;
    await requireOpenDay(tx, entryDate, 'entryDate');
    const lines = (await entryLines(tx, id)).map(({ systemKey: _systemKey, ...line }) => ({ ...line, amountMinor: -line.amountMinor }));
    const posted = await postEntry(
      tx,
      author.tenantId,
      { sourceType: 'reversal', sourceId: id, entryDate, memo: input.memo ?? fillMessage(/*i18n*/ 'Reversal of {number}', { number: formatJournalNumber(entry.number) }), lines },
      { createdBy: author.userId, reversesEntryId: id, dateField: 'entryDate' },
    );
    // Another reversal of it committed first.
    if (!posted) throw new HttpError('conflict', /*i18n*/ 'This entry was already reversed');
    return posted.entryId;
  });
  return getJournalEntry(deps.database, author.tenantId, reversalId);
}

/** Stores a voucher (photo or PDF) for a manual entry about to be posted. */
export function uploadJournalAttachment(deps: Pick<AppDependencies, 'config'>, tenantId: string, file: File): Promise<{ file: string; type: AttachmentType }> {
  return storeAttachment(deps, tenantId, file, 'journal');
}
