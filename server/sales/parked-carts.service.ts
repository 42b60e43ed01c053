import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { parkedCartContentSchema, type parkCartInputSchema, type parkedCartSchema } from '../../core/sales/sales.schemas';
import { mayWorkAt } from '../../core/team/permissions.rules';
import { queryRows, type Database, type TenantTx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { HttpError, notFound } from '../http/errors';
import { claimRequestKey, type RequestKey } from '../http/idempotency';
import { readUserNames } from '../inventory/inventory-documents';
import { andAtWorkplaces, type Workplaces } from '../inventory/location-access';
import { priceSale, type ApprovalLimits } from './sale-pricing';

// Parked (held) carts: kept on the server, seen by every register of the location, resumed (read,
// then deleted by the register that takes it) or deleted. Parking reserves no stock: the goods
// stay on the shelf for other customers, and the sale is checked against stock when it completes.

type ParkCartInput = z.output<typeof parkCartInputSchema>;
type ParkedCart = z.infer<typeof parkedCartSchema>;

/** Who parks, lists or resumes carts: at the locations they work at only (issue 20). */
export interface CartKeeper extends Workplaces {
  tenantId: string;
}

export interface ParkingActor extends CartKeeper {
  userId: string;
  requestKey: RequestKey | null;
}

interface ParkedCartRow {
  id: string;
  location_id: string;
  register_id: string | null;
  register_name: string | null;
  name: string;
  note: string | null;
  customer_name: string | null;
  line_count: number;
  total_minor: number;
  parked_by: string | null;
  created_at: string | Date;
  cart: unknown;
}

const cartColumns = sql`p.id, p.location_id, p.register_id, g.name as register_name, p.name, p.note, c.name as customer_name,
  p.line_count, p.total_minor, p.parked_by, p.created_at, p.cart`;
const cartFrom = sql`parked_carts p
  left join registers g on g.tenant_id = p.tenant_id and g.id = p.register_id
  left join contacts c on c.tenant_id = p.tenant_id and c.id = p.customer_id`;

async function toParkedCarts(database: Database, rows: ParkedCartRow[]): Promise<ParkedCart[]> {
  const names = await readUserNames(database, rows.map((row) => row.parked_by));
  return rows.map((row) => ({
    id: row.id,
    locationId: row.location_id,
    registerId: row.register_id,
    registerName: row.register_name,
    name: row.name,
    note: row.note,
    customerName: row.customer_name,
    lineCount: row.line_count,
    totalMinor: row.total_minor,
    parkedByName: row.parked_by ? (names.get(row.parked_by) ?? null) : null,
    createdAt: new Date(row.created_at).toISOString(),
    cart: parkedCartContentSchema.parse(row.cart),
  }));
}

/** The register's location (404 for a register this shop does not have, or at a location the person does not work at). */
async function locationOfRegister(tx: TenantTx, keeper: Workplaces, registerId: string): Promise<string> {
  const [register] = await queryRows<{ location_id: string }>(tx, sql`select location_id from registers where id = ${registerId}`);
  if (!register || !mayWorkAt(keeper.locationIds, register.location_id)) throw notFound(/*i18n*/ 'Register not found');
  return register.location_id;
}

/** The carts parked at the register's location, oldest first (any register there may resume them). */
export async function listParkedCarts(database: Database, keeper: CartKeeper, registerId: string): Promise<{ items: ParkedCart[] }> {
  const rows = await database.withTenant(keeper.tenantId, async (tx) => {
    const locationId = await locationOfRegister(tx, keeper, registerId);
    return queryRows<ParkedCartRow>(tx, sql`select ${cartColumns} from ${cartFrom} where p.location_id = ${locationId} order by p.created_at, p.id`);
  });
  return { items: await toParkedCarts(database, rows) };
}

/**
 * Only a parked cart's total is kept: what needs a manager is judged again when it is resumed and
 * sold (approvals are not parked), so the limits priced with here change nothing.
 */
const TOTAL_ONLY: ApprovalLimits = { discountLimitBps: 10_000, mayChangePrice: true };

/** The cart's line count and total as the checkout would price it now (field messages under `cart.`). */
async function priceParkedCart(tx: TenantTx, locationId: string, cart: ParkCartInput['cart']): Promise<number> {
  if (cart.lines.length === 0) return 0;
  try {
    const priced = await priceSale(tx, locationId, cart, TOTAL_ONLY);
    return priced.cart.totalMinor;
  } catch (error) {
    if (!(error instanceof HttpError) || !error.fields) throw error;
    const fields = Object.fromEntries(Object.entries(error.fields).map(([field, messages]) => [`cart.${field}`, messages]));
    throw new HttpError(error.code, error.message, fields);
  }
}

async function findByRequestKey(tx: TenantTx, key: string): Promise<string | undefined> {
  const [row] = await queryRows<{ id: string }>(tx, sql`select id from parked_carts where request_key = ${key}`);
  return row?.id;
}

/** Parks a cart once per Idempotency-Key (a retry answers the cart parked first). */
export async function parkCart(database: Database, actor: ParkingActor, input: ParkCartInput): Promise<ParkedCart> {
  const { tenantId, requestKey } = actor;
  const park = async (tx: TenantTx) => {
    const locationId = await locationOfRegister(tx, actor, input.registerId);
    const totalMinor = await priceParkedCart(tx, locationId, input.cart);
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into parked_carts (tenant_id, location_id, register_id, name, note, customer_id, cart, line_count, total_minor, parked_by, request_key)
          values (${tenantId}, ${locationId}, ${input.registerId}, ${input.name}, ${input.note}, ${input.cart.customerId},
                  ${JSON.stringify(input.cart)}::jsonb, ${input.cart.lines.length}, ${totalMinor}, ${actor.userId}, ${requestKey?.key ?? null})
          returning id`,
    );
    return row!.id;
  };
  let cartId: string;
  try {
    cartId = await database.withTenant(tenantId, async (tx) => {
      if (!requestKey) return park(tx);
      await claimRequestKey(tx, tenantId, requestKey);
      return (await findByRequestKey(tx, requestKey.key)) ?? park(tx);
    });
  } catch (error) {
    if (!requestKey || !isUniqueViolation(error, 'parked_carts_request_key_unique')) throw error;
    const first = await database.withTenant(tenantId, (tx) => findByRequestKey(tx, requestKey.key));
    if (!first) throw error;
    cartId = first;
  }
  const rows = await database.withTenant(tenantId, (tx) => queryRows<ParkedCartRow>(tx, sql`select ${cartColumns} from ${cartFrom} where p.id = ${cartId}`));
  const [cart] = await toParkedCarts(database, rows);
  return cart!;
}

/** Removes a parked cart (resumed at a register, or given up); 404 when this shop has no such cart. */
export async function deleteParkedCart(database: Database, keeper: CartKeeper, cartId: string): Promise<void> {
  const deleted = await database.withTenant(keeper.tenantId, (tx) =>
    queryRows<{ id: string }>(tx, sql`delete from parked_carts where id = ${cartId} ${andAtWorkplaces(sql`location_id`, keeper)} returning id`),
  );
  if (deleted.length === 0) throw notFound(/*i18n*/ 'Parked cart not found');
}
