import { sql } from 'drizzle-orm';
import { fillMessage } from '../../../core/i18n/message.rules';
import { queryRows } from '../../db/client';
import type { PostingRule } from '../post-document';
import { shopDayOf } from '../posting';

// A shift's close in the general ledger (issue 17): the drawer's over or short (counted − expected)
// moves the location's cash to what was counted, against cash over and short.

export const shiftCloseRule: PostingRule = {
  sourceType: 'shift_close',
  async draft(tx, _context, shiftId) {
    const [shift] = await queryRows<{ location_id: string; over_short_minor: number | null; z_number: number; register_name: string; day: string }>(
      tx,
      sql`select s.location_id, s.over_short_minor, s.z_number, g.name as register_name, ${shopDayOf(sql`s.closed_at`)} as day
          from shifts s join registers g on g.tenant_id = s.tenant_id and g.id = s.register_id
          where s.id = ${shiftId}::uuid and s.status = 'closed'`,
    );
    if (!shift?.over_short_minor) return null;
    const locationId = shift.location_id;
    return {
      sourceType: 'shift_close',
      sourceId: shiftId,
      entryDate: shift.day,
      memo: fillMessage(/*i18n*/ 'Cash over or short at the close of Z {zNumber} on {register}', { zNumber: shift.z_number, register: shift.register_name }),
      lines: [
        { account: { key: 'cash_location', locationId }, amountMinor: shift.over_short_minor, locationId },
        { account: { key: 'cash_over_short' }, amountMinor: -shift.over_short_minor, locationId },
      ],
    };
  },
  history: sql`select id, closed_at as at from shifts where status = 'closed' and over_short_minor <> 0`,
};
