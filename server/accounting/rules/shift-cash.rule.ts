import { sql } from 'drizzle-orm';
import type { AccountRef } from '../../../core/accounting/posting';
import { fillMessage } from '../../../core/i18n/message.rules';
import type { CashMovementReason } from '../../../core/sales/sales.schemas';
import { queryRows } from '../../db/client';
import type { PostingRule } from '../post-document';
import { shopDayOf } from '../posting';

// Cash put into or taken out of a drawer in the general ledger (issue 17). A movement that names
// its document (a supplier paid, an expense) is posted by that document's rule; this one posts
// the rest against what the reason says: the bank run and the float top-up pass through cash in
// transit, cash paid out for the shop without a document is an uncategorised expense, and other
// cash is the owner's: capital put in, drawings taken out.

type Direction = 'in' | 'out';

/** The other side of a drawer's cash moving in or out for a reason. */
function counterAccount(reason: CashMovementReason, direction: Direction): AccountRef {
  switch (reason) {
    case 'bank_deposit':
    case 'float_top_up':
      return { key: 'cash_in_transit' };
    case 'supplier_paid':
    case 'expenses':
      return { key: 'uncategorised_expenses' };
    case 'other':
      return { key: direction === 'in' ? 'owner_capital' : 'drawings' };
  }
}

const MEMOS: Record<Direction, string> = {
  in: /*i18n*/ 'Cash into the drawer of {register}: {reason}',
  out: /*i18n*/ 'Cash out of the drawer of {register}: {reason}',
};

const REASON_LABELS: Record<CashMovementReason, string> = {
  float_top_up: /*i18n*/ 'Float top-up',
  bank_deposit: /*i18n*/ 'Bank deposit',
  supplier_paid: /*i18n*/ 'Supplier paid',
  expenses: /*i18n*/ 'Expenses',
  other: /*i18n*/ 'Other',
};

export const shiftCashRule: PostingRule = {
  sourceType: 'shift_cash',
  async draft(tx, _context, movementId) {
    const [movement] = await queryRows<{
      direction: Direction;
      reason: CashMovementReason;
      amount_minor: number;
      note: string | null;
      source_type: string | null;
      location_id: string;
      register_name: string;
      day: string;
    }>(
      tx,
      sql`select m.direction, m.reason, m.amount_minor, m.note, m.source_type, s.location_id, g.name as register_name, ${shopDayOf(sql`m.created_at`)} as day
          from shift_cash_movements m
          join shifts s on s.tenant_id = m.tenant_id and s.id = m.shift_id
          join registers g on g.tenant_id = s.tenant_id and g.id = s.register_id
          where m.id = ${movementId}::uuid`,
    );
    if (!movement || movement.source_type !== null) return null;
    const locationId = movement.location_id;
    const intoDrawer = movement.direction === 'in' ? movement.amount_minor : -movement.amount_minor;
    return {
      sourceType: 'shift_cash',
      sourceId: movementId,
      entryDate: movement.day,
      memo: fillMessage(MEMOS[movement.direction], { register: movement.register_name, reason: REASON_LABELS[movement.reason] }),
      lines: [
        { account: { key: 'cash_location', locationId }, amountMinor: intoDrawer, locationId, description: movement.note },
        { account: counterAccount(movement.reason, movement.direction), amountMinor: -intoDrawer, locationId, description: movement.note },
      ],
    };
  },
  history: sql`select id, created_at as at from shift_cash_movements where source_type is null`,
};
