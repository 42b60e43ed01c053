import { sql } from 'drizzle-orm';
import { credit, debit, type PostingLine } from '../../../core/accounting/posting';
import { fillMessage } from '../../../core/i18n/message.rules';
import { pointsValueMinor } from '../../../core/loyalty/loyalty.rules';
import { queryRows, type TenantTx } from '../../db/client';
import { documentInventory } from '../document-inventory';
import { inventoryLines } from '../inventory-value';
import type { PostingContext, PostingRule } from '../post-document';
import { entryLines, findPostedEntry, shopDayOf } from '../posting';
import { loyaltyValueColumns, receivableEntriesOf, receivableLines, saleDraft, type ReceivableEntry } from './sale.rule';

// A voided sale in the general ledger (issue 17): the sale's entry reversed line for line, except
// what the void measures for itself. The inventory comes back by the stock valuation of the
// void's own movements (the cents against the reversed COGS are stock rounding); the customer's
// account gets exactly the credit note the void wrote on it; points the void could not take back
// (the customer had spent them) stay owed. A sale never posted (history) is rebuilt, then reversed.

interface VoidFacts {
  receipt_code: string;
  location_id: string;
  customer_id: string | null;
  day: string;
  loyalty_points_earned: number;
  /** Points the void took back of those the sale earned (fewer when they were spent). */
  points_taken_back: number;
  values_points: boolean;
  point_value_minor: number;
  receivable: ReceivableEntry[];
}

async function readVoid(tx: TenantTx, saleId: string): Promise<VoidFacts | null> {
  const [row] = await queryRows<VoidFacts>(
    tx,
    sql`select s.receipt_code, s.location_id, s.customer_id, ${shopDayOf(sql`s.voided_at`)} as day, s.loyalty_points_earned, ${loyaltyValueColumns},
               coalesce((select -sum(e.points) from loyalty_entries e
                         where e.kind = 'reverse' and e.source_type = 'return' and lower(e.source_ref) = s.id::text || '/void'), 0)::int as points_taken_back,
               ${receivableEntriesOf('sale_void', sql`s.id`)} as receivable
        from sales s where s.id = ${saleId}::uuid and s.status = 'voided'`,
  );
  return row ?? null;
}

type SaleEntryLine = PostingLine & { systemKey?: string | null };

/** The role of a line of the sale's entry (as posted: its account's system key; as rebuilt: its ref's key). */
const roleOf = (line: SaleEntryLine) => line.systemKey ?? ('key' in line.account ? line.account.key : null);

/** The sale's lines as the ledger holds them, or as its rule would post them (history mode: no revaluing). */
async function saleEntryLines(tx: TenantTx, context: PostingContext, saleId: string): Promise<SaleEntryLine[]> {
  const posted = await findPostedEntry(tx, 'sale', saleId);
  if (posted) return entryLines(tx, posted.id);
  return (await saleDraft(tx, { ...context, mode: 'history' }, saleId))?.lines ?? [];
}

export const saleVoidRule: PostingRule = {
  sourceType: 'sale_void',
  async draft(tx, context, saleId) {
    const sale = await readVoid(tx, saleId);
    if (!sale) return null;
    const locationId = sale.location_id;
    const at = { locationId };
    const sold = await saleEntryLines(tx, context, saleId);
    const reversed = sold.filter((line) => roleOf(line) !== 'inventory' && roleOf(line) !== 'receivable');
    const inventorySoldMinor = sold.filter((line) => roleOf(line) === 'inventory').reduce((sum, line) => sum + line.amountMinor, 0);
    const lines: PostingLine[] = [
      ...reversed.map(({ systemKey: _systemKey, ...line }) => ({ ...line, amountMinor: -line.amountMinor })),
      ...receivableLines(sale.receivable, locationId),
    ];
    if (sale.values_points && sale.customer_id) {
      const keptMinor = pointsValueMinor(sale.loyalty_points_earned - sale.points_taken_back, sale.point_value_minor);
      lines.push(debit({ key: 'loyalty_rewards' }, keptMinor, at), credit({ key: 'loyalty_points' }, keptMinor, { ...at, contactId: sale.customer_id }));
    }
    // The goods come back at what the sale took off inventory (its COGS is reversed with the rest); the
    // inventory account moves by the void's own valuation, and the cents between are stock rounding.
    const change = await documentInventory(tx, context.tenantId, { movementSourceType: 'sale_void', sourceId: saleId }, context.mode);
    lines.push(...inventoryLines(change), { account: { key: 'stock_rounding' }, amountMinor: -(inventorySoldMinor + change.totalMinor), locationId });
    return { sourceType: 'sale_void', sourceId: saleId, entryDate: sale.day, memo: fillMessage(/*i18n*/ 'Sale {receipt} voided', { receipt: sale.receipt_code }), lines };
  },
  history: sql`select id, voided_at as at from sales where voided_at is not null`,
};
