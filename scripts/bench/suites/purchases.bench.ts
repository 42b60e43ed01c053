// Purchases suite (issue 16), on the 100,000-product catalog (support/catalog-dataset.ts) with 90
// days of sales at the main shop and preferred suppliers on the products:
// (1) receiving a 200-line delivery on account through the API (POST /api/goods-receipts: the
//     receipt, its lines, stock and average cost through the ledger, the bill on the supplier's
//     payable ledger) next to the same writes issued as raw SQL in one transaction, same run;
// (2) the reorder suggestion (GET /api/purchase-orders/reorder-suggestions) next to one raw SQL
//     query that reads what it needs (low items, on order, 30 days' sales, last cost) and the same
//     rule (core/purchases/reorder.rules.ts) applied to its rows.
// Figures PU1 on PGlite, PU2 on PostgreSQL when DATABASE_URL is set (a scratch database, dropped afterwards).
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { costReceiptLines } from '../../../core/purchases/receipt-costing.rules';
import { suggestReorder } from '../../../core/purchases/reorder.rules';
import { addTax, DEFAULT_TAX_RATES_BP, type TaxClass } from '../../../core/products/tax.rules';
import { builtInPermissions } from '../../../core/team/permissions.rules';
import { openDatabase, queryRows, type Database, type TenantTx } from '../../../server/db/client';
import { DEMO_SECOND_TILL } from '../../../server/db/seed';
import { openShift } from '../../../server/registers/shifts.service';
import { DEMO_HOST } from '../support/bench-tenants';
import { buildCatalogDataset, type CatalogTarget } from '../support/catalog-dataset';
import { createTempDataDir } from '../support/child-server';
import { envNumber } from '../support/env';
import { formatMs, formatRatio, formatSeconds } from '../support/format';
import { createHttpClient, type HttpClient } from '../support/http-client';
import { createScratchDatabase } from '../support/postgres';
import { startBenchServer } from '../support/servers';
import { signInCookie } from '../support/sign-in';
import { summarize, type LatencySummary } from '../support/stats';
import { BenchError, goalStatus, type BenchSuite, type SummaryLine } from '../support/suite';
import { printTable } from '../support/table';

const GOALS = { receiptP95Ms: 500, reorderP95Ms: 1000 };

const readSettings = () => ({
  products: envNumber('BENCH_CATALOG_PRODUCTS', 100_000),
  /** Sales a day at the main shop over the 90 days (3 lines each). */
  salesPerDay: envNumber('BENCH_PURCHASES_SALES_PER_DAY', 400),
  /** Timed deliveries per path, after WARM_UP untimed ones. */
  receipts: envNumber('BENCH_PURCHASES_RECEIPTS', 40),
  /** Timed reorder suggestions per path. */
  reorders: envNumber('BENCH_PURCHASES_REORDERS', 20),
});
let settings: ReturnType<typeof readSettings>;

const SALES_DAYS = 90;
const LINES = 200;
const WARM_UP = 5;
/** What each line brings: two dozen pieces; the delivery's transport is shared by value. */
const LINE_QUANTITY_MILLI = 24_000;
const LANDED_COST_MINOR = 250_000;
const COVER_DAYS = 14;

interface Dataset {
  tenantId: string;
  locationId: string;
  supplierId: string;
  managerId: string;
  /** Generated items without a reorder level in SKU order, for the deliveries (each takes its own 200), so receiving leaves the reorder alone. */
  items: { variantId: string; costMinor: number; taxClass: TaxClass }[];
  lowItems: number;
  saleLines: number;
  catalogMs: number;
  historyMs: number;
}

// ---------------------------------------------------------------- dataset

/**
 * The catalog (demo shop, 100,000 generated products with opening stock; every fifth has a reorder
 * level of 12, so about 2,000 are low at the main shop), then: preferred suppliers spread over the
 * demo suppliers, and 90 days of completed sales at the main shop on one shift of Till 2, written
 * set-based (the sale rows the reorder reads; their stock movements are not needed for it).
 */
async function buildDataset(label: string, target: CatalogTarget): Promise<Dataset> {
  console.log(`\n  ${label}: the ${settings.products.toLocaleString('en-US')}-product catalog…`);
  const catalog = await buildCatalogDataset(target, { products: settings.products, tenants: 0, tenantProducts: 0 });
  const started = performance.now();
  const database = await openTarget(target);
  try {
    const { tenantId } = catalog;
    const locationId = catalog.locationIds[0]!;
    const [manager] = await queryRows<{ id: string }>(database.platform, sql`select id from users where email = 'manager@demo.test'`);
    const [cashier] = await queryRows<{ id: string }>(database.platform, sql`select id from users where email = 'cashier@demo.test'`);
    if (!manager || !cashier) throw new BenchError('the demo shop has no manager@demo.test or cashier@demo.test');
    const [register] = await database.withTenant(tenantId, (tx) =>
      queryRows<{ id: string }>(tx, sql`select id from registers where name = ${DEMO_SECOND_TILL.name} and location_id = ${locationId}`),
    );
    if (!register) throw new BenchError(`the demo shop has no ${DEMO_SECOND_TILL.name} at the main shop`);
    const shift = await openShift(database, { tenantId, userId: cashier.id, requestKey: null, permissions: builtInPermissions('cashier') }, { registerId: register.id, openingFloatMinor: 500_000, denominations: null });
    console.log(`  ${label}: preferred suppliers and ${SALES_DAYS} days of sales (${settings.salesPerDay}/day)…`);
    const facts = await database.withTenant(tenantId, async (tx) => {
      const suppliers = await queryRows<{ id: string }>(tx, sql`select id from contacts where type = 'supplier' order by name`);
      if (suppliers.length === 0) throw new BenchError('the demo shop has no suppliers');
      await tx.execute(sql`update products p set preferred_supplier_id = (${`{${suppliers.map((row) => row.id).join(',')}}`}::uuid[])[1 + abs(hashtext(p.id::text)) % ${suppliers.length}]
                           where p.preferred_supplier_id is null`);
      await writeSalesHistory(tx, { tenantId, locationId, registerId: register.id, shiftId: shift.id, cashierId: cashier.id });
      const items = await queryRows<{ variant_id: string; cost_price_minor: number; tax_class: TaxClass }>(
        tx,
        sql`select v.id as variant_id, v.cost_price_minor, p.tax_class from product_variants v join products p on p.id = v.product_id
            where v.sku like 'GEN-%' and p.reorder_level is null order by v.sku limit ${LINES * 2 * (WARM_UP + settings.receipts)}`,
      );
      const [counts] = await queryRows<{ low: number; lines: number }>(
        tx,
        sql`select (select count(*)::int from stock_levels where location_id = ${locationId} and is_low) as low, (select count(*)::int from sale_lines) as lines`,
      );
      return { items, counts: counts! };
    });
    if (facts.items.length < LINES * 2 * (WARM_UP + settings.receipts)) throw new BenchError(`the catalog has fewer than ${LINES * 2 * (WARM_UP + settings.receipts)} generated products for the deliveries`);
    const [supplier] = await database.withTenant(tenantId, (tx) => queryRows<{ id: string }>(tx, sql`select id from contacts where name = 'Gikomba Wholesale Depot'`));
    if (!supplier) throw new BenchError('the demo shop has no Gikomba Wholesale Depot');
    await analyze(database);
    return {
      tenantId,
      locationId,
      supplierId: supplier.id,
      managerId: manager.id,
      items: facts.items.map((row) => ({ variantId: row.variant_id, costMinor: row.cost_price_minor, taxClass: row.tax_class })),
      lowItems: facts.counts.low,
      saleLines: facts.counts.lines,
      catalogMs: catalog.catalogMs,
      historyMs: performance.now() - started,
    };
  } finally {
    await database.close();
  }
}

const openTarget = (target: CatalogTarget) => openDatabase('url' in target ? { driver: 'postgres', url: target.url } : { driver: 'pglite', dataDir: target.dataDir });

async function analyze(database: Database) {
  if (database.driver === 'pglite') await database.platform.execute(sql`vacuum analyze`);
  else await database.platform.execute(sql`analyze`);
}

/**
 * Sale s of the history (oldest first) is on day s ÷ salesPerDay before today, at a time of day
 * of its own; its three lines are items spread over the catalog by multiplicative strides, one to
 * three pieces each, priced at the item's price (no VAT split needed by the reorder).
 */
async function writeSalesHistory(tx: TenantTx, shop: { tenantId: string; locationId: string; registerId: string; shiftId: string; cashierId: string }) {
  const count = SALES_DAYS * settings.salesPerDay;
  await tx.execute(sql`
    with items as materialized (
      select row_number() over (order by v.sku) - 1 as n, v.id, v.sku, p.name, p.tax_class, v.selling_price_minor
      from product_variants v join products p on p.id = v.product_id where v.sku like 'GEN-%'
    ), total as (select count(*) as n from items),
    sale as materialized (
      select s, gen_random_uuid() as id,
             now() - make_interval(days => (${count} - s) / ${settings.salesPerDay}, secs => (s * 7919) % 50000) as at
      from generate_series(1, ${count}) as s
    ), line as materialized (
      select sale.id as sale_id, sale.s, sale.at, k as line_no, items.*, 1 + (sale.s + k) % 3 as pieces
      from sale cross join generate_series(1, 3) as k cross join total
      join items on items.n = (sale.s::bigint * 7919 + k * 104729) % total.n
    ), new_sales as (
      insert into sales (tenant_id, id, request_hash, receipt_number, receipt_code, register_id, shift_id, location_id, cashier_id,
                         subtotal_minor, total_minor, tax_minor, tax_bands, paid_minor, ring_up_at, created_at, updated_at)
      select ${shop.tenantId}, sale.id, 'bench', 1000000 + sale.s, 'BENCH-' || sale.s, ${shop.registerId}, ${shop.shiftId}, ${shop.locationId}, ${shop.cashierId},
             totals.amount, totals.amount, 0, '{}'::jsonb, totals.amount, sale.at, sale.at, sale.at
      from sale join (select sale_id, sum(selling_price_minor * pieces)::int as amount from line group by sale_id) totals on totals.sale_id = sale.id
    )
    insert into sale_lines (tenant_id, sale_id, line_no, variant_id, product_name, sku, quantity, stock_quantity,
                            list_price_minor, unit_price_minor, total_minor, tax_class, tax_rate_bp, tax_minor)
    select ${shop.tenantId}, sale_id, line_no, id, name, sku, pieces, pieces, selling_price_minor, selling_price_minor, selling_price_minor * pieces, tax_class, 0, 0
    from line`);
}

// ---------------------------------------------------------------- (1) a 200-line delivery

/** The delivery of round `round` on `path`: its own 200 items, so every round moves stock rows of its own. */
function deliveryItems(dataset: Dataset, path: 0 | 1, round: number) {
  const start = (round * 2 + path) * LINES;
  return dataset.items.slice(start, start + LINES);
}

function receiptBody(dataset: Dataset, items: Dataset['items'], round: number) {
  return {
    supplierId: dataset.supplierId,
    locationId: dataset.locationId,
    supplierInvoiceNumber: `BENCH-${randomUUID().slice(0, 8)}-${round}`,
    landedCostMinor: LANDED_COST_MINOR,
    landedCostBasis: 'value',
    vatClaimable: true,
    lines: items.map((item) => ({ variantId: item.variantId, quantityMilli: LINE_QUANTITY_MILLI, unitCostMinor: item.costMinor })),
    payment: { mode: 'on_account' },
  };
}

/**
 * The writes of that receipt, bare, in one transaction: the GRN and BILL counters, the receipt and
 * its 200 lines (costed with the same rule), each item's average cost, its stock row moved with its
 * ledger row, and the charge on the supplier's payable account (balance, entry, open item) that the
 * bill names. One statement per table, as a hand-written import would do it.
 */
async function rawReceipt(database: Database, dataset: Dataset, items: Dataset['items']) {
  const { tenantId, locationId, supplierId, managerId } = dataset;
  const lines = items.map((item) => {
    const subtotal = Math.round((LINE_QUANTITY_MILLI * item.costMinor) / 1000);
    return { ...item, subtotal, vat: addTax(subtotal, DEFAULT_TAX_RATES_BP[item.taxClass]).taxMinor };
  });
  const costs = costReceiptLines(lines.map((line) => ({ invoicedMinor: line.subtotal, stockQuantityMilli: LINE_QUANTITY_MILLI })), LANDED_COST_MINOR, 'value');
  const subtotal = lines.reduce((sum, line) => sum + line.subtotal, 0);
  const vat = lines.reduce((sum, line) => sum + line.vat, 0);
  const total = subtotal + vat + LANDED_COST_MINOR;
  const receiptId = randomUUID();
  const quantity = LINE_QUANTITY_MILLI / 1000;
  const values = sql.join(
    lines.map((line, index) => sql`(${index + 1}::int, ${line.variantId}::uuid, ${line.costMinor}::int, ${line.taxClass}::text, ${line.subtotal}::bigint, ${line.vat}::bigint, ${costs[index]!.landedShareMinor}::bigint, ${costs[index]!.unitCostMinor}::int)`),
    sql`, `,
  );
  const input = sql`(values ${values}) as i(position, variant_id, unit_cost, tax_class, subtotal, vat, landed, stock_cost)`;
  await database.withTenant(tenantId, async (tx) => {
    const counter = async (kind: string) =>
      (await queryRows<{ n: number }>(tx, sql`insert into document_counters (tenant_id, kind, last_number) values (${tenantId}, ${kind}, 1)
                                              on conflict (tenant_id, kind) do update set last_number = document_counters.last_number + 1 returning last_number::int as n`))[0]!.n;
    const grn = await counter('bench_goods_receipt');
    await tx.execute(sql`insert into goods_receipts (tenant_id, id, number, supplier_id, location_id, supplier_invoice_number, landed_cost_minor, landed_cost_basis,
                                                     vat_claimable, subtotal_minor, vat_minor, total_minor, received_by)
                         values (${tenantId}, ${receiptId}, ${`RAW-${grn}`}, ${supplierId}, ${locationId}, ${`RAW-INV-${receiptId.slice(0, 8)}`}, ${LANDED_COST_MINOR}, 'value',
                                 true, ${subtotal}, ${vat}, ${total}, ${managerId})`);
    await tx.execute(sql`insert into goods_receipt_lines (tenant_id, receipt_id, position, variant_id, pack_size, quantity, stock_quantity, unit_cost_minor, tax_class,
                                                          line_subtotal_minor, vat_minor, landed_share_minor, stock_unit_cost_minor)
                         select ${tenantId}, ${receiptId}, i.position, i.variant_id, 1, ${quantity}, ${quantity}, i.unit_cost, i.tax_class, i.subtotal, i.vat, i.landed, i.stock_cost
                         from ${input}`);
    // The weighted average over all locations, the variant rows locked in id order first.
    await tx.execute(sql`with locked as (select id from product_variants where id in (select variant_id from ${input}) order by id for no key update),
                              held as (select s.variant_id, sum(s.on_hand) as on_hand from stock_levels s where s.variant_id in (select id from locked) group by 1)
                         update product_variants v
                         set average_cost_minor = case when coalesce(held.on_hand, 0) <= 0 then i.stock_cost
                                                       else round((held.on_hand * v.average_cost_minor + ${quantity} * i.stock_cost) / (held.on_hand + ${quantity}))::int end
                         from ${input} left join held on held.variant_id = i.variant_id
                         where v.id = i.variant_id`);
    await tx.execute(sql`with locked as (select variant_id from stock_levels where location_id = ${locationId} and variant_id in (select variant_id from ${input}) order by variant_id for update),
                              level as (
                                update stock_levels s set on_hand = s.on_hand + ${quantity}, is_low = (p.reorder_level is not null and s.on_hand + ${quantity} <= p.reorder_level), updated_at = now()
                                from ${input}, product_variants v, products p
                                where s.location_id = ${locationId} and s.variant_id = i.variant_id and v.id = i.variant_id and p.id = v.product_id and (select count(*) from locked) >= 0
                                returning s.variant_id, s.on_hand, i.stock_cost)
                         insert into stock_movements (tenant_id, variant_id, location_id, kind, quantity, unit_cost_minor, balance_after, source_type, source_id, user_id, created_at)
                         select ${tenantId}, variant_id, ${locationId}, 'purchase_receipt', ${quantity}, stock_cost, on_hand, 'goods_receipt', ${receiptId}, ${managerId}, clock_timestamp() from level`);
    const [entry] = await queryRows<{ id: string }>(
      tx,
      sql`with account as (
            update contact_accounts set balance_minor = balance_minor + ${total}::bigint, updated_at = now()
            where contact_id = ${supplierId} and side = 'payable' returning balance_minor
          ), entry as (
            insert into account_entries (tenant_id, contact_id, side, kind, amount_minor, due_date, source_type, source_id, user_id)
            select ${tenantId}, ${supplierId}, 'payable', 'charge', ${total}::bigint, current_date + 14, 'goods_receipt', ${receiptId}::uuid, ${managerId}::uuid from account
            returning id, due_date, occurred_at
          ), item as (
            insert into account_open_items (tenant_id, entry_id, contact_id, side, direction, amount_minor, open_minor, due_date, occurred_at)
            select ${tenantId}, entry.id, ${supplierId}, 'payable', 'debit', ${total}::bigint, ${total}::bigint, entry.due_date, entry.occurred_at from entry
          )
          select id from entry`,
    );
    if (!entry) throw new BenchError('the raw receipt found no payable account for the supplier');
    const bill = await counter('bench_supplier_bill');
    await tx.execute(sql`insert into supplier_bills (tenant_id, number, supplier_id, kind, receipt_id, entry_id, bill_date, due_date, amount_minor, vat_minor, created_by)
                         values (${tenantId}, ${`RAW-BILL-${bill}`}, ${supplierId}, 'goods', ${receiptId}, ${entry.id}, current_date, current_date + 14, ${total}, ${vat}, ${managerId})`);
  });
}

async function timeReceipts(run: (round: number) => Promise<void>, firstRound: number): Promise<LatencySummary> {
  const samples: number[] = [];
  for (let round = 0; round < WARM_UP + settings.receipts; round += 1) {
    const started = performance.now();
    await run(firstRound + round);
    if (round >= WARM_UP) samples.push(performance.now() - started);
  }
  return summarize(samples);
}

async function apiReceipts(http: HttpClient, dataset: Dataset): Promise<LatencySummary> {
  return timeReceipts(async (round) => {
    const response = await http.postJson('/api/goods-receipts', receiptBody(dataset, deliveryItems(dataset, 0, round), round), DEMO_HOST, { 'idempotency-key': randomUUID() });
    if (response.status !== 201 && response.status !== 200) throw new BenchError(`POST /api/goods-receipts answered ${response.status}: ${response.body.slice(0, 400)}`);
  }, 0);
}

// ---------------------------------------------------------------- (2) the reorder suggestion

interface ReorderRow {
  variant_id: string;
  supplier_id: string | null;
  on_hand: string;
  reorder_level: string;
  on_order: string;
  sold: string;
  pack_size: string;
  unit_cost_minor: number;
}

/**
 * What the suggestion needs, in one query: the location's low items (their stock row flagged at or
 * below the product's reorder level; on order only adds, so no other item can qualify), what is on
 * order for them, what they sold over 30 days less returns, and the pack and cost of their last
 * receipt (else a piece at the cost price); then the rule per row and one group per supplier.
 */
async function rawReorder(database: Database, dataset: Dataset) {
  const rows = await database.withTenant(dataset.tenantId, (tx) =>
    queryRows<ReorderRow>(
      tx,
      sql`with low as materialized (
            select s.variant_id, s.on_hand, p.reorder_level, p.preferred_supplier_id, v.cost_price_minor
            from stock_levels s join product_variants v on v.id = s.variant_id join products p on p.id = v.product_id
            where s.location_id = ${dataset.locationId} and s.is_low and p.reorder_level is not null
          ), on_order as (
            select l.variant_id, sum(greatest(0, l.quantity * l.pack_size - l.received_quantity)) as quantity
            from purchase_order_lines l join purchase_orders o on o.id = l.order_id
            where o.status in ('ordered', 'partly_received') and o.location_id = ${dataset.locationId} and l.variant_id in (select variant_id from low)
            group by 1
          ), sold as (
            select l.variant_id, sum(l.stock_quantity * (l.quantity - l.returned_quantity) / l.quantity) as quantity
            from sale_lines l join sales s on s.id = l.sale_id
            where s.location_id = ${dataset.locationId} and s.status <> 'voided' and s.created_at >= now() - interval '30 days'
              and l.variant_id in (select variant_id from low)
            group by 1
          )
          select low.variant_id, low.preferred_supplier_id as supplier_id, low.on_hand::text, low.reorder_level::text,
                 coalesce(on_order.quantity, 0)::text as on_order, coalesce(sold.quantity, 0)::text as sold,
                 coalesce(last.pack_size, 1)::text as pack_size, coalesce(last.unit_cost_minor, low.cost_price_minor) as unit_cost_minor
          from low
          left join on_order on on_order.variant_id = low.variant_id
          left join sold on sold.variant_id = low.variant_id
          left join lateral (
            select r.pack_size, r.unit_cost_minor from goods_receipt_lines r where r.variant_id = low.variant_id order by r.id desc limit 1
          ) last on true`,
    ),
  );
  const milli = (text: string) => Math.round(Number(text) * 1000);
  const groups = new Map<string | null, { variantId: string; packs: number }[]>();
  for (const row of rows) {
    const suggestion = suggestReorder(
      { onHandMilli: milli(row.on_hand), onOrderMilli: milli(row.on_order), reorderLevelMilli: milli(row.reorder_level), soldMilli: milli(row.sold), packSizeMilli: milli(row.pack_size) },
      COVER_DAYS,
    );
    if (!suggestion) continue;
    groups.set(row.supplier_id, [...(groups.get(row.supplier_id) ?? []), { variantId: row.variant_id, packs: suggestion.packs }]);
  }
  return [...groups.values()].reduce((sum, items) => sum + items.length, 0);
}

async function timeReorders(run: () => Promise<number>): Promise<{ latency: LatencySummary; items: number }> {
  const samples: number[] = [];
  let items = 0;
  for (let round = 0; round < WARM_UP + settings.reorders; round += 1) {
    const started = performance.now();
    items = await run();
    if (round >= WARM_UP) samples.push(performance.now() - started);
  }
  return { latency: summarize(samples), items };
}

async function apiReorder(http: HttpClient, dataset: Dataset): Promise<number> {
  const response = await http.getJson<{ groups: { items: unknown[] }[] }>(`/api/purchase-orders/reorder-suggestions?locationId=${dataset.locationId}&coverDays=${COVER_DAYS}`, DEMO_HOST);
  return response.groups.reduce((sum, group) => sum + group.items.length, 0);
}

// ---------------------------------------------------------------- one database

interface Figures {
  database: string;
  dataset: Dataset;
  receipt: { api: LatencySummary; raw: LatencySummary };
  reorder: { api: { latency: LatencySummary; items: number }; raw: { latency: LatencySummary; items: number } };
}

async function runOnDatabase(label: string, target: CatalogTarget): Promise<Figures> {
  const dataset = await buildDataset(label, target);
  // PGlite is one process's database: the raw paths run first and close it before the server opens it.
  console.log(`  ${label}: raw SQL: ${settings.receipts} deliveries of ${LINES} lines, ${settings.reorders} reorder suggestions…`);
  const database = await openTarget(target);
  let raw: { receipt: LatencySummary; reorder: { latency: LatencySummary; items: number } };
  try {
    raw = {
      receipt: await timeReceipts((round) => rawReceipt(database, dataset, deliveryItems(dataset, 1, round)), 0),
      reorder: await timeReorders(() => rawReorder(database, dataset)),
    };
  } finally {
    await database.close();
  }
  console.log(`  ${label}: the API, the same…`);
  const server = await startBenchServer({
    label: `bench server (purchases, ${label})`,
    tenants: 0,
    misses: 0,
    env: { TRUST_PROXY: 'true', DEMO_SALES_DAYS: '0' },
    ...('url' in target ? { databaseUrl: target.url } : { dataDir: target.dataDir }),
  });
  try {
    const cookie = await signInCookie(server.port, { host: DEMO_HOST, email: 'manager@demo.test', clientAddress: '198.18.0.16' });
    const http = createHttpClient(server.port, { cookie });
    try {
      const receipt = await apiReceipts(http, dataset);
      const reorder = await timeReorders(() => apiReorder(http, dataset));
      return { database: label, dataset, receipt: { api: receipt, raw: raw.receipt }, reorder: { api: reorder, raw: raw.reorder } };
    } finally {
      http.close();
    }
  } finally {
    await server.stop();
  }
}

// ---------------------------------------------------------------- report

function report(run: Figures, prefix: string, goalsApply: boolean): SummaryLine[] {
  const { receipt, reorder, dataset } = run;
  const row = (path: string, latency: LatencySummary) => [path, String(latency.count), formatMs(latency.p50), formatMs(latency.p95), formatMs(latency.max)];
  printTable({
    title: `Figure ${prefix}.1 — receiving a ${LINES}-line delivery on account, landed costs by value (${run.database})`,
    columns: ['path', 'samples', 'p50', 'p95', 'max'],
    rows: [
      row('API: POST /api/goods-receipts (validation, costing, ledger, bill)', receipt.api),
      row('raw: counters, receipt + 200 lines, average costs, stock + movements, payable charge, bill', receipt.raw),
    ],
    notes: [
      `API ÷ raw at p95: ${formatRatio(receipt.api.p95 / receipt.raw.p95)}. Goal: API p95 < ${GOALS.receiptP95Ms} ms${goalsApply ? '' : ' (PostgreSQL; PGlite shown for information)'}.`,
      `One client, one delivery after the other (${WARM_UP} untimed first); each delivery brings 24 of 200 items not received before, at their cost price, VAT claimable; raw first, then the API on the same database.`,
    ],
  });
  printTable({
    title: `Figure ${prefix}.2 — reorder suggestions at the main shop, ${settings.products.toLocaleString('en-US')} products, ${SALES_DAYS} days of sales (${run.database})`,
    columns: ['path', 'samples', 'p50', 'p95', 'max'],
    rows: [
      row(`API: GET /api/purchase-orders/reorder-suggestions (${reorder.api.items.toLocaleString('en-US')} items suggested)`, reorder.api.latency),
      row(`raw: one query (low items, on order, 30 days' sales, last cost) + the rule (${reorder.raw.items.toLocaleString('en-US')} items)`, reorder.raw.latency),
    ],
    notes: [
      `API ÷ raw at p95: ${formatRatio(reorder.api.latency.p95 / reorder.raw.latency.p95)}. Goal: API p95 < ${formatSeconds(GOALS.reorderP95Ms)}${goalsApply ? '' : ' (PostgreSQL; PGlite shown for information)'}.`,
      `${dataset.lowItems.toLocaleString('en-US')} items low at the main shop, ${dataset.saleLines.toLocaleString('en-US')} sale lines (${settings.salesPerDay} sales a day × 3 lines × ${SALES_DAYS} days), cover ${COVER_DAYS} days.`,
      `Catalog generated in ${formatSeconds(dataset.catalogMs)}; suppliers and the sales history in ${formatSeconds(dataset.historyMs)}.`,
    ],
  });
  const tag = `[${run.database}]`;
  return [
    {
      figure: `${tag} receive a ${LINES}-line delivery p95 (API)`,
      value: formatMs(receipt.api.p95),
      baseline: `raw p95 ${formatMs(receipt.raw.p95)} (API ÷ raw ${formatRatio(receipt.api.p95 / receipt.raw.p95)})`,
      goal: `< ${GOALS.receiptP95Ms} ms`,
      status: goalsApply ? goalStatus(receipt.api.p95 < GOALS.receiptP95Ms) : 'INFO',
    },
    {
      figure: `${tag} reorder suggestions p95 (API)`,
      value: formatMs(reorder.api.latency.p95),
      baseline: `raw p95 ${formatMs(reorder.raw.latency.p95)} (API ÷ raw ${formatRatio(reorder.api.latency.p95 / reorder.raw.latency.p95)})`,
      goal: `< ${formatSeconds(GOALS.reorderP95Ms)}`,
      status: goalsApply ? goalStatus(reorder.api.latency.p95 < GOALS.reorderP95Ms) : 'INFO',
    },
  ];
}

const purchasesSuite: BenchSuite = {
  name: 'purchases',
  description: 'receiving a 200-line delivery (API vs the same writes as raw SQL); reorder suggestions over 100,000 products with 90 days of sales (API vs one query)',
  async run() {
    settings = readSettings();
    const summary: SummaryLine[] = [];
    const dataDir = createTempDataDir('purchases');
    try {
      summary.push(...report(await runOnDatabase('PGlite', { dataDir }), 'PU1', false));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    const adminUrl = process.env.DATABASE_URL;
    if (!adminUrl) {
      console.log('\n■ Figure PU2 — PostgreSQL: SKIPPED, DATABASE_URL is not set (DATABASE_URL=postgres://… npm run bench -- purchases).');
      summary.push({ figure: '[PostgreSQL] purchases', value: 'skipped', baseline: 'set DATABASE_URL to run', status: 'SKIPPED' });
      return summary;
    }
    const scratch = await createScratchDatabase(adminUrl);
    try {
      summary.push(...report(await runOnDatabase(`PostgreSQL ${scratch.serverVersion}`, { url: scratch.url }), 'PU2', true));
    } finally {
      await scratch.drop();
    }
    return summary;
  },
};

export default purchasesSuite;
