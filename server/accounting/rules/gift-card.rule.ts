import { sql } from 'drizzle-orm';
import { fillMessage } from '../../../core/i18n/message.rules';
import { queryRows } from '../../db/client';
import type { PostingRule } from '../post-document';
import { shopDayOf } from '../posting';

// Gift cards issued and voided on the gift card screens, in the general ledger (issue 17). Gift
// cards outstanding gets exactly each entry of the card ledger: what a sale redeems, a return
// refunds and a void gives back is posted by that document; this rule posts the screens' entries.
// An issue records no tender (the screen takes no payment): its value is taken as cash received
// at the shop, outside any drawer. A voided card's balance is no longer owed: other income.

export const giftCardRule: PostingRule = {
  sourceType: 'gift_card',
  async draft(tx, _context, entryId) {
    const [entry] = await queryRows<{ kind: string; amount_minor: string; source_type: string | null; last4: string; contact_id: string | null; day: string }>(
      tx,
      sql`select e.kind, e.amount_minor::text, e.source_type, c.last4, c.contact_id, ${shopDayOf(sql`e.occurred_at`)} as day
          from gift_card_entries e join gift_cards c on c.tenant_id = e.tenant_id and c.id = e.gift_card_id
          where e.id = ${entryId}::uuid`,
    );
    if (!entry || entry.source_type !== 'gift_card' || (entry.kind !== 'issue' && entry.kind !== 'void')) return null;
    const owedMinor = Number(entry.amount_minor);
    const isIssue = entry.kind === 'issue';
    return {
      sourceType: 'gift_card',
      sourceId: entryId,
      entryDate: entry.day,
      memo: fillMessage(isIssue ? /*i18n*/ 'Gift card ending {last4} issued' : /*i18n*/ 'Gift card ending {last4} voided', { last4: entry.last4 }),
      lines: [
        { account: { key: 'gift_cards' }, amountMinor: -owedMinor, contactId: entry.contact_id },
        { account: { key: isIssue ? 'cash' : 'other_income' }, amountMinor: owedMinor },
      ],
    };
  },
  history: sql`select id, occurred_at as at from gift_card_entries where source_type = 'gift_card' and kind in ('issue', 'void')`,
};
