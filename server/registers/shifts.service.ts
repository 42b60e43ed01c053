import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { hasPermission, mayWorkAt, type MemberAccess } from '../../core/team/permissions.rules';
import type {
  CashMovement,
  cashMovementInputSchema,
  closeShiftInputSchema,
  openShiftInputSchema,
  Shift,
  shiftListQuerySchema,
  ShiftReport,
} from '../../core/sales/sales.schemas';
import { needsOverShortApproval, overShortMinor } from '../../core/sales/shift.rules';
import { postDocument } from '../accounting/post-document';
import { consumeApproval } from '../approvals/approvals.service';
import { recordAudit } from '../audit/audit-events.service';
import type { Database, TenantTx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { locations } from '../db/schema/inventory';
import { approvals, registers, shiftCashMovements, shifts } from '../db/schema/sales';
import { HttpError, notFound } from '../http/errors';
import { countAll, createOnce, nameOf, readPage, readUserNames, type DocumentAuthor, type DocumentReader, type Page } from '../inventory/inventory-documents';
import { atWorkplaces } from '../inventory/location-access';
import { readSalesSettings } from './sales-settings.service';
import { computeShiftReport, readLateSalesSummary, zReportOf, type ShiftHeader } from './shift-report';

// Shifts on a register: open with a float, cash in and out, close with the count and the Z report
// (docs/decisions/0017-sales-exactly-once.md). A sale takes its shift FOR SHARE and a close takes
// it FOR UPDATE, so a close waits for the sales in flight and a sale arriving after it is late.
// A cashier sees and works on the shifts they opened; a member who approves at the register
// (sales.approve: managers and owners, or a custom role) on every shift. Either only at the
// locations they may work at (issue 20).

type OpenShiftInput = z.output<typeof openShiftInputSchema>;
type CashMovementInput = z.output<typeof cashMovementInputSchema>;
type CloseShiftInput = z.output<typeof closeShiftInputSchema>;
type ShiftListQuery = z.output<typeof shiftListQuerySchema>;

/**
 * Who is asking, with their permissions: without sales.approve, limited to their own shifts. A
 * register or shift at a location they may not work at is not found (issue 20).
 */
export interface ShiftViewer extends DocumentReader {
  userId: string;
  permissions: MemberAccess['permissions'];
}

/** Notes and coins counted, as stored: only the ones named. */
const countsOf = (counts: Partial<Record<string, number>> | null): Record<string, number> | null =>
  counts && Object.fromEntries(Object.entries(counts).filter((entry): entry is [string, number] => entry[1] !== undefined));

/**
 * Who supervises the tills: sees every shift and its expected cash, counts and closes it, and
 * pays from its drawer. Approving at the register is the permission that means it.
 */
export const worksOnEveryShift = (viewer: Pick<ShiftViewer, 'permissions'>) => hasPermission(viewer, 'sales.approve');

/** The viewer's shifts: every one for a supervisor, their own otherwise; at their locations either way. */
export const shiftsVisibleTo = (viewer: Omit<ShiftViewer, 'tenantId'>): SQL | undefined =>
  and(worksOnEveryShift(viewer) ? undefined : eq(shifts.openedBy, viewer.userId), atWorkplaces(shifts.locationId, viewer));

export interface ShiftForSale {
  shiftId: string;
  locationId: string;
  registerPrefix: string;
  /** The register is in use (a register taken out of use sells nothing new; a delayed retry still lands). */
  registerIsActive: boolean;
  /** The shift was closed when the sale arrived: it is attached to it as a late sale. */
  isLate: boolean;
}

/**
 * The shift a sale is rung up on, held FOR SHARE until the sale's transaction ends. 404 when the
 * shift is not on that register (another shop's ids name nothing under RLS); a closed shift is
 * not refused here: the caller decides (checkout accepts it as a late sale), as it checks the
 * seller's locations against the shift's (issue 20).
 */
export function lockShiftForSale(tx: TenantTx, tenantId: string, shiftId: string, registerId: string, _sellerId: string): Promise<ShiftForSale> {
  return shareShift(tx, tenantId, shiftId, registerId);
}

/**
 * The open shift a return or void is done on, held FOR SHARE like a sale's: 404 when it is not on
 * that register, 409 shift_closed when it was closed (these are not delayed retries of a sale).
 */
export async function requireOpenShift(tx: TenantTx, tenantId: string, shiftId: string, registerId: string): Promise<Omit<ShiftForSale, 'isLate'>> {
  const { isLate, ...shift } = await shareShift(tx, tenantId, shiftId, registerId);
  if (isLate) throw new HttpError('shift_closed', /*i18n*/ 'This shift is closed. Open a new shift to continue.');
  return shift;
}

async function shareShift(tx: TenantTx, tenantId: string, shiftId: string, registerId: string): Promise<ShiftForSale> {
  const [row] = await tx
    .select({ shiftId: shifts.id, locationId: shifts.locationId, status: shifts.status, registerPrefix: registers.receiptPrefix, registerIsActive: registers.isActive })
    .from(shifts)
    .innerJoin(registers, and(eq(registers.tenantId, shifts.tenantId), eq(registers.id, shifts.registerId)))
    .where(and(eq(shifts.tenantId, tenantId), eq(shifts.id, shiftId), eq(shifts.registerId, registerId)))
    .for('share', { of: shifts });
  if (!row) throw notFound(/*i18n*/ 'Shift not found on this register');
  return { shiftId: row.shiftId, locationId: row.locationId, registerPrefix: row.registerPrefix, registerIsActive: row.registerIsActive, isLate: row.status === 'closed' };
}

// ─── Open, read, list ─────────────────────────────────────────────────────────────────────────

interface ShiftRow {
  id: string;
  registerId: string;
  registerName: string;
  locationId: string;
  locationName: string;
  status: string;
  openedAt: Date;
  openedBy: string | null;
  openingFloatMinor: number;
  closedAt: Date | null;
  closedBy: string | null;
  zNumber: number | null;
  countedCashMinor: number | null;
  overShortMinor: number | null;
  salesCount: number;
  salesTotalMinor: number;
}

function selectShifts(tx: TenantTx) {
  return tx
    .select({
      id: shifts.id,
      registerId: shifts.registerId,
      registerName: registers.name,
      locationId: shifts.locationId,
      locationName: locations.name,
      status: shifts.status,
      openedAt: shifts.openedAt,
      openedBy: shifts.openedBy,
      openingFloatMinor: shifts.openingFloatMinor,
      closedAt: shifts.closedAt,
      closedBy: shifts.closedBy,
      zNumber: shifts.zNumber,
      countedCashMinor: shifts.countedCashMinor,
      overShortMinor: shifts.overShortMinor,
      // Sales that stand (voided ones are not takings), late ones included: they are the shift's.
      salesCount: sql<number>`(select count(*)::int from sales s where s.tenant_id = ${shifts.tenantId} and s.shift_id = ${shifts.id} and s.status <> 'voided')`,
      salesTotalMinor: sql<number>`(select coalesce(sum(s.total_minor), 0)::int from sales s where s.tenant_id = ${shifts.tenantId} and s.shift_id = ${shifts.id} and s.status <> 'voided')`,
    })
    .from(shifts)
    .innerJoin(registers, and(eq(registers.tenantId, shifts.tenantId), eq(registers.id, shifts.registerId)))
    .innerJoin(locations, and(eq(locations.tenantId, shifts.tenantId), eq(locations.id, shifts.locationId)))
    .$dynamic();
}

const toShift = (row: ShiftRow, names: Map<string, string>): Shift => ({
  id: row.id,
  registerId: row.registerId,
  registerName: row.registerName,
  locationId: row.locationId,
  locationName: row.locationName,
  status: row.status === 'closed' ? 'closed' : 'open',
  openedAt: row.openedAt.toISOString(),
  openedBy: row.openedBy,
  openedByName: nameOf(names, row.openedBy),
  openingFloatMinor: row.openingFloatMinor,
  closedAt: row.closedAt?.toISOString() ?? null,
  closedByName: nameOf(names, row.closedBy),
  zNumber: row.zNumber,
  countedCashMinor: row.countedCashMinor,
  overShortMinor: row.overShortMinor,
  salesCount: row.salesCount,
  salesTotalMinor: row.salesTotalMinor,
});

async function toShiftOr404(database: Database, rows: ShiftRow[]): Promise<Shift> {
  const [row] = rows;
  if (!row) throw notFound(/*i18n*/ 'Shift not found');
  return toShift(row, await readUserNames(database, [row.openedBy, row.closedBy]));
}

/** A shift the viewer may see (404 otherwise: another cashier's, another shop's, none). */
export async function getShift(database: Database, viewer: ShiftViewer, shiftId: string): Promise<Shift> {
  const rows = await database.withTenant(viewer.tenantId, (tx) => selectShifts(tx).where(and(eq(shifts.id, shiftId), shiftsVisibleTo(viewer))));
  return toShiftOr404(database, rows);
}

/** The open shift of a register at a location the reader may work at (any cashier sells on it), or 404. */
export async function getCurrentShift(database: Database, reader: DocumentReader, registerId: string): Promise<Shift> {
  const rows = await database.withTenant(reader.tenantId, (tx) =>
    selectShifts(tx).where(and(eq(shifts.registerId, registerId), eq(shifts.status, 'open'), atWorkplaces(shifts.locationId, reader))),
  );
  if (rows.length === 0) throw notFound(/*i18n*/ 'No shift is open on this register');
  return toShiftOr404(database, rows);
}

/** Shifts newest first: a cashier's own, or every one for managers; by status, register, location. */
export async function listShifts(database: Database, viewer: ShiftViewer, query: ShiftListQuery): Promise<Page<Shift>> {
  const where = and(
    shiftsVisibleTo(viewer),
    query.status === 'all' ? undefined : eq(shifts.status, query.status),
    query.registerId ? eq(shifts.registerId, query.registerId) : undefined,
    query.locationId ? eq(shifts.locationId, query.locationId) : undefined,
  );
  return readPage(
    database,
    viewer.tenantId,
    query,
    {
      count: (tx) => tx.select(countAll).from(shifts).where(where),
      rows: (tx, window) => selectShifts(tx).where(where).orderBy(desc(shifts.openedAt), desc(shifts.id)).limit(window.limit).offset(window.offset),
      people: (row) => [row.openedBy, row.closedBy],
    },
    toShift,
  );
}

/**
 * Opens a shift on an open register at an open location with the counted float (Idempotency-Key).
 * One open shift per register: a second open, even at the same moment, is 409 shift_already_open
 * (the unique index decides). The register is held FOR KEY SHARE: closing the register waits, a
 * close raising its Z number does not.
 */
export async function openShift(database: Database, author: DocumentAuthor & ShiftViewer, input: OpenShiftInput): Promise<Shift> {
  const id = await createOnce(
    database,
    author,
    async (tx, requestKey) => (await tx.select({ id: shifts.id }).from(shifts).where(eq(shifts.requestKey, requestKey)))[0]?.id,
    async (tx) => {
      const [register] = await tx
        .select({ locationId: registers.locationId, isActive: registers.isActive, locationActive: locations.isActive })
        .from(registers)
        .innerJoin(locations, and(eq(locations.tenantId, registers.tenantId), eq(locations.id, registers.locationId)))
        .where(eq(registers.id, input.registerId))
        .for('key share', { of: registers });
      if (!register || !mayWorkAt(author.locationIds, register.locationId)) {
        throw new HttpError('not_found', /*i18n*/ 'Register not found', { registerId: [/*i18n*/ 'Register not found'] });
      }
      if (!register.isActive || !register.locationActive) {
        throw new HttpError('conflict', /*i18n*/ 'This register is closed', { registerId: [/*i18n*/ 'This register is closed'] });
      }
      const [row] = await tx
        .insert(shifts)
        .values({
          tenantId: author.tenantId,
          registerId: input.registerId,
          locationId: register.locationId,
          openedBy: author.userId,
          openingFloatMinor: input.openingFloatMinor,
          openingDenominations: countsOf(input.denominations),
          requestKey: author.requestKey?.key ?? null,
        })
        .returning({ id: shifts.id });
      return row!.id;
    },
  ).catch((error: unknown) => {
    if (isUniqueViolation(error, 'shifts_one_open_per_register')) {
      throw new HttpError('shift_already_open', /*i18n*/ 'This register already has an open shift.', {
        registerId: [/*i18n*/ 'This register already has an open shift.'],
      });
    }
    throw error;
  });
  return getShift(database, author, id);
}

// ─── Cash in and out ──────────────────────────────────────────────────────────────────────────

/**
 * Cash put into or taken out of the drawer, on an open shift the viewer may work on
 * (Idempotency-Key). Held FOR SHARE like a sale: a close waits for it, or it finds the shift closed.
 */
export async function addCashMovement(
  database: Database,
  author: DocumentAuthor & ShiftViewer,
  shiftId: string,
  input: CashMovementInput,
): Promise<CashMovement> {
  const id = await createOnce(
    database,
    author,
    async (tx, requestKey) =>
      (await tx.select({ id: shiftCashMovements.id }).from(shiftCashMovements).where(eq(shiftCashMovements.requestKey, requestKey)))[0]?.id,
    async (tx) => {
      const [shift] = await tx
        .select({ status: shifts.status })
        .from(shifts)
        .where(and(eq(shifts.id, shiftId), shiftsVisibleTo(author)))
        .for('share');
      if (!shift) throw notFound(/*i18n*/ 'Shift not found');
      if (shift.status !== 'open') throw new HttpError('shift_closed', /*i18n*/ 'This shift is closed. Open a new shift to continue.');
      const [row] = await tx
        .insert(shiftCashMovements)
        .values({ tenantId: author.tenantId, shiftId, userId: author.userId, ...input, requestKey: author.requestKey?.key ?? null })
        .returning({ id: shiftCashMovements.id });
      await recordAudit(tx, {
        tenantId: author.tenantId,
        actorUserId: author.userId,
        action: input.direction === 'in' ? 'cash.in' : 'cash.out',
        entity: 'shift_cash_movement',
        entityId: row!.id,
        details: { shiftId, reason: input.reason, amountMinor: input.amountMinor, note: input.note },
      });
      await postDocument(tx, author.tenantId, 'shift_cash', row!.id);
      return row!.id;
    },
  );
  const [row] = await database.withTenant(author.tenantId, (tx) =>
    tx
      .select({
        id: shiftCashMovements.id,
        shiftId: shiftCashMovements.shiftId,
        direction: shiftCashMovements.direction,
        reason: shiftCashMovements.reason,
        amountMinor: shiftCashMovements.amountMinor,
        note: shiftCashMovements.note,
        userId: shiftCashMovements.userId,
        createdAt: shiftCashMovements.createdAt,
      })
      .from(shiftCashMovements)
      .where(eq(shiftCashMovements.id, id)),
  );
  const names = await readUserNames(database, [row!.userId]);
  return {
    id: row!.id,
    shiftId: row!.shiftId,
    direction: row!.direction as CashMovement['direction'],
    reason: row!.reason as CashMovement['reason'],
    amountMinor: row!.amountMinor,
    note: row!.note,
    userName: nameOf(names, row!.userId),
    at: row!.createdAt.toISOString(),
  };
}

// ─── Reports and the close ────────────────────────────────────────────────────────────────────

interface ShiftHeaderRow {
  registerId: string;
  registerName: string;
  locationName: string;
  status: string;
  openedAt: Date;
  openedBy: string | null;
  openingFloatMinor: number;
  zReport: unknown;
}

function selectHeader(tx: TenantTx, viewer: ShiftViewer, shiftId: string) {
  return tx
    .select({
      registerId: shifts.registerId,
      registerName: registers.name,
      locationName: locations.name,
      status: shifts.status,
      openedAt: shifts.openedAt,
      openedBy: shifts.openedBy,
      openingFloatMinor: shifts.openingFloatMinor,
      zReport: shifts.zReport,
    })
    .from(shifts)
    .innerJoin(registers, and(eq(registers.tenantId, shifts.tenantId), eq(registers.id, shifts.registerId)))
    .innerJoin(locations, and(eq(locations.tenantId, shifts.tenantId), eq(locations.id, shifts.locationId)))
    .where(and(eq(shifts.id, shiftId), shiftsVisibleTo(viewer)))
    .$dynamic();
}

const headerOf = (shiftId: string, row: ShiftHeaderRow, openedByName: string | null): ShiftHeader => ({
  shiftId,
  registerId: row.registerId,
  registerName: row.registerName,
  locationName: row.locationName,
  openedAt: row.openedAt,
  openedByName,
  openingFloatMinor: row.openingFloatMinor,
});

/** The opener's name, read before a transaction (people are platform rows, read outside tenant scope). */
async function readOpenerName(database: Database, viewer: ShiftViewer, shiftId: string): Promise<string | null> {
  const [row] = await database.withTenant(viewer.tenantId, (tx) =>
    tx.select({ openedBy: shifts.openedBy }).from(shifts).where(and(eq(shifts.id, shiftId), shiftsVisibleTo(viewer))),
  );
  if (!row) throw notFound(/*i18n*/ 'Shift not found');
  return nameOf(await readUserNames(database, [row.openedBy]), row.openedBy);
}

/**
 * The X report of an open shift (no side effects), or the Z report a closed one was closed with,
 * with the late sales as they are now. On a blind close a cashier does not see the expected cash
 * until the shift is closed.
 */
export async function readShiftReport(database: Database, viewer: ShiftViewer, shiftId: string): Promise<ShiftReport> {
  const openedByName = await readOpenerName(database, viewer, shiftId);
  return database.withTenant(viewer.tenantId, async (tx) => {
    const [row] = await selectHeader(tx, viewer, shiftId);
    if (!row) throw notFound(/*i18n*/ 'Shift not found');
    if (row.status === 'closed') {
      return { ...(row.zReport as ShiftReport), printedAt: new Date().toISOString(), lateSales: await readLateSalesSummary(tx, shiftId) };
    }
    const report = await computeShiftReport(tx, headerOf(shiftId, row, openedByName), new Date());
    const { blindClose } = await readSalesSettings(tx, viewer.tenantId);
    return blindClose && !worksOnEveryShift(viewer) ? { ...report, expectedCashMinor: null, overShortMinor: null } : report;
  });
}

/** The name of the manager who gave an approval (null when the id names none). */
async function readApproverName(database: Database, tenantId: string, approvalId: string): Promise<string | null> {
  const [row] = await database.withTenant(tenantId, (tx) => tx.select({ approverId: approvals.approverId }).from(approvals).where(eq(approvals.id, approvalId)).limit(1));
  const approverId = row?.approverId ?? null;
  return nameOf(await readUserNames(database, [approverId]), approverId);
}

/**
 * Closes the shift in one transaction: the shift FOR UPDATE (in-flight sales and cash movements
 * finish first; later ones are late), the report from its documents, over/short = counted −
 * expected as it is (beyond the shop's tolerance only with a manager's over_short approval), the
 * register's next Z number (an UPDATE, so closes on one register queue and never repeat or skip
 * one), and the Z report stored with the shift, never to change.
 */
export async function closeShift(database: Database, viewer: ShiftViewer, shiftId: string, input: CloseShiftInput): Promise<ShiftReport> {
  const openedByName = await readOpenerName(database, viewer, shiftId);
  const closedByName = nameOf(await readUserNames(database, [viewer.userId]), viewer.userId);
  // Read before the transaction, as the names are: the Z report names the approver only if the close used the approval.
  const approverName = input.approvalId ? await readApproverName(database, viewer.tenantId, input.approvalId) : null;
  return database.withTenant(viewer.tenantId, async (tx) => {
    const [row] = await selectHeader(tx, viewer, shiftId).for('update', { of: shifts });
    if (!row) throw notFound(/*i18n*/ 'Shift not found');
    if (row.status !== 'open') throw new HttpError('shift_closed', /*i18n*/ 'This shift is already closed.');
    const closedAt = new Date();
    const report = await computeShiftReport(tx, headerOf(shiftId, row, openedByName), closedAt);
    const overShort = overShortMinor(input.countedCashMinor, report.expectedCashMinor!);
    const settings = await readSalesSettings(tx, viewer.tenantId);
    let approvalId: string | null = null;
    if (needsOverShortApproval(overShort, settings.overShortToleranceMinor)) {
      if (!input.approvalId) {
        const message = /*i18n*/ 'The difference is more than the shop allows: a manager must approve it';
        throw new HttpError('approval_required', message, { approvalId: [message] });
      }
      await consumeApproval(tx, viewer.tenantId, input.approvalId, { action: 'over_short', usedByType: 'shift', usedById: shiftId });
      approvalId = input.approvalId;
    }
    const [register] = await tx
      .update(registers)
      .set({ lastZNumber: sql`${registers.lastZNumber} + 1`, updatedAt: closedAt })
      .where(eq(registers.id, row.registerId))
      .returning({ zNumber: registers.lastZNumber });
    const zReport = zReportOf(report, {
      zNumber: register!.zNumber,
      closedAt,
      closedByName,
      overShortApprovedByName: approvalId ? approverName : null,
      countedCashMinor: input.countedCashMinor,
      declaredTotals: input.declaredTotals,
    });
    await tx
      .update(shifts)
      .set({
        status: 'closed',
        closedBy: viewer.userId,
        closedAt,
        countedCashMinor: input.countedCashMinor,
        countedDenominations: countsOf(input.denominations),
        declaredTotals: input.declaredTotals,
        expectedCashMinor: report.expectedCashMinor,
        overShortMinor: overShort,
        closeNote: input.note,
        closeApprovalId: approvalId,
        zNumber: zReport.zNumber,
        zReport,
        updatedAt: closedAt,
      })
      .where(eq(shifts.id, shiftId));
    await postDocument(tx, viewer.tenantId, 'shift_close', shiftId);
    return zReport;
  });
}
