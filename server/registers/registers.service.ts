import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Register, registerInputSchema, registerUpdateSchema } from '../../core/sales/sales.schemas';
import type { Database, TenantTx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { locations } from '../db/schema/inventory';
import { registers, shifts } from '../db/schema/sales';
import { HttpError } from '../http/errors';
import { createOnce, nameOf, readUserNames, type DocumentAuthor } from '../inventory/inventory-documents';

// Registers (tills): every location has one from the start ("Till 1"), admins add more. A register
// is never deleted (its shifts and sales name it); it is closed instead, once it has no open shift.

type RegisterInput = z.output<typeof registerInputSchema>;
type RegisterUpdate = z.output<typeof registerUpdateSchema>;

const DEFAULT_REGISTER_NAME = 'Till 1';

/**
 * The location's first register, in the transaction that creates the location (or the shop): "Till 1"
 * with the first free prefix T1, T2… in the shop. A prefix taken meanwhile by a concurrent insert
 * makes this insert do nothing (after waiting for that one's commit), and the next number is tried.
 */
export async function addDefaultRegister(tx: TenantTx, tenantId: string, locationId: string): Promise<void> {
  const [taken] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(registers)
    .where(sql`upper(${registers.receiptPrefix}) ~ '^T[0-9]+$'`);
  for (let number = (taken?.count ?? 0) + 1; ; number += 1) {
    const inserted = await tx
      .insert(registers)
      .values({ tenantId, locationId, name: DEFAULT_REGISTER_NAME, receiptPrefix: `T${number}` })
      .onConflictDoNothing()
      .returning({ id: registers.id });
    if (inserted.length > 0) return;
  }
}

interface RegisterRow {
  id: string;
  locationId: string;
  locationName: string;
  name: string;
  receiptPrefix: string;
  isActive: boolean;
  lastZNumber: number;
  openShiftId: string | null;
  openShiftAt: Date | null;
  openShiftBy: string | null;
}

function selectRegisters(tx: TenantTx) {
  return tx
    .select({
      id: registers.id,
      locationId: registers.locationId,
      locationName: locations.name,
      name: registers.name,
      receiptPrefix: registers.receiptPrefix,
      isActive: registers.isActive,
      lastZNumber: registers.lastZNumber,
      openShiftId: shifts.id,
      openShiftAt: shifts.openedAt,
      openShiftBy: shifts.openedBy,
    })
    .from(registers)
    .innerJoin(locations, and(eq(locations.tenantId, registers.tenantId), eq(locations.id, registers.locationId)))
    .leftJoin(shifts, and(eq(shifts.tenantId, registers.tenantId), eq(shifts.registerId, registers.id), eq(shifts.status, 'open')))
    .$dynamic();
}

const toRegister = (row: RegisterRow, names: Map<string, string>): Register => ({
  id: row.id,
  locationId: row.locationId,
  locationName: row.locationName,
  name: row.name,
  receiptPrefix: row.receiptPrefix,
  isActive: row.isActive,
  lastZNumber: row.lastZNumber,
  openShift: row.openShiftId ? { id: row.openShiftId, openedAt: row.openShiftAt!.toISOString(), openedByName: nameOf(names, row.openShiftBy) } : null,
});

async function toRegisters(database: Database, rows: RegisterRow[]): Promise<Register[]> {
  const names = await readUserNames(database, rows.map((row) => row.openShiftBy));
  return rows.map((row) => toRegister(row, names));
}

/** Open registers (at open locations), or every register when `all`: the default location's first. */
export async function listRegisters(database: Database, tenantId: string, options: { all: boolean }): Promise<Register[]> {
  const rows = await database.withTenant(tenantId, (tx) =>
    selectRegisters(tx)
      .where(options.all ? undefined : and(eq(registers.isActive, true), eq(locations.isActive, true)))
      .orderBy(desc(locations.isDefault), asc(sql`lower(${locations.name})`), asc(sql`lower(${registers.name})`), asc(registers.id)),
  );
  return toRegisters(database, rows);
}

async function readRegister(database: Database, tenantId: string, registerId: string): Promise<Register> {
  const rows = await database.withTenant(tenantId, (tx) => selectRegisters(tx).where(eq(registers.id, registerId)));
  if (rows.length === 0) throw new HttpError('not_found', /*i18n*/ 'Register not found');
  const [register] = await toRegisters(database, rows);
  return register!;
}

/** The location a register goes to: this shop's (404 otherwise) and open (409 when closed). */
async function requireOpenLocation(tx: TenantTx, locationId: string): Promise<void> {
  const [location] = await tx.select({ name: locations.name, isActive: locations.isActive }).from(locations).where(eq(locations.id, locationId));
  if (!location) throw new HttpError('not_found', /*i18n*/ 'Location not found', { locationId: [/*i18n*/ 'Location not found'] });
  if (!location.isActive) {
    throw new HttpError('conflict', /*i18n*/ 'This location is closed: reopen it before adding a register', {
      locationId: [/*i18n*/ 'This location is closed'],
    });
  }
}

function registerTaken(error: unknown): never {
  if (isUniqueViolation(error, 'registers_name_unique')) {
    throw new HttpError('conflict', /*i18n*/ 'A register with this name already exists at this location', {
      name: [/*i18n*/ 'A register with this name already exists at this location'],
    });
  }
  if (isUniqueViolation(error, 'registers_prefix_unique')) {
    throw new HttpError('conflict', /*i18n*/ 'Another register already uses this receipt prefix', {
      receiptPrefix: [/*i18n*/ 'Another register already uses this receipt prefix'],
    });
  }
  throw error;
}

/** A new register at an open location (counted against nothing; Idempotency-Key). */
export async function createRegister(database: Database, author: DocumentAuthor, input: RegisterInput): Promise<Register> {
  const id = await createOnce(
    database,
    author,
    async (tx, requestKey) => (await tx.select({ id: registers.id }).from(registers).where(eq(registers.requestKey, requestKey)))[0]?.id,
    async (tx) => {
      await requireOpenLocation(tx, input.locationId);
      const [row] = await tx
        .insert(registers)
        .values({
          tenantId: author.tenantId,
          locationId: input.locationId,
          name: input.name,
          receiptPrefix: input.receiptPrefix,
          requestKey: author.requestKey?.key ?? null,
        })
        .returning({ id: registers.id });
      return row!.id;
    },
  ).catch(registerTaken);
  return readRegister(database, author.tenantId, id);
}

/**
 * Renames, changes the prefix (later receipts only: printed codes keep theirs), closes or reopens.
 * A register with an open shift cannot be closed; one at a closed location cannot be reopened.
 */
export async function updateRegister(database: Database, tenantId: string, registerId: string, input: RegisterUpdate): Promise<Register> {
  await database
    .withTenant(tenantId, async (tx) => {
      const [current] = await tx
        .select({ locationId: registers.locationId, isActive: registers.isActive })
        .from(registers)
        .where(eq(registers.id, registerId))
        .for('update');
      if (!current) throw new HttpError('not_found', /*i18n*/ 'Register not found');
      if (input.isActive === false && current.isActive) await assertNoOpenShift(tx, registerId);
      if (input.isActive === true && !current.isActive) await requireOpenLocation(tx, current.locationId);
      const { name, receiptPrefix, isActive } = input;
      await tx.update(registers).set({ name, receiptPrefix, isActive, updatedAt: new Date() }).where(eq(registers.id, registerId));
    })
    .catch(registerTaken);
  return readRegister(database, tenantId, registerId);
}

async function assertNoOpenShift(tx: TenantTx, registerId: string) {
  const [open] = await tx
    .select({ id: shifts.id })
    .from(shifts)
    .where(and(eq(shifts.registerId, registerId), eq(shifts.status, 'open')))
    .limit(1);
  if (open) {
    throw new HttpError('conflict', /*i18n*/ 'This register has an open shift: close the shift before closing the register', {
      isActive: [/*i18n*/ 'Close the open shift first'],
    });
  }
}
