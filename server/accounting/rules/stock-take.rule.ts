import { sql } from 'drizzle-orm';
import { fillMessage } from '../../../core/i18n/message.rules';
import { queryRows } from '../../db/client';
import { documentInventory } from '../document-inventory';
import type { PostingRule } from '../post-document';
import { shopDayOf } from '../posting';
import { inventoryChangeAgainst } from './stock-rule-lines';

// A posted stock take: what its variances added to or took from the stock's value, against count
// variances.

export const stockTakeRule: PostingRule = {
  sourceType: 'stock_take',
  async draft(tx, { tenantId, mode }, sourceId) {
    const [take] = await queryRows<{ location: string; day: string }>(
      tx,
      sql`select l.name as location, ${shopDayOf(sql`t.posted_at`)} as day
          from stock_takes t join locations l on l.tenant_id = t.tenant_id and l.id = t.location_id
          where t.id = ${sourceId}::uuid and t.status = 'posted'`,
    );
    if (!take) return null;
    const change = await documentInventory(tx, tenantId, { movementSourceType: 'stock_take', sourceId }, mode);
    return {
      sourceType: 'stock_take',
      sourceId,
      entryDate: take.day,
      memo: fillMessage(/*i18n*/ 'Stock take at {location}', { location: take.location }),
      lines: inventoryChangeAgainst(change, { key: 'count_variance' }),
    };
  },
  history: sql`select id, posted_at as at from stock_takes where status = 'posted'`,
};
