import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { saleQuoteInputSchema, type CheckoutInput, type ReturnInput } from '../../core/sales/sales.schemas';
import { quickCashNotes } from '../../core/sales/tender.rules';
import { builtInPermissions } from '../../core/team/permissions.rules';
import { postShopHistory } from '../accounting/history';
import { withPostingsDeferred } from '../accounting/posting-deferral';
import { contactBalances } from '../accounts/account-ledger';
import { HttpError } from '../http/errors';
import { recordMovements } from '../inventory/stock-ledger';
import { refreshPlannerStatistics } from '../products/catalog-generator';
import { addCashMovement, closeShift, openShift, readShiftReport } from '../registers/shifts.service';
import { builtInSaleActor, completeSaleInTx, quoteSale, saleRequestHash, type SaleActor } from '../sales/checkout.service';
import { createReturn } from '../sales/returns.service';
import { voidSale } from '../sales/void.service';
import { rebuildSummaryDaysOf } from '../reports/summaries';
import type { JobDefinition } from '../jobs/job-queue';
import { queryRows, type Database } from './client';

// The demo shop's sales history (issue 15): every day a shift on each shop's "Till 1" opened by
// a cashier with a float, a few hundred sales with a mid-morning and an evening peak, paid like a
// Nairobi mini-mart (~45% cash, 40% M-Pesa, 7% card, 8% on account to customers with a credit
// limit), a bank deposit, a few returns and voids, and a close with a small over/short. All of it
// through the services the register uses (checkout, returns, void, shifts), so every figure, ledger
// and report agrees; each closed day is then moved back to its date (the services stamp "now").
// Today: the morning's sales on the main shop's Till 1, its shift left open.

/** The timezone of the demo shop's day (the shop's default zone, UTC+3 all year). */
const NAIROBI_OFFSET_MS = 3 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
/** Sales per hour of the day from 07:00 to 21:00: a mid-morning and an evening peak. */
const HOURLY_WEIGHTS = [3, 6, 9, 11, 8, 6, 7, 6, 5, 6, 9, 12, 10, 5];
const OPENING_HOUR = 7;
/** Main shop Till 1 takes about two thirds of the day's sales, Westlands the rest. */
const TILL_SHARES = [0.65, 0.35];
const OPENING_FLOAT_MINOR = 500_000;

export interface DemoSalesOptions {
  /** Sales on an ordinary weekday across both tills (Saturdays ×1.3, Sundays ×0.8). */
  salesPerDay: number;
}

interface DemoItem {
  variantId: string;
  costMinor: number;
}

interface DemoTill {
  registerId: string;
  locationId: string;
  items: DemoItem[];
}

interface DemoShop {
  tenantId: string;
  managerId: string;
  cashierIds: string[];
  tills: DemoTill[];
  creditCustomerIds: string[];
}

/** A deterministic pseudo-random source (mulberry32): the same day makes the same sales. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    integer: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}
type Random = ReturnType<typeof randomSource>;

/** A UUID made from a name, so a rerun of a day retries the very same documents (exactly once). */
function namedUuid(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A code in M-Pesa's shape (10 capitals and digits), unique per sale. */
function mpesaCodeFor(name: string): string {
  const digest = createHash('sha256').update(name).digest();
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  return `T${Array.from(digest.subarray(0, 9), (byte) => alphabet[byte % alphabet.length]).join('')}`;
}

/** Midnight in Nairobi of the day `daysAgo` before `now`, as a UTC instant. */
export function nairobiMidnight(now: Date, daysAgo: number): Date {
  const local = new Date(now.getTime() + NAIROBI_OFFSET_MS);
  const midnightLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - daysAgo * DAY_MS;
  return new Date(midnightLocal - NAIROBI_OFFSET_MS);
}

/** Sale times of one day: hours drawn by HOURLY_WEIGHTS, minutes at random, in order. */
function saleTimes(random: Random, midnight: Date, count: number): Date[] {
  const total = HOURLY_WEIGHTS.reduce((sum, weight) => sum + weight, 0);
  const times: number[] = [];
  for (let index = 0; index < count; index += 1) {
    let draw = random.next() * total;
    let hour = 0;
    while (draw >= HOURLY_WEIGHTS[hour]!) draw -= HOURLY_WEIGHTS[hour++]!;
    times.push(midnight.getTime() + (OPENING_HOUR + hour) * 3_600_000 + Math.floor(random.next() * 3_600_000));
  }
  return times.sort((a, b) => a - b).map((time) => new Date(time));
}

async function readDemoShop(database: Database, tenantId: string, staff: { managerId: string; cashierIds: string[] }): Promise<DemoShop> {
  return database.withTenant(tenantId, async (tx) => {
    const registers = await queryRows<{ id: string; location_id: string }>(
      tx,
      sql`select r.id, r.location_id from registers r join locations l on l.id = r.location_id
          where r.name = 'Till 1' order by l.is_default desc, l.name`,
    );
    const tills: DemoTill[] = [];
    for (const register of registers) {
      const items = await queryRows<{ variant_id: string; cost_price_minor: number }>(
        tx,
        sql`select v.id as variant_id, v.cost_price_minor from product_variants v
            join products p on p.id = v.product_id
            join stock_levels s on s.variant_id = v.id and s.location_id = ${register.location_id}
            where p.track_stock and v.selling_price_minor > 0
              -- What the catalog seeds below its reorder level stays as seeded: the demo's
              -- low-stock example (README), neither sold nor restocked by the history.
              and not (p.reorder_level is not null and s.on_hand <= p.reorder_level)
            order by v.sku`,
      );
      tills.push({ registerId: register.id, locationId: register.location_id, items: items.map((item) => ({ variantId: item.variant_id, costMinor: item.cost_price_minor })) });
    }
    const customers = await queryRows<{ id: string }>(tx, sql`select id from contacts where credit_limit_minor > 0 order by name`);
    // A customer with an overdue balance buys for cash until they pay (a shopkeeper's credit hold),
    // so the demo's overdue accounts (and their statements, README) stay as seeded.
    const balances = await contactBalances(tx, customers.map((row) => row.id));
    const inGoodStanding = customers.filter((row) => (balances.get(row.id)?.overdueReceivableMinor ?? 0) === 0);
    return { tenantId, ...staff, tills, creditCustomerIds: inGoodStanding.map((row) => row.id) };
  });
}

/**
 * Tops up what the day could sell (a supplier delivery each morning, at cost, through the ledger):
 * items under 40 at the till's location get 120 more.
 */
async function receiveDeliveries(database: Database, shop: DemoShop, till: DemoTill, deliveryId: string) {
  await database.withTenant(shop.tenantId, async (tx) => {
    const low = await queryRows<{ variant_id: string }>(tx, sql`select variant_id from stock_levels where location_id = ${till.locationId} and on_hand < 40`);
    const lowIds = new Set(low.map((row) => row.variant_id));
    const deliveries = till.items.filter((item) => lowIds.has(item.variantId));
    if (deliveries.length === 0) return;
    await recordMovements(
      tx,
      { tenantId: shop.tenantId, userId: shop.managerId, allowNegative: false },
      deliveries.map((item) => ({
        variantId: item.variantId,
        locationId: till.locationId,
        kind: 'purchase_receipt' as const,
        quantityMilli: 120_000,
        unitCostMinor: item.costMinor,
        sourceType: 'demo_delivery',
        sourceId: deliveryId,
      })),
    );
  });
}

interface DaySale {
  id: string;
  at: Date;
  paidCashOnly: boolean;
}

/** One sale: a basket of 1–5 lines priced by the server, paid by the mix's tender for it. */
async function sellOne(database: Database, shop: DemoShop, till: DemoTill, shiftId: string, actor: SaleActor, random: Random, name: string, at: Date): Promise<DaySale | null> {
  const lineCount = random.pick([1, 1, 2, 2, 2, 3, 3, 4, 5]);
  const chosen = new Map<string, number>();
  while (chosen.size < Math.min(lineCount, till.items.length)) chosen.set(random.pick(till.items).variantId, random.pick([1000, 1000, 1000, 2000, 3000]));
  const draw = random.next();
  const tender = draw < 0.45 ? 'cash' : draw < 0.85 ? 'mpesa' : draw < 0.92 ? 'card' : 'account';
  const customerId = tender === 'account' && shop.creditCustomerIds.length > 0 ? random.pick(shop.creditCustomerIds) : null;
  const lines = [...chosen].map(([variantId, quantityMilli]) => ({ variantId, quantityMilli }));
  const quote = await quoteSale(database, actor, saleQuoteInputSchema.parse({ registerId: till.registerId, customerId, lines }));
  const total = quote.totalMinor;
  if (total <= 0) return null;
  const headroom = quote.customer ? quote.customer.creditLimitMinor - quote.customer.balanceMinor : 0;
  // A customer at their limit pays by M-Pesa instead, as they would at the till.
  const paidBy = tender === 'account' && (!customerId || headroom < total) ? 'mpesa' : tender;
  const payment =
    paidBy === 'cash'
      ? { tender: 'cash' as const, amountMinor: total, tenderedMinor: random.pick(quickCashNotes(total)) }
      : paidBy === 'mpesa'
        ? { tender: 'mpesa' as const, amountMinor: total, reference: mpesaCodeFor(name) }
        : paidBy === 'card'
          ? { tender: 'card' as const, amountMinor: total, reference: `VISA ${String(random.integer(1000, 9999))}` }
          : { tender: 'account' as const, amountMinor: total };
  const input: CheckoutInput = {
    id: namedUuid(name),
    registerId: till.registerId,
    shiftId,
    customerId: paidBy === 'account' ? customerId : null,
    lines: lines.map((line) => ({ ...line, unitId: null, unitPriceMinor: null, discount: null })),
    cartDiscount: null,
    tipMinor: 0,
    payments: [payment],
    approvalIds: [],
    expectedTotalMinor: total,
    ringUpAt: at.toISOString(),
    fromOutbox: false,
    note: null,
  };
  if (paidBy !== 'account' && customerId) {
    // Priced for the customer's group; without them on the sale, price it again as a walk-in.
    return sellOne(database, shop, till, shiftId, actor, randomSource(random.integer(1, 2 ** 31)), `${name}:walk-in`, at);
  }
  await database.withTenant(shop.tenantId, (tx) => completeSaleInTx(tx, actor, input, saleRequestHash(input)));
  return { id: input.id, at, paidCashOnly: paidBy === 'cash' };
}

/**
 * A new shift by the day's cashier, or the one already open on the register when it is that
 * cashier's (a rerun of a half-made day). Null when someone else's shift is open there (a person
 * using the demo while the history is made): that till's day is left out, their shift untouched.
 */
async function openOrFindShift(database: Database, shop: DemoShop, till: DemoTill, cashierId: string): Promise<string | null> {
  try {
    const shift = await openShift(database, { tenantId: shop.tenantId, userId: cashierId, requestKey: null, permissions: builtInPermissions('cashier') }, { registerId: till.registerId, openingFloatMinor: OPENING_FLOAT_MINOR, denominations: null });
    return shift.id;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const [open] = await database.withTenant(shop.tenantId, (tx) =>
      queryRows<{ id: string; opened_by: string }>(tx, sql`select id, opened_by from shifts where register_id = ${till.registerId} and status = 'open'`),
    );
    if (!open) throw error;
    return open.opened_by === cashierId ? open.id : null;
  }
}

interface TillDay {
  shiftId: string;
  openedAt: Date;
  closedAt: Date | null;
  sales: DaySale[];
  returnIds: { id: string; at: Date }[];
  voidedIds: { id: string; at: Date }[];
  cashMovementAt: Date | null;
  /** The morning's top-up (its movements are moved to the shift's opening). */
  deliveryId: string;
}

/** One till's day: open, sell, a bank deposit at midday, a return or two and a void, then close (past days). */
async function runTillDay(database: Database, shop: DemoShop, till: DemoTill, tillIndex: number, daysAgo: number, now: Date, options: DemoSalesOptions): Promise<TillDay | null> {
  const midnight = nairobiMidnight(now, daysAgo);
  const dayKey = `${shop.tenantId}:${midnight.toISOString().slice(0, 10)}`;
  const random = randomSource(parseInt(createHash('sha256').update(`${dayKey}:${tillIndex}`).digest('hex').slice(0, 8), 16));
  const weekday = new Date(midnight.getTime() + NAIROBI_OFFSET_MS).getUTCDay();
  const dayFactor = weekday === 6 ? 1.3 : weekday === 0 ? 0.8 : 1;
  const count = Math.max(1, Math.round(options.salesPerDay * TILL_SHARES[tillIndex]! * dayFactor * (0.9 + random.next() * 0.2)));
  const cashierId = shop.cashierIds[(daysAgo + tillIndex) % shop.cashierIds.length]!;
  const actor = builtInSaleActor(shop.tenantId, cashierId, 'cashier');
  const openedAt = new Date(midnight.getTime() + (OPENING_HOUR - 0.5) * 3_600_000);
  const closedAt = daysAgo === 0 ? null : new Date(midnight.getTime() + (OPENING_HOUR + HOURLY_WEIGHTS.length + 0.25) * 3_600_000);

  const deliveryId = namedUuid(`${dayKey}:${tillIndex}:delivery:${till.registerId}`);
  await receiveDeliveries(database, shop, till, deliveryId);
  const shiftId = await openOrFindShift(database, shop, till, cashierId);
  if (!shiftId) return null;
  const times = saleTimes(random, midnight, count).filter((at) => daysAgo > 0 || at.getTime() < now.getTime());
  const day: TillDay = { shiftId, openedAt, closedAt, sales: [], returnIds: [], voidedIds: [], cashMovementAt: null, deliveryId };
  for (const [index, at] of times.entries()) {
    const sale = await sellOne(database, shop, till, shiftId, actor, random, `${dayKey}:${tillIndex}:${index}`, at);
    if (sale) day.sales.push(sale);
  }
  if (closedAt === null) return day;

  // About 1 sale in 120 (at least one a day) comes back later that day (cash sales: refunded from the drawer).
  const returnable = day.sales.filter((sale) => sale.paidCashOnly);
  for (let index = 0; index < Math.max(1, Math.floor(day.sales.length / 120)) && returnable.length > 0; index += 1) {
    const sale = returnable.splice(random.integer(0, returnable.length - 1), 1)[0]!;
    const [line] = await database.withTenant(shop.tenantId, (tx) => queryRows<{ id: string; quantity: string }>(tx, sql`select id, quantity::text from sale_lines where sale_id = ${sale.id} order by line_no limit 1`));
    if (!line) continue;
    const input: ReturnInput = {
      id: namedUuid(`${dayKey}:${tillIndex}:return:${index}`),
      registerId: till.registerId,
      shiftId,
      saleId: sale.id,
      customerId: null,
      lines: [{ saleLineId: line.id, variantId: null, amountMinor: null, quantityMilli: 1000, disposition: random.next() < 0.8 ? 'restock' : 'damaged' }],
      reason: random.pick(['changed_mind', 'damaged', 'wrong_item', 'expired'] as const),
      note: null,
      refunds: null,
      approvalId: null,
    };
    const { saleReturn } = await createReturn(database, actor, input);
    day.returnIds.push({ id: saleReturn.id, at: new Date(Math.min(sale.at.getTime() + 2 * 3_600_000, closedAt.getTime() - 60_000)) });
  }
  // About 1 in 250 (at least one a day) is voided by the manager right after (rung up twice).
  const voidable = [...returnable];
  for (let index = 0; index < Math.max(1, Math.floor(day.sales.length / 250)) && voidable.length > 0; index += 1) {
    const sale = voidable.splice(random.integer(0, voidable.length - 1), 1)[0]!;
    day.voidedIds.push({ id: sale.id, at: new Date(sale.at.getTime() + 3 * 60_000) });
    // A rerun of a half-made day finds its void done.
    const [status] = await database.withTenant(shop.tenantId, (tx) => queryRows<{ status: string }>(tx, sql`select status from sales where id = ${sale.id}`));
    if (status?.status === 'voided') continue;
    await voidSale(database, builtInSaleActor(shop.tenantId, shop.managerId, 'manager'), sale.id, { reason: 'Rung up twice', approvalId: null });
  }

  const viewer = { tenantId: shop.tenantId, userId: cashierId, permissions: builtInPermissions('cashier') };
  const before = await readShiftReport(database, viewer, shiftId);
  const deposit = Math.floor(((before.expectedCashMinor ?? 0) - OPENING_FLOAT_MINOR) / 2 / 100_000) * 100_000;
  if (deposit > 0) {
    await addCashMovement(database, { ...viewer, requestKey: null }, shiftId, { direction: 'out', reason: 'bank_deposit', amountMinor: deposit, note: 'Equity Bank, Westlands' });
    day.cashMovementAt = new Date(midnight.getTime() + 13 * 3_600_000);
  }
  const report = await readShiftReport(database, viewer, shiftId);
  const tolerance = (await database.withTenant(shop.tenantId, (tx) => queryRows<{ over_short_tolerance_minor: number }>(tx, sql`select over_short_tolerance_minor from sales_settings`)))[0]?.over_short_tolerance_minor ?? 0;
  // Counted: what the drawer should hold, give or take a few shillings within the shop's tolerance.
  const overShort = Math.max(-tolerance, Math.min(tolerance, random.pick([0, 0, 0, -5_000, -2_000, -1_000, 1_000, 2_000, -10_000])));
  await closeShift(database, viewer, shiftId, {
    countedCashMinor: Math.max(0, (report.expectedCashMinor ?? 0) + overShort),
    denominations: null,
    declaredTotals: {},
    note: overShort === 0 ? null : 'Counted twice',
    approvalId: null,
  });
  return day;
}

/**
 * Moves one day's documents to their times: the services stamped them when they ran. The sale,
 * return and shift rows are append-only for the app role, so this runs as the database owner in
 * the demo shop's scope, naming the demo shop in every statement too.
 */
async function redateDay(database: Database, tenantId: string, tills: TillDay[]) {
  const saleIds = tills.flatMap((till) => till.sales.map((sale) => sale.id));
  const saleTimes = tills.flatMap((till) => till.sales.map((sale) => sale.at.toISOString()));
  const returnIds = tills.flatMap((till) => till.returnIds.map((entry) => entry.id));
  const returnTimes = tills.flatMap((till) => till.returnIds.map((entry) => entry.at.toISOString()));
  const voidIds = tills.flatMap((till) => till.voidedIds.map((entry) => entry.id));
  const voidTimes = tills.flatMap((till) => till.voidedIds.map((entry) => entry.at.toISOString()));
  const array = (values: string[], type: 'uuid' | 'timestamptz') => sql`${`{${values.join(',')}}`}::${sql.raw(type)}[]`;
  await database.platform.transaction(async (tx) => {
    // Row-level security is forced on the owner too: the demo shop's scope admits its rows. A closed
    // shift refuses every change (its trigger); the seed's re-dating is the one exception, so the
    // owner switches that trigger off inside this transaction (ALTER TABLE is transactional: no
    // other transaction ever sees it off, and the table is locked until the commit).
    await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true)`);
    // tenant-access: the closed-shift trigger, off for the demo shop's re-dating only (this transaction)
    await tx.execute(sql`alter table shifts disable trigger shifts_closed_immutable`);
    const sales = sql`(select * from unnest(${array(saleIds, 'uuid')}, ${array(saleTimes, 'timestamptz')}) as t(id, at))`;
    const returns = sql`(select * from unnest(${array(returnIds, 'uuid')}, ${array(returnTimes, 'timestamptz')}) as t(id, at))`;
    const voids = sql`(select * from unnest(${array(voidIds, 'uuid')}, ${array(voidTimes, 'timestamptz')}) as t(id, at))`;
    // tenant-access: the demo seed re-dates its own history (append-only columns), in the demo shop only
    await tx.execute(sql`update sales s set created_at = t.at, updated_at = t.at, ring_up_at = t.at from ${sales} t where s.tenant_id = ${tenantId} and s.id = t.id`);
    // tenant-access: as above
    await tx.execute(sql`update sales s set voided_at = t.at, updated_at = t.at from ${voids} t where s.tenant_id = ${tenantId} and s.id = t.id`);
    // tenant-access: as above
    await tx.execute(sql`update sale_payments p set created_at = t.at from ${sales} t where p.tenant_id = ${tenantId} and p.sale_id = t.id`);
    // tenant-access: as above
    await tx.execute(sql`update mpesa_codes m set created_at = t.at from ${sales} t where m.tenant_id = ${tenantId} and m.source_id = t.id`);
    // tenant-access: as above
    await tx.execute(sql`update stock_movements m set created_at = t.at from ${sales} t where m.tenant_id = ${tenantId} and m.source_id = t.id and m.source_type = 'sale'`);
    // tenant-access: as above
    await tx.execute(sql`update stock_movements m set created_at = t.at from ${voids} t where m.tenant_id = ${tenantId} and m.source_id = t.id and m.source_type <> 'sale'`);
    // tenant-access: as above
    await tx.execute(sql`update stock_movements m set created_at = t.at from ${returns} t where m.tenant_id = ${tenantId} and m.source_id = t.id`);
    // tenant-access: as above
    await tx.execute(sql`update account_entries e set occurred_at = t.at from ${sales} t where e.tenant_id = ${tenantId} and e.source_id = t.id`);
    // tenant-access: as above
    await tx.execute(sql`update account_open_items o set occurred_at = e.occurred_at from account_entries e, ${sales} t
                         where o.tenant_id = ${tenantId} and e.tenant_id = ${tenantId} and o.entry_id = e.id and e.source_id = t.id`);
    // tenant-access: as above
    await tx.execute(sql`update loyalty_entries l set occurred_at = t.at from ${sales} t where l.tenant_id = ${tenantId} and l.source_ref = t.id::text`);
    // tenant-access: as above
    await tx.execute(sql`update sale_returns r set created_at = t.at, updated_at = t.at from ${returns} t where r.tenant_id = ${tenantId} and r.id = t.id`);
    // tenant-access: as above
    await tx.execute(sql`update sale_refunds r set created_at = t.at from ${returns} t where r.tenant_id = ${tenantId} and r.return_id = t.id`);
    for (const till of tills) {
      if (!till.closedAt) continue;
      const openedAt = till.openedAt.toISOString();
      const closedAt = till.closedAt.toISOString();
      // tenant-access: as above; the ledger posts the top-up on its day (server/accounting/history.ts)
      await tx.execute(sql`update stock_movements set created_at = ${openedAt}::timestamptz
                           where tenant_id = ${tenantId} and source_type = 'demo_delivery' and source_id = ${till.deliveryId}::uuid`);
      // tenant-access: as above; the stored Z report carries the shift's times too
      await tx.execute(sql`update shifts set opened_at = ${openedAt}::timestamptz, closed_at = ${closedAt}::timestamptz, created_at = ${openedAt}::timestamptz, updated_at = ${closedAt}::timestamptz,
                                  z_report = z_report || jsonb_build_object('openedAt', ${openedAt}::text, 'closedAt', ${closedAt}::text, 'printedAt', ${closedAt}::text)
                           where tenant_id = ${tenantId} and id = ${till.shiftId}`);
      if (till.cashMovementAt) {
        // tenant-access: as above
        await tx.execute(sql`update shift_cash_movements set created_at = ${till.cashMovementAt.toISOString()}::timestamptz where tenant_id = ${tenantId} and shift_id = ${till.shiftId}`);
      }
    }
    // tenant-access: the trigger back on before the commit
    await tx.execute(sql`alter table shifts enable trigger shifts_closed_immutable`);
    // The summaries counted the documents today, when they were written: recount both days.
    await rebuildSummaryDaysOf(tx, [...saleTimes, ...returnTimes]);
  });
}

export interface DemoSalesStaff {
  managerId: string;
  cashierIds: string[];
}

/** The day `daysAgo` (1 = yesterday) on both tills, closed and moved to its date. */
export async function seedDemoSalesDay(database: Database, tenantId: string, staff: DemoSalesStaff, daysAgo: number, now: Date, options: DemoSalesOptions) {
  const shop = await readDemoShop(database, tenantId, staff);
  const tills: TillDay[] = [];
  for (const [index, till] of shop.tills.entries()) {
    const day = await runTillDay(database, shop, till, index, daysAgo, now, options);
    if (day) tills.push(day);
  }
  await redateDay(database, tenantId, tills);
}

/** Today on the main shop's Till 1: the sales up to now, its shift left open (opened this morning). */
export async function seedDemoSalesToday(database: Database, tenantId: string, staff: DemoSalesStaff, now: Date, options: DemoSalesOptions) {
  const shop = await readDemoShop(database, tenantId, staff);
  const [main] = shop.tills;
  if (!main) return;
  const today = await runTillDay(database, shop, main, 0, 0, now, options);
  if (!today) return;
  await redateDay(database, tenantId, [today]);
  const opened = new Date(Math.min(today.openedAt.getTime(), now.getTime())).toISOString();
  await database.platform.transaction(async (tx) => {
    // Row-level security is forced on the owner too: the demo shop's scope admits its shift.
    await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true)`);
    // tenant-access: the demo seed dates today's open shift to the morning (opened_at is append-only)
    await tx.execute(sql`update shifts set opened_at = ${opened}::timestamptz, created_at = ${opened}::timestamptz where tenant_id = ${tenantId} and id = ${today.shiftId}`);
  });
}

// ---------------------------------------------------------------- the whole history

/** Up to this many days are made during the seed itself; more go to the background job. */
export const DEMO_SALES_SYNC_DAYS = 3;
export const DEMO_SALES_JOB = 'demo.sales-history';

export interface DemoSalesHistory {
  tenantId: string;
  staff: DemoSalesStaff;
  days: number;
  /** The moment the history ends (the seed's "now"), so a rerun of the job makes the same days. */
  now: string;
  salesPerDay: number;
}

export interface DemoSalesProgress {
  totalDays: number;
  preparedDays: number;
}

const progressKey = (tenantId: string) => `demo_sales_history:${tenantId}`;

async function writeProgress(database: Database, tenantId: string, progress: DemoSalesProgress) {
  await database.platform.execute(
    sql`insert into platform_settings (key, value) values (${progressKey(tenantId)}, ${JSON.stringify(progress)}::jsonb)
        on conflict (key) do update set value = excluded.value`,
  );
}

/** How far the demo shop's history is (null: none is being made), for "Demo history is being prepared: N of 90 days". */
export async function readDemoSalesProgress(database: Database, tenantId: string): Promise<DemoSalesProgress | null> {
  const [row] = await queryRows<{ value: DemoSalesProgress }>(database.platform, sql`select value from platform_settings where key = ${progressKey(tenantId)}`);
  return row?.value ?? null;
}

/** Days already made: a closed shift opened on that day (a day is re-dated once it is whole). */
async function preparedDays(database: Database, tenantId: string, history: DemoSalesHistory): Promise<Set<number>> {
  const now = new Date(history.now);
  const rows = await database.withTenant(tenantId, (tx) =>
    queryRows<{ opened_at: string | Date }>(tx, sql`select opened_at from shifts where status = 'closed' and opened_at >= ${nairobiMidnight(now, history.days).toISOString()}::timestamptz`),
  );
  const done = new Set<number>();
  for (let daysAgo = 1; daysAgo <= history.days; daysAgo += 1) {
    const from = nairobiMidnight(now, daysAgo).getTime();
    if (rows.some((row) => new Date(row.opened_at).getTime() >= from && new Date(row.opened_at).getTime() < from + DAY_MS)) done.add(daysAgo);
  }
  return done;
}

/**
 * The history, oldest day first, then today (its shift left open). A rerun skips the days already
 * made, and a half-made day's sales are retried under their own ids (exactly once). Its documents
 * are posted to the ledger once they are on their days (postings are deferred while they are made).
 * `onDay` runs after each day and each batch of postings (the job keeps its lease there).
 */
export async function generateDemoSalesHistory(database: Database, history: DemoSalesHistory, onDay: () => Promise<void> = async () => {}) {
  await withPostingsDeferred(() => makeDemoSalesHistory(database, history, onDay));
  // The tables have grown by thousands of documents since their statistics were read (PGlite runs
  // no autovacuum): posting them on stale statistics took 4 minutes per 300 documents, not 1 s.
  await refreshPlannerStatistics(database);
  await postShopHistory(database, history.tenantId, onDay);
}

/** Days made between two refreshes of the planner's statistics while the history grows. */
const DAYS_PER_STATISTICS_REFRESH = 10;

async function makeDemoSalesHistory(database: Database, history: DemoSalesHistory, onDay: () => Promise<void>) {
  const { tenantId, staff, days } = history;
  const now = new Date(history.now);
  const options = { salesPerDay: history.salesPerDay };
  // The opening stock predates the history (it was written by the seed a moment ago).
  await database.platform.transaction(async (tx) => {
    // Row-level security is forced on the owner too (PostgreSQL): the demo shop's scope admits its rows.
    await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true)`);
    // tenant-access: the demo seed moves its opening stock before the history it generates
    await tx.execute(sql`update stock_movements set created_at = ${new Date(nairobiMidnight(now, days).getTime() - DAY_MS).toISOString()}::timestamptz
                         where tenant_id = ${tenantId} and kind = 'opening'`);
  });
  const done = await preparedDays(database, tenantId, history);
  await writeProgress(database, tenantId, { totalDays: days, preparedDays: done.size });
  for (let daysAgo = days; daysAgo >= 1; daysAgo -= 1) {
    if (done.has(daysAgo)) continue;
    await seedDemoSalesDay(database, tenantId, staff, daysAgo, now, options);
    done.add(daysAgo);
    if (done.size % DAYS_PER_STATISTICS_REFRESH === 0) await refreshPlannerStatistics(database);
    await writeProgress(database, tenantId, { totalDays: days, preparedDays: done.size });
    await onDay();
  }
  const [openToday] = await database.withTenant(tenantId, (tx) =>
    queryRows<{ id: string }>(tx, sql`select s.id from shifts s join registers r on r.id = s.register_id join locations l on l.id = r.location_id
                                      where s.status = 'open' and r.name = 'Till 1' and l.is_default`),
  );
  if (!openToday) await seedDemoSalesToday(database, tenantId, staff, now, options);
  // tenant-access: none; the progress row is a platform setting
  await database.platform.execute(sql`delete from platform_settings where key = ${progressKey(tenantId)}`);
}

/** The job that makes a long history after the server has started (DEMO_SALES_DAYS above DEMO_SALES_SYNC_DAYS). */
export function demoSalesJob(database: Database): JobDefinition {
  return {
    name: DEMO_SALES_JOB,
    handler: (context) => generateDemoSalesHistory(database, context.payload as unknown as DemoSalesHistory, () => context.extendLease()),
  };
}

/**
 * The demo shop's sales: a short history (≤ DEMO_SALES_SYNC_DAYS days) is made here, during the
 * seed; a longer one is queued for the background job, its progress readable at once.
 */
export async function seedDemoSales(database: Database, history: DemoSalesHistory, enqueue: (payload: DemoSalesHistory) => Promise<void>) {
  if (history.days <= 0) return;
  if (history.days <= DEMO_SALES_SYNC_DAYS) {
    await generateDemoSalesHistory(database, history);
    return;
  }
  await writeProgress(database, history.tenantId, { totalDays: history.days, preparedDays: 0 });
  await enqueue(history);
}
