import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  expenseInputSchema,
  goodsReceiptInputSchema,
  purchaseOrderInputSchema,
  recurringExpenseInputSchema,
  supplierPaymentInputSchema,
  supplierReturnInputSchema,
  type GoodsReceipt,
} from '../../core/purchases/purchases.schemas';
import { builtInPermissions } from '../../core/team/permissions.rules';
import { createExpense } from '../expenses/expenses.service';
import { createRecurringExpense, makeDueExpensesInShop } from '../expenses/recurring-expenses.service';
import type { AppDependencies } from '../http/context';
import { createGoodsReceipt } from '../purchases/goods-receipts.service';
import { cancelPurchaseOrder, closePurchaseOrder, createPurchaseOrder, getPurchaseOrder, markOrdered, recordSent } from '../purchases/purchase-orders.service';
import { getBill } from '../purchases/supplier-bills.service';
import { recordSupplierPayment, type PurchaseAuthor } from '../purchases/supplier-payments.service';
import { createSupplierReturn } from '../purchases/supplier-returns.service';
import { queryRows, type Database } from './client';
import { DEMO_SUPPLIERS } from './demo-contacts';
import { DEMO_PACK_UNITS } from './demo-catalog';

// The demo shop's purchases and expenses (issue 16, demo mode only, server/db/seed.ts), through the
// services the app uses, so stock, average costs, bills and the payable ledger agree:
// - preferred suppliers on the products, so the Reorder tab groups its suggestions;
// - deliveries over the last 90 days from the demo suppliers to both branches, of what the sales
//   history (server/db/demo-sales.ts, made afterwards by a job) then sells: each brings the days it
//   covers of the history's expected sales per item, so the history's own top-ups rarely fire and
//   receipts come before the sales (stock never goes below zero because of the seed). Invoiced at
//   the items' cost price with VAT claimed back, so average cost stays the cost price;
// - bills paid (by the van's M-Pesa or cash at the door, or later by bank), due, partly paid, overdue;
// - purchase orders in each state; two returns to suppliers; a month of expenses and monthly rent.
// The services stamp "now": every document is then moved to its day (as demo-sales does).

const DAY_MS = 24 * 60 * 60_000;
/** Sales history arithmetic (server/db/demo-sales.ts): lines per sale 1,1,2,2,2,3,3,4,5 and pieces per line 1,1,1,2,3. */
const LINES_PER_SALE = 23 / 9;
const PIECES_PER_LINE = 8 / 5;
const TILL_SHARES = [0.65, 0.35];

/** A supplier's deliveries: which items (by SKU prefix), how often, in which pack, and how they are paid. */
interface SupplierPlan {
  supplier: string;
  skuPrefixes: string[];
  everyDays: number;
  /** A pack of DEMO_PACK_UNITS the supplier delivers pieces in. */
  pack?: (typeof DEMO_PACK_UNITS)[number]['name'];
  payment: { mode: 'on_account' } | { mode: 'paid'; method: 'cash' | 'mpesa' };
}

/** Every product is the preferred supplier's of the first plan naming its SKU; Gikomba takes the rest (clothes excepted). */
export const DEMO_SUPPLY_PLANS: SupplierPlan[] = [
  { supplier: 'Brookside Dairy', skuPrefixes: ['BRK-', 'MILK-ATM'], everyDays: 21, payment: { mode: 'paid', method: 'mpesa' } },
  { supplier: 'Coca-Cola Nairobi Bottlers', skuPrefixes: ['COKE-', 'FANTA-', 'SPRITE-', 'MMAID-'], everyDays: 30, pack: 'Crate of 24', payment: { mode: 'on_account' } },
  { supplier: 'Unga Millers', skuPrefixes: ['JOGOO-', 'SOKO-', 'PEMBE-', 'EXE-'], everyDays: 30, pack: 'Bale', payment: { mode: 'on_account' } },
  { supplier: 'Bidco Oils', skuPrefixes: ['KIMBO-', 'ELIANTO-', 'FRESHFRI-', 'BLUEBAND-'], everyDays: 30, payment: { mode: 'on_account' } },
  { supplier: 'Mumias Sugar Agents', skuPrefixes: ['MUMIAS-', 'KABRAS-', 'KENSALT-'], everyDays: 30, payment: { mode: 'on_account' } },
  { supplier: 'Kenafric Sweets', skuPrefixes: ['TH-CRISPS-', 'MANJI-', 'NUVITA-', 'CADBURY-'], everyDays: 30, payment: { mode: 'on_account' } },
  { supplier: 'Kiambu Fresh Eggs', skuPrefixes: ['EGGS-'], everyDays: 21, payment: { mode: 'paid', method: 'cash' } },
  { supplier: 'Gikomba Wholesale Depot', skuPrefixes: [''], everyDays: 45, payment: { mode: 'on_account' } },
];
/** Fresh produce comes from the market each morning, not on a supplier's invoice: the history's top-ups bring it. */
const MARKET_SKU_PREFIXES = ['FP-'];
/** No supplier: the Reorder tab's "no preferred supplier" group. */
const UNSUPPLIED_SKU_PREFIXES = ['TSHIRT-'];

/** The history's span: deliveries reach back this far whatever its length. */
export const DEMO_PURCHASE_DAYS = 90;

/** A month of running costs (whole shillings), besides the rent. */
export const DEMO_EXPENSES: { daysAgo: number; category: string; description: string; kes: number; paidFrom: 'cash' | 'mpesa' | 'bank_transfer' | 'owner'; supplier?: string }[] = [
  { daysAgo: 27, category: 'Electricity', description: 'KPLC tokens, main shop', kes: 6500, paidFrom: 'mpesa' },
  { daysAgo: 25, category: 'Water', description: 'Nairobi Water bill, October', kes: 1850, paidFrom: 'mpesa' },
  { daysAgo: 24, category: 'Licences and permits', description: 'County single business permit, Westlands', kes: 15000, paidFrom: 'bank_transfer' },
  { daysAgo: 20, category: 'Transport', description: 'Pick-up hire from Gikomba', kes: 2500, paidFrom: 'cash', supplier: 'Gikomba Wholesale Depot' },
  { daysAgo: 16, category: 'Repairs and maintenance', description: 'Fridge compressor repair (fundi)', kes: 4800, paidFrom: 'cash' },
  { daysAgo: 14, category: 'Airtime and data', description: 'Safaricom data bundles for the tills', kes: 1000, paidFrom: 'mpesa' },
  { daysAgo: 10, category: 'Bank and M-Pesa charges', description: 'Till number charges, October', kes: 2340, paidFrom: 'mpesa' },
  { daysAgo: 3, category: 'Wages', description: 'Casual loader, stock day', kes: 1500, paidFrom: 'cash' },
  { daysAgo: 1, category: 'Electricity', description: 'KPLC tokens, Westlands branch', kes: 3000, paidFrom: 'owner' },
];
/** Rent on the 1st of each month, from the month before last: the recurring job has made two. */
export const DEMO_RENT = { description: 'Shop rent, Kangemi Road', kes: 45000, dayOfMonth: 1 } as const;

export interface DemoPurchasesContext {
  tenantId: string;
  managerId: string;
  /** The sales history the job makes afterwards (days 0: none), so deliveries bring what it sells. */
  history: { days: number; salesPerDay: number };
  now: Date;
}

interface Item {
  variantId: string;
  productId: string;
  sku: string;
  costMinor: number;
  productUnitId: string | null;
  /** Stock rows, by location id: on hand (thousandths) and whether at or below the reorder level. */
  stock: Map<string, { low: boolean }>;
}

interface Shop {
  tenantId: string;
  locationIds: string[];
  supplierIds: Map<string, string>;
  termsDays: Map<string, number>;
  packIds: Map<string, string>;
  pieceId: string;
  items: Item[];
  categoryIds: Map<string, string>;
}

/** The moments the services stamped "now", to be moved to their days at the end. */
interface Redating {
  receipts: Map<string, Date>;
  /** Ledger entries (bill charges, payments, credit notes) by id. */
  entries: Map<string, Date>;
  bills: Map<string, Date>;
  orders: Map<string, { createdAt: Date; orderedAt: Date | null; closedAt: Date | null }>;
  /** Stock movements by the document that made them. */
  movementSources: Map<string, Date>;
  expenses: Map<string, Date>;
  /** Returns to suppliers: their credit notes (and refunds) name them as their source. */
  returns: Map<string, Date>;
}

/** Midday in Nairobi `daysAgo` days before `now` (the demo's documents need only be right to the day). */
function dayAt(now: Date, daysAgo: number, hour = 10): Date {
  const nairobi = new Date(now.getTime() + 3 * 3_600_000);
  return new Date(Date.UTC(nairobi.getUTCFullYear(), nairobi.getUTCMonth(), nairobi.getUTCDate(), hour - 3) - daysAgo * DAY_MS);
}
const isoDay = (instant: Date) => new Date(instant.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);

/** A code in M-Pesa's shape (10 capitals and digits), the same for the same delivery. */
function mpesaCodeFor(name: string): string {
  const digest = createHash('sha256').update(name).digest();
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  return `S${Array.from(digest.subarray(0, 9), (byte) => alphabet[byte % alphabet.length]).join('')}`;
}

export function planOf(sku: string): SupplierPlan | null {
  if (UNSUPPLIED_SKU_PREFIXES.some((prefix) => sku.startsWith(prefix))) return null;
  return DEMO_SUPPLY_PLANS.find((plan) => plan.skuPrefixes.some((prefix) => sku.startsWith(prefix))) ?? null;
}

async function readShop(database: Database, tenantId: string): Promise<Shop> {
  return database.withTenant(tenantId, async (tx) => {
    const locations = await queryRows<{ id: string }>(tx, sql`select id from locations order by is_default desc, name`);
    const suppliers = await queryRows<{ id: string; name: string; terms: number }>(tx, sql`select id, name, supplier_payment_terms_days as terms from contacts where type = 'supplier'`);
    const units = await queryRows<{ id: string; name: string }>(tx, sql`select id, name from units`);
    const categories = await queryRows<{ id: string; name: string }>(tx, sql`select id, name from expense_categories`);
    const rows = await queryRows<{ variant_id: string; product_id: string; sku: string; cost_price_minor: number; unit_id: string | null; location_id: string | null; is_low: boolean | null }>(
      tx,
      sql`select v.id as variant_id, v.product_id, v.sku, v.cost_price_minor, p.unit_id, s.location_id, s.is_low
          from product_variants v join products p on p.id = v.product_id
          left join stock_levels s on s.variant_id = v.id
          where p.track_stock order by v.sku`,
    );
    const items = new Map<string, Item>();
    for (const row of rows) {
      const item = items.get(row.variant_id) ?? { variantId: row.variant_id, productId: row.product_id, sku: row.sku, costMinor: row.cost_price_minor, productUnitId: row.unit_id, stock: new Map() };
      if (row.location_id) item.stock.set(row.location_id, { low: Boolean(row.is_low) });
      items.set(row.variant_id, item);
    }
    const unitIds = new Map(units.map((unit) => [unit.name, unit.id]));
    return {
      tenantId,
      locationIds: locations.map((row) => row.id),
      supplierIds: new Map(suppliers.map((row) => [row.name, row.id])),
      termsDays: new Map(suppliers.map((row) => [row.name, row.terms])),
      packIds: unitIds,
      pieceId: unitIds.get('Piece') ?? '',
      items: [...items.values()],
      categoryIds: new Map(categories.map((row) => [row.name, row.id])),
    };
  });
}

async function setPreferredSuppliers(database: Database, shop: Shop) {
  const byProduct = new Map<string, string>();
  for (const item of shop.items) {
    const plan = planOf(item.sku);
    const supplierId = plan ? shop.supplierIds.get(plan.supplier) : undefined;
    if (supplierId) byProduct.set(item.productId, supplierId);
  }
  const pairs = sql.join([...byProduct].map(([productId, supplierId]) => sql`(${productId}::uuid, ${supplierId}::uuid)`), sql`, `);
  await database.withTenant(shop.tenantId, (tx) => tx.execute(sql`update products p set preferred_supplier_id = t.supplier_id from (values ${pairs}) as t(product_id, supplier_id) where p.id = t.product_id`));
}

/**
 * What one delivery brings of an item, in stock units: the history's expected sales of it at the
 * location over the days the delivery covers (it arrived `daysAgo`, the next comes `everyDays`
 * later), at least a dozen; in whole packs when the supplier delivers in packs.
 */
export function deliveryPieces(context: DemoPurchasesContext, itemsAtLocation: number, locationIndex: number, daysAgo: number, everyDays: number, packPieces: number): number {
  let coveredDays = 0;
  for (let day = daysAgo; day > daysAgo - everyDays; day -= 1) if (day >= 1 && day <= context.history.days) coveredDays += 1;
  const perDay = (context.history.salesPerDay * (TILL_SHARES[locationIndex] ?? 0) * LINES_PER_SALE * PIECES_PER_LINE) / Math.max(1, itemsAtLocation);
  const pieces = Math.max(12, Math.ceil(coveredDays * perDay));
  return Math.ceil(pieces / packPieces) * packPieces;
}

/** The van at the door: one delivery of a supplier's items at one branch, received and billed (or paid) through the service. */
async function deliver(database: Database, author: PurchaseAuthor, shop: Shop, plan: SupplierPlan, lines: { item: Item; pieces: number }[], locationId: string, at: Date, redating: Redating, extra: { orderId?: string; orderLineIds?: Map<string, string> } = {}) {
  const supplierId = shop.supplierIds.get(plan.supplier)!;
  const pack = plan.pack ? DEMO_PACK_UNITS.find((unit) => unit.name === plan.pack)! : null;
  const invoice = `${plan.supplier.slice(0, 3).toUpperCase()}-${isoDay(at).replaceAll('-', '')}-${shop.locationIds.indexOf(locationId) + 1}`;
  const payment =
    plan.payment.mode === 'on_account'
      ? { mode: 'on_account' as const, dueDate: isoDay(new Date(at.getTime() + (shop.termsDays.get(plan.supplier) ?? 0) * DAY_MS)) }
      : { mode: 'paid' as const, method: plan.payment.method, reference: plan.payment.method === 'mpesa' ? mpesaCodeFor(`${shop.tenantId}:${invoice}`) : null };
  const input = goodsReceiptInputSchema.parse({
    supplierId,
    locationId,
    orderId: extra.orderId ?? null,
    supplierInvoiceNumber: invoice,
    supplierInvoiceDate: isoDay(at),
    // The demo shop claims its input VAT back: stock is carried at cost excluding VAT.
    vatClaimable: true,
    lines: lines.map(({ item, pieces }) => {
      const inPacks = pack !== null && item.productUnitId === shop.pieceId;
      return {
        variantId: item.variantId,
        orderLineId: extra.orderLineIds?.get(item.variantId) ?? null,
        unitId: inPacks ? shop.packIds.get(pack.name)! : null,
        quantityMilli: (inPacks ? pieces / pack.pieces : pieces) * 1000,
        unitCostMinor: item.costMinor * (inPacks ? pack.pieces : 1),
      };
    }),
    payment,
  });
  const receipt = await createGoodsReceipt(database, author, input);
  await noteReceipt(database, shop.tenantId, receipt, at, redating);
  return receipt;
}

/** Its bill, its charge and (paid at the door) the payment, to be moved to the receipt's time. */
async function noteReceipt(database: Database, tenantId: string, receipt: GoodsReceipt, at: Date, redating: Redating) {
  redating.receipts.set(receipt.id, at);
  redating.movementSources.set(receipt.id, at);
  if (!receipt.bill) return;
  const bill = await getBill(database, tenantId, receipt.bill.id);
  redating.bills.set(bill.id, at);
  redating.entries.set(bill.entryId, at);
  for (const payment of bill.payments) redating.entries.set(payment.entryId, at);
}

interface Delivered {
  plan: SupplierPlan;
  receipt: GoodsReceipt;
  daysAgo: number;
}

/** Every supplier's round of deliveries to both branches, oldest first, of the items the history sells there. */
async function deliverHistory(database: Database, author: PurchaseAuthor, shop: Shop, context: DemoPurchasesContext, redating: Redating): Promise<Delivered[]> {
  const schedule: { plan: SupplierPlan; locationIndex: number; daysAgo: number }[] = [];
  for (const plan of DEMO_SUPPLY_PLANS) {
    shop.locationIds.forEach((_, locationIndex) => {
      // The branches' vans come on different days; the last delivery a few days before today.
      for (let daysAgo = DEMO_PURCHASE_DAYS - locationIndex * 3; daysAgo >= 2; daysAgo -= plan.everyDays) schedule.push({ plan, locationIndex, daysAgo });
    });
  }
  schedule.sort((a, b) => b.daysAgo - a.daysAgo || a.locationIndex - b.locationIndex);
  const delivered: Delivered[] = [];
  for (const { plan, locationIndex, daysAgo } of schedule) {
    const locationId = shop.locationIds[locationIndex]!;
    // What the history sells at the location: stocked there and not seeded low (the low-stock example stays low).
    const sold = shop.items.filter((item) => item.stock.has(locationId) && !item.stock.get(locationId)!.low);
    const lines = sold
      .filter((item) => planOf(item.sku) === plan && !MARKET_SKU_PREFIXES.some((prefix) => item.sku.startsWith(prefix)))
      .map((item) => {
        const packPieces = plan.pack && item.productUnitId === shop.pieceId ? DEMO_PACK_UNITS.find((unit) => unit.name === plan.pack)!.pieces : 1;
        return { item, pieces: deliveryPieces(context, sold.length, locationIndex, daysAgo, plan.everyDays, packPieces) };
      });
    if (lines.length === 0) continue;
    const receipt = await deliver(database, author, shop, plan, lines, locationId, dayAt(context.now, daysAgo, 8 + locationIndex), redating);
    delivered.push({ plan, receipt, daysAgo });
  }
  return delivered;
}

/** How each supplier on account has been paid: in full what fell due before `paidDueDaysAgo`, and the rest as `rest` says. */
const PAYMENT_HABITS: Record<string, { paidDueDaysAgo: number; rest: 'unpaid' | 'half' | 'half_of_latest' }> = {
  // Behind: two bills overdue, nothing paid on them.
  'Bidco Oils': { paidDueDaysAgo: 45, rest: 'unpaid' },
  // Paying in instalments: half of each bill that fell due since (overdue, partly paid).
  'Unga Millers': { paidDueDaysAgo: 45, rest: 'half' },
  // Paid ahead: half of the latest bill before it is due (partly paid).
  'Kenafric Sweets': { paidDueDaysAgo: 14, rest: 'half_of_latest' },
};
const USUAL_HABIT = { paidDueDaysAgo: 14, rest: 'unpaid' } as const;

/** Yesterday's payments by bank transfer, one per supplier over the bills picked (PAYMENT_HABITS). */
async function payBills(database: Database, author: PurchaseAuthor, shop: Shop, delivered: Delivered[], context: DemoPurchasesContext, redating: Redating) {
  for (const plan of DEMO_SUPPLY_PLANS) {
    if (plan.payment.mode !== 'on_account') continue;
    const habit = PAYMENT_HABITS[plan.supplier] ?? USUAL_HABIT;
    const paidBefore = isoDay(dayAt(context.now, habit.paidDueDaysAgo));
    const bills = delivered.filter((delivery) => delivery.plan === plan).flatMap((delivery) => (delivery.receipt.bill ? [delivery.receipt.bill] : []));
    const latest = bills.at(-1);
    const picks = bills.flatMap((bill) => {
      if (bill.dueDate < paidBefore) return [{ billId: bill.id, amountMinor: bill.openMinor }];
      if (habit.rest === 'half' || (habit.rest === 'half_of_latest' && bill === latest)) return [{ billId: bill.id, amountMinor: halfOf(bill.openMinor) }];
      return [];
    });
    if (picks.length === 0) continue;
    const payment = await recordSupplierPayment(
      database,
      author,
      supplierPaymentInputSchema.parse({
        supplierId: shop.supplierIds.get(plan.supplier),
        amountMinor: picks.reduce((sum, pick) => sum + pick.amountMinor, 0),
        method: 'bank_transfer',
        reference: `EFT ${plan.supplier.slice(0, 3).toUpperCase()} ${isoDay(dayAt(context.now, 1)).replaceAll('-', '')}`,
        bills: picks,
      }),
    );
    redating.entries.set(payment.entryId, dayAt(context.now, 1, 15));
  }
}

/** Whole shillings, about half. */
const halfOf = (minor: number) => Math.floor(minor / 200) * 100;

/**
 * One order in each state, from the suppliers' items at the main shop: a draft of snacks; Coca-Cola
 * ordered (sent) 2 days ago; Unga Millers partly received; Bidco received in full; Mumias closed
 * with a line short; Kiambu's eggs cancelled.
 */
async function seedOrders(database: Database, author: PurchaseAuthor, shop: Shop, context: DemoPurchasesContext, redating: Redating) {
  const main = shop.locationIds[0]!;
  const itemsOf = (supplier: string, count: number) =>
    shop.items.filter((item) => planOf(item.sku)?.supplier === supplier && item.stock.has(main) && !item.stock.get(main)!.low).slice(0, count);
  const create = async (supplier: string, items: Item[], pieces: number, daysAgo: number, note: string | null) => {
    const order = await createPurchaseOrder(
      database,
      author,
      purchaseOrderInputSchema.parse({
        supplierId: shop.supplierIds.get(supplier),
        locationId: main,
        expectedDate: isoDay(dayAt(context.now, daysAgo - 5)),
        note,
        lines: items.map((item) => ({ variantId: item.variantId, quantityMilli: pieces * 1000, unitCostMinor: item.costMinor })),
      }),
    );
    redating.orders.set(order.id, { createdAt: dayAt(context.now, daysAgo, 9), orderedAt: null, closedAt: null });
    return order;
  };
  const ordered = (orderId: string, daysAgo: number) => {
    redating.orders.get(orderId)!.orderedAt = dayAt(context.now, daysAgo, 10);
  };
  const receiveAgainst = async (supplier: string, orderId: string, share: (index: number) => number, daysAgo: number) => {
    const order = await getPurchaseOrder(database, author, orderId);
    const plan = DEMO_SUPPLY_PLANS.find((candidate) => candidate.supplier === supplier)!;
    const lines = order.lines
      .map((line, index) => ({ item: shop.items.find((item) => item.variantId === line.variantId)!, pieces: Math.round((line.orderedStockMilli / 1000) * share(index)) }))
      .filter((line) => line.pieces > 0);
    await deliver(database, author, shop, { ...plan, pack: undefined, payment: { mode: 'on_account' } }, lines, main, dayAt(context.now, daysAgo, 11), redating, {
      orderId,
      orderLineIds: new Map(order.lines.map((line) => [line.variantId, line.id])),
    });
  };

  await create('Kenafric Sweets', itemsOf('Kenafric Sweets', 3), 24, 0, 'For the school holidays');

  const sent = await create('Coca-Cola Nairobi Bottlers', itemsOf('Coca-Cola Nairobi Bottlers', 4), 48, 2, null);
  await recordSent(database, author, sent.id);
  ordered(sent.id, 2);

  const partly = await create('Unga Millers', itemsOf('Unga Millers', 3), 36, 10, null);
  await markOrdered(database, author, partly.id);
  ordered(partly.id, 10);
  // The first line came in full, the second half, the third not yet.
  await receiveAgainst('Unga Millers', partly.id, (index) => [1, 0.5, 0][index] ?? 0, 6);

  const full = await create('Bidco Oils', itemsOf('Bidco Oils', 3), 12, 20, null);
  await markOrdered(database, author, full.id);
  ordered(full.id, 20);
  await receiveAgainst('Bidco Oils', full.id, () => 1, 15);

  const closed = await create('Mumias Sugar Agents', itemsOf('Mumias Sugar Agents', 2), 20, 40, 'Kabras short at the depot');
  await markOrdered(database, author, closed.id);
  ordered(closed.id, 40);
  await receiveAgainst('Mumias Sugar Agents', closed.id, (index) => (index === 0 ? 1 : 0.5), 35);
  await closePurchaseOrder(database, author, closed.id);
  redating.orders.get(closed.id)!.closedAt = dayAt(context.now, 30, 12);

  const cancelled = await create('Kiambu Fresh Eggs', itemsOf('Kiambu Fresh Eggs', 1), 10, 12, 'Ordered twice by phone');
  await markOrdered(database, author, cancelled.id);
  ordered(cancelled.id, 12);
  await cancelPurchaseOrder(database, author, cancelled.id);
}

/** Two returns to suppliers from their latest deliveries at the main shop: damaged yoghurt (a credit) and expired biscuits (refunded in cash). */
export const DEMO_RETURNS = [
  { supplier: 'Brookside Dairy', sku: 'BRK-YOG-STR-250', pieces: 6, reason: 'damaged', settlement: 'credit' },
  { supplier: 'Kenafric Sweets', sku: 'MANJI-NICE-100', pieces: 4, reason: 'expired', settlement: 'refund' },
] as const;

async function seedReturns(database: Database, author: PurchaseAuthor, shop: Shop, delivered: Delivered[], context: DemoPurchasesContext, redating: Redating) {
  for (const planned of DEMO_RETURNS) {
    const delivery = delivered.filter((candidate) => candidate.plan.supplier === planned.supplier && candidate.receipt.location.id === shop.locationIds[0]).at(-1)!;
    const line = delivery.receipt.lines.find((candidate) => candidate.sku === planned.sku)!;
    const created = await createSupplierReturn(
      database,
      author,
      supplierReturnInputSchema.parse({
        receiptId: delivery.receipt.id,
        reason: planned.reason,
        settlement: planned.settlement,
        refundMethod: planned.settlement === 'refund' ? 'cash' : null,
        lines: [{ receiptLineId: line.id, quantityMilli: planned.pieces * 1000 }],
      }),
    );
    const at = dayAt(context.now, delivery.daysAgo - 1, 16);
    redating.returns.set(created.id, at);
    redating.movementSources.set(created.id, at);
  }
}

/** A month of running costs through the expenses service, and the rent as a recurring expense the job makes. */
async function seedExpenses(deps: Pick<AppDependencies, 'database' | 'config'>, author: PurchaseAuthor, shop: Shop, context: DemoPurchasesContext, redating: Redating) {
  for (const expense of DEMO_EXPENSES) {
    const at = dayAt(context.now, expense.daysAgo, 14);
    const created = await createExpense(
      deps,
      author,
      expenseInputSchema.parse({
        categoryId: shop.categoryIds.get(expense.category),
        expenseDate: isoDay(at),
        description: expense.description,
        amountMinor: expense.kes * 100,
        supplierId: expense.supplier ? shop.supplierIds.get(expense.supplier) : null,
        paidFrom: expense.paidFrom,
        reference: expense.paidFrom === 'mpesa' ? mpesaCodeFor(`${shop.tenantId}:${expense.description}`) : null,
      }),
    );
    redating.expenses.set(created.id, at);
  }
  const monthBeforeLast = new Date(Date.UTC(context.now.getUTCFullYear(), context.now.getUTCMonth() - 1, DEMO_RENT.dayOfMonth));
  await createRecurringExpense(
    deps.database,
    author,
    recurringExpenseInputSchema.parse({
      categoryId: shop.categoryIds.get('Rent'),
      description: DEMO_RENT.description,
      amountMinor: DEMO_RENT.kes * 100,
      paidFrom: 'bank_transfer',
      frequency: 'monthly',
      dayOfMonth: DEMO_RENT.dayOfMonth,
      startDate: isoDay(monthBeforeLast),
    }),
  );
  // What the hourly job would do at once: last month's and this month's rent.
  await deps.database.withTenant(shop.tenantId, (tx) => makeDueExpensesInShop(tx, shop.tenantId, context.now));
}

/**
 * Moves the documents to their days. Receipts, bills and ledger entries are history the app role
 * may not change; this runs as the database owner in the demo shop's scope, naming the demo shop in
 * every statement too (as server/db/demo-sales.ts does for the sales history).
 */
async function redate(database: Database, tenantId: string, redating: Redating) {
  const pairs = (map: Map<string, Date>) => {
    const ids = [...map.keys()];
    return sql`(select * from unnest(${`{${ids.join(',')}}`}::uuid[], ${`{${ids.map((id) => map.get(id)!.toISOString()).join(',')}}`}::timestamptz[]) as t(id, at))`;
  };
  const orders = [...redating.orders];
  const orderTimes = (pick: (times: { createdAt: Date; orderedAt: Date | null; closedAt: Date | null }) => Date | null) =>
    new Map(orders.flatMap(([id, times]) => (pick(times) ? [[id, pick(times)!] as const] : [])));
  await database.platform.transaction(async (tx) => {
    // Row-level security is forced on the owner too: the demo shop's scope admits its rows.
    await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true)`);
    // tenant-access: the demo seed dates its own purchase history (append-only columns), in the demo shop only
    await tx.execute(sql`update goods_receipts r set received_at = t.at from ${pairs(redating.receipts)} t where r.tenant_id = ${tenantId} and r.id = t.id`);
    // tenant-access: as above
    await tx.execute(sql`update stock_movements m set created_at = t.at from ${pairs(redating.movementSources)} t where m.tenant_id = ${tenantId} and m.source_id = t.id`);
    // tenant-access: as above
    await tx.execute(sql`update supplier_bills b set created_at = t.at from ${pairs(redating.bills)} t where b.tenant_id = ${tenantId} and b.id = t.id`);
    // tenant-access: as above
    await tx.execute(sql`update account_entries e set occurred_at = t.at from ${pairs(redating.entries)} t where e.tenant_id = ${tenantId} and e.id = t.id`);
    // tenant-access: as above
    await tx.execute(sql`update account_open_items o set occurred_at = t.at from ${pairs(redating.entries)} t where o.tenant_id = ${tenantId} and o.entry_id = t.id`);
    // tenant-access: as above; an allocation happened when its payment (the credit) did
    await tx.execute(sql`update account_allocations a set created_at = t.at from ${pairs(redating.entries)} t where a.tenant_id = ${tenantId} and a.credit_entry_id = t.id`);
    // tenant-access: as above
    await tx.execute(sql`update supplier_returns r set created_at = t.at from ${pairs(redating.returns)} t where r.tenant_id = ${tenantId} and r.id = t.id`);
    // tenant-access: as above
    await tx.execute(sql`update account_entries e set occurred_at = t.at from ${pairs(redating.returns)} t where e.tenant_id = ${tenantId} and e.source_id = t.id`);
    // tenant-access: as above
    await tx.execute(sql`update account_open_items o set occurred_at = e.occurred_at from account_entries e, ${pairs(redating.returns)} t
                         where o.tenant_id = ${tenantId} and e.tenant_id = ${tenantId} and o.entry_id = e.id and e.source_id = t.id`);
    // tenant-access: as above
    await tx.execute(sql`update expenses x set created_at = t.at from ${pairs(redating.expenses)} t where x.tenant_id = ${tenantId} and x.id = t.id`);
    // tenant-access: as above
    await tx.execute(sql`update purchase_orders o set created_at = t.at, updated_at = t.at from ${pairs(orderTimes((times) => times.createdAt))} t where o.tenant_id = ${tenantId} and o.id = t.id`);
    // tenant-access: as above
    await tx.execute(sql`update purchase_orders o set ordered_at = t.at, sent_at = case when o.sent_at is null then null else t.at end, updated_at = t.at
                         from ${pairs(orderTimes((times) => times.orderedAt))} t where o.tenant_id = ${tenantId} and o.id = t.id`);
    // tenant-access: as above
    await tx.execute(sql`update purchase_orders o set closed_at = t.at, updated_at = t.at from ${pairs(orderTimes((times) => times.closedAt))} t where o.tenant_id = ${tenantId} and o.id = t.id`);
  });
}

/** The demo shop's purchases and expenses (see the top of this file); `now` is the seed's. */
export async function seedDemoPurchases(deps: Pick<AppDependencies, 'database' | 'config'>, context: DemoPurchasesContext) {
  const { database } = deps;
  const shop = await readShop(database, context.tenantId);
  for (const supplier of DEMO_SUPPLIERS) if (!shop.supplierIds.has(supplier.name)) throw new Error(`The demo shop has no supplier ${supplier.name}`);
  const author: PurchaseAuthor = { tenantId: context.tenantId, userId: context.managerId, requestKey: null, permissions: builtInPermissions('manager') };
  const redating: Redating = { receipts: new Map(), entries: new Map(), bills: new Map(), orders: new Map(), movementSources: new Map(), expenses: new Map(), returns: new Map() };
  await setPreferredSuppliers(database, shop);
  const delivered = await deliverHistory(database, author, shop, context, redating);
  await seedOrders(database, author, shop, context, redating);
  await payBills(database, author, shop, delivered, context, redating);
  await seedReturns(database, author, shop, delivered, context, redating);
  await seedExpenses(deps, author, shop, context, redating);
  await redate(database, context.tenantId, redating);
}
