import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { formatJournalNumber, type generalLedgerQuerySchema, type generalLedgerSchema } from '../../../core/accounting/accounting.schemas';
import type { AccountType } from '../../../core/accounting/chart';
import type { SourceType } from '../../../core/accounting/posting';
import { naturalBalance } from '../../../core/accounting/statements.rules';
import { fillMessage } from '../../../core/i18n/message.rules';
import { queryRows, type TenantTx } from '../../db/client';
import { HttpError, notFound } from '../../http/errors';
import { readSourceLinks } from '../source-links';

// The general ledger of one account for a period: the opening balance, each line in date and
// entry order with the balance after it, the closing balance. Paged on the server: the balance
// before the page is summed in SQL (the period's opening plus the lines before the page), so the
// running balance on page 3 is what it would be read from page 1.

type GeneralLedger = z.infer<typeof generalLedgerSchema>;
type GeneralLedgerQuery = Pick<z.output<typeof generalLedgerQuerySchema>, 'accountId' | 'from' | 'to' | 'page' | 'pageSize'>;

interface LedgerHead {
  code: string;
  name: string;
  type: AccountType;
  opening: string;
  movement: string;
  total: number;
  lines: {
    entryId: string;
    number: number;
    entryDate: string;
    memo: string;
    description: string | null;
    sourceType: SourceType;
    sourceId: string | null;
    debitMinor: number;
    creditMinor: number;
    /** Σ debits − credits of the period up to and including this line. */
    running: number;
  }[];
}

export async function generalLedger(tx: TenantTx, query: GeneralLedgerQuery): Promise<GeneralLedger> {
  const { accountId, from, to, page, pageSize } = query;
  const [head] = await queryRows<LedgerHead>(
    tx,
    sql`with period as (
          select l.entry_id, l.line_no, l.entry_date, l.debit_minor, l.credit_minor, l.description, e.number, e.memo, e.source_type, e.source_id,
                 sum(l.debit_minor - l.credit_minor) over (order by l.entry_date, e.number, l.line_no) as running
          from journal_lines l join journal_entries e on e.tenant_id = l.tenant_id and e.id = l.entry_id
          where l.account_id = ${accountId}::uuid and l.entry_date between ${from}::date and ${to}::date
        )
        select a.code, a.name, a.type,
               (select coalesce(sum(l.debit_minor - l.credit_minor), 0) from journal_lines l where l.account_id = a.id and l.entry_date < ${from}::date)::text as opening,
               (select coalesce(sum(debit_minor - credit_minor), 0) from period)::text as movement,
               (select count(*) from period)::int as total,
               (select coalesce(json_agg(json_build_object('entryId', p.entry_id, 'number', p.number, 'entryDate', p.entry_date, 'memo', p.memo, 'description', p.description,
                         'sourceType', p.source_type, 'sourceId', p.source_id, 'debitMinor', p.debit_minor, 'creditMinor', p.credit_minor, 'running', p.running)
                         order by p.entry_date, p.number, p.line_no), '[]')
                from (select * from period order by entry_date, number, line_no limit ${pageSize} offset ${(page - 1) * pageSize}) p) as lines
        from ledger_accounts a where a.id = ${accountId}::uuid`,
  );
  if (!head) throw notFound(/*i18n*/ 'Account not found');
  const natural = (debitMinusCredit: number) => naturalBalance(head.type, debitMinusCredit);
  const opening = Number(head.opening);
  const linkOf = await readSourceLinks(tx, head.lines);
  return {
    account: { id: accountId, code: head.code, name: head.name, type: head.type },
    from,
    to,
    openingBalanceMinor: natural(opening),
    closingBalanceMinor: natural(opening + Number(head.movement)),
    rows: head.lines.map((line) => ({
      entryId: line.entryId,
      number: formatJournalNumber(line.number),
      entryDate: line.entryDate,
      memo: line.memo,
      description: line.description,
      source: linkOf(line),
      debitMinor: line.debitMinor,
      creditMinor: line.creditMinor,
      balanceMinor: natural(opening + line.running),
    })),
    total: head.total,
    page,
    pageSize,
  };
}

/** The most lines a file of the general ledger holds (a longer period is refused, never cut short). */
export const EXPORT_MAX_LINES = 20_000;

/** Every line of the period on one page, for a CSV or PDF. */
export async function wholeGeneralLedger(tx: TenantTx, query: Omit<GeneralLedgerQuery, 'page' | 'pageSize'>): Promise<GeneralLedger> {
  const ledger = await generalLedger(tx, { ...query, page: 1, pageSize: EXPORT_MAX_LINES });
  if (ledger.total > EXPORT_MAX_LINES) {
    const message = fillMessage(/*i18n*/ 'A file holds at most {count} lines: choose a shorter period', { count: EXPORT_MAX_LINES });
    throw new HttpError('unprocessable', message, { to: [message] });
  }
  return ledger;
}
