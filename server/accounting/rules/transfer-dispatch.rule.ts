import { sql } from 'drizzle-orm';
import { debit } from '../../../core/accounting/posting';
import { fillMessage } from '../../../core/i18n/message.rules';
import { queryRows } from '../../db/client';
import { documentInventory } from '../document-inventory';
import { inventoryLines } from '../inventory-value';
import type { PostingRule } from '../post-document';
import { shopDayOf } from '../posting';
import { stockRoundingLine } from './stock-rule-lines';

// A transfer sent: the goods leave the source's inventory (its change in value) and are stock in
// transit at the cost they left with (Σ quantity × unit cost of the transfer_out movements) until
// they are received, lost or called back (transfer-receipt.rule.ts).

export const transferDispatchRule: PostingRule = {
  sourceType: 'transfer_dispatch',
  async draft(tx, { tenantId, mode }, sourceId) {
    const [transfer] = await queryRows<{ from_location_id: string; from_name: string; to_name: string; day: string; in_transit: string }>(
      tx,
      sql`select t.from_location_id, f.name as from_name, d.name as to_name, ${shopDayOf(sql`t.sent_at`)} as day,
                 (select round(coalesce(sum(-m.quantity * m.unit_cost_minor), 0))::bigint::text from stock_movements m
                  where m.source_type = 'transfer' and m.source_id = t.id and m.kind = 'transfer_out') as in_transit
          from stock_transfers t
          join locations f on f.tenant_id = t.tenant_id and f.id = t.from_location_id
          join locations d on d.tenant_id = t.tenant_id and d.id = t.to_location_id
          where t.id = ${sourceId}::uuid`,
    );
    if (!transfer) return null;
    const change = await documentInventory(tx, tenantId, { movementSourceType: 'transfer', sourceId, kinds: ['transfer_out'] }, mode);
    const lines = [...inventoryLines(change), debit({ key: 'goods_in_transit' }, Number(transfer.in_transit))];
    return {
      sourceType: 'transfer_dispatch',
      sourceId,
      entryDate: transfer.day,
      memo: fillMessage(/*i18n*/ 'Transfer sent from {from} to {to}', { from: transfer.from_name, to: transfer.to_name }),
      lines: [...lines, stockRoundingLine(lines, transfer.from_location_id)],
    };
  },
  history: sql`select id, sent_at as at from stock_transfers`,
};
