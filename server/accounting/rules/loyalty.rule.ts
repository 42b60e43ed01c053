import { sql } from 'drizzle-orm';
import { fillMessage } from '../../../core/i18n/message.rules';
import { pointsValueMinor } from '../../../core/loyalty/loyalty.rules';
import { queryRows } from '../../db/client';
import type { PostingRule } from '../post-document';
import { shopDayOf } from '../posting';
import { loyaltyValueColumns } from './sale.rule';

// Loyalty points expired or adjusted by a manager, in the general ledger (issue 17), when the shop
// values points as a liability (otherwise points are nothing until spent, and a sale posts that).
// Points earned, spent and taken back by sales, returns and voids are posted by those documents;
// the adjustments a return or a void makes (points given back) carry its id as their key.

/** The points ledger's entries this rule posts: expiries and adjustments no sale document made. */
const postedHere = sql`(e.kind = 'expire' or (e.kind = 'adjust' and not exists (
    select 1 from sale_returns r where r.id = case when e.source_ref ~* '^[0-9a-f-]{36}$' then e.source_ref::uuid end
    union all
    select 1 from sales s where s.id = case when e.source_ref ~* '^[0-9a-f-]{36}$' then e.source_ref::uuid end)))`;

const MEMOS: Record<'expire' | 'adjust', string> = {
  expire: /*i18n*/ 'Loyalty points of {customer} expired',
  adjust: /*i18n*/ 'Loyalty points of {customer} adjusted: {reason}',
};

export const loyaltyRule: PostingRule = {
  sourceType: 'loyalty',
  async draft(tx, _context, entryId) {
    const [entry] = await queryRows<{ kind: 'expire' | 'adjust'; points: number; contact_id: string; customer: string; reason: string | null; day: string; values_points: boolean; point_value_minor: number }>(
      tx,
      sql`select e.kind, e.points, e.contact_id, c.name as customer, e.reason, ${shopDayOf(sql`e.occurred_at`)} as day, ${loyaltyValueColumns}
          from loyalty_entries e join contacts c on c.tenant_id = e.tenant_id and c.id = e.contact_id
          where e.id = ${entryId}::uuid and ${postedHere}`,
    );
    if (!entry?.values_points) return null;
    const owedMinor = pointsValueMinor(entry.points, entry.point_value_minor);
    return {
      sourceType: 'loyalty',
      sourceId: entryId,
      entryDate: entry.day,
      memo: fillMessage(MEMOS[entry.kind], { customer: entry.customer, reason: entry.reason ?? '' }),
      lines: [
        { account: { key: 'loyalty_points' }, amountMinor: -owedMinor, contactId: entry.contact_id },
        { account: { key: 'loyalty_rewards' }, amountMinor: owedMinor },
      ],
    };
  },
  history: sql`select e.id, e.occurred_at as at from loyalty_entries e where ${postedHere}`,
};
