import { and, eq, sql } from 'drizzle-orm';
import type { MovementKind } from '../../core/inventory/inventory.schemas';
import { divideRounded } from '../../core/products/tax.rules';
import { formatQuantity } from '../../core/products/quantity.rules';
import { queryRows, type TenantTx } from '../db/client';
import { businessSettings } from '../db/schema/settings';
import { productVariants } from '../db/schema/products';
import { stockLevels } from '../db/schema/inventory';
import { quantityFromNumeric } from '../db/schema/quantity';
import { HttpError } from '../http/errors';
import { notify } from '../notifications/notifications.service';

// The only code that changes stock (docs/decisions/0010-stock-ledger.md). Each movement is one
// statement that moves on_hand and appends its ledger row together, so on hand always equals the
// sum of movements; a decrement that would go below zero matches no row and is refused.

export interface MovementRequest {
  variantId: string;
  locationId: string;
  kind: MovementKind;
  /** Signed thousandths: positive into the location, negative out of it. Never 0. */
  quantityMilli: number;
  /**
   * Cost of incoming goods (opening, purchase receipt): updates the weighted average cost. Of goods
   * going back to their supplier (supplier_return): what they came in at, taken out of the average.
   * Otherwise the current average is recorded.
   */
  unitCostMinor?: number;
  sourceType: string;
  sourceId: string | null;
  reason?: string | null;
  note?: string | null;
}

export interface RecordedMovement {
  id: string;
  variantId: string;
  locationId: string;
  quantityMilli: number;
  balanceAfterMilli: number;
}

export interface LedgerContext {
  tenantId: string;
  userId: string | null;
  /** May stock go below zero (the shop's setting; off by default). */
  allowNegative: boolean;
}

/** Kinds whose unit cost is the price paid for the goods, so the average cost moves. */
const COSTED_RECEIPTS: ReadonlySet<MovementKind> = new Set(['opening', 'purchase_receipt']);

/** Goods received at a cost going back out at that cost, so the average cost moves back. */
const COSTED_RETURNS: ReadonlySet<MovementKind> = new Set(['supplier_return']);

/** The shop's negative-stock setting, for callers building a LedgerContext. */
export async function readAllowNegativeStock(tx: TenantTx): Promise<boolean> {
  const [row] = await tx.select({ allow: businessSettings.allowNegativeStock }).from(businessSettings).limit(1);
  return row?.allow ?? false;
}

/**
 * Appends movements and moves stock, in the caller's transaction. Rows are locked in a fixed
 * order (variant, location) so two documents touching the same items cannot deadlock; results
 * come back in the order given.
 */
export async function recordMovements(tx: TenantTx, context: LedgerContext, movements: MovementRequest[]): Promise<RecordedMovement[]> {
  for (const movement of movements) requireWholeNonZero(movement);
  const results: RecordedMovement[] = new Array(movements.length);
  const pending = isBatchable(movements) ? await applyBatch(tx, context, movements, results) : movements.map((_, index) => index);
  pending.sort((a, b) => compareKeys(movements[a]!, movements[b]!));
  for (const index of pending) results[index] = await recordMovement(tx, context, movements[index]!);
  return results;
}

interface StockKey {
  variantId: string;
  locationId: string;
}

// Plain code-unit order of the lower-case ids (not localeCompare): the same for every caller,
// whatever the locale, and PostgreSQL's uuid order, which the batch's locks follow.
function compareKeys(a: StockKey, b: StockKey): number {
  const sameVariant = a.variantId.toLowerCase() === b.variantId.toLowerCase();
  const first = (sameVariant ? a.locationId : a.variantId).toLowerCase();
  const second = (sameVariant ? b.locationId : b.variantId).toLowerCase();
  return first < second ? -1 : first > second ? 1 : 0;
}

const keyOf = (key: StockKey) => `${key.variantId.toLowerCase()}/${key.locationId.toLowerCase()}`;
const hasDistinctKeys = (movements: MovementRequest[]) => new Set(movements.map(keyOf)).size === movements.length;
const isCostedReceipt = (movement: MovementRequest) => COSTED_RECEIPTS.has(movement.kind) && movement.quantityMilli > 0 && movement.unitCostMinor !== undefined;
const isCostedReturn = (movement: MovementRequest) => COSTED_RETURNS.has(movement.kind) && movement.quantityMilli < 0 && movement.unitCostMinor !== undefined;
const isUncosted = (movement: MovementRequest) => !isCostedReceipt(movement) && !isCostedReturn(movement);

/**
 * One statement can apply several movements of distinct items when none changes an average cost
 * (a sale, a transfer), or when all are costed receipts of distinct variants (a delivery: each
 * variant's average is computed once, from its stock before the delivery).
 */
function isBatchable(movements: MovementRequest[]): boolean {
  if (movements.length < 2 || !hasDistinctKeys(movements)) return false;
  if (movements.every(isUncosted)) return true;
  return movements.every(isCostedReceipt) && new Set(movements.map((movement) => movement.variantId.toLowerCase())).size === movements.length;
}

function requireWholeNonZero(movement: MovementRequest) {
  if (!Number.isInteger(movement.quantityMilli) || movement.quantityMilli === 0) {
    throw new RangeError('A stock movement needs a non-zero whole number of thousandths');
  }
}

/**
 * Several movements of distinct items in ONE statement: the stock rows locked in the ledger's
 * order first, then each moved conditionally with its ledger row, as applyMovement does for one.
 * A busy till's sale holds its items' rows from this statement to its commit, so one round trip
 * here instead of one per line is what other tills wait for. For costed receipts (a delivery) the
 * variants are locked first (in id order, as updateAverageCost locks one), their stock rows are
 * made where none exists yet, and each average moves as updateAverageCost moves it: a 200-line
 * delivery is two statements, not six hundred. Fills `results` for the movements applied and
 * returns the indexes of the others (no stock row there yet, not enough stock, not tracked), which
 * take the one-by-one path: it makes the missing row, or says what is wrong.
 */
async function applyBatch(tx: TenantTx, context: LedgerContext, movements: MovementRequest[], results: RecordedMovement[]): Promise<number[]> {
  const costed = !movements.every(isUncosted);
  const input = sql.join(
    movements.map(
      (movement, index) =>
        sql`(${index}::int, ${movement.variantId}::uuid, ${movement.locationId}::uuid, ${formatQuantity(movement.quantityMilli)}::numeric, ${movement.kind}::text,
             ${costed ? movement.unitCostMinor! : null}::integer, ${movement.sourceType}::text, ${movement.sourceId}::uuid, ${movement.reason ?? null}::text, ${movement.note ?? null}::text)`,
    ),
    sql`, `,
  );
  if (costed) await createMissingLevels(tx, context.tenantId, movements);
  // Costed: each variant's stock everywhere before the delivery (the statement's snapshot) and
  // the new average, rounded once half away from zero like divideRounded.
  const variantLocks = costed
    ? sql`variant_locked as (
          select v.id, v.average_cost_minor from product_variants v
          where v.tenant_id = ${context.tenantId} and v.id in (select variant_id from input)
          order by v.id
          for no key update
        ), `
    : sql``;
  const afterVariants = costed ? sql`and (select count(*) from variant_locked) >= 0` : sql``;
  const averages = costed
    ? sql`, average as (
          update product_variants v
          set average_cost_minor = case when before.on_hand <= 0 then i.unit_cost
                else round((before.on_hand * vl.average_cost_minor + i.quantity * i.unit_cost) / (before.on_hand + i.quantity))::integer end
          from input i
          join variant_locked vl on vl.id = i.variant_id
          cross join lateral (
            select coalesce(sum(s.on_hand), 0) as on_hand from stock_levels s where s.tenant_id = ${context.tenantId} and s.variant_id = i.variant_id
          ) before
          where v.tenant_id = ${context.tenantId} and v.id = i.variant_id and (select count(*) from locked) >= 0
          returning v.id
        )`
    : sql``;
  const rows = await queryRows<AppliedRow & { ord: number }>(
    tx,
    sql`with input (ord, variant_id, location_id, quantity, kind, unit_cost, source_type, source_id, reason, note) as (values ${input}),
        ${variantLocks}locked as (
          select s.variant_id from stock_levels s
          join input i on s.variant_id = i.variant_id and s.location_id = i.location_id
          where s.tenant_id = ${context.tenantId} ${afterVariants}
          order by s.variant_id, s.location_id
          for update of s
        )${averages}, item as (
          select i.*, p.reorder_level, p.name as product_name, v.name as variant_name, v.average_cost_minor, l.name as location_name
          from input i
          join product_variants v on v.tenant_id = ${context.tenantId} and v.id = i.variant_id
          join products p on p.tenant_id = v.tenant_id and p.id = v.product_id
          join locations l on l.tenant_id = v.tenant_id and l.id = i.location_id
          -- Every row locked, in order, before the first is moved (an init plan runs first).
          where p.track_stock and (select count(*) from locked) >= 0
        ), level as (
          update stock_levels s
          set on_hand = s.on_hand + item.quantity,
              is_low = (item.reorder_level is not null and s.on_hand + item.quantity <= item.reorder_level),
              updated_at = now()
          from item
          where s.tenant_id = ${context.tenantId} and s.variant_id = item.variant_id and s.location_id = item.location_id
            and (${context.allowNegative} or item.quantity > 0 or s.on_hand + item.quantity >= 0)
          returning item.ord, s.on_hand
        ), movement as (
          insert into stock_movements (tenant_id, variant_id, location_id, kind, quantity, unit_cost_minor, balance_after, source_type, source_id, reason, note, user_id, created_at)
          select ${context.tenantId}, item.variant_id, item.location_id, item.kind, item.quantity, coalesce(item.unit_cost, item.average_cost_minor), level.on_hand,
                 item.source_type, item.source_id, item.reason, item.note, ${context.userId}::uuid, clock_timestamp()
          from level join item on item.ord = level.ord
          returning id, variant_id, location_id
        )
        select level.ord, movement.id as movement_id, level.on_hand::text as on_hand, item.reorder_level::text as reorder_level,
               item.product_name, item.variant_name, item.location_name
        from level
        join item on item.ord = level.ord
        join movement on movement.variant_id = item.variant_id and movement.location_id = item.location_id`,
  );
  for (const row of rows) {
    const movement = movements[row.ord]!;
    const balanceAfterMilli = quantityFromNumeric(row.on_hand);
    await notifyOnLowStockCrossing(tx, context.tenantId, movement, row, balanceAfterMilli);
    results[row.ord] = { id: row.movement_id, variantId: movement.variantId, locationId: movement.locationId, quantityMilli: movement.quantityMilli, balanceAfterMilli };
  }
  const pending = movements.flatMap((_, index) => (results[index] ? [] : [index]));
  // A costed movement left over moved its average already: the one-by-one path must not move it
  // again. It is left over only when its product does not track stock, which that path refuses.
  if (costed && pending.length > 0) throw await notEnoughStock(tx, movements[pending[0]!]!);
  return pending;
}

/** Empty stock rows for items that never moved at their location, in the ledger's lock order. */
async function createMissingLevels(tx: TenantTx, tenantId: string, keys: StockKey[]) {
  const sorted = [...keys].sort(compareKeys);
  await tx
    .insert(stockLevels)
    .values(sorted.map((key) => ({ tenantId, variantId: key.variantId, locationId: key.locationId })))
    .onConflictDoNothing()
    .catch((error: unknown) => {
      throw unknownItem(error);
    });
}

/**
 * Locks the stock rows of the given items in the ledger's lock order (creating empty ones where
 * nothing moved yet) and returns their on hand, in the order given: for a document that must read
 * a figure and move stock against it in the same transaction (a stock take's variance), so no
 * sale can slip in between the reading and the movement.
 */
export async function lockStockLevels(tx: TenantTx, tenantId: string, keys: StockKey[]): Promise<number[]> {
  const order = keys.map((_, index) => index);
  order.sort((a, b) => compareKeys(keys[a]!, keys[b]!));
  const onHand: number[] = new Array(keys.length);
  for (const index of order) {
    const { variantId, locationId } = keys[index]!;
    await tx
      .insert(stockLevels)
      .values({ tenantId, variantId, locationId })
      .onConflictDoNothing()
      .catch((error: unknown) => {
        throw unknownItem(error);
      });
    const [row] = await tx
      .select({ onHand: stockLevels.onHand })
      .from(stockLevels)
      .where(and(eq(stockLevels.variantId, variantId), eq(stockLevels.locationId, locationId)))
      .for('update');
    onHand[index] = row?.onHand ?? 0;
  }
  return onHand;
}

interface AppliedRow {
  movement_id: string;
  on_hand: string;
  reorder_level: string | null;
  product_name: string;
  variant_name: string;
  location_name: string;
}

async function recordMovement(tx: TenantTx, context: LedgerContext, movement: MovementRequest): Promise<RecordedMovement> {
  const unitCostMinor =
    movement.unitCostMinor !== undefined && (isCostedReceipt(movement) || isCostedReturn(movement))
      ? await updateAverageCost(tx, movement.variantId, movement.quantityMilli, movement.unitCostMinor)
      : undefined;
  let applied = await applyMovement(tx, context, movement, unitCostMinor);
  if (!applied) {
    // No level row yet (first movement here), or not enough stock, or no such variant/location.
    const created = await tx
      .insert(stockLevels)
      .values({ tenantId: context.tenantId, variantId: movement.variantId, locationId: movement.locationId })
      .onConflictDoNothing()
      .returning({ variantId: stockLevels.variantId })
      .catch((error: unknown) => {
        throw unknownItem(error);
      });
    if (created.length > 0) applied = await applyMovement(tx, context, movement, unitCostMinor);
    if (!applied) throw await notEnoughStock(tx, movement);
  }
  const balanceAfterMilli = quantityFromNumeric(applied.on_hand);
  await notifyOnLowStockCrossing(tx, context.tenantId, movement, applied, balanceAfterMilli);
  return {
    id: applied.movement_id,
    variantId: movement.variantId,
    locationId: movement.locationId,
    quantityMilli: movement.quantityMilli,
    balanceAfterMilli,
  };
}

/**
 * One statement: move on_hand (conditionally) and append the ledger row that explains it. The row
 * is stamped with clock_timestamp(), taken after the stock row is locked, so for one item at one
 * location the newest movement is the one whose balance_after is on hand (now() is the start of
 * the transaction, which may be earlier than that of a movement committed before it).
 */
async function applyMovement(tx: TenantTx, context: LedgerContext, movement: MovementRequest, unitCostMinor: number | undefined) {
  const quantity = formatQuantity(movement.quantityMilli);
  const [row] = await queryRows<AppliedRow>(
    tx,
    sql`with item as (
          select p.reorder_level, p.track_stock, p.name as product_name, v.name as variant_name, v.average_cost_minor, l.name as location_name
          from product_variants v
          join products p on p.tenant_id = v.tenant_id and p.id = v.product_id
          join locations l on l.tenant_id = v.tenant_id and l.id = ${movement.locationId}
          where v.tenant_id = ${context.tenantId} and v.id = ${movement.variantId} and p.track_stock
        ), level as (
          update stock_levels s
          set on_hand = s.on_hand + ${quantity}::numeric,
              is_low = (item.reorder_level is not null and s.on_hand + ${quantity}::numeric <= item.reorder_level),
              updated_at = now()
          from item
          where s.tenant_id = ${context.tenantId} and s.variant_id = ${movement.variantId} and s.location_id = ${movement.locationId}
            and (${context.allowNegative} or ${quantity}::numeric > 0 or s.on_hand + ${quantity}::numeric >= 0)
          returning s.on_hand
        ), movement as (
          insert into stock_movements (tenant_id, variant_id, location_id, kind, quantity, unit_cost_minor, balance_after, source_type, source_id, reason, note, user_id, created_at)
          select ${context.tenantId}, ${movement.variantId}, ${movement.locationId}, ${movement.kind}, ${quantity}::numeric,
                 coalesce(${unitCostMinor ?? null}::integer, item.average_cost_minor), level.on_hand, ${movement.sourceType},
                 ${movement.sourceId}::uuid, ${movement.reason ?? null}, ${movement.note ?? null}, ${context.userId}::uuid,
                 clock_timestamp()
          from level, item
          returning id
        )
        select movement.id as movement_id, level.on_hand::text as on_hand, item.reorder_level::text as reorder_level,
               item.product_name, item.variant_name, item.location_name
        from movement, level, item`,
  );
  return row;
}

/**
 * Weighted average cost over all locations: (on hand × average + received × cost) / (on hand +
 * received), rounded once; from nothing (or less), the new goods' cost. Goods returned to their
 * supplier (`movedMilli` < 0) leave at the cost they came in at, so that value leaves the average:
 * (on hand × average − returned × cost) / (on hand − returned), never below 0, and unchanged when
 * nothing is left to carry it. The variant row is locked first, so concurrent receipts of one item
 * average in turn; "no key update" because a concurrent movement's foreign key check takes a
 * key-share lock on it, which FOR UPDATE would block (deadlock).
 */
async function updateAverageCost(tx: TenantTx, variantId: string, movedMilli: number, unitCostMinor: number): Promise<number> {
  const [current] = await queryRows<{ average_cost_minor: number; on_hand: string }>(
    tx,
    sql`select v.average_cost_minor,
               (select coalesce(sum(s.on_hand), 0)::text from stock_levels s where s.tenant_id = v.tenant_id and s.variant_id = v.id) as on_hand
        from product_variants v where v.id = ${variantId} for no key update`,
  );
  if (!current) return unitCostMinor;
  const onHandMilli = quantityFromNumeric(current.on_hand);
  const remainingMilli = onHandMilli + movedMilli;
  let average: number;
  if (movedMilli > 0) average = onHandMilli <= 0 ? unitCostMinor : divideRounded(onHandMilli * current.average_cost_minor + movedMilli * unitCostMinor, remainingMilli);
  else if (remainingMilli <= 0) average = current.average_cost_minor;
  else average = Math.max(0, divideRounded(onHandMilli * current.average_cost_minor + movedMilli * unitCostMinor, remainingMilli));
  await tx.update(productVariants).set({ averageCostMinor: average }).where(eq(productVariants.id, variantId));
  return unitCostMinor;
}

async function notEnoughStock(tx: TenantTx, movement: MovementRequest): Promise<HttpError> {
  const [item] = await queryRows<{ product_name: string; variant_name: string; track_stock: boolean; on_hand: string | null; location_name: string | null }>(
    tx,
    sql`select p.name as product_name, v.name as variant_name, p.track_stock,
               (select s.on_hand::text from stock_levels s where s.variant_id = v.id and s.location_id = ${movement.locationId}) as on_hand,
               (select l.name from locations l where l.id = ${movement.locationId}) as location_name
        from product_variants v join products p on p.tenant_id = v.tenant_id and p.id = v.product_id
        where v.id = ${movement.variantId}`,
  );
  if (!item || item.location_name === null) return unknownItem(null);
  const label = item.variant_name ? `${item.product_name} (${item.variant_name})` : item.product_name;
  if (!item.track_stock) {
    return new HttpError('validation_failed', `${label} does not track stock`, { [movement.variantId]: [`${label} does not track stock`] });
  }
  const onHand = formatQuantity(quantityFromNumeric(item.on_hand ?? '0'));
  const message = `Not enough stock of ${label} at ${item.location_name}: ${onHand} on hand`;
  return new HttpError('conflict', message, { [movement.variantId]: [message] });
}

function unknownItem(cause: unknown): HttpError {
  const error = new HttpError('validation_failed', /*i18n*/ 'A product or location was not found', { _: [/*i18n*/ 'A product or location was not found'] });
  if (cause) error.cause = cause;
  return error;
}

/** A header notification when a movement takes stock from above the reorder level to at or below it. */
async function notifyOnLowStockCrossing(tx: TenantTx, tenantId: string, movement: MovementRequest, applied: AppliedRow, balanceAfterMilli: number) {
  if (applied.reorder_level === null || movement.quantityMilli >= 0) return;
  const reorderLevelMilli = quantityFromNumeric(applied.reorder_level);
  const before = balanceAfterMilli - movement.quantityMilli;
  if (!(before > reorderLevelMilli && balanceAfterMilli <= reorderLevelMilli)) return;
  const label = applied.variant_name ? `${applied.product_name} (${applied.variant_name})` : applied.product_name;
  await notify(tx, tenantId, {
    kind: 'low_stock',
    title: `Low stock: ${label}`,
    body: `${formatQuantity(balanceAfterMilli)} left at ${applied.location_name} (reorder level ${formatQuantity(reorderLevelMilli)}).`,
    link: '/admin/products/low-stock',
    permission: 'inventory.manage',
  });
}

/** Recomputes the low flags of a product's stock after its reorder level changed (no notifications: nothing moved). */
export async function refreshLowFlags(tx: TenantTx, productId: string) {
  await tx.execute(sql`
    update stock_levels s set is_low = (p.reorder_level is not null and s.on_hand <= p.reorder_level)
    from product_variants v join products p on p.tenant_id = v.tenant_id and p.id = v.product_id
    where s.tenant_id = v.tenant_id and s.variant_id = v.id and v.product_id = ${productId}`);
}

/** On hand of one variant at one location (0 when it never moved there). */
export async function onHandAt(tx: TenantTx, variantId: string, locationId: string): Promise<number> {
  const [row] = await tx
    .select({ onHand: stockLevels.onHand })
    .from(stockLevels)
    .where(and(eq(stockLevels.variantId, variantId), eq(stockLevels.locationId, locationId)));
  return row?.onHand ?? 0;
}
