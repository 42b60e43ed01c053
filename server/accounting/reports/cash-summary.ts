import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { cashSummarySchema, periodQuerySchema } from '../../../core/accounting/accounting.schemas';
import type { SystemAccountKey } from '../../../core/accounting/chart';
import { compareAccountCodes } from '../../../core/accounting/statements.rules';
import { queryRows, type TenantTx } from '../../db/client';

// Where the money is: each cash-like account's opening balance, what came in (debits) and went
// out (credits) in the period, and its closing balance. Cash-like: the drawers, cash in transit,
// the M-Pesa and card clearing accounts, the bank, and any account a tender is set to post to;
// those that held nothing and moved nothing are left out. With a location, only lines carrying
// that location count.

type CashSummary = z.infer<typeof cashSummarySchema>;

export const CASH_ACCOUNT_KEYS: readonly SystemAccountKey[] = ['cash', 'cash_location', 'cash_in_transit', 'mpesa_clearing', 'card_clearing', 'bank'];

export async function cashSummary(tx: TenantTx, query: z.output<typeof periodQuerySchema>): Promise<CashSummary> {
  const { from, to, locationId } = query;
  const keys = sql.join(
    CASH_ACCOUNT_KEYS.map((key) => sql`${key}`),
    sql`, `,
  );
  const rows = await queryRows<{ id: string; code: string; name: string; opening: string; debits: string; credits: string }>(
    tx,
    sql`select a.id, a.code, a.name, c.opening::text, c.debits::text, c.credits::text
        from ledger_accounts a
        cross join lateral (
          select coalesce(sum(l.debit_minor - l.credit_minor) filter (where l.entry_date < ${from}::date), 0) as opening,
                 coalesce(sum(l.debit_minor) filter (where l.entry_date >= ${from}::date), 0) as debits,
                 coalesce(sum(l.credit_minor) filter (where l.entry_date >= ${from}::date), 0) as credits
          from journal_lines l
          where l.account_id = a.id and l.entry_date <= ${to}::date ${locationId ? sql`and l.location_id = ${locationId}::uuid` : sql``}
        ) c
        where a.type = 'asset'
          and (a.system_key in (${keys}) or a.id in (select value::uuid from accounting_settings s, jsonb_each_text(s.tender_accounts)))
          and (c.opening <> 0 or c.debits <> 0 or c.credits <> 0)`,
  );
  return {
    from,
    to,
    rows: rows
      .map((row) => {
        const [openingMinor, inMinor, outMinor] = [Number(row.opening), Number(row.debits), Number(row.credits)];
        return { accountId: row.id, code: row.code, name: row.name, openingMinor, inMinor, outMinor, closingMinor: openingMinor + inMinor - outMinor };
      })
      .sort(compareAccountCodes),
  };
}
