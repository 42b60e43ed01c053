import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Location, locationInputSchema, locationUpdateSchema } from '../../core/inventory/inventory.schemas';
import { ensureShopAccounts } from '../accounting/posting';
import { assertUnderPlanLimit } from '../billing/plan-limits';
import type { Database, TenantTx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { locations, stockLevels } from '../db/schema/inventory';
import { HttpError, notFound } from '../http/errors';
import { addDefaultRegister } from '../registers/registers.service';
import { createOnce, type DocumentAuthor } from './inventory-documents';

// Branches and warehouses: at most max_locations open at once (per plan), exactly one default.

type LocationInput = z.output<typeof locationInputSchema>;
type LocationUpdate = z.output<typeof locationUpdateSchema>;

const locationColumns = {
  id: locations.id,
  name: locations.name,
  kind: locations.kind,
  address: locations.address,
  isDefault: locations.isDefault,
  isActive: locations.isActive,
};

const toLocation = (row: { kind: string } & Omit<Location, 'kind'>): Location => ({ ...row, kind: row.kind as Location['kind'] });

/** Every location, open and closed, the default first. */
export async function listLocations(database: Database, tenantId: string): Promise<Location[]> {
  const rows = await database.withTenant(tenantId, (tx) =>
    tx.select(locationColumns).from(locations).orderBy(desc(locations.isDefault), desc(locations.isActive), asc(sql`lower(${locations.name})`)),
  );
  return rows.map(toLocation);
}

async function readLocation(tx: TenantTx, locationId: string): Promise<Location> {
  const [row] = await tx.select(locationColumns).from(locations).where(eq(locations.id, locationId));
  if (!row) throw notFound(/*i18n*/ 'Location not found');
  return toLocation(row);
}

const countOpenLocations = (tx: TenantTx) => async () => {
  const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(locations).where(eq(locations.isActive, true));
  return row?.count ?? 0;
};

function nameTaken(error: unknown): never {
  if (isUniqueViolation(error, 'locations_name_unique')) {
    throw new HttpError('conflict', /*i18n*/ 'A location with this name already exists', { name: [/*i18n*/ 'A location with this name already exists'] });
  }
  throw error;
}

/** A new open location with its first register, counted against max_locations in the insert's transaction. */
export async function createLocation(database: Database, author: DocumentAuthor, input: LocationInput): Promise<Location> {
  const id = await createOnce(
    database,
    author,
    async (tx, requestKey) => (await tx.select({ id: locations.id }).from(locations).where(eq(locations.requestKey, requestKey)))[0]?.id,
    async (tx) => {
      await assertUnderPlanLimit(tx, author.tenantId, 'max_locations', countOpenLocations(tx));
      const [row] = await tx
        .insert(locations)
        .values({ tenantId: author.tenantId, name: input.name, kind: input.kind, address: input.address, requestKey: author.requestKey?.key ?? null })
        .returning({ id: locations.id });
      await addDefaultRegister(tx, author.tenantId, row!.id);
      await ensureShopAccounts(tx, author.tenantId);
      return row!.id;
    },
  ).catch(nameTaken);
  return database.withTenant(author.tenantId, (tx) => readLocation(tx, id));
}

/**
 * Renames, re-kinds, closes, reopens or makes default. The default location cannot be closed, nor
 * one that still holds stock; reopening counts against max_locations. All location rows are locked
 * first so two concurrent "make default" requests cannot both win.
 */
export async function updateLocation(database: Database, tenantId: string, locationId: string, input: LocationUpdate): Promise<Location> {
  return database
    .withTenant(tenantId, async (tx) => {
      await tx.select({ id: locations.id }).from(locations).orderBy(locations.id).for('update');
      const current = await readLocation(tx, locationId);
      const closing = input.isActive === false && current.isActive;
      const reopening = input.isActive === true && !current.isActive;
      if (closing) await assertCanClose(tx, current);
      if (input.isDefault && !current.isActive && !reopening) {
        throw new HttpError('conflict', /*i18n*/ 'Reopen this location before making it the default', { isDefault: [/*i18n*/ 'Reopen this location first'] });
      }
      if (reopening) await assertUnderPlanLimit(tx, tenantId, 'max_locations', countOpenLocations(tx));
      if (input.isDefault && !current.isDefault) {
        await tx.update(locations).set({ isDefault: false, updatedAt: new Date() }).where(and(eq(locations.isDefault, true), ne(locations.id, locationId)));
      }
      const { name, kind, address, isActive, isDefault } = input;
      await tx
        .update(locations)
        .set({ name, kind, address, isActive, ...(isDefault ? { isDefault } : {}), updatedAt: new Date() })
        .where(eq(locations.id, locationId));
      return readLocation(tx, locationId);
    })
    .catch(nameTaken);
}

async function assertCanClose(tx: TenantTx, location: Location) {
  if (location.isDefault) {
    throw new HttpError('conflict', /*i18n*/ 'The default location cannot be closed: make another one the default first', {
      isActive: [/*i18n*/ 'The default location cannot be closed'],
    });
  }
  const [stocked] = await tx
    .select({ variantId: stockLevels.variantId })
    .from(stockLevels)
    .where(and(eq(stockLevels.locationId, location.id), ne(stockLevels.onHand, 0)))
    .limit(1);
  if (stocked) {
    throw new HttpError('conflict', `${location.name} still holds stock: transfer or adjust it to zero first`, {
      isActive: [/*i18n*/ 'This location still holds stock'],
    });
  }
}
