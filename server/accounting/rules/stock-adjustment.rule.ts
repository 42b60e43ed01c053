import { sql } from 'drizzle-orm';
import { ADJUSTMENT_REASON_LABELS, type AdjustmentReason } from '../../../core/inventory/inventory.schemas';
import { fillMessage } from '../../../core/i18n/message.rules';
import { queryRows } from '../../db/client';
import { documentInventory } from '../document-inventory';
import type { PostingRule } from '../post-document';
import { shopDayOf } from '../posting';
import { inventoryChangeAgainst } from './stock-rule-lines';

// A stock adjustment: what the stock gained or lost in value, against shrinkage (damaged, stolen,
// expired goods) or, for a correction of the books, count variances.

const SHRINKAGE_REASONS: ReadonlySet<AdjustmentReason> = new Set(['damage', 'theft', 'expiry']);

export const stockAdjustmentRule: PostingRule = {
  sourceType: 'stock_adjustment',
  async draft(tx, { tenantId, mode }, sourceId) {
    const [adjustment] = await queryRows<{ reason: AdjustmentReason; location: string; day: string }>(
      tx,
      sql`select a.reason, l.name as location, ${shopDayOf(sql`a.created_at`)} as day
          from stock_adjustments a join locations l on l.tenant_id = a.tenant_id and l.id = a.location_id where a.id = ${sourceId}::uuid`,
    );
    if (!adjustment) return null;
    const change = await documentInventory(tx, tenantId, { movementSourceType: 'adjustment', sourceId }, mode);
    return {
      sourceType: 'stock_adjustment',
      sourceId,
      entryDate: adjustment.day,
      memo: fillMessage(/*i18n*/ 'Stock adjustment at {location}: {reason}', { location: adjustment.location, reason: ADJUSTMENT_REASON_LABELS[adjustment.reason] }),
      lines: inventoryChangeAgainst(change, { key: SHRINKAGE_REASONS.has(adjustment.reason) ? 'shrinkage' : 'count_variance' }),
    };
  },
  history: sql`select id, created_at as at from stock_adjustments`,
};
