import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { createTestShop, type ShopRole, type TestShop } from '../../tests/support/catalog-shop';
import type { TestApp, TestResponse } from '../../tests/support/test-app';
import type { TaxClass } from '../../core/products/tax.rules';
import { queryRows } from '../db/client';
import { proportionOf } from '../sales/returns.service';

// For the ledger's integrity property test (issue 17, R7; not a test file itself): a shop whose
// every document is made through the HTTP API, random operations on it drawn from a seeded
// generator (so a failing seed replays the same operations), and the ledger's invariants as a list
// of violations read straight from the database.

// ─── Seeded randomness ───────────────────────────────────────────────────────────────────────────

export interface Random {
  /** In [0, 1). */
  next(): number;
  /** A whole number in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

/** mulberry32: a tiny 32-bit generator, the same sequence for the same seed on every machine. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { next, int, pick: (items) => items[int(0, items.length - 1)]!, chance: (probability) => next() < probability };
}

// ─── The shop ────────────────────────────────────────────────────────────────────────────────────

interface Product {
  name: string;
  variantId: string;
  taxClass: TaxClass;
  costMinor: number;
  /** Sold by weight or volume: quantities with decimals. */
  decimals: boolean;
  /** A lower bound of the stock at the main shop, kept by the operations (sales stay well inside it). */
  stockMilli: number;
}

interface SaleLineState {
  id: string;
  variantId: string;
  quantityMilli: number;
  totalMinor: number;
  returnedMilli: number;
}

interface SaleState {
  id: string;
  shiftId: string;
  lines: SaleLineState[];
  /** Per tender: paid by the sale, less what its returns refunded to it. */
  leftByTender: Map<string, number>;
  returned: boolean;
  voided: boolean;
}

interface ReceiptLineState {
  id: string;
  variantId: string;
  quantityMilli: number;
  returnedMilli: number;
}

interface OrderState {
  id: string;
  supplierId: string;
  lines: { id: string; variantId: string; outstandingMilli: number; unitCostMinor: number }[];
}

interface TransferState {
  id: string;
  lines: { variantId: string; inTransitMilli: number }[];
}

interface ExpenseState {
  id: string;
  shiftId: string | null;
  voided: boolean;
}

export interface LedgerWorld {
  testApp: TestApp;
  shop: TestShop;
  tenantId: string;
  mainId: string;
  branchId: string;
  registerId: string;
  shiftId: string;
  products: Product[];
  customers: string[];
  suppliers: string[];
  expenseCategories: string[];
  sales: SaleState[];
  receipts: { id: string; lines: ReceiptLineState[] }[];
  orders: OrderState[];
  transfers: TransferState[];
  expenses: ExpenseState[];
  giftCards: { id: string; code: string }[];
  /** Manual entries posted (they have no source document to count them by), and those reversed. */
  manualEntries: string[];
  reversedEntries: string[];
  /** M-Pesa codes made so far (each is used once in a shop). */
  codeSequence: number;
}

/** Today in Nairobi (the shop's time zone): documents and manual entries are dated today. */
function shopToday(): string {
  return new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
}

/** A refusal (4xx): among operations run at once, one may rightly refuse what another just changed. */
class RefusedError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The answer's JSON when its status is 2xx; otherwise an error naming the step and the answer. */
function ok<T = any>(response: TestResponse, label: string): T {
  const message = `${label}: HTTP ${response.status} ${response.text.slice(0, 600)}`;
  if (response.status >= 400 && response.status < 500) throw new RefusedError(message, response.status);
  if (response.status < 200 || response.status > 299) throw new Error(message);
  return response.text ? response.json<T>() : (undefined as T);
}

interface CallOptions {
  body?: unknown;
  as?: ShopRole;
  /** A create: sent with a new Idempotency-Key, or with `key` (a retry sends the same one). */
  create?: boolean;
  key?: string;
}

async function call<T = any>(world: Pick<LedgerWorld, 'shop'>, label: string, method: string, path: string, options: CallOptions = {}): Promise<T> {
  const idempotencyKey = options.key ?? (options.create ? randomUUID() : undefined);
  return ok<T>(await world.shop.call(method, path, { body: options.body, as: options.as ?? 'manager', idempotencyKey }), label);
}

/**
 * The request, or now and then the same request twice at once (a till or a browser retrying
 * before the first answer came): the document is written, and posted, once either way.
 */
async function callMaybeTwice<T = any>(world: LedgerWorld, twice: boolean, label: string, method: string, path: string, options: CallOptions): Promise<T> {
  if (!twice) return call<T>(world, label, method, path, options);
  const sent = { ...options, key: options.key ?? (options.create ? randomUUID() : undefined) };
  const [first] = await Promise.all([call<T>(world, label, method, path, sent), call<T>(world, `${label} (sent again)`, method, path, sent)]);
  return first;
}

const PRODUCTS: { name: string; taxClass: TaxClass; unit: 'Kilogram' | 'Litre' | null; priceMinor: number; costMinor: number; openingMilli: number }[] = [
  { name: 'Geisha soap 225 g', taxClass: 'standard', unit: null, priceMinor: 12_000, costMinor: 7_351, openingMilli: 300_000 },
  { name: 'Kabras sugar 1 kg', taxClass: 'standard', unit: null, priceMinor: 16_550, costMinor: 13_275, openingMilli: 200_000 },
  { name: 'Mwea pishori rice (loose)', taxClass: 'exempt', unit: 'Kilogram', priceMinor: 22_000, costMinor: 17_999, openingMilli: 150_000 },
  { name: 'Brookside milk 500 ml', taxClass: 'zero_rated', unit: null, priceMinor: 6_500, costMinor: 5_233, openingMilli: 240_000 },
  { name: 'Kerosene', taxClass: 'reduced', unit: 'Litre', priceMinor: 15_990, costMinor: 13_333, openingMilli: 100_000 },
  // Comes in only by deliveries.
  { name: 'Soda 500 ml', taxClass: 'standard', unit: null, priceMinor: 8_000, costMinor: 5_500, openingMilli: 0 },
];

/**
 * A new shop (trial: every feature), set up through the API only: a second location, a shift open
 * at the register, three customers, two suppliers, and products in every VAT band whose opening
 * stock is a document that posts (products created with it), never the test factories' stock.
 */
export async function createLedgerWorld(testApp: TestApp): Promise<LedgerWorld> {
  const shop = await createTestShop(testApp);
  const base = { shop };
  const registerId = (await call(base, 'registers', 'GET', '/api/registers')).items[0].id as string;
  const shift = await call(base, 'open shift', 'POST', '/api/shifts', { as: 'cashier', create: true, body: { registerId, openingFloatMinor: 500_000 } });
  const branch = await call(base, 'add location', 'POST', '/api/locations', { as: 'owner', create: true, body: { name: 'Westlands store' } });
  const units = (await call(base, 'units', 'GET', '/api/units')).items as { id: string; name: string }[];
  const customers: string[] = [];
  for (const name of ['Wanjiru Kamau', 'Otieno Hardware', 'Mama Mboga Akinyi']) {
    customers.push((await call(base, 'add customer', 'POST', '/api/contacts', { create: true, body: { name, type: 'customer', creditLimitMinor: 100_000_000, customerPaymentTermsDays: 30 } })).id);
  }
  const suppliers: string[] = [];
  for (const name of ['Mombasa Distributors', 'Nakuru Millers']) {
    suppliers.push((await call(base, 'add supplier', 'POST', '/api/contacts', { create: true, body: { name, type: 'supplier', supplierPaymentTermsDays: 30 } })).id);
  }
  const products: Product[] = [];
  for (const spec of PRODUCTS) {
    const unitId = spec.unit ? units.find((unit) => unit.name === spec.unit)!.id : null;
    const product = await call(base, `add product ${spec.name}`, 'POST', '/api/products', {
      as: 'owner',
      create: true,
      body: {
        name: spec.name,
        taxClass: spec.taxClass,
        unitId,
        variants: [
          {
            sellingPriceMinor: spec.priceMinor,
            costPriceMinor: spec.costMinor,
            openingStock: spec.openingMilli > 0 ? [{ locationId: shop.defaultLocationId, quantityMilli: spec.openingMilli }] : [],
          },
        ],
      },
    });
    products.push({
      name: spec.name,
      variantId: product.variants[0].id,
      taxClass: spec.taxClass,
      costMinor: spec.costMinor,
      decimals: spec.unit !== null,
      stockMilli: spec.openingMilli,
    });
  }
  const categories = (await call(base, 'expense categories', 'GET', '/api/expense-categories')).items as { id: string }[];
  return {
    testApp,
    shop,
    tenantId: shop.tenant.id,
    mainId: shop.defaultLocationId,
    branchId: branch.id,
    registerId,
    shiftId: shift.id,
    products,
    customers,
    suppliers,
    expenseCategories: categories.map((category) => category.id),
    sales: [],
    receipts: [],
    orders: [],
    transfers: [],
    expenses: [],
    giftCards: [],
    manualEntries: [],
    reversedEntries: [],
    codeSequence: 0,
  };
}

/** A fresh M-Pesa code for this shop (10 letters and digits). */
function mpesaCode(world: LedgerWorld, random: Random): string {
  world.codeSequence += 1;
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const prefix = Array.from({ length: 4 }, () => random.pick([...letters])).join('');
  return `${prefix}${String(world.codeSequence).padStart(6, '0')}`;
}

// ─── Operations ──────────────────────────────────────────────────────────────────────────────────

/** What an operation does once planned; its answer updates the world once every step of its batch is back. */
interface PlannedStep {
  label: string;
  run(): Promise<() => void>;
}

interface Operation {
  name: string;
  weight: number;
  /** Runs alone, never beside other operations (a shift close: what follows needs the next shift). */
  solo?: boolean;
  /** Null when the world has nothing for it yet. `busy` holds what the batch's other steps use. */
  plan(world: LedgerWorld, random: Random, busy: Set<string>): PlannedStep | null;
}

const take = (busy: Set<string>, key: string) => (busy.has(key) ? false : (busy.add(key), true));

/** A quantity to sell, return or move: whole units, or a weight with grams for loose goods. */
const someQuantity = (random: Random, product: Product, maxUnits: number) => (product.decimals ? random.int(25, maxUnits * 100) * 10 : random.int(1, maxUnits) * 1000);

function sellable(world: LedgerWorld) {
  return world.products.filter((product) => product.stockMilli >= 60_000);
}

const saleOperation: Operation = {
  name: 'sale',
  weight: 10,
  plan(world, random, busy) {
    const candidates = sellable(world);
    if (candidates.length === 0) return null;
    const chosen = [...new Set(Array.from({ length: random.int(1, 3) }, () => random.pick(candidates)))];
    const lines = chosen.map((product, index) => {
      const quantityMilli = someQuantity(random, product, 3);
      product.stockMilli -= quantityMilli;
      const discount =
        index === 0 && random.chance(0.25) ? (random.chance(0.5) ? { type: 'percent', bps: random.int(100, 1000) } : { type: 'amount', amountMinor: random.int(1, 500) }) : null;
      return { variantId: product.variantId, quantityMilli, unitId: null, unitPriceMinor: null, discount };
    });
    const cartDiscount = random.chance(0.15) ? { type: 'percent', bps: random.int(100, 1000) } : null;
    const cards = world.giftCards.filter((card) => !busy.has(`card:${card.id}`));
    const tender = random.pick(['cash', 'cash', 'split', 'mpesa', 'card', 'account', 'account', ...(cards.length > 0 ? ['gift_card', 'gift_card'] : [])] as const);
    const card = tender === 'gift_card' ? random.pick(cards) : null;
    if (card) busy.add(`card:${card.id}`);
    const customerId = tender === 'account' || random.chance(0.25) ? random.pick(world.customers) : null;
    const code = mpesaCode(world, random);
    const split = random.int(10, 40);
    const change = random.chance(0.5) ? random.int(0, 50) * 100 : 0;
    const saleId = randomUUID();
    const twice = random.chance(0.15);
    return {
      label: `sale ${saleId} (${tender}, ${lines.length} lines${cartDiscount ? ', cart discount' : ''}${twice ? ', sent twice' : ''})`,
      async run() {
        const quote = await call(world, 'quote', 'POST', '/api/sales/quote', { as: 'cashier', body: { registerId: world.registerId, customerId, lines, cartDiscount } });
        const total: number = quote.totalMinor;
        const payments: Record<string, unknown>[] = [];
        if (tender === 'cash') payments.push({ tender: 'cash', amountMinor: total, tenderedMinor: total + change });
        if (tender === 'split') {
          const mpesa = Math.max(1, Math.floor((total * split) / 100));
          payments.push({ tender: 'cash', amountMinor: total - mpesa, tenderedMinor: total - mpesa }, { tender: 'mpesa', amountMinor: mpesa, reference: code });
        }
        if (tender === 'mpesa') payments.push({ tender: 'mpesa', amountMinor: total, reference: code });
        if (tender === 'card') payments.push({ tender: 'card', amountMinor: total, reference: `VISA-${code.slice(-4)}` });
        if (tender === 'account') payments.push({ tender: 'account', amountMinor: total });
        if (card) {
          const balance: number = (await call(world, 'gift card balance', 'GET', `/api/gift-cards/${card.id}`)).balanceMinor;
          const redeemed = Math.min(balance, Math.ceil((total * 3) / 4));
          if (redeemed > 0) payments.push({ tender: 'gift_card', amountMinor: redeemed, code: card.code });
          if (total - redeemed > 0) payments.push({ tender: 'cash', amountMinor: total - redeemed, tenderedMinor: total - redeemed });
        }
        const body = { id: saleId, registerId: world.registerId, shiftId: world.shiftId, customerId, lines, cartDiscount, payments, approvalIds: [], expectedTotalMinor: total, ringUpAt: new Date().toISOString() };
        const { sale } = await callMaybeTwice(world, twice, `sale ${saleId}`, 'POST', '/api/sales', { as: 'cashier', body });
        return () => {
          const leftByTender = new Map<string, number>();
          for (const payment of sale.payments as { tender: string; amountMinor: number }[]) leftByTender.set(payment.tender, (leftByTender.get(payment.tender) ?? 0) + payment.amountMinor);
          world.sales.push({
            id: sale.id,
            shiftId: sale.shiftId,
            lines: (sale.lines as SaleLineState[]).map((line) => ({ id: line.id, variantId: line.variantId, quantityMilli: line.quantityMilli, totalMinor: line.totalMinor, returnedMilli: 0 })),
            leftByTender,
            returned: false,
            voided: false,
          });
        };
      },
    };
  },
};

const returnOperation: Operation = {
  name: 'return',
  weight: 4,
  plan(world, random, busy) {
    const candidates = world.sales.filter((sale) => !sale.voided && !busy.has(`sale:${sale.id}`) && sale.lines.some((line) => line.returnedMilli < line.quantityMilli));
    if (candidates.length === 0) return null;
    const sale = random.pick(candidates);
    busy.add(`sale:${sale.id}`);
    const line = random.pick(sale.lines.filter((each) => each.returnedMilli < each.quantityMilli));
    const left = line.quantityMilli - line.returnedMilli;
    const product = world.products.find((each) => each.variantId === line.variantId)!;
    const quantityMilli = Math.min(left, product.decimals ? random.int(1, 20) * 50 : 1000);
    // What the return comes to: the line's total in proportion, as the server shares it out.
    const amountMinor = proportionOf(line.totalMinor, line.returnedMilli + quantityMilli, line.quantityMilli) - proportionOf(line.totalMinor, line.returnedMilli, line.quantityMilli);
    const toAccount = (sale.leftByTender.get('account') ?? 0) >= amountMinor && random.chance(0.7);
    // The sale's own tenders by default (not for M-Pesa: its refund needs the reversal's code).
    const byDefault = !toAccount && !sale.leftByTender.has('mpesa') && random.chance(0.5);
    const refunds = amountMinor === 0 || byDefault ? null : [{ tender: toAccount ? 'account' : 'cash', amountMinor }];
    const disposition = random.chance(0.2) ? 'damaged' : 'restock';
    const returnId = randomUUID();
    return {
      label: `return ${returnId} of ${quantityMilli} of sale ${sale.id} (${refunds ? refunds[0]!.tender : 'default refund'}, ${disposition})`,
      async run() {
        const body = {
          id: returnId,
          registerId: world.registerId,
          shiftId: world.shiftId,
          saleId: sale.id,
          lines: [{ saleLineId: line.id, quantityMilli, disposition }],
          reason: disposition === 'damaged' ? 'damaged' : 'changed_mind',
          refunds,
        };
        const { saleReturn } = await call(world, `return ${returnId}`, 'POST', '/api/sale-returns', { as: 'cashier', body });
        return () => {
          line.returnedMilli += quantityMilli;
          sale.returned = true;
          for (const refund of saleReturn.refunds as { tender: string; amountMinor: number }[]) {
            if (sale.leftByTender.has(refund.tender)) sale.leftByTender.set(refund.tender, sale.leftByTender.get(refund.tender)! - refund.amountMinor);
          }
          if (disposition === 'restock') product.stockMilli += quantityMilli;
        };
      },
    };
  },
};

const voidOperation: Operation = {
  name: 'void',
  weight: 2,
  plan(world, random, busy) {
    const candidates = world.sales.filter((sale) => sale.shiftId === world.shiftId && !sale.voided && !sale.returned && !busy.has(`sale:${sale.id}`));
    if (candidates.length === 0) return null;
    const sale = random.pick(candidates);
    busy.add(`sale:${sale.id}`);
    return {
      label: `void sale ${sale.id}`,
      async run() {
        await call(world, `void ${sale.id}`, 'POST', `/api/sales/${sale.id}/void`, { body: { reason: 'Rung up twice' } });
        return () => {
          sale.voided = true;
          for (const line of sale.lines) world.products.find((product) => product.variantId === line.variantId)!.stockMilli += line.quantityMilli;
        };
      },
    };
  },
};

/** How a delivery is paid: on the supplier's account, or in cash from the open shift's drawer. */
function receiptPayment(world: LedgerWorld, random: Random) {
  return random.chance(0.3) ? { mode: 'paid', method: 'cash', shiftId: world.shiftId } : { mode: 'on_account' };
}

/** A delivery line's cost per unit near the product's, VAT excluded. */
const unitCost = (random: Random, product: Product) => Math.max(1, Math.round((product.costMinor * random.int(85, 115)) / 100 / 1.16));

function rememberReceipt(world: LedgerWorld, receipt: { id: string; lines: { id: string; variantId: string; stockQuantityMilli: number }[] }) {
  world.receipts.push({ id: receipt.id, lines: receipt.lines.map((line) => ({ id: line.id, variantId: line.variantId, quantityMilli: line.stockQuantityMilli, returnedMilli: 0 })) });
  for (const line of receipt.lines) world.products.find((product) => product.variantId === line.variantId)!.stockMilli += line.stockQuantityMilli;
}

const goodsReceiptOperation: Operation = {
  name: 'goods receipt',
  weight: 3,
  plan(world, random) {
    const chosen = [...new Set(Array.from({ length: random.int(1, 3) }, () => random.pick(world.products)))];
    const lines = chosen.map((product) => ({
      variantId: product.variantId,
      quantityMilli: product.decimals ? random.int(500, 5_000) * 10 : random.int(6, 48) * 1000,
      unitCostMinor: unitCost(random, product),
      taxClass: product.taxClass,
    }));
    const body = {
      supplierId: random.pick(world.suppliers),
      locationId: world.mainId,
      supplierInvoiceNumber: `INV-${random.int(100_000, 999_999)}`,
      landedCostMinor: random.chance(0.6) ? random.int(1, 500) * 100 + random.int(0, 99) : 0,
      landedCostBasis: random.pick(['value', 'quantity']),
      vatClaimable: random.chance(0.6),
      lines,
      payment: receiptPayment(world, random),
    };
    const twice = random.chance(0.15);
    return {
      label: `goods receipt (${lines.length} lines, landed ${body.landedCostMinor}, ${body.payment.mode}${twice ? ', sent twice' : ''})`,
      async run() {
        const receipt = await callMaybeTwice(world, twice, 'goods receipt', 'POST', '/api/goods-receipts', { create: true, body });
        return () => rememberReceipt(world, receipt);
      },
    };
  },
};

const purchaseOrderOperation: Operation = {
  name: 'purchase order, first part received',
  weight: 2,
  plan(world, random) {
    const chosen = [...new Set([random.pick(world.products), random.pick(world.products)])];
    const lines = chosen.map((product) => ({ variantId: product.variantId, quantityMilli: random.int(4, 20) * 2000, unitCostMinor: unitCost(random, product), taxClass: product.taxClass }));
    const supplierId = random.pick(world.suppliers);
    const payment = receiptPayment(world, random);
    return {
      label: `purchase order of ${lines.length} lines, half received`,
      async run() {
        const order = await call(world, 'purchase order', 'POST', '/api/purchase-orders', { create: true, body: { supplierId, locationId: world.mainId, lines } });
        await call(world, 'order it', 'POST', `/api/purchase-orders/${order.id}/order`);
        const orderLines = order.lines as { id: string; variantId: string; quantityMilli: number; unitCostMinor: number }[];
        const first = orderLines.map((line) => ({ variantId: line.variantId, orderLineId: line.id, quantityMilli: line.quantityMilli / 2, unitCostMinor: line.unitCostMinor }));
        const receipt = await call(world, 'first part', 'POST', '/api/goods-receipts', { create: true, body: { supplierId, locationId: world.mainId, orderId: order.id, lines: first, payment } });
        return () => {
          rememberReceipt(world, receipt);
          world.orders.push({ id: order.id, supplierId, lines: orderLines.map((line) => ({ id: line.id, variantId: line.variantId, outstandingMilli: line.quantityMilli / 2, unitCostMinor: line.unitCostMinor })) });
        };
      },
    };
  },
};

const orderRestOperation: Operation = {
  name: 'rest of a purchase order received',
  weight: 2,
  plan(world, random, busy) {
    const candidates = world.orders.filter((order) => !busy.has(`order:${order.id}`));
    if (candidates.length === 0) return null;
    const order = random.pick(candidates);
    busy.add(`order:${order.id}`);
    const payment = receiptPayment(world, random);
    return {
      label: `rest of purchase order ${order.id}`,
      async run() {
        const lines = order.lines.map((line) => ({ variantId: line.variantId, orderLineId: line.id, quantityMilli: line.outstandingMilli, unitCostMinor: line.unitCostMinor }));
        const receipt = await call(world, 'rest of order', 'POST', '/api/goods-receipts', {
          create: true,
          body: { supplierId: order.supplierId, locationId: world.mainId, orderId: order.id, lines, payment },
        });
        return () => {
          rememberReceipt(world, receipt);
          world.orders = world.orders.filter((each) => each.id !== order.id);
        };
      },
    };
  },
};

const supplierReturnOperation: Operation = {
  name: 'return to supplier',
  weight: 1,
  plan(world, random, busy) {
    // A unit of a delivery's line still on the shelf (sales, transfers and counts took the rest).
    const stockOf = (line: ReceiptLineState) => world.products.find((product) => product.variantId === line.variantId)!;
    const returnable = (line: ReceiptLineState) => line.quantityMilli - line.returnedMilli >= 1000 && stockOf(line).stockMilli >= 10_000;
    const candidates = world.receipts.filter((receipt) => !busy.has(`receipt:${receipt.id}`) && receipt.lines.some(returnable));
    if (candidates.length === 0) return null;
    const receipt = random.pick(candidates);
    busy.add(`receipt:${receipt.id}`);
    const line = random.pick(receipt.lines.filter(returnable));
    stockOf(line).stockMilli -= 1000;
    const refund = random.chance(0.3);
    return {
      label: `return to supplier of receipt ${receipt.id} (${refund ? 'refund' : 'credit'})`,
      async run() {
        await call(world, 'supplier return', 'POST', '/api/supplier-returns', {
          create: true,
          body: { receiptId: receipt.id, reason: 'damaged', settlement: refund ? 'refund' : 'credit', refundMethod: refund ? 'bank_transfer' : null, lines: [{ receiptLineId: line.id, quantityMilli: 1000 }] },
        });
        return () => {
          line.returnedMilli += 1000;
        };
      },
    };
  },
};

const serviceBillOperation: Operation = {
  name: 'bill for services',
  weight: 1,
  plan(world, random) {
    const amountMinor = random.int(1_000, 60_000) * 10;
    const body = {
      supplierId: random.pick(world.suppliers),
      billDate: shopToday(),
      amountMinor,
      vatMinor: random.chance(0.5) ? Math.round((amountMinor * 16) / 116) : 0,
      categoryId: random.chance(0.7) ? random.pick(world.expenseCategories) : null,
      description: 'Transport from Mombasa',
    };
    return {
      label: `service bill of ${amountMinor}`,
      async run() {
        await call(world, 'service bill', 'POST', '/api/supplier-bills', { create: true, body });
        return () => undefined;
      },
    };
  },
};

const supplierPaymentOperation: Operation = {
  name: 'supplier payment',
  weight: 3,
  plan(world, random, busy) {
    const supplierId = random.pick(world.suppliers);
    if (!take(busy, `supplier:${supplierId}`)) return null;
    const method = random.pick(['bank_transfer', 'mpesa', 'cash'] as const);
    const fromDrawer = method === 'cash' && random.chance(0.7);
    const code = mpesaCode(world, random);
    const oldestFirst = random.chance(0.5);
    const share = random.int(50, 110);
    return {
      label: `supplier payment to ${supplierId} (${method}${fromDrawer ? ' from the drawer' : ''}, ${oldestFirst ? 'oldest first' : 'bills picked'})`,
      async run() {
        const bills = (await call(world, 'open bills', 'GET', `/api/supplier-bills?supplierId=${supplierId}&pageSize=100&sort=oldest`)).items as { id: string; openMinor: number }[];
        const open = bills.filter((bill) => bill.openMinor > 0).slice(0, 3);
        if (open.length === 0) return () => undefined;
        const owed = open.reduce((sum, bill) => sum + bill.openMinor, 0);
        // Several bills at once; now and then a little over, which stays as a credit with the supplier.
        const amountMinor = Math.max(1, Math.floor((owed * share) / 100));
        const picked = oldestFirst ? null : allocate(open, amountMinor);
        await call(world, 'supplier payment', 'POST', '/api/supplier-payments', {
          create: true,
          body: { supplierId, amountMinor, method, shiftId: fromDrawer ? world.shiftId : null, reference: method === 'mpesa' ? code : null, bills: picked },
        });
        return () => undefined;
      },
    };
  },
};

/** Bills picked in order, each up to what is open, until the amount is used. */
function allocate(bills: { id: string; openMinor: number }[], amountMinor: number) {
  const picked: { billId: string; amountMinor: number }[] = [];
  let left = amountMinor;
  for (const bill of bills) {
    if (left <= 0) break;
    const part = Math.min(left, bill.openMinor);
    picked.push({ billId: bill.id, amountMinor: part });
    left -= part;
  }
  return picked;
}

const customerPaymentOperation: Operation = {
  name: 'customer payment',
  weight: 3,
  plan(world, random, busy) {
    const customerId = random.pick(world.customers);
    if (!take(busy, `customer:${customerId}`)) return null;
    const method = random.pick(['cash', 'mpesa', 'bank_transfer'] as const);
    const code = mpesaCode(world, random);
    const share = random.int(30, 110);
    return {
      label: `customer payment from ${customerId} (${method})`,
      async run() {
        const account = await call(world, 'customer account', 'GET', `/api/contacts/${customerId}/account?side=receivable`);
        const owed: number = account.balanceMinor;
        if (owed <= 0) return () => undefined;
        const amountMinor = Math.max(1, Math.floor((owed * share) / 100));
        await call(world, 'customer payment', 'POST', `/api/contacts/${customerId}/payments`, {
          as: 'cashier',
          create: true,
          body: { side: 'receivable', amountMinor, method, reference: method === 'mpesa' ? code : null },
        });
        return () => undefined;
      },
    };
  },
};

const expenseOperation: Operation = {
  name: 'expense',
  weight: 3,
  plan(world, random) {
    const amountMinor = random.int(50, 5_000) * 100 + random.int(0, 99);
    const claimable = random.chance(0.5);
    const paidFrom = random.pick(['register_cash', 'mpesa', 'mpesa', 'bank_transfer', 'owner'] as const);
    const shiftId = paidFrom === 'register_cash' ? world.shiftId : null;
    const body = {
      categoryId: random.pick(world.expenseCategories),
      expenseDate: shopToday(),
      description: 'Shop running costs',
      amountMinor,
      vatMinor: claimable ? Math.round((amountMinor * 16) / 116) : 0,
      vatClaimable: claimable,
      paidFrom,
      shiftId,
      reference: paidFrom === 'mpesa' ? mpesaCode(world, random) : null,
    };
    return {
      label: `expense of ${amountMinor} (${paidFrom}${claimable ? ', VAT claimable' : ''})`,
      async run() {
        const expense = await call(world, 'expense', 'POST', '/api/expenses', { create: true, body });
        return () => world.expenses.push({ id: expense.id, shiftId, voided: false });
      },
    };
  },
};

const expenseVoidOperation: Operation = {
  name: 'void an expense',
  weight: 1,
  plan(world, random, busy) {
    // One paid from a drawer goes back into it: only while its shift is open.
    const candidates = world.expenses.filter((expense) => !expense.voided && (expense.shiftId === null || expense.shiftId === world.shiftId) && !busy.has(`expense:${expense.id}`));
    if (candidates.length === 0) return null;
    const expense = random.pick(candidates);
    busy.add(`expense:${expense.id}`);
    return {
      label: `void expense ${expense.id}`,
      async run() {
        await call(world, 'void expense', 'POST', `/api/expenses/${expense.id}/void`, { body: { reason: 'Entered twice' } });
        return () => {
          expense.voided = true;
        };
      },
    };
  },
};

const damageOperation: Operation = {
  name: 'damage',
  weight: 2,
  plan(world, random) {
    const candidates = sellable(world);
    if (candidates.length === 0) return null;
    const product = random.pick(candidates);
    const quantityMilli = someQuantity(random, product, 2);
    product.stockMilli -= quantityMilli;
    return {
      label: `damage of ${quantityMilli} ${product.name}`,
      async run() {
        await call(world, 'damage', 'POST', '/api/inventory/adjustments', {
          create: true,
          body: { locationId: world.mainId, reason: 'damage', note: 'Crushed in the store', lines: [{ variantId: product.variantId, quantityChangeMilli: -quantityMilli }] },
        });
        return () => undefined;
      },
    };
  },
};

const stockTakeOperation: Operation = {
  name: 'stock take',
  weight: 2,
  plan(world, random, busy) {
    const locationId = random.chance(0.7) ? world.mainId : world.branchId;
    if (!take(busy, `take:${locationId}`)) return null;
    const chosen = [...new Set([random.pick(world.products), random.pick(world.products)])];
    const differences = chosen.map((product) => (product.decimals ? random.pick([-1, 1]) * random.int(1, 40) * 25 : random.pick([-2, -1, 1, 3]) * 1000));
    return {
      label: `stock take at ${locationId === world.mainId ? 'the main shop' : 'the branch'} of ${chosen.length} items`,
      async run() {
        const started = await call(world, 'start stock take', 'POST', '/api/inventory/stock-takes', { create: true, body: { locationId, isBlind: false } });
        const path = `/api/inventory/stock-takes/${started.id}`;
        for (const product of chosen) await call(world, 'count', 'PUT', `${path}/counts`, { body: { variantId: product.variantId, countedQuantityMilli: 0 } });
        const counting = await call(world, 'read stock take', 'GET', path);
        const expected = new Map((counting.lines as { variantId: string; expectedQuantityMilli: number }[]).map((line) => [line.variantId, line.expectedQuantityMilli]));
        const counted = chosen.map((product, index) => Math.max(0, expected.get(product.variantId)! + differences[index]!));
        // Less than nothing counts as nothing, which is no variance: then one more is found instead.
        if (chosen.every((product, index) => counted[index] === expected.get(product.variantId))) counted[0] = counted[0]! + 1000;
        for (const [index, product] of chosen.entries()) {
          await call(world, 'count', 'PUT', `${path}/counts`, { body: { variantId: product.variantId, countedQuantityMilli: counted[index] } });
        }
        await call(world, 'post stock take', 'POST', `${path}/post`);
        return () => {
          if (locationId !== world.mainId) return;
          chosen.forEach((product, index) => (product.stockMilli += Math.min(0, counted[index]! - expected.get(product.variantId)!)));
        };
      },
    };
  },
};

const transferOperation: Operation = {
  name: 'transfer to the branch',
  weight: 2,
  plan(world, random) {
    const candidates = sellable(world);
    if (candidates.length === 0) return null;
    const chosen = [...new Set([random.pick(candidates), random.pick(candidates)])];
    const lines = chosen.map((product) => {
      const quantityMilli = product.decimals ? random.int(200, 1_000) * 10 : random.int(2, 10) * 1000;
      product.stockMilli -= quantityMilli;
      return { variantId: product.variantId, quantityMilli };
    });
    return {
      label: `transfer of ${lines.length} items to the branch`,
      async run() {
        const transfer = await call(world, 'transfer', 'POST', '/api/inventory/transfers', { create: true, body: { fromLocationId: world.mainId, toLocationId: world.branchId, lines } });
        return () => world.transfers.push({ id: transfer.id, lines: lines.map((line) => ({ variantId: line.variantId, inTransitMilli: line.quantityMilli })) });
      },
    };
  },
};

const transferReceiptOperation: Operation = {
  name: 'transfer received',
  weight: 2,
  plan(world, random, busy) {
    const candidates = world.transfers.filter((transfer) => !busy.has(`transfer:${transfer.id}`));
    if (candidates.length === 0) return null;
    const transfer = random.pick(candidates);
    busy.add(`transfer:${transfer.id}`);
    const everything = random.chance(0.3);
    // Part arrives, a little is lost on the way, the rest stays in transit.
    const lines = transfer.lines
      .filter((line) => line.inTransitMilli > 0)
      .map((line) => {
        const product = world.products.find((each) => each.variantId === line.variantId)!;
        const lostQuantityMilli = random.chance(0.6) ? Math.min(line.inTransitMilli, product.decimals ? random.int(1, 10) * 100 : 1000) : 0;
        return { variantId: line.variantId, receivedQuantityMilli: Math.floor((line.inTransitMilli - lostQuantityMilli) / 2000) * 1000, lostQuantityMilli };
      })
      .filter((line) => line.receivedQuantityMilli + line.lostQuantityMilli > 0);
    return {
      label: `transfer ${transfer.id} received (${everything || lines.length === 0 ? 'everything' : 'in part, with a loss'})`,
      run: () => receiveTransfer(world, transfer, everything || lines.length === 0 ? null : lines),
    };
  },
};

async function receiveTransfer(world: LedgerWorld, transfer: TransferState, lines: { variantId: string; receivedQuantityMilli: number; lostQuantityMilli: number }[] | null) {
  await call(world, 'receive transfer', 'POST', `/api/inventory/transfers/${transfer.id}/receive`, { create: true, body: lines ? { lines } : {} });
  return () => {
    for (const line of transfer.lines) {
      // Without lines, everything still in transit arrived.
      const arrived = lines?.find((each) => each.variantId === line.variantId);
      line.inTransitMilli = lines ? line.inTransitMilli - (arrived ? arrived.receivedQuantityMilli + arrived.lostQuantityMilli : 0) : 0;
    }
    if (transfer.lines.every((line) => line.inTransitMilli === 0)) world.transfers = world.transfers.filter((each) => each.id !== transfer.id);
  };
}

const giftCardOperation: Operation = {
  name: 'gift card sold',
  weight: 2,
  plan(world, random) {
    const amountMinor = random.int(5, 200) * 1_000;
    const contactId = random.chance(0.5) ? random.pick(world.customers) : null;
    return {
      label: `gift card of ${amountMinor}`,
      async run() {
        const issued = await call(world, 'gift card', 'POST', '/api/gift-cards', { create: true, body: { amountMinor, contactId } });
        return () => world.giftCards.push({ id: issued.card.id, code: issued.code });
      },
    };
  },
};

/** Manual entries touch no control account (receivables, payables, inventory, gift cards): those mirror their sub-ledgers. */
const MANUAL_ENTRIES: { memo: string; lines: { key: string; side: 'debit' | 'credit'; share: number }[] }[] = [
  { memo: 'Owner puts in capital', lines: [{ key: 'bank', side: 'debit', share: 100 }, { key: 'owner_capital', side: 'credit', share: 100 }] },
  { memo: 'Owner takes money out', lines: [{ key: 'drawings', side: 'debit', share: 100 }, { key: 'bank', side: 'credit', share: 100 }] },
  {
    memo: 'Commission received, bank charges taken',
    lines: [
      { key: 'bank', side: 'debit', share: 90 },
      { key: 'operating_expenses', side: 'debit', share: 10 },
      { key: 'other_income', side: 'credit', share: 100 },
    ],
  },
  { memo: 'M-Pesa float moved to the bank', lines: [{ key: 'bank', side: 'debit', share: 100 }, { key: 'mpesa_clearing', side: 'credit', share: 100 }] },
];

const manualEntryOperation: Operation = {
  name: 'manual journal entry',
  weight: 1,
  plan(world, random) {
    const template = random.pick(MANUAL_ENTRIES);
    const amountMinor = random.int(100, 50_000) * 100;
    return {
      label: `manual entry: ${template.memo} (${amountMinor})`,
      async run() {
        const accounts = await systemAccounts(world);
        const lines = template.lines.map((line) => {
          // The last line of a side takes what the shares leave, so the entry balances to the cent.
          const sameSide = template.lines.filter((each) => each.side === line.side);
          const before = sameSide.slice(0, sameSide.indexOf(line)).reduce((sum, each) => sum + Math.floor((amountMinor * each.share) / 100), 0);
          const part = sameSide.indexOf(line) === sameSide.length - 1 ? amountMinor - before : Math.floor((amountMinor * line.share) / 100);
          return { accountId: accounts.get(line.key)!, debitMinor: line.side === 'debit' ? part : 0, creditMinor: line.side === 'credit' ? part : 0 };
        });
        const entry = await call(world, 'manual entry', 'POST', '/api/accounting/journal', { as: 'owner', create: true, body: { entryDate: shopToday(), memo: template.memo, lines } });
        return () => world.manualEntries.push(entry.id);
      },
    };
  },
};

/** The chart's accounts by role (the templates use roles that come once in a chart). */
async function systemAccounts(world: LedgerWorld): Promise<Map<string, string>> {
  const chart = await call<{ items: { id: string; systemKey: string | null }[] }>(world, 'chart of accounts', 'GET', '/api/accounting/accounts');
  return new Map(chart.items.flatMap((account) => (account.systemKey ? [[account.systemKey, account.id] as const] : [])));
}

const reversalOperation: Operation = {
  name: 'manual entry reversed',
  weight: 1,
  plan(world, random, busy) {
    const candidates = world.manualEntries.filter((id) => !world.reversedEntries.includes(id) && !busy.has(`entry:${id}`));
    if (candidates.length === 0) return null;
    const entryId = random.pick(candidates);
    busy.add(`entry:${entryId}`);
    return {
      label: `manual entry ${entryId} reversed`,
      async run() {
        await call(world, 'reverse entry', 'POST', `/api/accounting/journal/${entryId}/reverse`, { as: 'owner', body: { memo: 'Entered by mistake' } });
        return () => world.reversedEntries.push(entryId);
      },
    };
  },
};

const cashMovementOperation: Operation = {
  name: 'cash in or out of the drawer',
  weight: 1,
  plan(world, random) {
    const out = random.chance(0.6);
    const body = out
      ? { direction: 'out', reason: 'bank_deposit', amountMinor: random.int(10, 200) * 1000, note: 'Banked at Equity' }
      : { direction: 'in', reason: 'float_top_up', amountMinor: random.int(5, 50) * 1000, note: 'Coins from the bank' };
    return {
      label: `cash ${body.direction} of ${body.amountMinor}`,
      async run() {
        await call(world, 'cash movement', 'POST', `/api/shifts/${world.shiftId}/cash-movements`, { as: 'cashier', create: true, body });
        return () => undefined;
      },
    };
  },
};

const shiftCloseOperation: Operation = {
  name: 'shift closed short',
  weight: 1,
  solo: true,
  plan(world, random) {
    const shortMinor = random.int(1, 400) * 100 + random.int(0, 99);
    return {
      label: `shift ${world.shiftId} closed ${shortMinor} short`,
      async run() {
        const expectedCash = async () => (await call(world, 'shift report', 'GET', `/api/shifts/${world.shiftId}/report`)).expectedCashMinor as number;
        // A drawer that paid out more than it took (deliveries, expenses) gets coins from the bank first.
        const before = await expectedCash();
        if (before < 100_000) {
          const body = { direction: 'in', reason: 'float_top_up', amountMinor: 100_000 - before, note: 'Float for the count' };
          await call(world, 'top up', 'POST', `/api/shifts/${world.shiftId}/cash-movements`, { as: 'cashier', create: true, body });
        }
        const counted = (await expectedCash()) - shortMinor;
        await call(world, 'close shift', 'POST', `/api/shifts/${world.shiftId}/close`, { as: 'cashier', body: { countedCashMinor: counted, note: 'Counted twice' } });
        const next = await call(world, 'open shift', 'POST', '/api/shifts', { as: 'cashier', create: true, body: { registerId: world.registerId, openingFloatMinor: 500_000 } });
        return () => {
          world.shiftId = next.id;
        };
      },
    };
  },
};

const OPERATIONS: readonly Operation[] = [
  saleOperation,
  returnOperation,
  voidOperation,
  goodsReceiptOperation,
  purchaseOrderOperation,
  orderRestOperation,
  supplierReturnOperation,
  serviceBillOperation,
  supplierPaymentOperation,
  customerPaymentOperation,
  expenseOperation,
  expenseVoidOperation,
  damageOperation,
  stockTakeOperation,
  transferOperation,
  transferReceiptOperation,
  giftCardOperation,
  manualEntryOperation,
  reversalOperation,
  cashMovementOperation,
  shiftCloseOperation,
];

function drawOperation(random: Random, operations: readonly Operation[]): Operation {
  const total = operations.reduce((sum, operation) => sum + operation.weight, 0);
  let point = random.next() * total;
  for (const operation of operations) {
    point -= operation.weight;
    if (point < 0) return operation;
  }
  return operations[operations.length - 1]!;
}

/**
 * `steps` steps, each one operation or (one step in four) a batch of 4–8 run at once. Every other
 * draw takes an operation not yet run in the sequence, so a short sequence still runs nearly all
 * of them. Answers the log of what ran, for the failure message; a step that fails throws with it.
 */
export async function runSequence(world: LedgerWorld, random: Random, steps: number): Promise<string[]> {
  const log: string[] = [];
  const ran = new Set<string>();
  for (let step = 1; step <= steps; step += 1) {
    const concurrent = random.chance(0.25);
    const pool = concurrent ? OPERATIONS.filter((each) => !each.solo) : OPERATIONS;
    const busy = new Set<string>();
    const planned: PlannedStep[] = [];
    const wanted = concurrent ? random.int(4, 8) : 1;
    for (let attempt = 0; planned.length < wanted && attempt < wanted * 8; attempt += 1) {
      const notYet = pool.filter((each) => !ran.has(each.name));
      const operation = notYet.length > 0 && random.chance(0.5) ? random.pick(notYet) : drawOperation(random, pool);
      const plannedStep = operation.plan(world, random, busy);
      if (!plannedStep) continue;
      planned.push(plannedStep);
      ran.add(operation.name);
    }
    log.push(`${step}. ${planned.length > 1 ? 'at once: ' : ''}${planned.map((each) => each.label).join(' | ')}`);
    const results = await Promise.allSettled(planned.map((each) => each.run()));
    // At once, a clear refusal (a bill another payment just settled) is a right answer: it wrote
    // nothing, which the invariants check; alone, or as a 5xx, it is a failure.
    const tolerated = (reason: unknown) => planned.length > 1 && reason instanceof RefusedError;
    for (const result of results) if (result.status === 'rejected' && tolerated(result.reason)) log.push(`   refused: ${(result.reason as Error).message.slice(0, 200)}`);
    const failures = results.flatMap((result) =>
      result.status === 'rejected' && !tolerated(result.reason) ? [String(result.reason instanceof Error ? result.reason.message : result.reason)] : [],
    );
    if (failures.length > 0) throw new Error(`${failures.join('\n')}\n\nOperations so far:\n${log.join('\n')}`);
    for (const result of results) if (result.status === 'fulfilled') result.value();
  }
  return log;
}

/** Receives whatever is still in transit, so the stock the ledger values is all at a location. */
export async function receiveEverythingInTransit(world: LedgerWorld) {
  for (const transfer of [...world.transfers]) (await receiveTransfer(world, transfer, null))();
}

// ─── The ledger's invariants ─────────────────────────────────────────────────────────────────────

/**
 * The documents that post, each with the journal's source type and its ids: every one has exactly
 * one entry, and no entry of that type names anything else.
 */
const POSTING_DOCUMENTS: { sourceType: string; ids: SQL }[] = [
  { sourceType: 'stock_opening', ids: sql`select distinct source_id as id from stock_movements where kind = 'opening' and source_type = 'product'` },
  { sourceType: 'sale', ids: sql`select id from sales` },
  { sourceType: 'sale_return', ids: sql`select id from sale_returns` },
  { sourceType: 'sale_void', ids: sql`select id from sales where status = 'voided'` },
  { sourceType: 'shift_close', ids: sql`select id from shifts where status = 'closed' and over_short_minor <> 0` },
  { sourceType: 'shift_cash', ids: sql`select id from shift_cash_movements where source_type is null` },
  { sourceType: 'goods_receipt', ids: sql`select id from goods_receipts` },
  { sourceType: 'supplier_bill', ids: sql`select id from supplier_bills where kind = 'services'` },
  { sourceType: 'supplier_return', ids: sql`select id from supplier_returns` },
  { sourceType: 'expense', ids: sql`select id from expenses` },
  { sourceType: 'expense_void', ids: sql`select id from expenses where voided_at is not null` },
  { sourceType: 'stock_adjustment', ids: sql`select id from stock_adjustments` },
  // A take posts what its variances are worth: none when it found what was there (a sale in the
  // meantime took the difference), or only goods of no cost yet (nothing delivered).
  { sourceType: 'stock_take', ids: sql`select distinct source_id as id from stock_movements where source_type = 'stock_take' and unit_cost_minor <> 0` },
  { sourceType: 'transfer_dispatch', ids: sql`select id from stock_transfers` },
  { sourceType: 'transfer_receipt', ids: sql`select id from stock_transfer_receipts` },
  // A card issued on the gift card screens (its issue on the card's ledger); sales redeem them.
  { sourceType: 'gift_card', ids: sql`select id from gift_card_entries where source_type = 'gift_card' and kind in ('issue', 'void')` },
  // Entries on the contacts' ledgers that no document wrote: customers' payments on the account
  // page; payments to suppliers, but for the one a delivery paid at once makes (the delivery's).
  { sourceType: 'contact_entry', ids: sql`select id from account_entries where source_type is null and not (side = 'payable' and kind = 'payment')` },
  { sourceType: 'supplier_payment', ids: sql`select id from account_entries where side = 'payable' and kind = 'payment' and source_type is distinct from 'goods_receipt'` },
];

const listIds = (ids: string[]) => (ids.length > 4 ? `${ids.slice(0, 4).join(', ')}… (${ids.length})` : ids.join(', '));

/** Every way the ledger disagrees with the shop's books; empty when all five invariants hold. */
export async function ledgerViolations(world: LedgerWorld): Promise<string[]> {
  return world.testApp.database.withTenant(world.tenantId, async (tx) => {
    const violations: string[] = [];
    const one = async <T>(query: SQL) => (await queryRows<T>(tx, query))[0]!;

    // 1. Every entry balances, and so does the whole ledger.
    const unbalanced = await queryRows<{ number: number; source_type: string; source_id: string | null; difference: string }>(
      tx,
      sql`select e.number, e.source_type, e.source_id, (sum(l.debit_minor) - sum(l.credit_minor))::text as difference
          from journal_entries e join journal_lines l on l.tenant_id = e.tenant_id and l.entry_id = e.id
          group by e.id, e.number, e.source_type, e.source_id having sum(l.debit_minor) <> sum(l.credit_minor) or count(*) < 2`,
    );
    for (const entry of unbalanced) violations.push(`1. entry ${entry.number} (${entry.source_type} ${entry.source_id}) is off by ${entry.difference}`);
    const total = await one<{ debits: string; credits: string }>(sql`select coalesce(sum(debit_minor), 0)::text as debits, coalesce(sum(credit_minor), 0)::text as credits from journal_lines`);
    if (total.debits !== total.credits) violations.push(`1. Σ debits ${total.debits} ≠ Σ credits ${total.credits}`);

    // 2. Inventory = Σ round(on hand × average cost), at each location too; nothing left in transit.
    const inventory = await queryRows<{ location_id: string | null; ledger: string; valuation: string }>(
      tx,
      sql`select location_id, sum(ledger)::bigint::text as ledger, sum(valuation)::bigint::text as valuation
          from (select l.location_id, l.debit_minor - l.credit_minor as ledger, 0 as valuation
                from journal_lines l join ledger_accounts a on a.tenant_id = l.tenant_id and a.id = l.account_id where a.system_key = 'inventory'
                union all
                select s.location_id, 0, round(s.on_hand * v.average_cost_minor)
                from stock_levels s join product_variants v on v.tenant_id = s.tenant_id and v.id = s.variant_id) as amounts
          group by location_id order by 1`,
    );
    const ledgerTotal = inventory.reduce((sum, row) => sum + Number(row.ledger), 0);
    const valuationTotal = inventory.reduce((sum, row) => sum + Number(row.valuation), 0);
    if (ledgerTotal !== valuationTotal) violations.push(`2. inventory account ${ledgerTotal} ≠ stock valuation ${valuationTotal}`);
    for (const row of inventory) {
      if (row.ledger !== row.valuation) violations.push(`2. inventory at location ${row.location_id ?? '(none)'}: account ${row.ledger} ≠ valuation ${row.valuation}`);
    }
    const stale = await queryRows<{ variant_id: string; location_id: string; book: string; worth: string }>(
      tx,
      sql`select s.variant_id, s.location_id, coalesce(b.value_minor, 0)::text as book, round(s.on_hand * v.average_cost_minor)::bigint::text as worth
          from stock_levels s join product_variants v on v.tenant_id = s.tenant_id and v.id = s.variant_id
          left join inventory_book_values b on b.tenant_id = s.tenant_id and b.variant_id = s.variant_id and b.location_id = s.location_id
          where coalesce(b.value_minor, 0) <> round(s.on_hand * v.average_cost_minor)`,
    );
    for (const row of stale) violations.push(`2. book value of ${row.variant_id} at ${row.location_id} is ${row.book}, its stock is worth ${row.worth}`);
    const transit = await one<{ amount: string }>(
      sql`select coalesce(sum(l.debit_minor - l.credit_minor), 0)::text as amount
          from journal_lines l join ledger_accounts a on a.tenant_id = l.tenant_id and a.id = l.account_id where a.system_key = 'goods_in_transit'`,
    );
    if (transit.amount !== '0') violations.push(`2. stock in transit account holds ${transit.amount} with nothing in transit`);

    // 3. Receivables and payables equal the contacts' balances.
    const controls = await one<{ receivable: string; receivables: string; payable: string; payables: string; gift_cards: string; card_balances: string }>(
      sql`with balance as (
            select a.system_key, sum(l.debit_minor - l.credit_minor) as debit_balance
            from journal_lines l join ledger_accounts a on a.tenant_id = l.tenant_id and a.id = l.account_id
            where a.system_key in ('receivable', 'payable', 'gift_cards') group by a.system_key
          )
          select coalesce((select debit_balance from balance where system_key = 'receivable'), 0)::text as receivable,
                 (select coalesce(sum(balance_minor), 0) from contact_accounts where side = 'receivable')::text as receivables,
                 coalesce(-(select debit_balance from balance where system_key = 'payable'), 0)::text as payable,
                 (select coalesce(sum(balance_minor), 0) from contact_accounts where side = 'payable')::text as payables,
                 coalesce(-(select debit_balance from balance where system_key = 'gift_cards'), 0)::text as gift_cards,
                 (select coalesce(sum(balance_minor), 0) from gift_cards where status = 'active')::text as card_balances`,
    );
    if (controls.receivable !== controls.receivables) violations.push(`3. accounts receivable ${controls.receivable} ≠ Σ customers' balances ${controls.receivables}`);
    if (controls.payable !== controls.payables) violations.push(`3. accounts payable ${controls.payable} ≠ Σ suppliers' balances ${controls.payables}`);
    // …contact by contact too: each control line names its contact (the reconciliation report's rows).
    const contacts = await queryRows<{ contact_id: string | null; side: string; ledger: string; balance: string }>(
      tx,
      sql`select contact_id, side, sum(ledger)::bigint::text as ledger, sum(balance)::bigint::text as balance
          from (select l.contact_id, a.system_key as side,
                       case when a.system_key = 'receivable' then l.debit_minor - l.credit_minor else l.credit_minor - l.debit_minor end as ledger, 0 as balance
                from journal_lines l join ledger_accounts a on a.tenant_id = l.tenant_id and a.id = l.account_id
                where a.system_key in ('receivable', 'payable')
                union all
                select contact_id, side, 0, balance_minor from contact_accounts) as amounts
          group by contact_id, side having sum(ledger) <> sum(balance)`,
    );
    for (const row of contacts) violations.push(`3. ${row.side} of contact ${row.contact_id ?? '(none)'}: ledger ${row.ledger} ≠ balance ${row.balance}`);

    // 4. Gift cards outstanding equal the active cards' balances.
    if (controls.gift_cards !== controls.card_balances) violations.push(`4. gift cards outstanding ${controls.gift_cards} ≠ Σ card balances ${controls.card_balances}`);

    // 5. Each document that posts has exactly one entry; manual entries are as many as were made.
    for (const document of POSTING_DOCUMENTS) {
      const [row] = await queryRows<{ missing: string[]; extra: string[]; documents: number }>(
        tx,
        sql`with documents as (${document.ids}),
                 entries as (select source_id as id from journal_entries where source_type = ${document.sourceType})
            select coalesce((select array_agg(d.id::text) from documents d where not exists (select 1 from entries e where e.id = d.id)), '{}') as missing,
                   coalesce((select array_agg(e.id::text) from entries e where e.id is null or not exists (select 1 from documents d where d.id = e.id)), '{}') as extra,
                   (select count(*)::int from documents) as documents`,
      );
      if (row!.missing.length > 0) violations.push(`5. ${row!.missing.length} of ${row!.documents} ${document.sourceType} documents have no entry: ${listIds(row!.missing)}`);
      if (row!.extra.length > 0) violations.push(`5. ${document.sourceType} entries for no such document: ${listIds(row!.extra)}`);
    }
    const made = await one<{ manual: string[]; reversed: string[] }>(
      sql`select coalesce((select array_agg(id::text order by id) from journal_entries where source_type = 'manual'), '{}') as manual,
                 coalesce((select array_agg(reverses_entry_id::text order by reverses_entry_id) from journal_entries where source_type = 'reversal'), '{}') as reversed`,
    );
    const sorted = (ids: string[]) => [...ids].sort().join();
    if (sorted(made.manual) !== sorted(world.manualEntries)) violations.push(`5. manual entries ${listIds(made.manual)}; made ${listIds(world.manualEntries)}`);
    if (sorted(made.reversed) !== sorted(world.reversedEntries)) violations.push(`5. reversals of ${listIds(made.reversed)}; reversed ${listIds(world.reversedEntries)}`);
    return violations;
  });
}
