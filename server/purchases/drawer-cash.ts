import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-events.service';
import type { TenantTx } from '../db/client';
import { shiftCashMovements, shifts } from '../db/schema/sales';
import { HttpError } from '../http/errors';
import { shiftsVisibleTo, type ShiftViewer } from '../registers/shifts.service';

// Cash a purchase document pays from (or puts back in) a register's drawer: a movement of the open
// shift, naming the document, written in the document's transaction so the shift's expected cash
// knows it (supplier payments, expenses and their voids; docs/decisions/0019).

/**
 * The open shift whose drawer pays, held FOR SHARE like a sale's (a close waits for this
 * transaction, or this finds it closed): 400 on `field` when it is not one the user works on (the
 * shifts list's rule: their own, or any for a supervisor, at their locations) or is at another
 * `locationId`, 409 shift_closed when closed.
 */
export async function requireOpenDrawer(
  tx: TenantTx,
  user: Omit<ShiftViewer, 'tenantId'>,
  shiftId: string,
  { field = 'shiftId', locationId = null, closedMessage = /*i18n*/ 'This shift is closed. Open a new shift to continue.' }: { field?: string; locationId?: string | null; closedMessage?: string } = {},
): Promise<{ locationId: string }> {
  const [shift] = await tx
    .select({ status: shifts.status, locationId: shifts.locationId })
    .from(shifts)
    .where(and(eq(shifts.id, shiftId), shiftsVisibleTo(user)))
    .for('share');
  if (!shift) {
    throw new HttpError('validation_failed', /*i18n*/ 'Shift not found', { [field]: [/*i18n*/ 'Shift not found'] });
  }
  if (shift.status !== 'open') throw new HttpError('shift_closed', closedMessage, { [field]: [/*i18n*/ 'This shift is closed'] });
  if (locationId !== null && shift.locationId !== locationId) {
    const message = /*i18n*/ 'This shift’s drawer is at another location';
    throw new HttpError('validation_failed', message, { [field]: [message] });
  }
  return { locationId: shift.locationId };
}

export interface DrawerCash {
  shiftId: string;
  direction: 'in' | 'out';
  reason: 'supplier_paid' | 'expenses' | 'other';
  amountMinor: number;
  note: string | null;
  /** The document the cash moved for. */
  sourceType: 'supplier_payment' | 'expense';
  sourceId: string;
}

/** Records the drawer's cash movement for a document, in the document's transaction (after requireOpenDrawer). */
export async function recordDrawerCash(tx: TenantTx, author: { tenantId: string; userId: string }, cash: DrawerCash): Promise<void> {
  await tx.insert(shiftCashMovements).values({ tenantId: author.tenantId, userId: author.userId, ...cash });
  await recordAudit(tx, {
    tenantId: author.tenantId,
    actorUserId: author.userId,
    action: cash.direction === 'in' ? 'cash.in' : 'cash.out',
    entity: cash.sourceType,
    entityId: cash.sourceId,
    details: { shiftId: cash.shiftId, reason: cash.reason, amountMinor: cash.amountMinor, note: cash.note },
  });
}
