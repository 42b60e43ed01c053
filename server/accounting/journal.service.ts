import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { formatJournalNumber, type JournalEntry, type journalListQuerySchema } from '../../core/accounting/accounting.schemas';
import type { SourceType } from '../../core/accounting/posting';
import { queryRows, type Database, type TenantTx } from '../db/client';
import { readAttachment } from '../expenses/expense-attachments';
import type { AppDependencies } from '../http/context';
import { notFound } from '../http/errors';
import { nameOf, readPage, readUserNames, type Page } from '../inventory/inventory-documents';
import { readSourceLinks, sourceNumberMatches, type SourceLink } from './source-links';

// The journal (issue 17): every entry, automatic or by hand, with its lines, newest first, paged
// on the server; filtered by day, source type or account, and searched by its number, its memo or
// its source document's number. A page is four queries in one transaction: the count, the page's
// entries, their lines, their documents' links.

type JournalQuery = z.output<typeof journalListQuerySchema>;

interface EntryRow {
  id: string;
  number: number;
  entry_date: string;
  source_type: SourceType;
  source_id: string | null;
  memo: string;
  total: string | number;
  reverses_entry_id: string | null;
  reversed_by: string | null;
  has_attachment: boolean;
  created_by: string | null;
  created_at: string | Date;
}

interface LineRow {
  entry_id: string;
  line_no: number;
  account_id: string;
  account_code: string;
  account_name: string;
  debit_minor: string | number;
  credit_minor: string | number;
  description: string | null;
  contact_id: string | null;
  contact_name: string | null;
  location_id: string | null;
  location_name: string | null;
}

type LoadedEntry = EntryRow & { lines: LineRow[]; source: SourceLink };

const ENTRY_COLUMNS = sql`e.id, e.number, e.entry_date::text as entry_date, e.source_type, e.source_id, e.memo,
  (select coalesce(sum(l.debit_minor), 0) from journal_lines l where l.entry_id = e.id)::text as total,
  e.reverses_entry_id, (select r.id from journal_entries r where r.reverses_entry_id = e.id) as reversed_by,
  e.attachment_file is not null as has_attachment, e.created_by, e.created_at`;

/** The entries' lines and their documents' links, read for a page (or one entry) at once. */
async function withLinesAndSources(tx: TenantTx, entries: EntryRow[]): Promise<LoadedEntry[]> {
  if (entries.length === 0) return [];
  const ids = sql.join(
    entries.map((entry) => sql`${entry.id}::uuid`),
    sql`, `,
  );
  const lines = await queryRows<LineRow>(
    tx,
    sql`select l.entry_id, l.line_no, l.account_id, a.code as account_code, a.name as account_name, l.debit_minor::text as debit_minor, l.credit_minor::text as credit_minor,
               l.description, l.contact_id, c.name as contact_name, l.location_id, loc.name as location_name
        from journal_lines l
        join ledger_accounts a on a.id = l.account_id
        left join contacts c on c.id = l.contact_id
        left join locations loc on loc.id = l.location_id
        where l.entry_id in (${ids})
        order by l.entry_id, l.line_no`,
  );
  const linkOf = await readSourceLinks(
    tx,
    entries.map((entry) => ({ sourceType: entry.source_type, sourceId: entry.source_id })),
  );
  const linesByEntry = new Map<string, LineRow[]>();
  for (const line of lines) {
    const entryLines = linesByEntry.get(line.entry_id);
    if (entryLines) entryLines.push(line);
    else linesByEntry.set(line.entry_id, [line]);
  }
  return entries.map((entry) => ({
    ...entry,
    lines: linesByEntry.get(entry.id) ?? [],
    source: linkOf({ sourceType: entry.source_type, sourceId: entry.source_id }),
  }));
}

const toEntry = (entry: LoadedEntry, names: Map<string, string>): JournalEntry => ({
  id: entry.id,
  number: formatJournalNumber(entry.number),
  entryDate: entry.entry_date,
  sourceType: entry.source_type,
  sourceId: entry.source_id,
  source: entry.source,
  memo: entry.memo,
  totalMinor: Number(entry.total),
  reversesEntryId: entry.reverses_entry_id,
  reversedByEntryId: entry.reversed_by,
  hasAttachment: entry.has_attachment,
  createdByName: nameOf(names, entry.created_by),
  createdAt: new Date(entry.created_at).toISOString(),
  lines: entry.lines.map((line) => ({
    lineNo: line.line_no,
    accountId: line.account_id,
    accountCode: line.account_code,
    accountName: line.account_name,
    debitMinor: Number(line.debit_minor),
    creditMinor: Number(line.credit_minor),
    description: line.description,
    contactId: line.contact_id,
    contactName: line.contact_name,
    locationId: line.location_id,
    locationName: line.location_name,
  })),
});

/** One entry of the shop with its lines (404 otherwise). */
export async function getJournalEntry(database: Database, tenantId: string, id: string): Promise<JournalEntry> {
  const [entry] = await database.withTenant(tenantId, async (tx) =>
    withLinesAndSources(tx, await queryRows<EntryRow>(tx, sql`select ${ENTRY_COLUMNS} from journal_entries e where e.id = ${id}::uuid`)),
  );
  if (!entry) throw notFound(/*i18n*/ 'Journal entry not found');
  return toEntry(entry, await readUserNames(database, [entry.created_by]));
}

const SORTS: Record<JournalQuery['sort'], SQL> = {
  newest: sql`e.entry_date desc, e.number desc`,
  oldest: sql`e.entry_date asc, e.number asc`,
  number: sql`e.number desc`,
  total: sql`total desc, e.number desc`,
};

/** "JE-000012", "je12" or "12": the entry number typed in the search. */
const JOURNAL_NUMBER_SEARCH = /^(?:je-?)?0*(\d{1,9})$/i;

function journalFilter(query: JournalQuery): SQL {
  const conditions: SQL[] = [sql`true`];
  if (query.from) conditions.push(sql`e.entry_date >= ${query.from}::date`);
  if (query.to) conditions.push(sql`e.entry_date <= ${query.to}::date`);
  if (query.sourceType) conditions.push(sql`e.source_type = ${query.sourceType}`);
  if (query.accountId) conditions.push(sql`exists (select 1 from journal_lines l where l.entry_id = e.id and l.account_id = ${query.accountId}::uuid)`);
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    const number = JOURNAL_NUMBER_SEARCH.exec(query.search)?.[1];
    conditions.push(sql`(${number ? sql`e.number = ${Number(number)} or ` : sql``}e.memo ilike ${pattern} or ${sourceNumberMatches(sql`e`, query.search)})`);
  }
  return sql.join(conditions, sql` and `);
}

/** A page of the journal under the filters, each entry with its lines and source document. */
export function listJournal(database: Database, tenantId: string, query: JournalQuery): Promise<Page<JournalEntry>> {
  const where = journalFilter(query);
  return readPage(
    database,
    tenantId,
    query,
    {
      count: (tx) => queryRows<{ total: number }>(tx, sql`select count(*)::int as total from journal_entries e where ${where}`),
      rows: async (tx, window) =>
        withLinesAndSources(
          tx,
          await queryRows<EntryRow>(tx, sql`select ${ENTRY_COLUMNS} from journal_entries e where ${where} order by ${SORTS[query.sort]} limit ${window.limit} offset ${window.offset}`),
        ),
      people: (entry) => [entry.created_by],
    },
    toEntry,
  );
}

/** The voucher attached to a manual entry, with its type. */
export async function getJournalAttachment(deps: Pick<AppDependencies, 'database' | 'config'>, tenantId: string, id: string): Promise<{ bytes: Buffer; type: string; number: string }> {
  const [row] = await deps.database.withTenant(tenantId, (tx) =>
    queryRows<{ number: number; file: string | null; type: string | null }>(tx, sql`select number, attachment_file as file, attachment_type as type from journal_entries where id = ${id}::uuid`),
  );
  if (!row) throw notFound(/*i18n*/ 'Journal entry not found');
  if (!row.file || !row.type) throw notFound(/*i18n*/ 'No file attached');
  return { bytes: await readAttachment(deps, tenantId, row.file, /*i18n*/ 'No file attached'), type: row.type, number: formatJournalNumber(row.number) };
}
