import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { atDateQuerySchema, reconciliationSchema } from '../../../core/accounting/accounting.schemas';
import type { SingleKey } from '../../../core/accounting/chart';
import { queryRows, type TenantTx } from '../../db/client';
import { shopToday } from '../../purchases/purchase-documents';
import { reportDate } from './statements';

// The control accounts against the books they summarise, at the end of a day: accounts receivable
// against Σ of the customers' account entries, accounts payable against the suppliers', gift cards
// outstanding against Σ of the cards' entries (each ledger's entries up to the end of that day in
// the shop's time zone), and — for today only, as stock has no history of its value — the
// inventory account against the stock valuation (each stock row at average cost, to the cent, as
// the ledger values it: server/accounting/inventory-value.ts). The difference is ledger − sub-ledger.

type Reconciliation = z.infer<typeof reconciliationSchema>;

export async function reconciliation(tx: TenantTx, query: z.output<typeof atDateQuerySchema>): Promise<Reconciliation> {
  const date = await reportDate(tx, query.date);
  const ledger = (key: SingleKey, sign: 1 | -1) =>
    sql`(select coalesce(sum(l.debit_minor - l.credit_minor), 0) * ${sign}::int from journal_lines l
         where l.account_id in (select a.id from ledger_accounts a where a.system_key = ${key}) and l.entry_date <= ${date}::date)::text`;
  const endOfDay = sql`((${date}::date + 1)::timestamp at time zone coalesce((select time_zone from business_settings limit 1), 'Africa/Nairobi'))`;
  const contactBalances = (side: 'receivable' | 'payable') =>
    sql`(select coalesce(sum(e.amount_minor), 0) from account_entries e where e.side = ${side} and e.occurred_at < ${endOfDay})::text`;
  const [row] = await queryRows<Record<'receivable' | 'customers' | 'payable' | 'suppliers' | 'gift_cards' | 'cards' | 'inventory' | 'stock', string> & { is_today: boolean }>(
    tx,
    sql`select ${ledger('receivable', 1)} as receivable, ${contactBalances('receivable')} as customers,
               ${ledger('payable', -1)} as payable, ${contactBalances('payable')} as suppliers,
               ${ledger('gift_cards', -1)} as gift_cards,
               (select coalesce(sum(e.amount_minor), 0) from gift_card_entries e where e.occurred_at < ${endOfDay})::text as cards,
               ${ledger('inventory', 1)} as inventory,
               (select coalesce(sum(round(s.on_hand * v.average_cost_minor)), 0) from stock_levels s
                join product_variants v on v.tenant_id = s.tenant_id and v.id = s.variant_id)::text as stock,
               ${date}::date >= ${shopToday} as is_today`,
  );
  const line = (side: Reconciliation['rows'][number]['side'], ledgerMinor: string, subledgerMinor: string) => ({
    side,
    ledgerMinor: Number(ledgerMinor),
    subledgerMinor: Number(subledgerMinor),
    differenceMinor: Number(ledgerMinor) - Number(subledgerMinor),
  });
  const rows = [line('receivable', row!.receivable, row!.customers), line('payable', row!.payable, row!.suppliers), line('gift_cards', row!.gift_cards, row!.cards)];
  if (row!.is_today) rows.push(line('inventory', row!.inventory, row!.stock));
  return { date, rows };
}
