// Sales suite (issue 15): the checkout of a 5-line sale paid cash + M-Pesa by 8 concurrent
// clients through the API (POST /api/sales: validation, the shift lock, pricing, the M-Pesa code
// claim, stock through the ledger, the shop-wide receipt counter, the sale's rows) next to the same
// writes issued as one raw SQL transaction, in the same run. Figures S1 on PGlite, S2 on PostgreSQL
// when DATABASE_URL is set (a scratch database, dropped afterwards).
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { saleQuoteInputSchema, type SaleQuote } from '../../../core/sales/sales.schemas';
import { loadConfig } from '../../../server/config';
import { openDatabase, queryRows, type Database } from '../../../server/db/client';
import { DEMO_SECOND_TILL, seedDatabase } from '../../../server/db/seed';
import { wireDependencies } from '../../../server/dependencies';
import { recordMovements } from '../../../server/inventory/stock-ledger';
import { createLogger } from '../../../server/logger';
import { openShift } from '../../../server/registers/shifts.service';
import { quoteSale } from '../../../server/sales/checkout.service';
import { DEMO_HOST, DEMO_SUBDOMAIN } from '../support/bench-tenants';
import { BENCH_AUTH_SECRET, baseChildEnv, createTempDataDir } from '../support/child-server';
import { envNumber } from '../support/env';
import { formatMs, formatRatio } from '../support/format';
import { createScratchDatabase } from '../support/postgres';
import { startBenchServer } from '../support/servers';
import { signInCookie } from '../support/sign-in';
import { summarize, type LatencySummary } from '../support/stats';
import { BenchError, goalStatus, type BenchSuite, type SummaryLine } from '../support/suite';
import { printTable } from '../support/table';

const GOALS = { shareOfRaw: 0.5, p99Ms: 50 };

const readSettings = () => ({
  clients: envNumber('BENCH_CONNECTIONS', 8),
  seconds: envNumber('BENCH_SALES_SECONDS', 6),
  warmUpMs: 1500,
});
let settings: ReturnType<typeof readSettings>;

const LINES = 5;
/** Stock units put on each of the five items first, so no sale of the run is refused for stock. */
const TOP_UP_MILLI = 10_000_000 * 1000;
const CASH_SHARE = 0.4;

type Target = { dataDir: string } | { url: string };

interface Dataset {
  tenantId: string;
  cashierId: string;
  registerId: string;
  shiftId: string;
  locationId: string;
  quote: SaleQuote;
}

// ---------------------------------------------------------------- dataset

/** The demo shop, "Till 2" with a cashier's shift open, five stocked items and the server's quote for one of each. */
async function buildDataset(target: Target): Promise<Dataset> {
  const config = loadConfig({
    ...baseChildEnv(),
    LOG_LEVEL: 'error',
    AUTH_SECRET: BENCH_AUTH_SECRET,
    SEED_DEMO: 'true',
    DEMO_SALES_DAYS: '0',
    ...('url' in target ? { DATABASE_URL: target.url } : { DATA_DIR: target.dataDir }),
  });
  const database = await openDatabase('url' in target ? { driver: 'postgres', url: target.url } : { driver: 'pglite', dataDir: target.dataDir });
  try {
    await database.migrate();
    await seedDatabase(wireDependencies(config, database, createLogger(config.logLevel)));
    const [demo] = await queryRows<{ id: string }>(database.platform, sql`select id from tenants where subdomain = ${DEMO_SUBDOMAIN}`);
    const [cashier] = await queryRows<{ id: string }>(database.platform, sql`select id from users where email = 'cashier@demo.test'`);
    if (!demo || !cashier) throw new BenchError('the demo shop was not seeded');
    const tenantId = demo.id;
    const { registerId, locationId, variantIds } = await database.withTenant(tenantId, async (tx) => {
      const [register] = await queryRows<{ id: string; location_id: string }>(tx, sql`select id, location_id from registers where name = ${DEMO_SECOND_TILL.name} and receipt_prefix = ${DEMO_SECOND_TILL.receiptPrefix}`);
      if (!register) throw new BenchError(`the demo shop has no ${DEMO_SECOND_TILL.name}`);
      // Five tracked single-variant products sold by the piece, one per category where possible: an ordinary basket.
      const items = await queryRows<{ id: string }>(
        tx,
        sql`select distinct on (p.category_id) v.id from product_variants v join products p on p.id = v.product_id
            where p.track_stock and (select count(*) from product_variants w where w.product_id = p.id) = 1
            order by p.category_id, v.sku limit ${LINES}`,
      );
      if (items.length < LINES) throw new BenchError(`the demo catalog has fewer than ${LINES} stocked products`);
      await recordMovements(
        tx,
        { tenantId, userId: cashier.id, allowNegative: false },
        items.map((item) => ({ variantId: item.id, locationId: register.location_id, kind: 'adjustment' as const, quantityMilli: TOP_UP_MILLI, reason: 'found', sourceType: 'bench', sourceId: randomUUID() })),
      );
      return { registerId: register.id, locationId: register.location_id, variantIds: items.map((item) => item.id) };
    });
    const shift = await openShift(database, { tenantId, userId: cashier.id, requestKey: null, role: 'cashier' }, { registerId, openingFloatMinor: 500_000, denominations: null });
    const quote = await quoteSale(database, tenantId, saleQuoteInputSchema.parse({ registerId, lines: variantIds.map((variantId) => ({ variantId, quantityMilli: 1000 })) }));
    await refreshStatistics(database);
    return { tenantId, cashierId: cashier.id, registerId, shiftId: shift.id, locationId, quote };
  } finally {
    await database.close();
  }
}

async function refreshStatistics(database: Database) {
  if (database.driver === 'pglite') await database.platform.execute(sql`vacuum analyze`);
  else await database.platform.execute(sql`analyze`);
}

// ---------------------------------------------------------------- the sale

let mpesaSequence = 0;
/** A fresh, valid M-Pesa code per sale (10 capitals and digits), unique across the run's clients. */
const nextMpesaCode = (prefix: string) => `${prefix}${(mpesaSequence++).toString(36).toUpperCase().padStart(9, '0')}`.slice(0, 10);

function checkoutBody(dataset: Dataset, runTag: string) {
  const total = dataset.quote.totalMinor;
  const cash = Math.round(total * CASH_SHARE);
  return {
    id: randomUUID(),
    registerId: dataset.registerId,
    shiftId: dataset.shiftId,
    customerId: null,
    lines: dataset.quote.lines.map((line) => ({ variantId: line.variantId, quantityMilli: line.quantityMilli })),
    payments: [
      // Handed a round note: the cash part gives change.
      { tender: 'cash', amountMinor: cash, tenderedMinor: Math.ceil(cash / 100_000) * 100_000 },
      { tender: 'mpesa', amountMinor: total - cash, reference: nextMpesaCode(runTag) },
    ],
    approvalIds: [],
    expectedTotalMinor: total,
    ringUpAt: new Date().toISOString(),
    fromOutbox: false,
  };
}

/**
 * The writes of that checkout, bare, in one transaction: the shift row shared, the M-Pesa code
 * claimed, each line's stock row moved with its ledger row, the receipt counter (last, as the
 * service does), the sale, its five lines and two payments.
 */
async function rawCheckout(database: Database, dataset: Dataset, runTag: string) {
  const { tenantId, quote } = dataset;
  const body = checkoutBody(dataset, runTag);
  const mpesa = body.payments[1]!;
  await database.withTenant(tenantId, async (tx) => {
    await tx.execute(sql`select id from shifts where id = ${dataset.shiftId} and register_id = ${dataset.registerId} and status = 'open' for share`);
    await tx.execute(sql`insert into mpesa_codes (tenant_id, code, source_type, source_id) values (${tenantId}, ${'reference' in mpesa ? mpesa.reference : ''}, 'sale', ${body.id})`);
    for (const line of quote.lines) {
      await tx.execute(sql`with level as (
                             update stock_levels set on_hand = on_hand - ${line.stockQuantityMilli / 1000}::numeric, updated_at = now()
                             where tenant_id = ${tenantId} and variant_id = ${line.variantId} and location_id = ${dataset.locationId} and on_hand >= ${line.stockQuantityMilli / 1000}::numeric
                             returning on_hand)
                           insert into stock_movements (tenant_id, variant_id, location_id, kind, quantity, balance_after, source_type, source_id, user_id, created_at)
                           select ${tenantId}, ${line.variantId}, ${dataset.locationId}, 'sale', ${-line.stockQuantityMilli / 1000}::numeric, level.on_hand, 'sale', ${body.id}, ${dataset.cashierId}, clock_timestamp()
                           from level`);
    }
    const [counter] = await queryRows<{ n: number }>(
      tx,
      sql`insert into document_counters (tenant_id, kind, last_number) values (${tenantId}, 'sale_receipt', 1)
          on conflict (tenant_id, kind) do update set last_number = document_counters.last_number + 1 returning last_number::int as n`,
    );
    await tx.execute(sql`insert into sales (tenant_id, id, request_hash, receipt_number, receipt_code, register_id, shift_id, location_id, cashier_id,
                                            subtotal_minor, total_minor, tax_minor, tax_bands, paid_minor, change_minor, ring_up_at)
                         values (${tenantId}, ${body.id}, 'raw', ${counter!.n}, ${`RAW-${counter!.n}`}, ${dataset.registerId}, ${dataset.shiftId}, ${dataset.locationId},
                                 ${dataset.cashierId}, ${quote.subtotalMinor}, ${quote.totalMinor}, ${quote.taxMinor}, ${JSON.stringify(quote.taxBands)}::jsonb,
                                 ${quote.totalMinor}, 0, now())`);
    await tx.execute(sql`insert into sale_lines (tenant_id, sale_id, line_no, variant_id, product_name, variant_name, sku, quantity, stock_quantity,
                                                 list_price_minor, unit_price_minor, total_minor, tax_class, tax_rate_bp, tax_minor)
                         values ${sql.join(
                           quote.lines.map(
                             (line, index) =>
                               sql`(${tenantId}, ${body.id}, ${index + 1}, ${line.variantId}, ${line.productName}, ${line.variantName}, ${line.sku},
                                    ${line.quantityMilli / 1000}::numeric, ${line.stockQuantityMilli / 1000}::numeric, ${line.listPriceMinor}, ${line.unitPriceMinor},
                                    ${line.totalMinor}, ${line.taxClass}, ${line.taxRateBp}, ${line.taxMinor})`,
                           ),
                           sql`, `,
                         )}`);
    const cash = body.payments[0]!;
    await tx.execute(sql`insert into sale_payments (tenant_id, sale_id, seq, tender, amount_minor, tendered_minor, reference)
                         values (${tenantId}, ${body.id}, 1, 'cash', ${cash.amountMinor}, ${'tenderedMinor' in cash ? cash.tenderedMinor : null}, null),
                                (${tenantId}, ${body.id}, 2, 'mpesa', ${mpesa.amountMinor}, null, ${'reference' in mpesa ? mpesa.reference : null})`);
  });
}

// ---------------------------------------------------------------- clients

interface Run {
  operations: number;
  seconds: number;
  latencies: number[];
}

/** `clients` loops, each doing one operation after the other until the deadline. */
async function runClients(operations: (() => Promise<unknown>)[], ms: number): Promise<Run> {
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + ms;
  await Promise.all(
    operations.map(async (operation) => {
      while (performance.now() < deadline) {
        const begun = performance.now();
        await operation();
        latencies.push(performance.now() - begun);
      }
    }),
  );
  return { operations: latencies.length, seconds: (performance.now() - started) / 1000, latencies };
}

/** One client: its own keep-alive connection posting checkouts; anything but 201 stops the bench. */
function apiClient(port: number, cookie: string, dataset: Dataset, runTag: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const post = () =>
    new Promise<void>((resolve, reject) => {
      const payload = JSON.stringify(checkoutBody(dataset, runTag));
      const req = request(
        {
          hostname: '127.0.0.1',
          port,
          path: '/api/sales',
          method: 'POST',
          agent,
          headers: { host: DEMO_HOST, cookie, origin: `http://${DEMO_HOST}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            if (res.statusCode === 201) resolve();
            else reject(new BenchError(`POST /api/sales answered ${res.statusCode}: ${Buffer.concat(chunks).toString('utf8').slice(0, 300)}`));
          });
          res.on('error', reject);
        },
      );
      req.setTimeout(30_000, () => req.destroy(new BenchError('POST /api/sales timed out')));
      req.on('error', reject);
      req.end(payload);
    });
  return { post, close: () => agent.destroy() };
}

// ---------------------------------------------------------------- a run on one database

interface Figures {
  database: string;
  api: { perSecond: number; latency: LatencySummary; sales: number };
  raw: { perSecond: number; latency: LatencySummary; sales: number };
}

const toFigure = (run: Run) => ({ perSecond: run.operations / run.seconds, latency: summarize(run.latencies), sales: run.operations });

async function runOnDatabase(label: string, target: Target): Promise<Figures> {
  console.log(`\n  ${label}: seeding the demo shop…`);
  const dataset = await buildDataset(target);

  console.log(`  ${label}: raw SQL checkouts, ${settings.clients} clients…`);
  const database = await openDatabase('url' in target ? { driver: 'postgres', url: target.url } : { driver: 'pglite', dataDir: target.dataDir });
  let raw: Run;
  try {
    const operations = (tag: string) => Array.from({ length: settings.clients }, () => () => rawCheckout(database, dataset, tag));
    await runClients(operations('W'), settings.warmUpMs);
    raw = await runClients(operations('R'), settings.seconds * 1000);
  } finally {
    await database.close();
  }

  console.log(`  ${label}: API checkouts, ${settings.clients} clients…`);
  const server = await startBenchServer({
    label: `bench server (sales, ${label})`,
    tenants: 0,
    misses: 0,
    env: { TRUST_PROXY: 'true', DEMO_SALES_DAYS: '0' },
    ...('url' in target ? { databaseUrl: target.url } : { dataDir: target.dataDir }),
  });
  let api: Run;
  try {
    const cookie = await signInCookie(server.port, { host: DEMO_HOST, email: 'cashier@demo.test', clientAddress: '198.18.0.15' });
    const clients = (tag: string) => Array.from({ length: settings.clients }, () => apiClient(server.port, cookie, dataset, tag));
    const warm = clients('X');
    await runClients(
      warm.map((client) => client.post),
      settings.warmUpMs,
    );
    warm.forEach((client) => client.close());
    const timed = clients('A');
    api = await runClients(
      timed.map((client) => client.post),
      settings.seconds * 1000,
    );
    timed.forEach((client) => client.close());
  } finally {
    await server.stop();
  }
  return { database: label, api: toFigure(api), raw: toFigure(raw) };
}

// ---------------------------------------------------------------- report

function report(run: Figures, prefix: string, goalsApply: boolean): SummaryLine[] {
  const { api, raw } = run;
  const share = api.perSecond / raw.perSecond;
  printTable({
    title: `Figure ${prefix} — checkout of a 5-line sale, cash + M-Pesa, ${settings.clients} concurrent clients (${run.database})`,
    columns: ['path', 'sales/s', 'sales', 'p50', 'p95', 'p99'],
    rows: [
      ['API: POST /api/sales (completeSaleInTx in a withTenant transaction)', api.perSecond.toFixed(0), String(api.sales), formatMs(api.latency.p50), formatMs(api.latency.p95), formatMs(api.latency.p99)],
      ['raw: shift FOR SHARE, M-Pesa code, 5 × stock + movement, counter, sale, lines, payments', raw.perSecond.toFixed(0), String(raw.sales), formatMs(raw.latency.p50), formatMs(raw.latency.p95), formatMs(raw.latency.p99)],
    ],
    notes: [
      `API ÷ raw throughput: ${formatRatio(share)} (goal ≥ ${GOALS.shareOfRaw}×); API p99 goal < ${GOALS.p99Ms} ms${goalsApply ? '' : ' (PostgreSQL only: PGlite runs one statement at a time)'}.`,
      `${settings.seconds} s each after ${settings.warmUpMs / 1000} s untimed; raw first, then the API on the same database (PGlite allows one process). Each client: one keep-alive connection, the next sale when the last is answered.`,
    ],
  });
  const tag = `[${run.database}]`;
  return [
    {
      figure: `${tag} checkout API ÷ raw (${settings.clients} clients)`,
      value: `${Math.round(api.perSecond)}/s (${formatRatio(share)})`,
      baseline: `raw ${Math.round(raw.perSecond)}/s`,
      goal: `≥ ${GOALS.shareOfRaw}×`,
      status: goalsApply ? goalStatus(share >= GOALS.shareOfRaw) : 'INFO',
    },
    {
      figure: `${tag} checkout p99 (API)`,
      value: formatMs(api.latency.p99),
      baseline: `p50 ${formatMs(api.latency.p50)}, p95 ${formatMs(api.latency.p95)}; raw p99 ${formatMs(raw.latency.p99)}`,
      goal: `< ${GOALS.p99Ms} ms`,
      status: goalsApply ? goalStatus(api.latency.p99 < GOALS.p99Ms) : 'INFO',
    },
  ];
}

const salesSuite: BenchSuite = {
  name: 'sales',
  description: 'checkout of a 5-line cash + M-Pesa sale by 8 clients through the API beside the same writes as raw SQL',
  async run() {
    settings = readSettings();
    const summary: SummaryLine[] = [];
    const dataDir = createTempDataDir('sales');
    try {
      summary.push(...report(await runOnDatabase('PGlite', { dataDir }), 'S1', false));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    const adminUrl = process.env.DATABASE_URL;
    if (!adminUrl) {
      console.log('\n■ Figure S2 — PostgreSQL: SKIPPED, DATABASE_URL is not set (DATABASE_URL=postgres://… npm run bench -- sales).');
      summary.push({ figure: '[PostgreSQL] sales', value: 'skipped', baseline: 'set DATABASE_URL to run', status: 'SKIPPED' });
      return summary;
    }
    const scratch = await createScratchDatabase(adminUrl);
    try {
      summary.push(...report(await runOnDatabase(`PostgreSQL ${scratch.serverVersion}`, { url: scratch.url }), 'S2', true));
    } finally {
      await scratch.drop();
    }
    return summary;
  },
};

export default salesSuite;
